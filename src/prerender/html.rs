//! Small edits of HTML as text, for pages Trunk has already written: a tag's attribute changed, the
//! text between two markers replaced, tags and entities turned into plain text and back. The pages
//! are Trunk's own output, so these read its two forms (minified and not) and no other HTML.

/// `html` without `<!--…-->` comments.
pub fn without_markers(html: &str) -> String {
    let mut markup = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<!--") {
        markup.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("-->")
            .map_or("", |(_, after)| after);
    }
    markup.push_str(rest);
    markup
}

/// Text with the entities a renderer writes turned back into characters.
pub fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// `html` as plain text (its tags dropped; entities stay, for an attribute).
pub fn strip_tags(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// `text` safe inside an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `html` with the text between the first `open` and the next `close` replaced by `with`.
pub fn replace_between(html: &str, open: &str, close: &str, with: &str) -> String {
    let Some(start) = html.find(open).map(|at| at + open.len()) else {
        return html.to_owned();
    };
    let Some(end) = html[start..].find(close).map(|at| at + start) else {
        return html.to_owned();
    };
    format!("{}{with}{}", &html[..start], &html[end..])
}

/// `html` with the content of `<meta … name=NAME>` changed by `change` (Trunk's minified form,
/// `<meta content=… name=NAME>` or `<meta content="…" name=NAME>`, and the unminified one).
pub fn replace_meta(html: &str, name: &str, change: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<meta ") {
        let end = rest[start..]
            .find('>')
            .map_or(rest.len(), |at| at + start + 1);
        let tag = &rest[start..end];
        out.push_str(&rest[..start]);
        let names_it = tag.contains(&format!("name={name}>"))
            || tag.contains(&format!("name={name} "))
            || tag.contains(&format!("name=\"{name}\""));
        if names_it {
            out.push_str(&with_content(tag, &change));
        } else {
            out.push_str(tag);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A `<meta>` tag with its `content` changed by `change`, written quoted (and written first when the
/// tag has none: a minifier drops an empty one).
fn with_content(tag: &str, change: &impl Fn(&str) -> String) -> String {
    let Some(at) = tag.find("content=") else {
        let rest = tag.strip_prefix("<meta ").unwrap_or(tag);
        return format!("<meta content=\"{}\" {rest}", escape(&change("")));
    };
    let value_start = at + "content=".len();
    let (value, value_end) = if tag[value_start..].starts_with('"') {
        let end = tag[value_start + 1..]
            .find('"')
            .map_or(tag.len(), |e| e + value_start + 1);
        (&tag[value_start + 1..end], end + 1)
    } else {
        let end = tag[value_start..]
            .find([' ', '>'])
            .map_or(tag.len(), |e| e + value_start);
        (&tag[value_start..end], end)
    };
    format!(
        "{}content=\"{}\"{}",
        &tag[..at],
        escape(&change(value)),
        &tag[value_end..]
    )
}

/// `text` as a JSON string.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meta_tags_content_is_replaced_quoted_or_written_when_the_minifier_dropped_it() {
        let html = "<meta content=old name=description><meta name=description><meta content=\"x\" name=other>";
        assert_eq!(
            replace_meta(html, "description", |old| format!("new <{old}>")),
            "<meta content=\"new &lt;old&gt;\" name=description><meta content=\"new &lt;&gt;\" name=description><meta content=\"x\" name=other>"
        );
    }
}

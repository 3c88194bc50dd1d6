//! What a platform reads when an author pastes a widget's address: each widget's page names an
//! oEmbed file (`embed/<widget>/oembed.json`, written at build time: a static host serves it as it
//! is) and carries a player card (Twitter's `twitter:player`) and Open Graph's properties. Every
//! address is absolute, from the site's public address (`SITE_URL`). A static file cannot read the
//! pasted address, so the oEmbed frame and the player show the widget's first state; the state an
//! author gives travels in the address itself where a platform frames that (Notion's /embed).

use super::html::{escape, json_string};
use super::preview;
use crate::routes::EmbedWidget;
use crate::strings::{Lang, Msg};

/// The width the oEmbed frame and the player card ask for: a post's column.
pub const WIDTH: u32 = 680;

/// The widget's address, title, description, picture and height, as the build writes them.
struct Card {
    address: String,
    title: &'static str,
    description: &'static str,
    picture: String,
    height: u32,
}

/// `widget`'s card on the site at `url` (`https://host/path/`).
fn card(widget: EmbedWidget, url: &str) -> Card {
    let spec = widget.spec();
    let (title, description) = spec.widget_head.unwrap_or(("", ""));
    Card {
        address: format!("{url}{}", spec.address),
        title,
        description,
        picture: format!("{url}preview/{}.png", spec.picture.unwrap_or("playground")),
        height: widget.default_height(),
    }
}

/// The head of `widget`'s page: the oEmbed file's discovery link, the player card and Open Graph.
pub fn widget_head(widget: EmbedWidget, url: &str) -> String {
    let card = card(widget, url);
    let meta = |attribute: &str, name: &str, value: &str| {
        format!(
            "<meta content=\"{}\" {attribute}=\"{name}\">",
            escape(value)
        )
    };
    let size = |value: u32| value.to_string();
    [
        format!(
            "<link href=\"{}oembed.json\" rel=alternate title=\"{}\" type=\"application/json+oembed\">",
            card.address,
            escape(card.title)
        ),
        meta("property", "og:type", "website"),
        meta("property", "og:site_name", Lang::English.text(Msg::SiteTitle)),
        meta("property", "og:title", card.title),
        meta("property", "og:description", card.description),
        meta("property", "og:url", &card.address),
        meta("property", "og:image", &card.picture),
        meta("property", "og:image:width", &size(preview::SIZE.0)),
        meta("property", "og:image:height", &size(preview::SIZE.1)),
        meta("name", "twitter:card", "player"),
        meta("name", "twitter:title", card.title),
        meta("name", "twitter:description", card.description),
        meta("name", "twitter:image", &card.picture),
        meta("name", "twitter:player", &card.address),
        meta("name", "twitter:player:width", &size(WIDTH)),
        meta("name", "twitter:player:height", &size(card.height)),
    ]
    .concat()
}

/// `widget`'s oEmbed file (type `rich`): a frame of the widget's first state at [`WIDTH`] × its
/// first height, who provides it, and its picture. Light: a frame without the widgets' script
/// cannot learn the post's colours, and the platforms that read oEmbed print their posts light (in
/// the reader's system colours a dark reader saw a black widget in a white post).
pub fn oembed(widget: EmbedWidget, url: &str) -> String {
    let card = card(widget, url);
    let frame = format!(
        "<iframe src=\"{}?theme=light\" title=\"{}\" width=\"{WIDTH}\" height=\"{}\" loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>",
        card.address,
        escape(card.title),
        card.height
    );
    let fields = [
        ("version", json_string("1.0")),
        ("type", json_string("rich")),
        ("title", json_string(card.title)),
        (
            "provider_name",
            json_string(Lang::English.text(Msg::SiteTitle)),
        ),
        ("provider_url", json_string(url)),
        ("html", json_string(&frame)),
        ("width", WIDTH.to_string()),
        ("height", card.height.to_string()),
        ("thumbnail_url", json_string(&card.picture)),
        ("thumbnail_width", preview::SIZE.0.to_string()),
        ("thumbnail_height", preview::SIZE.1.to_string()),
        ("cache_age", "86400".to_owned()),
    ];
    let body: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("  \"{key}\": {value}"))
        .collect();
    format!("{{\n{}\n}}\n", body.join(",\n"))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::prerender::texts::install_texts;

    const URL: &str = "https://example.org/bloom/";

    fn site() -> &'static str {
        install_texts(Path::new("static/locales")).expect("the text files");
        URL
    }

    #[test]
    fn every_widget_names_its_oembed_file_and_its_player_in_absolute_addresses() {
        let site = site();
        for widget in EmbedWidget::ALL {
            let head = widget_head(widget, site);
            let address = format!("https://example.org/bloom/embed/{}/", widget.path());
            for part in [
                format!("<link href=\"{address}oembed.json\" rel=alternate"),
                "type=\"application/json+oembed\">".to_owned(),
                "<meta content=\"player\" name=\"twitter:card\">".to_owned(),
                format!("<meta content=\"{address}\" name=\"twitter:player\">"),
                format!(
                    "<meta content=\"{}\" name=\"twitter:player:height\">",
                    widget.default_height()
                ),
                format!("<meta content=\"{address}\" property=\"og:url\">"),
                "<meta content=\"https://example.org/bloom/preview/".to_owned(),
            ] {
                assert!(head.contains(&part), "{part} in {head}");
            }
        }
    }

    #[test]
    fn the_oembed_file_is_rich_with_the_frame_and_its_size() {
        let json = oembed(EmbedWidget::Chart, site());
        for part in [
            "\"version\": \"1.0\"",
            "\"type\": \"rich\"",
            "\"title\": \"Bloom filter false-positive chart\"",
            "\"provider_url\": \"https://example.org/bloom/\"",
            "\"html\": \"<iframe src=\\\"https://example.org/bloom/embed/chart/?theme=light\\\" title=\\\"Bloom filter false-positive chart\\\" width=\\\"680\\\"",
            "\"width\": 680",
            "\"thumbnail_url\": \"https://example.org/bloom/preview/learn-4.png\"",
            "\"thumbnail_width\": 1200",
        ] {
            assert!(json.contains(part), "{part} in {json}");
        }
        assert!(json.contains(&format!(
            "\"height\": {}",
            EmbedWidget::Chart.default_height()
        )));
        assert_eq!(
            json_string("a \"b\" \\ \n\u{1}"),
            "\"a \\\"b\\\" \\\\ \\n\\u0001\""
        );
    }
}

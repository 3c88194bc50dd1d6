//! The little markup chapter prose uses besides `{blanks}`: `[[term|words]]` links `words` to the
//! glossary's entry for `term` (`[[fill]]` alone links the word itself). Anything that does not
//! parse as a link stays text, so a stray bracket never loses words.

/// A term the glossary explains, linked from every paragraph that uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Term {
    /// m, the number of bits.
    Bits,
    /// n, the number of items inserted.
    Items,
    /// k, the number of hash functions.
    Hashes,
    /// p, the false-positive rate.
    Rate,
    /// The fill: the share of bits set.
    Fill,
    /// A false positive: "maybe present" for an item never inserted.
    FalsePositive,
    /// A false negative: "absent" for an item that was inserted (a Bloom filter never gives one).
    FalseNegative,
    /// Double hashing: k indexes from two hashes, g_i = h1 + i·h2.
    DoubleHashing,
}

impl Term {
    /// Every term, in the glossary's order.
    pub const ALL: [Term; 8] = [
        Term::Bits,
        Term::Items,
        Term::Hashes,
        Term::Rate,
        Term::Fill,
        Term::FalsePositive,
        Term::FalseNegative,
        Term::DoubleHashing,
    ];

    /// The name prose uses in `[[name|…]]`, also the entry's anchor (`#term-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Term::Bits => "m",
            Term::Items => "n",
            Term::Hashes => "k",
            Term::Rate => "p",
            Term::Fill => "fill",
            Term::FalsePositive => "false-positive",
            Term::FalseNegative => "false-negative",
            Term::DoubleHashing => "double-hashing",
        }
    }

    /// The term named `name`.
    pub fn from_name(name: &str) -> Option<Term> {
        Term::ALL.into_iter().find(|term| term.name() == name)
    }
}

/// A piece of a paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inline<'a> {
    /// Plain text.
    Text(&'a str),
    /// Words linked to the glossary's entry for a term.
    Term {
        /// The term explained.
        term: Term,
        /// The words shown.
        words: &'a str,
    },
}

/// Splits `text` into plain text and glossary links.
pub fn inline(text: &str) -> Vec<Inline<'_>> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let Some(length) = rest[start + 2..].find("]]") else {
            break;
        };
        let inner = &rest[start + 2..start + 2 + length];
        let (name, words) = inner.split_once('|').unwrap_or((inner, inner));
        let Some(term) = Term::from_name(name.trim()) else {
            // Not a link: keep the brackets as text and look further on.
            pieces.push(Inline::Text(&rest[..start + 2]));
            rest = &rest[start + 2..];
            continue;
        };
        if start > 0 {
            pieces.push(Inline::Text(&rest[..start]));
        }
        pieces.push(Inline::Term { term, words });
        rest = &rest[start + 2 + length + 2..];
    }
    if !rest.is_empty() {
        pieces.push(Inline::Text(rest));
    }
    pieces
}

/// The text of `text` as a reader sees it (links as their words).
pub fn plain(text: &str) -> String {
    inline(text)
        .into_iter()
        .map(|piece| match piece {
            Inline::Text(text) => text,
            Inline::Term { words, .. } => words,
        })
        .collect()
}

/// The names of the terms `text` links to, and any `[[…]]` that names no term.
pub fn links(text: &str) -> (Vec<Term>, Vec<&str>) {
    let mut terms = Vec::new();
    let mut unknown = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let Some(length) = rest[start + 2..].find("]]") else {
            unknown.push(&rest[start..]);
            break;
        };
        let inner = &rest[start + 2..start + 2 + length];
        let name = inner.split_once('|').map_or(inner, |(name, _)| name);
        match Term::from_name(name.trim()) {
            Some(term) => terms.push(term),
            None => unknown.push(inner),
        }
        rest = &rest[start + 2 + length + 2..];
    }
    (terms, unknown)
}

/// A run of prose text: as it is, or an exponent to set raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run<'a> {
    /// Text on the line.
    Text(&'a str),
    /// An exponent, without its `^` (and its brackets): it may hold exponents of its own.
    Raised(&'a str),
}

/// Splits prose `text` at its exponents, written the way the texts write them: `^(…)` (the
/// brackets' content, brackets inside it counted) or `^` and a run of ASCII letters and digits
/// ("2^k", "(1 − 1/m)^m", "e^(−kn/m)"). A `^` followed by neither stays text.
pub fn exponents(text: &str) -> Vec<Run<'_>> {
    let mut runs = Vec::new();
    let (mut from, mut at) = (0, 0);
    while let Some(offset) = text[at..].find('^') {
        let caret = at + offset;
        let after = &text[caret + 1..];
        let raised = if after.starts_with('(') {
            let mut depth = 0;
            after
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map(|(close, _)| (&after[1..close], close + 1))
        } else {
            let length = after
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(after.len());
            (length > 0).then(|| (&after[..length], length))
        };
        match raised {
            Some((inner, length)) => {
                if caret > from {
                    runs.push(Run::Text(&text[from..caret]));
                }
                runs.push(Run::Raised(inner));
                from = caret + 1 + length;
                at = from;
            }
            None => at = caret + 1,
        }
    }
    if from < text.len() {
        runs.push(Run::Text(&text[from..]));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_are_raised() {
        assert_eq!(
            exponents("p ≈ (1 − e^(−kn/m))^k, about 2^k; (1 − 1/m)^m → 1/e"),
            vec![
                Run::Text("p ≈ (1 − e"),
                Run::Raised("−kn/m"),
                Run::Text(")"),
                Run::Raised("k"),
                Run::Text(", about 2"),
                Run::Raised("k"),
                Run::Text("; (1 − 1/m)"),
                Run::Raised("m"),
                Run::Text(" → 1/e"),
            ]
        );
        // Brackets inside an exponent are counted; a raised exponent's own is found in its turn.
        assert_eq!(
            exponents("(1 − (1 − 1/m)^(k(n+1)))^k"),
            vec![
                Run::Text("(1 − (1 − 1/m)"),
                Run::Raised("k(n+1)"),
                Run::Text(")"),
                Run::Raised("k")
            ]
        );
        assert_eq!(exponents("e^(−k/b^2)")[1], Run::Raised("−k/b^2"));
        // A caret that raises nothing is text: at the end, before a space or an unclosed bracket,
        // or before a Chinese word.
        for text in ["x^", "a ^ b", "x^(open", "倍^数", ""] {
            let joined: String = exponents(text)
                .into_iter()
                .map(|run| match run {
                    Run::Text(text) => text,
                    Run::Raised(_) => "<raised>",
                })
                .collect();
            assert_eq!(joined, text);
        }
    }

    #[test]
    fn links_split_from_text() {
        assert_eq!(
            inline("Set [[m|m bits]] to 0; the [[fill]] grows."),
            vec![
                Inline::Text("Set "),
                Inline::Term {
                    term: Term::Bits,
                    words: "m bits"
                },
                Inline::Text(" to 0; the "),
                Inline::Term {
                    term: Term::Fill,
                    words: "fill"
                },
                Inline::Text(" grows."),
            ]
        );
        assert_eq!(plain("a [[k|k hashes]] b"), "a k hashes b");
    }

    #[test]
    fn what_does_not_parse_stays_text() {
        assert_eq!(plain("x [[nope|y]] z"), "x [[nope|y]] z");
        assert_eq!(plain("open [[m|m"), "open [[m|m");
        assert_eq!(plain("[[]]"), "[[]]");
        assert_eq!(
            links("x [[nope|y]] [[p|rate]]"),
            (vec![Term::Rate], vec!["nope|y"])
        );
        assert_eq!(links("open [[m"), (vec![], vec!["[[m"]));
    }
}

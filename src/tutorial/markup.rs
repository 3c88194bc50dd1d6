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

#[cfg(test)]
mod tests {
    use super::*;

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

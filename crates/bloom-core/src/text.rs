//! Text as the filter sees it. A Bloom filter hashes bytes, not characters, so the site shows the UTF-8
//! bytes of what was typed: "é" is two bytes, "🌸" four. Long text is shortened for display only; the
//! filter always hashes all of it.

use std::borrow::Cow;
use std::fmt::Write;

/// The first `max_bytes` UTF-8 bytes of `text` as lowercase hex pairs separated by spaces, and whether
/// more bytes followed.
pub fn utf8_hex(text: &str, max_bytes: usize) -> (String, bool) {
    let bytes = text.as_bytes();
    (
        hex_bytes(&bytes[..bytes.len().min(max_bytes)]),
        bytes.len() > max_bytes,
    )
}

/// `bytes` as two-digit hexadecimal numbers separated by spaces: `[0x61, 0x62]` → `"61 62"`.
pub fn hex_bytes(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(bytes.len() * 3);
    for (position, byte) in bytes.iter().enumerate() {
        if position > 0 {
            hex.push(' ');
        }
        // Writing to a String cannot fail.
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// True for characters that attach to the one before them (combining marks, variation selectors,
/// zero-width joiners, emoji skin tones), so a cut must not fall just before one.
fn attaches_to_previous(character: char) -> bool {
    matches!(character as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F
        | 0x200C..=0x200D | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF | 0x1F3FB..=0x1F3FF
        | 0x3099..=0x309A | 0xE0020..=0xE007F)
}

/// `text` cut to at most about `max_chars` characters with "…" appended when cut. The cut moves back
/// so that a base character keeps its combining marks, and a joined emoji is not split after a joiner.
pub fn shorten(text: &str, max_chars: usize) -> Cow<'_, str> {
    let mut cut = match text.char_indices().nth(max_chars) {
        None => return Cow::Borrowed(text),
        Some((offset, _)) => offset,
    };
    // Step back over a base character whose marks would be cut off, and over a dangling joiner.
    while cut > 0 {
        let next = text.get(cut..).and_then(|after| after.chars().next());
        let previous = text
            .get(..cut)
            .and_then(|before| before.chars().next_back());
        let splits_cluster =
            next.is_some_and(attaches_to_previous) || previous.is_some_and(|c| c == '\u{200D}');
        if !splits_cluster {
            break;
        }
        cut -= previous.map_or(1, char::len_utf8);
    }
    Cow::Owned(format!("{}…", text.get(..cut).unwrap_or_default()))
}

/// True when `text` has nothing but whitespace.
pub fn is_blank(text: &str) -> bool {
    text.trim().is_empty()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hex_shows_utf8_bytes() {
        assert_eq!(utf8_hex("a", 16), ("61".to_string(), false));
        assert_eq!(
            utf8_hex("é🌸", 16),
            ("c3 a9 f0 9f 8c b8".to_string(), false)
        );
        assert_eq!(utf8_hex("", 16), (String::new(), false));
        assert_eq!(utf8_hex("abcdef", 3), ("61 62 63".to_string(), true));
    }

    #[test]
    fn shorten_leaves_short_text_alone() {
        assert_eq!(shorten("apple", 5), "apple");
        assert!(matches!(shorten("apple", 5), Cow::Borrowed(_)));
    }

    #[test]
    fn shorten_counts_characters_not_bytes() {
        assert_eq!(shorten("布隆过滤器", 2), "布隆…");
        assert_eq!(shorten("abcdef", 3), "abc…");
    }

    #[test]
    fn shorten_keeps_combining_marks_with_their_base() {
        // "e" + COMBINING ACUTE: cutting after "e" would strip its accent.
        assert_eq!(shorten("abe\u{301}xyz", 3), "ab…");
        // Family emoji: man ZWJ woman ZWJ girl.
        assert_eq!(
            shorten("x\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 3),
            "x…"
        );
    }

    #[test]
    fn blank_means_whitespace_only() {
        assert!(is_blank(""));
        assert!(is_blank(" \t\n\u{3000}"));
        assert!(!is_blank(" a "));
    }

    proptest! {
        #[test]
        fn shorten_is_a_prefix_and_never_panics(text in ".*", max in 0usize..40) {
            let short = shorten(&text, max);
            let kept = short.strip_suffix('…').unwrap_or(&short);
            prop_assert!(text.starts_with(kept));
            prop_assert!(kept.chars().count() <= max.max(text.chars().count().min(max)));
        }
    }
}

//! The count-min sketch's state as a link: `w=16&d=4&s=1.1&add=apple&add=5*pear&stream=3`, one `add`
//! per item added (`5*pear` for a count other than 1, or for a text that itself starts with digits and
//! `*`) and one `stream=seed` or `stream=seed:tenths` per stream fed, in order; `s` is the Zipf
//! exponent the next stream uses. Reading never fails: what cannot be used is dropped and listed.

use crate::url::{build_query, parse_query};
use bloom_core::count_min::{
    CountMinOperation, CountMinParams, COUNT_RANGE, DEFAULT_EXPONENT_TENTHS, DEPTH_RANGE,
    EXPONENT_TENTHS_RANGE, MAX_OPERATIONS, WIDTH_RANGE,
};
use bloom_core::params::parse_in_range;
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::text::is_blank;

use super::{Ignored, SHELL_KEYS};

/// What a count-min sketch's link holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountMinLink {
    /// w and d.
    pub params: CountMinParams,
    /// The Zipf exponent the next stream uses, in tenths.
    pub exponent_tenths: u32,
    /// Every add and stream, in order.
    pub operations: Vec<CountMinOperation>,
}

impl Default for CountMinLink {
    fn default() -> Self {
        Self {
            params: CountMinParams::default(),
            exponent_tenths: DEFAULT_EXPONENT_TENTHS,
            operations: Vec::new(),
        }
    }
}

/// An exponent in tenths as a link writes it: `1.1`, `2`.
pub fn exponent_text(tenths: u32) -> String {
    if tenths.is_multiple_of(10) {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// An exponent typed or linked (`1.1`, `2`, `0.5`, `.5`) in tenths, if it has at most one decimal
/// and lies in [`EXPONENT_TENTHS_RANGE`].
pub fn parse_exponent(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| {
        !part.is_empty() && part.len() <= 2 && part.bytes().all(|b| b.is_ascii_digit())
    };
    let whole = if whole.is_empty() { "0" } else { whole };
    if !digits(whole) || tenth.len() != 1 || !digits(tenth) {
        return None;
    }
    let tenths = whole.parse::<u32>().ok()? * 10 + tenth.parse::<u32>().ok()?;
    EXPONENT_TENTHS_RANGE.contains(&tenths).then_some(tenths)
}

/// `5*pear` → (5, "pear"); text with no count prefix counts once.
fn read_add(text: &str) -> Result<(u64, &str), ()> {
    match text.split_once('*') {
        Some((count, rest)) if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) => {
            let count: u64 = count.parse().map_err(|_| ())?;
            if COUNT_RANGE.contains(&count) {
                Ok((count, rest))
            } else {
                Err(())
            }
        }
        _ => Ok((1, text)),
    }
}

/// How an add is written: the text alone, or `count*text`.
fn write_add(text: &str, count: u64) -> String {
    match read_add(text) {
        Ok((1, same)) if count == 1 && same == text => text.to_owned(),
        _ => format!("{count}*{text}"),
    }
}

/// The link query for `link`.
pub fn to_query(link: &CountMinLink) -> String {
    let (w, d, s) = (
        link.params.width.to_string(),
        link.params.depth.to_string(),
        exponent_text(link.exponent_tenths),
    );
    let operations: Vec<(&str, String)> = link
        .operations
        .iter()
        .map(|operation| match operation {
            CountMinOperation::Add { text, count } => ("add", write_add(text, *count)),
            CountMinOperation::Stream {
                seed,
                exponent_tenths,
            } => (
                "stream",
                if *exponent_tenths == link.exponent_tenths {
                    seed.to_string()
                } else {
                    format!("{seed}:{}", exponent_text(*exponent_tenths))
                },
            ),
        })
        .collect();
    build_query(
        [("w", w.as_str()), ("d", d.as_str()), ("s", s.as_str())]
            .into_iter()
            .chain(operations.iter().map(|(key, value)| (*key, value.as_str()))),
    )
}

/// True when the query carries count-min state.
pub fn has_state(query: &str) -> bool {
    parse_query(query)
        .iter()
        .any(|(key, _)| matches!(key.as_str(), "w" | "d" | "s" | "add" | "stream"))
}

/// Reads a link query; never fails.
pub fn from_query(query: &str) -> (CountMinLink, Vec<Ignored>) {
    let mut link = CountMinLink::default();
    let mut ignored = Vec::new();
    let (mut blank, mut unreadable, mut long, mut dropped, mut bad_counts, mut bad_streams) =
        (0, 0, 0, 0, 0, 0);
    // Streams written without an exponent use the link's `s`, which may come after them.
    let mut pending: Vec<Result<(u32, Option<u32>), ()>> = Vec::new();
    let mut adds: Vec<Option<(String, u64)>> = Vec::new();
    for (key, value) in parse_query(query) {
        let full = adds.len() >= MAX_OPERATIONS;
        match (key.as_str(), value) {
            ("w", Ok(text)) => match parse_in_range(&text, WIDTH_RANGE) {
                Ok(width) => link.params.width = width,
                Err(_) => ignored.push(Ignored::Width(text)),
            },
            ("d", Ok(text)) => match parse_in_range(&text, DEPTH_RANGE) {
                Ok(depth) => link.params.depth = depth,
                Err(_) => ignored.push(Ignored::Depth(text)),
            },
            ("s", Ok(text)) => match parse_exponent(&text) {
                Some(tenths) => link.exponent_tenths = tenths,
                None => ignored.push(Ignored::Exponent(text)),
            },
            ("w", Err(_)) => ignored.push(Ignored::Width(String::new())),
            ("d", Err(_)) => ignored.push(Ignored::Depth(String::new())),
            ("s", Err(_)) => ignored.push(Ignored::Exponent(String::new())),
            ("add" | "stream", _) if full => dropped += 1,
            ("add", Ok(text)) => match read_add(&text) {
                Err(()) => bad_counts += 1,
                Ok((_, item)) if is_blank(item) => blank += 1,
                Ok((_, item)) if item.len() > MAX_ITEM_BYTES => long += 1,
                Ok((count, item)) => {
                    adds.push(Some((item.to_owned(), count)));
                }
            },
            ("add", Err(_)) => unreadable += 1,
            ("stream", Ok(text)) => {
                let (seed, exponent) = text.split_once(':').unwrap_or((&text, ""));
                let seed = parse_in_range(seed, bloom_core::words::SEED_RANGE);
                let exponent = if exponent.is_empty() {
                    Ok(None)
                } else {
                    parse_exponent(exponent).map(Some).ok_or(())
                };
                match (seed, exponent) {
                    (Ok(seed), Ok(exponent)) => {
                        pending.push(Ok((seed, exponent)));
                        adds.push(None);
                    }
                    _ => bad_streams += 1,
                }
            }
            ("stream", Err(_)) => bad_streams += 1,
            (key, _) if SHELL_KEYS.contains(&key) => {}
            (key, _) => ignored.push(Ignored::Unknown(key.chars().take(40).collect())),
        }
    }
    let mut streams = pending.into_iter();
    link.operations = adds
        .into_iter()
        .filter_map(|add| match add {
            Some((text, count)) => Some(CountMinOperation::Add { text, count }),
            None => match streams.next()? {
                Ok((seed, exponent)) => Some(CountMinOperation::Stream {
                    seed,
                    exponent_tenths: exponent.unwrap_or(link.exponent_tenths),
                }),
                Err(()) => None,
            },
        })
        .collect();
    if bad_counts > 0 {
        ignored.push(Ignored::Counts(bad_counts));
    }
    if bad_streams > 0 {
        ignored.push(Ignored::Streams(bad_streams));
    }
    super::push_counts(&mut ignored, blank, unreadable, long, dropped);
    (link, ignored)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_link_keeps_adds_counts_and_streams_in_order() {
        let link = CountMinLink {
            params: CountMinParams {
                width: 272,
                depth: 5,
            },
            exponent_tenths: 15,
            operations: vec![
                CountMinOperation::Add {
                    text: "apple".into(),
                    count: 1,
                },
                CountMinOperation::Add {
                    text: "pear".into(),
                    count: 5,
                },
                CountMinOperation::Add {
                    text: "3*x".into(),
                    count: 1,
                },
                CountMinOperation::Stream {
                    seed: 7,
                    exponent_tenths: 15,
                },
                CountMinOperation::Stream {
                    seed: 8,
                    exponent_tenths: 0,
                },
            ],
        };
        let query = to_query(&link);
        assert_eq!(
            query,
            "w=272&d=5&s=1.5&add=apple&add=5%2Apear&add=1%2A3%2Ax&stream=7&stream=8%3A0"
        );
        assert_eq!(from_query(&query), (link, Vec::new()));
    }

    #[test]
    fn exponents_read_with_one_decimal_at_most() {
        assert_eq!(parse_exponent("1.1"), Some(11));
        assert_eq!(parse_exponent("2"), Some(20));
        assert_eq!(parse_exponent(".5"), Some(5));
        assert_eq!(parse_exponent("3"), Some(30));
        for bad in ["", "3.1", "1.25", "-1", "x", "1e0", "1."] {
            assert_eq!(parse_exponent(bad), None, "{bad}");
        }
        assert_eq!(exponent_text(11), "1.1");
        assert_eq!(exponent_text(20), "2");
    }

    #[test]
    fn a_bad_link_loses_only_its_bad_parts() {
        let (link, ignored) =
            from_query("w=0&d=99&s=9&add=0*apple&add=2000000*pear&add=kiwi&stream=x&stream=2:1.25");
        assert_eq!(link.params, CountMinParams::default());
        assert_eq!(link.exponent_tenths, DEFAULT_EXPONENT_TENTHS);
        assert_eq!(
            link.operations,
            vec![CountMinOperation::Add {
                text: "kiwi".into(),
                count: 1
            }]
        );
        assert_eq!(
            ignored,
            vec![
                Ignored::Width("0".into()),
                Ignored::Depth("99".into()),
                Ignored::Exponent("9".into()),
                Ignored::Counts(2),
                Ignored::Streams(2),
            ]
        );
    }
}

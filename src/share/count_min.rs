//! The count-min sketch's state as a link: `w=16&d=4&s=1.1&add=apple&add=5*pear&stream=3`, one `add`
//! per item added (`5*pear` for a count other than 1, or for a text that itself starts with digits and
//! `*`) and one `stream=seed` or `stream=seed:tenths` per stream fed, in order; `s` is the Zipf
//! exponent the next stream uses; then the item last estimated (`query=apple`) and, while that
//! estimate is stepped through, how many rows it has read (`step=2`). Reading never fails: what
//! cannot be used is dropped and listed.

use crate::url::QueryError;
use bloom_core::count_min::{
    CountMinOperation, CountMinParams, COUNT_RANGE, DEFAULT_EXPONENT_TENTHS, DEPTH_RANGE,
    EXPONENT_TENTHS_RANGE, MAX_OPERATIONS, WIDTH_RANGE,
};
use bloom_core::params::parse_in_range;
use bloom_core::words::SEED_RANGE;

use super::codec::{
    field, item, link_functions, query_field, readable, room, step_field, Codec, Kind, Part, Query,
    Report, Skip, Whole,
};
use super::Ignored;

/// What a count-min sketch's link holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountMinLink {
    /// w and d.
    pub params: CountMinParams,
    /// The Zipf exponent the next stream uses, in tenths.
    pub exponent_tenths: u32,
    /// Every add and stream, in order.
    pub operations: Vec<CountMinOperation>,
    /// The text last estimated, whose estimate is on screen (`query=apple`).
    pub query: Option<String>,
    /// The step-through of that estimate: how many rows it has read.
    pub step: Option<u32>,
}

impl Default for CountMinLink {
    fn default() -> Self {
        Self {
            params: CountMinParams::default(),
            exponent_tenths: DEFAULT_EXPONENT_TENTHS,
            operations: Vec::new(),
            query: None,
            step: None,
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

/// A stream's exponent until the whole link is read: the link's `s`, which may come after it.
const LINKED_EXPONENT: u32 = u32::MAX;

/// The count-min sketch's link, declared once: w, d and s, then one `add` or `stream` per item
/// added or stream fed.
pub static COUNT_MIN: Codec<CountMinLink> = Codec {
    head: &[
        field!("w", params.width, WIDTH, Always),
        field!("d", params.depth, DEPTH, Always),
        field!("s", exponent_tenths, Exponent, Always),
    ],
    parts: &[
        Part {
            key: "add",
            read: read_add_part,
        },
        Part {
            key: "stream",
            read: read_stream,
        },
    ],
    tail: &[
        query_field!(query),
        step_field!(step, *DEPTH_RANGE.end(), |link: &CountMinLink| link
            .query
            .is_some()),
    ],
    write_parts: write_operations,
    finish: Some(|link, _, _| {
        let exponent = link.exponent_tenths;
        for operation in &mut link.operations {
            if let CountMinOperation::Stream {
                exponent_tenths: tenths @ LINKED_EXPONENT,
                ..
            } = operation
            {
                *tenths = exponent;
            }
        }
    }),
    ..Codec::EMPTY
};

link_functions!(CountMinLink, COUNT_MIN);

/// w, the counters per row.
const WIDTH: Whole = Whole(WIDTH_RANGE, Report::Own(Ignored::Width));
/// d, the rows.
const DEPTH: Whole = Whole(DEPTH_RANGE, Report::Own(Ignored::Depth));

/// The Zipf exponent, in tenths, as [`parse_exponent`] reads it and [`exponent_text`] writes it.
struct Exponent;

impl Kind for Exponent {
    type Value = u32;

    fn parse(&self, text: &str) -> Option<u32> {
        parse_exponent(text)
    }

    fn print(&self, tenths: &u32) -> String {
        exponent_text(*tenths)
    }

    fn report(&self) -> Report {
        Report::Own(Ignored::Exponent)
    }

    fn range(&self) -> String {
        String::new()
    }
}

/// Keeps one `add`: `5*pear`, or `pear` for a count of 1.
fn read_add_part(link: &mut CountMinLink, value: Result<String, QueryError>) -> Result<(), Skip> {
    room(link.operations.len(), MAX_OPERATIONS)?;
    let text = readable(value)?;
    let (count, text) = read_add(&text).map_err(|()| Skip::Count)?;
    let text = item(text.to_owned())?;
    link.operations.push(CountMinOperation::Add { text, count });
    Ok(())
}

/// Keeps one `stream`: `seed`, or `seed:exponent` for an exponent of its own.
fn read_stream(link: &mut CountMinLink, value: Result<String, QueryError>) -> Result<(), Skip> {
    room(link.operations.len(), MAX_OPERATIONS)?;
    let text = value.map_err(|_| Skip::Stream)?;
    let (seed, exponent) = text.split_once(':').unwrap_or((&text, ""));
    let seed = parse_in_range(seed, SEED_RANGE).map_err(|_| Skip::Stream)?;
    let exponent_tenths = if exponent.is_empty() {
        LINKED_EXPONENT
    } else {
        parse_exponent(exponent).ok_or(Skip::Stream)?
    };
    link.operations.push(CountMinOperation::Stream {
        seed,
        exponent_tenths,
    });
    Ok(())
}

/// Writes every add and stream, in order (a stream's exponent only when it is not the link's `s`).
fn write_operations(link: &CountMinLink, query: &mut Query) {
    for operation in &link.operations {
        let (key, text) = match *operation {
            CountMinOperation::Add { ref text, count } => ("add", write_add(text, count)),
            CountMinOperation::Stream {
                seed,
                exponent_tenths,
            } if exponent_tenths == link.exponent_tenths => ("stream", seed.to_string()),
            CountMinOperation::Stream {
                seed,
                exponent_tenths,
            } => (
                "stream",
                format!("{seed}:{}", exponent_text(exponent_tenths)),
            ),
        };
        query.pair(key, &text);
    }
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
            query: Some("apple".into()),
            step: Some(3),
        };
        let query = to_query(&link);
        assert_eq!(
            query,
            "w=272&d=5&s=1.5&add=apple&add=5%2Apear&add=1%2A3%2Ax&stream=7&stream=8%3A0&query=apple&step=3"
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

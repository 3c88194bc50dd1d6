//! The scalable filter's state as a link: `preset=redis&n0=8&p=0.01&add=apple&stream=10000`, the
//! preset (a library's rules, or `custom` with `s` and `r`), the first stage's capacity n₀, the rate
//! asked for, then one `add` per typed item and one `stream` per batch of generated items, in order —
//! which stage an item lands in depends on what came before — then the last query, whose answer is
//! on screen (`query=grape`), and while it is stepped through, how many stages it has read
//! (`step=2`), so a class's QR code opens what the wall shows. Reading never fails: what cannot be
//! used is dropped and listed.

use crate::url::QueryError;
use bloom_core::params::parse_in_range;
use bloom_core::scalable::{
    Preset, ScalableOperation, ScalableParams, CAPACITY_RANGE, GROWTH_RANGE, MAX_ITEMS,
};

use super::codec::{
    field, item, link_functions, outside, query_field, readable, room, step_field, Codec, Fraction,
    Names, Part, Report, Skip, Whole,
};

/// The rates a visitor may ask for.
pub const RATE_RANGE: (f64, f64) = (0.000_001, 0.5);
/// The tightening ratios a visitor may choose.
pub const TIGHTENING_RANGE: (f64, f64) = (0.01, 0.99);
/// Typed items and streams a link holds at most.
pub const MAX_OPERATIONS: usize = 1_000;

/// What a scalable filter's link holds.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalableLink {
    /// Which library's rules.
    pub preset: Preset,
    /// n₀, p, s, r and the rules.
    pub params: ScalableParams,
    /// Every insert and stream, in order.
    pub operations: Vec<ScalableOperation>,
    /// The text last queried, whose answer is on screen.
    pub query: Option<String>,
    /// The step-through of that query: how many stages it has read.
    pub step: Option<u32>,
}

impl Default for ScalableLink {
    fn default() -> Self {
        Self {
            preset: Preset::Custom,
            params: Preset::Custom.apply(ScalableParams::default()),
            operations: Vec::new(),
            query: None,
            step: None,
        }
    }
}

/// The scalable filter's link, declared once: the preset, n₀ and p (and `s` and `r` for the custom
/// preset: a library fixes them), then one `add` or `stream` per typed item or batch.
pub static SCALABLE: Codec<ScalableLink> = Codec {
    head: &[
        field!("preset", preset, PRESET, Always),
        field!(
            "n0",
            params.capacity,
            Whole(CAPACITY_RANGE, Report::Range),
            Always
        ),
        field!("p", params.rate, Fraction(RATE_RANGE), Always),
        field!(
            "s",
            params.growth,
            Whole(GROWTH_RANGE, Report::Range),
            If(custom)
        ),
        field!(
            "r",
            params.tightening,
            Fraction(TIGHTENING_RANGE),
            If(custom)
        ),
    ],
    parts: &[
        Part {
            key: "add",
            read: |link, value| {
                let text = readable(value)?;
                room(link.operations.len(), MAX_OPERATIONS)?;
                link.operations.push(ScalableOperation::Add(item(text)?));
                Ok(())
            },
        },
        Part {
            key: "stream",
            read: read_stream,
        },
    ],
    write_parts: |link, query| {
        for operation in &link.operations {
            match operation {
                ScalableOperation::Add(text) => query.pair("add", text),
                ScalableOperation::Stream(count) => query.pair("stream", &count.to_string()),
            }
        }
    },
    tail: &[
        query_field!(query),
        step_field!(step, MAX_STEP, |link: &ScalableLink| link.query.is_some()),
    ],
    finish: Some(|link, given, _| {
        // A library fixes s and r; with them given, the rules are the visitor's own.
        if given.contains(&"s") || given.contains(&"r") {
            link.preset = Preset::Custom;
        }
        link.params = link.preset.apply(link.params);
    }),
    ..Codec::EMPTY
};

link_functions!(ScalableLink, SCALABLE);

/// The most stages a step-through of a query reads (more than memory lets a filter grow).
const MAX_STEP: u32 = 99;

/// The presets, by name.
const PRESET: Names<Preset> = Names(&Preset::ALL, Preset::id, Report::Range);

/// True when the rules are the visitor's own (a library fixes s and r, so its link leaves them out).
fn custom(link: &ScalableLink) -> bool {
    link.preset == Preset::Custom
}

/// Keeps one `stream`: how many generated items, 1 to [`MAX_ITEMS`].
fn read_stream(link: &mut ScalableLink, value: Result<String, QueryError>) -> Result<(), Skip> {
    room(link.operations.len(), MAX_OPERATIONS)?;
    let text = value.unwrap_or_default();
    let count = parse_in_range(&text, 1..=MAX_ITEMS)
        .map_err(|_| Skip::Wrong(outside("stream", &text, format!("1–{MAX_ITEMS}"))))?;
    link.operations.push(ScalableOperation::Stream(count));
    Ok(())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::Ignored;

    #[test]
    fn a_link_keeps_the_preset_and_every_operation_in_order() {
        let link = ScalableLink {
            preset: Preset::Redis,
            params: Preset::Redis.apply(ScalableParams {
                capacity: 16,
                rate: 0.01,
                ..ScalableParams::default()
            }),
            operations: vec![
                ScalableOperation::Add("apple".into()),
                ScalableOperation::Stream(10_000),
                ScalableOperation::Add("猫 & 🙂".into()),
            ],
            query: None,
            step: None,
        };
        let query = to_query(&link);
        assert_eq!(
            query,
            "preset=redis&n0=16&p=0.01&add=apple&stream=10000&add=%E7%8C%AB%20%26%20%F0%9F%99%82"
        );
        assert_eq!(from_query(&query), (link, Vec::new()));
        let custom = ScalableLink::default();
        assert_eq!(to_query(&custom), "preset=custom&n0=32&p=0.01&s=2&r=0.8");
        assert_eq!(from_query(&to_query(&custom)), (custom, Vec::new()));
    }

    #[test]
    fn the_last_query_and_its_step_travel_after_the_operations() {
        let link = ScalableLink {
            operations: vec![ScalableOperation::Stream(200)],
            query: Some("word2".into()),
            step: Some(3),
            ..ScalableLink::default()
        };
        let query = to_query(&link);
        assert!(query.ends_with("&stream=200&query=word2&step=3"), "{query}");
        assert_eq!(from_query(&query), (link, Vec::new()));
        // No query on screen: no step.
        let idle = ScalableLink {
            step: Some(1),
            ..ScalableLink::default()
        };
        assert!(!to_query(&idle).contains("step="));
        let (read, ignored) = from_query("query=%20&step=x");
        assert_eq!((read.query, read.step), (None, None));
        assert_eq!(ignored.len(), 2, "{ignored:?}");
    }

    #[test]
    fn s_or_r_make_the_rules_the_visitors_own() {
        let (link, ignored) = from_query("preset=pybloom-small&r=0.7");
        assert_eq!(link.preset, Preset::Custom);
        assert_eq!(link.params.tightening, 0.7);
        assert!(ignored.is_empty());
    }

    #[test]
    fn a_bad_link_loses_only_its_bad_parts() {
        let (link, ignored) =
            from_query("preset=guava&n0=0&p=2&s=99&r=1.5&add=&add=pear&stream=-3&x=1&theme=dark");
        assert_eq!(link.params, ScalableLink::default().params);
        assert_eq!(link.operations, vec![ScalableOperation::Add("pear".into())]);
        let keys: Vec<&str> = ignored
            .iter()
            .map(|part| match part {
                Ignored::Value { key, .. } | Ignored::Unknown(key) => key.as_str(),
                _ => "count",
            })
            .collect();
        assert_eq!(
            keys,
            ["preset", "n0", "p", "s", "r", "stream", "x", "count"]
        );
    }
}

//! The scalable filter's state as a link: `preset=redis&n0=8&p=0.01&add=apple&stream=10000`, the
//! preset (a library's rules, or `custom` with `s` and `r`), the first stage's capacity n₀, the rate
//! asked for, then one `add` per typed item and one `stream` per batch of generated items, in order —
//! which stage an item lands in depends on what came before. Reading never fails: what cannot be
//! used is dropped and listed.

use crate::format::exact;
use crate::url::{build_query, parse_query};
use bloom_core::decimal::parse_fraction;
use bloom_core::params::parse_in_range;
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::scalable::{
    Preset, ScalableOperation, ScalableParams, CAPACITY_RANGE, GROWTH_RANGE, MAX_ITEMS,
};
use bloom_core::text::is_blank;

use super::{push_counts, Ignored, SHELL_KEYS};

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
}

impl Default for ScalableLink {
    fn default() -> Self {
        Self {
            preset: Preset::Custom,
            params: Preset::Custom.apply(ScalableParams::default()),
            operations: Vec::new(),
        }
    }
}

/// The link query for `link` (`s` and `r` only for the custom preset: a library fixes them).
pub fn to_query(link: &ScalableLink) -> String {
    let mut pairs: Vec<(&str, String)> = vec![
        ("preset", link.preset.id().to_owned()),
        ("n0", link.params.capacity.to_string()),
        ("p", exact(link.params.rate)),
    ];
    if link.preset == Preset::Custom {
        pairs.push(("s", link.params.growth.to_string()));
        pairs.push(("r", exact(link.params.tightening)));
    }
    pairs.extend(link.operations.iter().map(|operation| match operation {
        ScalableOperation::Add(text) => ("add", text.clone()),
        ScalableOperation::Stream(count) => ("stream", count.to_string()),
    }));
    build_query(pairs.iter().map(|(key, value)| (*key, value.as_str())))
}

/// True when the query carries scalable-filter state.
pub fn has_state(query: &str) -> bool {
    parse_query(query).iter().any(|(key, _)| {
        matches!(
            key.as_str(),
            "preset" | "n0" | "p" | "s" | "r" | "add" | "stream"
        )
    })
}

fn fraction_in(text: &str, (low, high): (f64, f64)) -> Option<f64> {
    parse_fraction(text).filter(|value| (low..=high).contains(value))
}

/// Reads a link query; never fails.
pub fn from_query(query: &str) -> (ScalableLink, Vec<Ignored>) {
    let mut link = ScalableLink::default();
    let mut ignored = Vec::new();
    let (mut blank, mut unreadable, mut long, mut dropped) = (0, 0, 0, 0);
    let (mut growth, mut tightening) = (None, None);
    let bad = |key: &str, text: &str, range: String| Ignored::Value {
        key: key.to_owned(),
        value: text.chars().take(40).collect(),
        range,
    };
    for (key, value) in parse_query(query) {
        let text = match value {
            Ok(text) => text,
            Err(_) if key == "add" => {
                unreadable += 1;
                continue;
            }
            Err(_) => String::new(),
        };
        match key.as_str() {
            "preset" => match Preset::from_id(&text) {
                Some(preset) => link.preset = preset,
                None => ignored.push(bad("preset", &text, Preset::ALL.map(Preset::id).join(", "))),
            },
            "n0" => match parse_in_range(&text, CAPACITY_RANGE) {
                Ok(capacity) => link.params.capacity = capacity,
                Err(_) => ignored.push(bad("n0", &text, range_text(CAPACITY_RANGE))),
            },
            "p" => match fraction_in(&text, RATE_RANGE) {
                Some(rate) => link.params.rate = rate,
                None => ignored.push(bad("p", &text, fraction_range(RATE_RANGE))),
            },
            "s" => match parse_in_range(&text, GROWTH_RANGE) {
                Ok(value) => growth = Some(value),
                Err(_) => ignored.push(bad("s", &text, range_text(GROWTH_RANGE))),
            },
            "r" => match fraction_in(&text, TIGHTENING_RANGE) {
                Some(value) => tightening = Some(value),
                None => ignored.push(bad("r", &text, fraction_range(TIGHTENING_RANGE))),
            },
            verb @ ("add" | "stream") => {
                if link.operations.len() >= MAX_OPERATIONS {
                    dropped += 1;
                } else if verb == "stream" {
                    match parse_in_range(&text, 1..=MAX_ITEMS) {
                        Ok(count) => link.operations.push(ScalableOperation::Stream(count)),
                        Err(_) => ignored.push(bad("stream", &text, format!("1–{MAX_ITEMS}"))),
                    }
                } else if is_blank(&text) {
                    blank += 1;
                } else if text.len() > MAX_ITEM_BYTES {
                    long += 1;
                } else {
                    link.operations.push(ScalableOperation::Add(text));
                }
            }
            key if SHELL_KEYS.contains(&key) => {}
            key => ignored.push(Ignored::Unknown(key.chars().take(40).collect())),
        }
    }
    // A library fixes s and r; with them given, the rules are the visitor's own.
    if link.preset == Preset::Custom || growth.is_some() || tightening.is_some() {
        link.preset = Preset::Custom;
        link.params.growth = growth.unwrap_or(link.params.growth);
        link.params.tightening = tightening.unwrap_or(link.params.tightening);
    }
    link.params = link.preset.apply(link.params);
    push_counts(&mut ignored, blank, unreadable, long, dropped);
    (link, ignored)
}

fn range_text(range: std::ops::RangeInclusive<u32>) -> String {
    format!("{}–{}", range.start(), range.end())
}

fn fraction_range((low, high): (f64, f64)) -> String {
    format!("{}–{}", exact(low), exact(high))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

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

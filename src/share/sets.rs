//! The combining page's state as a link: the two sets' shared m, k and scheme and their items
//! (`m=64&k=3&scheme=double&a=apple&a=pear&b=pear&b=fig`), then the three comparisons' settings —
//! partitioned (`pm`, `pk`, `pn`), compressed (`z`, `zn`) and cascade (`u`, `rv`, `p1`) — and, for
//! the shipping widget, which comparison it shows (`view`). Reading never fails: what cannot be used is
//! dropped and listed.

use crate::format::exact;
use crate::url::{build_query, parse_query};
use bloom_core::decimal::parse_fraction;
use bloom_core::hashing::HashScheme;
use bloom_core::params::{parse_bits, parse_hashes, parse_in_range, FilterParams};
use std::ops::RangeInclusive;

use super::codec::{short, ItemCounts, Keys};
use super::{Ignored, SHELL_KEYS};

/// Items one set holds at most.
pub const MAX_SET_ITEMS: usize = 1_000;
/// The partitioned comparison's m.
pub const PARTITION_BITS_RANGE: std::ops::RangeInclusive<u32> = 16..=1_000_000;
/// Its k.
pub const PARTITION_HASHES_RANGE: std::ops::RangeInclusive<u32> = 1..=16;
/// Its n.
pub const PARTITION_ITEMS_RANGE: std::ops::RangeInclusive<u32> = 0..=100_000;
/// The compressed comparison's budget z, in bits.
pub const BUDGET_RANGE: std::ops::RangeInclusive<u32> = 64..=32_000;
/// Its n.
pub const COMPRESS_ITEMS_RANGE: std::ops::RangeInclusive<u32> = 1..=4_000;
/// The cascade's universe |U|.
pub const UNIVERSE_RANGE: std::ops::RangeInclusive<u32> = 2..=200_000;
/// The cascade's first level's rate, as a fraction.
pub const FIRST_RATE_RANGE: (f64, f64) = (0.000_001, 0.5);

/// Which of the three comparisons the shipping widget shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SetsView {
    /// All three (the site's page).
    #[default]
    All,
    /// Standard against partitioned.
    Partitioned,
    /// Compressed filters.
    Compressed,
    /// The cascade.
    Cascade,
}

impl SetsView {
    /// Every view.
    pub const ALL: [SetsView; 4] = [
        SetsView::All,
        SetsView::Partitioned,
        SetsView::Compressed,
        SetsView::Cascade,
    ];

    /// Its name in a link.
    pub fn id(self) -> &'static str {
        match self {
            SetsView::All => "all",
            SetsView::Partitioned => "partitioned",
            SetsView::Compressed => "compressed",
            SetsView::Cascade => "cascade",
        }
    }

    /// True when this view shows `part`.
    pub fn shows(self, part: SetsView) -> bool {
        self == SetsView::All || self == part
    }
}

/// The partitioned comparison's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartitionSettings {
    /// m.
    pub bits: u32,
    /// k.
    pub hashes: u32,
    /// n.
    pub items: u32,
}

impl Default for PartitionSettings {
    fn default() -> Self {
        Self {
            bits: 1_000,
            hashes: 5,
            items: 100,
        }
    }
}

/// The compressed comparison's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompressSettings {
    /// z, the bits that may be sent.
    pub budget: u32,
    /// n.
    pub items: u32,
}

impl Default for CompressSettings {
    fn default() -> Self {
        Self {
            budget: 8_000,
            items: 1_000,
        }
    }
}

/// The cascade's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CascadeSettings {
    /// |U|.
    pub universe: u32,
    /// |R| (at most |U|).
    pub revoked: u32,
    /// The first level's rate.
    pub first_rate: f64,
}

impl Default for CascadeSettings {
    fn default() -> Self {
        Self {
            universe: 20_000,
            revoked: 500,
            first_rate: 0.01,
        }
    }
}

/// Everything the combining page's link holds.
#[derive(Debug, Clone, PartialEq)]
pub struct SetsLink {
    /// m, k and the scheme both sets share.
    pub params: FilterParams,
    /// A's items, without repeats.
    pub a: Vec<String>,
    /// B's items, without repeats.
    pub b: Vec<String>,
    /// The partitioned comparison.
    pub partition: PartitionSettings,
    /// The compressed comparison.
    pub compress: CompressSettings,
    /// The cascade.
    pub cascade: CascadeSettings,
    /// The part shown.
    pub view: SetsView,
}

impl Default for SetsLink {
    fn default() -> Self {
        Self {
            params: FilterParams {
                bits: 64,
                ..FilterParams::default()
            },
            a: Vec::new(),
            b: Vec::new(),
            partition: PartitionSettings::default(),
            compress: CompressSettings::default(),
            cascade: CascadeSettings::default(),
            view: SetsView::All,
        }
    }
}

/// One of the comparisons' whole-number settings, declared once: its key, the range it may take,
/// and where it lives in the link. Reading, writing and the report of a bad value all come from it.
struct Whole {
    key: &'static str,
    range: RangeInclusive<u32>,
    get: fn(&SetsLink) -> u32,
    set: fn(&mut SetsLink, u32),
}

/// The whole-number settings, in the order a link writes them.
const WHOLES: [Whole; 7] = [
    Whole {
        key: "pm",
        range: PARTITION_BITS_RANGE,
        get: |link| link.partition.bits,
        set: |link, value| link.partition.bits = value,
    },
    Whole {
        key: "pk",
        range: PARTITION_HASHES_RANGE,
        get: |link| link.partition.hashes,
        set: |link, value| link.partition.hashes = value,
    },
    Whole {
        key: "pn",
        range: PARTITION_ITEMS_RANGE,
        get: |link| link.partition.items,
        set: |link, value| link.partition.items = value,
    },
    Whole {
        key: "z",
        range: BUDGET_RANGE,
        get: |link| link.compress.budget,
        set: |link, value| link.compress.budget = value,
    },
    Whole {
        key: "zn",
        range: COMPRESS_ITEMS_RANGE,
        get: |link| link.compress.items,
        set: |link, value| link.compress.items = value,
    },
    Whole {
        key: "u",
        range: UNIVERSE_RANGE,
        get: |link| link.cascade.universe,
        set: |link, value| link.cascade.universe = value,
    },
    // |R| is checked against |U| once the whole link is read.
    Whole {
        key: "rv",
        range: 0..=*UNIVERSE_RANGE.end(),
        get: |link| link.cascade.revoked,
        set: |link, value| link.cascade.revoked = value,
    },
];

/// The parameters this page reads (`view` only chooses what an embed shows, so alone it does not
/// make a link carry state).
const KEYS: Keys = Keys(&[
    "m", "k", "scheme", "a", "b", "pm", "pk", "pn", "z", "zn", "u", "rv", "p1",
]);

/// The link query for `link` (settings left at their defaults are left out).
pub fn to_query(link: &SetsLink) -> String {
    let defaults = SetsLink::default();
    let mut pairs: Vec<(&str, String)> = vec![
        ("m", link.params.bits.to_string()),
        ("k", link.params.hashes.to_string()),
        ("scheme", link.params.scheme.id().to_owned()),
    ];
    pairs.extend(link.a.iter().map(|item| ("a", item.clone())));
    pairs.extend(link.b.iter().map(|item| ("b", item.clone())));
    for whole in &WHOLES {
        let value = (whole.get)(link);
        if value != (whole.get)(&defaults) {
            pairs.push((whole.key, value.to_string()));
        }
    }
    if link.cascade.first_rate != defaults.cascade.first_rate {
        pairs.push(("p1", exact(link.cascade.first_rate)));
    }
    if link.view != SetsView::All {
        pairs.push(("view", link.view.id().to_owned()));
    }
    build_query(pairs.iter().map(|(key, value)| (*key, value.as_str())))
}

/// True when the query carries this page's state.
pub fn has_state(query: &str) -> bool {
    KEYS.carried_by(query)
}

fn range_text(range: &RangeInclusive<u32>) -> String {
    format!("{}–{}", range.start(), range.end())
}

fn bad_value(key: &str, text: &str, range: String) -> Ignored {
    Ignored::Value {
        key: key.to_owned(),
        value: short(text),
        range,
    }
}

/// Reads a link query; never fails.
pub fn from_query(query: &str) -> (SetsLink, Vec<Ignored>) {
    let mut link = SetsLink::default();
    let mut ignored = Vec::new();
    let mut counts = ItemCounts::default();
    for (key, value) in parse_query(query) {
        match (key.as_str(), value) {
            ("a" | "b", Err(_)) => counts.unreadable += 1,
            (key, Err(_)) if SHELL_KEYS.contains(&key) => {}
            (key, Err(_)) => ignored.push(bad_value(&short(key), "", String::new())),
            (side @ ("a" | "b"), Ok(text)) => {
                let set = if side == "a" {
                    &mut link.a
                } else {
                    &mut link.b
                };
                // A blank or long item is counted as such even when the set is full.
                if counts.check(&text, false) {
                    if set.len() >= MAX_SET_ITEMS {
                        counts.dropped += 1;
                    } else if !set.contains(&text) {
                        set.push(text);
                    }
                }
            }
            (key, Ok(text)) => read_setting(&mut link, key, text, &mut ignored),
        }
    }
    check_revoked(&mut link, &mut ignored);
    counts.report(&mut ignored);
    (link, ignored)
}

/// Reads one setting (anything but an item) into `link`, or lists why not.
fn read_setting(link: &mut SetsLink, key: &str, text: String, ignored: &mut Vec<Ignored>) {
    if let Some(whole) = WHOLES.iter().find(|whole| whole.key == key) {
        match parse_in_range(&text, whole.range.clone()) {
            Ok(value) => (whole.set)(link, value),
            Err(_) => ignored.push(bad_value(key, &text, range_text(&whole.range))),
        }
        return;
    }
    match key {
        "m" => match parse_bits(&text) {
            Ok(bits) => link.params.bits = bits,
            Err(_) => ignored.push(Ignored::Bits(text)),
        },
        "k" => match parse_hashes(&text) {
            Ok(hashes) => link.params.hashes = hashes,
            Err(_) => ignored.push(Ignored::Hashes(text)),
        },
        "scheme" => match HashScheme::from_id(&text) {
            Some(scheme) => link.params.scheme = scheme,
            None => ignored.push(Ignored::Scheme(text)),
        },
        "p1" => match parse_fraction(&text)
            .filter(|rate| (FIRST_RATE_RANGE.0..=FIRST_RATE_RANGE.1).contains(rate))
        {
            Some(rate) => link.cascade.first_rate = rate,
            None => {
                let (low, high) = FIRST_RATE_RANGE;
                let range = format!("{}–{}", exact(low), exact(high));
                ignored.push(bad_value("p1", &text, range));
            }
        },
        "view" => match SetsView::ALL.into_iter().find(|view| view.id() == text) {
            Some(view) => link.view = view,
            None => ignored.push(bad_value(
                "view",
                &text,
                "partitioned, compressed, cascade".into(),
            )),
        },
        key => Keys::other(key, ignored),
    }
}

/// Settings that depend on each other, checked once all are read: a partitioned filter needs a bit
/// per slice at least, and |R| may not pass |U|.
fn check_revoked(link: &mut SetsLink, ignored: &mut Vec<Ignored>) {
    link.partition.bits = link.partition.bits.max(link.partition.hashes);
    if link.cascade.revoked > link.cascade.universe {
        let range = format!("0–{}", link.cascade.universe);
        ignored.push(bad_value("rv", &link.cascade.revoked.to_string(), range));
        link.cascade.revoked = link
            .cascade
            .universe
            .min(CascadeSettings::default().revoked);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_link_keeps_both_sets_and_every_setting() {
        let link = SetsLink {
            params: FilterParams {
                bits: 128,
                hashes: 4,
                scheme: HashScheme::EnhancedDoubleHashing,
            },
            a: vec!["apple".into(), "a&b=c 猫 🙂".into()],
            b: vec!["<script>".into()],
            partition: PartitionSettings {
                bits: 5_000,
                hashes: 7,
                items: 400,
            },
            compress: CompressSettings {
                budget: 4_000,
                items: 500,
            },
            cascade: CascadeSettings {
                universe: 1_000,
                revoked: 30,
                first_rate: 0.05,
            },
            view: SetsView::Compressed,
        };
        let query = to_query(&link);
        assert!(query.starts_with("m=128&k=4&scheme=enhanced&a=apple&a=a%26b%3Dc"));
        assert_eq!(from_query(&query), (link, Vec::new()));
        assert_eq!(to_query(&SetsLink::default()), "m=64&k=3&scheme=double");
    }

    #[test]
    fn a_bad_link_loses_only_its_bad_parts() {
        let (link, ignored) = from_query(
            "m=9999&a=pear&a=pear&a=&b=%E0%A4&pk=0&z=1e9&p1=2&view=nope&u=10&rv=50&zzz=1&present=1",
        );
        assert_eq!(link.a, vec!["pear".to_owned()]);
        assert!(link.b.is_empty());
        assert_eq!(link.params.bits, 64);
        assert_eq!(link.partition.hashes, 5);
        assert_eq!(link.compress.budget, 8_000);
        assert_eq!(link.cascade.universe, 10);
        assert_eq!(link.cascade.revoked, 10);
        let keys: Vec<String> = ignored
            .iter()
            .filter_map(|part| match part {
                Ignored::Value { key, .. } => Some(key.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(keys, ["pk", "z", "p1", "view", "rv"]);
        assert!(ignored.contains(&Ignored::Bits("9999".into())));
        assert!(ignored.contains(&Ignored::Unknown("zzz".into())));
        assert!(ignored.contains(&Ignored::BlankItems(1)));
        assert!(ignored.contains(&Ignored::UnreadableItems(1)));
        assert!(has_state("a=x"));
        assert!(!has_state("present=1&view=sets"));
    }
}

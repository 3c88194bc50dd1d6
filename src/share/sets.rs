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
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::text::is_blank;

use super::{push_counts, Ignored, SHELL_KEYS};

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
    let mut setting = |key, value: u32, default: u32| {
        if value != default {
            pairs.push((key, value.to_string()));
        }
    };
    setting("pm", link.partition.bits, defaults.partition.bits);
    setting("pk", link.partition.hashes, defaults.partition.hashes);
    setting("pn", link.partition.items, defaults.partition.items);
    setting("z", link.compress.budget, defaults.compress.budget);
    setting("zn", link.compress.items, defaults.compress.items);
    setting("u", link.cascade.universe, defaults.cascade.universe);
    setting("rv", link.cascade.revoked, defaults.cascade.revoked);
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
    parse_query(query).iter().any(|(key, _)| {
        matches!(
            key.as_str(),
            "m" | "k" | "scheme" | "a" | "b" | "pm" | "pk" | "pn" | "z" | "zn" | "u" | "rv" | "p1"
        )
    })
}

fn range_text(range: &std::ops::RangeInclusive<u32>) -> String {
    format!("{}–{}", range.start(), range.end())
}

/// Reads a link query; never fails.
pub fn from_query(query: &str) -> (SetsLink, Vec<Ignored>) {
    let mut link = SetsLink::default();
    let mut ignored = Vec::new();
    let (mut blank, mut unreadable, mut long, mut dropped) = (0, 0, 0, 0);
    let whole = |key: &str,
                 text: String,
                 range: std::ops::RangeInclusive<u32>,
                 ignored: &mut Vec<Ignored>| {
        parse_in_range(&text, range.clone()).ok().or_else(|| {
            ignored.push(Ignored::Value {
                key: key.to_owned(),
                value: text.chars().take(40).collect(),
                range: range_text(&range),
            });
            None
        })
    };
    for (key, value) in parse_query(query) {
        let Ok(text) = value else {
            match key.as_str() {
                "a" | "b" => unreadable += 1,
                key if SHELL_KEYS.contains(&key) => {}
                key => ignored.push(Ignored::Value {
                    key: key.chars().take(40).collect(),
                    value: String::new(),
                    range: String::new(),
                }),
            }
            continue;
        };
        match key.as_str() {
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
            side @ ("a" | "b") => {
                let set = if side == "a" {
                    &mut link.a
                } else {
                    &mut link.b
                };
                if is_blank(&text) {
                    blank += 1;
                } else if text.len() > MAX_ITEM_BYTES {
                    long += 1;
                } else if set.len() >= MAX_SET_ITEMS {
                    dropped += 1;
                } else if !set.contains(&text) {
                    set.push(text);
                }
            }
            "pm" => {
                if let Some(value) = whole("pm", text, PARTITION_BITS_RANGE, &mut ignored) {
                    link.partition.bits = value;
                }
            }
            "pk" => {
                if let Some(value) = whole("pk", text, PARTITION_HASHES_RANGE, &mut ignored) {
                    link.partition.hashes = value;
                }
            }
            "pn" => {
                if let Some(value) = whole("pn", text, PARTITION_ITEMS_RANGE, &mut ignored) {
                    link.partition.items = value;
                }
            }
            "z" => {
                if let Some(value) = whole("z", text, BUDGET_RANGE, &mut ignored) {
                    link.compress.budget = value;
                }
            }
            "zn" => {
                if let Some(value) = whole("zn", text, COMPRESS_ITEMS_RANGE, &mut ignored) {
                    link.compress.items = value;
                }
            }
            "u" => {
                if let Some(value) = whole("u", text, UNIVERSE_RANGE, &mut ignored) {
                    link.cascade.universe = value;
                }
            }
            "rv" => {
                if let Some(value) = whole("rv", text, 0..=*UNIVERSE_RANGE.end(), &mut ignored) {
                    link.cascade.revoked = value;
                }
            }
            "p1" => match parse_fraction(&text)
                .filter(|rate| (FIRST_RATE_RANGE.0..=FIRST_RATE_RANGE.1).contains(rate))
            {
                Some(rate) => link.cascade.first_rate = rate,
                None => ignored.push(Ignored::Value {
                    key: "p1".into(),
                    value: text.chars().take(40).collect(),
                    range: format!(
                        "{}–{}",
                        exact(FIRST_RATE_RANGE.0),
                        exact(FIRST_RATE_RANGE.1)
                    ),
                }),
            },
            "view" => match SetsView::ALL.into_iter().find(|view| view.id() == text) {
                Some(view) => link.view = view,
                None => ignored.push(Ignored::Value {
                    key: "view".into(),
                    value: text.chars().take(40).collect(),
                    range: "partitioned, compressed, cascade".into(),
                }),
            },
            key if SHELL_KEYS.contains(&key) => {}
            key => ignored.push(Ignored::Unknown(key.chars().take(40).collect())),
        }
    }
    // A partitioned filter needs a bit per slice at least.
    link.partition.bits = link.partition.bits.max(link.partition.hashes);
    if link.cascade.revoked > link.cascade.universe {
        ignored.push(Ignored::Value {
            key: "rv".into(),
            value: link.cascade.revoked.to_string(),
            range: format!("0–{}", link.cascade.universe),
        });
        link.cascade.revoked = link
            .cascade
            .universe
            .min(CascadeSettings::default().revoked);
    }
    push_counts(&mut ignored, blank, unreadable, long, dropped);
    (link, ignored)
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

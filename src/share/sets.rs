//! The combining page's state as a link: the two sets' shared m, k and scheme and their items
//! (`m=64&k=3&scheme=double&a=apple&a=pear&b=pear&b=fig`), then the three comparisons' settings —
//! partitioned (`pm`, `pk`, `pn`), compressed (`z`, `zn`) and cascade (`u`, `rv`, `p1`) — and, for
//! the shipping widget, which comparison it shows (`view`). Reading never fails: what cannot be used is
//! dropped and listed.

use crate::url::QueryError;
use bloom_core::params::{FilterParams, HASHES_RANGE};
use std::ops::RangeInclusive;

use super::codec::Report::{self, Range};
use super::codec::{
    field, item, link_functions, outside, query_field, readable, room, step_field, Codec, Fraction,
    Names, Part, Skip, Unreadable, Whole,
};
use super::{Ignored, BITS, HASHES, SCHEME};

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
    /// The text last queried from A's field, whose answers are on screen (`query=apple`), or from
    /// B's (`queryb=apple`).
    pub query: Option<String>,
    /// See `query`.
    pub query_b: Option<String>,
    /// The step-through of that query: how many of its bits it has read.
    pub step: Option<u32>,
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
            query: None,
            query_b: None,
            step: None,
        }
    }
}

/// The combining page's link, declared once: m, k and the scheme, A's and B's items, then the
/// comparisons' settings that are not at their defaults, and last the view.
pub static SETS: Codec<SetsLink> = Codec {
    head: &[
        field!("m", params.bits, BITS, Always),
        field!("k", params.hashes, HASHES, Always),
        field!("scheme", params.scheme, SCHEME, Always),
    ],
    parts: &[
        Part {
            key: "a",
            read: |link, value| read_item(&mut link.a, value),
        },
        Part {
            key: "b",
            read: |link, value| read_item(&mut link.b, value),
        },
    ],
    write_parts: |link, query| {
        for item in &link.a {
            query.pair("a", item);
        }
        for item in &link.b {
            query.pair("b", item);
        }
    },
    tail: &[
        field!(
            "pm",
            partition.bits,
            Whole(PARTITION_BITS_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "pk",
            partition.hashes,
            Whole(PARTITION_HASHES_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "pn",
            partition.items,
            Whole(PARTITION_ITEMS_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "z",
            compress.budget,
            Whole(BUDGET_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "zn",
            compress.items,
            Whole(COMPRESS_ITEMS_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "u",
            cascade.universe,
            Whole(UNIVERSE_RANGE, Range),
            UnlessDefault
        ),
        // |R| is checked against |U| once the whole link is read.
        field!(
            "rv",
            cascade.revoked,
            Whole(REVOKED_RANGE, Range),
            UnlessDefault
        ),
        field!(
            "p1",
            cascade.first_rate,
            Fraction(FIRST_RATE_RANGE),
            UnlessDefault
        ),
        query_field!(query),
        query_field!("queryb", query_b),
        step_field!(step, *HASHES_RANGE.end(), |link: &SetsLink| link
            .query
            .is_some()
            || link.query_b.is_some()),
    ],
    shown: &[field!("view", view, VIEW, UnlessDefault)],
    finish: Some(|link, _, ignored| check_revoked(link, ignored)),
    // A value this page cannot decode is reported by its parameter's name alone.
    unreadable: Unreadable::ByName,
    ..Codec::EMPTY
};

link_functions!(SetsLink, SETS);

/// Which comparison is shown, by name.
const VIEW: Names<SetsView> = Names(
    &SetsView::ALL,
    SetsView::id,
    Report::Text("partitioned, compressed, cascade"),
);

/// The |R| a link may give before it is checked against |U|.
const REVOKED_RANGE: RangeInclusive<u32> = 0..=*UNIVERSE_RANGE.end();

/// Keeps one item of a set: each once, at most [`MAX_SET_ITEMS`]; a blank or long item is counted
/// as such even when the set is full.
fn read_item(set: &mut Vec<String>, value: Result<String, QueryError>) -> Result<(), Skip> {
    let text = item(readable(value)?)?;
    room(set.len(), MAX_SET_ITEMS)?;
    if !set.contains(&text) {
        set.push(text);
    }
    Ok(())
}

/// Settings that depend on each other, checked once all are read: a partitioned filter needs a bit
/// per slice at least, and |R| may not pass |U|.
fn check_revoked(link: &mut SetsLink, ignored: &mut Vec<Ignored>) {
    link.partition.bits = link.partition.bits.max(link.partition.hashes);
    if link.cascade.revoked > link.cascade.universe {
        let range = format!("0–{}", link.cascade.universe);
        ignored.push(outside("rv", &link.cascade.revoked.to_string(), range));
        link.cascade.revoked = link
            .cascade
            .universe
            .min(CascadeSettings::default().revoked);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::hashing::HashScheme;

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
            query: None,
            query_b: Some("fig 🙂".into()),
            step: Some(2),
        };
        let query = to_query(&link);
        assert!(
            query.contains("&queryb=fig%20%F0%9F%99%82&step=2&"),
            "{query}"
        );
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
        // The view alone chooses what is shown (a chapter frames each comparison that way).
        assert!(shown_by("lang=en&present=1&view=cascade"));
        assert!(!shown_by("lang=en&present=1&a=x"));
        let (link, ignored) = from_query("lang=en&present=1&view=cascade");
        assert_eq!(link.view, SetsView::Cascade);
        assert_eq!(ignored, vec![]);
    }
}

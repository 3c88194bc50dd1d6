//! The filters the field uses today as a link: the structure, its shape, then one `add` per key (and
//! one `del` per removal, for the cuckoo filter, the one that can remove), in order — a cuckoo
//! filter's kicks depend on what came before — then the last query, whose answer is on screen, and
//! while a step-through is on screen how far it has gone:
//! `kind=sbbf&bytes=32&add=a0&add=a1`, `kind=cuckoo&buckets=8&slots=4&fp=8&add=apple`,
//! `kind=xor&fp=8&add=…`, `kind=blocked&m=1024&block=512&k=6&add=…`. A link holds only its own
//! structure's settings; what another structure's would be is left at its default.
//! Reading never fails: what cannot be used is dropped and listed.

use super::codec::{
    field, link_functions, outside, push_operation, query_field, step_field, Codec, Names, OneOf,
    Part, Report, Whole,
};

/// The structures the page builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Structure {
    /// Parquet's split-block Bloom filter.
    #[default]
    Sbbf,
    /// A blocked Bloom filter: every bit of a key in one block.
    Blocked,
    /// A cuckoo filter: fingerprints in buckets.
    Cuckoo,
    /// An xor filter: a static table of fingerprints.
    Xor,
    /// A binary fuse filter: the xor filter's query over segments that overlap.
    Fuse,
}

impl Structure {
    /// Every structure, in the page's order.
    pub const ALL: [Self; 5] = [
        Self::Sbbf,
        Self::Blocked,
        Self::Cuckoo,
        Self::Xor,
        Self::Fuse,
    ];

    /// Its name in a link.
    pub fn id(self) -> &'static str {
        match self {
            Self::Sbbf => "sbbf",
            Self::Blocked => "blocked",
            Self::Cuckoo => "cuckoo",
            Self::Xor => "xor",
            Self::Fuse => "fuse",
        }
    }

    /// True for the structures whose keys are fingerprints (and so have an `fp` setting).
    pub fn fingerprinted(self) -> bool {
        matches!(self, Self::Cuckoo | Self::Xor | Self::Fuse)
    }

    /// True for the one structure that can remove a key.
    pub fn removes(self) -> bool {
        self == Self::Cuckoo
    }

    /// True for the static structures: built once from every key, never added to.
    pub fn is_static(self) -> bool {
        matches!(self, Self::Xor | Self::Fuse)
    }
}

/// The sizes of a split-block filter the page draws: a power of two of 32-byte blocks, one to 32.
pub const SBBF_BYTES: [u32; 6] = [32, 64, 128, 256, 512, 1024];
/// The block sizes of a blocked filter: 64 bits to a 512-bit cache line.
pub const BLOCK_BITS: [u32; 4] = [64, 128, 256, 512];
/// The blocked filter's m, in bits (rounded up to whole blocks).
pub const BLOCKED_BITS_RANGE: std::ops::RangeInclusive<u32> = 64..=4096;
/// k of a blocked filter.
pub const BLOCKED_HASHES_RANGE: std::ops::RangeInclusive<u32> = 1..=16;
/// The cuckoo filter's bucket counts (a power of two: the xor of partial-key hashing needs one).
pub const CUCKOO_BUCKETS: [u32; 6] = [2, 4, 8, 16, 32, 64];
/// Slots per bucket.
pub const CUCKOO_SLOTS_RANGE: std::ops::RangeInclusive<u32> = 1..=8;
/// Fingerprint bits, for cuckoo, xor and binary fuse filters alike.
pub const FINGERPRINT_BITS_RANGE: std::ops::RangeInclusive<u32> = 2..=16;
/// Keys and removals a link holds at most (a table drawn on a page, not the lab's million).
pub const MAX_OPERATIONS: usize = 1_000;
/// The most steps a step-through of a query or an insert has (a cuckoo insert's kicks included).
pub const MAX_STEP: u32 = 600;

/// One change a visitor made: a key added, or (cuckoo) removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterOperation {
    /// The key was inserted (for a static structure: it is among the keys built from).
    Add(String),
    /// The key was removed.
    Remove(String),
}

/// A structure and its size: what the page builds before any key goes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Which structure.
    pub structure: Structure,
    /// The split-block filter's size in bytes.
    pub sbbf_bytes: u32,
    /// The blocked filter's m.
    pub blocked_bits: u32,
    /// The blocked filter's B.
    pub block_bits: u32,
    /// The blocked filter's k.
    pub blocked_hashes: u32,
    /// The cuckoo filter's buckets.
    pub buckets: u32,
    /// The cuckoo filter's slots per bucket.
    pub slots: u32,
    /// f, the fingerprint bits of a cuckoo, xor or binary fuse filter.
    pub fingerprint_bits: u32,
}

impl Default for Shape {
    fn default() -> Self {
        Self {
            structure: Structure::default(),
            sbbf_bytes: 64,
            blocked_bits: 1024,
            block_bits: 512,
            blocked_hashes: 6,
            buckets: 8,
            slots: 4,
            fingerprint_bits: 8,
        }
    }
}

/// What the page's link holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FiltersLink {
    /// The structure and its size.
    pub shape: Shape,
    /// Every insert and removal, in order.
    pub operations: Vec<FilterOperation>,
    /// The text last queried, whose answer is on screen.
    pub query: Option<String>,
    /// The step-through on screen: how many of its steps are shown done.
    pub step: Option<u32>,
}

/// The page's link, declared once: the structure and its own settings, then one `add` or `del` per
/// insert or removal, then the last query and its step.
pub static FILTERS: Codec<FiltersLink> = Codec {
    head: &[
        field!("kind", shape.structure, STRUCTURE, Always),
        field!("bytes", shape.sbbf_bytes, OneOf(&SBBF_BYTES), If(sbbf)),
        field!(
            "m",
            shape.blocked_bits,
            Whole(BLOCKED_BITS_RANGE, Report::Range),
            If(blocked)
        ),
        field!("block", shape.block_bits, OneOf(&BLOCK_BITS), If(blocked)),
        field!(
            "k",
            shape.blocked_hashes,
            Whole(BLOCKED_HASHES_RANGE, Report::Range),
            If(blocked)
        ),
        field!("buckets", shape.buckets, OneOf(&CUCKOO_BUCKETS), If(cuckoo)),
        field!(
            "slots",
            shape.slots,
            Whole(CUCKOO_SLOTS_RANGE, Report::Range),
            If(cuckoo)
        ),
        field!(
            "fp",
            shape.fingerprint_bits,
            Whole(FINGERPRINT_BITS_RANGE, Report::Range),
            If(fingerprinted)
        ),
    ],
    parts: &[
        Part {
            key: "add",
            read: |link, value| {
                push_operation(
                    &mut link.operations,
                    MAX_OPERATIONS,
                    value,
                    FilterOperation::Add,
                )
            },
        },
        Part {
            key: "del",
            read: |link, value| {
                push_operation(
                    &mut link.operations,
                    MAX_OPERATIONS,
                    value,
                    FilterOperation::Remove,
                )
            },
        },
    ],
    write_parts: |link, query| {
        for operation in &link.operations {
            match operation {
                FilterOperation::Add(text) => query.pair("add", text),
                FilterOperation::Remove(text) => query.pair("del", text),
            }
        }
    },
    tail: &[
        query_field!(query),
        step_field!(step, MAX_STEP, |link: &FiltersLink| link.query.is_some()),
    ],
    finish: Some(|link, _, ignored| {
        // Only a cuckoo filter removes: another structure's link keeps its keys and says what it
        // left out.
        if !link.shape.structure.removes() {
            let before = link.operations.len();
            link.operations
                .retain(|operation| matches!(operation, FilterOperation::Add(_)));
            let dropped = before - link.operations.len();
            if dropped > 0 {
                ignored.push(outside(
                    "del",
                    &dropped.to_string(),
                    Structure::Cuckoo.id().to_owned(),
                ));
            }
        }
    }),
    ..Codec::EMPTY
};

link_functions!(FiltersLink, FILTERS);

/// The structures, by name.
const STRUCTURE: Names<Structure> = Names(&Structure::ALL, Structure::id, Report::Range);

fn sbbf(link: &FiltersLink) -> bool {
    link.shape.structure == Structure::Sbbf
}

fn blocked(link: &FiltersLink) -> bool {
    link.shape.structure == Structure::Blocked
}

fn cuckoo(link: &FiltersLink) -> bool {
    link.shape.structure == Structure::Cuckoo
}

fn fingerprinted(link: &FiltersLink) -> bool {
    link.shape.structure.fingerprinted()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::Ignored;

    fn keys(ignored: &[Ignored]) -> Vec<String> {
        ignored
            .iter()
            .map(|part| match part {
                Ignored::Value { key, .. } | Ignored::Unknown(key) => key.clone(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn the_issues_links_read_and_write_back_as_given() {
        for query in [
            "kind=sbbf&bytes=32&add=a0&add=a1",
            "kind=cuckoo&buckets=8&slots=4&fp=8&add=apple",
            "kind=xor&fp=8&add=apple&add=pear",
            "kind=blocked&m=1024&block=512&k=6&add=apple",
            "kind=fuse&fp=16&add=%E7%8C%AB&query=pear",
            "kind=cuckoo&buckets=2&slots=1&fp=4&add=a&add=b&del=a&query=b&step=2",
        ] {
            let (link, ignored) = from_query(query);
            assert_eq!(ignored, Vec::new(), "{query}");
            assert_eq!(to_query(&link), query);
        }
    }

    #[test]
    fn a_link_holds_only_its_own_structures_settings() {
        let link = FiltersLink {
            shape: Shape {
                structure: Structure::Xor,
                ..Shape::default()
            },
            operations: vec![FilterOperation::Add("猫 & 🙂".into())],
            ..FiltersLink::default()
        };
        assert_eq!(
            to_query(&link),
            "kind=xor&fp=8&add=%E7%8C%AB%20%26%20%F0%9F%99%82"
        );
        assert_eq!(to_query(&FiltersLink::default()), "kind=sbbf&bytes=64");
        // Another structure's setting is read (it is this page's) and kept for when it is chosen.
        let (link, ignored) = from_query("kind=sbbf&buckets=16");
        assert_eq!((link.shape.buckets, ignored.len()), (16, 0));
        assert_eq!(to_query(&link), "kind=sbbf&bytes=64");
    }

    #[test]
    fn only_a_cuckoo_filter_removes_and_a_bad_link_loses_only_its_bad_parts() {
        let (link, ignored) = from_query("kind=xor&add=a&del=a&add=b");
        assert_eq!(
            link.operations,
            vec![
                FilterOperation::Add("a".into()),
                FilterOperation::Add("b".into())
            ]
        );
        assert_eq!(keys(&ignored), ["del"]);
        let (link, ignored) = from_query(
            "kind=tree&bytes=48&m=9&block=100&k=0&buckets=3&slots=9&fp=1&add=&add=ok&zz=1",
        );
        assert_eq!(link.shape, Shape::default());
        assert_eq!(link.operations, vec![FilterOperation::Add("ok".into())]);
        assert_eq!(
            keys(&ignored),
            [
                "kind",
                "bytes",
                "m",
                "block",
                "k",
                "buckets",
                "slots",
                "fp",
                "zz",
                "BlankItems(1)"
            ]
        );
    }

    #[test]
    fn a_step_travels_only_with_a_query() {
        let (link, _) = from_query("kind=cuckoo&add=a&step=3");
        assert_eq!(link.step, Some(3));
        assert!(!to_query(&link).contains("step="));
        let (link, ignored) = from_query("kind=cuckoo&query=a&step=601");
        assert_eq!((link.step, keys(&ignored)), (None, vec!["step".to_owned()]));
    }
}

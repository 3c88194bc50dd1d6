//! The lab's settings as a link: `scale=10&keys=js&seed=7` — N divided by 1, 10, 100 or 1,000 (the
//! slides' sizes, or smaller for a slow machine or a quick look), where the keys are made (`wasm`,
//! or `js` to measure the cost of handing strings to wasm) and the keys' seed. Results are not in
//! the link: they are measured on the machine that opens it. Reading never fails: what cannot be
//! used is dropped and listed.

use bloom_core::lab_messages::KeySource;
use bloom_core::words::SEED_RANGE;

use super::codec::{field, link_functions, Codec, Names, OneOf, Report, Whole};

/// The divisors of N a link may ask for.
pub const SCALES: [u32; 4] = [1, 10, 100, 1_000];

/// What a lab link holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabLink {
    /// N is divided by this (one of [`SCALES`]).
    pub scale: u32,
    /// Where the keys are made.
    pub keys: KeySource,
    /// The keys' seed.
    pub seed: u32,
}

impl Default for LabLink {
    fn default() -> Self {
        Self {
            scale: 1,
            keys: KeySource::Worker,
            seed: 1,
        }
    }
}

/// The lab's link, declared once: the scale, where the keys are made and their seed.
pub static LAB: Codec<LabLink> = Codec {
    head: &[
        field!("scale", scale, OneOf(&SCALES), Always),
        field!("keys", keys, KEY_SOURCES, Always),
        field!("seed", seed, Whole(SEED_RANGE, Report::Range), Always),
    ],
    ..Codec::EMPTY
};

link_functions!(LabLink, LAB);

/// Where the keys are made, by name.
const KEY_SOURCES: Names<KeySource> = Names(
    &[KeySource::Worker, KeySource::JavaScript],
    KeySource::id,
    Report::Range,
);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::Ignored;

    #[test]
    fn a_link_round_trips() {
        let link = LabLink {
            scale: 100,
            keys: KeySource::JavaScript,
            seed: 42,
        };
        assert_eq!(to_query(&link), "scale=100&keys=js&seed=42");
        assert_eq!(from_query(&to_query(&link)), (link, Vec::new()));
        assert!(has_state("seed=3"));
        assert!(!has_state("lang=zh"));
    }

    #[test]
    fn what_cannot_be_used_is_listed_and_the_rest_kept() {
        let (link, ignored) =
            from_query("scale=7&keys=python&seed=-1&theme=dark&bits=9&seed=12&scale=%3Cscript%3E");
        assert_eq!(
            link,
            LabLink {
                seed: 12,
                ..LabLink::default()
            }
        );
        assert_eq!(ignored.len(), 5);
        assert_eq!(
            ignored[0],
            Ignored::Value {
                key: "scale".into(),
                value: "7".into(),
                range: "1, 10, 100, 1000".into()
            }
        );
        assert_eq!(ignored[3], Ignored::Unknown("bits".into()));
        assert!(matches!(&ignored[4], Ignored::Value { value, .. } if value == "<script>"));
    }
}

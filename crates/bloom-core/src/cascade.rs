//! A filter cascade encodes a set R exactly against a known universe U (Bloom filters of the
//! textbook's cascade; Larisch et al.'s CRLite, 2017, ships every revoked web certificate this way).
//! Level 1 is a filter of R; the items of U ∖ R it wrongly lets through become level 2's set; the
//! items of R that level 2 lets through become level 3's; and so on, until a level lets nothing
//! through. An item of U is in R exactly when the first level that rejects it is an even one (or,
//! if none rejects it, when the last level is odd) — no false positive, no false negative.

use super::bit_array::BitArray;
use super::hashing::ItemHashes;
use super::partitioned::{mixed, reduce};
use super::sizing::{optimal_bits, optimal_hashes};

/// The universe sizes a visitor can choose.
pub const UNIVERSE_RANGE: std::ops::RangeInclusive<u32> = 2..=200_000;
/// The most levels a cascade builds before giving up (it never needs nearly so many).
pub const MAX_LEVELS: usize = 64;
/// The rate of every level after the first, as CRLite chose.
pub const LATER_RATE: f64 = 0.5;

/// One level: a filter of the items it must let through.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// The bits.
    pub bits: BitArray,
    /// k.
    pub hashes: u32,
    /// How many items it was built from.
    pub items: u32,
    /// True for the levels built from items of R (1, 3, 5, …).
    pub of_included: bool,
}

impl Level {
    fn build(items: &[ItemHashes], rate: f64, depth: u32, of_included: bool) -> Self {
        let n = items.len().max(1) as f64;
        let bits = optimal_bits(n, rate).clamp(8.0, f64::from(u32::MAX / 2)) as u32;
        let hashes = optimal_hashes(f64::from(bits), n).clamp(1.0, 32.0) as u32;
        let mut level = Self {
            bits: BitArray::new(bits),
            hashes,
            items: items.len() as u32,
            of_included,
        };
        for &item in items {
            let indexes: Vec<u32> = level.indexes(item, depth).collect();
            for index in indexes {
                level.bits.set(index);
            }
        }
        level
    }

    /// The indexes at level `depth` (0-based): each level salts the hash with its depth, so an
    /// item that collides at one level is independent at the next.
    fn indexes(&self, item: ItemHashes, depth: u32) -> impl Iterator<Item = u32> + '_ {
        let salted = ItemHashes {
            fnv: item.fnv ^ u64::from(depth).wrapping_mul(0xD6E8_FEB8_6659_FD93),
            murmur: item.murmur.rotate_left(depth),
        };
        (0..self.hashes).map(move |i| reduce(mixed(salted, i), self.bits.len()))
    }

    fn contains(&self, item: ItemHashes, depth: u32) -> bool {
        self.indexes(item, depth).all(|index| self.bits.get(index))
    }
}

/// The levels that encode R against U.
#[derive(Debug, Clone, PartialEq)]
pub struct Cascade {
    levels: Vec<Level>,
}

impl Cascade {
    /// The cascade of `included` (R) against `excluded` (U ∖ R), level 1 at `first_rate`, the rest
    /// at [`LATER_RATE`].
    pub fn build(included: &[ItemHashes], excluded: &[ItemHashes], first_rate: f64) -> Self {
        let mut levels = Vec::new();
        let (mut inside, mut outside) = (included.to_vec(), excluded.to_vec());
        while !inside.is_empty() && levels.len() < MAX_LEVELS {
            let depth = levels.len() as u32;
            let rate = if depth == 0 { first_rate } else { LATER_RATE };
            let level = Level::build(&inside, rate, depth, depth.is_multiple_of(2));
            // Those of the other side this level lets through must be told apart by the next.
            let through: Vec<ItemHashes> = outside
                .into_iter()
                .filter(|&item| level.contains(item, depth))
                .collect();
            levels.push(level);
            outside = inside;
            inside = through;
        }
        Self { levels }
    }

    /// The levels, first to last.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// Bits of all levels together.
    pub fn total_bits(&self) -> u64 {
        self.levels
            .iter()
            .map(|level| u64::from(level.bits.len()))
            .sum()
    }

    /// Whether the item is in R, by walking the levels.
    pub fn contains(&self, item: ItemHashes) -> bool {
        for (depth, level) in self.levels.iter().enumerate() {
            if !level.contains(item, depth as u32) {
                // Rejected by a level of R's items (1, 3, …): not in R; by one of the others: in R.
                return !level.of_included;
            }
        }
        self.levels.last().is_some_and(|level| level.of_included)
    }
}

/// The universe of the demonstration: `size` certificate serial numbers, and which of them are
/// revoked — every `1/share`-th by a seeded choice of exactly `revoked` of them.
pub fn universe(size: u32, revoked: u32, seed: u64) -> (Vec<String>, Vec<String>) {
    let mut rng = super::words::SplitMix64::new(seed);
    let mut order: Vec<u32> = (0..size).collect();
    let revoked = revoked.min(size);
    for position in 0..revoked {
        let chosen = position + rng.below(size - position);
        order.swap(position as usize, chosen as usize);
    }
    let name = |index: &u32| format!("cert {index:06}");
    let mut inside: Vec<u32> = order[..revoked as usize].to_vec();
    let mut outside: Vec<u32> = order[revoked as usize..].to_vec();
    inside.sort_unstable();
    outside.sort_unstable();
    (
        inside.iter().map(name).collect(),
        outside.iter().map(name).collect(),
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::checks::hashed;
    use proptest::prelude::*;

    #[test]
    fn every_element_of_the_universe_is_classified_correctly() {
        let (revoked, valid) = universe(20_000, 500, 3);
        let (inside, outside) = (hashed(&revoked), hashed(&valid));
        let cascade = Cascade::build(&inside, &outside, 0.01);
        assert!(cascade.levels().len() >= 3, "{}", cascade.levels().len());
        assert!(inside.iter().all(|&item| cascade.contains(item)));
        assert!(outside.iter().all(|&item| !cascade.contains(item)));
        // Each level is built from what the one before let through of the other side, so each
        // side's sets shrink.
        let sizes: Vec<u32> = cascade.levels().iter().map(|level| level.items).collect();
        assert_eq!(sizes[0], 500);
        assert!(
            sizes.windows(3).all(|three| three[2] <= three[0]),
            "{sizes:?}"
        );
        // Far less than a bit per element of U.
        assert!(cascade.total_bits() < 20_000 / 2);
    }

    #[test]
    fn the_universe_splits_exactly_and_repeats_with_its_seed() {
        let (revoked, valid) = universe(100, 7, 9);
        assert_eq!((revoked.len(), valid.len()), (7, 93));
        assert_eq!(universe(100, 7, 9), (revoked.clone(), valid));
        assert!(revoked.iter().all(|name| name.starts_with("cert 0")));
        assert_eq!(universe(5, 9, 1).0.len(), 5);
    }

    #[test]
    fn nothing_revoked_needs_no_level() {
        let (revoked, valid) = universe(50, 0, 1);
        let cascade = Cascade::build(&hashed(&revoked), &hashed(&valid), 0.01);
        assert!(cascade.levels().is_empty());
        assert!(hashed(&valid).iter().all(|&item| !cascade.contains(item)));
    }

    proptest! {
        #[test]
        fn any_split_is_encoded_exactly(
            size in 2u32..600,
            share in 0u32..=100,
            seed in any::<u64>(),
            first_rate in 0.001f64..0.5,
        ) {
            let (revoked, valid) = universe(size, size * share / 100, seed);
            let (inside, outside) = (hashed(&revoked), hashed(&valid));
            let cascade = Cascade::build(&inside, &outside, first_rate);
            prop_assert!(inside.iter().all(|&item| cascade.contains(item)));
            prop_assert!(outside.iter().all(|&item| !cascade.contains(item)));
        }
    }
}

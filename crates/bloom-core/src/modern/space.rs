//! Bits per item against false-positive rate, for every structure of the chapter. No filter can
//! beat log₂(1/ε) bits per item (Carter et al., 1978): telling n items of a huge universe apart from
//! all but a share ε of the rest takes that many. A Bloom filter needs 1/ln 2 ≈ 1.44 times it;
//! blocking costs a little more; a cuckoo filter pays log₂(2b) extra bits and its empty slots; xor
//! and binary fuse filters pay only the 23 % and 12.5 % of unused cells. Fingerprint widths are taken
//! as real numbers here, as the formulas have them; a real filter rounds f up to whole bits.

use std::f64::consts::LN_2;

use super::{blocked, fuse, sbbf, xor};

/// The structures compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    /// The information-theoretic minimum, no structure at all.
    Minimum,
    /// The classic Bloom filter with the best k.
    Bloom,
    /// A blocked Bloom filter of 512-bit blocks with the best whole k.
    Blocked,
    /// Parquet's split-block filter (k = 8 in 256-bit blocks).
    SplitBlock,
    /// A cuckoo filter of 4-slot buckets at 95 % load.
    Cuckoo,
    /// An xor filter.
    Xor,
    /// A binary fuse filter of a million keys.
    BinaryFuse,
}

impl Structure {
    /// Every structure, the minimum first.
    pub const ALL: [Structure; 7] = [
        Structure::Minimum,
        Structure::Bloom,
        Structure::Blocked,
        Structure::SplitBlock,
        Structure::Cuckoo,
        Structure::Xor,
        Structure::BinaryFuse,
    ];
}

/// The load a cuckoo filter of 4-slot buckets reaches before inserts fail (Fan et al., 2014).
pub const CUCKOO_LOAD: f64 = 0.95;
/// The slots per bucket the comparison assumes.
pub const CUCKOO_SLOTS: u8 = 4;
/// The set size the binary fuse comparison assumes (its factor depends on n, reaching 1.125 here).
pub const FUSE_KEYS: u64 = 1_000_000;
/// The highest bits per item the searches look at: far beyond any rate an `f64` can tell from 0.
const MOST_BITS: f64 = 2_000.0;
/// The most hash functions the blocked filter's search tries.
const MOST_HASHES: u32 = 32;

/// log₂(1/ε): the fewest bits per item any structure can use at rate ε.
pub fn minimum_bits_per_item(rate: f64) -> f64 {
    -rate.log2()
}

/// log₂(1/ε)/ln 2 ≈ 1.44·log₂(1/ε): the Bloom filter's bits per item with the best k.
pub fn bloom_bits_per_item(rate: f64) -> f64 {
    minimum_bits_per_item(rate) / LN_2
}

/// The Bloom filter's rate at c bits per item with the best (real) k = c·ln 2: e^(−c·(ln 2)²).
pub fn bloom_rate(bits_per_item: f64) -> f64 {
    (-bits_per_item * LN_2 * LN_2).exp()
}

/// A blocked filter's rate at c bits per item in blocks of B bits with the best whole k (Putze et
/// al.'s Poisson form, a large filter).
pub fn blocked_rate(bits_per_item: f64, block_bits: u32) -> f64 {
    (1..=MOST_HASHES)
        .map(|k| blocked::poisson_rate(1.0, bits_per_item, f64::from(block_bits), f64::from(k)))
        .fold(1.0, f64::min)
}

/// The smallest c (to 10⁻⁹) at which `rate_at(c)` ≤ ε, for a rate falling as c grows; infinite
/// when even [`MOST_BITS`] bits do not reach ε, and 0 for ε ≥ 1.
fn bits_for(rate: f64, rate_at: impl Fn(f64) -> f64) -> f64 {
    if rate >= 1.0 {
        return 0.0;
    }
    if rate.is_nan() || rate <= 0.0 || rate_at(MOST_BITS) > rate {
        return f64::INFINITY;
    }
    let (mut low, mut high) = (0.0, MOST_BITS);
    while high - low > 1e-9 {
        let middle = 0.5 * (low + high);
        if rate_at(middle) <= rate {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}

/// Bits per item for a blocked filter of 512-bit blocks at rate ε.
pub fn blocked_bits_per_item(rate: f64) -> f64 {
    bits_for(rate, |c| blocked_rate(c, blocked::CACHE_LINE_BITS))
}

/// Bits per item for Parquet's split-block filter at rate ε (the inverse of
/// [`sbbf::rate_at_bits_per_value`]).
pub fn split_block_bits_per_item(rate: f64) -> f64 {
    bits_for(rate, sbbf::rate_at_bits_per_value)
}

/// A cuckoo filter's bits per item: f/α with f = log₂(2b/ε), the fingerprint that keeps 2b
/// comparisons at rate ε.
pub fn cuckoo_bits_per_item(rate: f64, slots: u8, load: f64) -> f64 {
    (2.0 * f64::from(slots) / rate).log2() / load
}

/// An xor filter's bits per item: 1.23·log₂(1/ε).
pub fn xor_bits_per_item(rate: f64) -> f64 {
    xor::SIZE_FACTOR * minimum_bits_per_item(rate)
}

/// A binary fuse filter's bits per item for n keys: its layout's cells per key times log₂(1/ε).
pub fn fuse_bits_per_item(rate: f64, keys: u64) -> f64 {
    fuse::bits_per_item(keys, 1) * minimum_bits_per_item(rate)
}

/// Bits per item of `structure` at rate ε.
pub fn bits_per_item(structure: Structure, rate: f64) -> f64 {
    match structure {
        Structure::Minimum => minimum_bits_per_item(rate),
        Structure::Bloom => bloom_bits_per_item(rate),
        Structure::Blocked => blocked_bits_per_item(rate),
        Structure::SplitBlock => split_block_bits_per_item(rate),
        Structure::Cuckoo => cuckoo_bits_per_item(rate, CUCKOO_SLOTS, CUCKOO_LOAD),
        Structure::Xor => xor_bits_per_item(rate),
        Structure::BinaryFuse => fuse_bits_per_item(rate, FUSE_KEYS),
    }
}

/// The rate of `structure` at c bits per item: the inverse of [`bits_per_item`].
pub fn rate(structure: Structure, bits_per_item: f64) -> f64 {
    let fingerprint = |cells_per_key: f64| 2f64.powf(-bits_per_item / cells_per_key);
    match structure {
        Structure::Minimum => fingerprint(1.0),
        Structure::Bloom => bloom_rate(bits_per_item),
        Structure::Blocked => blocked_rate(bits_per_item, blocked::CACHE_LINE_BITS),
        Structure::SplitBlock => sbbf::rate_at_bits_per_value(bits_per_item),
        Structure::Cuckoo => {
            // f = c·α, and the rate of 2b comparisons of f-bit fingerprints at that f.
            let bits = bits_per_item * CUCKOO_LOAD;
            (2.0 * f64::from(CUCKOO_SLOTS) * 2f64.powf(-bits)).min(1.0)
        }
        Structure::Xor => fingerprint(xor::SIZE_FACTOR),
        Structure::BinaryFuse => fingerprint(fuse::bits_per_item(FUSE_KEYS, 1)),
    }
}

/// One row of the comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpaceRow {
    /// The structure.
    pub structure: Structure,
    /// Its bits per item at the rate asked for.
    pub bits_per_item: f64,
    /// How many times the minimum that is.
    pub over_minimum: f64,
}

/// Every structure's bits per item at rate ε, against the minimum.
pub fn compare(rate: f64) -> Vec<SpaceRow> {
    let minimum = minimum_bits_per_item(rate);
    Structure::ALL
        .iter()
        .map(|&structure| {
            let bits = bits_per_item(structure, rate);
            SpaceRow {
                structure,
                bits_per_item: bits,
                over_minimum: bits / minimum,
            }
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::modern::cuckoo;
    use crate::modern::peel::BuildOptions;
    use crate::modern::testing::distinct_keys;
    use crate::sizing;

    #[test]
    fn the_minimum_is_the_count_of_sets_a_filter_must_tell_apart() {
        // A filter for n items of a universe U must give each n-set a representation that also
        // accepts at most εU items: at least C(U, n)/C(εU, n) representations, so
        // log₂ of that over n bits per item — summed directly, term by term.
        let (universe, items, rate) = (1e13f64, 1_000u32, 0.01);
        let total: f64 = (0..items)
            .map(|i| ((universe - f64::from(i)) / (rate * universe - f64::from(i))).log2())
            .sum();
        let per_item = total / f64::from(items);
        assert!(
            (per_item - minimum_bits_per_item(rate)).abs() < 1e-6,
            "{per_item}"
        );
    }

    #[test]
    fn the_bloom_filter_needs_1_44_times_the_minimum() {
        for rate in [0.1, 0.01, 1e-6] {
            // The sizing module's m = −n·ln p/(ln 2)², for a billion items.
            let from_sizing = sizing::optimal_bits(1e9, rate) / 1e9;
            assert!((bloom_bits_per_item(rate) - from_sizing).abs() < 1e-6);
            assert!((bloom_rate(bloom_bits_per_item(rate)) / rate - 1.0).abs() < 1e-9);
        }
        assert!((bloom_bits_per_item(0.5) - 1.0 / LN_2).abs() < 1e-12);
    }

    #[test]
    fn the_blocked_search_agrees_with_a_scan() {
        // Scanning c by 0.01 for the first that reaches 1 % with some k finds the bisection's c.
        let target = 0.01;
        let found = blocked_bits_per_item(target);
        let scanned = (0..3_000)
            .map(|step| 6.0 + f64::from(step) * 0.01)
            .find(|&c| {
                (1..=MOST_HASHES)
                    .any(|k| blocked::poisson_rate(1e6, 1e6 * c, 512.0, f64::from(k)) <= target)
            })
            .unwrap();
        assert!(
            found <= scanned && scanned - found < 0.0100001,
            "{found} vs {scanned}"
        );
        assert!(found > bloom_bits_per_item(target));
    }

    #[test]
    fn the_split_block_figures_match_the_parquet_spec() {
        // BloomFilter.md's table: 10.5 bits per value for 1 %, 16.9 for 0.1 %, 26.4 for 0.01 %.
        for (rate, bits) in [(0.01, 10.5), (0.001, 16.9), (0.0001, 26.4)] {
            let ours = split_block_bits_per_item(rate);
            assert!((ours / bits - 1.0).abs() < 0.01, "{rate}: {ours} vs {bits}");
        }
    }

    #[test]
    fn the_cuckoo_figure_matches_a_filter_filled_to_its_limit() {
        // f = ⌈log₂(2·4/0.001)⌉ = 13 bits; fill a table until an insert fails; its bits per item
        // are f/α, and the formula at that α with the real-valued f is just below.
        let rate = 0.001;
        let bits = cuckoo::fingerprint_bits_for(rate, 4) as u8;
        let mut filter = cuckoo::CuckooFilter::new(1 << 12, 4, bits, 1).unwrap();
        for key in distinct_keys(3, filter.capacity() as usize) {
            if filter.insert(key).is_err() {
                break;
            }
        }
        let formula = cuckoo_bits_per_item(rate, 4, filter.load());
        assert!(formula <= filter.bits_per_item() && filter.bits_per_item() - formula < 1.1);
        // Fan et al.'s (log₂(1/ε) + 3)/α for b = 4.
        let paper = (minimum_bits_per_item(rate) + 3.0) / 0.95;
        assert!((bits_per_item(Structure::Cuckoo, rate) - paper).abs() < 1e-9);
    }

    #[test]
    fn the_xor_and_fuse_figures_match_built_filters() {
        let keys = distinct_keys(12, 200_000);
        let options = BuildOptions {
            fingerprint_bits: 16,
            ..BuildOptions::default()
        };
        let xor = xor::XorFilter::build(&keys, options).unwrap();
        let fuse = fuse::BinaryFuseFilter::build(&keys, options).unwrap();
        let rate = 2f64.powi(-16);
        assert!((xor.bits_per_item() / xor_bits_per_item(rate) - 1.0).abs() < 0.001);
        assert!((fuse.bits_per_item() - fuse_bits_per_item(rate, 200_000)).abs() < 1e-9);
        assert!(fuse.bits_per_item() < xor.bits_per_item());
    }

    #[test]
    fn each_rate_formula_inverts_its_bits_formula() {
        for structure in Structure::ALL {
            for target in [0.05, 0.003, 1e-5] {
                let bits = bits_per_item(structure, target);
                let back = rate(structure, bits);
                assert!(
                    (back / target - 1.0).abs() < 1e-6,
                    "{structure:?} at {target}: {bits} bits give {back}"
                );
            }
        }
    }

    #[test]
    fn the_order_of_the_structures_at_one_percent() {
        let rows = compare(0.01);
        let bits = |structure| {
            rows.iter()
                .find(|row| row.structure == structure)
                .unwrap()
                .bits_per_item
        };
        use Structure::*;
        assert!(bits(Minimum) < bits(BinaryFuse));
        assert!(bits(BinaryFuse) < bits(Xor));
        assert!(bits(Xor) < bits(Bloom));
        assert!(bits(Bloom) < bits(Blocked));
        assert!(bits(Blocked) < bits(SplitBlock));
        assert!((rows[0].over_minimum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn absurd_rates_give_numbers_not_panics() {
        for rate in [0.0, -1.0, f64::NAN, 1e-320] {
            for structure in Structure::ALL {
                let bits = bits_per_item(structure, rate);
                assert!(bits.is_nan() || bits >= 0.0, "{structure:?} {rate}: {bits}");
            }
        }
        assert_eq!(blocked_bits_per_item(1.0), 0.0);
        assert_eq!(blocked_bits_per_item(0.0), f64::INFINITY);
        assert_eq!(split_block_bits_per_item(2.0), 0.0);
        assert_eq!(compare(0.5).len(), Structure::ALL.len());
    }
}

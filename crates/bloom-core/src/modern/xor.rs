//! The xor filter (Graf and Lemire, 2020): an array of ⌊1.23·n⌋ + 32 cells of f bits, cut into
//! three equal segments; a key hashes to one cell in each, and the filter answers "maybe" when the
//! xor of the three cells equals the key's f-bit fingerprint. The cells are found once, by peeling
//! (see [`peel`](super::peel)); a key never inserted matches by chance, with probability 2^(−f).
//! That is 1.23·f bits per key — 23 % above the minimum, where a Bloom filter of the same rate needs
//! 44 % — but the filter is static: nothing can be added after it is built.

use super::peel::MAX_CELLS;
use super::peel::{distinct, BuildError, BuildOptions, CellLayout, PeelStep, ThreeCellFilter};

/// Cells per key: 1.23, just above the 3-hypergraph's peeling threshold of about 1.222.
pub const SIZE_FACTOR: f64 = 1.23;
/// Cells added to every array, so that small sets peel too.
pub const EXTRA_CELLS: u64 = 32;

/// ⌊(x mod 2³²)·range / 2³²⌋: the low 32 bits of x onto 0 … range − 1.
fn reduce32(x: u64, range: u32) -> u32 {
    ((u64::from(x as u32) * u64::from(range)) >> 32) as u32
}

/// The segment length for `keys` keys at `factor` cells per key: (32 + ⌈factor·n⌉) / 3, as the
/// reference code sizes it (the array is three segments).
pub fn segment_length(keys: u64, factor: f64) -> u64 {
    // `as` saturates and so does the addition: an absurd size is refused later, never wrapped.
    EXTRA_CELLS.saturating_add((factor * keys as f64).ceil() as u64) / 3
}

/// The xor filter's layout: three equal segments, a key's cells one in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segments {
    /// Cells in a segment.
    pub segment_length: u32,
}

impl Segments {
    /// The layout of `keys` keys at `factor` cells per key (plus 32).
    pub fn sized(keys: u64, factor: f64) -> Result<Self, BuildError> {
        let segment = segment_length(keys, factor.max(0.0));
        if 3 * segment > MAX_CELLS as u64 {
            return Err(BuildError::TooLarge);
        }
        Ok(Self {
            segment_length: segment as u32,
        })
    }
}

impl CellLayout for Segments {
    fn for_keys(keys: u64) -> Result<Self, BuildError> {
        Self::sized(keys, SIZE_FACTOR)
    }

    fn array_length(&self) -> usize {
        3 * self.segment_length as usize
    }

    fn cells(&self, hash: u64) -> [u32; 3] {
        cells_of(hash, self.segment_length)
    }
}

/// A built xor filter (see [`ThreeCellFilter`]): 1.23 cells per key.
pub type XorFilter = ThreeCellFilter<Segments>;

impl XorFilter {
    /// Builds it at `factor` cells per key (plus 32): below about 1.222 peeling fails for large
    /// sets, however many seeds are tried.
    pub fn build_sized(
        keys: &[u64],
        options: BuildOptions,
        factor: f64,
    ) -> Result<(Self, Vec<PeelStep>), BuildError> {
        let keys = distinct(keys);
        Self::build_on(&keys, Segments::sized(keys.len() as u64, factor)?, options)
    }
}

/// The three cells of a seeded hash: ⌊x·s / 2³²⌋ + i·s for x = the hash rotated by 0, 21 and 42
/// bits (low 32 bits), s the segment length — one cell in each segment.
fn cells_of(hash: u64, segment: u32) -> [u32; 3] {
    std::array::from_fn(|i| reduce32(hash.rotate_left(21 * i as u32), segment) + i as u32 * segment)
}

/// The rate: 2^(−f), the chance that a key never inserted finds its fingerprint as the xor.
pub fn rate(fingerprint_bits: u8) -> f64 {
    2f64.powi(-i32::from(fingerprint_bits))
}

/// Bits per key for n keys: (32 + ⌈1.23·n⌉) rounded down to three segments, times f, over n —
/// 1.23·f for large n.
pub fn bits_per_item(keys: u64, fingerprint_bits: u8) -> f64 {
    3.0 * segment_length(keys, SIZE_FACTOR) as f64 * f64::from(fingerprint_bits) / keys as f64
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::modern::testing::{distinct_keys, options};

    #[test]
    fn bits_per_key_approach_1_23_f() {
        let keys = distinct_keys(5, 100_000);
        let filter = XorFilter::build(&keys, options(8, 0)).unwrap();
        let counted = filter.cells().len() as f64 * 8.0 / 100_000.0;
        assert!((filter.bits_per_item() - counted).abs() < 1e-12);
        assert!((bits_per_item(100_000, 8) - counted).abs() < 1e-12);
        // Graf and Lemire's 9.84 bits per key for 8-bit fingerprints.
        assert!((counted - 9.84).abs() < 0.01, "{counted}");
    }

    #[test]
    fn retries_are_rare_at_1_23_and_certain_below_the_threshold() {
        // Measured: 40 builds of 2,000 keys. Near the threshold a finite hypergraph still fails now
        // and then (about one seed in ten here), but far less than every other time.
        let attempts = |count: usize, builds: u64| -> u32 {
            let keys = distinct_keys(count as u64, count);
            (0..builds)
                .map(|seed| {
                    XorFilter::build(&keys, options(8, seed))
                        .unwrap()
                        .attempts()
                })
                .sum()
        };
        let small = attempts(2_000, 40);
        assert!((40..80).contains(&small), "{small} attempts for 40 builds");
        // The window around the threshold narrows as n grows: 100,000 keys peel at once.
        let large = attempts(100_000, 4);
        assert!(large <= 5, "{large} attempts for 4 builds");
        // One cell per key is far below the threshold: no seed peels.
        let few = BuildOptions {
            max_attempts: 5,
            ..options(8, 0)
        };
        let result = XorFilter::build_sized(&distinct_keys(8, 10_000), few, 1.0);
        assert_eq!(result.err(), Some(BuildError::Unpeelable { attempts: 5 }));
        // Absurd sizes are refused before anything is allocated.
        for factor in [1e12, f64::INFINITY] {
            let huge = XorFilter::build_sized(&[1, 2, 3], few, factor);
            assert_eq!(huge.err(), Some(BuildError::TooLarge), "{factor}");
        }
        assert_eq!(segment_length(u64::MAX, SIZE_FACTOR), u64::MAX / 3);
    }

    #[test]
    fn the_trace_lists_every_key_once_with_its_cells() {
        let keys = distinct_keys(9, 300);
        let (filter, order) = XorFilter::build_traced(&keys, options(16, 1)).unwrap();
        assert_eq!(order.len(), 300);
        let mut seen: Vec<u64> = order.iter().map(|step| step.key).collect();
        seen.sort_unstable();
        assert_eq!(seen, distinct(&keys));
        for step in &order {
            assert_eq!(step.cells, filter.cells_of(step.key));
            assert!(step.cells.contains(&step.cell));
        }
        // One cell per segment.
        let segment = filter.cells().len() as u32 / 3;
        for (i, &cell) in filter.cells_of(42).iter().enumerate() {
            assert_eq!(cell / segment, i as u32);
        }
    }

    #[test]
    fn repeated_and_missing_keys_do_not_break_the_build() {
        let filter = XorFilter::build(&[5, 5, 5, 9], BuildOptions::default()).unwrap();
        assert_eq!(filter.len(), 2);
        assert!(filter.contains(5) && filter.contains(9));
        let empty = XorFilter::build(&[], BuildOptions::default()).unwrap();
        assert!(empty.is_empty());
        assert!(empty.bits_per_item().is_infinite());
        assert_eq!(
            XorFilter::build(&[1], options(0, 0)).err(),
            Some(BuildError::FingerprintBits)
        );
    }
}

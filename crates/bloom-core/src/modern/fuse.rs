//! The binary fuse filter (Graf and Lemire, 2022, "Binary Fuse Filters: Fast and Smaller Than Xor
//! Filters"): the xor filter's query — the xor of three cells equals the key's fingerprint — over a
//! different layout. The array is many short segments of a power-of-two length; a key picks a
//! segment s and takes one cell in each of s, s + 1 and s + 2. Such overlapping "fused" edges peel
//! at far fewer cells per key: about 1.125 for large sets instead of 1.23, so 1.125·f bits per key,
//! 13 % above the minimum. Like the xor filter it is static: built once, never added to.

use super::peel::{BuildError, CellLayout, ThreeCellFilter};

/// The longest segment the reference code uses: 2¹⁸ cells.
pub const MAX_SEGMENT_LENGTH: u64 = 1 << 18;

/// Where a set of n keys puts its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Cells in a segment, a power of two.
    pub segment_length: u32,
    /// Segments a key's first cell may fall in (the array has two more).
    pub segment_count: u32,
    /// Cells in all: (segment count + 2)·segment length.
    pub array_length: u32,
}

/// The segment length for n keys (arity 3): 2^⌊ln n / ln 3.33 + 2.25⌋, at most 2¹⁸; 4 for n ≤ 1.
pub fn segment_length(keys: u64) -> u64 {
    if keys <= 1 {
        return 4;
    }
    let exponent = ((keys as f64).ln() / 3.33f64.ln() + 2.25).floor();
    // Past 2¹⁸ the cap applies anyway; clamping first keeps the shift in range.
    (1u64 << exponent.clamp(0.0, 18.0) as u32).min(MAX_SEGMENT_LENGTH)
}

/// Cells per key before the segments round it (arity 3): max(1.125, 0.875 + 0.25·ln 10⁶ / ln n);
/// 0 for n ≤ 1.
pub fn size_factor(keys: u64) -> f64 {
    if keys <= 1 {
        return 0.0;
    }
    (0.875 + 0.25 * 1e6f64.ln() / (keys as f64).ln()).max(1.125)
}

impl Layout {
    /// The reference code's layout for n keys: capacity round(n·factor); segment count
    /// ⌈capacity / length⌉ − 2, at least 1; array (count + 2)·length.
    pub fn for_keys(keys: u64) -> Result<Self, BuildError> {
        let length = segment_length(keys);
        let capacity = (keys as f64 * size_factor(keys)).round() as u64;
        let count = capacity.div_ceil(length).saturating_sub(2).max(1);
        let array = (count + 2)
            .checked_mul(length)
            .ok_or(BuildError::TooLarge)?;
        let too_large = |_| BuildError::TooLarge;
        Ok(Self {
            segment_length: u32::try_from(length).map_err(too_large)?,
            segment_count: u32::try_from(count).map_err(too_large)?,
            array_length: u32::try_from(array).map_err(too_large)?,
        })
    }

    /// The three cells of a seeded hash: h₀ = ⌊h·(count·length) / 2⁶⁴⌋, then h₁ = h₀ + length and
    /// h₂ = h₀ + 2·length, each moved inside its segment by xor with (h >> 18) and h masked to the
    /// segment length.
    pub fn cells(&self, hash: u64) -> [u32; 3] {
        let span = u64::from(self.segment_count) * u64::from(self.segment_length);
        let first = ((u128::from(hash) * u128::from(span)) >> 64) as u32;
        let mask = self.segment_length - 1;
        [
            first,
            (first + self.segment_length) ^ ((hash >> 18) as u32 & mask),
            (first + 2 * self.segment_length) ^ (hash as u32 & mask),
        ]
    }
}

impl CellLayout for Layout {
    fn for_keys(keys: u64) -> Result<Self, BuildError> {
        Layout::for_keys(keys)
    }

    fn array_length(&self) -> usize {
        self.array_length as usize
    }

    fn cells(&self, hash: u64) -> [u32; 3] {
        Layout::cells(self, hash)
    }
}

/// A built binary fuse filter (see [`ThreeCellFilter`]).
pub type BinaryFuseFilter = ThreeCellFilter<Layout>;

/// Bits per key for n keys with f-bit fingerprints: the layout's array length·f / n, which tends
/// to 1.125·f.
pub fn bits_per_item(keys: u64, fingerprint_bits: u8) -> f64 {
    Layout::for_keys(keys).map_or(f64::INFINITY, |layout| {
        f64::from(layout.array_length) * f64::from(fingerprint_bits) / keys as f64
    })
}

/// The rate: 2^(−f), as for the xor filter.
pub fn rate(fingerprint_bits: u8) -> f64 {
    super::xor::rate(fingerprint_bits)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::modern::testing::{distinct_keys, options};

    #[test]
    fn the_layout_follows_the_papers_formulas() {
        // Written out again from the paper's definitions, for a range of n.
        for keys in [2u64, 10, 1_000, 65_536, 1_000_000, 100_000_000] {
            let n = keys as f64;
            let length = 2f64
                .powf((n.ln() / 3.33f64.ln() + 2.25).floor())
                .min(262_144.0);
            let factor = (0.875 + 0.25 * (1e6f64).ln() / n.ln()).max(1.125);
            let capacity = (n * factor).round();
            let count = ((capacity / length).ceil() - 2.0).max(1.0);
            let layout = Layout::for_keys(keys).unwrap();
            assert_eq!(f64::from(layout.segment_length), length, "{keys}");
            assert_eq!(f64::from(layout.segment_count), count, "{keys}");
            assert_eq!(f64::from(layout.array_length), (count + 2.0) * length);
        }
        assert_eq!(Layout::for_keys(0).unwrap().array_length, 12);
        assert!(Layout::for_keys(u64::MAX).is_err());
    }

    #[test]
    fn bits_per_key_approach_1_125_f_for_large_sets() {
        // The size factor reaches 1.125 at a million keys; the segments add a little on top.
        assert_eq!(size_factor(1_000_000), 1.125);
        let large = bits_per_item(100_000_000, 8);
        assert!((large / 8.0 - 1.125).abs() < 0.01, "{large}");
        let small = bits_per_item(10_000, 8);
        assert!(small > large, "{small} vs {large}");
        // A built filter has exactly the layout's cells.
        let keys = distinct_keys(3, 50_000);
        let filter = BinaryFuseFilter::build(&keys, options(8, 0)).unwrap();
        assert_eq!(filter.bits_per_item(), bits_per_item(50_000, 8));
        assert!(filter.bits_per_item() < crate::modern::xor::bits_per_item(50_000, 8));
    }

    #[test]
    fn retries_are_counted_and_rare() {
        // Measured: 40 builds of 5,000 keys; the reference code expects almost every first seed to
        // peel at these sizes.
        let keys = distinct_keys(6, 5_000);
        let attempts: u32 = (0..40)
            .map(|seed| {
                BinaryFuseFilter::build(&keys, options(8, seed))
                    .unwrap()
                    .attempts()
            })
            .sum();
        assert!(
            (40..40 + 8).contains(&attempts),
            "{attempts} attempts for 40 builds"
        );
    }

    #[test]
    fn the_trace_and_the_cells_agree() {
        let keys = distinct_keys(2, 500);
        let (filter, order) = BinaryFuseFilter::build_traced(&keys, options(16, 5)).unwrap();
        assert_eq!(order.len(), 500);
        let length = filter.layout().segment_length;
        for step in &order {
            assert_eq!(step.cells, filter.cells_of(step.key));
            // Three consecutive segments.
            let segment = step.cells[0] / length;
            assert_eq!(step.cells[1] / length, segment + 1);
            assert_eq!(step.cells[2] / length, segment + 2);
        }
        let empty = BinaryFuseFilter::build(&[], options(8, 0)).unwrap();
        assert!(empty.is_empty() && empty.bits_per_item().is_infinite());
        let one = BinaryFuseFilter::build(&[7, 7], options(8, 0)).unwrap();
        assert!(one.contains(7) && one.len() == 1);
    }
}

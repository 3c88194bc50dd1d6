//! Case 2, an index too narrow for its array (Spark, SPARK-47547, pull request 50933, 2025). Spark's
//! filter combined two 32-bit MurmurHash3 values as h1 + i·h2 in `int` arithmetic, flipped negative
//! sums and took the result mod m. The sum is below 2³¹, so in a filter of more than 2³¹ bits every
//! bit past 2³¹ stays 0 for ever: the filter behaves as one of 2³¹ bits holding all the items. Sized
//! for a billion items at 1 %, it measured about 76 %. The fix (a version 2 of the filter's
//! format) carries the combination in 64 bits.
//!
//! Scaled down, the sum is carried in 16 bits (below 2¹⁵ once flipped) on arrays past 2¹⁵ bits.

use crate::murmur::x86_32 as murmur3_x86_32;

/// The widest index the scaled-down derivation can produce, plus one: 2¹⁵.
pub const REACH: u64 = 1 << 15;

shown_derivations!("truncated");

/// Spark's derivation, scaled down: h1 = Murmur3(key, 0), h2 = Murmur3(key, h1), then
/// g_i = (h1 + i·h2 in 16-bit arithmetic, negative sums flipped) mod m.
pub use shown::buggy;
/// The fix (Spark's `BloomFilterImplV2`): the same two hashes combined in 64 bits — h1·(2³¹ − 1),
/// then h2 added once per index, negative sums flipped, mod m — so any bit can be reached.
pub use shown::fixed;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_buggy_derivation_never_reaches_past_two_to_the_fifteen() {
        let bits = 4 * REACH + 123;
        let mut highest = 0;
        for i in 0..20_000u32 {
            let key = i.to_string();
            highest = buggy(key.as_bytes(), bits, 7).fold(highest, u64::max);
        }
        assert!(highest < REACH, "{highest}");
        assert!(highest > REACH - 100, "it does reach near 2¹⁵: {highest}");
        let reach = (0..20_000u32)
            .flat_map(|i| fixed(i.to_string().as_bytes(), bits, 7).collect::<Vec<_>>())
            .max()
            .unwrap_or(0);
        assert!(reach > bits - 100, "{reach}");
    }
}

//! Case 1, modulo bias (Guava issue 1119, 2012). Guava's `MURMUR128_MITZ_32` combined two 32-bit
//! halves of MurmurHash3 in `int` arithmetic, flipped negative sums to make x uniform below 2³¹, and
//! took x mod m. When m does not divide 2³¹ the remainders are not uniform: with m = 3·2²⁹ the
//! remainders below 2²⁹ are reached from two values of x and the rest from one, so the low third of
//! the array is hit twice as often, fills faster, and the filter answers "maybe" more often than its
//! size promises (the report measured 3·10⁻⁶ for a promised 10⁻⁶). Guava 17 fixed it with 64-bit
//! arithmetic (`MURMUR128_MITZ_64`), where the same remainder is uneven by one part in 2³².
//!
//! Scaled down, x keeps only its top 16 bits (uniform below 2¹⁶) and m = 3·2¹⁴.

use crate::murmur;

/// The classroom array: 3·2¹⁴ bits, the report's 3·2²⁹ scaled down as x is.
pub const BITS: u64 = 3 << 14;

shown_derivations!("modulo_bias");

/// Guava's 32-bit derivation, scaled down: g_i = (x_i mod m) with x_i the top 16 of the 31 bits of
/// h1 + i·h2 (in 32-bit arithmetic, negative sums flipped).
pub use shown::buggy;
/// Guava 17's 64-bit derivation: h1 + i·h2 on the two 64-bit halves, its sign bit cleared, mod m.
pub use shown::fixed;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn remainders_below_a_third_come_from_two_values() {
        // Counting every x below 2¹⁶ once: the remainder r < 2¹⁴ is hit by r and r + m.
        let mut hits = vec![0u32; BITS as usize];
        for x in 0..1u64 << 16 {
            hits[(x % BITS) as usize] += 1;
        }
        assert!(hits[..1 << 14].iter().all(|&h| h == 2));
        assert!(hits[1 << 14..].iter().all(|&h| h == 1));
    }
}

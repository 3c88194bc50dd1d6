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

/// Guava's 32-bit derivation, scaled down: g_i = (x_i mod m) with x_i the top 16 of the 31 bits of
/// h1 + i·h2 (in 32-bit arithmetic, negative sums flipped).
pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (low, _) = murmur::x64_128(key, 0);
    let (h1, h2) = (low as i32, (low >> 32) as i32);
    (1..=hashes as i32).map(move |i| {
        let mut combined = h1.wrapping_add(i.wrapping_mul(h2));
        if combined < 0 {
            combined = !combined;
        }
        // Uniform below 2³¹; its top 16 bits are uniform below 2¹⁶.
        let x = (combined >> 15) as u64;
        x % bits
    })
}

/// Guava 17's 64-bit derivation: h1 + i·h2 on the two 64-bit halves, its sign bit cleared, mod m.
pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (h1, h2) = murmur::x64_128(key, 0);
    (1..=u64::from(hashes))
        .map(move |i| (h1.wrapping_add(i.wrapping_mul(h2)) & (u64::MAX >> 1)) % bits)
}

/// The buggy derivation as the page shows it.
pub const BUGGY_CODE: &str = r#"pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (low, _) = murmur::x64_128(key, 0);
    let (h1, h2) = (low as i32, (low >> 32) as i32);
    (1..=hashes as i32).map(move |i| {
        let mut combined = h1.wrapping_add(i.wrapping_mul(h2));
        if combined < 0 {
            combined = !combined;
        }
        // Uniform below 2³¹; its top 16 bits are uniform below 2¹⁶.
        let x = (combined >> 15) as u64;
        x % bits
    })
}"#;

/// The fixed derivation as the page shows it.
pub const FIXED_CODE: &str = r#"pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (h1, h2) = murmur::x64_128(key, 0);
    (1..=u64::from(hashes))
        .map(move |i| (h1.wrapping_add(i.wrapping_mul(h2)) & (u64::MAX >> 1)) % bits)
}"#;

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

//! Case 7, a step that shares a factor with m (Dillinger and Manolios, "Bloom filters in
//! probabilistic verification", 2004). Double hashing g_i = h1 + i·h2 mod m visits only m/d
//! different bits when d = gcd(h2, m): if m/d < k, the item's k indexes repeat and it sets — and a
//! query tests — fewer than k bits. With m a power of two, one key in m has h2 ≡ 0 and tests a single
//! bit, one in m has h2 ≡ m/2 and tests two, and so on; for a filter sized for a small rate with
//! large k, those few keys answer "maybe" so often that they outnumber all the others' false
//! positives. The playground shows it: at m = 48 some words set one bit. Two fixes: enhanced double
//! hashing, which adds a growing amount to the step (g_i = g_(i−1) + s_(i−1), s_i = s_(i−1) + i), or
//! an odd step when m is a power of two (then gcd(h2, m) = 1).

use crate::hashing::fnv1a_64;
use crate::murmur::x86_32 as murmur3_x86_32;

/// The classroom filter: m = 2¹⁹, k = 20, sized for n = m·ln 2 / k ≈ 18,170 items.
pub const CLASSROOM: (u64, u64, u32) = (18_170, 1 << 19, 20);
/// Strangers the classroom run queries: twenty million, for a promise of about 10⁻⁶.
pub const CLASSROOM_QUERIES: u64 = 20_000_000;

fn base_and_step(key: &[u8], bits: u64) -> (u64, u64) {
    (
        fnv1a_64(key) % bits,
        u64::from(murmur3_x86_32(key, 0)) % bits,
    )
}

shown_derivations!("shared_factor");

/// Plain double hashing, the playground's: g_i = (h1 + i·h2) mod m, h1 = FNV-1a 64 mod m,
/// h2 = MurmurHash3 mod m.
pub use shown::buggy;
/// Enhanced double hashing from the same two hashes: g_0 = h1, then g_i = g_(i−1) + s, s += i
/// (mod m). The step changes every time, so no gcd can trap it in a short cycle.
pub use shown::fixed;

/// The other fix, for m a power of two: the step made odd, so it shares no factor with m.
pub fn odd_step(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (base, step) = base_and_step(key, bits);
    let step = step | 1;
    (0..u64::from(hashes)).map(move |i| (base + i * step) % bits)
}

/// How many different bits `indexes` names.
pub fn distinct(indexes: impl Iterator<Item = u64>) -> usize {
    let mut seen: Vec<u64> = indexes.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn euclid(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            euclid(b, a % b)
        }
    }

    #[test]
    fn a_step_with_factor_d_visits_m_over_d_bits() {
        let (_, bits, hashes) = CLASSROOM;
        let (mut short, mut fewest, mut total) = (0, usize::MAX, 0);
        for i in 0..100_000u32 {
            let key = format!("7-q{i}");
            let (_, step) = base_and_step(key.as_bytes(), bits);
            let gcd = euclid(bits, step);
            let expected = (bits / gcd).min(u64::from(hashes)) as usize;
            assert_eq!(distinct(buggy(key.as_bytes(), bits, hashes)), expected);
            assert_eq!(
                distinct(odd_step(key.as_bytes(), bits, hashes)),
                hashes as usize
            );
            let enhanced = distinct(fixed(key.as_bytes(), bits, hashes));
            fewest = fewest.min(enhanced);
            total += enhanced;
            short += usize::from(expected < hashes as usize);
        }
        // Steps that are multiples of m/16 = 2¹⁵: one key in 32,768.
        assert!(short <= 15, "{short}");
        // Enhanced double hashing: no short cycles, and hardly a repeat.
        assert!(fewest >= hashes as usize / 2, "{fewest}");
        assert!(
            total as f64 / 100_000.0 > f64::from(hashes) - 0.05,
            "{total}"
        );
    }
}

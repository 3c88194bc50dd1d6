//! Case 5, a size that wrapped (RedisBloom issue 9, 2017). The module rounded each filter up to a
//! power of two, m = 2^b, and reduced hashes with a modulus written `1 << b` — in 32-bit arithmetic.
//! A filter for 350 million items at 1 % needs 2³² bits: `1 << 32` does not fit in 32 bits (C leaves
//! the shift undefined; x86 shifts by 32 mod 32 = 0), the modulus came out as 1, and every index was
//! bit 0. The first item set it; from then on every query found its "k bits" set and the filter
//! answered "maybe" for everything while reporting its full size. The fix computes the modulus in
//! 64 bits. This project keeps every size and index in 64-bit integers, sizes with the formula in
//! floating point, and refuses, with a message, a filter larger than the page can hold.
//!
//! Scaled down, the modulus is computed in 16 bits, and the filter needs 2¹⁶ bits.

use super::Variant;
use crate::keys::{write_key, KeyRole, KeyShape};
use crate::murmur;

/// The classroom filter: 6,000 items at 1 % need 57,511 bits, rounded up to 2¹⁶; k = 7.
pub const CLASSROOM: (u64, u64, u32) = (6_000, 1 << 16, 7);

/// log₂ m for the power of two m.
fn exponent(bits: u64) -> u32 {
    bits.max(1).ilog2()
}

shown_derivations!("size_overflow");

/// The scaled-down bug: the modulus `1 << b` in 16-bit arithmetic, where a shift by 16 wraps to a
/// shift by 0 (as x86 does with 32 in 32 bits).
pub use shown::buggy_modulus;
/// The fix: the modulus in 64 bits.
pub use shown::fixed_modulus;

/// The key's k indexes: g_i = (h1 + i·h2) mod the modulus, from MurmurHash3 x64_128's halves.
fn indexes(key: &[u8], modulus: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (h1, h2) = murmur::x64_128(key, 0);
    (0..u64::from(hashes)).map(move |i| h1.wrapping_add(i.wrapping_mul(h2)) % modulus)
}

/// The fixed filter's derivation (for the lab's worker, which replays only fixed filters of this case).
pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    indexes(key, fixed_modulus(bits), hashes)
}

/// Strangers a filter of `setup.bits` bits holding `setup.items` keys answers "maybe" for, out of
/// `setup.queries`.
pub fn false_positives(variant: Variant, setup: &super::Setup) -> u64 {
    let modulus = match variant {
        Variant::Buggy => buggy_modulus(setup.bits),
        Variant::Fixed => fixed_modulus(setup.bits),
    };
    let mut words = vec![0u64; setup.bits.div_ceil(64) as usize];
    let mut key = Vec::new();
    for index in 0..setup.items {
        write_key(KeyShape::Short, KeyRole::Member, 5, index, &mut key);
        for bit in indexes(&key, modulus, setup.hashes) {
            words[(bit / 64) as usize] |= 1 << (bit % 64);
        }
    }
    (0..setup.queries)
        .filter(|&index| {
            write_key(KeyShape::Short, KeyRole::Stranger, 5, index, &mut key);
            indexes(&key, modulus, setup.hashes)
                .all(|bit| words[(bit / 64) as usize] & (1 << (bit % 64)) != 0)
        })
        .count() as u64
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::bugs::{setup, Case, Scale};
    use crate::derivation::LabScheme;
    use crate::lab::{LabError, LabFilter, MAX_BITS};

    #[test]
    fn the_modulus_wraps_to_one() {
        assert_eq!(buggy_modulus(1 << 16), 1);
        assert_eq!(buggy_modulus(1 << 15), 1 << 15);
        assert_eq!(fixed_modulus(1 << 16), 1 << 16);
        // The original, in 32 bits: 1 << 32 wraps the same way.
        assert_eq!(1u32.wrapping_shl(32), 1);
    }

    #[test]
    fn the_wrapped_filter_says_maybe_to_everything() {
        let setup = setup(Case::SizeOverflow, Scale::Classroom);
        assert_eq!(false_positives(Variant::Buggy, &setup), setup.queries);
        let fixed = false_positives(Variant::Fixed, &setup);
        let (low, high) = super::super::likely_counts(setup.formula_rate(), setup.queries);
        assert!(
            (low..=high).contains(&fixed),
            "{fixed} not in {low}..={high}"
        );
    }

    #[test]
    fn this_project_refuses_what_it_cannot_hold() {
        assert_eq!(
            LabFilter::new(1 << 32, 7, LabScheme::Site),
            Err(LabError::Bits)
        );
        assert_eq!(
            LabFilter::new(MAX_BITS + 1, 7, LabScheme::Site),
            Err(LabError::Bits)
        );
    }
}

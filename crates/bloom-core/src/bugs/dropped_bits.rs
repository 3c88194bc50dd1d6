//! Case 4, bits of the hash used twice and the rest thrown away (Caffeine issue 85, 2016). Caffeine's
//! filter (its cache's doorkeeper) keeps 64-bit words, a power of two of them; each of its four
//! hashes picks a word from the hash's low bits (`hash & tableMask`) and a bit inside it from
//! `(hash >>> 8) & 63`. Once the table has more than 2⁸ words the two overlap: bits 8 and up are
//! already spent choosing the word, so inside each word only a few positions can ever be set — with
//! 2¹³ words, two of the 64. The filter behaves as one a thirty-second of its size, and as a table
//! grows its rate climbs: the reporter measured 2.6 %, 15.6 %, 92.9 % and then 100 % false positives
//! at 1,024 … 65,536 items for a promised 3 %. The fix takes the word from the hash's top bits
//! (`hash >>> tableShift`) and the bit from its low six (`hash & 63`), which never overlap.

use crate::murmur;

/// The classroom filter: 65,536 items, 2¹³ words (2¹⁹ bits, the table Caffeine sizes for 3 %), k = 4.
pub const CLASSROOM: (u64, u64, u32) = (65_536, 1 << 19, 4);

/// Caffeine's four seeds (from FNV-1a, CityHash and MurmurHash3).
const SEED: [u64; 4] = [
    0xc3a5_c85c_97cb_3127,
    0xb492_b66f_be98_f273,
    0x9ae1_6a3b_2f90_404f,
    0xcbf2_9ce4_8422_2325,
];

/// Caffeine's supplemental hash over the key's 32-bit hash.
fn spread(mut x: u32) -> u32 {
    x = ((x >> 16) ^ x).wrapping_mul(0x045d_9f3b);
    x = ((x >> 16) ^ x).wrapping_mul(0x045d_9f3b);
    (x >> 16) ^ x
}

/// Hash number `i` of the item: (item + seed)·seed, folded to 32 bits.
fn seeded(item: u32, i: usize) -> u32 {
    let seed = SEED[i % SEED.len()];
    let mut hash = u64::from(item).wrapping_add(seed).wrapping_mul(seed);
    hash = hash.wrapping_add(hash >> 32);
    hash as u32
}

fn item(key: &[u8]) -> u32 {
    spread(murmur::x86_32(key, 0))
}

shown_derivations!("dropped_bits");

/// The shipped derivation: word = hash & (words − 1), bit = (hash >>> 8) & 63.
pub use shown::buggy;
/// The fix: word = hash >>> (32 − log₂ words), bit = hash & 63.
pub use shown::fixed;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn in_a_table_of_two_to_the_thirteen_words_each_word_has_two_usable_bits() {
        let (_, bits, hashes) = CLASSROOM;
        let mut used = vec![0u64; (bits / 64) as usize];
        let mut fixed_used = vec![0u64; (bits / 64) as usize];
        for i in 0..200_000u32 {
            let key = i.to_string();
            for index in buggy(key.as_bytes(), bits, hashes) {
                used[(index / 64) as usize] |= 1 << (index % 64);
            }
            for index in fixed(key.as_bytes(), bits, hashes) {
                fixed_used[(index / 64) as usize] |= 1 << (index % 64);
            }
        }
        assert!(used.iter().all(|word| word.count_ones() <= 2));
        assert!(
            fixed_used
                .iter()
                .filter(|word| word.count_ones() > 40)
                .count()
                > 8000
        );
    }
}

//! What the field uses today, fifty years after Bloom. Databases and file formats keep a filter's k
//! bits inside one cache line (blocked and split-block filters: Parquet's is one), because one cache
//! miss per query costs more than a slightly higher rate. Where items must also leave, a cuckoo
//! filter stores short fingerprints that can be deleted; where the set never changes, xor and binary
//! fuse filters solve a system of equations once and come within 13–23 % of the information-
//! theoretic minimum of log₂(1/ε) bits per item, where a Bloom filter needs 44 % more.

pub mod blocked;
pub mod cuckoo;
pub mod fuse;
pub mod load;
pub mod measured;
pub mod peel;
pub mod sbbf;
pub mod space;
pub mod xor;
pub mod xxhash;

use super::hashing::ItemHashes;
use super::partitioned::mixed;

/// The 64-bit key of `text` for the fingerprint filters (cuckoo, xor, binary fuse): the playground's
/// two hashes of its UTF-8 bytes (FNV-1a 64 and MurmurHash3), mixed as
/// [`mixed`](crate::partitioned::mixed)`(hashes, 0)`, so a key the page shows in one filter is the
/// key it shows in another.
pub fn key_of(text: &str) -> u64 {
    mixed(ItemHashes::of(text), 0)
}

/// MurmurHash3's 64-bit finaliser (fmix64): every input bit reaches every output bit. The cuckoo
/// filter spreads a key and a fingerprint with it; the xor and binary fuse filters hash a key with it
/// after adding their seed, as Graf and Lemire's reference code does, so that a new seed gives a new,
/// independent hypergraph.
pub fn fmix64(mut z: u64) -> u64 {
    z ^= z >> 33;
    z = z.wrapping_mul(0xff51_afd7_ed55_8ccd);
    z ^= z >> 33;
    z = z.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z ^ (z >> 33)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod testing {
    //! What the tests of the modern filters share: distinct keys from a seeded generator.

    use crate::words::SplitMix64;

    /// `count` distinct 64-bit keys drawn from `seed` (a collision among 64-bit draws is so
    /// unlikely at these counts that a duplicate is simply skipped).
    pub fn distinct_keys(seed: u64, count: usize) -> Vec<u64> {
        let mut rng = SplitMix64::new(seed);
        let mut seen = std::collections::HashSet::with_capacity(count);
        let mut keys = Vec::with_capacity(count);
        while keys.len() < count {
            let key = rng.next_u64();
            if seen.insert(key) {
                keys.push(key);
            }
        }
        keys
    }

    /// The options of a peeled filter with f-bit fingerprints, its first seed `seed`.
    pub fn options(fingerprint_bits: u8, seed: u64) -> super::peel::BuildOptions {
        super::peel::BuildOptions {
            fingerprint_bits,
            seed,
            ..super::peel::BuildOptions::default()
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_text_key_is_the_playgrounds_hashes_mixed() {
        let hashes = ItemHashes::of("apple");
        assert_eq!(key_of("apple"), mixed(hashes, 0));
        assert_ne!(key_of("apple"), key_of("pear"));
    }

    #[test]
    fn fmix64_is_murmur3s_finaliser() {
        // MurmurHash3 x64_128 of no bytes with seed s finalises h1 = 2s and h2 = 3s, then returns
        // (a + b, a + 2b) with a = fmix64(2s), b = fmix64(3s): the murmur3 crate's output gives
        // both values back.
        for seed in [0u32, 1, 7, 0x9747_b28c, u32::MAX] {
            let both = murmur3::murmur3_x64_128(&mut &b""[..], seed).unwrap();
            let (low, high) = (both as u64, (both >> 64) as u64);
            let seed = u64::from(seed);
            assert_eq!(fmix64(3 * seed), high.wrapping_sub(low), "seed {seed}");
            assert_eq!(fmix64(2 * seed), low.wrapping_mul(2).wrapping_sub(high));
        }
    }
}

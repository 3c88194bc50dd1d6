//! MurmurHash3 (Austin Appleby, public domain) read straight from a byte slice, for the lab's hot
//! loop: the `murmur3` crate reads through `std::io::Read` four bytes at a time, which costs more
//! than the hash itself on keys of a dozen bytes. Everything the site shows is hashed by the crate
//! ([`crate::hashing`]); the tests below hold these to the crate's values and to published
//! vectors.

const C1_32: u32 = 0xcc9e_2d51;
const C2_32: u32 = 0x1b87_3593;

#[inline(always)]
fn mix_k32(k: u32) -> u32 {
    k.wrapping_mul(C1_32).rotate_left(15).wrapping_mul(C2_32)
}

#[inline(always)]
fn fmix32(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// MurmurHash3 x86_32 of `bytes` with `seed`.
#[inline]
pub fn x86_32(bytes: &[u8], seed: u32) -> u32 {
    let mut h = seed;
    let mut blocks = bytes.chunks_exact(4);
    for block in &mut blocks {
        h ^= mix_k32(u32::from_le_bytes([block[0], block[1], block[2], block[3]]));
        h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let k = tail
            .iter()
            .rev()
            .fold(0u32, |k, &byte| (k << 8) | u32::from(byte));
        h ^= mix_k32(k);
    }
    fmix32(h ^ bytes.len() as u32)
}

const C1_64: u64 = 0x87c3_7b91_1142_53d5;
const C2_64: u64 = 0x4cf5_ad43_2745_937f;

#[inline(always)]
fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

#[inline(always)]
fn le_u64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0u64, |k, &byte| (k << 8) | u64::from(byte))
}

/// MurmurHash3 x64_128 of `bytes` with `seed`, as its two 64-bit halves (h1, h2): the low and high
/// halves of the crate's `u128`.
#[inline]
pub fn x64_128(bytes: &[u8], seed: u32) -> (u64, u64) {
    let (mut h1, mut h2) = (u64::from(seed), u64::from(seed));
    let mut blocks = bytes.chunks_exact(16);
    for block in &mut blocks {
        let (k1, k2) = (le_u64(&block[..8]), le_u64(&block[8..]));
        h1 ^= k1.wrapping_mul(C1_64).rotate_left(31).wrapping_mul(C2_64);
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= k2.wrapping_mul(C2_64).rotate_left(33).wrapping_mul(C1_64);
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    if tail.len() > 8 {
        h2 ^= le_u64(&tail[8..])
            .wrapping_mul(C2_64)
            .rotate_left(33)
            .wrapping_mul(C1_64);
    }
    if !tail.is_empty() {
        h1 ^= le_u64(&tail[..tail.len().min(8)])
            .wrapping_mul(C1_64)
            .rotate_left(31)
            .wrapping_mul(C2_64);
    }
    let length = bytes.len() as u64;
    h1 ^= length;
    h2 ^= length;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    (h1, h2)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::hashing::{murmur3_x64_128_halves, murmur3_x86_32};
    use proptest::prelude::*;

    #[test]
    fn published_vectors() {
        // Python's mmh3 (`hash`, `hash64`, unsigned) and the SMHasher verification values.
        assert_eq!(x86_32(b"", 0), 0);
        assert_eq!(x86_32(b"", 1), 0x514e_28b7);
        assert_eq!(x86_32(b"hello", 0), 0x248b_fa47);
        assert_eq!(x86_32(b"Hello, world!", 0), 0xc036_3e43);
        assert_eq!(
            x86_32(b"The quick brown fox jumps over the lazy dog", 0),
            0x2e4f_f723
        );
        assert_eq!(x64_128(b"", 0), (0, 0));
        assert_eq!(
            x64_128(b"hello", 0),
            (0xcbd8_a7b3_41bd_9b02, 0x5b1e_906a_48ae_1d19)
        );
        assert_eq!(
            x64_128(b"The quick brown fox jumps over the lazy dog", 0),
            (0xe34b_bc7b_bc07_1b6c, 0x7a43_3ca9_c49a_9347)
        );
    }

    proptest! {
        #[test]
        fn the_same_values_as_the_crate(bytes in proptest::collection::vec(any::<u8>(), 0..80), seed in any::<u32>()) {
            prop_assert_eq!(x86_32(&bytes, seed), murmur3_x86_32(&bytes, seed));
        }

        #[test]
        fn the_same_halves_as_the_crate(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
            prop_assert_eq!(x64_128(&bytes, 0), murmur3_x64_128_halves(&bytes));
        }
    }
}

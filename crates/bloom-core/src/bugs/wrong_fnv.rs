//! Case 6, a hash that is not the hash it claims to be. "Bloom Filters by Example", the best-known
//! interactive page, prints FNV values computed in JavaScript, where every number is a double: the
//! product of a 32-bit hash and the 24-bit FNV prime needs up to 56 bits, a double keeps 53, and the
//! lowest bits of every product are rounded away. For "a" it prints 84,696,385 where FNV-1 (32-bit)
//! is 84,696,446. Inside one page nothing shows: the filter is still a filter. But the point of a
//! named hash is that another program computes the same one: a filter built by the page and queried
//! by a server with a real FNV looks at other bits, and answers "no" for items that were inserted —
//! the one answer a Bloom filter must never get wrong. Published test vectors catch it in one line.

use crate::murmur::x86_32 as murmur3_x86_32;

/// The 32-bit FNV offset basis.
const OFFSET: u32 = 2_166_136_261;
/// The 32-bit FNV prime, 2²⁴ + 2⁸ + 0x93.
const PRIME: u32 = 16_777_619;

/// What the page prints as the FNV hash of "a".
pub const PAGE_PRINTS_FOR_A: u32 = 84_696_385;

shown_derivations!("wrong_fnv");

/// FNV-1, 32-bit: for each byte, multiply by the prime (mod 2³²), then XOR the byte in.
pub use shown::fnv1_32;
/// FNV-1 as a page computes it with JavaScript numbers: the product rounded to a double's 53 bits
/// before it is reduced mod 2³².
pub use shown::fnv1_32_in_doubles;

/// FNV-1a, 32-bit: XOR first, then multiply.
pub fn fnv1a_32(key: &[u8]) -> u32 {
    key.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(PRIME)
    })
}

/// The filter both programs use: m bits, k indexes g_i = (h1 + i·h2) mod m with h1 = the FNV value
/// mod m and h2 = MurmurHash3 mod m.
pub fn indexes(fnv: u32, key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let base = u64::from(fnv) % bits;
    let step = u64::from(murmur3_x86_32(key, 0)) % bits;
    (0..u64::from(hashes)).map(move |i| (base + i * step) % bits)
}

/// The classroom filter: 1,000 items in m = 9,586 bits (1 %), k = 7.
pub const CLASSROOM: (u64, u64, u32) = (1_000, 9_586, 7);

/// Members a server with the real FNV-1 answers "no" for, when the filter was built by `builder`
/// (the page's FNV, or the real one): out of `items` members.
pub fn missed_members(builder: fn(&[u8]) -> u32, items: u64, bits: u64, hashes: u32) -> u64 {
    let mut words = vec![0u64; bits.div_ceil(64) as usize];
    let key = |i: u64| format!("6-{i}");
    for i in 0..items {
        let key = key(i);
        for bit in indexes(builder(key.as_bytes()), key.as_bytes(), bits, hashes) {
            words[(bit / 64) as usize] |= 1 << (bit % 64);
        }
    }
    (0..items)
        .filter(|&i| {
            let key = key(i);
            !indexes(fnv1_32(key.as_bytes()), key.as_bytes(), bits, hashes)
                .all(|bit| words[(bit / 64) as usize] & (1 << (bit % 64)) != 0)
        })
        .count() as u64
}

/// A published test vector and what this site computes for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vector {
    /// The hash's name.
    pub hash: &'static str,
    /// The input.
    pub input: &'static str,
    /// The published value (from the FNV and MurmurHash3 references).
    pub published: u64,
    /// This site's value, computed now.
    pub ours: u64,
    /// What FNV-1 computed in doubles gives (for FNV-1 only).
    pub in_doubles: Option<u64>,
    /// The hash's width in bits.
    pub width: u32,
}

/// The vectors the page shows: FNV-1 and FNV-1a (32-bit) of "a" and "foobar", this site's FNV-1a
/// (64-bit) and MurmurHash3 x86_32 of "hello".
pub fn vectors() -> Vec<Vector> {
    let fnv1 = |input: &'static str, published| Vector {
        hash: "FNV-1 32",
        input,
        published,
        ours: u64::from(fnv1_32(input.as_bytes())),
        in_doubles: Some(u64::from(fnv1_32_in_doubles(input.as_bytes()))),
        width: 32,
    };
    vec![
        fnv1("a", 0x050c_5d7e),
        fnv1("foobar", 0x31f0_b262),
        Vector {
            hash: "FNV-1a 32",
            input: "a",
            published: 0xe40c_292c,
            ours: u64::from(fnv1a_32(b"a")),
            in_doubles: None,
            width: 32,
        },
        Vector {
            hash: "FNV-1a 64",
            input: "foobar",
            published: 0x8594_4171_f739_67e8,
            ours: crate::hashing::fnv1a_64(b"foobar"),
            in_doubles: None,
            width: 64,
        },
        Vector {
            hash: "MurmurHash3 x86_32",
            input: "hello",
            published: 0x248b_fa47,
            ours: u64::from(murmur3_x86_32(b"hello", 0)),
            in_doubles: None,
            width: 32,
        },
    ]
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_real_hashes_give_the_published_vectors() {
        // From the FNV reference (isthe.com/chongo/tech/comp/fnv): "a" and "foobar".
        assert_eq!(fnv1_32(b"a"), 0x050c_5d7e);
        assert_eq!(fnv1_32(b"a"), 84_696_446);
        assert_eq!(fnv1_32(b"foobar"), 0x31f0_b262);
        assert_eq!(fnv1a_32(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a_32(b"foobar"), 0xbf9c_f968);
        assert_eq!(fnv1_32(b""), 0x811c_9dc5);
    }

    #[test]
    fn every_vector_agrees_but_the_doubles() {
        for vector in vectors() {
            assert_eq!(vector.ours, vector.published, "{vector:?}");
        }
        assert_eq!(vectors()[0].in_doubles, Some(84_696_385));
    }

    #[test]
    fn the_doubles_give_what_the_page_prints() {
        assert_eq!(fnv1_32_in_doubles(b"a"), PAGE_PRINTS_FOR_A);
        assert_ne!(fnv1_32_in_doubles(b"foobar"), fnv1_32(b"foobar"));
    }

    #[test]
    fn a_filter_built_with_the_wrong_hash_loses_its_members() {
        let (items, bits, hashes) = CLASSROOM;
        let wrong = missed_members(fnv1_32_in_doubles, items, bits, hashes);
        assert!(wrong > items * 9 / 10, "{wrong}");
        assert_eq!(missed_members(fnv1_32, items, bits, hashes), 0);
    }
}

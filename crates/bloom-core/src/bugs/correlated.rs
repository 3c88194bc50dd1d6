//! Case 3, a second hash that is a function of the first (jasondavies/bloomfilter.js, issue 15 and
//! pull request 26, 2015–2018). The library hashed each key once with a 32-bit FNV-1a `a`, then made
//! its "second hash" `b` by running one more FNV round and a mix over `a` alone, and derived
//! g_i = a + i·b mod m. Two keys with the same `a` then get the same k indexes, so a query collides
//! with a member whenever their 32-bit hashes do: with n members that alone gives a rate of about
//! n / 2³², whatever m and k are. At n = 10⁶, m = 28,755,176 and k = 20 the formula promises 10⁻⁶;
//! the pull request measured about 150 times that. Later versions replaced it with a 64-bit FNV-1a split
//! into two 32-bit halves and enhanced double hashing (1.1.0, the version the lab races).

/// The original parameters of the pull request's test.
pub const ORIGINAL: (u64, u64, u32) = (1_000_000, 28_755_176, 20);
/// The classroom's: the same filter, queried a tenth as much. (With fewer members the floor sinks
/// below n / 2³²: the library's FNV spreads short keys that differ in a digit or two better than
/// chance, so their 32-bit hashes collide less often than random ones would.)
pub const CLASSROOM: (u64, u64, u32) = ORIGINAL;

/// a·16777619 mod 2³², written as the library wrote it, in shifts and adds.
fn fnv_multiply(a: u32) -> u32 {
    a.wrapping_add(a << 1)
        .wrapping_add(a << 4)
        .wrapping_add(a << 7)
        .wrapping_add(a << 8)
        .wrapping_add(a << 24)
}

/// The library's final avalanche, applied to each hash.
fn fnv_mix(mut a: u32) -> u32 {
    a = a.wrapping_add(a << 13);
    a ^= a >> 7;
    a = a.wrapping_add(a << 3);
    a ^= a >> 17;
    a = a.wrapping_add(a << 5);
    a
}

/// The library's 32-bit FNV-1a over the key's UTF-16 code units (both bytes of a unit above 255),
/// then mixed. Keys here are ASCII, one unit per byte.
pub fn fnv_1a(key: &[u8]) -> u32 {
    let mut a: u32 = 2_166_136_261;
    for &byte in key {
        a = fnv_multiply(a ^ u32::from(byte));
    }
    fnv_mix(a)
}

/// The old "second hash": one more round over `a` itself. Everything it knows about the key is `a`.
pub fn fnv_1a_b(a: u32) -> u32 {
    fnv_mix(fnv_multiply(a))
}

shown_derivations!("correlated");

/// The old derivation: a = fnv_1a(key), b = fnv_1a_b(a) (as signed 32-bit numbers, the way
/// JavaScript's `&` leaves them), g_i = (a + i·b) mod m, made non-negative.
pub use shown::buggy;
/// Version 1.0's: 64-bit FNV-1a, its high half a and low half b (signed, reduced mod m), then
/// enhanced double hashing: g_0 = a, g_i = g_(i−1) + b_(i−1), b_i = b_(i−1) + i (all mod m).
pub use shown::fixed;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_is_fnv_1a_before_its_mix() {
        // Published 32-bit FNV-1a vectors: "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
        let unmixed = |key: &[u8]| {
            key.iter()
                .fold(2_166_136_261u32, |a, &b| fnv_multiply(a ^ u32::from(b)))
        };
        assert_eq!(unmixed(b""), 0x811c_9dc5);
        assert_eq!(unmixed(b"a"), 0xe40c_292c);
        assert_eq!(unmixed(b"foobar"), 0xbf9c_f968);
    }

    #[test]
    fn keys_with_the_same_first_hash_share_every_index() {
        // Any two keys whose `a` agree get the same indexes: b and every g_i follow from a.
        let (a, b) = (fnv_1a(b"K1"), fnv_1a(b"K2"));
        assert_ne!(a, b);
        let first: Vec<u64> = buggy(b"K1", 1_000_003, 8).collect();
        assert_eq!(first[0], i64::from(a as i32).rem_euclid(1_000_003) as u64);
        let step = i64::from(fnv_1a_b(a) as i32);
        assert_eq!(
            first[1],
            (i64::from(a as i32) + step).rem_euclid(1_000_003) as u64
        );
    }

    #[test]
    fn the_fix_matches_the_library_it_is_taken_from() {
        // bloomfilter 1.1.0 (npm): `new BloomFilter(1000, 4).locations("hello")` is
        // [70, 337, 605, 875] (it rounds m up to whole 32-bit words: 1,024 bits).
        let got: Vec<u64> = fixed(b"hello", 1024, 4).collect();
        assert_eq!(got, [70, 337, 605, 875]);
        // `new BloomFilter(28755200, 20).locations("1-42")`, the first five.
        let got: Vec<u64> = fixed(b"1-42", 28_755_200, 5).collect();
        assert_eq!(got, [5_260_785, 5_166_134, 5_071_484, 4_976_836, 4_882_191]);
    }
}

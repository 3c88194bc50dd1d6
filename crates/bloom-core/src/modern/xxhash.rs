//! xxHash64 (Yann Collet, 2012; specification v0.1.1), the hash Parquet's Bloom filters apply to
//! every value. It reads 32 bytes a round into four accumulators, each multiplied, rotated and
//! multiplied again by large odd primes, then merges them and folds in the tail eight, four and one
//! byte at a time; a final avalanche (shift-xor, multiply, twice) lets every input bit reach every
//! output bit. All arithmetic is modulo 2⁶⁴, and the input is read little-endian on any machine.

/// The first of the five 64-bit primes: 0x9E3779B185EBCA87.
pub const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
/// The second prime: 0xC2B2AE3D27D4EB4F.
pub const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
/// The third prime: 0x165667B19E3779F9.
pub const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
/// The fourth prime: 0x85EBCA77C2B2AE63.
pub const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
/// The fifth prime: 0x27D4EB2F165667C5.
pub const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;

/// One accumulator step: acc + lane·P2, rotated left 31, × P1.
fn round(accumulator: u64, lane: u64) -> u64 {
    accumulator
        .wrapping_add(lane.wrapping_mul(PRIME64_2))
        .rotate_left(31)
        .wrapping_mul(PRIME64_1)
}

/// Folds one of the four accumulators into the hash after the 32-byte stripes.
fn merge(hash: u64, accumulator: u64) -> u64 {
    (hash ^ round(0, accumulator))
        .wrapping_mul(PRIME64_1)
        .wrapping_add(PRIME64_4)
}

fn read_u64(bytes: &[u8]) -> u64 {
    let mut lane = [0u8; 8];
    lane.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(lane)
}

fn read_u32(bytes: &[u8]) -> u64 {
    let mut lane = [0u8; 4];
    lane.copy_from_slice(&bytes[..4]);
    u64::from(u32::from_le_bytes(lane))
}

/// The four accumulators over every whole 32-byte stripe, merged (only called with 32 bytes or more).
fn stripes(stripes: &[u8], seed: u64) -> u64 {
    let mut lanes = [
        seed.wrapping_add(PRIME64_1).wrapping_add(PRIME64_2),
        seed.wrapping_add(PRIME64_2),
        seed,
        seed.wrapping_sub(PRIME64_1),
    ];
    for stripe in stripes.chunks_exact(32) {
        for (lane, accumulator) in lanes.iter_mut().enumerate() {
            *accumulator = round(*accumulator, read_u64(&stripe[lane * 8..]));
        }
    }
    let [a, b, c, d] = lanes;
    let hash = a
        .rotate_left(1)
        .wrapping_add(b.rotate_left(7))
        .wrapping_add(c.rotate_left(12))
        .wrapping_add(d.rotate_left(18));
    lanes.iter().fold(hash, |hash, &lane| merge(hash, lane))
}

/// The last 0–31 bytes: eight at a time, then four, then one.
fn tail(mut hash: u64, rest: &[u8]) -> u64 {
    let mut eights = rest.chunks_exact(8);
    for lane in &mut eights {
        hash = (hash ^ round(0, read_u64(lane)))
            .rotate_left(27)
            .wrapping_mul(PRIME64_1)
            .wrapping_add(PRIME64_4);
    }
    let mut fours = eights.remainder().chunks_exact(4);
    for lane in &mut fours {
        hash = (hash ^ read_u32(lane).wrapping_mul(PRIME64_1))
            .rotate_left(23)
            .wrapping_mul(PRIME64_2)
            .wrapping_add(PRIME64_3);
    }
    for &byte in fours.remainder() {
        hash = (hash ^ u64::from(byte).wrapping_mul(PRIME64_5))
            .rotate_left(11)
            .wrapping_mul(PRIME64_1);
    }
    hash
}

/// The final mix: shift-xor 33, × P2, shift-xor 29, × P3, shift-xor 32.
fn avalanche(mut hash: u64) -> u64 {
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(PRIME64_2);
    hash ^= hash >> 29;
    hash = hash.wrapping_mul(PRIME64_3);
    hash ^ (hash >> 32)
}

/// XXH64 of `bytes` with `seed`. Inputs of 32 bytes or more go through the four accumulators;
/// shorter ones start from seed + P5. The length (mod 2⁶⁴) is added before the tail.
pub fn xxh64(bytes: &[u8], seed: u64) -> u64 {
    let whole = bytes.len() / 32 * 32;
    let start = if whole > 0 {
        stripes(&bytes[..whole], seed)
    } else {
        seed.wrapping_add(PRIME64_5)
    };
    let hash = start.wrapping_add(bytes.len() as u64);
    avalanche(tail(hash, &bytes[whole..]))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The xxHash project's sanity-check buffer (xxhsum's `BMK_fillTestBuffer`): each byte is the
    /// top byte of a generator that starts at 2654435761 and is multiplied by 11400714785074694797.
    fn sanity_buffer(length: usize) -> Vec<u8> {
        let mut generator: u64 = 2_654_435_761;
        (0..length)
            .map(|_| {
                let byte = (generator >> 56) as u8;
                generator = generator.wrapping_mul(11_400_714_785_074_694_797);
                byte
            })
            .collect()
    }

    #[test]
    fn the_xxhash_projects_sanity_vectors() {
        // (length of the sanity buffer, seed, XXH64) from xxhsum's sanity check.
        const PRIME: u64 = 2_654_435_761;
        let vectors = [
            (0, 0, 0xEF46_DB37_51D8_E999),
            (0, PRIME, 0xAC75_FDA2_929B_17EF),
            (1, 0, 0xE934_A84A_DB05_2768),
            (1, PRIME, 0x5014_6076_43A9_B4C3),
            (4, 0, 0x9136_A0DC_A574_57EE),
            (14, 0, 0x8282_DCC4_994E_35C8),
            (14, PRIME, 0xC3BD_6BF6_3DEB_6DF0),
            (222, 0, 0xB641_AE8C_B691_C174),
            (222, PRIME, 0x20CB_8AB7_AE10_C14A),
        ];
        let buffer = sanity_buffer(222);
        for (length, seed, expected) in vectors {
            assert_eq!(
                xxh64(&buffer[..length], seed),
                expected,
                "length {length}, seed {seed}"
            );
        }
    }

    #[test]
    fn short_strings_hash_to_the_widely_published_values() {
        // The values xxhsum prints for "a" and "abc" (seed 0), also held to the independent crate.
        for (text, expected) in [("a", 0xD24E_C4F1_A98C_6E5B), ("abc", 0x44BC_2CF5_AD77_0999)] {
            assert_eq!(xxh64(text.as_bytes(), 0), expected, "{text}");
            assert_eq!(twox_hash::XxHash64::oneshot(0, text.as_bytes()), expected);
        }
    }

    #[test]
    fn every_length_branch_agrees_with_the_independent_crate() {
        // 0–31 bytes take the short path; 32, 63, 64 and 100+ the stripes with each tail length.
        let buffer = sanity_buffer(300);
        for length in 0..=buffer.len() {
            for seed in [0, 1, u64::MAX] {
                assert_eq!(
                    xxh64(&buffer[..length], seed),
                    twox_hash::XxHash64::oneshot(seed, &buffer[..length]),
                    "length {length}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn any_bytes_and_seed_hash_as_the_independent_crate_does(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            seed in any::<u64>(),
        ) {
            prop_assert_eq!(xxh64(&bytes, seed), twox_hash::XxHash64::oneshot(seed, &bytes));
        }
    }
}

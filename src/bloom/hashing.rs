//! The two hashes and how k bit indexes come out of them. Computing k independent hashes is costly, so
//! the filter hashes the item's UTF-8 bytes twice — 64-bit FNV-1a and 32-bit MurmurHash3 — and derives
//! the rest by double hashing, g_i = h1 + i·h2 (Kirsch and Mitzenmacher, 2006), which keeps the
//! false-positive rate of k truly independent hashes asymptotically.

use std::hash::Hasher;

/// 64-bit FNV-1a of `bytes`: for each byte, xor it in, then multiply by the FNV prime.
///
/// Fed through `Hasher::write`, never `str::hash`, which appends a 0xFF terminator and gives
/// non-standard values.
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

/// MurmurHash3 x86_32 of `bytes` with the given seed.
pub fn murmur3_x86_32(bytes: &[u8], seed: u32) -> u32 {
    let mut source = bytes;
    // Reading from an in-memory slice never fails; the `Read` interface just cannot say so.
    murmur3::murmur3_32(&mut source, seed).expect("reading a byte slice cannot fail")
}

/// The two base hashes of one item: everything else is derived from these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemHashes {
    /// FNV-1a 64 of the UTF-8 bytes.
    pub fnv: u64,
    /// MurmurHash3 x86_32, seed 0, of the UTF-8 bytes.
    pub murmur: u32,
}

impl ItemHashes {
    /// Hashes the UTF-8 bytes of `text`.
    pub fn of(text: &str) -> Self {
        let bytes = text.as_bytes();
        Self {
            fnv: fnv1a_64(bytes),
            murmur: murmur3_x86_32(bytes, 0),
        }
    }
}

/// Double hashing reduced modulo m: g_i = (base + i · step) mod m with base = h_fnv mod m and
/// step = h_murmur mod m. Reducing both hashes first keeps every product small (< 16 · 1024) and
/// makes each row easy to write out by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoubleHashing {
    /// h_fnv mod m.
    pub base: u32,
    /// h_murmur mod m.
    pub step: u32,
    /// The number of bits, m.
    pub bits: u32,
}

impl DoubleHashing {
    /// Prepares the derivation for a filter of `bits` bits (m ≥ 1).
    pub fn new(hashes: ItemHashes, bits: u32) -> Self {
        let bits = bits.max(1);
        Self {
            base: (hashes.fnv % u64::from(bits)) as u32,
            step: hashes.murmur % bits,
            bits,
        }
    }

    /// g_i = (base + i · step) mod m, computed in `u64` so no width depends on the platform.
    pub fn index(&self, i: u32) -> u32 {
        let sum = u64::from(self.base) + u64::from(i) * u64::from(self.step);
        (sum % u64::from(self.bits)) as u32
    }

    /// The first `hashes` indexes g_0 … g_(k−1), in order (they may repeat).
    pub fn indexes(&self, hashes: u32) -> Vec<u32> {
        (0..hashes).map(|i| self.index(i)).collect()
    }
}

/// The k bit indexes of `text` in a filter of `bits` bits.
pub fn bit_indexes(text: &str, bits: u32, hashes: u32) -> Vec<u32> {
    DoubleHashing::new(ItemHashes::of(text), bits).indexes(hashes)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fnv1a_64_matches_published_vectors() {
        assert_eq!(format!("{:016x}", fnv1a_64(b"")), "cbf29ce484222325");
        assert_eq!(format!("{:016x}", fnv1a_64(b"a")), "af63dc4c8601ec8c");
        assert_eq!(format!("{:016x}", fnv1a_64(b"foobar")), "85944171f73967e8");
    }

    #[test]
    fn murmur3_x86_32_matches_published_vectors() {
        assert_eq!(format!("{:08x}", murmur3_x86_32(b"", 0)), "00000000");
        assert_eq!(format!("{:08x}", murmur3_x86_32(b"hello", 0)), "248bfa47");
        assert_eq!(
            format!("{:08x}", murmur3_x86_32(b"Hello, world!", 0)),
            "c0363e43"
        );
        assert_eq!(format!("{:08x}", murmur3_x86_32(b"", 1)), "514e28b7");
    }

    /// FNV-1a written out from its definition, to check the crate is used the standard way.
    fn fnv1a_by_definition(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    #[test]
    fn hashes_use_utf8_bytes() {
        let text = "naïve 布隆 🌸";
        assert_eq!(
            ItemHashes::of(text).fnv,
            fnv1a_by_definition(text.as_bytes())
        );
    }

    #[test]
    fn double_hashing_rows_follow_the_formula() {
        let rows = DoubleHashing {
            base: 17,
            step: 9,
            bits: 32,
        };
        assert_eq!(rows.indexes(4), vec![17, 26, 3, 12]);
    }

    #[test]
    fn known_item_indexes_are_stable() {
        // Pinned so the same text gives the same indexes on every platform; the wasm suite checks
        // the very same values in a browser.
        let hashes = ItemHashes::of("apple");
        let expected_base = (fnv1a_by_definition(b"apple") % 32) as u32;
        let expected_step = murmur3_x86_32(b"apple", 0) % 32;
        let indexes = bit_indexes("apple", 32, 3);
        assert_eq!(indexes[0], expected_base);
        assert_eq!(indexes[1], (expected_base + expected_step) % 32);
        assert_eq!(DoubleHashing::new(hashes, 32).step, expected_step);
    }

    proptest! {
        #[test]
        fn indexes_are_below_m(text in ".*", bits in 1u32..=4096, hashes in 1u32..=32) {
            let indexes = bit_indexes(&text, bits, hashes);
            prop_assert_eq!(indexes.len(), hashes as usize);
            prop_assert!(indexes.iter().all(|&i| i < bits));
        }

        #[test]
        fn fnv_matches_its_definition(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
            prop_assert_eq!(fnv1a_64(&bytes), fnv1a_by_definition(&bytes));
        }
    }
}

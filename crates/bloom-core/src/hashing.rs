//! The two hashes and how k bit indexes come out of them. Computing k independent hashes is costly, so
//! the filter hashes the item's UTF-8 bytes twice — 64-bit FNV-1a and 32-bit MurmurHash3 — and derives
//! the rest by double hashing, g_i = h1 + i·h2 (Kirsch and Mitzenmacher, 2006), which keeps the
//! false-positive rate of k truly independent hashes asymptotically. At small m it can do worse: when
//! h2 shares a factor with m the indexes cycle early, which [`HashScheme`] lets a learner compare.

use std::hash::{Hash, Hasher};

/// 64-bit FNV-1a of `bytes`: for each byte, xor it in, then multiply by the FNV prime.
///
/// Fed through `Hasher::write`, never `str::hash`, which appends a 0xFF terminator and gives
/// non-standard values.
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

/// What `str::hash` feeds an FNV-1a hasher for `text`: the bytes and then a 0xFF terminator, so
/// the value is not the published FNV-1a of the text (the trap chapter 3 shows).
pub fn fnv1a_64_through_str_hash(text: &str) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    text.hash(&mut hasher);
    hasher.finish()
}

/// The FNV-1a 64 offset basis: the hash of no bytes.
pub const FNV_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// The FNV 64-bit prime, 2⁴⁰ + 2⁸ + 0xb3.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// One round of FNV-1a, for showing the loop at work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FnvRound {
    /// The byte read.
    pub byte: u8,
    /// The hash after XOR-ing the byte in.
    pub after_xor: u64,
    /// The hash after multiplying by the prime (the value carried to the next byte).
    pub after_multiply: u64,
}

/// FNV-1a over the first `limit` bytes, round by round, written from its definition: start from the
/// offset basis; for each byte, XOR it in, then multiply by the prime (mod 2⁶⁴).
pub fn fnv1a_64_rounds(bytes: &[u8], limit: usize) -> Vec<FnvRound> {
    let mut hash = FNV_OFFSET_BASIS;
    bytes
        .iter()
        .take(limit)
        .map(|&byte| {
            let after_xor = hash ^ u64::from(byte);
            hash = after_xor.wrapping_mul(FNV_PRIME);
            FnvRound {
                byte,
                after_xor,
                after_multiply: hash,
            }
        })
        .collect()
}

/// MurmurHash3 x86_32 of `bytes` with the given seed.
pub fn murmur3_x86_32(bytes: &[u8], seed: u32) -> u32 {
    let mut source = bytes;
    // Reading from an in-memory slice never fails; the `Read` interface just cannot say so. (Not
    // `expect`: its message would bring the I/O error's whole debug printer into every page.)
    murmur3::murmur3_32(&mut source, seed).unwrap_or_default()
}

/// MurmurHash3 x86_32's first multiplier, applied to each block before its rotation.
pub const MURMUR_C1: u32 = 0xcc9e_2d51;
/// MurmurHash3 x86_32's second multiplier, applied after the rotation.
pub const MURMUR_C2: u32 = 0x1b87_3593;
/// What MurmurHash3 x86_32 adds after multiplying the mixed hash by 5.
pub const MURMUR_ADD: u32 = 0xe654_6b64;

/// One four-byte block of MurmurHash3 x86_32 (or its shorter tail), for showing the loop at work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MurmurRound {
    /// The bytes read: four, or the one to three left at the end.
    pub bytes: Vec<u8>,
    /// Those bytes read as a little-endian number k.
    pub block: u32,
    /// k scrambled: × c1, rotated left 15, × c2.
    pub scrambled: u32,
    /// The hash after this block: XOR-ed with the scrambled k, then (for a whole block) rotated
    /// left 13, × 5 + 0xe6546b64.
    pub hash: u32,
}

/// MurmurHash3 x86_32 written out from its definition, block by block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MurmurWorking {
    /// The first whole blocks, at most the `limit` asked for.
    pub blocks: Vec<MurmurRound>,
    /// The one to three bytes after the last whole block, if any.
    pub tail: Option<MurmurRound>,
    /// The final hash: XOR with the byte count, then the finalizer's shifts and multiplications.
    pub hash: u32,
}

/// k × c1, rotated left 15, × c2: how MurmurHash3 x86_32 scrambles a block before mixing it in.
fn murmur_scramble(block: u32) -> u32 {
    block
        .wrapping_mul(MURMUR_C1)
        .rotate_left(15)
        .wrapping_mul(MURMUR_C2)
}

/// MurmurHash3 x86_32 of `bytes` with `seed`, from its definition, keeping the first `limit` whole
/// blocks and the tail for display: each four-byte block (little-endian) is scrambled and mixed
/// into the hash; the bytes left over are scrambled and XOR-ed in; the length and the finalizer
/// (fmix32) let every input bit reach every output bit.
pub fn murmur3_x86_32_working(bytes: &[u8], seed: u32, limit: usize) -> MurmurWorking {
    let mut hash = seed;
    let mut blocks = Vec::new();
    let mut chunks = bytes.chunks_exact(4);
    for chunk in chunks.by_ref() {
        let block = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        let scrambled = murmur_scramble(block);
        hash = (hash ^ scrambled)
            .rotate_left(13)
            .wrapping_mul(5)
            .wrapping_add(MURMUR_ADD);
        if blocks.len() < limit {
            blocks.push(MurmurRound {
                bytes: chunk.to_vec(),
                block,
                scrambled,
                hash,
            });
        }
    }
    let rest = chunks.remainder();
    let tail = (!rest.is_empty()).then(|| {
        let block = rest
            .iter()
            .rev()
            .fold(0_u32, |block, &byte| (block << 8) | u32::from(byte));
        let scrambled = murmur_scramble(block);
        hash ^= scrambled;
        MurmurRound {
            bytes: rest.to_vec(),
            block,
            scrambled,
            hash,
        }
    });
    // The length is mixed in modulo 2³² (the reference implementation's `int len`).
    let mut end = hash ^ (bytes.len() as u32);
    end ^= end >> 16;
    end = end.wrapping_mul(0x85eb_ca6b);
    end ^= end >> 13;
    end = end.wrapping_mul(0xc2b2_ae35);
    end ^= end >> 16;
    MurmurWorking {
        blocks,
        tail,
        hash: end,
    }
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
        Self::of_bytes(text.as_bytes())
    }

    /// Hashes `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Self {
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

/// The k bit indexes of `text` in a filter of `bits` bits, by plain double hashing.
pub fn bit_indexes(text: &str, bits: u32, hashes: u32) -> Vec<u32> {
    DoubleHashing::new(ItemHashes::of(text), bits).indexes(hashes)
}

/// MurmurHash3 x64_128 of `bytes` (seed 0), split into its low and high 64-bit halves.
pub fn murmur3_x64_128_halves(bytes: &[u8]) -> (u64, u64) {
    let mut source = bytes;
    // As above: a byte slice always reads.
    let hash = murmur3::murmur3_x64_128(&mut source, 0).unwrap_or_default();
    (hash as u64, (hash >> 64) as u64)
}

/// How the k indexes are made from hashes of the item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum HashScheme {
    /// g_i = (h_fnv mod m + i · (h_murmur mod m)) mod m (Kirsch and Mitzenmacher, 2006).
    #[default]
    DoubleHashing,
    /// Enhanced double hashing (Dillinger and Manolios, 2004): g_0 = x = h1 mod m, y = h2 mod m, then
    /// x ← (x + y) mod m, y ← (y + i) mod m, so g_i = h1 + i·h2 + (i³ − i)/6 (mod m). The cubic term
    /// keeps the indexes moving even when h2 ≡ 0 (mod m).
    EnhancedDoubleHashing,
    /// k separate MurmurHash3 x86_32 hashes with seeds 0 … k − 1: g_i = murmur3(bytes, seed i) mod m.
    Independent,
    /// One MurmurHash3 x64_128, split into two 64-bit halves h1, h2 for double hashing.
    Murmur128Split,
}

impl HashScheme {
    /// Every scheme, in the order the selector lists them.
    pub const ALL: [HashScheme; 4] = [
        HashScheme::DoubleHashing,
        HashScheme::EnhancedDoubleHashing,
        HashScheme::Independent,
        HashScheme::Murmur128Split,
    ];

    /// The stable short name (the selector's option value and, later, the URL parameter).
    pub fn id(self) -> &'static str {
        match self {
            HashScheme::DoubleHashing => "double",
            HashScheme::EnhancedDoubleHashing => "enhanced",
            HashScheme::Independent => "independent",
            HashScheme::Murmur128Split => "murmur128-split",
        }
    }

    /// The scheme with short name `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|scheme| scheme.id() == id)
    }

    /// The k indexes of `text` in a filter of `bits` bits.
    pub fn indexes(self, text: &str, bits: u32, hashes: u32) -> Vec<u32> {
        let bits = bits.max(1);
        let m = u64::from(bits);
        match self {
            HashScheme::DoubleHashing => {
                DoubleHashing::new(ItemHashes::of(text), bits).indexes(hashes)
            }
            HashScheme::Murmur128Split => split_halves(text, bits).indexes(hashes),
            HashScheme::EnhancedDoubleHashing => {
                let start = DoubleHashing::new(ItemHashes::of(text), bits);
                let (mut x, mut y) = (u64::from(start.base), u64::from(start.step));
                (0..u64::from(hashes))
                    .map(|i| {
                        if i > 0 {
                            x = (x + y) % m;
                            y = (y + i) % m;
                        }
                        x as u32
                    })
                    .collect()
            }
            HashScheme::Independent => (0..hashes)
                .map(|seed| murmur3_x86_32(text.as_bytes(), seed) % bits)
                .collect(),
        }
    }

    /// The k indexes of `text`, each with the arithmetic that produced it (for display; the filter
    /// itself uses [`HashScheme::indexes`]).
    pub fn rows(self, text: &str, bits: u32, hashes: u32) -> Vec<IndexRow> {
        let bits = bits.max(1);
        let indexes = self.indexes(text, bits, hashes);
        let workings: Vec<String> = match self {
            HashScheme::DoubleHashing => {
                double_workings(DoubleHashing::new(ItemHashes::of(text), bits), hashes)
            }
            HashScheme::Murmur128Split => double_workings(split_halves(text, bits), hashes),
            HashScheme::EnhancedDoubleHashing => {
                // Row i > 0 adds the previous step y to the previous index; y grows by i each time.
                let start = DoubleHashing::new(ItemHashes::of(text), bits);
                let mut y = u64::from(start.step);
                (0..u64::from(hashes))
                    .map(|i| {
                        // The first index is h₁ itself, reduced: "g₀ = h₁ mod 97 = 12", not "12 = 12".
                        if i == 0 {
                            return format!("h₁ mod {bits}");
                        }
                        let working = format!("({} + {y}) mod {bits}", indexes[i as usize - 1]);
                        y = (y + i) % u64::from(bits);
                        working
                    })
                    .collect()
            }
            HashScheme::Independent => (0..hashes)
                .map(|seed| format!("0x{:08x} mod {bits}", murmur3_x86_32(text.as_bytes(), seed)))
                .collect(),
        };
        workings
            .into_iter()
            .zip(indexes)
            .map(|(working, index)| IndexRow { working, index })
            .collect()
    }
}

/// Double hashing on the two halves of MurmurHash3 x64_128.
fn split_halves(text: &str, bits: u32) -> DoubleHashing {
    let (low, high) = murmur3_x64_128_halves(text.as_bytes());
    let m = u64::from(bits);
    DoubleHashing {
        base: (low % m) as u32,
        step: (high % m) as u32,
        bits,
    }
}

/// One bit index and how it was computed, ready to print after "g_i = ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexRow {
    /// The arithmetic, e.g. "(17 + 2 × 9) mod 32".
    pub working: String,
    /// Its value, the bit index.
    pub index: u32,
}

fn double_workings(rows: DoubleHashing, hashes: u32) -> Vec<String> {
    (0..hashes)
        .map(|i| format!("({} + {i} × {}) mod {}", rows.base, rows.step, rows.bits))
        .collect()
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

    #[test]
    fn murmur_working_ends_at_the_crate_value() {
        for text in [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "hello",
            "Hello, world!",
            "grape",
            "中文 🦀 e\u{301}",
        ] {
            for seed in [0, 1, 0x9747_b28c] {
                let working = murmur3_x86_32_working(text.as_bytes(), seed, usize::MAX);
                assert_eq!(
                    working.hash,
                    murmur3_x86_32(text.as_bytes(), seed),
                    "{text:?} seed {seed}"
                );
                assert_eq!(working.blocks.len(), text.len() / 4);
                assert_eq!(working.tail.is_some(), text.len() % 4 != 0);
            }
        }
        // "grape": one block "grap" (0x70617267 little-endian) and the tail "e".
        let grape = murmur3_x86_32_working(b"grape", 0, 4);
        assert_eq!(grape.blocks[0].block, 0x7061_7267);
        assert_eq!(grape.tail.as_ref().map(|tail| tail.block), Some(0x65));
        assert_eq!(murmur3_x86_32_working(&[7; 40], 0, 4).blocks.len(), 4);
    }

    /// FNV-1a written out from its definition, to check the crate is used the standard way.
    fn fnv1a_by_definition(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    #[test]
    fn rounds_end_at_the_crate_value() {
        for text in ["", "a", "foobar", "布隆"] {
            let rounds = fnv1a_64_rounds(text.as_bytes(), usize::MAX);
            let last = rounds
                .last()
                .map_or(FNV_OFFSET_BASIS, |round| round.after_multiply);
            assert_eq!(last, fnv1a_64(text.as_bytes()), "{text:?}");
        }
        let first = fnv1a_64_rounds(b"a", 1)[0];
        assert_eq!(first.after_xor, 0xcbf29ce484222325 ^ 0x61);
        assert_eq!(format!("{:016x}", first.after_multiply), "af63dc4c8601ec8c");
        assert_eq!(fnv1a_64_rounds(b"abcdef", 2).len(), 2);
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

    #[test]
    fn rows_show_the_arithmetic_of_each_index() {
        let double = HashScheme::DoubleHashing.rows("apple", 32, 3);
        let start = DoubleHashing::new(ItemHashes::of("apple"), 32);
        assert_eq!(
            double[2].working,
            format!("({} + 2 × {}) mod 32", start.base, start.step)
        );
        let enhanced = HashScheme::EnhancedDoubleHashing.rows("banana", 97, 4);
        let indexes = HashScheme::EnhancedDoubleHashing.indexes("banana", 97, 4);
        let start = DoubleHashing::new(ItemHashes::of("banana"), 97);
        assert_eq!(enhanced[0].working, "h₁ mod 97");
        assert_eq!(
            HashScheme::Independent.rows("kiwi", 50, 2)[1].working,
            format!("0x{:08x} mod 50", murmur3_x86_32(b"kiwi", 1))
        );
        assert_eq!(
            enhanced[1].working,
            format!("({} + {}) mod 97", indexes[0], start.step)
        );
        assert_eq!(
            enhanced[2].working,
            format!("({} + {}) mod 97", indexes[1], (start.step + 1) % 97)
        );
        for scheme in HashScheme::ALL {
            let rows = scheme.rows("kiwi", 50, 6);
            assert_eq!(
                rows.iter().map(|row| row.index).collect::<Vec<_>>(),
                scheme.indexes("kiwi", 50, 6)
            );
        }
    }

    #[test]
    fn scheme_ids_round_trip() {
        for scheme in HashScheme::ALL {
            assert_eq!(HashScheme::from_id(scheme.id()), Some(scheme));
        }
        assert_eq!(HashScheme::from_id("triple"), None);
    }

    #[test]
    fn double_scheme_is_the_foundation_formula() {
        for text in ["apple", "", "布隆"] {
            assert_eq!(
                HashScheme::DoubleHashing.indexes(text, 32, 5),
                bit_indexes(text, 32, 5)
            );
        }
    }

    #[test]
    fn enhanced_double_hashing_adds_the_cubic_term() {
        // g_i = h1 + i·h2 + (i³ − i)/6 (mod m), from the closed form.
        for text in ["apple", "banana", "🌸"] {
            let start = DoubleHashing::new(ItemHashes::of(text), 97);
            let expected: Vec<u32> = (0..12u64)
                .map(|i| {
                    let value =
                        u64::from(start.base) + i * u64::from(start.step) + (i * i * i - i) / 6;
                    (value % 97) as u32
                })
                .collect();
            assert_eq!(
                HashScheme::EnhancedDoubleHashing.indexes(text, 97, 12),
                expected
            );
        }
    }

    #[test]
    fn enhanced_double_hashing_moves_when_h2_is_zero() {
        // Find an item whose murmur hash is ≡ 0 (mod 8): plain double hashing repeats one bit.
        let text = (0..10_000)
            .map(|i| format!("item {i}"))
            .find(|text| ItemHashes::of(text).murmur.is_multiple_of(8))
            .unwrap();
        let plain = HashScheme::DoubleHashing.indexes(&text, 8, 4);
        assert!(plain.iter().all(|&index| index == plain[0]));
        let enhanced = HashScheme::EnhancedDoubleHashing.indexes(&text, 8, 4);
        let mut distinct = enhanced.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() > 1, "{enhanced:?}");
    }

    #[test]
    fn independent_uses_seeded_murmur() {
        let indexes = HashScheme::Independent.indexes("hello", 1 << 16, 2);
        assert_eq!(
            indexes,
            vec![
                0x248bfa47 % (1 << 16),
                murmur3_x86_32(b"hello", 1) % (1 << 16)
            ]
        );
    }

    #[test]
    fn murmur128_matches_published_vector() {
        // MurmurHash3_x64_128("hello", seed 0): h1 = cbd8a7b341bd9b02, h2 = 5b1e906a48ae1d19, as given
        // by Python's mmh3 (`hash128`, low and high 64 bits).
        let (low, high) = murmur3_x64_128_halves(b"hello");
        assert_eq!(format!("{low:016x}"), "cbd8a7b341bd9b02");
        assert_eq!(format!("{high:016x}"), "5b1e906a48ae1d19");
        let rows = HashScheme::Murmur128Split.indexes("hello", 1000, 3);
        let (base, step) = (low % 1000, high % 1000);
        assert_eq!(
            rows,
            vec![
                base as u32,
                ((base + step) % 1000) as u32,
                ((base + 2 * step) % 1000) as u32
            ]
        );
    }

    proptest! {
        #[test]
        fn every_scheme_stays_below_m(text in ".*", bits in 1u32..=1024, hashes in 1u32..=16) {
            for scheme in HashScheme::ALL {
                let indexes = scheme.indexes(&text, bits, hashes);
                prop_assert_eq!(indexes.len(), hashes as usize);
                prop_assert!(indexes.iter().all(|&i| i < bits));
            }
        }

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

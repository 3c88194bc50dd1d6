//! Parquet's split-block Bloom filter (SBBF), to the letter of the Apache Parquet format's
//! BloomFilter.md. A value is hashed with xxHash64 (seed 0) of its plain encoding; the hash's top 32
//! bits pick one of z blocks of 256 bits, ⌊(h >> 32)·z / 2³²⌋; its low 32 bits, the key, set one bit
//! in each of the block's eight 32-bit words — bit (key·saltᵢ mod 2³²) >> 27 of word i. A block is
//! thus a tiny partitioned Bloom filter with k = 8, and the whole is a blocked filter that costs one
//! 32-byte read per query. Spark, Impala, Arrow, DuckDB and parquet-rs all write this same layout.

use super::load::{expected_over_loads, expected_over_poisson_loads};
use super::xxhash::xxh64;

/// The eight odd 32-bit salts, one per word of a block.
pub const SALT: [u32; 8] = [
    0x47b6_137b,
    0x4497_4d91,
    0x8824_ad5b,
    0xa2b7_289d,
    0x7054_95c7,
    0x2df1_424b,
    0x9efc_4947,
    0x5c6b_fb31,
];
/// The bytes of one block: eight 32-bit words.
pub const BLOCK_BYTES: usize = 32;
/// The smallest filter writers make: one block.
pub const MIN_BYTES: usize = 32;
/// The largest filter parquet-mr, Arrow and parquet-rs make: 128 MiB.
pub const MAX_BYTES: usize = 128 * 1024 * 1024;

/// xxHash64 (seed 0) of a value's plain-encoded bytes: a string's or byte array's bytes without
/// their length prefix, an INT32's four or an INT64's eight little-endian bytes.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    xxh64(bytes, 0)
}

/// The hash of a string value (BYTE_ARRAY): its UTF-8 bytes.
pub fn hash_str(text: &str) -> u64 {
    hash_bytes(text.as_bytes())
}

/// The hash of an INT32 value: its four little-endian bytes.
pub fn hash_i32(value: i32) -> u64 {
    hash_bytes(&value.to_le_bytes())
}

/// The hash of an INT64 value: its eight little-endian bytes.
pub fn hash_i64(value: i64) -> u64 {
    hash_bytes(&value.to_le_bytes())
}

/// The block of hash `h` among `blocks`: ⌊(h >> 32)·z / 2³²⌋ (Ross's multiply-shift, no modulo).
pub fn block_index(hash: u64, blocks: u32) -> u32 {
    (((hash >> 32) * u64::from(blocks)) >> 32) as u32
}

/// The bit of word `word` (0–7) that `key` sets: (key·saltᵢ mod 2³²) >> 27, a number from 0 to 31.
pub fn bit_in_word(key: u32, word: usize) -> u32 {
    key.wrapping_mul(SALT[word % 8]) >> 27
}

/// The block `key` sets: one bit in each word.
pub fn mask(key: u32) -> [u32; 8] {
    std::array::from_fn(|word| 1 << bit_in_word(key, word))
}

/// The bits per distinct value the spec's sizing formula asks for at rate p:
/// c = −8 / ln(1 − p^(1/8)). It sizes the filter as one split filter with eight hashes and ignores
/// the uneven loads of blocks, so it reaches a little worse than p (see [`rate`]).
pub fn spec_bits_per_value(rate: f64) -> f64 {
    -8.0 / (1.0 - rate.powf(1.0 / 8.0)).ln()
}

/// Why no filter can be sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SbbfError {
    /// The rate must be strictly between 0 and 1.
    Rate,
    /// A filter's bytes are a whole, non-zero number of 32-byte blocks.
    Length,
    /// The bytes do not start with the header every writer writes (see [`header_bytes`]).
    Header,
}

/// The filter's size in bytes for `distinct` values at rate p, as parquet-rs and Arrow compute it:
/// ⌊c·n⌋ bits with c from [`spec_bits_per_value`], then ⌊bits/8⌋ bytes, clamped to
/// [`MIN_BYTES`] … [`MAX_BYTES`] and rounded up to a power of two.
pub fn bytes_for(distinct: u64, rate: f64) -> Result<usize, SbbfError> {
    if !(rate > 0.0 && rate < 1.0) {
        return Err(SbbfError::Rate);
    }
    let per_value = spec_bits_per_value(rate);
    let bits = if distinct == 0 {
        0
    } else if per_value.is_finite() {
        // `as` saturates: absurd counts land on the maximum instead of wrapping.
        (distinct as f64 * per_value) as u64
    } else {
        // A rate so small that 1 − p^(1/8) rounds to 1: ln gives 0 and c is infinite.
        u64::MAX
    };
    let bytes = usize::try_from(bits / 8).unwrap_or(MAX_BYTES);
    Ok(bytes.clamp(MIN_BYTES, MAX_BYTES).next_power_of_two())
}

/// The header stored before a filter's bitset: the Thrift compact encoding of BloomFilterHeader
/// { numBytes, algorithm: BLOCK, hash: XXHASH, compression: UNCOMPRESSED }. Field 1 is an i32
/// (0x15: field delta 1, type 5) written as a zigzag varint; the other three are unions holding one
/// empty struct each (0x1C: delta 1, type 12, twice, then two stops); a last stop ends the header.
pub fn header_bytes(bitset_bytes: u32) -> Vec<u8> {
    let mut header = vec![0x15];
    // Zigzag of a non-negative i32 is twice it; then seven bits a byte, low bits first.
    let mut value = u64::from(bitset_bytes) << 1;
    while value >= 0x80 {
        header.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    header.push(value as u8);
    header.extend_from_slice(&HEADER_UNIONS);
    header
}

/// The three unions of the header and its final stop, the same for every SBBF.
const HEADER_UNIONS: [u8; 13] = [
    0x1C, 0x1C, 0x00, 0x00, 0x1C, 0x1C, 0x00, 0x00, 0x1C, 0x1C, 0x00, 0x00, 0x00,
];

/// numBytes and the header's length, read back from the start of `data`.
fn read_header(data: &[u8]) -> Result<(usize, usize), SbbfError> {
    if data.first() != Some(&0x15) {
        return Err(SbbfError::Header);
    }
    let (mut value, mut at) = (0u64, 1);
    for shift in (0..35).step_by(7) {
        let byte = *data.get(at).ok_or(SbbfError::Header)?;
        value |= u64::from(byte & 0x7f) << shift;
        at += 1;
        if byte & 0x80 == 0 {
            let unions = data.get(at..at + HEADER_UNIONS.len());
            if value & 1 != 0 || unions != Some(&HEADER_UNIONS[..]) {
                return Err(SbbfError::Header);
            }
            let bytes = usize::try_from(value >> 1).map_err(|_| SbbfError::Header)?;
            return Ok((bytes, at + HEADER_UNIONS.len()));
        }
    }
    Err(SbbfError::Header)
}

/// Where a hash lands: its block and the bit it sets in each of the block's eight words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The block, ⌊(h >> 32)·z / 2³²⌋.
    pub block: u32,
    /// The key, the hash's low 32 bits.
    pub key: u32,
    /// The bit (0–31) set in each word.
    pub bits: [u8; 8],
}

/// One 32-bit word of the filter, for drawing it: block, word index, value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SbbfWord {
    /// The block.
    pub block: u32,
    /// The word inside the block, 0–7.
    pub word: u8,
    /// The word's 32 bits.
    pub value: u32,
}

/// A split-block Bloom filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sbbf {
    blocks: Vec<[u32; 8]>,
}

impl Sbbf {
    /// An empty filter of about `bytes` bytes: clamped to [`MIN_BYTES`] … [`MAX_BYTES`] and rounded
    /// up to a power of two, as writers do.
    pub fn with_bytes(bytes: usize) -> Self {
        let bytes = bytes.clamp(MIN_BYTES, MAX_BYTES).next_power_of_two();
        Self {
            blocks: vec![[0; 8]; bytes / BLOCK_BYTES],
        }
    }

    /// An empty filter sized by [`bytes_for`].
    pub fn for_values(distinct: u64, rate: f64) -> Result<Self, SbbfError> {
        Ok(Self::with_bytes(bytes_for(distinct, rate)?))
    }

    /// The filter whose bitset is `bytes`, as stored in a file: blocks one after the other, each
    /// word little-endian.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, SbbfError> {
        if bytes.is_empty() || !bytes.len().is_multiple_of(BLOCK_BYTES) {
            return Err(SbbfError::Length);
        }
        let blocks = bytes
            .chunks_exact(BLOCK_BYTES)
            .map(|block| {
                std::array::from_fn(|word| {
                    let at = word * 4;
                    u32::from_le_bytes([block[at], block[at + 1], block[at + 2], block[at + 3]])
                })
            })
            .collect();
        Ok(Self { blocks })
    }

    /// The bitset as a file stores it (after the Thrift header): every word little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.blocks
            .iter()
            .flatten()
            .flat_map(|word| word.to_le_bytes())
            .collect()
    }

    /// The filter as a Parquet file stores it at the column chunk's bloom_filter_offset: the
    /// header, then the bitset.
    pub fn to_file_bytes(&self) -> Vec<u8> {
        let mut data = header_bytes(self.byte_count() as u32);
        data.extend(self.to_bytes());
        data
    }

    /// The filter stored in `data` (header, then bitset; bytes after the bitset are ignored).
    pub fn from_file_bytes(data: &[u8]) -> Result<Self, SbbfError> {
        let (bytes, start) = read_header(data)?;
        let end = start.checked_add(bytes).ok_or(SbbfError::Length)?;
        let bitset = data.get(start..end).ok_or(SbbfError::Length)?;
        Self::from_bytes(bitset)
    }

    /// z, the number of blocks.
    pub fn block_count(&self) -> u32 {
        self.blocks.len() as u32
    }

    /// The bitset's size: 32 bytes a block.
    pub fn byte_count(&self) -> usize {
        self.blocks.len() * BLOCK_BYTES
    }

    /// Where `hash` lands in this filter.
    pub fn probe(&self, hash: u64) -> Probe {
        let key = hash as u32;
        Probe {
            block: block_index(hash, self.block_count()),
            key,
            bits: std::array::from_fn(|word| bit_in_word(key, word) as u8),
        }
    }

    /// `filter_insert`: sets the key's eight bits in its block.
    pub fn insert_hash(&mut self, hash: u64) {
        let block = block_index(hash, self.block_count()) as usize;
        for (word, bit) in self.blocks[block].iter_mut().zip(mask(hash as u32)) {
            *word |= bit;
        }
    }

    /// `filter_check`: true when all eight bits are set, "maybe present".
    pub fn contains_hash(&self, hash: u64) -> bool {
        let block = &self.blocks[block_index(hash, self.block_count()) as usize];
        block
            .iter()
            .zip(mask(hash as u32))
            .all(|(word, bit)| word & bit != 0)
    }

    /// Inserts a string value.
    pub fn insert_str(&mut self, text: &str) {
        self.insert_hash(hash_str(text));
    }

    /// Checks a string value.
    pub fn contains_str(&self, text: &str) -> bool {
        self.contains_hash(hash_str(text))
    }

    /// The eight words of block `block`, if there is one.
    pub fn block(&self, block: u32) -> Option<[u32; 8]> {
        self.blocks.get(block as usize).copied()
    }

    /// Every word, block by block, for drawing `sbbf-word` cells.
    pub fn words(&self) -> impl Iterator<Item = SbbfWord> + '_ {
        self.blocks.iter().enumerate().flat_map(|(block, words)| {
            words
                .iter()
                .enumerate()
                .map(move |(word, &value)| SbbfWord {
                    block: block as u32,
                    word: word as u8,
                    value,
                })
        })
    }
}

/// The rate of one block after j keys: each word has a given bit set with probability
/// 1 − (31/32)^j, and a query needs its bit in all eight: (1 − (31/32)^j)^8.
pub fn block_rate(load: f64) -> f64 {
    (1.0 - (31.0f64 / 32.0).powf(load)).powi(8)
}

/// The SBBF's false-positive rate after `items` distinct values in `blocks` blocks: the sum over
/// block loads Σⱼ P(L = j)·(1 − (31/32)^j)^8, L binomial(n, 1/z). The spec's worked example (1,024
/// blocks, 26,214 values: about 1.26 %) is this sum.
pub fn rate(items: u64, blocks: u64) -> f64 {
    expected_over_loads(items, blocks, block_rate)
}

/// The rate at `bits_per_value` bits of filter per distinct value in a large filter: the Poisson
/// limit of [`rate`] with mean 256/c values per block.
pub fn rate_at_bits_per_value(bits_per_value: f64) -> f64 {
    if bits_per_value.is_nan() || bits_per_value <= 0.0 {
        return 1.0;
    }
    expected_over_poisson_loads(256.0 / bits_per_value, block_rate)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::measure::wilson_interval;
    use crate::words::SplitMix64;
    use proptest::prelude::*;

    #[test]
    fn the_specs_worked_example() {
        // BloomFilter.md: 1,024 blocks hold 26,214 values at "around 1.26 %", twice as many at
        // 18 %, half as many at 0.04 %.
        let at = |items: u64| rate(items, 1_024);
        assert!((at(26_214) - 0.0126).abs() < 0.0001, "{}", at(26_214));
        assert!((at(52_428) - 0.18).abs() < 0.005, "{}", at(52_428));
        assert!((at(13_107) - 0.0004).abs() < 0.00005, "{}", at(13_107));
    }

    #[test]
    fn the_specs_table_of_bits_per_value() {
        // BloomFilter.md's "sample values": bits of space per insert and the rate they give.
        for (bits, expected) in [
            (6.0, 0.1),
            (10.5, 0.01),
            (16.9, 0.001),
            (26.4, 0.0001),
            (41.0, 0.00001),
        ] {
            let ours = rate_at_bits_per_value(bits);
            assert!(
                (ours / expected - 1.0).abs() < 0.02,
                "{bits} bits: {ours} vs {expected}"
            );
        }
    }

    #[test]
    fn the_specs_sizing_formula_undershoots_its_target() {
        // At 1 % the formula asks for 9.68 bits per value, which reach 1.5–2 %, not 1 %: it
        // treats the filter as one split filter and ignores the blocks' uneven loads.
        let bits = spec_bits_per_value(0.01);
        assert!((bits - (-8.0 / (1.0 - 0.01f64.powf(0.125)).ln())).abs() < 1e-12);
        let reached = rate_at_bits_per_value(bits);
        assert!(reached > 0.01 && reached < 0.02, "{reached}");
    }

    #[test]
    fn sizes_are_powers_of_two_between_the_bounds() {
        for (distinct, rate) in [(3_000u64, 0.01f64), (1_000_000, 0.05), (77, 0.3)] {
            // Doubling from the minimum until the formula's whole bytes fit, written out.
            let bits = (distinct as f64 * -8.0 / (1.0 - rate.powf(0.125)).ln()).floor();
            let mut expected = MIN_BYTES;
            while (expected as f64) < (bits / 8.0).floor() {
                expected *= 2;
            }
            assert_eq!(
                bytes_for(distinct, rate),
                Ok(expected),
                "{distinct} at {rate}"
            );
        }
        assert_eq!(bytes_for(0, 0.01), Ok(MIN_BYTES));
        assert_eq!(bytes_for(u64::MAX, 0.01), Ok(MAX_BYTES));
        assert_eq!(bytes_for(u64::MAX, 1e-300), Ok(MAX_BYTES));
        assert_eq!(bytes_for(10, 0.0), Err(SbbfError::Rate));
        assert_eq!(bytes_for(10, 1.0), Err(SbbfError::Rate));
        assert_eq!(bytes_for(10, f64::NAN), Err(SbbfError::Rate));
        assert_eq!(Sbbf::with_bytes(0).byte_count(), 32);
        assert_eq!(Sbbf::with_bytes(33).byte_count(), 64);
        assert_eq!(Sbbf::with_bytes(4_096).block_count(), 128);
        assert_eq!(Sbbf::from_bytes(&[]), Err(SbbfError::Length));
        assert_eq!(Sbbf::from_bytes(&[0; 33]), Err(SbbfError::Length));
    }

    #[test]
    fn the_header_round_trips_and_is_refused_when_foreign() {
        // 4,096 bytes: zigzag 8,192 = 0x2000, as a varint 0x80 0x40; then the 13 bytes of unions.
        let header = header_bytes(4_096);
        assert_eq!(&header[..3], &[0x15, 0x80, 0x40]);
        assert_eq!(header.len(), 16);
        let mut filter = Sbbf::with_bytes(4_096);
        filter.insert_str("apple");
        let data = filter.to_file_bytes();
        assert_eq!(Sbbf::from_file_bytes(&data), Ok(filter));
        assert_eq!(Sbbf::from_file_bytes(&data[1..]), Err(SbbfError::Header));
        assert_eq!(Sbbf::from_file_bytes(&data[..20]), Err(SbbfError::Length));
        assert_eq!(Sbbf::from_file_bytes(&[]), Err(SbbfError::Header));
        assert_eq!(
            Sbbf::from_file_bytes(&[0x15, 0xff, 0xff]),
            Err(SbbfError::Header)
        );
        assert_eq!(Sbbf::from_file_bytes(&[0x15; 40]), Err(SbbfError::Header));
    }

    #[test]
    fn the_mask_follows_the_specs_definition() {
        // mask(x): word i gets bit (x·saltᵢ mod 2³²) >> 27, computed here in 64-bit arithmetic.
        for key in [0u32, 1, 0xdead_beef, u32::MAX] {
            let ours = mask(key);
            for (word, salt) in SALT.iter().enumerate() {
                let bit = ((u64::from(key) * u64::from(*salt)) % (1 << 32)) >> 27;
                assert_eq!(ours[word], 1 << bit, "key {key:#x} word {word}");
            }
        }
        // Block choice: ⌊(h >> 32)·z / 2³²⌋, so the top of the hash picks the last block.
        assert_eq!(block_index(u64::MAX, 1_000), 999);
        assert_eq!(block_index(0xffff_ffff, 1_000), 0);
    }

    #[test]
    fn the_bytes_round_trip_and_every_word_is_listed() {
        let mut filter = Sbbf::with_bytes(128);
        for text in ["apple", "pear", "fig"] {
            filter.insert_str(text);
        }
        let back = Sbbf::from_bytes(&filter.to_bytes()).unwrap();
        assert_eq!(back, filter);
        let words: Vec<SbbfWord> = filter.words().collect();
        assert_eq!(words.len(), 32);
        let probe = filter.probe(hash_str("pear"));
        let word = words[probe.block as usize * 8 + 3];
        assert_eq!((word.block, word.word), (probe.block, 3));
        assert_ne!(word.value & (1 << probe.bits[3]), 0);
        assert_eq!(filter.block(probe.block).map(|b| b[3]), Some(word.value));
        assert_eq!(filter.block(4), None);
    }

    #[test]
    fn the_measured_rate_falls_in_the_interval_of_the_exact_one() {
        // Eight filters of 1,024 blocks at 8 bits per value (32,768 values), 100,000 fresh hashes
        // each: one filter's luck in how its blocks filled moves its rate by about as much as the
        // probes do, and eight average it out.
        let mut rng = SplitMix64::new(21);
        let mut positives = 0u64;
        for _ in 0..8 {
            let mut filter = Sbbf::with_bytes(1_024 * BLOCK_BYTES);
            (0..32_768).for_each(|_| filter.insert_hash(rng.next_u64()));
            positives += (0..100_000)
                .filter(|_| filter.contains_hash(rng.next_u64()))
                .count() as u64;
        }
        let (low, high) = wilson_interval(positives, 800_000);
        let exact = rate(32_768, 1_024);
        assert!(
            (low..=high).contains(&exact),
            "{exact} outside {low}…{high}"
        );
    }

    proptest! {
        #[test]
        fn no_false_negatives_ever(values in proptest::collection::vec(any::<i64>(), 0..200), bytes in 0usize..2_000) {
            let mut filter = Sbbf::with_bytes(bytes);
            for &value in &values {
                filter.insert_hash(hash_i64(value));
            }
            for &value in &values {
                prop_assert!(filter.contains_hash(hash_i64(value)));
            }
        }
    }
}

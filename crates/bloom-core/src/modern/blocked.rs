//! The blocked Bloom filter (Putze, Sanders and Singler, 2007): the m bits are cut into blocks of B
//! bits — 512 is one cache line — and a first hash picks a block that holds all k bits of the key.
//! A query then costs one cache miss instead of k. The price is in the rate: blocks do not fill
//! evenly (a block's load is binomial around n·B/m), and the overfull ones let more through than the
//! underfull ones save, so the rate is the one-block formula averaged over the load, always a little
//! above (1 − e^(−kn/m))^k, and far above it when B is small.

use super::load::{expected_over_loads, expected_over_poisson_loads, load_range};
use crate::hashing::ItemHashes;
use crate::partitioned::{mixed, reduce};

/// A cache line: 64 bytes.
pub const CACHE_LINE_BITS: u32 = 512;
/// The smallest block: one 64-bit word.
pub const MIN_BLOCK_BITS: u32 = 64;
/// The largest block this filter makes (8 KiB), far beyond any cache line.
pub const MAX_BLOCK_BITS: u32 = 1 << 16;
/// The most bits a filter may have (512 MiB), so that no size typed by a visitor exhausts memory.
pub const MAX_BITS: u64 = 1 << 32;
/// The most hash functions: more never lowers the rate of any filter this size.
pub const MAX_HASHES: u32 = 64;

/// Why a blocked filter cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockedError {
    /// B must be a power of two from 64 to 65,536.
    BlockBits,
    /// At least one block.
    NoBlocks,
    /// At least one and at most [`MAX_HASHES`] hashes.
    Hashes,
    /// More than [`MAX_BITS`] bits in all.
    TooLarge,
}

/// A blocked Bloom filter: z blocks of B bits, k bits per key, all in one block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockedBloom {
    words: Vec<u64>,
    block_bits: u32,
    blocks: u32,
    hashes: u32,
}

impl BlockedBloom {
    /// An empty filter of `blocks` blocks of `block_bits` bits, `hashes` bits per key.
    pub fn new(blocks: u32, block_bits: u32, hashes: u32) -> Result<Self, BlockedError> {
        if !block_bits.is_power_of_two() || !(MIN_BLOCK_BITS..=MAX_BLOCK_BITS).contains(&block_bits)
        {
            return Err(BlockedError::BlockBits);
        }
        if blocks == 0 {
            return Err(BlockedError::NoBlocks);
        }
        if !(1..=MAX_HASHES).contains(&hashes) {
            return Err(BlockedError::Hashes);
        }
        let bits = u64::from(blocks) * u64::from(block_bits);
        if bits > MAX_BITS {
            return Err(BlockedError::TooLarge);
        }
        Ok(Self {
            words: vec![0; (bits / 64) as usize],
            block_bits,
            blocks,
            hashes,
        })
    }

    /// The filter with at least `bits` bits: ⌈m/B⌉ blocks.
    pub fn with_bits(bits: u64, block_bits: u32, hashes: u32) -> Result<Self, BlockedError> {
        let blocks = bits.div_ceil(u64::from(block_bits.max(1)));
        let blocks = u32::try_from(blocks).map_err(|_| BlockedError::TooLarge)?;
        Self::new(blocks, block_bits, hashes)
    }

    /// z, the number of blocks.
    pub fn block_count(&self) -> u32 {
        self.blocks
    }

    /// B, the bits of one block.
    pub fn block_bits(&self) -> u32 {
        self.block_bits
    }

    /// k, the bits each key sets.
    pub fn hash_count(&self) -> u32 {
        self.hashes
    }

    /// m = z·B.
    pub fn bit_count(&self) -> u64 {
        u64::from(self.blocks) * u64::from(self.block_bits)
    }

    /// The block of an item whose base hashes are `hashes`: ⌊x₀·z / 2⁶⁴⌋ with x₀ =
    /// [`mixed`](crate::partitioned::mixed)`(hashes, 0)`, the first of the derived hashes.
    pub fn block_of_hashes(&self, hashes: ItemHashes) -> u32 {
        reduce(mixed(hashes, 0), self.blocks)
    }

    /// The k offsets inside its block: ⌊xᵢ·B / 2⁶⁴⌋ with xᵢ = `mixed(hashes, i)`, i = 1 … k —
    /// double hashing h_fnv + i·h_murmur, mixed before it is reduced, as the partitioned filter does,
    /// so that k offsets in a block of 64 bits stay as good as independent.
    pub fn offsets_of_hashes(&self, hashes: ItemHashes) -> Vec<u32> {
        (1..self.hashes + 1)
            .map(|i| self.offset(hashes, i))
            .collect()
    }

    /// The item's i-th offset (`insert_hashes` and `contains_hashes` take them one by one, with
    /// nothing allocated: the race times them).
    fn offset(&self, hashes: ItemHashes, i: u32) -> u32 {
        reduce(mixed(hashes, i), self.block_bits)
    }

    /// The block `key` (a string, hashed as the playground hashes it) falls into.
    pub fn block_of(&self, key: &str) -> u32 {
        self.block_of_hashes(ItemHashes::of(key))
    }

    /// The k bit positions of `key` in the whole filter: block·B + offset, in probe order (two
    /// offsets may coincide, as two indexes of a classic filter may).
    pub fn positions(&self, key: &str) -> Vec<u64> {
        let hashes = ItemHashes::of(key);
        let start = u64::from(self.block_of_hashes(hashes)) * u64::from(self.block_bits);
        self.offsets_of_hashes(hashes)
            .into_iter()
            .map(|offset| start + u64::from(offset))
            .collect()
    }

    /// Sets the k bits of the item.
    pub fn insert_hashes(&mut self, hashes: ItemHashes) {
        let start = u64::from(self.block_of_hashes(hashes)) * u64::from(self.block_bits);
        for i in 1..self.hashes + 1 {
            let bit = start + u64::from(self.offset(hashes, i));
            self.words[(bit / 64) as usize] |= 1 << (bit % 64);
        }
    }

    /// True when all k bits of the item are set: "maybe present".
    pub fn contains_hashes(&self, hashes: ItemHashes) -> bool {
        let start = u64::from(self.block_of_hashes(hashes)) * u64::from(self.block_bits);
        (1..self.hashes + 1).all(|i| {
            let bit = start + u64::from(self.offset(hashes, i));
            self.words[(bit / 64) as usize] & (1 << (bit % 64)) != 0
        })
    }

    /// Sets the k bits of `key`.
    pub fn insert(&mut self, key: &str) {
        self.insert_hashes(ItemHashes::of(key));
    }

    /// True when all k bits of `key` are set.
    pub fn contains(&self, key: &str) -> bool {
        self.contains_hashes(ItemHashes::of(key))
    }

    /// The 64-bit words of block `block` (B/64 of them), lowest bit first; empty past the last block.
    pub fn block_words(&self, block: u32) -> &[u64] {
        let per_block = (self.block_bits / 64) as usize;
        let start = (block as usize).saturating_mul(per_block);
        self.words.get(start..start + per_block).unwrap_or(&[])
    }

    /// The set bits of each block, block by block: how unevenly the blocks filled.
    pub fn block_fill(&self) -> Vec<u32> {
        (0..self.blocks)
            .map(|block| self.block_words(block).iter().map(|w| w.count_ones()).sum())
            .collect()
    }
}

/// The rate of one block of B bits holding j keys of k bits: (1 − (1 − 1/B)^(kj))^k, the standard
/// formula with the block as the whole filter.
pub fn block_rate(load: f64, block_bits: f64, hashes: f64) -> f64 {
    (1.0 - (1.0 - 1.0 / block_bits).powf(hashes * load)).powf(hashes)
}

/// The blocked filter's false-positive rate, as the sum over block loads: Σⱼ P(L = j)·(1 − (1 −
/// 1/B)^(kj))^k with L binomial(n, 1/z). 1.0 without blocks or hashes (nothing can be ruled out).
pub fn rate(items: u64, blocks: u64, block_bits: u32, hashes: u32) -> f64 {
    if block_bits == 0 || hashes == 0 {
        return 1.0;
    }
    let (b, k) = (f64::from(block_bits), f64::from(hashes));
    expected_over_loads(items, blocks, |load| block_rate(load, b, k))
}

/// The most work (block states × bits thrown) [`exact_rate`] spends on the occupancy law; loads
/// past it use [`block_rate`], whose error is of order 1/B where a block is that full.
const MOST_OCCUPANCY_WORK: u64 = 40_000_000;

/// The exact rate of one block for loads j = 0 … `most_load`: E[(X/B)^k], where X is the number of
/// distinct bits that k·j uniform throws into B bits set, found by following the law of X throw by
/// throw (a throw lands on a set bit with probability x/B). [`block_rate`] replaces E[(X/B)^k] by
/// (E[X]/B)^k, which is smaller (Jensen; Bose et al., 2008): by a few per cent for blocks of 64 bits.
/// The table stops early where it would cost more than [`MOST_OCCUPANCY_WORK`], and is empty for a
/// B outside 1 … [`MAX_BLOCK_BITS`] or no hash.
pub fn occupancy_block_rates(most_load: u64, block_bits: u32, hashes: u32) -> Vec<f64> {
    if !(1..=MAX_BLOCK_BITS).contains(&block_bits) || hashes == 0 {
        return Vec::new();
    }
    let work_per_load = (u64::from(block_bits) + 1) * u64::from(hashes);
    let most_load = most_load.min(MOST_OCCUPANCY_WORK / work_per_load);
    let bits = block_bits as usize;
    let b = f64::from(block_bits);
    let powers: Vec<f64> = (0..=bits)
        .map(|x| (x as f64 / b).powi(hashes as i32))
        .collect();
    let mut law = vec![0.0; bits + 1];
    law[0] = 1.0;
    let mut rates = vec![powers[0]];
    for load in 1..=most_load {
        for throw in 0..hashes as usize {
            let reach = ((load as usize - 1) * hashes as usize + throw + 1).min(bits);
            for x in (1..=reach).rev() {
                law[x] = law[x] * x as f64 / b + law[x - 1] * (b - (x - 1) as f64) / b;
            }
            law[0] = 0.0;
        }
        rates.push(law.iter().zip(&powers).map(|(p, power)| p * power).sum());
    }
    rates
}

/// The blocked filter's rate with the exact one-block rate: Σⱼ P(L = j)·E[(X_kj/B)^k] (see
/// [`occupancy_block_rates`]). What a filter whose k offsets are independent and uniform measures,
/// where [`rate`] is the textbook's per-block formula averaged the same way.
pub fn exact_rate(items: u64, blocks: u64, block_bits: u32, hashes: u32) -> f64 {
    if block_bits == 0 || hashes == 0 {
        return 1.0;
    }
    let (_, high) = load_range(items, blocks);
    // `as` saturates: a load past u64 asks for the whole table the work budget allows.
    let table = occupancy_block_rates(high as u64, block_bits, hashes);
    let (b, k) = (f64::from(block_bits), f64::from(hashes));
    expected_over_loads(items, blocks, |load| {
        table
            .get(load as usize)
            .copied()
            .unwrap_or_else(|| block_rate(load, b, k))
    })
}

/// Putze, Sanders and Singler's form of the same rate: a Poisson load of mean n·B/m and the
/// exponential one-block formula, Σⱼ Poisson(j; nB/m)·(1 − e^(−kj/B))^k — the limit of [`rate`]
/// for many blocks.
pub fn poisson_rate(items: f64, bits: f64, block_bits: f64, hashes: f64) -> f64 {
    if !(bits > 0.0 && block_bits > 0.0 && hashes > 0.0) {
        return 1.0;
    }
    expected_over_poisson_loads(items * block_bits / bits, |load| {
        (1.0 - (-hashes * load / block_bits).exp()).powf(hashes)
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::measure::wilson_interval;
    use crate::sizing;
    use crate::words::SplitMix64;
    use proptest::prelude::*;

    /// Σᵢ C(k, i)(−1)ⁱ·(1 − p + p·qⁱ)ⁿ with q = (1 − 1/B)^k, p = 1/z: the same expectation by the
    /// binomial theorem and the load's generating function E[sᴸ] = (1 − p + p·s)ⁿ, with no sum over
    /// loads at all. It cancels badly for tiny rates, so it is used only where the rate is not tiny.
    fn by_generating_function(items: u64, blocks: u64, block_bits: u32, hashes: u32) -> f64 {
        let (p, k) = (1.0 / blocks as f64, hashes as i32);
        let q = (1.0 - 1.0 / f64::from(block_bits)).powi(k);
        let mut choose = 1.0;
        let mut total = 0.0;
        for i in 0..=k {
            let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
            total += sign * choose * (1.0 - p + p * q.powi(i)).powf(items as f64);
            choose = choose * f64::from(k - i) / f64::from(i + 1);
        }
        total
    }

    #[test]
    fn the_sum_over_loads_equals_the_generating_function_form() {
        for (items, blocks, block_bits, hashes) in [
            (4_000u64, 64u64, 512u32, 6u32),
            (1_000, 100, 64, 4),
            (100_000, 2_000, 512, 5),
            (30, 1, 256, 3),
            (600, 100, 64, 4),
        ] {
            let ours = rate(items, blocks, block_bits, hashes);
            let closed = by_generating_function(items, blocks, block_bits, hashes);
            assert!(
                // The closed form raises numbers near 1 to the power n and then cancels, so it
                // keeps only about nine digits.
                (ours - closed).abs() < 1e-7 * closed,
                "{items} {blocks} {block_bits} {hashes}: {ours} vs {closed}"
            );
        }
    }

    #[test]
    fn blocking_costs_rate_and_a_cache_line_costs_little() {
        // 10 bits per key, k = 7: the classic filter's 0.82 %; blocks of 512 bits a little more,
        // blocks of 64 bits far more (Putze et al.'s figure 1 shows the same ordering).
        let (n, m, k) = (100_000u64, 1_000_000u64, 7u32);
        let standard = sizing::rate(n as f64, m as f64, f64::from(k));
        let line = rate(n, m / 512, 512, k);
        let word = rate(n, m / 64, 64, k);
        assert!(standard < line && line < word, "{standard} {line} {word}");
        assert!(line < standard * 1.3, "{line} vs {standard}");
        assert!(word > standard * 2.0, "{word} vs {standard}");
        // With one block the blocked filter is the classic filter of B bits.
        let one = rate(50, 1, 512, 4);
        assert!((one - block_rate(50.0, 512.0, 4.0)).abs() < 1e-15);
    }

    #[test]
    fn putzes_poisson_form_approaches_the_sum_as_blocks_grow() {
        // The Poisson law and e^(−kj/B) for (1 − 1/B)^(kj): close for cache lines, looser for words.
        let (n, m) = (1_000_000u64, 10_000_000u64);
        let gap = |block_bits: u32| {
            let exact = rate(n, m / u64::from(block_bits), block_bits, 7);
            let poisson = poisson_rate(n as f64, m as f64, f64::from(block_bits), 7.0);
            (exact - poisson).abs() / exact
        };
        assert!(gap(512) < 0.005, "{}", gap(512));
        assert!(gap(64) < 0.05, "{}", gap(64));
        assert!(gap(4_096) < gap(512) && gap(512) < gap(64));
    }

    #[test]
    fn the_exact_block_rate_by_enumerating_every_throw() {
        // B = 4 bits, k = 2: every placement of the j keys' 2j offsets and of the query's 2.
        let (bits, hashes) = (4u32, 2u32);
        let rates = occupancy_block_rates(3, bits, hashes);
        for load in 0..=3u32 {
            let throws = hashes * (load + 1);
            let outcomes = bits.pow(throws);
            let positives = (0..outcomes)
                .filter(|&code| {
                    let offset = |t: u32| (code / bits.pow(t)) % bits;
                    let set: u32 = (0..hashes * load).fold(0, |set, t| set | 1 << offset(t));
                    (hashes * load..throws).all(|t| set & 1 << offset(t) != 0)
                })
                .count();
            let enumerated = positives as f64 / f64::from(outcomes);
            assert!(
                (rates[load as usize] - enumerated).abs() < 1e-15,
                "j = {load}"
            );
        }
        // The textbook formula is below the exact rate at every load past 0.
        for load in 1..=3 {
            assert!(block_rate(f64::from(load), 4.0, 2.0) < rates[load as usize]);
        }
    }

    /// Positives among 100,000 fresh probes of each of eight filters of 2¹⁸ bits holding 32,768
    /// keys (8 bits per key, k = 5). One filter's luck in how its blocks filled moves its rate by
    /// about 1 % at B = 64, as much as the probes do; eight filters average that out.
    fn measured(block_bits: u32) -> (u64, u64) {
        let blocks = (1 << 18) / block_bits;
        let mut rng = SplitMix64::new(u64::from(block_bits));
        let mut fresh = || ItemHashes {
            fnv: rng.next_u64(),
            murmur: rng.next_u64() as u32,
        };
        let mut positives = 0;
        for _ in 0..8 {
            let mut filter = BlockedBloom::new(blocks, block_bits, 5).unwrap();
            (0..32_768).for_each(|_| filter.insert_hashes(fresh()));
            positives += (0..100_000)
                .filter(|_| filter.contains_hashes(fresh()))
                .count() as u64;
        }
        (positives, 800_000)
    }

    #[test]
    fn the_measured_rate_falls_in_the_interval_of_the_exact_one() {
        for block_bits in [512u32, 64] {
            let blocks = u64::from((1 << 18) / block_bits);
            let (positives, probes) = measured(block_bits);
            let (low, high) = wilson_interval(positives, probes);
            let exact = exact_rate(32_768, blocks, block_bits, 5);
            assert!(
                (low..=high).contains(&exact),
                "B = {block_bits}: {exact} outside {low}…{high}"
            );
            // The classic formula (1 − e^(−kn/m))^k is below the interval, far below for B = 64.
            let standard = sizing::rate(32_768.0, f64::from(1u32 << 18), 5.0);
            assert!(standard < low, "{standard} vs {low}");
            if block_bits == 512 {
                // For cache lines the textbook per-block formula is as good as exact.
                let textbook = rate(32_768, blocks, block_bits, 5);
                assert!((low..=high).contains(&textbook), "{textbook}");
            }
        }
    }

    #[test]
    fn a_key_has_one_block_and_k_bits_inside_it() {
        let filter = BlockedBloom::new(100, 512, 6).unwrap();
        for key in ["apple", "pear", "", "日本語"] {
            let block = filter.block_of(key);
            assert!(block < 100);
            let positions = filter.positions(key);
            assert_eq!(positions.len(), 6);
            let range = u64::from(block) * 512..u64::from(block + 1) * 512;
            assert!(positions.iter().all(|bit| range.contains(bit)), "{key}");
        }
        assert_eq!(filter.bit_count(), 51_200);
        assert_eq!(filter.block_words(99).len(), 8);
        assert!(filter.block_words(100).is_empty());
        assert!(filter.block_words(u32::MAX).is_empty());
    }

    #[test]
    fn impossible_shapes_are_refused_not_allocated() {
        assert_eq!(BlockedBloom::new(10, 500, 3), Err(BlockedError::BlockBits));
        assert_eq!(BlockedBloom::new(10, 32, 3), Err(BlockedError::BlockBits));
        assert_eq!(BlockedBloom::new(0, 512, 3), Err(BlockedError::NoBlocks));
        assert_eq!(BlockedBloom::new(10, 512, 0), Err(BlockedError::Hashes));
        assert_eq!(BlockedBloom::new(10, 512, 65), Err(BlockedError::Hashes));
        assert_eq!(
            BlockedBloom::new(u32::MAX, 512, 3),
            Err(BlockedError::TooLarge)
        );
        assert_eq!(
            BlockedBloom::with_bits(u64::MAX, 512, 3),
            Err(BlockedError::TooLarge)
        );
        assert_eq!(
            BlockedBloom::with_bits(1_000, 512, 3).map(|f| f.block_count()),
            Ok(2)
        );
        assert_eq!(rate(10, 0, 512, 3), 1.0);
        assert_eq!(rate(10, 10, 512, 0), 1.0);
        assert_eq!(rate(0, 10, 512, 3), 0.0);
        assert_eq!(poisson_rate(10.0, 0.0, 512.0, 3.0), 1.0);
        for huge in [
            rate(u64::MAX, 1 << 30, 512, 8),
            exact_rate(u64::MAX, 1 << 30, 512, 8),
            exact_rate(u64::MAX, 1, 64, 1),
        ] {
            assert!((0.0..=1.0).contains(&huge), "{huge}");
        }
        assert_eq!(exact_rate(10, 10, 0, 3), 1.0);
        assert!(occupancy_block_rates(5, 0, 3).is_empty());
        assert!(occupancy_block_rates(5, u32::MAX, 3).is_empty());
        assert!(occupancy_block_rates(5, 64, 0).is_empty());
        let capped = occupancy_block_rates(u64::MAX, 512, 8);
        assert_eq!(capped.len() as u64, MOST_OCCUPANCY_WORK / (513 * 8) + 1);
    }

    proptest! {
        #[test]
        fn no_false_negatives_ever(
            items in proptest::collection::vec(".{0,16}", 0..80),
            blocks in 1u32..40,
            block_shift in 6u32..11,
            hashes in 1u32..12,
        ) {
            let mut filter = BlockedBloom::new(blocks, 1 << block_shift, hashes).unwrap();
            for item in &items {
                filter.insert(item);
            }
            for item in &items {
                prop_assert!(filter.contains(item));
            }
            let fill: u32 = filter.block_fill().iter().sum();
            prop_assert!(fill as usize <= items.len() * hashes as usize);
        }
    }
}

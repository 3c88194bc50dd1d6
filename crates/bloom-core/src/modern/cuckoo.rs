//! The cuckoo filter (Fan, Andersen, Kaminsky and Mitzenmacher, 2014): a table of buckets of b slots
//! holding f-bit fingerprints instead of bits. A key may live in two buckets, i₁ from its hash and
//! i₂ = i₁ ⊕ hash(fingerprint) — "partial-key cuckoo hashing", so either bucket can be found from the
//! other and the fingerprint alone, and a resident can be moved without its key. When both buckets
//! are full a resident is kicked out to its other bucket, which may kick another, up to a bound.
//! Deletion removes a fingerprint, which a Bloom filter cannot do. With b = 4 the table fills to about
//! 95 % before an insert fails, and a query compares 2b fingerprints: rate ≈ 2b/2^f.

use super::fmix64;
use crate::words::SplitMix64;

/// The kicks an insert tries before it gives up, as in the paper's implementation.
pub const DEFAULT_MAX_KICKS: u32 = 500;
/// The most buckets (2²⁴: 128 MiB of 16-bit slots at b = 4), so no typed size exhausts memory.
pub const MAX_BUCKETS: u32 = 1 << 24;
/// The most slots per bucket.
pub const MAX_SLOTS: u8 = 8;
/// The widest fingerprint: 16 bits.
pub const MAX_FINGERPRINT_BITS: u8 = 16;

/// Why a cuckoo filter cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CuckooError {
    /// From 1 to [`MAX_BUCKETS`] buckets.
    Buckets,
    /// From 1 to [`MAX_SLOTS`] slots per bucket.
    Slots,
    /// Fingerprints of 2 to 16 bits.
    FingerprintBits,
}

/// A key's fingerprint and its two buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidates {
    /// The fingerprint, never 0 (0 marks an empty slot).
    pub fingerprint: u16,
    /// i₁, from the key's hash.
    pub first: u32,
    /// i₂ = i₁ ⊕ hash(fingerprint).
    pub second: u32,
}

/// One kick: `placed` was written into `slot` of `bucket`, whose resident `evicted` must now move to
/// its other bucket, `evicted_to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kick {
    /// The bucket kicked in.
    pub bucket: u32,
    /// The slot chosen (by the seeded generator).
    pub slot: u8,
    /// The fingerprint written there.
    pub placed: u16,
    /// The fingerprint it displaced.
    pub evicted: u16,
    /// Where the displaced fingerprint goes next: its other bucket.
    pub evicted_to: u32,
}

/// A slot of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The bucket.
    pub bucket: u32,
    /// The slot inside it.
    pub slot: u8,
}

/// What a successful insert did, for stepping through it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertReport {
    /// The key's fingerprint and buckets.
    pub candidates: Candidates,
    /// The kicks, in order (none when a candidate bucket had room).
    pub kicks: Vec<Kick>,
    /// The free slot where the last fingerprint carried came to rest.
    pub rested: Slot,
}

/// What a failed insert tried. The table is left exactly as it was before the insert: the kicks
/// are undone in reverse, where the paper's code keeps the last homeless fingerprint aside instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertFailure {
    /// The key's fingerprint and buckets.
    pub candidates: Candidates,
    /// Every kick tried (then undone).
    pub kicks: Vec<Kick>,
}

/// A cuckoo filter of 2^r buckets of b slots of f-bit fingerprints.
#[derive(Debug, Clone)]
pub struct CuckooFilter {
    table: Vec<u16>,
    mask: u32,
    slots: u8,
    fingerprint_bits: u8,
    max_kicks: u32,
    items: u32,
    rng: SplitMix64,
}

impl CuckooFilter {
    /// An empty filter of at least `buckets` buckets (rounded up to a power of two, which the xor
    /// of partial-key cuckoo hashing needs) of `slots` slots, fingerprints of `fingerprint_bits`
    /// bits, and victims chosen by a generator seeded with `seed`, so a run can be repeated.
    pub fn new(
        buckets: u32,
        slots: u8,
        fingerprint_bits: u8,
        seed: u64,
    ) -> Result<Self, CuckooError> {
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(CuckooError::Buckets);
        }
        if slots == 0 || slots > MAX_SLOTS {
            return Err(CuckooError::Slots);
        }
        if !(2..=MAX_FINGERPRINT_BITS).contains(&fingerprint_bits) {
            return Err(CuckooError::FingerprintBits);
        }
        let buckets = buckets.next_power_of_two();
        Ok(Self {
            table: vec![0; buckets as usize * usize::from(slots)],
            mask: buckets - 1,
            slots,
            fingerprint_bits,
            max_kicks: DEFAULT_MAX_KICKS,
            items: 0,
            rng: SplitMix64::new(seed),
        })
    }

    /// The same filter giving up after `max_kicks` kicks.
    pub fn with_max_kicks(mut self, max_kicks: u32) -> Self {
        self.max_kicks = max_kicks;
        self
    }

    /// The number of buckets, a power of two.
    pub fn bucket_count(&self) -> u32 {
        self.mask + 1
    }

    /// b, the slots of one bucket.
    pub fn slots_per_bucket(&self) -> u8 {
        self.slots
    }

    /// f, the bits of a fingerprint.
    pub fn fingerprint_bits(&self) -> u8 {
        self.fingerprint_bits
    }

    /// The fingerprints stored.
    pub fn len(&self) -> u32 {
        self.items
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.items == 0
    }

    /// Slots in all: buckets × b.
    pub fn capacity(&self) -> u32 {
        self.table.len() as u32
    }

    /// α, the share of slots in use.
    pub fn load(&self) -> f64 {
        f64::from(self.items) / f64::from(self.capacity())
    }

    /// Bits of table per stored item: f/α (infinite when empty).
    pub fn bits_per_item(&self) -> f64 {
        f64::from(self.fingerprint_bits) / self.load()
    }

    /// The slots of bucket `bucket` (0 = empty); empty past the last bucket.
    pub fn bucket(&self, bucket: u32) -> &[u16] {
        let size = usize::from(self.slots);
        let start = (bucket as usize).saturating_mul(size);
        self.table.get(start..start + size).unwrap_or(&[])
    }

    /// Every bucket, in order.
    pub fn buckets(&self) -> impl Iterator<Item = &[u16]> {
        self.table.chunks_exact(usize::from(self.slots))
    }

    /// The key's fingerprint and buckets: h = fmix64(key); i₁ = the top 32 bits masked; the
    /// fingerprint 1 + ⌊(h mod 2³²)·(2^f − 1) / 2³²⌋, from the other half so the two are independent,
    /// and never 0.
    pub fn candidates(&self, key: u64) -> Candidates {
        let hash = fmix64(key);
        let first = (hash >> 32) as u32 & self.mask;
        let values = (1u64 << self.fingerprint_bits) - 1;
        let fingerprint = 1 + ((u64::from(hash as u32) * values) >> 32) as u16;
        Candidates {
            fingerprint,
            first,
            second: self.alternate(first, fingerprint),
        }
    }

    /// The other bucket of a fingerprint in `bucket`: bucket ⊕ (hash(fingerprint) masked). Applied
    /// twice it gives `bucket` back, which is what lets a resident move without its key.
    pub fn alternate(&self, bucket: u32, fingerprint: u16) -> u32 {
        bucket ^ ((fmix64(u64::from(fingerprint)) >> 32) as u32 & self.mask)
    }

    fn free_slot(&self, bucket: u32) -> Option<u8> {
        self.bucket(bucket)
            .iter()
            .position(|&slot| slot == 0)
            .map(|slot| slot as u8)
    }

    fn cell(&self, bucket: u32, slot: u8) -> usize {
        bucket as usize * usize::from(self.slots) + usize::from(slot)
    }

    /// Stores the key's fingerprint: in a candidate bucket with room, else by kicking residents
    /// along a chain of at most the maximum kicks (victims chosen by the seeded generator).
    pub fn insert(&mut self, key: u64) -> Result<InsertReport, InsertFailure> {
        let candidates = self.candidates(key);
        for bucket in [candidates.first, candidates.second] {
            if let Some(slot) = self.free_slot(bucket) {
                return Ok(self.rest(candidates, Vec::new(), candidates.fingerprint, bucket, slot));
            }
        }
        let mut bucket = if self.rng.below(2) == 0 {
            candidates.first
        } else {
            candidates.second
        };
        let mut carried = candidates.fingerprint;
        let mut kicks = Vec::new();
        for _ in 0..self.max_kicks {
            let slot = self.rng.below(u32::from(self.slots)) as u8;
            let cell = self.cell(bucket, slot);
            let evicted = std::mem::replace(&mut self.table[cell], carried);
            let evicted_to = self.alternate(bucket, evicted);
            kicks.push(Kick {
                bucket,
                slot,
                placed: carried,
                evicted,
                evicted_to,
            });
            (carried, bucket) = (evicted, evicted_to);
            if let Some(slot) = self.free_slot(bucket) {
                return Ok(self.rest(candidates, kicks, carried, bucket, slot));
            }
        }
        for kick in kicks.iter().rev() {
            let cell = self.cell(kick.bucket, kick.slot);
            self.table[cell] = kick.evicted;
        }
        Err(InsertFailure { candidates, kicks })
    }

    fn rest(
        &mut self,
        candidates: Candidates,
        kicks: Vec<Kick>,
        fingerprint: u16,
        bucket: u32,
        slot: u8,
    ) -> InsertReport {
        let cell = self.cell(bucket, slot);
        self.table[cell] = fingerprint;
        self.items += 1;
        InsertReport {
            candidates,
            kicks,
            rested: Slot { bucket, slot },
        }
    }

    /// True when either bucket holds the key's fingerprint: "maybe present".
    pub fn contains(&self, key: u64) -> bool {
        let c = self.candidates(key);
        self.bucket(c.first).contains(&c.fingerprint)
            || self.bucket(c.second).contains(&c.fingerprint)
    }

    /// Removes one copy of the key's fingerprint from either bucket; false when there is none.
    /// Only remove keys that were inserted: another key with the same fingerprint and buckets
    /// would lose its copy instead.
    pub fn remove(&mut self, key: u64) -> bool {
        let c = self.candidates(key);
        for bucket in [c.first, c.second] {
            if let Some(slot) = self.bucket(bucket).iter().position(|&f| f == c.fingerprint) {
                let cell = self.cell(bucket, slot as u8);
                self.table[cell] = 0;
                self.items -= 1;
                return true;
            }
        }
        false
    }
}

/// The rate at load α: a query compares its fingerprint, uniform over the 2^f − 1 non-zero values,
/// with the 2bα fingerprints its two buckets hold on average: 1 − (1 − 1/(2^f − 1))^(2bα).
pub fn rate(fingerprint_bits: u8, slots: u8, load: f64) -> f64 {
    let values = ((1u64 << fingerprint_bits.clamp(1, 63)) - 1) as f64;
    1.0 - (1.0 - 1.0 / values).powf(2.0 * f64::from(slots) * load.clamp(0.0, 1.0))
}

/// The paper's bound for a full table: 2b/2^f.
pub fn rate_bound(fingerprint_bits: u8, slots: u8) -> f64 {
    2.0 * f64::from(slots) / 2f64.powi(i32::from(fingerprint_bits))
}

/// The fingerprint bits a target rate ε needs with b slots: ⌈log₂(2b/ε)⌉ (the paper's f ≥
/// log₂(1/ε) + log₂(2b)).
pub fn fingerprint_bits_for(rate: f64, slots: u8) -> f64 {
    (2.0 * f64::from(slots) / rate).log2().ceil()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::measure::wilson_interval;
    use crate::modern::testing::distinct_keys;
    use proptest::prelude::*;

    /// Inserts fresh keys until the first failure; the load just before it.
    fn load_at_first_failure(buckets: u32, fingerprint_bits: u8, seed: u64) -> f64 {
        let mut filter = CuckooFilter::new(buckets, 4, fingerprint_bits, seed).unwrap();
        let keys = distinct_keys(seed ^ 0x00c0_ffee, filter.capacity() as usize + 1);
        for &key in &keys {
            if filter.insert(key).is_err() {
                break;
            }
        }
        filter.load()
    }

    #[test]
    fn four_slot_buckets_fill_to_about_95_percent() {
        // Fan et al. (2014): "with b = 4 … 95 % table space occupancy", for fingerprints of 8 bits
        // and more. Three table sizes, three fingerprint widths, two seeds each.
        for buckets in [1 << 10, 1 << 12, 1 << 14] {
            for fingerprint_bits in [8, 12, 16] {
                for seed in 0..2 {
                    let load = load_at_first_failure(buckets, fingerprint_bits, seed);
                    assert!(
                        (0.92..=0.98).contains(&load),
                        "{buckets} buckets, f = {fingerprint_bits}: {load}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_measured_rate_matches_the_rate_at_the_load() {
        for fingerprint_bits in [6u8, 8] {
            let mut filter = CuckooFilter::new(1 << 12, 4, fingerprint_bits, 5).unwrap();
            let keys = distinct_keys(17, 15_000 + 200_000);
            keys[..15_000].iter().for_each(|&key| {
                filter.insert(key).unwrap();
            });
            let positives = keys[15_000..]
                .iter()
                .filter(|&&k| filter.contains(k))
                .count();
            let (low, high) = wilson_interval(positives as u64, 200_000);
            let expected = rate(fingerprint_bits, 4, filter.load());
            assert!(
                (low..=high).contains(&expected),
                "f = {fingerprint_bits}: {expected} outside {low}…{high}"
            );
            assert!(expected < rate_bound(fingerprint_bits, 4));
        }
    }

    #[test]
    fn bits_per_item_are_f_over_the_load_counted_from_the_table() {
        let mut filter = CuckooFilter::new(256, 4, 12, 3).unwrap();
        for key in distinct_keys(4, 700) {
            filter.insert(key).unwrap();
        }
        let occupied = filter.buckets().flatten().filter(|&&f| f != 0).count() as f64;
        let table_bits = filter
            .buckets()
            .map(|bucket| bucket.len() * 12)
            .sum::<usize>();
        assert_eq!(occupied, 700.0);
        assert!((filter.bits_per_item() - table_bits as f64 / occupied).abs() < 1e-12);
        assert_eq!(fingerprint_bits_for(0.01, 4), (800.0f64).log2().ceil());
    }

    #[test]
    fn a_kick_chain_replays_into_the_table_it_left() {
        // A table of 8 buckets of 2 slots fills quickly, so later inserts kick.
        let mut filter = CuckooFilter::new(8, 2, 8, 9).unwrap();
        let mut kicked = 0;
        for key in distinct_keys(11, 14) {
            let before = filter.table.clone();
            let Ok(report) = filter.insert(key) else {
                continue;
            };
            let mut replay = before;
            for pair in report.kicks.windows(2) {
                assert_eq!(pair[1].bucket, pair[0].evicted_to);
                assert_eq!(pair[1].placed, pair[0].evicted);
            }
            for kick in &report.kicks {
                assert_eq!(kick.evicted_to, filter.alternate(kick.bucket, kick.evicted));
                let cell = filter.cell(kick.bucket, kick.slot);
                assert_eq!(replay[cell], kick.evicted);
                replay[cell] = kick.placed;
            }
            let last = report
                .kicks
                .last()
                .map_or(report.candidates.fingerprint, |k| k.evicted);
            replay[filter.cell(report.rested.bucket, report.rested.slot)] = last;
            assert_eq!(replay, filter.table);
            kicked += report.kicks.len();
        }
        assert!(kicked > 0, "the small table never kicked");
    }

    #[test]
    fn a_failed_insert_leaves_the_table_as_it_was() {
        let mut filter = CuckooFilter::new(4, 2, 8, 1).unwrap().with_max_kicks(20);
        let mut failures = 0;
        for key in distinct_keys(2, 40) {
            let before = (filter.table.clone(), filter.len());
            if let Err(failure) = filter.insert(key) {
                failures += 1;
                assert_eq!(failure.kicks.len(), 20);
                assert_eq!((filter.table.clone(), filter.len()), before);
            }
        }
        assert!(failures > 0);
    }

    #[test]
    fn the_same_seed_gives_the_same_table() {
        let run = |seed| {
            let mut filter = CuckooFilter::new(64, 4, 8, seed).unwrap();
            for key in distinct_keys(8, 250) {
                let _ = filter.insert(key);
            }
            filter.table
        };
        assert_eq!(run(1), run(1));
    }

    #[test]
    fn impossible_shapes_are_refused() {
        assert_eq!(
            CuckooFilter::new(0, 4, 8, 0).err(),
            Some(CuckooError::Buckets)
        );
        assert_eq!(
            CuckooFilter::new(u32::MAX, 4, 8, 0).err(),
            Some(CuckooError::Buckets)
        );
        assert_eq!(
            CuckooFilter::new(8, 0, 8, 0).err(),
            Some(CuckooError::Slots)
        );
        assert_eq!(
            CuckooFilter::new(8, 9, 8, 0).err(),
            Some(CuckooError::Slots)
        );
        assert_eq!(
            CuckooFilter::new(8, 4, 17, 0).err(),
            Some(CuckooError::FingerprintBits)
        );
        let filter = CuckooFilter::new(5, 4, 8, 0).unwrap().with_max_kicks(0);
        assert_eq!(filter.bucket_count(), 8);
        assert!(filter.bucket(8).is_empty() && filter.bucket(u32::MAX).is_empty());
        assert!(filter.bits_per_item().is_infinite());
        assert_eq!(rate(8, 4, 0.0), 0.0);
        assert!((rate(200, 4, 5.0) - rate(63, 4, 1.0)).abs() < 1e-12);
    }

    proptest! {
        #[test]
        fn inserted_and_not_removed_keys_are_always_found(
            operations in proptest::collection::vec((0u64..40, any::<bool>()), 0..120),
            seed in any::<u64>(),
        ) {
            // A tiny table with 4-bit fingerprints, so fingerprints collide and inserts fail.
            let mut filter = CuckooFilter::new(4, 2, 4, seed).unwrap().with_max_kicks(30);
            let mut present: Vec<u64> = Vec::new();
            for (key, insert) in operations {
                if insert {
                    if filter.insert(key).is_ok() {
                        present.push(key);
                    }
                } else if let Some(at) = present.iter().position(|&k| k == key) {
                    prop_assert!(filter.remove(key));
                    present.swap_remove(at);
                }
                prop_assert_eq!(filter.len() as usize, present.len());
                for &key in &present {
                    prop_assert!(filter.contains(key), "{} lost", key);
                }
            }
        }

        #[test]
        fn the_two_buckets_are_each_others_alternates(key in any::<u64>(), shift in 0u32..12) {
            let filter = CuckooFilter::new(1 << shift, 4, 12, 0).unwrap();
            let c = filter.candidates(key);
            prop_assert!(c.fingerprint != 0 && c.fingerprint < 1 << 12);
            prop_assert_eq!(filter.alternate(c.second, c.fingerprint), c.first);
            prop_assert!(c.first < filter.bucket_count() && c.second < filter.bucket_count());
        }
    }
}

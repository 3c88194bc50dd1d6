//! The big-N lab's filter: the playground's filter at full size. Millions of items need a bit array
//! packed 64 bits to a word and no allocation per item, so [`LabFilter`] keeps only the words and
//! derives each item's k indexes in place — by the playground's double hashing (FNV-1a 64 and
//! MurmurHash3 x86_32, each reduced mod m, then g_i = base + i·step mod m: the same bits as
//! the playground's `BloomFilter` for the same items) or by the crawler's derivation (one
//! MurmurHash3 x64_128 split into two 64-bit halves, the crawler's).
//!
//! A run is one cell of the lab: insert n keys, then query n keys that were never inserted and count
//! the false positives. Keys are generated from a seed and a counter (`keys::write_key`), so a run is
//! reproducible and the timings measure the filter rather than the copying of strings; [`CellRun`]
//! advances a bounded number of items at a time so the worker can report progress between chunks.

use super::bugs::{Case, Setup, Variant};
use super::derivation::{for_each_index, LabScheme};
use super::keys::{write_key, KeyRole, KeyShape};
use super::measure::wilson_interval;
use super::sizing;

/// The largest filter the lab builds: 2³¹ bits, 256 MiB (a browser tab refuses much more).
pub const MAX_BITS: u64 = 1 << 31;
/// The most items a cell inserts (and then queries): twenty million.
pub const MAX_ITEMS: u64 = 20_000_000;
/// The most hash functions a cell uses.
pub const MAX_HASHES: u32 = 64;

/// Why a cell cannot be run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabError {
    /// m is 0 or above [`MAX_BITS`].
    Bits,
    /// k is 0 or above [`MAX_HASHES`].
    Hashes,
    /// n is 0 or above [`MAX_ITEMS`].
    Items,
    /// The target rate is not strictly between 0 and 1.
    Rate,
}

/// A bit array of m bits packed in 64-bit words, with k indexes per key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabFilter {
    words: Vec<u64>,
    bits: u64,
    hashes: u32,
    scheme: LabScheme,
}

impl LabFilter {
    /// An empty filter of `bits` bits and `hashes` hash functions.
    pub fn new(bits: u64, hashes: u32, scheme: LabScheme) -> Result<Self, LabError> {
        if bits == 0 || bits > MAX_BITS {
            return Err(LabError::Bits);
        }
        if hashes == 0 || hashes > MAX_HASHES {
            return Err(LabError::Hashes);
        }
        Ok(Self {
            words: vec![0; bits.div_ceil(64) as usize],
            bits,
            hashes,
            scheme,
        })
    }

    /// m.
    pub fn bits(&self) -> u64 {
        self.bits
    }

    /// k.
    pub fn hashes(&self) -> u32 {
        self.hashes
    }

    /// The bytes the bit array takes.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// Sets the key's k bits.
    #[inline]
    pub fn insert(&mut self, key: &[u8]) {
        let words = &mut self.words;
        for_each_index(self.scheme, key, self.bits, self.hashes, |bit| {
            words[(bit >> 6) as usize] |= 1 << (bit & 63);
            true
        });
    }

    /// Whether all the key's k bits are set (stopping at the first clear one).
    #[inline]
    pub fn contains(&self, key: &[u8]) -> bool {
        let words = &self.words;
        for_each_index(self.scheme, key, self.bits, self.hashes, |bit| {
            words[(bit >> 6) as usize] & (1 << (bit & 63)) != 0
        })
    }

    /// The key's k indexes, in order (they may repeat).
    pub fn indexes(&self, key: &[u8]) -> Vec<u64> {
        let mut indexes = Vec::with_capacity(self.hashes as usize);
        for_each_index(self.scheme, key, self.bits, self.hashes, |bit| {
            indexes.push(bit);
            true
        });
        indexes
    }

    /// Whether bit `index` is set.
    pub fn bit(&self, index: u64) -> bool {
        index < self.bits && self.words[(index >> 6) as usize] & (1 << (index & 63)) != 0
    }

    /// How many bits are set.
    pub fn ones(&self) -> u64 {
        self.words
            .iter()
            .map(|word| u64::from(word.count_ones()))
            .sum()
    }
}

/// One cell of the lab: how big a filter, how many keys, which derivation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellSpec {
    /// n: keys inserted, and as many never-inserted keys queried.
    pub items: u64,
    /// The rate the filter was sized for.
    pub target: f64,
    /// m.
    pub bits: u64,
    /// k.
    pub hashes: u32,
    /// How indexes are derived.
    pub scheme: LabScheme,
    /// The keys' shape.
    pub shape: KeyShape,
    /// The keys' seed.
    pub seed: u32,
    /// How many never-inserted keys are queried (usually n).
    pub strangers: u64,
}

impl CellSpec {
    /// A bug museum case as the lab runs it: the case's setup and derivation, short keys seeded by
    /// the case's number, n strangers queried (the rate it was sized for is not used; 0.5 keeps the
    /// cell valid).
    pub fn bug_case(case: Case, variant: Variant, setup: &Setup) -> Self {
        CellSpec {
            items: setup.items,
            target: 0.5,
            bits: setup.bits,
            hashes: setup.hashes,
            scheme: LabScheme::Bug(case, variant),
            shape: KeyShape::Short,
            seed: case.number() as u32,
            strangers: setup.queries,
        }
    }

    /// A cell sized as the calculator sizes it: m = ⌈−n·ln p/(ln 2)²⌉, k = round((m/n)·ln 2).
    pub fn sized(items: u64, target: f64, seed: u32) -> Result<Self, LabError> {
        if items == 0 || items > MAX_ITEMS {
            return Err(LabError::Items);
        }
        if !(target > 0.0 && target < 1.0) {
            return Err(LabError::Rate);
        }
        let bits = sizing::optimal_bits(items as f64, target);
        let hashes = sizing::optimal_hashes(bits, items as f64);
        let spec = Self {
            items,
            target,
            bits: bits as u64,
            hashes: hashes as u32,
            scheme: LabScheme::Site,
            shape: KeyShape::Short,
            seed,
            strangers: items,
        };
        spec.check()?;
        Ok(spec)
    }

    /// Whether the cell can be run.
    pub fn check(&self) -> Result<(), LabError> {
        if self.items == 0 || self.items > MAX_ITEMS || self.strangers > MAX_ITEMS {
            return Err(LabError::Items);
        }
        if !(self.target > 0.0 && self.target < 1.0) {
            return Err(LabError::Rate);
        }
        if self.bits == 0 || self.bits > MAX_BITS {
            return Err(LabError::Bits);
        }
        if self.hashes == 0 || self.hashes > MAX_HASHES {
            return Err(LabError::Hashes);
        }
        Ok(())
    }

    /// Keys a run handles: n inserted, then the strangers queried.
    pub fn keys(&self) -> u64 {
        self.items + self.strangers
    }

    /// The bytes the filter takes: m rounded up to whole 64-bit words.
    pub fn bytes(&self) -> u64 {
        self.bits.div_ceil(64) * 8
    }

    /// The formula's rate for this m, k and n: (1 − e^(−kn/m))^k.
    pub fn formula_rate(&self) -> f64 {
        sizing::rate(self.items as f64, self.bits as f64, f64::from(self.hashes))
    }
}

/// Where a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Inserting the members; the count done so far.
    Inserting(u64),
    /// Querying the strangers; the count done so far.
    Querying(u64),
    /// Finished.
    Done,
}

/// A cell being run: advanced a bounded number of keys at a time.
#[derive(Debug, Clone)]
pub struct CellRun {
    spec: CellSpec,
    filter: LabFilter,
    phase: Phase,
    false_positives: u64,
    key: Vec<u8>,
}

impl CellRun {
    /// An empty filter for `spec`.
    pub fn new(spec: CellSpec) -> Result<Self, LabError> {
        spec.check()?;
        Ok(Self {
            filter: LabFilter::new(spec.bits, spec.hashes, spec.scheme)?,
            spec,
            phase: Phase::Inserting(0),
            false_positives: 0,
            key: Vec::with_capacity(64),
        })
    }

    /// The cell.
    pub fn spec(&self) -> &CellSpec {
        &self.spec
    }

    /// The filter.
    pub fn filter(&self) -> &LabFilter {
        &self.filter
    }

    /// Where the run is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// False positives so far.
    pub fn false_positives(&self) -> u64 {
        self.false_positives
    }

    /// Keys handled so far, inserted and queried: 0 … n + strangers.
    pub fn done(&self) -> u64 {
        match self.phase {
            Phase::Inserting(done) => done,
            Phase::Querying(done) => self.spec.items + done,
            Phase::Done => self.spec.items + self.spec.strangers,
        }
    }

    /// Handles up to `limit` keys of the current phase with keys from `make` (role, index → bytes):
    /// the lab's second mode, where keys come from JavaScript.
    pub fn advance_with(
        &mut self,
        limit: u64,
        mut make: impl FnMut(KeyRole, u64) -> Vec<u8>,
    ) -> Phase {
        self.advance_by(limit, |role, index, out| {
            let key = make(role, index);
            out.clear();
            out.extend_from_slice(&key);
        })
    }

    /// Handles up to `limit` keys of the current phase (never crossing into the next one), `fill`
    /// writing key (role, index) into the buffer it is given.
    pub fn advance_by(
        &mut self,
        limit: u64,
        mut fill: impl FnMut(KeyRole, u64, &mut Vec<u8>),
    ) -> Phase {
        let items = self.spec.items;
        let mut key = std::mem::take(&mut self.key);
        self.phase = match self.phase {
            Phase::Inserting(done) => {
                let end = done.saturating_add(limit).min(items);
                for index in done..end {
                    fill(KeyRole::Member, index, &mut key);
                    self.filter.insert(&key);
                }
                if end == items {
                    Phase::Querying(0)
                } else {
                    Phase::Inserting(end)
                }
            }
            Phase::Querying(done) => {
                let strangers = self.spec.strangers;
                let end = done.saturating_add(limit).min(strangers);
                for index in done..end {
                    fill(KeyRole::Stranger, index, &mut key);
                    if self.filter.contains(&key) {
                        self.false_positives += 1;
                    }
                }
                if end == strangers {
                    Phase::Done
                } else {
                    Phase::Querying(end)
                }
            }
            Phase::Done => Phase::Done,
        };
        self.key = key;
        self.phase
    }

    /// Handles up to `limit` keys of the current phase with the generated keys, writing each into
    /// the run's own buffer (no allocation per key).
    pub fn advance_generated(&mut self, limit: u64) -> Phase {
        let CellSpec { shape, seed, .. } = self.spec;
        self.advance_by(limit, |role, index, out| {
            write_key(shape, role, seed, index, out)
        })
    }
}

/// A finished cell: what was built, how long it took, what it measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellResult {
    /// The cell.
    pub spec: CellSpec,
    /// Milliseconds inserting the n keys.
    pub insert_ms: f64,
    /// Milliseconds querying the strangers.
    pub query_ms: f64,
    /// Strangers the filter answered "maybe" for.
    pub false_positives: u64,
    /// Bits set after the inserts.
    pub ones: u64,
}

impl CellResult {
    /// The measured false-positive rate.
    pub fn measured(&self) -> f64 {
        self.false_positives as f64 / self.spec.strangers.max(1) as f64
    }

    /// The 95 % Wilson interval of the measured rate.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.false_positives, self.spec.strangers)
    }

    /// Whether the measurement is consistent with the target: the interval's low end is at or
    /// below it.
    pub fn within_target(&self) -> bool {
        self.interval().0 <= self.spec.target
    }

    /// Nanoseconds per insert.
    pub fn ns_per_insert(&self) -> f64 {
        self.insert_ms * 1e6 / self.spec.items.max(1) as f64
    }

    /// Nanoseconds per query.
    pub fn ns_per_query(&self) -> f64 {
        self.query_ms * 1e6 / self.spec.strangers.max(1) as f64
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::bugs::{self, Scale, Tally};
    use crate::filter::BloomFilter;
    use crate::hashing::HashScheme;
    use crate::keys::key;
    use proptest::prelude::*;

    /// Runs a case's derivation in the lab's filter, as the worker does.
    fn measure(case: Case, variant: Variant, setup: Setup) -> Tally {
        let mut run =
            CellRun::new(CellSpec::bug_case(case, variant, &setup)).expect("a valid cell");
        while run.advance_generated(1 << 16) != Phase::Done {}
        Tally {
            wrong: run.false_positives(),
            queried: setup.queries,
        }
    }

    #[test]
    fn each_buggy_derivation_breaks_its_promise_and_each_fix_keeps_it() {
        for case in Case::ALL.into_iter().filter(|case| !case.runs_in_page()) {
            let setup = bugs::setup(case, Scale::Classroom);
            let promise = bugs::promised_rate(case, &setup);
            let (low, high) = bugs::likely_counts(promise, setup.queries);
            let fixed = measure(case, Variant::Fixed, setup);
            assert!(
                (low..=high).contains(&fixed.wrong),
                "{case:?} fixed: {} not in {low}..={high}",
                fixed.wrong
            );
            let buggy = measure(case, Variant::Buggy, setup);
            assert!(
                buggy.wrong > high,
                "{case:?} buggy: {} within {low}..={high}",
                buggy.wrong
            );
        }
        // The correlated derivation, by more than ten times.
        let setup = bugs::setup(Case::Correlated, Scale::Classroom);
        let buggy = measure(Case::Correlated, Variant::Buggy, setup);
        assert!(
            buggy.rate() > 10.0 * setup.formula_rate(),
            "{}",
            buggy.rate()
        );
    }

    #[test]
    fn the_lab_filter_sets_the_playgrounds_bits() {
        // The same items in the playground's filter and the lab's give the same bits.
        for (bits, hashes) in [(32, 3), (64, 7), (1000, 16), (997, 5)] {
            let mut playground = BloomFilter::with_scheme(bits, hashes, HashScheme::DoubleHashing);
            let mut lab = LabFilter::new(u64::from(bits), hashes, LabScheme::Site).unwrap();
            for i in 0..40 {
                let item = format!("item {i} 布隆");
                playground.insert(&item);
                lab.insert(item.as_bytes());
                assert_eq!(
                    lab.indexes(item.as_bytes()),
                    HashScheme::DoubleHashing
                        .indexes(&item, bits, hashes)
                        .into_iter()
                        .map(u64::from)
                        .collect::<Vec<_>>()
                );
            }
            for bit in 0..bits {
                assert_eq!(
                    lab.bit(u64::from(bit)),
                    playground.bits().get(bit),
                    "bit {bit}"
                );
            }
        }
    }

    #[test]
    fn a_cell_is_sized_as_the_calculator_sizes_it() {
        let spec = CellSpec::sized(500_000, 0.0001, 1).unwrap();
        // −500,000 · ln 10⁻⁴ / (ln 2)² = 9,585,058.7…
        assert_eq!(spec.bits, 9_585_059);
        assert_eq!(spec.hashes, 13);
        assert_eq!(spec.bytes(), 9_585_059u64.div_ceil(64) * 8);
        assert_eq!(CellSpec::sized(0, 0.01, 1), Err(LabError::Items));
        assert_eq!(CellSpec::sized(10, 1.0, 1), Err(LabError::Rate));
        assert_eq!(
            CellSpec::sized(MAX_ITEMS + 1, 0.01, 1),
            Err(LabError::Items)
        );
        assert_eq!(CellSpec::sized(20_000_000, 1e-30, 1), Err(LabError::Bits));
    }

    #[test]
    fn a_run_inserts_then_counts_false_positives() {
        let spec = CellSpec::sized(20_000, 0.01, 3).unwrap();
        let mut run = CellRun::new(spec).unwrap();
        assert_eq!(run.advance_generated(5_000), Phase::Inserting(5_000));
        assert_eq!(run.done(), 5_000);
        assert_eq!(run.advance_generated(50_000), Phase::Querying(0));
        // Every member is found: no false negatives.
        let mut buffer = Vec::new();
        for index in 0..20_000 {
            write_key(KeyShape::Short, KeyRole::Member, 3, index, &mut buffer);
            assert!(run.filter().contains(&buffer));
        }
        assert_eq!(run.advance_generated(u64::MAX), Phase::Done);
        // Counted independently: strangers the filter answers "maybe" for.
        let expected = (0..20_000)
            .filter(|&index| {
                run.filter()
                    .contains(key(KeyShape::Short, KeyRole::Stranger, 3, index).as_bytes())
            })
            .count() as u64;
        assert_eq!(run.false_positives(), expected);
        // About 1 %: 200 expected, well inside 120 … 300.
        assert!((120..300).contains(&expected), "{expected}");
        assert_eq!(run.done(), 40_000);
    }

    #[test]
    fn keys_from_outside_give_the_same_run() {
        let spec = CellSpec::sized(3_000, 0.05, 9).unwrap();
        let mut generated = CellRun::new(spec).unwrap();
        while generated.advance_generated(700) != Phase::Done {}
        let mut handed = CellRun::new(spec).unwrap();
        while handed.advance_with(1_000, |role, index| {
            key(KeyShape::Short, role, 9, index).into_bytes()
        }) != Phase::Done
        {}
        assert_eq!(generated.filter(), handed.filter());
        assert_eq!(generated.false_positives(), handed.false_positives());
    }

    #[test]
    fn results_report_rates_and_times() {
        let spec = CellSpec::sized(1_000_000, 0.0001, 1).unwrap();
        let result = CellResult {
            spec,
            insert_ms: 50.0,
            query_ms: 20.0,
            false_positives: 100,
            ones: 0,
        };
        assert_eq!(result.measured(), 0.0001);
        assert_eq!(result.ns_per_insert(), 50.0);
        assert_eq!(result.ns_per_query(), 20.0);
        assert!(result.within_target());
        let high = CellResult {
            false_positives: 200,
            ..result
        };
        assert!(!high.within_target());
    }

    proptest! {
        #[test]
        fn indexes_stay_below_m(key in ".*", bits in 1u64..5_000_000, hashes in 1u32..=32) {
            for scheme in [LabScheme::Site, LabScheme::Crawler] {
                let filter = LabFilter::new(bits, hashes, scheme).unwrap();
                let indexes = filter.indexes(key.as_bytes());
                prop_assert_eq!(indexes.len(), hashes as usize);
                prop_assert!(indexes.iter().all(|&index| index < bits));
            }
        }

        #[test]
        fn the_site_scheme_is_double_hashing(key in ".*", bits in 1u32..100_000, hashes in 1u32..=24) {
            let filter = LabFilter::new(u64::from(bits), hashes, LabScheme::Site).unwrap();
            let expected: Vec<u64> = HashScheme::DoubleHashing
                .indexes(&key, bits, hashes)
                .into_iter()
                .map(u64::from)
                .collect();
            prop_assert_eq!(filter.indexes(key.as_bytes()), expected);
        }
    }
}

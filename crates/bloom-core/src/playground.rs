//! The playground's filter together with what a learner needs to see behind it: the items inserted
//! (the one source of truth — the filter is rebuilt from them when m, k or the scheme change), for
//! every bit which items set it ("bit provenance"), so a false positive can be traced to the items
//! that caused it, and after every new item the filter's fill and its measured false-positive rate.

use std::collections::HashMap;
use std::rc::Rc;

use super::estimate;
use super::filter::BloomFilter;
use super::fpr;
use super::measure::{ProbeSet, ProbeTally};
use super::params::FilterParams;
use super::text::is_blank;

/// The largest item accepted, in UTF-8 bytes. Far beyond anything typed; it bounds what a paste can do.
pub const MAX_ITEM_BYTES: usize = 1 << 20;

/// One distinct inserted item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The text, kept whole.
    pub text: String,
    /// How many times it was inserted (duplicates change no bits but are counted).
    pub times: u32,
}

/// What one insert did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insertion {
    /// The item's position in [`Playground::items`].
    pub item: usize,
    /// The k probe indexes, in order.
    pub indexes: Vec<u32>,
    /// The indexes that were zero before this insert, in probe order, each once.
    pub newly_set: Vec<u32>,
    /// True when the item was already in the set.
    pub duplicate: bool,
}

/// Why an insert was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertError {
    /// Empty or whitespace-only text.
    Blank,
    /// Longer than [`MAX_ITEM_BYTES`].
    TooLong,
}

/// The answer to a query, in the three cases of the classic walk-through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Some probed bit is 0, so the item was certainly never inserted. Lists those bits.
    Absent {
        /// The probed indexes whose bit is 0, in probe order, each once.
        zero_bits: Vec<u32>,
    },
    /// All bits set and the item was inserted.
    Present,
    /// All bits set, yet the item was never inserted.
    FalsePositive,
}

impl Verdict {
    /// The stable name used in the page's `data-verdict` attribute.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Absent { .. } => "absent",
            Verdict::Present => "present",
            Verdict::FalsePositive => "false-positive",
        }
    }
}

/// Live figures about the filter, all derived from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    /// n, the number of distinct items.
    pub items: u64,
    /// Inserts in all, duplicates included.
    pub insertions: u64,
    /// X, the number of set bits.
    pub set_bits: u32,
    /// m.
    pub bits: u32,
    /// k.
    pub hashes: u32,
}

impl Stats {
    /// X/m.
    pub fn fill_ratio(&self) -> f64 {
        f64::from(self.set_bits) / f64::from(self.bits.max(1))
    }

    /// (X/m)^k, the chance that a never-inserted item passes the query now.
    pub fn false_positive_rate(&self) -> f64 {
        fpr::from_fill(self.set_bits, self.bits, self.hashes)
    }

    /// (1 − e^(−kn/m))^k, what the textbook formula expects for this n.
    pub fn expected_false_positive_rate(&self) -> f64 {
        fpr::approximate(self.bits, self.hashes, self.items)
    }

    /// n̂ = −(m/k)·ln(1 − X/m); `None` when every bit is set.
    pub fn estimated_items(&self) -> Option<f64> {
        estimate::items_from_set_bits(self.set_bits, self.bits, self.hashes)
    }
}

/// The filter just after its n-th distinct item went in: one live point of the rate chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LivePoint {
    /// n, distinct items so far.
    pub items: u64,
    /// X, bits set.
    pub set_bits: u32,
    /// Probe strings (never inserted) that the filter reported present.
    pub positives: u32,
}

/// A Bloom filter with its items, the provenance of each bit, and its measured history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playground {
    params: FilterParams,
    items: Vec<Item>,
    positions: HashMap<String, usize>,
    filter: BloomFilter,
    /// For each bit, the positions of the items whose probes hit it, in insertion order.
    setters: Vec<Vec<u32>>,
    tally: ProbeTally,
    points: Vec<LivePoint>,
}

impl Default for Playground {
    fn default() -> Self {
        Self::new(FilterParams::default())
    }
}

impl Playground {
    /// An empty playground with the given m, k and scheme, measuring with the standard probe set.
    pub fn new(params: FilterParams) -> Self {
        let probes = ProbeSet::playground(params.bits, params.hashes, params.scheme);
        Self::with_probes(params, Rc::new(probes))
    }

    /// An empty playground measuring with `probes` (hashed for the same m, k and scheme).
    pub fn with_probes(params: FilterParams, probes: Rc<ProbeSet>) -> Self {
        Self {
            params,
            items: Vec::new(),
            positions: HashMap::new(),
            filter: BloomFilter::with_scheme(params.bits, params.hashes, params.scheme),
            setters: vec![Vec::new(); params.bits as usize],
            tally: ProbeTally::new(probes),
            points: Vec::new(),
        }
    }

    /// m and k.
    pub fn params(&self) -> FilterParams {
        self.params
    }

    /// The filter.
    pub fn filter(&self) -> &BloomFilter {
        &self.filter
    }

    /// The distinct items, in the order first inserted.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// True when `text` was inserted.
    pub fn was_inserted(&self, text: &str) -> bool {
        self.positions.contains_key(text)
    }

    /// One point per distinct item since the last reset, in order.
    pub fn points(&self) -> &[LivePoint] {
        &self.points
    }

    /// How many probe strings the measured rate uses.
    pub fn probe_count(&self) -> u32 {
        self.tally.probes().len()
    }

    /// The measured rate now: probes reported present / probes.
    pub fn measured_rate(&self) -> f64 {
        self.tally.rate()
    }

    /// Probes reported present now.
    pub fn measured_positives(&self) -> u32 {
        self.tally.positives()
    }

    /// Probes whose k indexes name fewer than k different bits (see
    /// [`ProbeSet::testing_fewer_than`]).
    pub fn short_probes(&self) -> u32 {
        self.tally.probes().testing_fewer_than(self.params().hashes)
    }

    /// The positions (in [`Self::items`]) of the items that set bit `index`.
    pub fn setters_of(&self, index: u32) -> &[u32] {
        self.setters.get(index as usize).map_or(&[], Vec::as_slice)
    }

    /// Live figures.
    pub fn stats(&self) -> Stats {
        Stats {
            items: self.items.len() as u64,
            insertions: self.items.iter().map(|item| u64::from(item.times)).sum(),
            set_bits: self.filter.bits().count_ones(),
            bits: self.params.bits,
            hashes: self.params.hashes,
        }
    }

    /// Inserts `text` as typed (not trimmed: " a" and "a" are different items).
    pub fn insert(&mut self, text: &str) -> Result<Insertion, InsertError> {
        if is_blank(text) {
            return Err(InsertError::Blank);
        }
        if text.len() > MAX_ITEM_BYTES {
            return Err(InsertError::TooLong);
        }
        let indexes = self.filter.indexes(text);
        let newly_set = self.filter.insert(text);
        if let Some(&position) = self.positions.get(text) {
            self.items[position].times += 1;
            return Ok(Insertion {
                item: position,
                indexes,
                newly_set,
                duplicate: true,
            });
        }
        let position = self.items.len();
        self.record_new_item(position, &indexes, &newly_set);
        self.items.push(Item {
            text: text.to_owned(),
            times: 1,
        });
        self.positions.insert(text.to_owned(), position);
        Ok(Insertion {
            item: position,
            indexes,
            newly_set,
            duplicate: false,
        })
    }

    /// Probes the k bits of `text` and says which of the three cases it is.
    pub fn query(&self, text: &str) -> Verdict {
        let mut zero_bits: Vec<u32> = Vec::new();
        for index in self.filter.indexes(text) {
            if !self.filter.bits().get(index) && !zero_bits.contains(&index) {
                zero_bits.push(index);
            }
        }
        if !zero_bits.is_empty() {
            Verdict::Absent { zero_bits }
        } else if self.was_inserted(text) {
            Verdict::Present
        } else {
            Verdict::FalsePositive
        }
    }

    /// The same items in a filter with new m, k or scheme (the probe set is rehashed only if one of
    /// them changed).
    pub fn rebuilt(&self, params: FilterParams) -> Self {
        let rebuilt = if params == self.params {
            Self::with_probes(params, Rc::clone(self.tally.probes()))
        } else {
            Self::new(params)
        };
        rebuilt.filled(self.items.clone(), self.positions.clone())
    }

    /// The playground as it was before `texts` were inserted: each text counts one insert fewer, and
    /// an item left with none is gone. A Bloom filter cannot clear a bit (another item may share it),
    /// so the filter is rebuilt from the items that remain. Everything here is derived from the items
    /// in order, so when `texts` were the latest inserts this equals the earlier playground exactly.
    pub fn without<S: AsRef<str>>(&self, texts: &[S]) -> Self {
        let mut items = self.items.clone();
        for text in texts {
            if let Some(&position) = self.positions.get(text.as_ref()) {
                items[position].times = items[position].times.saturating_sub(1);
            }
        }
        items.retain(|item| item.times > 0);
        let positions = items
            .iter()
            .enumerate()
            .map(|(position, item)| (item.text.clone(), position))
            .collect();
        Self::with_probes(self.params, Rc::clone(self.tally.probes())).filled(items, positions)
    }

    /// Roughly the heap bytes this playground holds, for budgets such as the undo history's: each text
    /// twice (the item list and the lookup by text), a fixed cost per item (its list and lookup
    /// entries, its live point, its k provenance entries), and per bit a provenance list. The probe
    /// set is shared between playgrounds, so it is not counted. An estimate, not a measurement.
    pub fn estimated_bytes(&self) -> usize {
        // What an allocator adds to each allocation on average; every item owns two (its two texts).
        const ALLOCATION_OVERHEAD: usize = 16;
        let per_item = size_of::<Item>()
            + size_of::<(String, usize)>()
            // The lookup's control byte, and its spare capacity (a hash table is at most 7/8 full).
            + 1
            + size_of::<(String, usize)>() / 7
            + size_of::<LivePoint>()
            + self.params.hashes as usize * size_of::<u32>()
            + 2 * ALLOCATION_OVERHEAD;
        let text_bytes: usize = self.items.iter().map(|item| 2 * item.text.len()).sum();
        let bits = self.params.bits as usize;
        size_of::<Self>()
            + text_bytes
            + self.items.len() * per_item
            + bits * size_of::<Vec<u32>>()
            + bits / 8
    }

    /// Empties the filter and forgets the items, keeping m, k, the scheme and the probe set.
    pub fn reset(&mut self) {
        *self = Self::with_probes(self.params, Rc::clone(self.tally.probes()));
    }

    /// This (empty) playground holding `items`, with their counts, as if they had been inserted in
    /// order; `positions` is their lookup by text.
    fn filled(mut self, items: Vec<Item>, positions: HashMap<String, usize>) -> Self {
        for (position, item) in items.iter().enumerate() {
            let indexes = self.filter.indexes(&item.text);
            let newly_set = self.filter.insert(&item.text);
            self.record_new_item(position, &indexes, &newly_set);
        }
        self.items = items;
        self.positions = positions;
        self
    }

    /// Provenance, the probe tally and a live point for the item at `position`.
    fn record_new_item(&mut self, position: usize, indexes: &[u32], newly_set: &[u32]) {
        for &index in indexes {
            let setters = &mut self.setters[index as usize];
            // An item whose probes repeat an index is listed once for that bit.
            if setters.last() != Some(&(position as u32)) {
                setters.push(position as u32);
            }
        }
        for &bit in newly_set {
            self.tally.bit_set(bit);
        }
        self.points.push(LivePoint {
            items: position as u64 + 1,
            set_bits: self.filter.bits().count_ones(),
            positives: self.tally.positives(),
        });
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A playground with a small probe set, so property tests stay fast.
    fn quick(params: FilterParams) -> Playground {
        let probes = (0..100).map(|i| format!("probe {i}"));
        Playground::with_probes(
            params,
            Rc::new(ProbeSet::new(
                probes,
                params.bits,
                params.hashes,
                params.scheme,
            )),
        )
    }

    /// A [`quick`] playground with `items` inserted, in order.
    fn filled(params: FilterParams, items: &[String]) -> Playground {
        let mut playground = quick(params);
        for item in items {
            playground.insert(item).unwrap();
        }
        playground
    }

    fn params(bits: u32, hashes: u32) -> FilterParams {
        FilterParams {
            bits,
            hashes,
            ..FilterParams::default()
        }
    }

    #[test]
    fn insert_sets_the_computed_bits() {
        let mut playground = Playground::default();
        let insertion = playground.insert("apple").unwrap();
        assert_eq!(insertion.indexes, playground.filter().indexes("apple"));
        for &index in &insertion.indexes {
            assert!(playground.filter().bits().get(index));
            assert_eq!(playground.setters_of(index), &[0]);
        }
        let distinct: std::collections::BTreeSet<_> = insertion.indexes.iter().collect();
        assert_eq!(playground.stats().set_bits as usize, distinct.len());
        assert_eq!(insertion.newly_set.len(), distinct.len());
    }

    #[test]
    fn duplicates_count_once_as_items() {
        let mut playground = Playground::default();
        playground.insert("apple").unwrap();
        let again = playground.insert("apple").unwrap();
        assert!(again.duplicate);
        assert!(again.newly_set.is_empty());
        let stats = playground.stats();
        assert_eq!((stats.items, stats.insertions), (1, 2));
        assert_eq!(playground.items()[0].times, 2);
    }

    #[test]
    fn blank_and_huge_text_are_refused_and_change_nothing() {
        let mut playground = Playground::default();
        assert_eq!(playground.insert(""), Err(InsertError::Blank));
        assert_eq!(playground.insert(" \n\t"), Err(InsertError::Blank));
        let huge = "x".repeat(MAX_ITEM_BYTES + 1);
        assert_eq!(playground.insert(&huge), Err(InsertError::TooLong));
        assert_eq!(playground.stats().set_bits, 0);
        assert!(playground.items().is_empty());
    }

    #[test]
    fn query_gives_all_three_verdicts() {
        let mut playground = Playground::new(params(8, 2));
        playground.insert("apple").unwrap();
        assert_eq!(playground.query("apple"), Verdict::Present);
        // Search the word list for one verdict of each remaining kind at m = 8.
        let mut saw_absent = false;
        let mut saw_false_positive = false;
        for word in crate::words::WORDS {
            match playground.query(word) {
                Verdict::Absent { zero_bits } => {
                    saw_absent = true;
                    for bit in zero_bits {
                        assert!(!playground.filter().bits().get(bit));
                    }
                }
                Verdict::FalsePositive => saw_false_positive = true,
                Verdict::Present => assert_eq!(*word, "apple"),
            }
        }
        assert!(saw_absent && saw_false_positive);
    }

    #[test]
    fn rebuild_keeps_items_and_recomputes_bits() {
        let mut small = Playground::new(params(16, 3));
        for word in ["apple", "banana", "cherry", "apple"] {
            small.insert(word).unwrap();
        }
        let big = small.rebuilt(params(1024, 5));
        assert_eq!(big.items(), small.items());
        let mut fresh = Playground::new(params(1024, 5));
        for word in ["apple", "banana", "cherry"] {
            fresh.insert(word).unwrap();
        }
        assert_eq!(big.filter(), fresh.filter());
        for bit in 0..1024 {
            assert_eq!(big.setters_of(bit), fresh.setters_of(bit));
        }
        assert_eq!(big.stats().insertions, 4);
    }

    #[test]
    fn reset_keeps_m_and_k() {
        let mut playground = Playground::new(params(64, 4));
        playground.insert("apple").unwrap();
        playground.reset();
        assert_eq!(playground.params(), params(64, 4));
        assert_eq!(playground.stats().items, 0);
        assert!(!playground.was_inserted("apple"));
    }

    #[test]
    fn live_points_follow_every_new_item() {
        let mut playground = Playground::new(params(32, 3));
        let mut reference = crate::filter::BloomFilter::new(32, 3);
        let probes: Vec<String> = (0..crate::measure::PLAYGROUND_PROBES)
            .map(crate::measure::playground_probe)
            .collect();
        for word in ["apple", "banana", "apple", "cherry", "grape", "lemon"] {
            playground.insert(word).unwrap();
            reference.insert(word);
        }
        let points = playground.points();
        assert_eq!(points.len(), 5, "duplicates add no point");
        let last = points.last().unwrap();
        assert_eq!(last.items, 5);
        assert_eq!(last.set_bits, reference.bits().count_ones());
        let positives = probes
            .iter()
            .filter(|probe| reference.contains(probe))
            .count() as u32;
        assert_eq!(last.positives, positives);
        assert_eq!(playground.measured_positives(), positives);

        // Changing k recomputes the points from the same items.
        let rebuilt = playground.rebuilt(params(32, 2));
        assert_eq!(rebuilt.points().len(), 5);
        let mut fresh = Playground::new(params(32, 2));
        for word in ["apple", "banana", "cherry", "grape", "lemon"] {
            fresh.insert(word).unwrap();
        }
        assert_eq!(rebuilt.points(), fresh.points());

        playground.reset();
        assert!(playground.points().is_empty());
        assert_eq!(playground.measured_positives(), 0);
    }

    #[test]
    fn scheme_changes_the_indexes() {
        let mut playground = Playground::new(params(64, 4));
        playground.insert("apple").unwrap();
        let enhanced = playground.rebuilt(FilterParams {
            scheme: crate::hashing::HashScheme::Independent,
            ..params(64, 4)
        });
        assert_eq!(
            enhanced.filter().indexes("apple"),
            crate::hashing::HashScheme::Independent.indexes("apple", 64, 4)
        );
        assert_eq!(enhanced.items(), playground.items());
    }

    #[test]
    fn stats_follow_the_formulas() {
        let mut playground = Playground::new(params(32, 3));
        for word in ["apple", "banana", "cherry", "grape"] {
            playground.insert(word).unwrap();
        }
        let stats = playground.stats();
        let x = f64::from(stats.set_bits);
        assert_eq!(stats.fill_ratio(), x / 32.0);
        assert!((stats.false_positive_rate() - (x / 32.0).powi(3)).abs() < 1e-15);
        let estimate = stats.estimated_items().unwrap();
        assert!((estimate - -(32.0 / 3.0) * (1.0 - x / 32.0).ln()).abs() < 1e-12);
    }

    #[test]
    fn without_takes_the_latest_inserts_back_exactly() {
        let mut playground = Playground::new(params(32, 3));
        playground.insert("apple").unwrap();
        playground.insert("banana").unwrap();
        let before = playground.clone();
        for word in ["cherry", "apple", "grape"] {
            playground.insert(word).unwrap();
        }
        let undone = playground.without(&["cherry", "apple", "grape"]);
        assert_eq!(undone, before);
        assert_eq!(
            undone.items()[0].times,
            1,
            "the duplicate insert is taken back"
        );
        assert!(!undone.was_inserted("grape"));
    }

    #[test]
    fn estimated_bytes_grow_with_the_texts() {
        let mut playground = Playground::new(params(64, 3));
        let empty = playground.estimated_bytes();
        assert!(empty >= 64 * size_of::<Vec<u32>>());
        playground.insert(&"x".repeat(1000)).unwrap();
        let one = playground.estimated_bytes();
        // Kept twice (list and lookup), plus the item's fixed cost.
        assert!(one - empty >= 2000 && one - empty < 2500, "{}", one - empty);
    }

    proptest! {
        #[test]
        fn undoing_inserts_gives_back_the_earlier_playground(
            first in proptest::collection::vec("[a-e]{1,2}", 0..20),
            then in proptest::collection::vec("[a-e]{1,2}", 0..10),
            bits in 8u32..=128,
            hashes in 1u32..=6,
        ) {
            let before = filled(params(bits, hashes), &first);
            let after = filled(params(bits, hashes), &[first, then.clone()].concat());
            prop_assert_eq!(after.without(&then), before);
        }

        #[test]
        fn provenance_explains_every_set_bit(
            items in proptest::collection::vec("[a-z]{1,6}", 1..40),
            bits in 8u32..=128,
            hashes in 1u32..=6,
        ) {
            let playground = filled(params(bits, hashes), &items);
            for bit in 0..bits {
                let set = playground.filter().bits().get(bit);
                prop_assert_eq!(set, !playground.setters_of(bit).is_empty());
                for &position in playground.setters_of(bit) {
                    let text = &playground.items()[position as usize].text;
                    prop_assert!(playground.filter().indexes(text).contains(&bit));
                }
            }
            for item in &items {
                prop_assert_eq!(playground.query(item), Verdict::Present);
            }
        }
    }
}

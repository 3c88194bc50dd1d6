//! The classic Bloom filter (Bloom, 1970): insert sets the k bits an item hashes to; a query answers
//! "maybe present" only if all k are set. Bits are never cleared, so an inserted item is always found
//! — there are no false negatives — while unrelated items can find all their bits set by others.

use super::bit_array::BitArray;
use super::hashing::HashScheme;

/// m bits, k hash functions, and the scheme that makes the k indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BloomFilter {
    bits: BitArray,
    hashes: u32,
    scheme: HashScheme,
}

impl BloomFilter {
    /// An empty filter of `bits` bits (m) using `hashes` hash functions (k) by double hashing.
    pub fn new(bits: u32, hashes: u32) -> Self {
        Self::with_scheme(bits, hashes, HashScheme::default())
    }

    /// An empty filter whose indexes come from `scheme`.
    pub fn with_scheme(bits: u32, hashes: u32, scheme: HashScheme) -> Self {
        Self {
            bits: BitArray::new(bits),
            hashes,
            scheme,
        }
    }

    /// The bit array.
    pub fn bits(&self) -> &BitArray {
        &self.bits
    }

    /// m, the number of bits.
    pub fn bit_count(&self) -> u32 {
        self.bits.len()
    }

    /// k, the number of hash functions.
    pub fn hash_count(&self) -> u32 {
        self.hashes
    }

    /// How the indexes are made.
    pub fn scheme(&self) -> HashScheme {
        self.scheme
    }

    /// The k indexes `text` maps to in this filter.
    pub fn indexes(&self, text: &str) -> Vec<u32> {
        self.scheme.indexes(text, self.bits.len(), self.hashes)
    }

    /// Sets the k bits of `text`; returns the indexes that were zero before, in probe order,
    /// each once.
    pub fn insert(&mut self, text: &str) -> Vec<u32> {
        self.indexes(text)
            .into_iter()
            .filter(|&index| self.bits.set(index))
            .collect()
    }

    /// True when all k bits of `text` are set: "maybe present".
    pub fn contains(&self, text: &str) -> bool {
        self.indexes(text).iter().all(|&index| self.bits.get(index))
    }

    /// The bitwise OR of two filters with the same m, k and scheme — exactly the filter of the
    /// union of their sets, since a bit is set in either when some item of either set it. `None`
    /// when the shapes differ (their bits would not mean the same thing).
    pub fn union(&self, other: &BloomFilter) -> Option<BloomFilter> {
        self.combined(other, false)
    }

    /// The bitwise AND of two filters with the same m, k and scheme. It holds every bit of the
    /// intersection's filter, and more: a bit set in A by one item and in B by another survives.
    pub fn intersection(&self, other: &BloomFilter) -> Option<BloomFilter> {
        self.combined(other, true)
    }

    fn combined(&self, other: &BloomFilter, both: bool) -> Option<BloomFilter> {
        if self.hashes != other.hashes || self.scheme != other.scheme {
            return None;
        }
        Some(BloomFilter {
            bits: self.bits.combined(&other.bits, both)?,
            hashes: self.hashes,
            scheme: self.scheme,
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn insert_reports_new_bits_once() {
        let mut filter = BloomFilter::new(32, 3);
        let first = filter.insert("apple");
        assert!(!first.is_empty());
        assert_eq!(filter.insert("apple"), Vec::<u32>::new());
        assert!(filter.contains("apple"));
    }

    #[test]
    fn filters_of_different_shapes_do_not_combine() {
        let a = BloomFilter::new(64, 3);
        assert_eq!(a.union(&BloomFilter::new(64, 4)), None);
        assert_eq!(a.union(&BloomFilter::new(65, 3)), None);
        assert_eq!(
            a.intersection(&BloomFilter::with_scheme(64, 3, HashScheme::Independent)),
            None
        );
    }

    #[test]
    fn empty_filter_contains_nothing() {
        let filter = BloomFilter::new(64, 4);
        assert!(!filter.contains("anything"));
        assert_eq!(filter.bits().count_ones(), 0);
    }

    proptest! {
        #[test]
        fn no_false_negatives_ever(
            items in proptest::collection::vec(".{0,24}", 0..60),
            bits in 1u32..=1024,
            hashes in 1u32..=16,
            scheme in proptest::sample::select(HashScheme::ALL.to_vec()),
        ) {
            let mut filter = BloomFilter::with_scheme(bits, hashes, scheme);
            for item in &items {
                filter.insert(item);
            }
            for item in &items {
                prop_assert!(filter.contains(item), "{item:?} was inserted but not found");
            }
        }

        #[test]
        fn the_or_of_two_filters_is_the_filter_of_the_union(
            a in proptest::collection::vec(".{0,10}", 0..25),
            b in proptest::collection::vec(".{0,10}", 0..25),
            bits in 8u32..=512,
            hashes in 1u32..=8,
            scheme in proptest::sample::select(HashScheme::ALL.to_vec()),
        ) {
            let build = |items: &[String]| {
                let mut filter = BloomFilter::with_scheme(bits, hashes, scheme);
                items.iter().for_each(|item| { filter.insert(item); });
                filter
            };
            let union: Vec<String> = a.iter().chain(&b).cloned().collect();
            prop_assert_eq!(build(&a).union(&build(&b)), Some(build(&union)));
        }

        #[test]
        fn the_and_of_two_filters_holds_the_filter_of_the_intersection(
            shared in proptest::collection::vec(".{0,10}", 0..10),
            only_a in proptest::collection::vec(".{0,10}", 0..15),
            only_b in proptest::collection::vec(".{0,10}", 0..15),
            bits in 8u32..=512,
            hashes in 1u32..=8,
        ) {
            let build = |items: &[&String]| {
                let mut filter = BloomFilter::new(bits, hashes);
                items.iter().for_each(|item| { filter.insert(item); });
                filter
            };
            let a: Vec<&String> = shared.iter().chain(&only_a).collect();
            let b: Vec<&String> = shared.iter().chain(&only_b).collect();
            let and = build(&a).intersection(&build(&b)).unwrap();
            let of_shared = build(&shared.iter().collect::<Vec<_>>());
            for index in of_shared.bits().ones() {
                prop_assert!(and.bits().get(index));
            }
            for item in &shared {
                prop_assert!(and.contains(item));
            }
        }

        #[test]
        fn set_bits_are_exactly_the_union_of_indexes(
            items in proptest::collection::vec(".{0,12}", 0..30),
            bits in 8u32..=256,
            hashes in 1u32..=8,
        ) {
            let mut filter = BloomFilter::new(bits, hashes);
            let mut expected = std::collections::BTreeSet::new();
            for item in &items {
                filter.insert(item);
                expected.extend(filter.indexes(item));
            }
            prop_assert_eq!(filter.bits().count_ones() as usize, expected.len());
            for index in expected {
                prop_assert!(filter.bits().get(index));
            }
        }
    }
}

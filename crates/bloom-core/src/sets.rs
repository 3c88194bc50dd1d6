//! Two filters with the same m, k and hash scheme combine bit by bit. Their OR is exactly the filter
//! of A ∪ B; their AND holds the filter of A ∩ B and more — a bit set in A by one item and in B by
//! another survives — so it answers "maybe" more often than the intersection's own filter. Sizes
//! come from set bits (Swamidass and Baldi, 2007): n̂ = −(m/k)·ln(1 − X/m) for A, B and, from the
//! OR, A ∪ B; the intersection by inclusion–exclusion, n̂(A ∩ B) = n̂(A) + n̂(B) − n̂(A ∪ B).

use super::estimate::items_from_set_bits;
use super::filter::BloomFilter;
use std::rc::Rc;

use super::measure::{Measurement, ProbeSet, ProbeTally};
use super::params::FilterParams;
use super::words::SplitMix64;

/// A, B, their OR and AND, and the filters built directly from A ∪ B and A ∩ B.
#[derive(Debug, Clone, PartialEq)]
pub struct TwoFilters {
    /// The filter of A.
    pub a: BloomFilter,
    /// The filter of B.
    pub b: BloomFilter,
    /// A OR B.
    pub or: BloomFilter,
    /// A AND B.
    pub and: BloomFilter,
    /// The filter built from the items of A ∪ B.
    pub of_union: BloomFilter,
    /// The filter built from the items of A ∩ B.
    pub of_intersection: BloomFilter,
    /// |A ∪ B|.
    pub union_size: usize,
    /// |A ∩ B|.
    pub shared: Vec<String>,
}

fn filter_of<S: AsRef<str>>(
    params: FilterParams,
    items: impl IntoIterator<Item = S>,
) -> BloomFilter {
    let mut filter = BloomFilter::with_scheme(params.bits, params.hashes, params.scheme);
    for item in items {
        filter.insert(item.as_ref());
    }
    filter
}

impl TwoFilters {
    /// The filters of sets `a` and `b` (each without repeats) under `params`.
    pub fn build(params: FilterParams, a: &[String], b: &[String]) -> Self {
        let (filter_a, filter_b) = (filter_of(params, a), filter_of(params, b));
        let shared: Vec<String> = a.iter().filter(|item| b.contains(item)).cloned().collect();
        let only_b = b.iter().filter(|item| !a.contains(item));
        // Same shape by construction, so the combinations always exist.
        let or = filter_a
            .union(&filter_b)
            .unwrap_or_else(|| filter_of(params, a));
        let and = filter_a
            .intersection(&filter_b)
            .unwrap_or_else(|| filter_of(params, &shared));
        Self {
            of_union: filter_of(params, a.iter().chain(only_b.clone())),
            of_intersection: filter_of(params, &shared),
            union_size: a.len() + only_b.count(),
            shared,
            a: filter_a,
            b: filter_b,
            or,
            and,
        }
    }

    /// True when A OR B is bit for bit the filter of A ∪ B (always, which is the point).
    pub fn or_is_union(&self) -> bool {
        self.or == self.of_union
    }

    /// The bits of A AND B that no item of A ∩ B set: the AND's surplus over the intersection's
    /// own filter.
    pub fn and_extra_bits(&self) -> Vec<u32> {
        self.and
            .bits()
            .ones()
            .filter(|&index| !self.of_intersection.bits().get(index))
            .collect()
    }

    /// The items of `items` (A's or B's) that set bit `index` in a filter of this shape: those among
    /// whose k positions it is.
    pub fn setters_of<'a>(&self, items: &'a [String], index: u32) -> Vec<&'a str> {
        items
            .iter()
            .filter(|item| self.a.indexes(item).contains(&index))
            .map(String::as_str)
            .collect()
    }

    /// n̂ of A, B, A ∪ B (from the OR) and A ∩ B (by inclusion–exclusion).
    pub fn estimates(&self) -> SetEstimates {
        let estimate = |filter: &BloomFilter| {
            items_from_set_bits(
                filter.bits().count_ones(),
                filter.bit_count(),
                filter.hash_count(),
            )
        };
        let (a, b, union) = (estimate(&self.a), estimate(&self.b), estimate(&self.or));
        SetEstimates {
            a,
            b,
            union,
            intersection: match (a, b, union) {
                (Some(a), Some(b), Some(union)) => Some(a + b - union),
                _ => None,
            },
        }
    }

    /// The measured false-positive rates of A AND B and of the intersection's own filter on the
    /// same never-inserted probes.
    pub fn and_rates(&self, probes: &Rc<ProbeSet>) -> (Measurement, Measurement) {
        let count = |filter: &BloomFilter| {
            let mut tally = ProbeTally::new(probes.clone());
            filter.bits().ones().for_each(|bit| tally.bit_set(bit));
            Measurement {
                positives: tally.positives(),
                probes: probes.len(),
            }
        };
        (count(&self.and), count(&self.of_intersection))
    }
}

/// Sizes estimated from set bits; `None` where every bit is set (the estimate is unbounded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SetEstimates {
    /// n̂(A).
    pub a: Option<f64>,
    /// n̂(B).
    pub b: Option<f64>,
    /// n̂(A ∪ B), from A OR B.
    pub union: Option<f64>,
    /// n̂(A) + n̂(B) − n̂(A ∪ B).
    pub intersection: Option<f64>,
}

/// Where 95 % of the estimates fell in repeated trials (2.5th and 97.5th percentiles).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The low end.
    pub low: f64,
    /// The high end.
    pub high: f64,
}

/// How far the union and intersection estimates stray for sets of these sizes: `trials` pairs of
/// fresh random sets with |A| = `size_a`, |B| = `size_b` and `shared` items in common, each put
/// into filters of `params`; the bands hold the middle 95 % of the estimates (trials where every
/// bit was set are left out). The same seed always gives the same bands.
pub fn estimate_bands(
    params: FilterParams,
    size_a: usize,
    size_b: usize,
    shared: usize,
    trials: u32,
    seed: u64,
) -> (Option<Band>, Option<Band>) {
    let mut rng = SplitMix64::new(seed);
    let mut unions = Vec::new();
    let mut intersections = Vec::new();
    for _ in 0..trials {
        let tag = rng.next_u64();
        let item = |side: &str, index: usize| format!("\u{1}{tag:x}:{side}{index}");
        let common: Vec<String> = (0..shared).map(|index| item("c", index)).collect();
        let a: Vec<String> = common
            .iter()
            .cloned()
            .chain((shared..size_a).map(|index| item("a", index)))
            .collect();
        let b: Vec<String> = common
            .iter()
            .cloned()
            .chain((shared..size_b).map(|index| item("b", index)))
            .collect();
        // Only what the estimates read: A, B and their OR.
        let (filter_a, filter_b) = (filter_of(params, &a), filter_of(params, &b));
        let estimate = |filter: &BloomFilter| {
            items_from_set_bits(filter.bits().count_ones(), params.bits, params.hashes)
        };
        let or = filter_a.union(&filter_b);
        if let (Some(a), Some(b), Some(union)) = (
            estimate(&filter_a),
            estimate(&filter_b),
            or.as_ref().and_then(estimate),
        ) {
            unions.push(union);
            intersections.push(a + b - union);
        }
    }
    (band(&mut unions), band(&mut intersections))
}

fn band(values: &mut [f64]) -> Option<Band> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |fraction: f64| values[((values.len() - 1) as f64 * fraction).round() as usize];
    Some(Band {
        low: at(0.025),
        high: at(0.975),
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::hashing::HashScheme;

    fn words(range: std::ops::Range<usize>) -> Vec<String> {
        crate::words::WORDS[range]
            .iter()
            .map(|word| (*word).to_owned())
            .collect()
    }

    fn params(bits: u32, hashes: u32) -> FilterParams {
        FilterParams {
            bits,
            hashes,
            scheme: HashScheme::DoubleHashing,
        }
    }

    #[test]
    fn a_bit_is_set_exactly_where_it_has_setters() {
        let (a, b) = (words(0..6), words(4..10));
        let two = TwoFilters::build(params(32, 3), &a, &b);
        for index in 0..32 {
            let (in_a, in_b) = (two.setters_of(&a, index), two.setters_of(&b, index));
            assert_eq!(
                two.a.bits().get(index),
                !in_a.is_empty(),
                "bit {index} of A"
            );
            assert_eq!(
                two.b.bits().get(index),
                !in_b.is_empty(),
                "bit {index} of B"
            );
            // Each setter's own filter has the bit; an item outside the list does not.
            for item in &a {
                let alone = filter_of(params(32, 3), [item]);
                assert_eq!(alone.bits().get(index), in_a.contains(&item.as_str()));
            }
            // The intersection's filter has the bit exactly when a shared item sets it.
            let shared = two.setters_of(&two.shared, index);
            assert_eq!(two.of_intersection.bits().get(index), !shared.is_empty());
        }
    }

    #[test]
    fn or_is_the_union_and_and_over_covers_the_intersection() {
        let two = TwoFilters::build(params(64, 3), &words(0..12), &words(8..20));
        assert!(two.or_is_union());
        assert_eq!(two.union_size, 20);
        assert_eq!(two.shared, words(8..12));
        let extra = two.and_extra_bits();
        for index in two.of_intersection.bits().ones() {
            assert!(two.and.bits().get(index));
        }
        assert_eq!(
            two.and.bits().count_ones() as usize,
            two.of_intersection.bits().count_ones() as usize + extra.len()
        );
        assert!(
            !extra.is_empty(),
            "64 bits with 12 items each: some overlap"
        );
    }

    #[test]
    fn estimates_match_the_formula_by_hand() {
        let two = TwoFilters::build(params(128, 3), &words(0..20), &words(10..30));
        let estimates = two.estimates();
        let by_hand = |filter: &BloomFilter| {
            let fill = f64::from(filter.bits().count_ones()) / 128.0;
            -(128.0 / 3.0) * (1.0 - fill).ln()
        };
        let (a, b, union) = (by_hand(&two.a), by_hand(&two.b), by_hand(&two.or));
        assert!((estimates.a.unwrap() - a).abs() < 1e-9);
        assert!((estimates.union.unwrap() - union).abs() < 1e-9);
        assert!((estimates.intersection.unwrap() - (a + b - union)).abs() < 1e-9);
    }

    #[test]
    fn the_and_filter_answers_maybe_more_often_than_the_intersections() {
        let two = TwoFilters::build(params(256, 3), &words(0..40), &words(30..70));
        let probes = Rc::new(ProbeSet::playground(256, 3, HashScheme::DoubleHashing));
        let (and, own) = two.and_rates(&probes);
        assert!(and.positives > own.positives, "{and:?} vs {own:?}");
    }

    #[test]
    fn bands_hold_the_true_sizes_and_repeat_with_the_seed() {
        let (union, intersection) = estimate_bands(params(512, 3), 60, 60, 20, 200, 7);
        let (union, intersection) = (union.unwrap(), intersection.unwrap());
        assert!(union.low < 100.0 && 100.0 < union.high, "{union:?}");
        assert!(
            intersection.low < 20.0 && 20.0 < intersection.high,
            "{intersection:?}"
        );
        // A difference of noisy numbers: its band is wide compared with the 20 it estimates.
        assert!(
            intersection.high - intersection.low > 4.0,
            "{intersection:?}"
        );
        assert_eq!(
            estimate_bands(params(512, 3), 60, 60, 20, 200, 7),
            (Some(union), Some(intersection))
        );
    }
}

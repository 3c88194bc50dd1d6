//! Measuring a false-positive rate instead of predicting it: query many strings that were never
//! inserted and count how many the filter wrongly reports present. A [`ProbeSet`] hashes its strings
//! once per (m, k, scheme); a [`ProbeTally`] then follows a filter as bits are set, so the measured
//! rate after every insert costs only the probes that touch the newly set bits. The playground's
//! set is hashed the first time a bit is set, not when it is made: an empty filter reports no probe
//! present whatever the probes are, so a page draws without first hashing 10,000 strings. The Wilson score
//! interval (Wilson, 1927) gives the uncertainty of such a count.

use std::cell::OnceCell;
use std::rc::Rc;

use super::hashing::HashScheme;
use super::small_sort::sort_distinct;

/// The measured false-positive rate: `positives` of `probes` never-inserted strings (0 with none).
pub fn measured_rate(positives: u32, probes: u32) -> f64 {
    f64::from(positives) / f64::from(probes.max(1))
}

/// A count of false positives among never-inserted probe strings: the measured rate and how sure
/// it is, from the same two numbers wherever the page shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measurement {
    /// Probes the filter reported present.
    pub positives: u32,
    /// Probes queried.
    pub probes: u32,
}

impl Measurement {
    /// positives / probes (0 with no probes).
    pub fn rate(&self) -> f64 {
        measured_rate(self.positives, self.probes)
    }

    /// The 95% Wilson score interval around [`Measurement::rate`].
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(u64::from(self.positives), u64::from(self.probes))
    }
}

/// How many strings the playground probes with.
pub const PLAYGROUND_PROBES: u32 = 10_000;

/// The playground's probe strings: a reserved prefix (the control character U+0001, which no one
/// types by accident) and a counter, so they never coincide with an item a visitor inserts.
pub fn playground_probe(index: u32) -> String {
    let mut text = String::new();
    write_playground_probe(&mut text, index);
    text
}

/// Writes probe string `index` into `text` (replacing what it held): ten thousand of them are made
/// whenever a filter is first measured, in one buffer rather than one allocation each.
fn write_playground_probe(text: &mut String, index: u32) {
    use std::fmt::Write;
    text.clear();
    // Writing to a String cannot fail.
    let _ = write!(text, "\u{1}probe:{index}");
}

/// The probe strings, hashed: for each bit, which probes test it, and how many distinct bits each
/// probe tests (the playground's hashed when first needed).
#[derive(Debug, PartialEq, Eq)]
pub struct ProbeSet {
    /// How many probes.
    count: u32,
    /// The playground's m, k and scheme, for hashing its probes when first needed.
    playground: Option<(u32, u32, HashScheme)>,
    hashed: OnceCell<HashedProbes>,
}

#[derive(Debug, PartialEq, Eq)]
struct HashedProbes {
    /// Distinct bits per probe.
    distinct_bits: Vec<u8>,
    /// Probes testing bit b are `probes_by_bit[starts[b] .. starts[b + 1]]`.
    starts: Vec<u32>,
    probes_by_bit: Vec<u32>,
}

impl ProbeSet {
    /// Hashes `texts` for a filter of `bits` bits and `hashes` hash functions under `scheme`.
    pub fn new<S: AsRef<str>>(
        texts: impl IntoIterator<Item = S>,
        bits: u32,
        hashes: u32,
        scheme: HashScheme,
    ) -> Self {
        let hashed = HashedProbes::new(texts, bits, hashes, scheme);
        Self {
            count: hashed.distinct_bits.len() as u32,
            playground: None,
            hashed: OnceCell::from(hashed),
        }
    }

    /// The playground's standard probe set, hashed the first time it is needed.
    pub fn playground(bits: u32, hashes: u32, scheme: HashScheme) -> Self {
        Self {
            count: PLAYGROUND_PROBES,
            playground: Some((bits, hashes, scheme)),
            hashed: OnceCell::new(),
        }
    }

    fn hashed(&self) -> &HashedProbes {
        self.hashed.get_or_init(|| {
            let (bits, hashes, scheme) =
                self.playground.unwrap_or((1, 1, HashScheme::DoubleHashing));
            let mut text = String::new();
            HashedProbes::from_rows(
                &mut (0..self.count).map(|index| {
                    write_playground_probe(&mut text, index);
                    scheme.indexes(&text, bits, hashes)
                }),
                bits,
            )
        })
    }

    /// How many probes.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// True when there are no probes.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// True once the probes have been hashed.
    pub fn is_hashed(&self) -> bool {
        self.hashed.get().is_some()
    }

    /// How many probes test fewer than `hashes` different bits (their k indexes repeat one, as
    /// double hashing can at a small m): each passes more easily than k different bits would. 0
    /// until the probes are hashed.
    pub fn testing_fewer_than(&self, hashes: u32) -> u32 {
        self.hashed.get().map_or(0, |hashed| {
            hashed
                .distinct_bits
                .iter()
                .filter(|&&bits| u32::from(bits) < hashes)
                .count() as u32
        })
    }

    fn probes_of(&self, bit: u32) -> &[u32] {
        let hashed = self.hashed();
        match (
            hashed.starts.get(bit as usize),
            hashed.starts.get(bit as usize + 1),
        ) {
            (Some(&start), Some(&end)) => &hashed.probes_by_bit[start as usize..end as usize],
            _ => &[],
        }
    }

    fn distinct_bits(&self, probe: u32) -> u8 {
        self.hashed().distinct_bits[probe as usize]
    }
}

impl HashedProbes {
    fn new<S: AsRef<str>>(
        texts: impl IntoIterator<Item = S>,
        bits: u32,
        hashes: u32,
        scheme: HashScheme,
    ) -> Self {
        let mut rows = texts
            .into_iter()
            .map(|text| scheme.indexes(text.as_ref(), bits, hashes));
        Self::from_rows(&mut rows, bits)
    }

    /// From each probe's indexes, in probe order (one copy of the code for every kind of probe).
    fn from_rows(rows: &mut dyn Iterator<Item = Vec<u32>>, bits: u32) -> Self {
        let mut distinct_bits = Vec::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (probe, mut indexes) in rows.enumerate() {
            sort_distinct(&mut indexes);
            // k ≤ 255 distinct bits always fits: the playground's k is at most 16.
            distinct_bits.push(indexes.len().min(u8::MAX as usize) as u8);
            pairs.extend(indexes.into_iter().map(|bit| (bit, probe as u32)));
        }
        // Counting sort by bit into the compressed index.
        let mut starts = vec![0u32; bits as usize + 1];
        for &(bit, _) in &pairs {
            starts[bit as usize + 1] += 1;
        }
        for bit in 0..bits as usize {
            starts[bit + 1] += starts[bit];
        }
        let mut fill = starts.clone();
        let mut probes_by_bit = vec![0u32; pairs.len()];
        for (bit, probe) in pairs {
            probes_by_bit[fill[bit as usize] as usize] = probe;
            fill[bit as usize] += 1;
        }
        Self {
            distinct_bits,
            starts,
            probes_by_bit,
        }
    }
}

/// How many probes a filter currently reports present, kept up to date bit by bit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeTally {
    probes: Rc<ProbeSet>,
    /// For each probe, how many of its distinct bits are set.
    set_bits: Vec<u8>,
    positives: u32,
}

impl ProbeTally {
    /// A tally for an empty filter.
    pub fn new(probes: Rc<ProbeSet>) -> Self {
        let set_bits = vec![0; probes.len() as usize];
        Self {
            probes,
            set_bits,
            positives: 0,
        }
    }

    /// The probe set.
    pub fn probes(&self) -> &Rc<ProbeSet> {
        &self.probes
    }

    /// Records that `bit` went from 0 to 1 (call once per bit).
    pub fn bit_set(&mut self, bit: u32) {
        for &probe in self.probes.probes_of(bit) {
            let count = &mut self.set_bits[probe as usize];
            *count += 1;
            if *count == self.probes.distinct_bits(probe) {
                self.positives += 1;
            }
        }
    }

    /// Probes reported present (all their bits set): false positives, as none was inserted.
    pub fn positives(&self) -> u32 {
        self.positives
    }

    /// positives / probes.
    pub fn rate(&self) -> f64 {
        measured_rate(self.positives, self.probes.len())
    }
}

/// The 95% Wilson score interval for `successes` out of `trials`:
/// (p̂ + z²/2N ± z·√(p̂(1 − p̂)/N + z²/4N²)) / (1 + z²/N), with z = 1.959964.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = p + z2 / (2.0 * n);
    let half_width = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // With no successes the low end is exactly 0 (the subtraction leaves a rounding error).
    let low = if successes == 0 {
        0.0
    } else {
        ((centre - half_width) / denominator).max(0.0)
    };
    (low, ((centre + half_width) / denominator).min(1.0))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn probes_testing_fewer_bits_are_those_whose_indexes_repeat() {
        let probes = ProbeSet::playground(32, 3, HashScheme::DoubleHashing);
        // Not hashed yet: nothing counted.
        assert_eq!(probes.testing_fewer_than(3), 0);
        let _ = probes.probes_of(0);
        // By hand: the strings' three indexes, as the playground hashes them, with a repeat.
        let by_hand = (0..PLAYGROUND_PROBES)
            .filter(|&index| {
                let mut bits = crate::hashing::bit_indexes(&playground_probe(index), 32, 3);
                bits.sort_unstable();
                bits.dedup();
                bits.len() < 3
            })
            .count() as u32;
        assert!(
            by_hand > 0,
            "at m = 32 double hashing repeats a bit for some strings"
        );
        assert_eq!(probes.testing_fewer_than(3), by_hand);
        assert_eq!(probes.testing_fewer_than(1), 0);
    }
    use crate::filter::BloomFilter;

    #[test]
    fn probe_strings_are_the_prefix_and_the_counter() {
        for index in [0, 7, 10, 99, 100, 9_999, 65_536, u32::MAX] {
            assert_eq!(playground_probe(index), format!("\u{1}probe:{index}"));
        }
    }

    #[test]
    fn playground_probes_hash_as_their_strings() {
        let lazy = ProbeSet::playground(97, 5, HashScheme::DoubleHashing);
        let texts: Vec<String> = (0..PLAYGROUND_PROBES).map(playground_probe).collect();
        let eager = ProbeSet::new(&texts, 97, 5, HashScheme::DoubleHashing);
        assert_eq!(lazy.hashed(), eager.hashed());
    }

    #[test]
    fn tally_matches_querying_every_probe() {
        for scheme in HashScheme::ALL {
            let texts: Vec<String> = (0..2000).map(|i| format!("never inserted {i}")).collect();
            let set = Rc::new(ProbeSet::new(&texts, 64, 4, scheme));
            let mut tally = ProbeTally::new(set);
            let mut filter = BloomFilter::with_scheme(64, 4, scheme);
            for i in 0..30 {
                for bit in filter.insert(&format!("item {i}")) {
                    tally.bit_set(bit);
                }
                let direct = texts.iter().filter(|text| filter.contains(text)).count() as u32;
                assert_eq!(
                    tally.positives(),
                    direct,
                    "{scheme:?} after {} items",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn the_playgrounds_probes_are_hashed_when_a_bit_is_first_set() {
        let set = Rc::new(ProbeSet::playground(32, 3, HashScheme::DoubleHashing));
        let mut tally = ProbeTally::new(Rc::clone(&set));
        assert!(!set.is_hashed());
        assert_eq!((tally.positives(), tally.rate()), (0, 0.0));
        let mut filter = BloomFilter::with_scheme(32, 3, HashScheme::DoubleHashing);
        let eager = ProbeSet::new(
            (0..PLAYGROUND_PROBES).map(playground_probe),
            32,
            3,
            HashScheme::DoubleHashing,
        );
        let mut eager_tally = ProbeTally::new(Rc::new(eager));
        for word in [
            "apple", "pear", "plum", "fig", "kiwi", "lime", "date", "melon",
        ] {
            for bit in filter.insert(word) {
                tally.bit_set(bit);
                eager_tally.bit_set(bit);
            }
        }
        assert!(set.is_hashed());
        assert!(eager_tally.positives() > 0);
        assert_eq!(tally.positives(), eager_tally.positives());
    }

    #[test]
    fn playground_probes_cannot_be_typed_by_accident() {
        assert!(playground_probe(7).starts_with('\u{1}'));
        assert_eq!(
            ProbeSet::playground(32, 3, HashScheme::DoubleHashing).len(),
            PLAYGROUND_PROBES
        );
    }

    #[test]
    fn wilson_matches_independent_values() {
        // Computed separately from the closed form (Python, z = 1.959963984540054).
        let (low, high) = wilson_interval(0, 10_000);
        assert!(
            low == 0.0 && (high - 3.839_983_706_765_957e-4).abs() < 1e-12,
            "{high}"
        );
        let (low, high) = wilson_interval(50, 100);
        assert!((low - 0.403_831_530_365_995_7).abs() < 1e-12, "{low}");
        assert!((high - 0.596_168_469_634_004_4).abs() < 1e-12, "{high}");
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn a_measurement_is_its_count_and_interval() {
        // 25 of 10,000: 0.0025, and the Wilson interval computed separately (Python, same z).
        let measurement = Measurement {
            positives: 25,
            probes: 10_000,
        };
        assert_eq!(measurement.rate(), 0.0025);
        let (low, high) = measurement.interval();
        assert!((low - 1.693_997_611_158_319_5e-3).abs() < 1e-12, "{low}");
        assert!((high - 3.688_080_767_664_892_4e-3).abs() < 1e-12, "{high}");
        let none = Measurement {
            positives: 0,
            probes: 0,
        };
        assert_eq!((none.rate(), none.interval()), (0.0, (0.0, 1.0)));
    }

    #[test]
    fn wilson_contains_the_estimate() {
        for (successes, trials) in [(1, 10), (3, 1000), (999, 1000), (10_000, 10_000)] {
            let (low, high) = wilson_interval(successes, trials);
            let p = successes as f64 / trials as f64;
            assert!(low <= p && p <= high, "{successes}/{trials}");
        }
    }
}

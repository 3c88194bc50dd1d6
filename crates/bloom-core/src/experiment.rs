//! Comparing hash schemes by experiment. Each trial inserts fresh random items into an empty filter
//! under every scheme and, after each insert, counts how many of a fresh set of random probe strings
//! the filter wrongly reports present. Averaged over many trials this measures each scheme's real
//! false-positive rate — and shows where plain double hashing falls short of independent hashes
//! (small m, large k: when h2 mod m shares a factor with m, an item's k indexes cycle over few bits).

use std::rc::Rc;

use super::filter::BloomFilter;
use super::hashing::HashScheme;
use super::measure::{ProbeSet, ProbeTally};
use super::words::SplitMix64;

/// Probe strings per scheme per trial.
pub const PROBES_PER_TRIAL: u32 = 2000;
/// At most this many n values are recorded along the curve.
pub const MAX_SAMPLES: u64 = 60;

/// Accumulated results of the scheme comparison for one (m, k, n range).
#[derive(Debug, Clone, PartialEq)]
pub struct SchemeComparison {
    /// m.
    pub bits: u32,
    /// k.
    pub hashes: u32,
    /// The n values recorded, ascending, all ≥ 1.
    pub sample_items: Vec<u64>,
    /// Trials run so far.
    pub trials: u32,
    /// For each scheme (in [`HashScheme::ALL`] order) and each sample n, false positives summed over
    /// all trials.
    positives: Vec<Vec<u64>>,
}

/// A random 32-hex-digit string: items and probes of a trial (collisions are vanishingly unlikely).
fn random_text(rng: &mut SplitMix64) -> String {
    format!("{:016x}{:016x}", rng.next_u64(), rng.next_u64())
}

impl SchemeComparison {
    /// An empty comparison recording up to [`MAX_SAMPLES`] n values in 1 … `max_items`.
    pub fn new(bits: u32, hashes: u32, max_items: u64) -> Self {
        let max_items = max_items.max(1);
        let step = max_items.div_ceil(MAX_SAMPLES).max(1);
        let mut sample_items: Vec<u64> = (step..=max_items).step_by(step as usize).collect();
        if sample_items.last() != Some(&max_items) {
            sample_items.push(max_items);
        }
        let positives = vec![vec![0; sample_items.len()]; HashScheme::ALL.len()];
        Self {
            bits,
            hashes,
            sample_items,
            trials: 0,
            positives,
        }
    }

    /// Runs one more trial, all schemes seeing the same random items and probes.
    pub fn run_trial(&mut self, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let max_items = self.sample_items.last().copied().unwrap_or(0);
        let items: Vec<String> = (0..max_items).map(|_| random_text(&mut rng)).collect();
        let probes: Vec<String> = (0..PROBES_PER_TRIAL)
            .map(|_| random_text(&mut rng))
            .collect();
        for (row, scheme) in HashScheme::ALL.into_iter().enumerate() {
            let set = ProbeSet::new(&probes, self.bits, self.hashes, scheme);
            let mut tally = ProbeTally::new(Rc::new(set));
            let mut filter = BloomFilter::with_scheme(self.bits, self.hashes, scheme);
            let mut next_sample = 0;
            for (count, item) in items.iter().enumerate() {
                for bit in filter.insert(item) {
                    tally.bit_set(bit);
                }
                if self.sample_items.get(next_sample) == Some(&(count as u64 + 1)) {
                    self.positives[row][next_sample] += u64::from(tally.positives());
                    next_sample += 1;
                }
            }
        }
        self.trials += 1;
    }

    /// Probes tested so far at each sample n, per scheme.
    pub fn probes_tested(&self) -> u64 {
        u64::from(self.trials) * u64::from(PROBES_PER_TRIAL)
    }

    /// (n, false positives summed over trials) for `scheme`.
    pub fn positives(&self, scheme: HashScheme) -> impl Iterator<Item = (u64, u64)> + '_ {
        let row = HashScheme::ALL
            .iter()
            .position(|&s| s == scheme)
            .unwrap_or(0);
        self.sample_items
            .iter()
            .copied()
            .zip(self.positives[row].iter().copied())
    }

    /// (n, measured rate) for `scheme`, averaged over the trials so far.
    pub fn rates(&self, scheme: HashScheme) -> Vec<(u64, f64)> {
        let tested = self.probes_tested().max(1) as f64;
        self.positives(scheme)
            .map(|(items, positives)| (items, positives as f64 / tested))
            .collect()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::fpr;
    use crate::measure::wilson_interval;

    #[test]
    fn samples_span_the_range() {
        let comparison = SchemeComparison::new(64, 3, 30);
        assert_eq!(comparison.sample_items, (1..=30).collect::<Vec<u64>>());
        let wide = SchemeComparison::new(1024, 16, 1000);
        assert!(wide.sample_items.len() as u64 <= MAX_SAMPLES + 1);
        assert_eq!(wide.sample_items.last(), Some(&1000));
    }

    #[test]
    fn trials_are_reproducible() {
        let mut a = SchemeComparison::new(64, 3, 20);
        let mut b = SchemeComparison::new(64, 3, 20);
        a.run_trial(5);
        b.run_trial(5);
        assert_eq!(a, b);
        assert_eq!(a.trials, 1);
    }

    #[test]
    fn independent_hashes_match_the_exact_rate() {
        let (bits, hashes, items) = (64, 3, 12);
        let mut comparison = SchemeComparison::new(bits, hashes, items);
        for seed in 0..60 {
            comparison.run_trial(seed);
        }
        let (_, positives) = comparison
            .positives(HashScheme::Independent)
            .last()
            .unwrap();
        let (low, high) = wilson_interval(positives, comparison.probes_tested());
        let exact = fpr::exact(bits, hashes, items);
        // The probes of one trial share a filter, so the interval is a little optimistic; allow for it.
        let margin = (high - low) * 1.5;
        assert!(
            low - margin <= exact && exact <= high + margin,
            "exact {exact} vs [{low}, {high}]"
        );
    }

    #[test]
    fn plain_double_hashing_drifts_above_at_small_m_and_large_k() {
        // m = 1024, k = 16, n = 20: the exact rate is below 10⁻⁹, yet items with h2 ≡ 0 (mod 1024)
        // put all 16 probes on one bit, which alone gives a rate near (X/m)/1024 ≈ 3 × 10⁻⁴.
        let mut comparison = SchemeComparison::new(1024, 16, 20);
        for seed in 0..60 {
            comparison.run_trial(seed);
        }
        let rate_at_20 = |scheme| comparison.rates(scheme).last().unwrap().1;
        assert!(fpr::exact(1024, 16, 20) < 1e-8);
        assert!(
            rate_at_20(HashScheme::DoubleHashing) > 1e-5,
            "{}",
            rate_at_20(HashScheme::DoubleHashing)
        );
        assert!(
            rate_at_20(HashScheme::DoubleHashing)
                > 20.0 * rate_at_20(HashScheme::EnhancedDoubleHashing).max(1e-7)
        );
    }
}

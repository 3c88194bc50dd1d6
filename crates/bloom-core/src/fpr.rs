//! False-positive rates. A query for an item never inserted is a false positive when all k of its
//! bits happen to be set. With X of m bits set, one probe hits a set bit with probability X/m, so k
//! independent probes all do with probability (X/m)^k. Three predictions for n items follow:
//! the textbook (1 − e^(−kn/m))^k, Bloom's own (1 − (1 − 1/m)^(kn))^k, and the exact expectation
//! E[(X/m)^k] over the distribution of X after k·n uniform bit choices (Bose et al., 2008;
//! Christensen, Roginsky and Jimeno, 2010). The first two plug the *average* X into a convex function,
//! so by Jensen's inequality they sit below the exact rate, most visibly when m is small.

/// The rate implied by the filter as it is now: (X/m)^k, for X set bits out of m.
pub fn from_fill(set_bits: u32, bits: u32, hashes: u32) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    (f64::from(set_bits) / f64::from(bits)).powi(hashes as i32)
}

/// The textbook approximation for n items: (1 − e^(−kn/m))^k.
pub fn approximate(bits: u32, hashes: u32, items: u64) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    let exponent = -f64::from(hashes) * items as f64 / f64::from(bits);
    (1.0 - exponent.exp()).powi(hashes as i32)
}

/// Bloom's expression before the e-approximation: (1 − (1 − 1/m)^(kn))^k.
pub fn classic(bits: u32, hashes: u32, items: u64) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    let throws = f64::from(hashes) * items as f64;
    // (1 − 1/m)^(kn) = exp(kn · ln(1 − 1/m)), with ln_1p for accuracy at large m.
    let zero_fraction = (throws * (-1.0 / f64::from(bits)).ln_1p()).exp();
    (1.0 - zero_fraction).powi(hashes as i32)
}

/// Probabilities below this are dropped from the tails of the distribution of X; they cannot move
/// an f64 rate that is a sum of terms no larger than 1.
const NEGLIGIBLE: f64 = 1e-40;

/// The distribution of X, the number of set bits, after some number of uniform bit choices
/// ("throws") into m bits. Each throw sets a new bit with probability (m − X)/m, so
/// P'(x) = P(x)·x/m + P(x − 1)·(m − x + 1)/m — a dynamic programme over X that needs no large
/// Stirling numbers and stays in [0, 1] throughout.
#[derive(Debug, Clone)]
pub struct SetBitsDistribution {
    bits: u32,
    /// P(X = lowest + i).
    probabilities: Vec<f64>,
    lowest: u32,
    throws: u64,
}

impl SetBitsDistribution {
    /// Before any throw: X = 0 for sure.
    pub fn new(bits: u32) -> Self {
        Self {
            bits: bits.max(1),
            probabilities: vec![1.0],
            lowest: 0,
            throws: 0,
        }
    }

    /// Throws so far.
    pub fn throws(&self) -> u64 {
        self.throws
    }

    /// One more uniform bit choice.
    pub fn throw(&mut self) {
        let m = f64::from(self.bits);
        let highest = self.lowest + self.probabilities.len() as u32 - 1;
        let grows = highest < self.bits;
        let mut next = vec![0.0; self.probabilities.len() + usize::from(grows)];
        for (offset, &p) in self.probabilities.iter().enumerate() {
            let x = f64::from(self.lowest + offset as u32);
            next[offset] += p * x / m;
            if let Some(slot) = next.get_mut(offset + 1) {
                *slot += p * (m - x) / m;
            }
        }
        // Trim the tails.
        let first = next.iter().position(|&p| p > NEGLIGIBLE).unwrap_or(0);
        let last = next.iter().rposition(|&p| p > NEGLIGIBLE).unwrap_or(first);
        self.lowest += first as u32;
        self.probabilities = next[first..=last].to_vec();
        // Keep the total at 1: rounding and trimming would otherwise leak mass over thousands of throws.
        let total: f64 = self.probabilities.iter().sum();
        self.probabilities.iter_mut().for_each(|p| *p /= total);
        self.throws += 1;
    }

    /// E[(X/m)^k], the expected false-positive rate of a filter in this state.
    pub fn expected_rate(&self, hashes: u32) -> f64 {
        let m = f64::from(self.bits);
        self.probabilities
            .iter()
            .enumerate()
            .map(|(offset, &p)| {
                p * (f64::from(self.lowest + offset as u32) / m).powi(hashes as i32)
            })
            .sum::<f64>()
            // Rounding in the sum can overshoot 1 by an ulp when X is almost surely m.
            .min(1.0)
    }

    /// E\[X\], the mean number of set bits.
    pub fn mean(&self) -> f64 {
        self.probabilities
            .iter()
            .enumerate()
            .map(|(offset, &p)| p * f64::from(self.lowest + offset as u32))
            .sum()
    }
}

/// The exact expected rate E[(X/m)^k] for n = 0 … `max_items` items (k·n uniform bit choices).
pub fn exact_curve(bits: u32, hashes: u32, max_items: u64) -> Vec<f64> {
    let mut distribution = SetBitsDistribution::new(bits);
    let mut curve = Vec::with_capacity(max_items as usize + 1);
    curve.push(0.0);
    for _ in 0..max_items {
        for _ in 0..hashes {
            distribution.throw();
        }
        curve.push(distribution.expected_rate(hashes));
    }
    curve
}

/// The exact expected rate for one (m, k, n).
pub fn exact(bits: u32, hashes: u32, items: u64) -> f64 {
    exact_curve(bits, hashes, items)[items as usize]
}

/// The exact expected rate for k = 1 … `max_hashes` at fixed m and n (index 0 is k = 1). The
/// distribution of X depends only on the number of throws k·n, so one pass serves every k.
pub fn exact_by_hashes(bits: u32, items: u64, max_hashes: u32) -> Vec<f64> {
    let mut distribution = SetBitsDistribution::new(bits);
    (1..=max_hashes)
        .map(|hashes| {
            while distribution.throws() < u64::from(hashes) * items {
                distribution.throw();
            }
            distribution.expected_rate(hashes)
        })
        .collect()
}

/// The best whole k among rates for k = 1, 2, … (as [`exact_by_hashes`] gives them): the k with the
/// lowest rate, the smaller k on a tie (fewer hashes cost less), and that rate; (1, 0) for no rates.
pub fn best_whole_hashes(rates_by_hashes: &[f64]) -> (u32, f64) {
    let mut best = (1, rates_by_hashes.first().copied().unwrap_or(0.0));
    for (position, &rate) in rates_by_hashes.iter().enumerate() {
        if rate < best.1 {
            best = (position as u32 + 1, rate);
        }
    }
    best
}

/// The real optimum k* = (m/n)·ln 2 (infinite when n = 0).
pub fn optimal_hashes(bits: u32, items: u64) -> f64 {
    f64::from(bits) / items as f64 * std::f64::consts::LN_2
}

/// The n at which the approximate rate reaches `rate` for this m and k:
/// n = −(m/k)·ln(1 − rate^(1/k)).
pub fn items_at_rate(bits: u32, hashes: u32, rate: f64) -> f64 {
    let per_probe = rate.powf(1.0 / f64::from(hashes));
    -(f64::from(bits) / f64::from(hashes)) * (-per_probe).ln_1p()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn the_best_whole_k_is_the_lowest_exact_rate() {
        for (m, n) in [(64, 10), (1024, 100), (32, 3), (16, 16)] {
            let rates = exact_by_hashes(m, n, 20);
            let (best, rate) = best_whole_hashes(&rates);
            // Independently: every k on its own, the first of the lowest.
            let brute =
                (1..=20)
                    .map(|k| (k, exact(m, k, n)))
                    .fold((0, f64::INFINITY), |low, (k, r)| {
                        if r < low.1 - 1e-15 {
                            (k, r)
                        } else {
                            low
                        }
                    });
            assert_eq!(best, brute.0, "m = {m}, n = {n}");
            assert!(
                (rate - brute.1).abs() <= 1e-12 * brute.1.max(1e-300),
                "m = {m}, n = {n}"
            );
        }
        assert_eq!(best_whole_hashes(&[0.5, 0.25, 0.25, 0.3]), (2, 0.25));
        assert_eq!(best_whole_hashes(&[]), (1, 0.0));
    }

    use super::*;
    use crate::words::SplitMix64;

    #[test]
    fn from_fill_is_fraction_to_the_k() {
        assert_eq!(from_fill(0, 32, 3), 0.0);
        assert_eq!(from_fill(32, 32, 3), 1.0);
        assert_eq!(from_fill(16, 32, 3), 0.125);
        assert!((from_fill(10, 32, 2) - 0.09765625).abs() < 1e-15);
    }

    #[test]
    fn approximate_matches_hand_computation() {
        // m = 32, k = 3, n = 4: (1 − e^(−12/32))^3 = (1 − 0.687289…)^3 = 0.030579…
        let expected = (1.0 - (-0.375f64).exp()).powi(3);
        assert!((approximate(32, 3, 4) - expected).abs() < 1e-15);
        assert!((approximate(32, 3, 4) - 0.030_579_35).abs() < 1e-6);
        assert_eq!(approximate(32, 3, 0), 0.0);
    }

    #[test]
    fn classic_matches_hand_computation() {
        // m = 15, k = 2, n = 1: (1 − (14/15)²)² = (29/225)² = 841/50625.
        assert!((classic(15, 2, 1) - 841.0 / 50625.0).abs() < 1e-15);
        assert_eq!(classic(32, 3, 0), 0.0);
    }

    #[test]
    fn exact_small_case_is_the_rational_19_over_1125() {
        // Two throws into 15 bits: X = 1 with probability 1/15, else X = 2;
        // E[(X/15)²] = (1/15)(1/225) + (14/15)(4/225) = 57/3375 = 19/1125.
        assert!((exact(15, 2, 1) - 19.0 / 1125.0).abs() < 1e-15);
    }

    /// E[(X/m)^k] by enumerating every one of the m^(kn) equally likely throw sequences, as an exact
    /// fraction (sum of X^k) / (m^(kn) · m^k).
    fn exact_by_enumeration(bits: u32, hashes: u32, items: u32) -> (u128, u128) {
        let throws = hashes * items;
        let outcomes = u128::from(bits).pow(throws);
        let mut total: u128 = 0;
        for outcome in 0..outcomes {
            let mut seen = 0u64;
            let mut rest = outcome;
            for _ in 0..throws {
                seen |= 1 << (rest % u128::from(bits));
                rest /= u128::from(bits);
            }
            total += u128::from(seen.count_ones()).pow(hashes);
        }
        (total, outcomes * u128::from(bits).pow(hashes))
    }

    #[test]
    fn exact_matches_enumeration_of_every_outcome() {
        for (bits, hashes, items) in [
            (15, 2, 1),
            (4, 2, 2),
            (5, 3, 2),
            (6, 2, 3),
            (3, 4, 2),
            (8, 1, 5),
        ] {
            let (numerator, denominator) = exact_by_enumeration(bits, hashes, items);
            let expected = numerator as f64 / denominator as f64;
            let got = exact(bits, hashes, u64::from(items));
            assert!(
                (got - expected).abs() < 1e-14,
                "m={bits} k={hashes} n={items}: {got} vs {expected}"
            );
        }
    }

    #[test]
    fn exact_agrees_with_monte_carlo() {
        let mut rng = SplitMix64::new(2024);
        for (bits, hashes, items) in [(15u32, 2u32, 3u64), (32, 3, 8), (64, 4, 10), (1024, 16, 40)]
        {
            let trials = 20_000;
            let mut sum = 0.0;
            let mut sum_squares = 0.0;
            for _ in 0..trials {
                let mut seen = vec![false; bits as usize];
                for _ in 0..u64::from(hashes) * items {
                    seen[rng.below(bits) as usize] = true;
                }
                let x = seen.iter().filter(|&&set| set).count() as f64;
                let rate = (x / f64::from(bits)).powi(hashes as i32);
                sum += rate;
                sum_squares += rate * rate;
            }
            let mean = sum / f64::from(trials);
            let variance = sum_squares / f64::from(trials) - mean * mean;
            let standard_error = (variance / f64::from(trials)).sqrt();
            let expected = exact(bits, hashes, items);
            assert!(
                (mean - expected).abs() <= 4.0 * standard_error + 1e-12,
                "m={bits} k={hashes} n={items}: simulated {mean} ± {standard_error}, exact {expected}"
            );
        }
    }

    #[test]
    fn approximate_below_classic_below_exact_at_small_m() {
        for (bits, hashes) in [(8, 1), (15, 2), (16, 3), (32, 4), (64, 5)] {
            for items in 1..40 {
                let (a, c, e) = (
                    approximate(bits, hashes, items),
                    classic(bits, hashes, items),
                    exact(bits, hashes, items),
                );
                assert!(
                    a <= c + 1e-15,
                    "approx ≤ classic at m={bits} k={hashes} n={items}"
                );
                assert!(
                    c <= e + 1e-15,
                    "classic ≤ exact at m={bits} k={hashes} n={items}"
                );
            }
        }
    }

    #[test]
    fn every_rate_grows_with_n() {
        let exact = exact_curve(64, 4, 60);
        for items in 1..60u64 {
            assert!(approximate(64, 4, items) < approximate(64, 4, items + 1));
            assert!(classic(64, 4, items) < classic(64, 4, items + 1));
            assert!(exact[items as usize] < exact[items as usize + 1]);
        }
    }

    #[test]
    fn classic_is_the_rate_at_the_mean_fill() {
        // E[X]/m = 1 − (1 − 1/m)^(kn), so the classic formula is (E[X]/m)^k.
        let mut distribution = SetBitsDistribution::new(20);
        for _ in 0..3 * 7 {
            distribution.throw();
        }
        let mean_fill = distribution.mean() / 20.0;
        assert!((mean_fill.powi(3) - classic(20, 3, 7)).abs() < 1e-14);
    }

    #[test]
    fn exact_is_stable_at_the_largest_settings() {
        let curve = exact_curve(1024, 16, 3000);
        assert!(curve
            .iter()
            .all(|rate| rate.is_finite() && (0.0..=1.0).contains(rate)));
        // Monotone up to the last bit of an f64.
        assert!(curve.windows(2).all(|pair| pair[0] <= pair[1] + 1e-15));
        // Far past capacity the filter is nearly full.
        assert!(curve[3000] > 0.99);
        // And it approaches the approximation as m grows relative to the gap.
        let n = 64;
        let relative_gap = (curve[n] - approximate(1024, 16, n as u64)) / curve[n];
        assert!(relative_gap > 0.0 && relative_gap < 0.2, "{relative_gap}");
    }

    #[test]
    fn by_hashes_matches_one_k_at_a_time() {
        let rates = exact_by_hashes(128, 20, 20);
        for (position, rate) in rates.iter().enumerate() {
            let hashes = position as u32 + 1;
            assert!((rate - exact(128, hashes, 20)).abs() < 1e-15);
        }
    }

    #[test]
    fn optimum_and_inverse() {
        assert!((optimal_hashes(1000, 100) - 10.0 * std::f64::consts::LN_2).abs() < 1e-12);
        assert!(optimal_hashes(1000, 0).is_infinite());
        let n = items_at_rate(1024, 4, 0.5);
        assert!((approximate(1024, 4, 0) - 0.0).abs() < 1e-15);
        let rate_at_n = (1.0 - (-4.0 * n / 1024.0).exp()).powi(4);
        assert!((rate_at_n - 0.5).abs() < 1e-12);
    }
}

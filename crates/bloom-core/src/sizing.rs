//! Sizing a filter before building it. With the optimal k = (m/n)·ln 2 exactly half the bits end up
//! set, and the false-positive rate is (1/2)^k, which gives m = −n·ln p / (ln 2)² bits — about
//! 1.44·log₂(1/p) bits per item, whatever the items are. Any three of n, p, m, k then fix the fourth.
//! All quantities are `f64`/`u64` here: the calculator's filters go far beyond the playground's.

use std::f64::consts::LN_2;

/// (1 − e^(−kn/m))^k for real-valued n, m, k.
pub fn rate(items: f64, bits: f64, hashes: f64) -> f64 {
    (1.0 - (-hashes * items / bits).exp()).powf(hashes)
}

/// m = ⌈−n·ln p / (ln 2)²⌉, the fewest bits that reach p with the best k.
pub fn optimal_bits(items: f64, rate: f64) -> f64 {
    (-items * rate.ln() / (LN_2 * LN_2)).ceil()
}

/// k = max(1, round((m/n)·ln 2)).
pub fn optimal_hashes(bits: f64, items: f64) -> f64 {
    (bits / items * LN_2).round().max(1.0)
}

/// The most items m bits and k hashes hold at rate p: n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉.
pub fn capacity(bits: f64, hashes: f64, rate: f64) -> f64 {
    (bits / (-hashes / (1.0 - (rate.ln() / hashes).exp()).ln())).ceil()
}

/// With k fixed (not necessarily optimal), the fewest bits that reach p:
/// from p = (1 − e^(−kn/m))^k, m = ⌈−k·n / ln(1 − p^(1/k))⌉.
pub fn bits_for_hashes(items: f64, rate: f64, hashes: f64) -> f64 {
    (-hashes * items / (1.0 - rate.powf(1.0 / hashes)).ln()).ceil()
}

/// The k that is best for a target p alone: round(log₂(1/p)) (at the optimum p = 2^(−k)).
pub fn hashes_for_rate(rate: f64) -> f64 {
    (-rate.log2()).round().max(1.0)
}

/// Bytes to hold m bits: ⌈m/8⌉.
pub fn bytes(bits: f64) -> f64 {
    (bits / 8.0).ceil()
}

/// What the calculator was given; `None` means "solve for it".
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Given {
    /// n, items.
    pub items: Option<f64>,
    /// p, false-positive rate.
    pub rate: Option<f64>,
    /// m, bits.
    pub bits: Option<f64>,
    /// k, hash functions.
    pub hashes: Option<f64>,
}

/// Which formula produced the missing values, so the page can write it out with the numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Derivation {
    /// m from n and p, then the best k for that m and n.
    BitsAndHashesFromItemsAndRate,
    /// m from n, p and a fixed k.
    BitsFromItemsRateAndHashes,
    /// k from m and n, then p.
    HashesAndRateFromItemsAndBits,
    /// p from n, m and k.
    RateFromItemsBitsAndHashes,
    /// n from m, k and p.
    ItemsFromBitsHashesAndRate,
    /// k = round(log₂(1/p)), then n from m, k and p.
    ItemsAndHashesFromBitsAndRate,
    /// k from m and n (p is given as a target; the rate reached is reported beside it).
    HashesFromItemsBitsAndRate,
    /// All four given: the rate they reach is checked against p.
    Check,
}

impl Derivation {
    /// Every way of working the missing values out.
    pub const ALL: [Derivation; 8] = [
        Derivation::BitsAndHashesFromItemsAndRate,
        Derivation::BitsFromItemsRateAndHashes,
        Derivation::HashesAndRateFromItemsAndBits,
        Derivation::RateFromItemsBitsAndHashes,
        Derivation::ItemsFromBitsHashesAndRate,
        Derivation::ItemsAndHashesFromBitsAndRate,
        Derivation::HashesFromItemsBitsAndRate,
        Derivation::Check,
    ];

    /// What was worked out and what was read from the fields, as symbols, so the calculator can say
    /// which of the values it shows are the reader's own.
    pub fn solved_and_given(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Derivation::BitsAndHashesFromItemsAndRate => (&["m", "k"], &["n", "p"]),
            Derivation::BitsFromItemsRateAndHashes => (&["m"], &["n", "p", "k"]),
            Derivation::HashesAndRateFromItemsAndBits => (&["k", "p"], &["n", "m"]),
            Derivation::RateFromItemsBitsAndHashes => (&["p"], &["n", "m", "k"]),
            Derivation::ItemsFromBitsHashesAndRate => (&["n"], &["m", "k", "p"]),
            Derivation::ItemsAndHashesFromBitsAndRate => (&["n", "k"], &["m", "p"]),
            Derivation::HashesFromItemsBitsAndRate => (&["k"], &["n", "m", "p"]),
            Derivation::Check => (&[], &["n", "p", "m", "k"]),
        }
    }
}

/// A full set of n, p, m, k and how the missing ones were found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// n.
    pub items: f64,
    /// p — the rate the solution reaches (≤ the target when solving for m or n).
    pub rate: f64,
    /// The target p, if one was given.
    pub target_rate: Option<f64>,
    /// m.
    pub bits: f64,
    /// k.
    pub hashes: f64,
    /// How.
    pub derivation: Derivation,
}

impl Solution {
    /// When k was rounded to a whole number the rate reached can land a hair above the target; this is
    /// the m that meets the target with that k (`None` when the target is met or none was given).
    pub fn bits_to_meet_target(&self) -> Option<f64> {
        let target = self.target_rate?;
        (self.rate > target).then(|| bits_for_hashes(self.items, target, self.hashes))
    }

    /// m/n.
    pub fn bits_per_item(&self) -> f64 {
        self.bits / self.items
    }

    /// ⌈m/8⌉.
    pub fn bytes(&self) -> f64 {
        bytes(self.bits)
    }
}

/// Why nothing could be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveError {
    /// Too little given: at least two of n, p, m (k alone never decides anything).
    TooFew,
    /// The numbers give no finite answer (e.g. a p the given k can never reach with finite m).
    NoFiniteAnswer,
}

/// Fills in whatever is missing from `given`.
pub fn solve(given: Given) -> Result<Solution, SolveError> {
    use Derivation::*;
    let Given {
        items,
        rate: target,
        bits,
        hashes,
    } = given;
    let (items, rate_value, bits, hashes, derivation) = match (items, target, bits, hashes) {
        (Some(n), Some(p), None, None) => {
            let m = optimal_bits(n, p);
            let k = optimal_hashes(m, n);
            (n, rate(n, m, k), m, k, BitsAndHashesFromItemsAndRate)
        }
        (Some(n), Some(p), None, Some(k)) => {
            let m = bits_for_hashes(n, p, k);
            (n, rate(n, m, k), m, k, BitsFromItemsRateAndHashes)
        }
        (Some(n), None, Some(m), None) => {
            let k = optimal_hashes(m, n);
            (n, rate(n, m, k), m, k, HashesAndRateFromItemsAndBits)
        }
        (Some(n), Some(_), Some(m), None) => {
            let k = optimal_hashes(m, n);
            (n, rate(n, m, k), m, k, HashesFromItemsBitsAndRate)
        }
        (Some(n), None, Some(m), Some(k)) => (n, rate(n, m, k), m, k, RateFromItemsBitsAndHashes),
        (None, Some(p), Some(m), Some(k)) => {
            let n = capacity(m, k, p);
            (n, rate(n, m, k), m, k, ItemsFromBitsHashesAndRate)
        }
        (None, Some(p), Some(m), None) => {
            let k = hashes_for_rate(p);
            let n = capacity(m, k, p);
            (n, rate(n, m, k), m, k, ItemsAndHashesFromBitsAndRate)
        }
        (Some(n), Some(_), Some(m), Some(k)) => (n, rate(n, m, k), m, k, Check),
        _ => return Err(SolveError::TooFew),
    };
    let finite = [items, rate_value, bits, hashes]
        .iter()
        .all(|v| v.is_finite() && *v > 0.0);
    if !finite {
        return Err(SolveError::NoFiniteAnswer);
    }
    Ok(Solution {
        items,
        rate: rate_value,
        target_rate: target,
        bits,
        hashes,
        derivation,
    })
}

/// One row of a best-practice table in the style of ClickHouse's `calculationBestPractices`: for a
/// whole number of bits per item, the k with the lowest rate and that rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BestPractice {
    /// m/n, whole bits per item.
    pub bits_per_item: u32,
    /// The best whole k for it.
    pub hashes: u32,
    /// (1 − e^(−k/(m/n)))^k.
    pub rate: f64,
}

/// The best-practice table for 1 … `max_bits_per_item` bits per item.
pub fn best_practices(max_bits_per_item: u32) -> Vec<BestPractice> {
    (1..=max_bits_per_item)
        .map(|bits_per_item| {
            let b = f64::from(bits_per_item);
            (1..=bits_per_item.max(2))
                .map(|hashes| BestPractice {
                    bits_per_item,
                    hashes,
                    rate: (1.0 - (-f64::from(hashes) / b).exp()).powi(hashes as i32),
                })
                .fold(None, |best: Option<BestPractice>, row| match best {
                    Some(best) if best.rate <= row.rate => Some(best),
                    _ => Some(row),
                })
                .expect("every row has at least one k")
        })
        .collect()
}

/// The first row (fewest bits per item) of `table` reaching `target`.
pub fn best_practice_for(table: &[BestPractice], target: f64) -> Option<BestPractice> {
    table.iter().copied().find(|row| row.rate <= target)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_derivation_names_every_quantity_once() {
        for derivation in Derivation::ALL {
            let (solved, given) = derivation.solved_and_given();
            let mut all: Vec<&str> = solved.iter().chain(given).copied().collect();
            all.sort_unstable();
            assert_eq!(all, ["k", "m", "n", "p"], "{derivation:?}");
        }
    }

    #[test]
    fn a_million_items_at_one_in_a_million() {
        assert_eq!(optimal_bits(1e6, 1e-6), 28_755_176.0);
        assert_eq!(optimal_hashes(28_755_176.0, 1e6), 20.0);
        let solution = solve(Given {
            items: Some(1e6),
            rate: Some(1e-6),
            ..Given::default()
        })
        .unwrap();
        assert_eq!((solution.bits, solution.hashes), (28_755_176.0, 20.0));
        assert_eq!(solution.bytes(), 3_594_397.0);
        // Rounding k* = 19.93 to 20 costs a hair: 1.00005 × 10⁻⁶; 103 more bits meet the target.
        assert!(
            (solution.rate - 1.000_049_4e-6).abs() < 1e-12,
            "{}",
            solution.rate
        );
        assert_eq!(solution.bits_to_meet_target(), Some(28_755_279.0));
        assert!(rate(1e6, 28_755_279.0, 20.0) <= 1e-6);
    }

    #[test]
    fn the_sizing_table() {
        // Computed independently (Python) from m = ⌈−n·ln p/(ln 2)²⌉.
        let cases = [
            (500_000.0, 1e-4, 9_585_059.0, 13.0),
            (10_000_000.0, 1e-4, 191_701_168.0, 13.0),
            (1_000_000.0, 1e-5, 23_962_646.0, 17.0),
            (3_000_000.0, 1e-5, 71_887_938.0, 17.0),
            (5_000_000.0, 1e-7, 167_738_522.0, 23.0),
            (10_000_000.0, 1e-7, 335_477_044.0, 23.0),
        ];
        for (n, p, m, k) in cases {
            assert_eq!(optimal_bits(n, p), m, "n={n} p={p}");
            assert_eq!(optimal_hashes(m, n), k, "n={n} p={p}");
        }
    }

    #[test]
    fn a_billion_urls() {
        let m = optimal_bits(1e9, 1e-4);
        assert_eq!(m, 19_170_116_755.0);
        let gib = bytes(m) / f64::from(1u32 << 30);
        assert!((gib - 2.2317).abs() < 1e-3, "{gib}");
    }

    #[test]
    fn every_solving_path() {
        let n = 1e6;
        let p = 0.01;
        let base = solve(Given {
            items: Some(n),
            rate: Some(p),
            ..Given::default()
        })
        .unwrap();
        let (m, k) = (base.bits, base.hashes);
        let rate_from = solve(Given {
            items: Some(n),
            bits: Some(m),
            hashes: Some(k),
            ..Given::default()
        })
        .unwrap();
        assert_eq!(rate_from.derivation, Derivation::RateFromItemsBitsAndHashes);
        assert_eq!(rate_from.rate, base.rate);
        assert!(
            rate_from.rate <= p * 1.005,
            "rounding k* = 6.64 to 7 costs 0.4%"
        );
        let capacity_from = solve(Given {
            rate: Some(p),
            bits: Some(m),
            hashes: Some(k),
            ..Given::default()
        })
        .unwrap();
        // With k = 7 rather than 6.64 the same bits hold slightly fewer items (Python: 999,177).
        assert_eq!(capacity_from.items, 999_177.0);
        let fixed_k = solve(Given {
            items: Some(n),
            rate: Some(p),
            hashes: Some(3.0),
            ..Given::default()
        })
        .unwrap();
        assert_eq!(fixed_k.derivation, Derivation::BitsFromItemsRateAndHashes);
        assert!(fixed_k.bits > m, "a non-optimal k needs more bits");
        assert!(fixed_k.rate <= p * (1.0 + 1e-9));
        let k_from = solve(Given {
            items: Some(n),
            bits: Some(m),
            ..Given::default()
        })
        .unwrap();
        assert_eq!(k_from.hashes, k);
        let both = solve(Given {
            rate: Some(p),
            bits: Some(m),
            ..Given::default()
        })
        .unwrap();
        assert_eq!(both.hashes, 7.0);
        assert!(rate(both.items - 1.0, m, 7.0) <= p);
        assert_eq!(
            solve(Given {
                items: Some(n),
                ..Given::default()
            }),
            Err(SolveError::TooFew)
        );
        assert_eq!(
            solve(Given {
                hashes: Some(3.0),
                rate: Some(p),
                ..Given::default()
            }),
            Err(SolveError::TooFew)
        );
    }

    #[test]
    fn best_practice_table_matches_the_formula() {
        let table = best_practices(32);
        assert_eq!(table.len(), 32);
        let ten = table[9];
        assert_eq!((ten.bits_per_item, ten.hashes), (10, 7));
        assert!((ten.rate - (1.0 - (-0.7f64).exp()).powi(7)).abs() < 1e-15);
        assert!(table.windows(2).all(|pair| pair[1].rate < pair[0].rate));
        let row = best_practice_for(&table, 0.01).unwrap();
        assert_eq!(row.bits_per_item, 10);
        assert!(table[8].rate > 0.01);
    }

    proptest! {
        #[test]
        fn solving_m_then_p_round_trips(n in 1.0f64..1e9, exponent in -12.0f64..-0.05) {
            let n = n.round().max(1.0);
            let p = 10f64.powf(exponent);
            let sized = solve(Given { items: Some(n), rate: Some(p), ..Given::default() }).unwrap();
            // With the real optimum k* = (m/n)·ln 2 the formula's m always meets p.
            let real_k = sized.bits / n * LN_2;
            prop_assert!(rate(n, sized.bits, real_k) <= p * (1.0 + 1e-12));
            // With k rounded, the m the page suggests meets p.
            let m = sized.bits_to_meet_target().unwrap_or(sized.bits);
            let back = solve(Given { items: Some(n), bits: Some(m), hashes: Some(sized.hashes), ..Given::default() }).unwrap();
            prop_assert!(back.rate <= p * (1.0 + 1e-12), "n={} p={} got {}", n, p, back.rate);
        }

        #[test]
        fn capacity_round_trips(m in 8.0f64..1e10, k in 1.0f64..30.0, exponent in -12.0f64..-0.05) {
            let (m, k, p) = (m.round(), k.round(), 10f64.powf(exponent));
            let n = capacity(m, k, p);
            // The formula rounds up, so n − 1 items are always within p.
            prop_assume!(n > 1.0);
            prop_assert!(rate(n - 1.0, m, k) <= p * (1.0 + 1e-9));
        }
    }
}

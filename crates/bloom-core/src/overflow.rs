//! How high the fullest counter of a counting filter climbs. With n items and k hash functions the
//! filter makes n·k increments; in the standard model each lands on one of the m counters uniformly
//! at random, independently — "balls into bins". A counter of c bits sticks once it reaches 2^c − 1,
//! so what matters is the chance that *some* counter reaches that value, and the expected largest
//! counter.
//!
//! Both are computed exactly, by adding one counter at a time: if s increments fall on t + 1
//! counters, the newest receives i of them with the binomial chance C(s, i)·p^i·(1 − p)^(s−i),
//! p = 1/(t + 1), and the other s − i fall on the first t. The chance is built up as the *complement*
//! (some counter reaches j), a sum of positive terms, so a chance of 10⁻¹⁵ keeps its digits. The work
//! grows as m·nk·j; past [`EXACT_WORK_LIMIT`] the counters are taken as independent binomials instead,
//! which for so many increments is as close as the page shows, and the result says so.

/// Most steps (counters × increments × value) an exact computation may take — a few milliseconds
/// in the browser (`make bench`); beyond it the independent-counter approximation is used.
pub const EXACT_WORK_LIMIT: u64 = 300_000;

/// A chance, and whether it is exact under the model or the independent-counter approximation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chance {
    /// The value.
    pub value: f64,
    /// True when computed exactly.
    pub exact: bool,
}

/// P(Bin(trials, p) ≥ at_least), accurate when it is tiny as well as when it is near 1.
pub fn binomial_tail(trials: u64, p: f64, at_least: u64) -> f64 {
    if at_least == 0 {
        return 1.0;
    }
    if at_least > trials || p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    let q = 1.0 - p;
    let n = trials as f64;
    // ln of the term for i = at_least, then the terms above it by their ratio.
    let ln_term = |i: u64| {
        let i_f = i as f64;
        ln_choose(n, i_f) + i_f * p.ln() + (n - i_f) * q.ln()
    };
    let mean = n * p;
    if (at_least as f64) > mean {
        // The tail is the smaller side: sum it upwards, the terms falling from the first.
        let mut term = ln_term(at_least).exp();
        let mut sum = term;
        let mut i = at_least;
        while i < trials {
            term *= (n - i as f64) / (i as f64 + 1.0) * p / q;
            sum += term;
            i += 1;
            if term < sum * 1e-18 {
                break;
            }
        }
        sum.min(1.0)
    } else {
        // The head is the smaller side: 1 − P(X < at_least), summed downwards from at_least − 1.
        let mut term = ln_term(at_least - 1).exp();
        let mut head = term;
        let mut i = at_least - 1;
        while i > 0 {
            term *= i as f64 / (n - i as f64 + 1.0) * q / p;
            head += term;
            i -= 1;
            if term < head * 1e-18 {
                break;
            }
        }
        (1.0 - head).max(0.0)
    }
}

/// ln C(n, i), by Stirling's series for the factorials (error below 10⁻¹⁰ for any argument).
fn ln_choose(n: f64, i: f64) -> f64 {
    ln_factorial(n) - ln_factorial(i) - ln_factorial(n - i)
}

/// ln x!, summed directly up to 32 and by Stirling's series above.
fn ln_factorial(x: f64) -> f64 {
    if x < 32.0 {
        return (2..=x as u64).map(|i| (i as f64).ln()).sum();
    }
    let x = x + 1.0;
    // ln Γ(x) = (x − ½)·ln x − x + ½·ln 2π + 1/(12x) − 1/(360x³) + 1/(1260x⁵).
    (x - 0.5) * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x.powi(3))
        + 1.0 / (1260.0 * x.powi(5))
}

/// The chance that, when `balls` increments each land on one of `bins` counters uniformly at random,
/// some counter receives at least `at_least` of them.
pub fn some_counter_reaches(balls: u64, bins: u32, at_least: u32) -> Chance {
    let work = u64::from(bins)
        .saturating_mul(balls)
        .saturating_mul(u64::from(at_least));
    reaches(balls, bins, at_least, work <= EXACT_WORK_LIMIT)
}

/// [`some_counter_reaches`], exactly when `exact_allowed`.
fn reaches(balls: u64, bins: u32, at_least: u32, exact_allowed: bool) -> Chance {
    let exact = |value| Chance { value, exact: true };
    let (j, m) = (u64::from(at_least), u64::from(bins));
    if j == 0 {
        return exact(1.0);
    }
    if balls < j || bins == 0 {
        return exact(0.0);
    }
    // Pigeonhole: if every counter stayed below j they would hold at most m·(j − 1).
    if bins == 1 || balls > m * (j - 1) {
        return exact(1.0);
    }
    if !exact_allowed {
        let one = binomial_tail(balls, 1.0 / bins as f64, j);
        // 1 − (1 − one)^m without losing a tiny value.
        let value = -((bins as f64) * (-one).ln_1p()).exp_m1();
        return Chance {
            value,
            exact: false,
        };
    }
    exact(reach_exactly(balls as usize, bins, at_least as usize))
}

/// The exact chance, counter by counter (see the module's notes).
fn reach_exactly(balls: usize, bins: u32, j: usize) -> f64 {
    // reached[s]: the chance that s increments on the counters so far bring one of them to j.
    let mut reached: Vec<f64> = (0..=balls).map(|s| f64::from(u8::from(s >= j))).collect();
    let mut next = vec![0.0; balls + 1];
    let mut head = vec![0.0; j];
    for t in 1..bins {
        let p = 1.0 / f64::from(t + 1);
        let q = 1.0 - p;
        for s in 0..=balls {
            // The chances that the new counter gets i = 0 … j − 1 of the s increments.
            let top = s.min(j - 1);
            let ln_first = s as f64 * q.ln();
            if ln_first > -700.0 {
                head[0] = ln_first.exp();
                for i in 0..top {
                    head[i + 1] = head[i] * (s - i) as f64 / (i + 1) as f64 * p / q;
                }
            } else {
                for (i, chance) in head.iter_mut().enumerate().take(top + 1) {
                    let i_f = i as f64;
                    *chance =
                        (ln_choose(s as f64, i_f) + i_f * p.ln() + (s as f64 - i_f) * q.ln()).exp();
                }
            }
            // The new counter reaches j itself, or stays below and one of the others does. Its
            // chance of reaching j: one minus the head when that is not close to 1, else the tail
            // summed on from the head's last term (so a tiny chance keeps its digits).
            let mut chance = 0.0;
            if s >= j {
                let head_sum: f64 = head[..j].iter().sum();
                chance = if head_sum < 0.5 {
                    1.0 - head_sum
                } else {
                    let (mut term, mut sum) = (head[j - 1], 0.0);
                    for i in j - 1..s {
                        term *= (s - i) as f64 / (i + 1) as f64 * p / q;
                        sum += term;
                        if term < sum * 1e-18 {
                            break;
                        }
                    }
                    sum
                };
            }
            for (i, &below) in head.iter().enumerate().take(top + 1) {
                chance += below * reached[s - i];
            }
            next[s] = chance.min(1.0);
        }
        std::mem::swap(&mut reached, &mut next);
    }
    reached[balls]
}

/// The largest counter to expect, E[min(L, cap)] = Σ_{j=1…cap} P(L ≥ j), where L is the largest
/// number of increments any counter receives and `cap` is where counters stop (2^c − 1).
pub fn expected_largest(balls: u64, bins: u32, cap: u32) -> Chance {
    let mut sum = 0.0;
    let mut exact = true;
    // One budget for the whole sum: exact for every value or for none, so the figure is one kind.
    let work = u64::from(bins)
        .saturating_mul(balls)
        .saturating_mul(u64::from(cap.min(16)));
    let exact_allowed = work <= EXACT_WORK_LIMIT;
    for j in 1..=cap {
        let chance = reaches(balls, bins, j, exact_allowed);
        exact &= chance.exact;
        sum += chance.value;
        // The chances fall faster than geometrically past the mean: the rest adds nothing visible.
        if chance.value < 1e-18 {
            break;
        }
    }
    Chance { value: sum, exact }
}

/// Fan et al.'s bound for the best k (nk/m = ln 2): P(L ≥ j) ≤ m·(e·ln 2/j)^j. This is the factor
/// per counter, (e·ln 2/j)^j.
pub fn fan_bound_per_counter(at_least: u32) -> f64 {
    let j = f64::from(at_least.max(1));
    (std::f64::consts::E * std::f64::consts::LN_2 / j).powf(j)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Every way `balls` increments can fall on `bins` counters, equally likely: the chance that
    /// the largest reaches each value, and the largest's mean.
    fn by_enumeration(balls: u32, bins: u32) -> (Vec<f64>, f64) {
        let total = u64::from(bins).pow(balls);
        let mut at_least = vec![0u64; balls as usize + 2];
        let mut largest_sum = 0u64;
        for outcome in 0..total {
            let mut loads = vec![0u32; bins as usize];
            let mut rest = outcome;
            for _ in 0..balls {
                loads[(rest % u64::from(bins)) as usize] += 1;
                rest /= u64::from(bins);
            }
            let largest = *loads.iter().max().unwrap();
            largest_sum += u64::from(largest);
            for count in at_least.iter_mut().take(largest as usize + 1) {
                *count += 1;
            }
        }
        (
            at_least
                .iter()
                .map(|&count| count as f64 / total as f64)
                .collect(),
            largest_sum as f64 / total as f64,
        )
    }

    #[test]
    fn exact_chances_match_counting_every_outcome() {
        for (balls, bins) in [(6, 3), (5, 4), (9, 2), (7, 5), (4, 8)] {
            let (at_least, mean) = by_enumeration(balls, bins);
            for j in 0..=balls + 1 {
                let chance = some_counter_reaches(u64::from(balls), bins, j);
                assert!(chance.exact);
                assert!(
                    (chance.value - at_least[j as usize]).abs() < 1e-12,
                    "{balls} into {bins}, ≥ {j}: {} vs {}",
                    chance.value,
                    at_least[j as usize]
                );
            }
            let expected = expected_largest(u64::from(balls), bins, balls + 1);
            assert!((expected.value - mean).abs() < 1e-12, "{balls} into {bins}");
            // A cap below the largest possible counts it as the cap.
            let capped = expected_largest(u64::from(balls), bins, 2).value;
            let by_cap = at_least[1] + at_least[2];
            assert!((capped - by_cap).abs() < 1e-12);
        }
    }

    #[test]
    fn the_binomial_tail_matches_a_direct_sum() {
        // P(Bin(20, 0.3) ≥ j) by summing C(20, i)·0.3^i·0.7^(20−i) with exact integer binomials.
        let choose = |n: u64, i: u64| (0..i).fold(1.0, |c, r| c * (n - r) as f64 / (r + 1) as f64);
        for j in 0..=21 {
            let direct: f64 = (j..=20)
                .map(|i| choose(20, i) * 0.3f64.powi(i as i32) * 0.7f64.powi(20 - i as i32))
                .sum();
            assert!((binomial_tail(20, 0.3, j) - direct).abs() < 1e-13, "{j}");
        }
        // A tiny tail keeps its digits: P(Bin(60, 1/32) ≥ 15), its first term dominating.
        let tiny = binomial_tail(60, 1.0 / 32.0, 15);
        let first = choose(60, 15) * (1.0f64 / 32.0).powi(15) * (31.0f64 / 32.0).powi(45);
        assert!(tiny > first && tiny < first * 1.2, "{tiny} vs {first}");
    }

    #[test]
    fn many_increments_fall_back_to_independent_counters_and_say_so() {
        // Compare the approximation with the exact value where both can be computed.
        let exact = some_counter_reaches(300, 64, 12);
        assert!(exact.exact);
        let one = binomial_tail(300, 1.0 / 64.0, 12);
        let independent = 1.0 - (1.0 - one).powi(64);
        assert!(
            (independent / exact.value - 1.0).abs() < 0.05,
            "{independent} vs {}",
            exact.value
        );
        let approximate = some_counter_reaches(160_000, 1024, 200);
        assert!(!approximate.exact);
        assert!((0.0..=1.0).contains(&approximate.value));
    }

    #[test]
    fn the_exact_chance_stays_under_fans_bound() {
        // m = 32, n = 8 items at nearly the best k (m/n·ln 2 = 2.77 → 3).
        for j in 4..=15 {
            let exact = some_counter_reaches(24, 32, j).value;
            let bound = 32.0 * binomial_tail(24, 1.0 / 32.0, u64::from(j));
            assert!(exact <= bound * (1.0 + 1e-9), "{j}: {exact} > {bound}");
        }
        // Fan et al. print 1.37 × 10⁻¹⁵ for j = 16.
        let fan = fan_bound_per_counter(16);
        assert!((fan / 1.37e-15 - 1.0).abs() < 0.01, "{fan}");
    }

    #[test]
    fn edges_are_certain() {
        assert_eq!(some_counter_reaches(0, 32, 1).value, 0.0);
        assert_eq!(some_counter_reaches(5, 32, 0).value, 1.0);
        assert_eq!(some_counter_reaches(33, 32, 2).value, 1.0);
        assert_eq!(some_counter_reaches(3, 1, 3).value, 1.0);
        assert_eq!(expected_largest(0, 32, 15).value, 0.0);
        assert_eq!(expected_largest(10, 1, 15).value, 10.0);
    }
}

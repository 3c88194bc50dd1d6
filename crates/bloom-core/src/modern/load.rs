//! How full one block is. When n items each pick one of z blocks uniformly, a block's load L is
//! binomial: P(L = j) = C(n, j)·(1/z)ʲ·(1 − 1/z)ⁿ⁻ʲ, close to a Poisson law of mean n/z. A blocked
//! filter's false-positive rate is the rate of one block at load j averaged over that law: a query
//! lands in a block whose load it does not choose, and the overfull blocks cost more than the
//! underfull ones save, which is why blocking raises the rate a little.

use std::f64::consts::PI;

/// Beyond this many standard deviations from the mean the binomial tail holds less than e^(−72)
/// of the mass: the sum stops there.
const TAIL_DEVIATIONS: f64 = 12.0;
/// The most terms a sum adds one by one; a wider window (n in the billions with few blocks) is
/// sampled at an even step instead, where the law is so wide that neighbouring loads weigh the same.
const MOST_TERMS: f64 = 200_000.0;

/// ln(x!) for a whole x ≥ 0: the sum of logarithms below 16, Stirling's series (to x⁻⁷) above, which
/// is then accurate to the last bits of an `f64`.
pub fn ln_factorial(x: f64) -> f64 {
    if x < 16.0 {
        return (2..=x.max(0.0) as u32).map(|i| f64::from(i).ln()).sum();
    }
    0.5 * (2.0 * PI * x).ln() + x * x.ln() - x + stirling_error(x)
}

/// ln(x!) − ln(√(2πx)·(x/e)ˣ), the part of ln(x!) Stirling's first terms leave out: computed
/// apart so that the masses below never subtract two huge logarithms (at n = 10¹⁸ each is about
/// 4·10¹⁹, and their difference would keep no digit).
fn stirling_error(x: f64) -> f64 {
    if x < 16.0 {
        if x < 1.0 {
            return 0.0;
        }
        return ln_factorial(x) - 0.5 * (2.0 * PI * x).ln() - x * x.ln() + x;
    }
    let inverse = 1.0 / x;
    let square = inverse * inverse;
    inverse * (1.0 / 12.0 - square * (1.0 / 360.0 - square * (1.0 / 1260.0 - square / 1680.0)))
}

/// x·ln(x/m) + m − x, the deviance of x from a mean m, summed as a series when x is near m, where
/// the direct form would cancel (Loader, 2000, "Fast and accurate computation of binomial
/// probabilities").
fn deviance(x: f64, mean: f64) -> f64 {
    if (x - mean).abs() < 0.1 * (x + mean) {
        let v = (x - mean) / (x + mean);
        let mut sum = (x - mean) * v;
        let mut term = 2.0 * x * v;
        for j in 1..1000 {
            term *= v * v;
            let next = sum + term / f64::from(2 * j + 1);
            if next == sum {
                break;
            }
            sum = next;
        }
        return sum;
    }
    x * (x / mean).ln() + mean - x
}

/// ln P(L = j) for L binomial(n, p), 0 < p < 1, in Loader's saddle-point form.
fn ln_binomial_mass(items: f64, share: f64, load: f64) -> f64 {
    let rest = 1.0 - share;
    if load == 0.0 {
        return items * (-share).ln_1p();
    }
    if load == items {
        return items * share.ln();
    }
    let others = items - load;
    stirling_error(items)
        - stirling_error(load)
        - stirling_error(others)
        - deviance(load, items * share)
        - deviance(others, items * rest)
        - 0.5 * (2.0 * PI * load * others / items).ln()
}

/// ln P(L = j) for L Poisson of mean λ > 0, in the same form.
fn ln_poisson_mass(mean: f64, load: f64) -> f64 {
    if load == 0.0 {
        return -mean;
    }
    -stirling_error(load) - deviance(load, mean) - 0.5 * (2.0 * PI * load).ln()
}

/// The loads worth summing over when `items` items fall into `blocks` blocks: from 12 standard
/// deviations (and 16 loads) below the mean n/z to as far above, within 0 … n. One block (or none)
/// holds every item.
pub fn load_range(items: u64, blocks: u64) -> (f64, f64) {
    let n = items as f64;
    if blocks <= 1 {
        return (n, n);
    }
    let share = 1.0 / blocks as f64;
    let mean = n * share;
    let deviation = (mean * (1.0 - share)).sqrt();
    let low = (mean - TAIL_DEVIATIONS * deviation - 16.0).floor().max(0.0);
    let high = (mean + TAIL_DEVIATIONS * deviation + 16.0).ceil().min(n);
    (low, high)
}

/// Σ step·mass(load)·f(load) over `low` … `high`, one load at a time or, past [`MOST_TERMS`], at an
/// even step (each load computed from its index, so rounding does not pile up along the sum).
fn sum_over(low: f64, high: f64, mass: impl Fn(f64) -> f64, f: impl Fn(f64) -> f64) -> f64 {
    let step = ((high - low + 1.0) / MOST_TERMS).ceil().max(1.0);
    let terms = ((high - low) / step).floor() as u64 + 1;
    (0..terms)
        .map(|term| {
            let load = low + term as f64 * step;
            step * mass(load) * f(load)
        })
        .sum()
}

/// E[f(L)] for a block's load L when `items` items fall uniformly into `blocks` blocks: the sum over
/// loads of P(L = j)·f(j). No block means no filter (1.0: nothing can be ruled out); one block holds
/// every item.
pub fn expected_over_loads(items: u64, blocks: u64, per_block: impl Fn(f64) -> f64) -> f64 {
    if blocks == 0 {
        return 1.0;
    }
    if blocks == 1 || items == 0 {
        return per_block(items as f64);
    }
    let (n, share) = (items as f64, 1.0 / blocks as f64);
    let (low, high) = load_range(items, blocks);
    sum_over(
        low,
        high,
        |load| ln_binomial_mass(n, share, load).exp(),
        per_block,
    )
}

/// E[f(L)] for a Poisson load of mean λ: the limit of [`expected_over_loads`] as n and z grow at a
/// fixed n/z, which is how Putze, Sanders and Singler (2007) write the blocked filter's rate.
pub fn expected_over_poisson_loads(mean: f64, per_block: impl Fn(f64) -> f64) -> f64 {
    if !mean.is_finite() || mean < 0.0 {
        return f64::NAN;
    }
    if mean == 0.0 {
        return per_block(0.0);
    }
    let deviation = mean.sqrt();
    let low = (mean - TAIL_DEVIATIONS * deviation - 16.0).floor().max(0.0);
    let high = (mean + TAIL_DEVIATIONS * deviation + 16.0).ceil();
    sum_over(
        low,
        high,
        |load| ln_poisson_mass(mean, load).exp(),
        per_block,
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ln_factorial_is_the_sum_of_logarithms() {
        for x in [0u32, 1, 2, 10, 15, 16, 17, 100, 5_000] {
            let direct: f64 = (2..=x).map(|i| f64::from(i).ln()).sum();
            let ours = ln_factorial(f64::from(x));
            assert!(
                (ours - direct).abs() <= 1e-12 * direct.max(1.0),
                "{x}: {ours} vs {direct}"
            );
        }
    }

    #[test]
    fn averaging_by_enumerating_every_assignment_of_items_to_blocks() {
        // 6 items and a query block among 3 blocks: 3⁶ assignments; the query's block load j is the
        // number of items that chose block 0.
        let per_block = |load: f64| (load / 7.0).powi(2);
        let (items, blocks) = (6u32, 3u64);
        let assignments = 3u32.pow(items);
        let mut total = 0.0;
        for code in 0..assignments {
            let load = (0..items)
                .filter(|&item| (code / 3u32.pow(item)) % 3 == 0)
                .count();
            total += per_block(load as f64);
        }
        let enumerated = total / f64::from(assignments);
        let ours = expected_over_loads(u64::from(items), blocks, per_block);
        assert!((ours - enumerated).abs() < 1e-14, "{ours} vs {enumerated}");
    }

    #[test]
    fn the_load_law_sums_to_one_and_has_mean_n_over_z() {
        for (items, blocks) in [(10u64, 4u64), (1_000, 7), (1_000_000, 1_000), (50, 1_000)] {
            let mass = expected_over_loads(items, blocks, |_| 1.0);
            let mean = expected_over_loads(items, blocks, |load| load);
            assert!((mass - 1.0).abs() < 1e-9, "{items}/{blocks}: {mass}");
            let expected = items as f64 / blocks as f64;
            assert!((mean - expected).abs() < 1e-9 * expected.max(1.0), "{mean}");
        }
        let poisson_mass = expected_over_poisson_loads(25.6, |_| 1.0);
        assert!((poisson_mass - 1.0).abs() < 1e-12);
    }

    #[test]
    fn absurd_sizes_neither_panic_nor_run_forever() {
        assert_eq!(expected_over_loads(100, 0, |_| 0.0), 1.0);
        assert_eq!(expected_over_loads(0, 10, |load| load + 0.5), 0.5);
        let huge = expected_over_loads(u64::MAX, 3, |_| 1.0);
        assert!((huge - 1.0).abs() < 1e-6, "{huge}");
        let wide = expected_over_loads(1 << 50, 1 << 20, |_| 1.0);
        assert!((wide - 1.0).abs() < 1e-6, "{wide}");
        assert!(expected_over_poisson_loads(-1.0, |_| 1.0).is_nan());
        let far = expected_over_poisson_loads(1e15, |_| 1.0);
        assert!((far - 1.0).abs() < 1e-6, "{far}");
    }

    proptest! {
        #[test]
        fn many_blocks_approach_the_poisson_law(mean in 0.5f64..60.0) {
            // z = 10⁶ blocks: the binomial and the Poisson laws agree to about mean/z.
            let blocks = 1_000_000u64;
            let items = (mean * blocks as f64).round() as u64;
            let f = |load: f64| 1.0 - (-load / 9.0).exp();
            let binomial = expected_over_loads(items, blocks, f);
            let poisson = expected_over_poisson_loads(items as f64 / blocks as f64, f);
            prop_assert!((binomial - poisson).abs() < 1e-4, "{} vs {}", binomial, poisson);
        }
    }
}

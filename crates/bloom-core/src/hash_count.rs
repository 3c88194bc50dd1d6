//! How many hash functions to use. Each extra hash makes a false positive harder (one more bit
//! must be set) but fills the filter faster; the textbook formula balances the two at the
//! real-valued k* = (m/n)·ln 2, where half the bits end up set. A filter needs a whole k, and the
//! best whole k by the exact rate is not always round(k*): around its minimum the rate rises faster
//! on the side of more hashes, most visibly when m is small (m = 16, n = 2: k* = 5.55, yet k = 5
//! beats k = 6).

use super::chart::decades_around;
use super::fpr;
use super::params::HASHES_RANGE;

/// The largest k compared (and plotted).
pub const MAX_COMPARED_HASHES: u32 = 20;

/// The rate axis never goes below this: only an exact zero (no items) is smaller.
const RATE_FLOOR: f64 = 1e-300;

/// The rate of every k from 1 to [`MAX_COMPARED_HASHES`] for one m and n, and the k they point to.
#[derive(Debug, Clone, PartialEq)]
pub struct HashCountChoice {
    bits: u32,
    items: u64,
    /// The exact E[(X/m)^k] for k = 1, 2, … (index 0 is k = 1).
    pub exact: Vec<f64>,
    /// The textbook (1 − e^(−kn/m))^k for k = 1, 2, … (index 0 is k = 1).
    pub approximate: Vec<f64>,
}

impl HashCountChoice {
    /// The rates for m = `bits` and n = `items`.
    pub fn new(bits: u32, items: u64) -> Self {
        Self {
            bits,
            items,
            exact: fpr::exact_by_hashes(bits, items, MAX_COMPARED_HASHES),
            approximate: (1..=MAX_COMPARED_HASHES)
                .map(|hashes| fpr::approximate(bits, hashes, items))
                .collect(),
        }
    }

    /// The real-valued optimum k* = (m/n)·ln 2 (infinite when n = 0).
    pub fn real_optimum(&self) -> f64 {
        fpr::optimal_hashes(self.bits, self.items)
    }

    /// k* when it lies on the k axis (at most [`MAX_COMPARED_HASHES`]), for its marker.
    pub fn real_optimum_plotted(&self) -> Option<f64> {
        let real = self.real_optimum();
        (real <= f64::from(MAX_COMPARED_HASHES)).then_some(real)
    }

    /// The whole k with the lowest exact rate (the smaller k on a tie), and that rate.
    pub fn best(&self) -> (u32, f64) {
        fpr::best_whole_hashes(&self.exact)
    }

    /// The best whole k the playground accepts: min(best k, largest allowed k).
    pub fn usable(&self) -> u32 {
        self.best().0.min(*HASHES_RANGE.end())
    }

    /// True when the best whole k is more than the playground allows.
    pub fn capped(&self) -> bool {
        self.best().0 > *HASHES_RANGE.end()
    }

    /// True when rounding k* (to at least 1) gives the best whole k.
    pub fn rounding_agrees(&self) -> bool {
        let real = self.real_optimum();
        real.is_finite() && self.best().0 == real.round().max(1.0) as u32
    }

    /// The k axis: half a step beyond k = 1 and the largest k, so their points clear the frame.
    pub fn hashes_domain() -> (f64, f64) {
        (0.5, f64::from(MAX_COMPARED_HASHES) + 0.5)
    }

    /// The log rate axis: whole decades around every exact rate.
    pub fn rate_domain(&self) -> (f64, f64) {
        decades_around(&self.exact, RATE_FLOOR)
    }

    /// (k, exact rate) for k = 1, 2, ….
    pub fn exact_points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        with_hashes(&self.exact)
    }

    /// (k, approximate rate) for k = 1, 2, ….
    pub fn approximate_points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        with_hashes(&self.approximate)
    }
}

/// Pairs each rate with its k (the first is k = 1).
fn with_hashes(rates: &[f64]) -> impl Iterator<Item = (f64, f64)> + '_ {
    rates
        .iter()
        .enumerate()
        .map(|(position, &rate)| (position as f64 + 1.0, rate))
}

/// The k that get a label on a k axis `plot_width` pixels long: all twenty when there is room, else
/// 1 and the even ones, else 1 and every fifth, so labels never run into each other.
pub fn labelled_hashes(plot_width: f64) -> Vec<u32> {
    if plot_width < 360.0 {
        vec![1, 5, 10, 15, 20]
    } else if plot_width < 640.0 {
        std::iter::once(1)
            .chain((2..=MAX_COMPARED_HASHES).step_by(2))
            .collect()
    } else {
        (1..=MAX_COMPARED_HASHES).collect()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_best_k_is_the_brute_force_minimum() {
        for (m, n) in [(16, 2), (10, 2), (64, 10), (32, 3), (1024, 10), (1024, 100)] {
            let choice = HashCountChoice::new(m, n);
            // Independently: each k on its own, keeping the first of the lowest.
            let mut brute = (0, f64::INFINITY);
            for k in 1..=MAX_COMPARED_HASHES {
                let rate = fpr::exact(m, k, n);
                if rate < brute.1 {
                    brute = (k, rate);
                }
            }
            let (best, rate) = choice.best();
            assert_eq!(best, brute.0, "m = {m}, n = {n}");
            assert!(
                (rate - brute.1).abs() <= 1e-12 * brute.1,
                "m = {m}, n = {n}"
            );
            assert_eq!(choice.usable(), best.min(16));
            assert_eq!(choice.capped(), best > 16);
        }
    }

    #[test]
    fn rounding_k_star_can_miss_the_best_k() {
        // By exact rationals (Python, enumerating the set-bit distribution): m = 16, n = 2 has
        // k* = (16/2)·ln 2 = 5.545, which rounds to 6, but k = 5 gives 0.029041… against k = 6's
        // 0.031326….
        let small = HashCountChoice::new(16, 2);
        assert!((small.real_optimum() - 5.545_177_444_479_562).abs() < 1e-12);
        let (best, rate) = small.best();
        assert_eq!(best, 5);
        assert!((rate - 0.029_041_448_949_308_782).abs() < 1e-15, "{rate}");
        assert!((small.exact[5] - 0.031_326_404_813_499_69).abs() < 1e-15);
        assert!(!small.rounding_agrees());
        // m = 10, n = 2: k* = 3.47 rounds to 3, which is best, at exactly 11209753/10⁸.
        let agreeing = HashCountChoice::new(10, 2);
        assert_eq!(agreeing.best().0, 3);
        assert!((agreeing.best().1 - 0.112_097_53).abs() < 1e-15);
        assert!(agreeing.rounding_agrees());
    }

    #[test]
    fn a_roomy_filter_wants_more_hashes_than_allowed() {
        // m/n = 102.4: k* = 71, far off the axis, and the rate still falls at k = 20.
        let roomy = HashCountChoice::new(1024, 10);
        assert_eq!(roomy.best().0, 20);
        assert_eq!((roomy.usable(), roomy.capped()), (16, true));
        assert_eq!(roomy.real_optimum_plotted(), None);
        assert!(!roomy.rounding_agrees());
        let empty = HashCountChoice::new(1024, 0);
        assert!(empty.real_optimum().is_infinite() && !empty.rounding_agrees());
    }

    #[test]
    fn the_axes_hold_every_point() {
        let choice = HashCountChoice::new(64, 10);
        let (bottom, top) = choice.rate_domain();
        for (k, rate) in choice.exact_points() {
            assert!(bottom <= rate && rate <= top, "k = {k}");
        }
        assert_eq!(choice.exact_points().next(), Some((1.0, choice.exact[0])));
        let (last_k, last_rate) = choice.approximate_points().last().unwrap();
        assert_eq!(last_k, 20.0);
        // Within a few units in the last place: the optimiser may round the inlined formula's last
        // bit differently.
        let expected = fpr::approximate(64, 20, 10);
        assert!((last_rate - expected).abs() <= 4.0 * f64::EPSILON * expected);
        let (low, high) = HashCountChoice::hashes_domain();
        assert!(low < 1.0 && high > 20.0);
    }

    #[test]
    fn labels_thin_out_on_narrow_axes() {
        assert_eq!(labelled_hashes(300.0), vec![1, 5, 10, 15, 20]);
        assert_eq!(labelled_hashes(500.0).len(), 11);
        assert_eq!(labelled_hashes(700.0).len(), 20);
    }
}

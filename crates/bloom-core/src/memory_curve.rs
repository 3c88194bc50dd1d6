//! Memory against n at a fixed false-positive rate p. With the best k a filter needs −ln p/(ln 2)²
//! bits per item whatever the items are, so memory grows in proportion to n and draws as a straight
//! line on log–log axes; p changes its height, not its slope. The chart shows six decades of n
//! around the current one.

use super::chart::binary_ticks;
use super::sizing::{bytes, optimal_bits};

/// Decades on the n axis.
const DECADES: f64 = 6.0;
/// Points per decade the line is drawn through (it is straight, but ⌈ ⌉ makes steps at small n).
const POINTS_PER_DECADE: u32 = 10;

/// Bytes for n items at rate p with the best k: ⌈m/8⌉ with m = ⌈−n·ln p/(ln 2)²⌉.
pub fn memory_bytes(items: f64, rate: f64) -> f64 {
    bytes(optimal_bits(items, rate))
}

/// The memory line for one p, around the current n.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemoryCurve {
    rate: f64,
    items: f64,
}

impl MemoryCurve {
    /// The line for rate p = `rate` around n = `items` (taken as at least 1, for the log axis).
    pub fn new(rate: f64, items: f64) -> Self {
        Self {
            rate,
            items: items.max(1.0),
        }
    }

    /// The current n (at least 1).
    pub fn items(&self) -> f64 {
        self.items
    }

    /// Bytes at the current n.
    pub fn current_bytes(&self) -> f64 {
        memory_bytes(self.items, self.rate)
    }

    /// Bits per item, m/n, at a million items: −ln p/(ln 2)², with the rounding up a real filter of
    /// that size has.
    pub fn bits_per_item(&self) -> f64 {
        optimal_bits(1e6, self.rate) / 1e6
    }

    /// The n axis: six decades from 10^(d − 3), where d is the decade nearest the current n, so the
    /// current n sits in the middle — but never starting below n = 1.
    pub fn items_domain(&self) -> (f64, f64) {
        let first = (self.items.log10().round() - DECADES / 2.0).max(0.0);
        (10f64.powf(first), 10f64.powf(first + DECADES))
    }

    /// The bytes axis: the memory at both ends of the n axis (at least one byte, for the log axis).
    pub fn bytes_domain(&self) -> (f64, f64) {
        let (low, high) = self.items_domain();
        (
            memory_bytes(low, self.rate).max(1.0),
            memory_bytes(high, self.rate),
        )
    }

    /// (n, bytes) at ten points per decade across the n axis.
    pub fn points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let low = self.items_domain().0;
        let count = DECADES as u32 * POINTS_PER_DECADE;
        (0..=count)
            .map(move |i| low * 10f64.powf(f64::from(i) / f64::from(POINTS_PER_DECADE)))
            .map(|items| (items, memory_bytes(items, self.rate)))
    }

    /// The byte sizes labelled on the bytes axis: the powers of 1024 on it.
    pub fn byte_ticks(&self) -> Vec<f64> {
        let (low, high) = self.bytes_domain();
        binary_ticks(low, high)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn memory_by_hand() {
        // p = 1%: m = ⌈−n·ln 0.01/(ln 2)²⌉ (Python: 96 bits for 10 items, 95,850,584 for 10⁷).
        assert_eq!(memory_bytes(10.0, 0.01), 12.0);
        assert_eq!(memory_bytes(1e7, 0.01), 11_981_323.0);
        assert_eq!(memory_bytes(5000.0, 0.01), 5991.0);
    }

    #[test]
    fn the_window_is_six_decades_around_n() {
        // n = 5000 is nearest the decade 10⁴: from 10¹ to 10⁷.
        let curve = MemoryCurve::new(0.01, 5000.0);
        assert_eq!(curve.items_domain(), (10.0, 1e7));
        assert_eq!(curve.bytes_domain(), (12.0, 11_981_323.0));
        assert_eq!(curve.current_bytes(), 5991.0);
        assert_eq!(curve.byte_ticks(), vec![1024.0, 1_048_576.0]);
        // Small n start at 1, and no n is below 1.
        assert_eq!(MemoryCurve::new(0.01, 50.0).items_domain(), (1.0, 1e6));
        let empty = MemoryCurve::new(0.01, 0.0);
        assert_eq!((empty.items(), empty.items_domain()), (1.0, (1.0, 1e6)));
        // One item at 1% is 10 bits, two bytes; the axis still starts at one byte or more.
        assert_eq!(empty.bytes_domain().0, 2.0);
    }

    #[test]
    fn the_line_spans_the_window_and_rises() {
        let curve = MemoryCurve::new(1e-3, 2e5);
        let points: Vec<(f64, f64)> = curve.points().collect();
        assert_eq!(points.len(), 61);
        let (low, high) = curve.items_domain();
        assert_eq!(points[0].0, low);
        assert!((points[60].0 / high - 1.0).abs() < 1e-12);
        assert!(points.windows(2).all(|pair| pair[0].1 <= pair[1].1));
        // −ln 0.001/(ln 2)² = 14.38 bits per item.
        assert!((curve.bits_per_item() - 14.377_588).abs() < 1e-5);
    }
}

//! Chart geometry, kept out of the components so it can be tested: scales from data to SVG
//! coordinates (linear, or logarithmic for rates spanning many orders of magnitude), "nice" tick
//! values at 1–2–5 steps or whole decades, and SVG path strings that break where a value cannot be
//! drawn (a zero on a log axis).

use super::decimal::fixed;

use super::fpr;
use super::small_sort::sort_distinct;

/// How many points a rate curve is drawn with at most.
pub const CURVE_SAMPLES: u64 = 300;

/// The three predicted rates against n, for one m and k, from n = 0 to `end`.
#[derive(Debug, Clone, PartialEq)]
pub struct RateCurves {
    /// The last n on the axis.
    pub end: u64,
    /// The n values the curves are drawn through.
    pub samples: Vec<u64>,
    /// (1 − e^(−kn/m))^k at each sample.
    pub approximate: Vec<f64>,
    /// (1 − (1 − 1/m)^(kn))^k at each sample.
    pub classic: Vec<f64>,
    /// E[(X/m)^k] for every n from 0 to `end` (not just the samples: readouts need any n).
    pub exact: Vec<f64>,
}

impl RateCurves {
    /// Computes the curves for m = `bits`, k = `hashes` up to n = `end`.
    pub fn new(bits: u32, hashes: u32, end: u64) -> Self {
        let samples = sample_items(end, CURVE_SAMPLES);
        Self {
            end,
            approximate: samples
                .iter()
                .map(|&n| fpr::approximate(bits, hashes, n))
                .collect(),
            classic: samples
                .iter()
                .map(|&n| fpr::classic(bits, hashes, n))
                .collect(),
            exact: fpr::exact_curve(bits, hashes, end),
            samples,
        }
    }

    /// The exact rate at each sample.
    pub fn exact_at_samples(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.samples
            .iter()
            .map(|&n| (n as f64, self.exact[n as usize]))
    }
}

/// Where a chart draws: its size in CSS pixels and the plot area inside the axis labels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Total width.
    pub width: f64,
    /// Total height.
    pub height: f64,
    /// Left edge of the plot area (room for y tick labels and the axis title).
    pub left: f64,
    /// Right edge of the plot area.
    pub right: f64,
    /// Top edge of the plot area.
    pub top: f64,
    /// Bottom edge of the plot area (room for x tick labels and the axis title).
    pub bottom: f64,
}

impl Frame {
    /// A frame `width` pixels wide (at least 260) whose height is `aspect` × width, kept between 200
    /// and 460 pixels so a phone still gets a usable plot and a projector not an overly tall one.
    pub fn new(width: f64, aspect: f64) -> Self {
        Self::drawn(width, aspect, false)
    }

    /// A frame for a phone's width: the plot keeps more of it (a narrower margin for the y labels)
    /// and is drawn at least 0.8 × as tall as wide, so its curves do not merge into one band.
    pub fn phone(width: f64, aspect: f64) -> Self {
        Self::drawn(width, aspect.max(0.8), true)
    }

    fn drawn(width: f64, aspect: f64, phone: bool) -> Self {
        let width = width.max(260.0);
        let height = (width * aspect).clamp(200.0, 460.0);
        Self {
            width,
            height,
            left: if phone { 60.0 } else { 76.0 },
            right: width - 18.0,
            top: 16.0,
            bottom: height - 56.0,
        }
    }

    /// A scale from `domain` across the plot area, left to right.
    pub fn horizontal(&self, domain: (f64, f64), log: bool) -> Scale {
        Scale::from_domain(domain, (self.left, self.right), log)
    }

    /// A scale from `domain` up the plot area (SVG's y grows downwards: the low end is at the bottom).
    pub fn vertical(&self, domain: (f64, f64), log: bool) -> Scale {
        Scale::from_domain(domain, (self.bottom, self.top), log)
    }
}

/// Top-left corners of `count` square cells laid out in rows of `columns`, each `cell` wide with `gap`
/// between them and around the edge; returns (total width, total height, corners).
pub fn grid_cells(count: u32, columns: u32, cell: f64, gap: f64) -> (f64, f64, Vec<(f64, f64)>) {
    let columns = columns.max(1);
    let rows = count.div_ceil(columns).max(1);
    let pitch = cell + gap;
    let corners = (0..count)
        .map(|index| {
            (
                gap + f64::from(index % columns) * pitch,
                gap + f64::from(index / columns) * pitch,
            )
        })
        .collect();
    (
        gap + f64::from(columns.min(count.max(1))) * pitch,
        gap + f64::from(rows) * pitch,
        corners,
    )
}

/// The rate axis of the rate chart: on a log axis, from the lowest drawable decade of the textbook
/// curve and the filter's own points (never below `floor`) up to 1; on a linear axis, from 0 to a
/// round value just above the highest exact rate (at least 0.05, at most 1), so every curve fits.
pub fn rate_domain(
    curves: &RateCurves,
    fill_rates: impl IntoIterator<Item = f64>,
    log: bool,
    floor: f64,
) -> (f64, f64) {
    if log {
        let bottom = log_axis_bottom(curves.approximate.iter().copied().chain(fill_rates), floor);
        return (bottom, 1.0);
    }
    let highest = curves.exact.iter().copied().fold(0.0, f64::max).max(0.05);
    let top = nice_ticks(0.0, highest, 5).last().copied().unwrap_or(1.0);
    // A round top below the highest rate would cut the curve: go one step further.
    let top = if top < highest {
        top + (highest - top).max(0.1)
    } else {
        top
    };
    (0.0, top.min(1.0))
}

/// A log axis holding every one of `values` between whole decades: from the decade at or below
/// the smallest positive value (never below `floor`) to the decade at or above the largest, and at
/// least one decade tall, so the ticks always include both ends.
pub fn decades_around(values: &[f64], floor: f64) -> (f64, f64) {
    let bottom = log_axis_bottom(values.iter().copied(), floor);
    let top = values
        .iter()
        .copied()
        .fold(0.0, f64::max)
        .max(bottom * 10.0);
    (bottom, 10f64.powf(top.log10().ceil()))
}

/// The n of the chart's table: `rows` + 1 evenly spaced values from 0 to `end`, and the current n,
/// sorted and without repeats.
pub fn table_rows(end: u64, current: u64, rows: u64) -> Vec<u64> {
    let mut items: Vec<u64> = (0..=rows).map(|i| end * i / rows.max(1)).collect();
    items.push(current);
    sort_distinct(&mut items);
    items
}

/// A map from a data interval onto a pixel interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    domain: (f64, f64),
    range: (f64, f64),
    log: bool,
}

impl Scale {
    /// Linear or logarithmic, as `log` says.
    pub fn from_domain(domain: (f64, f64), range: (f64, f64), log: bool) -> Self {
        if log {
            Self::log(domain, range)
        } else {
            Self::linear(domain, range)
        }
    }

    /// Linear: v ↦ range.0 + (v − domain.0)/(domain.1 − domain.0) · (range.1 − range.0).
    pub fn linear(domain: (f64, f64), range: (f64, f64)) -> Self {
        Self {
            domain,
            range,
            log: false,
        }
    }

    /// Logarithmic (base 10); the domain must be positive.
    pub fn log(domain: (f64, f64), range: (f64, f64)) -> Self {
        Self {
            domain,
            range,
            log: true,
        }
    }

    /// True for a log scale.
    pub fn is_log(&self) -> bool {
        self.log
    }

    /// The data interval.
    pub fn domain(&self) -> (f64, f64) {
        self.domain
    }

    /// The pixel interval.
    pub fn range(&self) -> (f64, f64) {
        self.range
    }

    /// The pixel position of `value`, or `None` if it cannot be drawn (not finite, or ≤ 0 on a log
    /// scale). Values outside the domain map outside the range; callers clamp where they must.
    pub fn map(&self, value: f64) -> Option<f64> {
        let (a, b, v) = if self.log {
            if value <= 0.0 || self.domain.0 <= 0.0 {
                return None;
            }
            (self.domain.0.log10(), self.domain.1.log10(), value.log10())
        } else {
            (self.domain.0, self.domain.1, value)
        };
        if !v.is_finite() || a == b {
            return None;
        }
        Some(self.range.0 + (v - a) / (b - a) * (self.range.1 - self.range.0))
    }

    /// Like [`Scale::map`], but pinned to the range's ends (for error bars and markers at the edge).
    pub fn map_clamped(&self, value: f64) -> f64 {
        let (low, high) = (
            self.range.0.min(self.range.1),
            self.range.0.max(self.range.1),
        );
        match self.map(value) {
            // `max` then `min` rather than `clamp`, which carries a float formatter for its panic message.
            Some(position) => position.max(low).min(high),
            // Zero (or below) on a log axis sits at the bottom of the axis.
            None => self.range.0,
        }
    }

    /// Tick values: 1–2–5 steps for linear scales, whole decades for log scales.
    pub fn ticks(&self, target: usize) -> Vec<f64> {
        if self.log {
            decade_ticks(self.domain.0, self.domain.1, target)
        } else {
            nice_ticks(self.domain.0, self.domain.1, target)
        }
    }
}

/// The 1–2–5 step (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …) closest to `span / target`, rounded up.
fn nice_step(span: f64, target: usize) -> f64 {
    let raw = span / target.max(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|factor| factor * magnitude)
        .find(|&step| step >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * magnitude)
}

/// Round tick values covering [low, high], about `target` of them.
pub fn nice_ticks(low: f64, high: f64, target: usize) -> Vec<f64> {
    // Written so that NaN bounds also take this branch.
    let drawable = high > low && low.is_finite() && high.is_finite();
    if !drawable {
        return vec![low];
    }
    let step = nice_step(high - low, target);
    let first = (low / step).ceil() as i64;
    let last = (high / step + 1e-9).floor() as i64;
    // Round away binary noise such as 0.6000000000000001 at the step's own number of decimals.
    let scale = 10f64.powi((-step.log10().floor()).max(0.0) as i32);
    (first..=last)
        .map(|i| (i as f64 * step * scale).round() / scale)
        .collect()
}

/// Powers of ten within [low, high], thinned so there are at most about `target`.
pub fn decade_ticks(low: f64, high: f64, target: usize) -> Vec<f64> {
    let drawable = low > 0.0 && high >= low;
    if !drawable {
        return Vec::new();
    }
    let first = low.log10().ceil() as i32;
    let last = high.log10().floor() as i32;
    let count = (last - first + 1).max(1) as usize;
    let every = count.div_ceil(target.max(1)).max(1) as i32;
    (first..=last)
        .filter(|exponent| (last - exponent) % every == 0)
        .map(|exponent| 10f64.powi(exponent))
        .collect()
}

/// The bottom of a log rate axis: the decade at or below the smallest positive value, but never
/// below `floor` (rates like 10⁻³⁰ exist but would squash the interesting part of the chart).
pub fn log_axis_bottom(values: impl IntoIterator<Item = f64>, floor: f64) -> f64 {
    let smallest = values
        .into_iter()
        .filter(|&value| value > 0.0 && value.is_finite())
        .fold(f64::INFINITY, f64::min);
    if smallest.is_infinite() {
        return floor;
    }
    10f64.powf(smallest.log10().floor()).max(floor)
}

/// Powers of 1024 (1 B, 1 KiB, 1 MiB, … up to 1 ZiB) within [low, high]: byte sizes a reader
/// recognises, where powers of ten would print as 97.66 KiB.
pub fn binary_ticks(low: f64, high: f64) -> Vec<f64> {
    (0..8)
        .map(|power| 1024f64.powi(power))
        .filter(|&value| value >= low && value <= high)
        .collect()
}

/// An SVG path through `points` ("M x,y L x,y …"), starting a new segment after any point that cannot
/// be drawn. Coordinates are rounded to 0.1 px.
pub fn path(points: impl IntoIterator<Item = (f64, f64)>, x: &Scale, y: &Scale) -> String {
    let mut out = String::new();
    let mut pen_down = false;
    for (data_x, data_y) in points {
        match (x.map(data_x), y.map(data_y)) {
            (Some(px), Some(py)) => {
                out.push(if pen_down { 'L' } else { 'M' });
                out.push_str(&fixed(px, 1));
                out.push(',');
                out.push_str(&fixed(py, 1));
                pen_down = true;
            }
            _ => pen_down = false,
        }
    }
    out
}

/// The last n a rate chart shows: past both the n where the approximate rate reaches one half and the
/// current n, rounded up to a 1–2–5 step so the axis ends on a tick.
pub fn items_axis_end(half_rate_items: f64, current_items: u64) -> u64 {
    let wanted = half_rate_items.max(current_items as f64 + 1.0).max(4.0) * 1.1;
    let step = nice_step(wanted, 5);
    ((wanted / step).ceil() * step) as u64
}

/// The last n of the rate chart for m = `bits`, k = `hashes` with `current_items` inserted: past
/// the n = −(m/k)·ln(1 − 0.5^(1/k)) where the approximate rate reaches one half (beyond it the
/// filter is useless, and the curves flatten towards 1) and past the current n; see
/// [`items_axis_end`].
pub fn rate_axis_end(bits: u32, hashes: u32, current_items: u64) -> u64 {
    items_axis_end(fpr::items_at_rate(bits, hashes, 0.5), current_items)
}

/// At most `limit` n values from 0 to `end`, evenly spaced (every n when they fit).
pub fn sample_items(end: u64, limit: u64) -> Vec<u64> {
    let step = end.div_ceil(limit.max(1)).max(1);
    let mut samples: Vec<u64> = (0..=end).step_by(step as usize).collect();
    if samples.last() != Some(&end) {
        samples.push(end);
    }
    samples
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn table_rows_are_even_and_hold_the_current_n() {
        assert_eq!(table_rows(100, 37, 4), vec![0, 25, 37, 50, 75, 100]);
        assert_eq!(table_rows(100, 50, 4), vec![0, 25, 50, 75, 100]);
        assert_eq!(table_rows(3, 0, 10).first(), Some(&0));
    }

    #[test]
    fn the_rate_axis_holds_every_curve() {
        for (m, k) in [(32, 3), (64, 4), (1024, 16), (8, 1)] {
            let end = items_axis_end(crate::fpr::items_at_rate(m, k, 0.5), 0);
            let curves = RateCurves::new(m, k, end);
            let (low, high) = rate_domain(&curves, [], false, 1e-12);
            let highest = curves.exact.iter().copied().fold(0.0, f64::max);
            assert_eq!(low, 0.0);
            assert!(
                high >= highest && (0.05..=1.0).contains(&high),
                "m = {m}, k = {k}: {high}"
            );
            let (bottom, top) = rate_domain(&curves, [1e-20], true, 1e-12);
            assert_eq!(top, 1.0);
            assert!((1e-12..=1e-1).contains(&bottom), "{bottom}");
        }
    }

    use super::*;
    use crate::checks::assert_close;

    #[test]
    fn grid_cells_wrap_into_rows() {
        let (width, height, corners) = grid_cells(10, 4, 20.0, 2.0);
        assert_eq!((width, height), (2.0 + 4.0 * 22.0, 2.0 + 3.0 * 22.0));
        assert_eq!(corners[0], (2.0, 2.0));
        assert_eq!(corners[5], (24.0, 24.0));
        assert_eq!(corners.len(), 10);
    }

    #[test]
    fn frames_keep_room_for_labels() {
        let narrow = Frame::new(330.0, 0.62);
        assert_eq!((narrow.width, narrow.height), (330.0, 204.6));
        assert!(narrow.right - narrow.left > 200.0);
        let phone = Frame::phone(330.0, 0.62);
        assert_eq!((phone.width, phone.height), (330.0, 264.0));
        assert!(phone.right - phone.left > 250.0);
        let tiny = Frame::new(100.0, 0.62);
        assert_eq!(tiny.width, 260.0);
        let projector = Frame::new(900.0, 0.62);
        assert_eq!(projector.height, 460.0);
        assert!(projector.bottom > projector.top);
    }

    #[test]
    fn linear_scale_maps_ends_and_middle() {
        let scale = Scale::linear((0.0, 100.0), (50.0, 550.0));
        assert_eq!(scale.map(0.0), Some(50.0));
        assert_eq!(scale.map(100.0), Some(550.0));
        assert_eq!(scale.map(25.0), Some(175.0));
        // An inverted range, as for a y axis.
        let y = Scale::linear((0.0, 1.0), (300.0, 20.0));
        assert_eq!(y.map(0.5), Some(160.0));
    }

    #[test]
    fn log_scale_maps_decades_evenly() {
        let scale = Scale::log((1e-6, 1.0), (300.0, 0.0));
        assert_eq!(scale.map(1.0), Some(0.0));
        assert_eq!(scale.map(1e-6), Some(300.0));
        assert!((scale.map(1e-3).unwrap() - 150.0).abs() < 1e-9);
        assert_eq!(scale.map(0.0), None);
        assert_eq!(scale.map_clamped(0.0), 300.0);
        assert_eq!(scale.map_clamped(1e-9), 300.0);
    }

    #[test]
    fn nice_ticks_use_one_two_five_steps() {
        assert_eq!(nice_ticks(0.0, 1.0, 5), vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(
            nice_ticks(0.0, 220.0, 5),
            vec![0.0, 50.0, 100.0, 150.0, 200.0]
        );
        assert_eq!(nice_ticks(0.0, 9.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        assert_eq!(nice_ticks(3.0, 3.0, 5), vec![3.0]);
    }

    #[test]
    fn decade_ticks_thin_out() {
        assert_eq!(decade_ticks(1e-3, 1.0, 10), vec![1e-3, 1e-2, 1e-1, 1.0]);
        let many = decade_ticks(1e-12, 1.0, 5);
        assert!(many.len() <= 5 && many.contains(&1.0), "{many:?}");
        assert!(decade_ticks(0.0, 1.0, 5).is_empty());
    }

    #[test]
    fn log_bottom_is_a_decade_with_a_floor() {
        assert_eq!(log_axis_bottom([0.0, 0.03, 0.5], 1e-8), 0.01);
        assert_eq!(log_axis_bottom([1e-30, 0.5], 1e-8), 1e-8);
        assert_eq!(log_axis_bottom([0.0], 1e-8), 1e-8);
    }

    #[test]
    fn path_breaks_at_undrawable_points() {
        let x = Scale::linear((0.0, 10.0), (0.0, 100.0));
        let y = Scale::log((0.01, 1.0), (100.0, 0.0));
        let d = path(
            [(0.0, 0.0), (1.0, 0.1), (2.0, 1.0), (3.0, 0.0), (4.0, 0.01)],
            &x,
            &y,
        );
        assert_eq!(d, "M10.0,50.0L20.0,0.0M40.0,100.0");
    }

    #[test]
    fn axis_end_passes_the_half_rate_and_the_current_n() {
        assert_eq!(items_axis_end(22.7, 3), 25);
        assert!(items_axis_end(22.7, 50) > 50);
        let end = items_axis_end(202.3, 0);
        assert!((223..=300).contains(&end), "{end}");
    }

    #[test]
    fn curves_agree_with_the_formulas() {
        let curves = RateCurves::new(64, 4, 40);
        assert_eq!(curves.samples.len(), 41);
        assert_eq!(curves.exact.len(), 41);
        assert_close(curves.approximate[10], fpr::approximate(64, 4, 10));
        assert_close(curves.classic[10], fpr::classic(64, 4, 10));
        assert_close(curves.exact[10], fpr::exact(64, 4, 10));
    }

    #[test]
    fn the_rate_axis_end_by_hand() {
        // m = 32, k = 3: half rate at n = −(32/3)·ln(1 − 0.5^(1/3)) = 16.84; × 1.1 = 18.5, whose
        // 1–2–5 step for five ticks is 5, so the axis ends at 20.
        assert_eq!(rate_axis_end(32, 3, 0), 20);
        // With 30 items in: 31 × 1.1 = 34.1, step 10, end 40.
        assert_eq!(rate_axis_end(32, 3, 30), 40);
    }

    #[test]
    fn linear_rate_axis_by_hand() {
        let with_highest = |highest: f64| RateCurves {
            end: 2,
            samples: vec![0, 1, 2],
            approximate: vec![0.0, highest / 2.0, highest * 0.9],
            classic: vec![0.0, highest / 2.0, highest * 0.9],
            exact: vec![0.0, highest / 2.0, highest],
        };
        // 0.37: ticks at 0.1 steps end at 0.3, below it, so one more step: 0.3 + 0.1.
        let (low, high) = rate_domain(&with_highest(0.37), [], false, 1e-12);
        assert_eq!(low, 0.0);
        assert!((high - 0.4).abs() < 1e-12, "{high}");
        // 0.5 is itself a tick.
        assert_eq!(rate_domain(&with_highest(0.5), [], false, 1e-12).1, 0.5);
        // Tiny rates still get an axis 0.05 tall, and nothing goes past 1.
        assert_eq!(rate_domain(&with_highest(0.001), [], false, 1e-12).1, 0.05);
        let (_, high) = rate_domain(&with_highest(0.97), [], false, 1e-12);
        assert!((high - 0.97).abs() < 1e-12, "{high}");
        assert_eq!(rate_domain(&with_highest(1.0), [], false, 1e-12).1, 1.0);
    }

    #[test]
    fn log_rate_axis_by_hand() {
        let curves = RateCurves {
            end: 2,
            samples: vec![0, 1, 2],
            approximate: vec![0.0, 0.0034, 0.2],
            classic: vec![0.0, 0.0035, 0.2],
            exact: vec![0.0, 0.0036, 0.2],
        };
        // The smallest textbook rate, 0.0034, lies in the decade from 10⁻³.
        assert_eq!(rate_domain(&curves, [], true, 1e-12), (1e-3, 1.0));
        // A point of the filter's own lower down takes the axis with it, but never past the floor;
        // zeros (an empty filter) cannot be drawn and are left out.
        let (bottom, top) = rate_domain(&curves, [0.0, 2e-5], true, 1e-12);
        assert!((bottom - 1e-5).abs() < 1e-20 && top == 1.0, "{bottom}");
        assert_eq!(rate_domain(&curves, [1e-20], true, 1e-12).0, 1e-12);
    }

    #[test]
    fn decades_around_hold_every_value() {
        assert_eq!(decades_around(&[0.3, 0.02, 0.05], 1e-300), (0.01, 1.0));
        // Values within one decade still get a whole decade above the bottom.
        let (bottom, top) = decades_around(&[2e-5, 3e-5], 1e-300);
        assert!((bottom - 1e-5).abs() < 1e-20 && (top - 1e-4).abs() < 1e-19);
        // The floor wins over anything smaller.
        assert_eq!(decades_around(&[1e-9, 0.5], 1e-6), (1e-6, 1.0));
    }

    #[test]
    fn binary_ticks_are_powers_of_1024() {
        assert_eq!(binary_ticks(12.0, 1.2e7), vec![1024.0, 1_048_576.0]);
        assert_eq!(binary_ticks(1.0, 1024.0), vec![1.0, 1024.0]);
        assert!(binary_ticks(2.0, 1000.0).is_empty());
    }

    #[test]
    fn frame_scales_span_the_plot_area() {
        let frame = Frame::new(400.0, 0.5);
        let x = frame.horizontal((0.0, 10.0), false);
        let y = frame.vertical((1e-4, 1.0), true);
        assert_eq!((x.map(0.0), x.map(10.0)), (Some(76.0), Some(382.0)));
        assert_eq!(y.map(1.0), Some(frame.top));
        assert_eq!(y.map(1e-4), Some(frame.bottom));
        assert!(y.is_log() && !x.is_log());
        assert_eq!(x.range(), (76.0, 382.0));
    }

    #[test]
    fn samples_cover_both_ends() {
        assert_eq!(sample_items(5, 100), vec![0, 1, 2, 3, 4, 5]);
        let samples = sample_items(1000, 100);
        assert_eq!(samples.first(), Some(&0));
        assert_eq!(samples.last(), Some(&1000));
        assert!(samples.len() <= 102);
    }
}

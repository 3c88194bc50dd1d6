//! Every number the rate chart reads out, computed once. At any n there are three predictions (the
//! textbook, Bloom's own and the exact rate); where the filter has passed through n there are also
//! two observations: its own (X/m)^k, and the rate measured on probe strings never inserted, with
//! the Wilson interval that says how far a count of 10,000 probes can be trusted. The readouts, the
//! table, the live points and the screen-reader summary all take their numbers from here.

use super::chart::{RateCurves, Scale};
use super::fpr;
use super::measure::Measurement;
use super::playground::{LivePoint, Playground};

/// The three predicted rates at one n.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Predicted {
    /// (1 − e^(−kn/m))^k.
    pub approximate: f64,
    /// (1 − (1 − 1/m)^(kn))^k.
    pub classic: f64,
    /// E[(X/m)^k].
    pub exact: f64,
}

impl Predicted {
    /// The predictions for m = `bits`, k = `hashes` at n = `items`, the exact one read off `curves`
    /// (which must reach `items`).
    pub fn at(curves: &RateCurves, bits: u32, hashes: u32, items: u64) -> Self {
        Self {
            approximate: fpr::approximate(bits, hashes, items),
            classic: fpr::classic(bits, hashes, items),
            exact: curves.exact[items as usize],
        }
    }
}

/// What the filter itself showed with n items in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Observed {
    /// n.
    pub items: u64,
    /// (X/m)^k for the X bits then set.
    pub fill: f64,
    /// The probes it then reported present.
    pub measured: Measurement,
}

impl Observed {
    /// The observations of one live point, for m = `bits`, k = `hashes` and `probes` probe strings.
    pub fn at_point(point: &LivePoint, bits: u32, hashes: u32, probes: u32) -> Self {
        Self {
            items: point.items,
            fill: fpr::from_fill(point.set_bits, bits, hashes),
            measured: Measurement {
                positives: point.positives,
                probes,
            },
        }
    }

    /// Where the point is drawn on axes `x` (n) and `y` (rate).
    pub fn marks(&self, x: &Scale, y: &Scale) -> PointMarks {
        let (low, high) = self.measured.interval();
        PointMarks {
            // n is always on its axis; the left edge only guards against an empty axis.
            x: x.map(self.items as f64).unwrap_or(x.range().0),
            fill_y: y.map(self.fill),
            measured_y: y.map(self.measured.rate()),
            interval_y: (y.map_clamped(low), y.map_clamped(high)),
        }
    }
}

/// The pixel positions of one live point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointMarks {
    /// Horizontal position of n.
    pub x: f64,
    /// Vertical position of (X/m)^k, `None` where it cannot be drawn (0 on a log axis).
    pub fill_y: Option<f64>,
    /// Vertical position of the measured rate, `None` where it cannot be drawn.
    pub measured_y: Option<f64>,
    /// Vertical ends of the 95% interval, pinned to the axis.
    pub interval_y: (f64, f64),
}

/// One row of the chart's table: the predictions at n, and the observations if the filter has
/// passed through n.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateRow {
    /// n.
    pub items: u64,
    /// The predictions.
    pub predicted: Predicted,
    /// The filter's own rate and the measured one, if it has had n items.
    pub observed: Option<Observed>,
}

/// The rate chart's numbers for one playground: now, and after each inserted item.
#[derive(Debug, Clone, PartialEq)]
pub struct RateReadings {
    bits: u32,
    hashes: u32,
    /// The predictions at the current n.
    pub predicted: Predicted,
    /// The filter as it is now.
    pub observed: Observed,
    /// The filter after each of its items, in order (the i-th after i + 1 items).
    pub points: Vec<Observed>,
    /// Probes that test fewer than k different bits, which pass more easily than (X/m)^k says.
    pub short_probes: u32,
}

impl RateReadings {
    /// The readings for `playground`, with the exact rates from `curves` (computed for its m and k
    /// up to at least its n).
    pub fn new(playground: &Playground, curves: &RateCurves) -> Self {
        let params = playground.params();
        let (bits, hashes) = (params.bits, params.hashes);
        let probes = playground.probe_count();
        let items = playground.items().len() as u64;
        Self {
            bits,
            hashes,
            predicted: Predicted::at(curves, bits, hashes, items),
            observed: Observed {
                items,
                fill: playground.stats().false_positive_rate(),
                measured: Measurement {
                    positives: playground.measured_positives(),
                    probes,
                },
            },
            points: playground
                .points()
                .iter()
                .map(|point| Observed::at_point(point, bits, hashes, probes))
                .collect(),
            short_probes: playground.short_probes(),
        }
    }

    /// k.
    pub fn hashes(&self) -> u32 {
        self.hashes
    }

    /// The rows of a table at `items` (each within `curves`), observations from the live points.
    pub fn rows(&self, curves: &RateCurves, items: &[u64]) -> Vec<RateRow> {
        items
            .iter()
            .map(|&row| RateRow {
                items: row,
                predicted: Predicted::at(curves, self.bits, self.hashes, row),
                observed: row
                    .checked_sub(1)
                    .and_then(|position| self.points.get(position as usize))
                    .copied(),
            })
            .collect()
    }

    /// The filter's own rate after each item, for fitting the rate axis around the points.
    pub fn fill_rates(&self) -> impl Iterator<Item = f64> + '_ {
        self.points.iter().map(|point| point.fill)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::chart::{rate_axis_end, Frame};
    use crate::checks::assert_close;
    use crate::filter::BloomFilter;
    use crate::hashing::HashScheme;
    use crate::measure::{playground_probe, wilson_interval, PLAYGROUND_PROBES};
    use crate::params::FilterParams;

    const WORDS: [&str; 6] = ["apple", "banana", "apple", "cherry", "grape", "lemon"];

    fn filled(bits: u32, hashes: u32) -> Playground {
        let mut playground = Playground::new(FilterParams {
            bits,
            hashes,
            scheme: HashScheme::DoubleHashing,
        });
        for word in WORDS {
            playground.insert(word).unwrap();
        }
        playground
    }

    /// Probes a filter built without the playground reports present, by querying every one.
    fn false_positives(filter: &BloomFilter) -> u32 {
        (0..PLAYGROUND_PROBES)
            .filter(|&index| filter.contains(&playground_probe(index)))
            .count() as u32
    }

    #[test]
    fn readings_match_a_filter_built_and_queried_directly() {
        let playground = filled(32, 3);
        let curves = RateCurves::new(32, 3, rate_axis_end(32, 3, 5));
        let readings = RateReadings::new(&playground, &curves);
        let mut filter = BloomFilter::with_scheme(32, 3, HashScheme::DoubleHashing);
        let mut after_each = Vec::new();
        for word in ["apple", "banana", "cherry", "grape", "lemon"] {
            filter.insert(word);
            let set = f64::from(filter.bits().count_ones());
            after_each.push(((set / 32.0).powi(3), false_positives(&filter)));
        }
        assert_eq!(readings.points.len(), 5, "the duplicate adds no point");
        for (point, &(fill, positives)) in readings.points.iter().zip(&after_each) {
            assert!((point.fill - fill).abs() < 1e-15);
            assert_eq!(point.measured.positives, positives);
            assert_eq!(
                point.measured.rate(),
                f64::from(positives) / f64::from(PLAYGROUND_PROBES)
            );
        }
        // Now is after the last item, and the predictions are the formulas at n = 5.
        assert_eq!(readings.observed, *readings.points.last().unwrap());
        assert_close(readings.predicted.approximate, fpr::approximate(32, 3, 5));
        assert_close(readings.predicted.classic, fpr::classic(32, 3, 5));
        assert_close(readings.predicted.exact, fpr::exact(32, 3, 5));
    }

    #[test]
    fn table_rows_take_the_point_of_their_n() {
        let playground = filled(64, 4);
        let curves = RateCurves::new(64, 4, 20);
        let readings = RateReadings::new(&playground, &curves);
        let rows = readings.rows(&curves, &[0, 2, 5, 20]);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0].observed, None, "no point before the first item");
        assert_eq!(rows[1].observed.map(|o| o.items), Some(2));
        assert_eq!(rows[2].observed, Some(readings.observed));
        assert_eq!(rows[3].observed, None, "the filter has not reached n = 20");
        assert_eq!(rows[3].predicted.exact, fpr::exact(64, 4, 20));
        assert_eq!(rows[0].predicted.approximate, 0.0);
    }

    #[test]
    fn an_empty_filter_reads_zero() {
        let playground = Playground::default();
        let curves = RateCurves::new(32, 3, 20);
        let readings = RateReadings::new(&playground, &curves);
        assert!(readings.points.is_empty());
        assert_eq!(readings.observed.fill, 0.0);
        assert_eq!(readings.observed.measured.rate(), 0.0);
        assert_eq!(readings.observed.measured.probes, PLAYGROUND_PROBES);
        assert_eq!(readings.predicted.exact, 0.0);
    }

    #[test]
    fn marks_by_hand() {
        // n from 0 to 10 over 0–100 px, rate from 0 to 1 over 100–0 px.
        let x = Scale::linear((0.0, 10.0), (0.0, 100.0));
        let y = Scale::linear((0.0, 1.0), (100.0, 0.0));
        let observed = Observed {
            items: 4,
            fill: 0.25,
            measured: Measurement {
                positives: 50,
                probes: 100,
            },
        };
        let marks = observed.marks(&x, &y);
        assert_eq!(marks.x, 40.0);
        assert_eq!(marks.fill_y, Some(75.0));
        assert_eq!(marks.measured_y, Some(50.0));
        let (low, high) = wilson_interval(50, 100);
        assert_eq!(
            marks.interval_y,
            (100.0 - 100.0 * low, 100.0 - 100.0 * high)
        );
        // On a log axis a zero cannot be drawn; its interval starts at the bottom of the axis.
        let frame = Frame::new(400.0, 0.5);
        let log = frame.vertical((1e-4, 1.0), true);
        let nothing = Observed {
            items: 1,
            fill: 0.0,
            measured: Measurement {
                positives: 0,
                probes: 10_000,
            },
        };
        let marks = nothing.marks(&x, &log);
        assert_eq!((marks.fill_y, marks.measured_y), (None, None));
        assert_eq!(marks.interval_y.0, frame.bottom);
        assert!(marks.interval_y.1 < frame.bottom);
    }
}

//! Chapter 6: counting what you stored. A filter keeps no items, but the share of its bits still 0
//! falls as e^(−kn/m), so the number X of set bits gives n̂ = −(m/k)·ln(1 − X/m) (Swamidass and
//! Baldi, 2007). Its spread follows by the delta method; it grows without bound as the filter fills,
//! and a full filter gives no estimate at all.

use super::exercise::{nth, other_words, row, Exercise, Kind, Picture};
use super::figures::{self, BitRow, Figure};
use super::formulas::chapter6 as math;
use super::Block::{self, Derivation, Widget as W, H, P};
use super::{Step, Widget};
use crate::format::significant;
use crate::strings::Lang;
use bloom_core::estimate::items_from_set_bits;
use bloom_core::filter::BloomFilter;
use bloom_core::params::FilterParams;
use bloom_core::words::pick;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    H("h1"),
    P("p1"),
    Block::Figure(zeros_disappear),
    Derivation(&[
        Step {
            math: math::ZERO,
            why: "why_zero",
        },
        Step {
            math: math::EXPECTED,
            why: "why_expected",
        },
        Step {
            math: math::OBSERVED,
            why: "why_observed",
        },
        Step {
            math: math::LOG,
            why: "why_log",
        },
        Step {
            math: math::ESTIMATE,
            why: "why_solve",
        },
    ]),
    P("p2"),
    H("h2"),
    P("p3"),
    Derivation(&[
        Step {
            math: math::INDEPENDENT,
            why: "why_independent",
        },
        Step {
            math: math::SLOPE,
            why: "why_slope",
        },
        Step {
            math: math::DELTA,
            why: "why_delta",
        },
        Step {
            math: math::SD_INDEPENDENT,
            why: "why_sd_independent",
        },
        Step {
            math: math::OCCUPANCY,
            why: "why_occupancy",
        },
        Step {
            math: math::SD,
            why: "why_sd",
        },
    ]),
    P("p4"),
    H("h3"),
    P("p5"),
    W(Widget::Estimate),
    P("p6"),
    Block::Exercise,
    H("h4"),
    P("p7"),
    P("p8"),
];

/// m of the estimate widget (`components::estimate_demo`), whose numbers the worked example reads.
pub const DEMO_BITS: u32 = 128;
/// k of the estimate widget.
pub const DEMO_HASHES: u32 = 3;
/// Items the widget adds per click.
pub const DEMO_STEP: usize = 10;
/// Clicks after which the worked example stops looking for a full filter.
const DEMO_MAX_ROUNDS: u64 = 100;

/// One row of the estimate widget: n items in, X bits set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoRow {
    /// n, the true number of items.
    pub items: u64,
    /// X, the bits set.
    pub set_bits: u32,
}

/// The rows the estimate widget shows, click after click, until every bit is set: round r inserts
/// "word r" for the ten words `pick(r, 10)`, as the widget does; each with the filter's bits then.
fn demo_walk() -> Vec<(DemoRow, Vec<bool>)> {
    let mut filter =
        BloomFilter::with_scheme(DEMO_BITS, DEMO_HASHES, FilterParams::default().scheme);
    let mut rows = Vec::new();
    let mut items = 0;
    for round in 0..DEMO_MAX_ROUNDS {
        for word in pick(round, DEMO_STEP) {
            filter.insert(&format!("{word} {round}"));
            items += 1;
        }
        let set_bits = filter.bits().count_ones();
        let bits = (0..DEMO_BITS)
            .map(|index| filter.bits().get(index))
            .collect();
        rows.push((DemoRow { items, set_bits }, bits));
        if set_bits == DEMO_BITS {
            break;
        }
    }
    rows
}

/// The rows the estimate widget shows, click after click, until every bit is set.
pub fn demo_rows() -> Vec<DemoRow> {
    demo_walk().into_iter().map(|(row, _)| row).collect()
}

/// The widget's rows at the figure's three moments: sparse, about three quarters full, and one
/// short of full, each with the filter's bits then.
pub fn figure_rows() -> Vec<(DemoRow, Vec<bool>)> {
    let mut rows = demo_walk();
    let last = rows
        .iter()
        .position(|(row, _)| row.set_bits == DEMO_BITS - 1)
        .unwrap_or(rows.len() - 1);
    let wanted = [1, 5, last];
    rows.truncate(last + 1);
    rows.into_iter()
        .enumerate()
        .filter(|(round, _)| wanted.contains(round))
        .map(|(_, row)| row)
        .collect()
}

/// The widget's filter three times: n, X and n̂ over its bits as they fill.
fn zeros_disappear(_lang: Lang) -> Figure {
    let rows: Vec<BitRow> = figure_rows()
        .into_iter()
        .map(|(row, bits)| BitRow {
            label: format!(
                "n = {}   X = {}   n̂ = {}",
                row.items,
                row.set_bits,
                significant(
                    items_from_set_bits(row.set_bits, DEMO_BITS, DEMO_HASHES)
                        .unwrap_or(f64::INFINITY)
                )
            ),
            bits,
            probed: Vec::new(),
        })
        .collect();
    Figure {
        caption: "figure",
        svg: figures::bit_rows(&rows, 32),
    }
}

/// The standard deviation of n̂ after n items when the m bits are treated as independent, each 0
/// with probability q = e^(−kn/m): (m/k)·√((1 − q)/(m·q)).
pub fn spread_if_independent(bits: u32, hashes: u32, items: f64) -> f64 {
    let (m, k) = (f64::from(bits), f64::from(hashes));
    let zero = (-k * items / m).exp();
    m / k * ((1.0 - zero) / (m * zero)).sqrt()
}

/// The standard deviation of n̂ after n items from the exact variance of the number of zero bits
/// (for large m): (1/k)·√(m·(e^c − 1 − c)) with c = kn/m. Smaller than
/// [`spread_if_independent`], because the bits are negatively correlated.
pub fn spread(bits: u32, hashes: u32, items: f64) -> f64 {
    let (m, k) = (f64::from(bits), f64::from(hashes));
    let throws_per_bit = k * items / m;
    (m * (throws_per_bit.exp_m1() - throws_per_bit)).sqrt() / k
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let rows = demo_rows();
    let estimate = |row: &DemoRow| {
        items_from_set_bits(row.set_bits, DEMO_BITS, DEMO_HASHES).unwrap_or(f64::INFINITY)
    };
    let spread_at = |row: &DemoRow| spread(DEMO_BITS, DEMO_HASHES, row.items as f64);
    // Two clicks in, and six: sparse, then about three quarters full.
    let (early, middle) = (rows[1], rows[5]);
    // Near the end the widget sits one bit short of full for several clicks, then fills.
    let full = rows.iter().find(|row| row.set_bits == DEMO_BITS);
    let one_short: Vec<&DemoRow> = rows
        .iter()
        .filter(|row| row.set_bits == DEMO_BITS - 1)
        .collect();
    let items = |row: Option<&&DemoRow>| row.map_or("—".into(), |row| lang.count(row.items));
    let largest = items_from_set_bits(DEMO_BITS - 1, DEMO_BITS, DEMO_HASHES).unwrap_or(0.0);
    vec![
        ("demo_m", DEMO_BITS.to_string()),
        ("demo_k", DEMO_HASHES.to_string()),
        ("demo_step", DEMO_STEP.to_string()),
        ("early_n", lang.count(early.items)),
        ("early_x", lang.count(u64::from(early.set_bits))),
        ("early_estimate", significant(estimate(&early))),
        ("early_sd", significant(spread_at(&early))),
        (
            "early_sd_independent",
            significant(spread_if_independent(
                DEMO_BITS,
                DEMO_HASHES,
                early.items as f64,
            )),
        ),
        ("middle_n", lang.count(middle.items)),
        ("middle_x", lang.count(u64::from(middle.set_bits))),
        ("middle_estimate", significant(estimate(&middle))),
        ("middle_sd", significant(spread_at(&middle))),
        (
            "middle_relative",
            format!(
                "{}%",
                significant(spread_at(&middle) / middle.items as f64 * 100.0)
            ),
        ),
        ("stuck_from_n", items(one_short.first())),
        ("stuck_to_n", items(one_short.last())),
        ("stuck_x", lang.count(u64::from(DEMO_BITS - 1))),
        ("stuck_estimate", significant(largest)),
        ("full_n", items(full.as_ref())),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &["m", "k", "x", "estimate", "n", "right", "answer"];

/// Round `round` of the chapter's exercise (its numbers need no language): how many items a filter
/// holds, read from the bits it has set.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    let (m, k) = (64, 3);
    let n = nth(&[10usize, 14, 7, 18, 12, 22], round);
    let mut filter = BloomFilter::new(m, k);
    for word in other_words(round as usize * 23 + 7).take(n) {
        filter.insert(word);
    }
    let x = filter.bits().count_ones();
    let estimate = items_from_set_bits(x, m, k).unwrap_or(f64::INFINITY);
    Exercise {
        chapter: 6,
        round,
        pictures: vec![Picture {
            name: None,
            bits: row(&filter),
            marked: Vec::new(),
        }],
        // The estimate as the explanation rounds it; within 10 % of it, or 1 if that is wider.
        kind: Kind::Number {
            right: estimate.round(),
            tolerance: (estimate * 0.1).max(1.0),
            range: (0, 1000),
        },
        facts: vec![
            ("m", m.to_string()),
            ("k", k.to_string()),
            ("x", x.to_string()),
            ("estimate", significant(estimate)),
            ("n", n.to_string()),
            ("right", format!("{}", estimate.round() as u64)),
        ],
        given: vec![format!("m={m}"), format!("k={k}")],
        number_fact: None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::{fact_of, Answer};
    use bloom_core::measure::ProbeSet;
    use bloom_core::playground::Playground;
    use bloom_core::words::SplitMix64;

    fn fact(key: &str) -> String {
        checks::fact(facts, Lang::English, key)
    }

    #[test]
    fn the_demo_rows_are_what_the_widget_shows() {
        // The widget's own path: a playground, ten "word round" items per click, its live points.
        let params = FilterParams {
            bits: DEMO_BITS,
            hashes: DEMO_HASHES,
            ..FilterParams::default()
        };
        let no_probes = ProbeSet::new(
            std::iter::empty::<&str>(),
            DEMO_BITS,
            DEMO_HASHES,
            params.scheme,
        );
        let mut playground = Playground::with_probes(params, std::rc::Rc::new(no_probes));
        let rows = demo_rows();
        for round in 0..rows.len() as u64 {
            for word in pick(round, 10) {
                playground.insert(&format!("{word} {round}")).unwrap();
            }
        }
        let shown: Vec<DemoRow> = playground
            .points()
            .iter()
            .filter(|point| point.items % 10 == 0 && point.items > 0)
            .map(|point| DemoRow {
                items: point.items,
                set_bits: point.set_bits,
            })
            .collect();
        assert_eq!(shown, rows);
    }

    #[test]
    fn the_figure_shows_the_widgets_bits_at_three_moments() {
        let rows = demo_rows();
        let shown = figure_rows();
        assert_eq!(shown.len(), 3);
        assert_eq!(shown[0].0, rows[1]);
        assert_eq!(shown[1].0, rows[5]);
        assert_eq!(shown[2].0.set_bits, DEMO_BITS - 1);
        assert_eq!(fact("stuck_from_n"), shown[2].0.items.to_string());
        // Each drawing's bits are the widget's own count.
        for (row, bits) in &shown {
            assert_eq!(bits.iter().filter(|&&set| set).count() as u32, row.set_bits);
        }
        let drawn = zeros_disappear(Lang::English).svg;
        let set: u32 = shown.iter().map(|(row, _)| row.set_bits).sum();
        assert_eq!(figures::set_cells_drawn(&drawn) as u32, set);
        assert!(drawn.contains(&format!(
            "n = {}   X = {}   n̂ = {}",
            rows[5].items,
            rows[5].set_bits,
            fact("middle_estimate")
        )));
    }

    #[test]
    fn the_worked_example_reads_the_estimate_right() {
        // The textbook form n ≈ (m/k)·ln(m/m₀), m₀ the zero bits: 46 set of 128 after 20 items.
        let by_zeros = |set: u32| {
            let (m, k) = (f64::from(DEMO_BITS), f64::from(DEMO_HASHES));
            m / k * (m / (m - f64::from(set))).ln()
        };
        assert_eq!(
            (fact("early_n"), fact("early_x")),
            ("20".into(), "46".into())
        );
        assert_eq!(fact("early_estimate"), significant(by_zeros(46)));
        assert_eq!(fact("early_estimate"), "19");
        assert_eq!(
            (fact("middle_n"), fact("middle_x")),
            ("60".into(), "94".into())
        );
        assert_eq!(fact("middle_estimate"), significant(by_zeros(94)));
        assert_eq!(fact("middle_estimate"), "56.6");
        // The estimate lies within one standard deviation of the truth, as the prose says.
        assert!((by_zeros(94) - 60.0).abs() < spread(DEMO_BITS, DEMO_HASHES, 60.0));
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("middle_sd", "4.88"),
                ("middle_relative", "8.13%"),
                ("early_sd", "1.36"),
                ("early_sd_independent", "2.92"),
            ],
        );
        // One bit short of full from 120 to 160 items, every click in between too; full at 170.
        assert_eq!(
            (fact("stuck_from_n"), fact("stuck_to_n")),
            ("120".into(), "160".into())
        );
        let rows = demo_rows();
        let stuck: Vec<u64> = rows
            .iter()
            .filter(|row| row.set_bits == DEMO_BITS - 1)
            .map(|row| row.items)
            .collect();
        assert_eq!(stuck, [120, 130, 140, 150, 160]);
        assert_eq!(fact("full_n"), "170");
        assert_eq!(rows.last().unwrap().set_bits, DEMO_BITS);
        // (m/k)·ln m = (128/3)·7·ln 2 = 207.0, the largest finite estimate.
        assert_eq!(
            fact("stuck_estimate"),
            significant(128.0 / 3.0 * 7.0 * std::f64::consts::LN_2)
        );
        assert_eq!(fact("stuck_estimate"), "207");
    }

    /// The standard deviation of n̂ by the delta method on the exact finite-m variance of the
    /// number Z of zero bits after t = kn uniform bit choices:
    /// Var(Z) = m(1 − 1/m)^t + m(m − 1)(1 − 2/m)^t − m²(1 − 1/m)^(2t).
    fn spread_from_exact_variance(bits: u32, hashes: u32, items: f64) -> f64 {
        let (m, k) = (f64::from(bits), f64::from(hashes));
        let throws = k * items;
        let zero = (1.0 - 1.0 / m).powf(throws);
        let variance =
            m * zero + m * (m - 1.0) * (1.0 - 2.0 / m).powf(throws) - m * m * zero * zero;
        variance.sqrt() / (k * zero)
    }

    #[test]
    fn the_spread_matches_a_simulation_and_independence_overstates_it() {
        let mut rng = SplitMix64::new(6);
        for items in [10u32, 20, 60] {
            let trials = 20_000;
            let (mut sum, mut sum_squares) = (0.0, 0.0);
            for _ in 0..trials {
                let mut set = [false; DEMO_BITS as usize];
                for _ in 0..DEMO_HASHES * items {
                    set[rng.below(DEMO_BITS) as usize] = true;
                }
                let x = set.iter().filter(|&&bit| bit).count() as u32;
                let estimate = items_from_set_bits(x, DEMO_BITS, DEMO_HASHES).unwrap();
                sum += estimate;
                sum_squares += estimate * estimate;
            }
            let mean = sum / f64::from(trials);
            let simulated = (sum_squares / f64::from(trials) - mean * mean).sqrt();
            let n = f64::from(items);
            let formula = spread(DEMO_BITS, DEMO_HASHES, n);
            assert!(
                (simulated / formula - 1.0).abs() < 0.05,
                "n = {items}: simulated {simulated}, formula {formula}"
            );
            let exact = spread_from_exact_variance(DEMO_BITS, DEMO_HASHES, n);
            assert!(
                (exact / formula - 1.0).abs() < 0.03,
                "n = {items}: {exact} vs {formula}"
            );
            // Treating the bits as independent gives far more: twice as much at 20 items.
            let independent = spread_if_independent(DEMO_BITS, DEMO_HASHES, n);
            assert!(independent > 1.25 * simulated, "n = {items}: {independent}");
            // Its two written forms agree: (m/k)·√((1 − q)/(mq)) = (1/k)·√(m(e^(kn/m) − 1)).
            let c = f64::from(DEMO_HASHES) * n / f64::from(DEMO_BITS);
            let other_form =
                (f64::from(DEMO_BITS) * (c.exp() - 1.0)).sqrt() / f64::from(DEMO_HASHES);
            assert!((independent - other_form).abs() < 1e-9);
        }
    }

    #[test]
    fn the_exercise_estimate_is_the_formula_on_the_bits_shown() {
        crate::strings::tests::install_all();
        // n̂ = −(m/k)·ln(1 − X/m) from the bits shown.
        let six = exercise(0, Lang::English);
        let x = six.pictures[0].bits.iter().filter(|bit| **bit).count() as f64;
        let estimate = -(64.0 / 3.0) * (1.0 - x / 64.0).ln();
        assert_eq!(
            fact_of(&six.facts, "right"),
            format!("{}", estimate.round())
        );
    }

    #[test]
    fn an_estimate_within_one_of_the_rounded_estimate_counts() {
        crate::strings::tests::install_all();
        for round in 0..12 {
            let six = exercise(round, Lang::English);
            let right: u64 = fact_of(&six.facts, "right").parse().unwrap();
            for answer in [right - 1, right, right + 1] {
                assert!(
                    six.check(&Answer::Number(answer), Lang::English).right,
                    "{round}: {answer} of {right}"
                );
            }
        }
    }
}

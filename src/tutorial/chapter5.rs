//! Chapter 5: choosing m and k. For a fixed m and n the rate (1 − e^(−kn/m))^k is lowest when half
//! the bits stay 0, at k = (m/n)·ln 2, where p = (1/2)^k; turned round, a target p costs
//! m = −n·ln p / (ln 2)² bits, about 1.44·log₂(1/p) per item. The chapter derives both, checks a
//! published sizing table against them and works through the calculator's preset.

use std::f64::consts::LN_2;

use super::exercise::{nth, Exercise, Kind};
use super::figures::{self, Figure};
use super::formulas::chapter5 as math;
use super::Block::{self, Derivation, Widget as W, H, P};
use super::{Step, Table, Widget};
use crate::format::{count, fixed, percent_compact, percent_plain, significant};
use crate::strings::Lang;
use bloom_core::fpr;
use bloom_core::sizing::{self, bytes, optimal_bits, optimal_hashes, Given, Solution};

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    H("h1"),
    P("p1"),
    Block::Figure(rate_by_hashes),
    Derivation(&[
        Step {
            math: math::RATE,
            why: "why_rate",
        },
        Step {
            math: math::LOG,
            why: "why_log",
        },
        Step {
            math: math::SUBSTITUTE,
            why: "why_substitute",
        },
        Step {
            math: math::SYMMETRIC,
            why: "why_symmetric",
        },
        Step {
            math: math::HALF,
            why: "why_half",
        },
        Step {
            math: math::OPTIMAL_K,
            why: "why_optimum",
        },
        Step {
            math: math::POWER,
            why: "why_power",
        },
    ]),
    P("p2"),
    H("h2"),
    P("p3"),
    Derivation(&[
        Step {
            math: math::SIZE_LOG,
            why: "why_size_log",
        },
        Step {
            math: math::SIZE,
            why: "why_size_solve",
        },
        Step {
            math: math::PER_ITEM,
            why: "why_size_per_item",
        },
    ]),
    P("p4"),
    H("h3"),
    P("p5"),
    Block::Table(slide_table),
    P("p6"),
    H("h4"),
    P("p7"),
    W(Widget::Calculator),
    P("p8"),
    Block::Exercise,
    H("h5"),
    P("p9"),
    P("p10"),
];

/// n of the calculator's preset on this chapter's page (`n=1M&p=1%`), the worked example.
pub const CALCULATOR_ITEMS: f64 = 1e6;

/// The bits per item of the figure's filter.
pub const FIGURE_BITS_PER_ITEM: f64 = 8.0;
/// The largest k the figure draws.
pub const FIGURE_HASHES: u32 = 10;

/// The figure's rates (1 − e^(−k/(m/n)))^k for k = 1 … [`FIGURE_HASHES`], and the best whole k.
pub fn figure_rates() -> (Vec<f64>, u32) {
    let rates: Vec<f64> = (1..=FIGURE_HASHES)
        .map(|k| sizing::rate(1.0, FIGURE_BITS_PER_ITEM, f64::from(k)))
        .collect();
    let best = (1..=FIGURE_HASHES)
        .zip(&rates)
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map_or(1, |(k, _)| k);
    (rates, best)
}

/// The rate of a filter with [`FIGURE_BITS_PER_ITEM`] bits per item for each k: a bar for each,
/// the lowest standing out.
fn rate_by_hashes(_lang: Lang) -> Figure {
    let (rates, best) = figure_rates();
    Figure {
        caption: "figure",
        svg: figures::bars(
            &rates,
            &rates
                .iter()
                .map(|&rate| percent_compact(rate))
                .collect::<Vec<_>>(),
            &(1..=FIGURE_HASHES)
                .map(|k| k.to_string())
                .collect::<Vec<_>>(),
            best as usize - 1,
            "k",
        ),
    }
}
/// The calculator's preset as its link writes it: n and p above.
pub const CALCULATOR_PRESET: &str = "n=1M&p=1%25";
/// p of the calculator's preset on this chapter's page.
pub const CALCULATOR_RATE: f64 = 0.01;

/// The item counts of the slides' sizing table (seed 000): 50万 … 1000万, where 万 = 10⁴ (the
/// slides write it "W").
const SLIDE_ITEMS: [f64; 5] = [5e5, 1e6, 3e6, 5e6, 1e7];
/// The rates the slides call FP1, FP2 and FP3: 0.01 %, 0.001 % and 0.00001 %, as their test section
/// names them (and as m/n = 1.44·log₂(1/p) confirms from their bit counts).
const SLIDE_RATES: [f64; 3] = [1e-4, 1e-5, 1e-7];
/// m as the slides print it, in units of 10⁴ bits: one row per rate, one column per item count.
const SLIDE_BITS_WAN: [[u32; 5]; 3] = [
    [958, 1917, 5751, 9585, 19170],
    [1198, 2396, 7188, 11981, 23962],
    [1677, 3355, 10064, 16773, 33547],
];
/// k as the slides print it, one per rate (the same for every item count).
const SLIDE_HASHES: [u32; 3] = [13, 17, 23];
/// The memory as the slides print it, in whole MiB ("1M" is 1 MiB: 2²⁰ bytes, not 10⁶).
const SLIDE_MEBIBYTES: [[u32; 5]; 3] = [[1, 2, 6, 11, 22], [1, 2, 8, 14, 28], [1, 3, 11, 19, 39]];

/// The slides count bits in 万, ten thousand.
const WAN: f64 = 1e4;
/// Bytes in a mebibyte.
const MEBIBYTE: f64 = 1_048_576.0;

/// How a figure the slides print compares with the computed one, in the slides' unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// The printed figure is the computed one rounded to the unit.
    Rounded,
    /// The printed figure is the computed one with its fraction dropped (and rounding would differ).
    CutOff,
    /// Neither: the printed figure is wrong.
    Differs,
}

impl Agreement {
    /// Compares `printed` with `computed`, both in the printed figure's unit.
    pub fn of(printed: u32, computed: f64) -> Agreement {
        let printed = f64::from(printed);
        if printed == computed.round() {
            Agreement::Rounded
        } else if printed == computed.floor() {
            Agreement::CutOff
        } else {
            Agreement::Differs
        }
    }

    /// The mark the table puts beside the printed figure (its caption explains them).
    pub fn mark(self) -> &'static str {
        match self {
            Agreement::Rounded => "✓",
            Agreement::CutOff => "↓",
            Agreement::Differs => "✗",
        }
    }
}

/// One row of the slides' table: what the formulas give and what the slides print.
#[derive(Debug, Clone, Copy, PartialEq)]
struct SlideRow {
    items: f64,
    rate: f64,
    /// m = ⌈−n·ln p / (ln 2)²⌉.
    bits: f64,
    /// k = round((m/n)·ln 2).
    hashes: f64,
    /// ⌈m/8⌉.
    bytes: f64,
    printed_bits_wan: u32,
    printed_hashes: u32,
    printed_mebibytes: u32,
}

impl SlideRow {
    /// How the printed m, k and memory compare with the computed ones (k against the real
    /// optimum (m/n)·ln 2, which the slides had to round too).
    fn agreements(&self) -> [Agreement; 3] {
        [
            Agreement::of(self.printed_bits_wan, self.bits / WAN),
            Agreement::of(self.printed_hashes, self.bits / self.items * LN_2),
            Agreement::of(self.printed_mebibytes, self.bytes / MEBIBYTE),
        ]
    }
}

/// The slides' rows, rate by rate, then item count by item count.
fn slide_rows() -> Vec<SlideRow> {
    let mut rows = Vec::new();
    for (which, &rate) in SLIDE_RATES.iter().enumerate() {
        for (column, &items) in SLIDE_ITEMS.iter().enumerate() {
            let bits = optimal_bits(items, rate);
            rows.push(SlideRow {
                items,
                rate,
                bits,
                hashes: optimal_hashes(bits, items),
                bytes: bytes(bits),
                printed_bits_wan: SLIDE_BITS_WAN[which][column],
                printed_hashes: SLIDE_HASHES[which],
                printed_mebibytes: SLIDE_MEBIBYTES[which][column],
            });
        }
    }
    rows
}

/// A bit count in the slides' unit, as the table and the prose write it: "1917 × 10⁴".
fn in_wan(figure: impl std::fmt::Display) -> String {
    format!("{figure}\u{a0}×\u{a0}10⁴")
}

/// The slides' sizing table, every figure recomputed, with the slides' own beside it and marked.
fn slide_table(lang: Lang) -> Table {
    let head: [&str; 8] = match lang {
        Lang::English => [
            "n", "p", "m (bits)", "slides", "k", "slides", "memory", "slides",
        ],
        Lang::Chinese => [
            "n",
            "p",
            "m（位）",
            "幻灯片",
            "k",
            "幻灯片",
            "内存",
            "幻灯片",
        ],
        Lang::Japanese => [
            "n",
            "p",
            "m（ビット）",
            "スライド",
            "k",
            "スライド",
            "メモリ",
            "スライド",
        ],
    };
    let rows = slide_rows()
        .iter()
        .map(|row| {
            let [bits, hashes, memory] = row.agreements();
            vec![
                lang.count(row.items as u64),
                percent_plain(row.rate),
                count(row.bits),
                format!("{} {}", in_wan(row.printed_bits_wan), bits.mark()),
                count(row.hashes),
                format!("{} {}", row.printed_hashes, hashes.mark()),
                lang.size(row.bytes),
                format!(
                    "{} {}",
                    lang.size(f64::from(row.printed_mebibytes) * MEBIBYTE),
                    memory.mark()
                ),
            ]
        })
        .collect();
    Table {
        caption: "table_slides",
        head: head.iter().map(|label| label.to_string()).collect(),
        rows,
    }
}

/// A rate close to a round target, with enough digits to show how far off it is: "1.004%".
fn percent_close(fraction: f64) -> String {
    format!("{}%", fixed(fraction * 100.0, 3))
}

/// What the calculator shows for its preset: m and k from n and p, by the calculator's own path.
fn calculator_preset() -> Solution {
    sizing::solve(Given {
        items: Some(CALCULATOR_ITEMS),
        rate: Some(CALCULATOR_RATE),
        ..Given::default()
    })
    .expect("n and p are enough to size a filter")
}

/// The figure's numbers: its bits per item, its k, the best whole k, its rate and fill.
fn figure_facts() -> Vec<(&'static str, String)> {
    let (figure, best) = figure_rates();
    let best_load = f64::from(best) / FIGURE_BITS_PER_ITEM;
    vec![
        ("fig_ratio", significant(FIGURE_BITS_PER_ITEM)),
        ("fig_k_max", FIGURE_HASHES.to_string()),
        ("fig_best_k", best.to_string()),
        ("fig_best_rate", percent_compact(figure[best as usize - 1])),
        ("fig_k_real", significant(FIGURE_BITS_PER_ITEM * LN_2)),
        ("fig_best_fill", percent_compact(1.0 - (-best_load).exp())),
    ]
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let rows = slide_rows();
    let row = |rate: usize, items: usize| rows[rate * SLIDE_ITEMS.len() + items];
    let marks: Vec<Agreement> = rows.iter().flat_map(SlideRow::agreements).collect();
    let tally = |wanted: Agreement| marks.iter().filter(|&&mark| mark == wanted).count() as f64;
    // The slides' bits per item for 100万 items, and the rate 1.44·log₂(1/p) = m/n then implies.
    let implied = |which: usize| {
        let per_item = f64::from(SLIDE_BITS_WAN[which][1]) * WAN / SLIDE_ITEMS[1];
        (per_item, (-per_item * LN_2 * LN_2).exp())
    };
    // The examples the prose discusses: a bit count cut off, one rounded up, a memory figure cut
    // to half of what the filter takes.
    let (cut, rounded_up, memory_cut) = (row(0, 0), row(2, 1), row(2, 0));
    let preset = calculator_preset();
    let (n, m, k) = (preset.items, preset.bits, preset.hashes);
    let met = preset.bits_to_meet_target().unwrap_or(m);
    let over = |factor: f64| sizing::rate(n * factor, m, k);
    let mut facts = figure_facts();
    facts.extend([
        ("bits_1pct", significant(optimal_bits(1e6, 0.01) / 1e6)),
        (
            "k_1pct",
            count(optimal_hashes(optimal_bits(1e6, 0.01), 1e6)),
        ),
        ("bits_01pct", significant(optimal_bits(1e6, 0.001) / 1e6)),
        ("log_factor", significant(1.0 / LN_2)),
        ("bits_per_decade", significant(10f64.log2() / LN_2)),
        ("bits_001pct", significant(optimal_bits(1e6, 1e-4) / 1e6)),
        // (1/2)^(ln 2), the factor p shrinks by per extra bit per item at the best k.
        ("half_base", fixed(0.5f64.powf(LN_2), 4)),
        ("slide_n", lang.count(SLIDE_ITEMS[1] as u64)),
        ("slide_m_1", in_wan(SLIDE_BITS_WAN[0][1])),
        ("slide_ratio_1", fixed(implied(0).0, 2)),
        ("slide_implied_1", significant(implied(0).1)),
        ("slide_implied_2", significant(implied(1).1)),
        ("slide_implied_3", significant(implied(2).1)),
        ("slide_rate_1", percent_plain(SLIDE_RATES[0])),
        ("slide_rate_2", percent_plain(SLIDE_RATES[1])),
        ("slide_rate_3", percent_plain(SLIDE_RATES[2])),
        ("slide_figures", count(marks.len() as f64)),
        ("slide_rounded", count(tally(Agreement::Rounded))),
        ("slide_cut", count(tally(Agreement::CutOff))),
        ("slide_differs", count(tally(Agreement::Differs))),
        ("cut_n", lang.count(cut.items as u64)),
        ("cut_computed", in_wan(fixed(cut.bits / WAN, 2))),
        ("cut_printed", in_wan(cut.printed_bits_wan)),
        ("up_n", lang.count(rounded_up.items as u64)),
        ("up_computed", in_wan(fixed(rounded_up.bits / WAN, 2))),
        ("up_printed", in_wan(rounded_up.printed_bits_wan)),
        ("mem_n", lang.count(memory_cut.items as u64)),
        ("mem_computed", lang.size(memory_cut.bytes)),
        (
            "mem_printed",
            lang.size(f64::from(memory_cut.printed_mebibytes) * MEBIBYTE),
        ),
        ("slide_k_1", SLIDE_HASHES[0].to_string()),
        ("slide_k_2", SLIDE_HASHES[1].to_string()),
        ("slide_k_3", SLIDE_HASHES[2].to_string()),
        ("calc_n", lang.count(n as u64)),
        ("calc_p", percent_compact(CALCULATOR_RATE)),
        ("calc_m", count(m)),
        ("calc_per_item", significant(preset.bits_per_item())),
        ("calc_k_real", significant(m / n * LN_2)),
        ("calc_k", count(k)),
        ("calc_rate_k", percent_close(preset.rate)),
        ("calc_bits_target", count(met)),
        ("calc_extra_bits", count(met - m)),
        ("calc_bytes", count(preset.bytes())),
        ("calc_size", lang.size(preset.bytes())),
        ("calc_size_as_bytes", lang.size(m)),
        ("calc_fill", percent_compact(1.0 - (-k * n / m).exp())),
        ("over_n_15", lang.count((n * 1.5) as u64)),
        ("over_rate_15", percent_compact(over(1.5))),
        ("over_n_2", lang.count((n * 2.0) as u64)),
        ("over_rate_2", percent_compact(over(2.0))),
        (
            "over_factor_2",
            significant((over(2.0) / CALCULATOR_RATE).round()),
        ),
    ]);
    facts
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`); `{p_answer}` is the rate
/// at the reader's k.
pub const EXERCISE_BLANKS: &[&str] = &[
    "m", "n", "k_real", "k_lo", "k_hi", "p_lo", "p_hi", "right", "answer", "p_answer",
];

/// m and n of the exercise's rounds.
const EXERCISE_SIZES: [(u32, u32); 5] = [
    (1000, 100),
    (2048, 200),
    (600, 40),
    (10_000, 700),
    (4096, 512),
];

/// Round `round` of the chapter's exercise, its numbers written in `lang`: the best whole k for m
/// bits and n items, between the whole numbers either side of (m/n)·ln 2.
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    let (m, n) = nth(&EXERCISE_SIZES, round);
    let (m_f, n_f) = (f64::from(m), f64::from(n));
    let k_real = m_f / n_f * LN_2;
    let (k_lo, k_hi) = (k_real.floor().max(1.0), k_real.ceil().max(1.0));
    let best = best_whole_hashes(m_f, n_f);
    Exercise {
        chapter: 5,
        round,
        pictures: Vec::new(),
        kind: Kind::Number {
            right: f64::from(best),
            tolerance: 0.0,
            range: (1, 64),
        },
        facts: vec![
            ("m", lang.count(u64::from(m))),
            ("n", lang.count(u64::from(n))),
            ("k_real", significant(k_real)),
            ("k_lo", significant(k_lo)),
            ("k_hi", significant(k_hi)),
            ("p_lo", percent_compact(sizing::rate(n_f, m_f, k_lo))),
            ("p_hi", percent_compact(sizing::rate(n_f, m_f, k_hi))),
            ("right", best.to_string()),
        ],
        given: vec![format!("m={m}"), format!("n={n}")],
        number_fact: Some(rate_at_answer),
    }
}

/// The explanation's `{p_answer}`: the rate at the k the reader typed, for round `round`'s m and n.
fn rate_at_answer(round: u32, hashes: u64) -> (&'static str, String) {
    let (m, n) = nth(&EXERCISE_SIZES, round);
    let rate = sizing::rate(f64::from(n), f64::from(m), hashes as f64);
    ("p_answer", percent_compact(rate))
}

/// The whole number of hash functions with the lowest rate (1 − e^(−kn/m))^k for m bits and n items
/// (the smaller one on a tie).
pub fn best_whole_hashes(bits: f64, items: f64) -> u32 {
    let rates: Vec<f64> = (1..=64u32)
        .map(|k| sizing::rate(items, bits, f64::from(k)))
        .collect();
    fpr::best_whole_hashes(&rates).0
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::{fact_of, Answer};

    #[test]
    fn the_calculator_opens_on_the_preset_the_prose_works_through() {
        use crate::state::calculator::{CalculatorState, Field};
        let state = CalculatorState::from_query(CALCULATOR_PRESET);
        assert_eq!(state.parsed(Field::Items), Some(Ok(CALCULATOR_ITEMS)));
        assert_eq!(state.parsed(Field::Rate), Some(Ok(CALCULATOR_RATE)));
    }

    fn fact(lang: Lang, key: &str) -> String {
        checks::fact(facts, lang, key)
    }

    #[test]
    fn the_figure_finds_the_best_k_by_a_scan_of_the_formula() {
        // (1 − e^(−k/8))^k for k = 1 … 10, written out: 6 is lowest, 8·ln 2 = 5.545 real.
        let rates: Vec<f64> = (1..=10)
            .map(|k| (1.0 - (-f64::from(k) / 8.0).exp()).powi(k))
            .collect();
        let (rates_drawn, best) = figure_rates();
        assert_eq!(best, 6);
        for (drawn, expected) in rates_drawn.iter().zip(&rates) {
            assert!((drawn - expected).abs() < 1e-12);
        }
        assert!(rates[5] < rates[4] && rates[5] < rates[6]);
        assert_eq!(fact(Lang::English, "fig_best_rate"), "2.16%");
        assert_eq!(fact(Lang::English, "fig_k_real"), "5.55");
        // 1 − e^(−6/8) = 0.5276…: about half, as the derivation says.
        assert_eq!(fact(Lang::English, "fig_best_fill"), "52.8%");
        let drawn = rate_by_hashes(Lang::English).svg;
        assert_eq!(drawn.matches("bar best").count(), 1);
        assert!(drawn.contains(">2.16%<") && drawn.contains(">11.8%<"));
    }

    #[test]
    fn the_sizing_facts_match_an_independent_computation() {
        // m/n = −ln p / (ln 2)², k = (m/n)·ln 2: at p = 1%, 9.585… bits and 6.64… → 7 hashes.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("k_1pct", "7"),
                ("bits_1pct", "9.59"),
                ("bits_001pct", "19.2"),
                ("bits_per_decade", "4.79"),
                // (1/2)^(ln 2) = e^(−(ln 2)²) = 0.61850…
                ("half_base", "0.6185"),
            ],
        );
    }

    #[test]
    fn the_typed_constants_in_the_formulas_are_right() {
        // The derivation's last lines round e^(−(ln 2)²) and 1/ln 2; check them by another route:
        // 2^(−ln 2) and log₂ e.
        let base = 2f64.powf(-LN_2);
        assert!(
            math::POWER.contains(&format!("<mn>{base:.4}</mn>")),
            "{base}"
        );
        let factor = std::f64::consts::LOG2_E;
        assert!(
            math::PER_ITEM.contains(&format!("<mn>{factor:.2}</mn>")),
            "{factor}"
        );
    }

    #[test]
    fn ln_q_times_ln_one_minus_q_peaks_at_one_half() {
        // The step the derivation argues by symmetry, checked on a fine grid of q.
        let h = |q: f64| q.ln() * (1.0 - q).ln();
        let best = (1..10_000).map(|i| f64::from(i) / 10_000.0).fold(
            (0.0, f64::NEG_INFINITY),
            |best, q| {
                if h(q) > best.1 {
                    (q, h(q))
                } else {
                    best
                }
            },
        );
        assert_eq!(best.0, 0.5);
        // And the k it gives is the k that minimises the rate: scan k for m/n = 10.
        let rate = |k: f64| (1.0 - (-k / 10.0f64).exp()).powf(k);
        let scanned = (1..2000)
            .map(|i| f64::from(i) / 100.0)
            .fold(1.0, |best, k| if rate(k) < rate(best) { k } else { best });
        assert!((scanned - 10.0 * LN_2).abs() < 0.01, "{scanned}");
    }

    /// The slides' table, computed once more by their own formula m = n·log₂e·log₂(1/p) (in
    /// Python, rounded up to whole bits), with the verdicts worked out by hand from it.
    const EXPECTED_BITS: [[u64; 5]; 3] = [
        [9_585_059, 19_170_117, 57_510_351, 95_850_584, 191_701_168],
        [11_981_323, 23_962_646, 71_887_938, 119_813_230, 239_626_460],
        [
            16_773_853,
            33_547_705,
            100_643_113,
            167_738_522,
            335_477_044,
        ],
    ];

    #[test]
    fn the_slides_table_is_recomputed_and_each_figure_judged() {
        crate::strings::tests::install_all();
        let table = slide_table(Lang::English);
        assert_eq!(table.rows.len(), 15);
        for (which, expected) in EXPECTED_BITS.iter().enumerate() {
            let p = SLIDE_RATES[which];
            for (column, &bits) in expected.iter().enumerate() {
                let n = SLIDE_ITEMS[column];
                // The slides' own form of the formula, within the ceiling's one bit.
                let by_log2 = n * std::f64::consts::LOG2_E * (1.0 / p).log2();
                assert!((by_log2 - bits as f64).abs() <= 1.0, "{n} {p}");
                let cells = &table.rows[which * 5 + column];
                assert_eq!(cells[2], crate::format::grouped(bits));
                assert_eq!(cells[4], SLIDE_HASHES[which].to_string());
            }
        }
        // Every m the slides print is the computed one to the 万, but cut off where the fraction is
        // ≥ ½ (958.51 → 958, 7188.79 → 7188, …) except 3354.77, rounded up to 3355. Every memory
        // figure is cut to whole MiB: 1.9998 MiB printed as 1M. Every k is k* rounded.
        let column = |index: usize| -> Vec<String> {
            table
                .rows
                .iter()
                .map(|row| row[index].rsplit(' ').next().unwrap().to_string())
                .collect()
        };
        let marks = |text: &str| -> Vec<String> { text.chars().map(String::from).collect() };
        assert_eq!(column(3), marks("↓✓✓✓✓✓✓↓✓↓✓✓✓↓↓"));
        assert_eq!(column(5), marks("✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓"));
        assert_eq!(column(7), marks("✓✓↓✓↓✓↓↓✓↓↓↓↓↓↓"));
        assert_eq!(table.rows[0][3], "958\u{a0}×\u{a0}10⁴ ↓");
        assert_eq!(table.rows[10][6], "2 MiB");
        assert_eq!(table.rows[10][7], "1 MiB ↓");
        assert_eq!(table.rows[0][1], "0.01%");
        assert_eq!(table.rows[14][1], "0.00001%");
        // 45 figures: 30 rounded, 15 cut off, none wrong.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("slide_figures", "45"),
                ("slide_rounded", "30"),
                ("slide_cut", "15"),
                ("slide_differs", "0"),
                ("cut_computed", "958.51\u{a0}×\u{a0}10⁴"),
                ("up_computed", "3354.77\u{a0}×\u{a0}10⁴"),
                ("up_printed", "3355\u{a0}×\u{a0}10⁴"),
                ("mem_computed", "2 MiB"),
            ],
        );
        assert_eq!(fact(Lang::Chinese, "mem_printed"), "1 MiB");
        // 1917万 bits for 100万 items: 19.17 bits each, e^(−19.17·(ln 2)²) = 1.0002\u{a0}×\u{a0}10⁻⁴.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("slide_ratio_1", "19.17"),
                ("slide_implied_1", "1\u{a0}×\u{a0}10⁻⁴"),
                ("slide_implied_2", "1\u{a0}×\u{a0}10⁻⁵"),
                ("slide_implied_3", "9.99\u{a0}×\u{a0}10⁻⁸"),
            ],
        );
    }

    #[test]
    fn the_worked_example_is_the_calculators_preset() {
        crate::strings::tests::install_all();
        // Independently: m = ⌈10⁶·ln 100/(ln 2)²⌉ = 9,585,059; k* = 9.585059·ln 2 = 6.644.
        let m = (1e6 * 100f64.ln() / (LN_2 * LN_2)).ceil();
        assert_eq!(
            fact(Lang::English, "calc_m"),
            crate::format::grouped(m as u64)
        );
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("calc_k_real", "6.64"),
                ("calc_k", "7"),
                // 9,585,059 / 8 = 1,198,132.4 → 1,198,133 bytes = 1.1426 MiB.
                ("calc_bytes", "1,198,133"),
                ("calc_size", "1.14 MiB"),
            ],
        );
        assert_eq!(fact(Lang::Japanese, "calc_size"), "1.14 MiB");
        // A direct loop for the rate: the chance a bit is set, multiplied k times.
        let rate_with = |k: u32, items: f64| {
            let set = 1.0 - (-f64::from(k) * items / m).exp();
            (0..k).fold(1.0, |rate, _| rate * set)
        };
        assert_eq!(
            fact(Lang::English, "calc_rate_k"),
            format!("{:.3}%", rate_with(7, 1e6) * 100.0)
        );
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("calc_rate_k", "1.004%"),
                // With k = 7 the target needs m = ⌈−7n / ln(1 − 0.01^(1/7))⌉ = 9,592,955 bits (Python).
                ("calc_bits_target", "9,592,955"),
                ("calc_extra_bits", "7,896"),
                ("calc_size_as_bytes", "9.14 MiB"),
                ("calc_fill", "51.8%"),
                ("over_rate_15", "5.79%"),
                ("over_rate_2", "15.7%"),
                ("over_factor_2", "16"),
            ],
        );
        assert!((rate_with(7, 2e6) - 0.157_452_9).abs() < 1e-6);
        assert_eq!(fact(Lang::Chinese, "calc_n"), "1,000,000");
    }

    #[test]
    fn the_exercise_k_is_the_best_by_a_scan_of_the_formula() {
        crate::strings::tests::install_all();
        // The best whole k by scanning k = 1 … 20 with the formula written out.
        for round in 0..5 {
            let five = exercise(round, Lang::English);
            let m: f64 = fact_of(&five.facts, "m").replace(',', "").parse().unwrap();
            let n: f64 = fact_of(&five.facts, "n").replace(',', "").parse().unwrap();
            let p = |k: f64| (1.0 - (-k * n / m).exp()).powf(k);
            let best = (1..=20)
                .map(f64::from)
                .fold(1.0, |b, k| if p(k) < p(b) { k } else { b });
            assert_eq!(fact_of(&five.facts, "right"), best.to_string());
            // The explanation's rate at the reader's k is that formula's, at the k typed.
            let checked = five.check(&Answer::Number(2), Lang::English);
            assert_eq!(fact_of(&checked.facts, "p_answer"), percent_compact(p(2.0)));
        }
    }
}

//! Chapter 9: filters that grow. A filter is sized for a planned n; past it the rate climbs fast.
//! A scalable filter (Almeida et al., 2007) adds ever larger and stricter stages as the set grows,
//! so its rate stays below P₀/(1 − r) — if the library's parameters are chosen so. Three libraries'
//! rules are reproduced from their sources and their promises checked against their arithmetic.

use std::f64::consts::LN_2;

use super::exercise::{nth, Exercise};
use super::figures::{self, Figure};
use super::formulas::chapter9 as math;
use super::Block::{self, Derivation, Table as T, Widget as W, H, P};
use super::{Step, Table, Widget};
use crate::format::exact;
use crate::format::{percent_compact, significant};
use crate::share::scalable::{to_query, ScalableLink};
use crate::strings::Lang;
use bloom_core::scalable::{Preset, Probes, ScalableFilter, ScalableOperation, ScalableParams};
use bloom_core::sizing::{bytes, optimal_bits, optimal_hashes, rate};
use bloom_core::words::WORDS;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    H("h2"),
    P("p5"),
    P("p6"),
    Block::Figure(stages),
    Derivation(&[
        Step {
            math: math::ANY_SLICE,
            why: "why_any_slice",
        },
        Step {
            math: math::UNION_BOUND,
            why: "why_union_bound",
        },
        Step {
            math: math::ALL_SLICES,
            why: "why_all_slices",
        },
        Step {
            math: math::GEOMETRIC,
            why: "why_geometric",
        },
    ]),
    P("p7"),
    T(slice_table),
    P("p8"),
    H("h_watch"),
    P("p_watch1"),
    W(Widget::Scalable),
    P("p_watch2"),
    Block::Exercise,
    H("h_libraries"),
    P("p_lib1"),
    T(library_table),
    P("p_lib2"),
    P("p_lib3"),
    P("p_lib4"),
    H("h_next"),
    P("p_next"),
];

/// Bits per counter in a counting filter, as Fan et al. (2000) chose.
const COUNTER_BITS: f64 = 4.0;
/// The set the counting example is sized for: a million items at 1%.
const COUNTING_ITEMS: f64 = 1e6;
/// Its target rate.
const COUNTING_RATE: f64 = 0.01;

/// How far past its planned size the overfull example goes.
const OVERFULL_FACTOR: f64 = 2.0;

/// A scalable filter's first slice's rate, p₀.
const SLICE_RATE: f64 = 0.01;
/// The tightening ratio r: each slice's rate is r times the one before.
const TIGHTENING: f64 = 0.5;
/// The growth factor s: each slice holds s times the items of the one before.
const GROWTH: f64 = 2.0;
/// The first slice's capacity.
const FIRST_CAPACITY: f64 = 1_000.0;
/// How many slices the table shows.
const SLICES: i32 = 5;

/// The rate of slice `i` (0-based) of the example's scalable filter: p₀·rⁱ.
fn slice_rate(i: i32) -> f64 {
    SLICE_RATE * TIGHTENING.powi(i)
}

/// The capacity of slice `i`: the first slice's times sⁱ.
fn slice_capacity(i: i32) -> f64 {
    FIRST_CAPACITY * GROWTH.powi(i)
}

/// The example scalable filter's stages as bars as long as their memory, each with its items and
/// rate over it, and the bound their rates add up to.
fn stages(lang: Lang) -> Figure {
    let rows: Vec<(String, f64)> = (0..SLICES)
        .map(|i| {
            let (items, p) = (slice_capacity(i), slice_rate(i));
            (
                format!(
                    "{}   n = {}   p = {}",
                    i + 1,
                    lang.count(items as u64),
                    percent_compact(p)
                ),
                optimal_bits(items, p),
            )
        })
        .collect();
    let bound: f64 = (0..SLICES).map(slice_rate).sum();
    Figure {
        caption: "figure",
        svg: figures::stage_bars(
            &rows,
            &format!(
                "Σ p = {} < p₀/(1 − r) = {}",
                percent_compact(bound),
                percent_compact(SLICE_RATE / (1.0 - TIGHTENING))
            ),
        ),
    }
}

/// The example scalable filter's first slices: capacity, rate, bits per item, memory, and the bound
/// on the whole filter's rate once that slice exists.
fn slice_table(lang: Lang) -> Table {
    let head: [&str; 6] = match lang {
        Lang::English => [
            "stage",
            "items",
            "rate",
            "bits per item",
            "memory",
            "rate bound so far",
        ],
        Lang::Chinese => [
            "级",
            "容量",
            "误判率",
            "每个元素的位数",
            "内存",
            "目前的误判率上界",
        ],
        Lang::Japanese => [
            "段",
            "要素数",
            "偽陽性率",
            "要素あたりのビット数",
            "メモリ",
            "ここまでの上限",
        ],
    };
    let mut bound = 0.0;
    let rows = (0..SLICES)
        .map(|i| {
            let (items, p) = (slice_capacity(i), slice_rate(i));
            bound += p;
            let bits = optimal_bits(items, p);
            vec![
                (i + 1).to_string(),
                lang.count(items as u64),
                percent_compact(p),
                significant(bits / items),
                lang.size(bytes(bits)),
                percent_compact(bound),
            ]
        })
        .collect();
    Table {
        caption: "table_slices",
        head: head.iter().map(|label| label.to_string()).collect(),
        rows,
    }
}

/// The rate the library example asks for.
const LIBRARY_RATE: f64 = 0.01;

/// Each library's rules side by side: growth, tightening, first stage, stage sizing, and what its
/// arithmetic allows against the rate asked for.
fn library_table(lang: Lang) -> Table {
    let head: [&str; 6] = match lang {
        Lang::English => [
            "rules",
            "s",
            "r",
            "P₀ for p = 1%",
            "stages",
            "rate bound (limit)",
        ],
        Lang::Chinese => [
            "规则",
            "s",
            "r",
            "p = 1% 时的 P₀",
            "各级",
            "误判率上界（极限）",
        ],
        Lang::Japanese => [
            "規則",
            "s",
            "r",
            "p = 1% のときの P₀",
            "段",
            "偽陽性率の上限（極限）",
        ],
    };
    let layout = |sizing| match (lang, sizing) {
        (Lang::English, bloom_core::scalable::StageSizing::Slices) => "one slice per hash",
        (Lang::English, _) => "one array",
        (Lang::Chinese, bloom_core::scalable::StageSizing::Slices) => "每个哈希一片",
        (Lang::Chinese, _) => "单一位数组",
        (Lang::Japanese, bloom_core::scalable::StageSizing::Slices) => "ハッシュごとに 1 スライス",
        (Lang::Japanese, _) => "1 つのビット配列",
    };
    let names = |preset| match preset {
        Preset::Custom => match lang {
            Lang::English => "Almeida et al. (s = 2, r = 0.8)",
            Lang::Chinese => "Almeida 等人（s = 2，r = 0.8）",
            Lang::Japanese => "Almeida ら（s = 2、r = 0.8）",
        },
        Preset::Redis => "RedisBloom",
        Preset::PybloomSmall => "pybloom-live SMALL_SET_GROWTH",
        Preset::PybloomLarge => "pybloom-live LARGE_SET_GROWTH",
        Preset::BloomFiltersJs => "npm bloom-filters",
    };
    let rows = Preset::ALL
        .into_iter()
        .map(|preset| {
            let params = preset.apply(ScalableParams {
                rate: LIBRARY_RATE,
                ..ScalableParams::default()
            });
            vec![
                names(preset).to_owned(),
                params.growth.to_string(),
                significant(params.tightening),
                percent_compact(params.first_stage_rate()),
                layout(params.sizing).to_owned(),
                percent_compact(params.limit()),
            ]
        })
        .collect();
    Table {
        caption: "table_libraries",
        head: head.iter().map(|label| label.to_string()).collect(),
        rows,
    }
}

/// The widget's first state: a first stage of four items, so that a few words typed by hand (or
/// the six already in) show stages being added, each small enough to read bit by bit on a class's
/// wall; the field holds a word not yet in, ready to query or insert.
pub fn widget_link() -> ScalableLink {
    let params = ScalableParams {
        capacity: 4,
        ..ScalableParams::default()
    };
    ScalableLink {
        preset: Preset::Custom,
        params: Preset::Custom.apply(params),
        operations: WORDS[..6]
            .iter()
            .map(|word| ScalableOperation::Add((*word).to_owned()))
            .collect(),
        query: Some(WORDS[6].to_owned()),
        step: None,
    }
}

/// The filter the widget opens with.
fn widget_filter(link: &ScalableLink) -> ScalableFilter {
    ScalableFilter::replay(link.params, &link.operations, &Probes::first(0))
}

/// [`widget_link`] as the widget's link.
pub fn widget_query() -> String {
    to_query(&widget_link())
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let separator = match lang {
        Lang::English => ", ",
        Lang::Chinese | Lang::Japanese => "、",
    };
    // Counting filters.
    let plain_bits = optimal_bits(COUNTING_ITEMS, COUNTING_RATE);

    // A plain filter pushed past its plan.
    let plain_k = optimal_hashes(plain_bits, COUNTING_ITEMS);
    let overfull = rate(COUNTING_ITEMS * OVERFULL_FACTOR, plain_bits, plain_k);

    // Scalable filters.
    let first_rates: Vec<String> = (0..4).map(|i| percent_compact(slice_rate(i))).collect();
    let slice_items: f64 = (0..SLICES).map(slice_capacity).sum();
    let slice_bytes: f64 = (0..SLICES)
        .map(|i| bytes(optimal_bits(slice_capacity(i), slice_rate(i))))
        .sum();
    let slice_bound: f64 = (0..SLICES).map(slice_rate).sum();

    let link = widget_link();
    let (widget, opened) = (link.params, widget_filter(&link));
    let mut facts = vec![
        ("w_items", lang.count(u64::from(opened.items()))),
        ("w_stages", lang.count(opened.stages().len() as u64)),
        ("w_n0", widget.capacity.to_string()),
        ("w_p", percent_compact(widget.rate)),
        ("w_s", widget.growth.to_string()),
        ("w_r", significant(widget.tightening)),
    ];
    facts.extend(library_facts());
    facts.extend([
        ("counter_bits", significant(COUNTER_BITS)),
        ("counting_n", lang.count(COUNTING_ITEMS as u64)),
        ("counting_rate", percent_compact(COUNTING_RATE)),
        (
            "overfull_n",
            lang.count((COUNTING_ITEMS * OVERFULL_FACTOR) as u64),
        ),
        ("overfull_rate", percent_compact(overfull)),
        ("sbf_p0", percent_compact(SLICE_RATE)),
        ("sbf_r", significant(TIGHTENING)),
        ("sbf_s", significant(GROWTH)),
        (
            "sbf_limit",
            percent_compact(SLICE_RATE / (1.0 - TIGHTENING)),
        ),
        ("sbf_rates", first_rates.join(separator)),
        (
            "sbf_bits_step",
            significant(-TIGHTENING.ln() / (LN_2 * LN_2)),
        ),
        (
            "sbf_start",
            percent_compact(SLICE_RATE * (1.0 - TIGHTENING)),
        ),
        ("sbf_target", percent_compact(SLICE_RATE)),
        ("sbf_slices", SLICES.to_string()),
        ("sbf_items", lang.count(slice_items as u64)),
        ("sbf_bound", percent_compact(slice_bound)),
        ("sbf_size", lang.size(slice_bytes)),
        (
            "sbf_single_size",
            lang.size(bytes(optimal_bits(slice_items, slice_bound))),
        ),
    ]);
    facts
}

/// The libraries' first-stage rates, tightenings and limits, at the rate a user asks for in their
/// documentation's examples.
fn library_facts() -> Vec<(&'static str, String)> {
    let library = |preset: Preset| {
        preset.apply(ScalableParams {
            rate: LIBRARY_RATE,
            ..ScalableParams::default()
        })
    };
    let (redis, pybloom, js) = (
        library(Preset::Redis),
        library(Preset::PybloomSmall),
        library(Preset::BloomFiltersJs),
    );
    vec![
        ("lib_p", percent_compact(LIBRARY_RATE)),
        ("redis_p0", percent_compact(redis.first_stage_rate())),
        ("redis_r", significant(redis.tightening)),
        ("redis_limit", percent_compact(redis.limit())),
        ("py_r", significant(pybloom.tightening)),
        ("py_p0", percent_compact(pybloom.first_stage_rate())),
        ("py_limit", percent_compact(pybloom.limit())),
        ("js_r", significant(js.tightening)),
        ("js_p0", percent_compact(js.first_stage_rate())),
        ("js_limit", percent_compact(js.limit())),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &["p0", "r", "right", "answer"];

/// The exercise's rounds: a scalable filter's first stage rate P₀ and tightening r.
const EXERCISE_STAGES: [(f64, f64); 5] = [
    (0.01, 0.5),
    (0.001, 0.9),
    (0.005, 0.8),
    (0.01, 0.75),
    (0.002, 0.5),
];

/// Round `round` of the chapter's exercise (its numbers need no language): the rate a scalable
/// filter never passes, P₀/(1 − r) — a tenth of the answer, the answer, or ten times it.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    let (p0, r) = nth(&EXERCISE_STAGES, round);
    let right = p0 / (1.0 - r);
    Exercise::three_way(
        (9, round),
        &percent_compact,
        right,
        vec![("p0", percent_compact(p0)), ("r", significant(r))],
        vec![format!("p0={}", exact(p0)), format!("r={}", exact(r))],
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;

    fn fact(lang: Lang, key: &str) -> String {
        checks::fact(facts, lang, key)
    }

    #[test]
    fn the_widget_opens_on_two_small_stages_with_a_new_word_to_try() {
        let link = widget_link();
        let filter = widget_filter(&link);
        let stages = filter.stages();
        // Four items fill the first stage; the fifth and sixth open the second.
        assert_eq!(
            stages.iter().map(|stage| stage.items).collect::<Vec<_>>(),
            [4, 2]
        );
        assert!(stages[0].bits.len() <= 64, "{}", stages[0].bits.len());
        assert!(stages[1].bits.len() <= 128, "{}", stages[1].bits.len());
        let word = link.query.as_deref().unwrap();
        assert!(!filter.was_inserted(word));
        assert!(filter.query(word).iter().all(|(maybe, _)| !maybe));
        // The link reads back as written, and the prose names its n₀.
        assert_eq!(crate::share::scalable::from_query(&widget_query()).0, link);
        assert_eq!(fact(Lang::English, "w_n0"), "4");
        assert_eq!(
            (
                fact(Lang::English, "w_items"),
                fact(Lang::English, "w_stages")
            ),
            ("6".to_owned(), "2".to_owned())
        );
    }

    #[test]
    fn the_figure_draws_each_stage_as_long_as_its_memory() {
        let drawn = stages(Lang::English).svg;
        let lengths: Vec<f64> = drawn
            .match_indices(r#"width=""#)
            .map(|(at, _)| {
                let rest = &drawn[at + 7..];
                rest[..rest.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert_eq!(lengths.len(), SLICES as usize);
        // m = −n·ln p/(ln 2)² for n = 1,000·2ⁱ and p = 1%·0.5ⁱ, against the longest bar's 336.
        let bits: Vec<f64> = (0..SLICES)
            .map(|i| {
                let (n, p) = (1000.0 * 2f64.powi(i), 0.01 * 0.5f64.powi(i));
                -n * p.ln() / (LN_2 * LN_2)
            })
            .collect();
        let longest = bits[bits.len() - 1];
        for (length, stage) in lengths.iter().zip(&bits) {
            assert!((length - stage / longest * 336.0).abs() < 0.06);
        }
        assert!(
            drawn.contains("Σ p = 1.94% &lt; p₀/(1 − r) = 2%"),
            "{drawn}"
        );
        assert!(drawn.contains("2   n = 2,000   p = 0.5%"));
    }

    #[test]
    fn a_filter_at_twice_its_plan_is_far_off_its_rate() {
        // m/n halves to 4.79 bits with k = 7: (1 − e^(−7/4.7925))⁷, by a loop.
        let per_item = 9_585_059.0 / 2e6;
        let set = 1.0 - (-7.0f64 / per_item).exp();
        let by_loop = (0..7).fold(1.0, |product, _| product * set);
        assert_eq!(
            fact(Lang::English, "overfull_rate"),
            format!("{}%", significant(by_loop * 100.0))
        );
        assert_eq!(fact(Lang::English, "overfull_rate"), "15.7%");
    }

    #[test]
    fn the_scalable_filters_rate_stays_below_its_limit() {
        crate::strings::tests::install_all();
        // p₀ = 1%, r = ½: 1% + 0.5% + 0.25% + … → 2%.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("sbf_limit", "2%"),
                ("sbf_rates", "1%, 0.5%, 0.25%, 0.125%"),
            ],
        );
        assert_eq!(fact(Lang::Japanese, "sbf_rates"), "1%、0.5%、0.25%、0.125%");
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("sbf_start", "0.5%"),
                // Halving p adds log₂(2)/ln 2 = 1.4427 bits per item.
                ("sbf_bits_step", "1.44"),
                // Five slices: 1,000 + 2,000 + 4,000 + 8,000 + 16,000 items; 1% · (1 − 2⁻⁵)/(1 − ½).
                ("sbf_items", "31,000"),
                ("sbf_bound", "1.94%"),
            ],
        );
        let table = slice_table(Lang::English);
        let mut partial = 0.0;
        for (i, row) in table.rows.iter().enumerate() {
            let p = 0.01 / f64::from(1u32 << i);
            partial += p;
            let per_item = (1.0 / p).log2() * std::f64::consts::LOG2_E;
            assert_eq!(row[1], crate::format::grouped(1000 << i));
            assert_eq!(row[3], significant(per_item), "slice {i}");
            assert_eq!(row[5], format!("{}%", significant(partial * 100.0)));
            assert!(partial < 0.02);
        }
        // The slices together take more than one filter sized in advance for the same items and
        // rate: the price of not knowing n.
        let sum: f64 = (0..5)
            .map(|i| {
                let (n, p) = (1000.0 * f64::from(1u32 << i), 0.01 / f64::from(1u32 << i));
                (n * (1.0 / p).log2() * std::f64::consts::LOG2_E / 8.0).ceil()
            })
            .sum();
        assert_eq!(
            fact(Lang::English, "sbf_size"),
            format!("{} KiB", significant(sum / 1024.0))
        );
        let single = 31_000.0 * (1.0 / partial).log2() * std::f64::consts::LOG2_E / 8.0;
        assert!(single < sum);
        assert_eq!(
            fact(Lang::English, "sbf_single_size"),
            format!("{} KiB", significant(single.ceil() / 1024.0))
        );
    }

    #[test]
    fn the_exercise_bound_is_the_sum_of_the_series() {
        crate::strings::tests::install_all();
        // p₀/(1 − r), summed as a series by a loop, from the round's givens.
        for round in 0..5 {
            let nine = exercise(round, Lang::English);
            let (p0, r): (f64, f64) = (checks::given(&nine, "p0"), checks::given(&nine, "r"));
            let series: f64 = (0..2_000).map(|i| p0 * r.powi(i)).sum();
            assert_eq!(fact_of(&nine.facts, "right"), percent_compact(series));
        }
    }
}

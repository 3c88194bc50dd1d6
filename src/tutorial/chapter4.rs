//! Chapter 4: false positives. Follow one bit while n items go in: each of the k·n indexes misses it
//! with probability 1 − 1/m, so it is still 0 with probability (1 − 1/m)^(kn) ≈ e^(−kn/m), and a
//! new item finds all k of its bits set with probability about (1 − e^(−kn/m))^k. That treats the
//! bits as independent; the exact rate E[(X/m)^k] over the number X of set bits shows where it is off.

use super::exercise::{Exercise, Kind};
use super::figures::{self, BitRow, Figure};
use super::formulas::chapter4 as math;
use super::Block::{self, Derivation, Math, Widget as W, H, P};
use super::{walk_through, Step, Widget, WALK_ITEMS, WALK_PARAMS};
use crate::format::{one_in, percent_compact, significant};
use crate::strings::Lang;
use bloom_core::filter::BloomFilter;
use bloom_core::fpr;
use bloom_core::measure::PLAYGROUND_PROBES;
use bloom_core::sizing;
use bloom_core::words::pick;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    Block::Figure(two_queries),
    H("h1"),
    P("p2"),
    Derivation(&[
        Step {
            math: math::MISS_ONE,
            why: "why_one",
        },
        Step {
            math: math::MISS_ALL,
            why: "why_all",
        },
        Step {
            math: math::SET,
            why: "why_set",
        },
        Step {
            math: math::LEMMA,
            why: "why_lemma",
        },
        Step {
            math: math::LIMIT,
            why: "why_limit",
        },
        Step {
            math: math::APPROX,
            why: "why_approx",
        },
    ]),
    P("p3"),
    H("h2"),
    P("p4"),
    W(Widget::RateChart),
    P("p5"),
    Block::Exercise,
    H("h3"),
    P("p6"),
    Math(math::EXACT),
    P("p7"),
    H("h4"),
    P("p8"),
    P("p9"),
];

/// Chapter 2's filter read by its two strangers: the word all of whose bits other items set (a
/// false positive) and the word that finds a 0, each probe's bits ringed in the order it reads them.
fn two_queries(_lang: Lang) -> Figure {
    let walk = walk_through();
    let filter = walk.filter();
    let [_, absent, false_positive] = super::chapter2::tour();
    let bits: Vec<bool> = (0..filter.bit_count())
        .map(|index| filter.bits().get(index))
        .collect();
    let row = |word: &str| {
        let probed = filter.indexes(word);
        BitRow {
            label: format!(
                "{word} → {}",
                probed
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            bits: bits.clone(),
            probed,
        }
    };
    Figure {
        caption: "figure",
        svg: figures::bit_rows(&[row(false_positive), row(absent)], bits.len()),
    }
}

/// m of the chapter's rate chart.
pub const CHART_BITS: u32 = 64;
/// k of the chapter's rate chart.
pub const CHART_HASHES: u32 = 3;
/// The seed and count of the random words the chart adds to the walk-through's items.
pub const CHART_WORDS: (u64, usize) = (4, 17);

/// The items of the chapter's rate chart as it opens: the walk-through's, then the random words,
/// each once.
pub fn chart_items() -> Vec<&'static str> {
    let mut items: Vec<&'static str> = Vec::new();
    for item in WALK_ITEMS
        .into_iter()
        .chain(pick(CHART_WORDS.0, CHART_WORDS.1))
    {
        if !items.contains(&item) {
            items.push(item);
        }
    }
    items
}

/// The chart's filter with [`chart_items`] inserted.
pub fn chart_filter() -> BloomFilter {
    let mut filter = BloomFilter::new(CHART_BITS, CHART_HASHES);
    for item in chart_items() {
        filter.insert(item);
    }
    filter
}

/// The pitfall's filter is sized for this many items, at [`DESIGN_RATE`] with the best k.
const DESIGN_ITEMS: f64 = 1000.0;
/// The rate the pitfall's filter is sized for.
const DESIGN_RATE: f64 = 0.01;

/// Chapter 2's filter: its size, its rates (where independence is furthest off), and the figure's
/// two strangers, every bit set and one bit at 0.
fn walk_facts(lang: Lang) -> Vec<(&'static str, String)> {
    let (walk_m, walk_k) = WALK_PARAMS;
    let walk_n = WALK_ITEMS.len() as u64;
    let walk = walk_through();
    let [_, absent, false_positive] = super::chapter2::tour();
    let listed = |word: &str| {
        walk.filter()
            .indexes(word)
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let zero_bit = walk
        .filter()
        .indexes(absent)
        .into_iter()
        .find(|&index| !walk.filter().bits().get(index))
        .unwrap_or(0);
    vec![
        ("fig_fp", false_positive.to_string()),
        ("fig_fp_bits", listed(false_positive)),
        ("fig_absent", absent.to_string()),
        ("fig_zero", zero_bit.to_string()),
        ("walk_m", walk_m.to_string()),
        ("walk_k", walk_k.to_string()),
        ("walk_n", lang.count(walk_n)),
        (
            "small_approx",
            lang.percent(fpr::approximate(walk_m, walk_k, walk_n)),
        ),
        (
            "small_exact",
            lang.percent(fpr::exact(walk_m, walk_k, walk_n)),
        ),
    ]
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let (m, k) = (CHART_BITS, CHART_HASHES);
    let n = chart_items().len() as u64;
    let load = f64::from(k) * n as f64 / f64::from(m);
    let zero = (-load).exp();
    let set_bits = chart_filter().bits().count_ones();
    let design_bits = sizing::optimal_bits(DESIGN_ITEMS, DESIGN_RATE);
    let design_hashes = sizing::optimal_hashes(design_bits, DESIGN_ITEMS);
    let design_rate_at = |times: f64| {
        lang.percent(sizing::rate(
            DESIGN_ITEMS * times,
            design_bits,
            design_hashes,
        ))
    };
    let mut facts = walk_facts(lang);
    facts.extend([
        ("limit_m", m.to_string()),
        (
            "limit_value",
            significant((1.0 - 1.0 / f64::from(m)).powi(m as i32)),
        ),
        ("inv_e", significant((-1.0f64).exp())),
        ("chart_m", m.to_string()),
        ("chart_k", k.to_string()),
        ("chart_n", lang.count(n)),
        ("chart_kn", lang.count(u64::from(k) * n)),
        ("chart_load", significant(load)),
        ("chart_zero", significant(zero)),
        ("chart_fill", significant(1.0 - zero)),
        (
            "chart_expected_set",
            significant(f64::from(m) * (1.0 - zero)),
        ),
        ("chart_approx", lang.percent(fpr::approximate(m, k, n))),
        (
            "chart_one_in",
            one_in(fpr::approximate(m, k, n)).unwrap_or_default(),
        ),
        ("chart_exact", lang.percent(fpr::exact(m, k, n))),
        ("chart_set", lang.count(u64::from(set_bits))),
        // The exact mean, m·(1 − (1 − 1/m)^(kn)), beside the e-approximation's above.
        (
            "chart_exact_set",
            significant(
                f64::from(m) * (1.0 - (1.0 - 1.0 / f64::from(m)).powf(f64::from(k) * n as f64)),
            ),
        ),
        ("chart_own", lang.percent(fpr::from_fill(set_bits, m, k))),
        ("probe_count", lang.count(u64::from(PLAYGROUND_PROBES))),
        ("chart_double_n", lang.count(n * 2)),
        (
            "chart_double_approx",
            lang.percent(fpr::approximate(m, k, n * 2)),
        ),
        ("big_approx", lang.percent(fpr::approximate(1024, 3, 100))),
        ("big_exact", lang.percent(fpr::exact(1024, 3, 100))),
        ("design_n", lang.count(DESIGN_ITEMS as u64)),
        ("design_p", lang.percent(DESIGN_RATE)),
        ("design_m", lang.count(design_bits as u64)),
        ("design_k", lang.count(design_hashes as u64)),
        ("design_rate", design_rate_at(1.0)),
        ("over_n", lang.count((DESIGN_ITEMS * 1.5) as u64)),
        ("over_rate", design_rate_at(1.5)),
        ("double_n", lang.count((DESIGN_ITEMS * 2.0) as u64)),
        ("double_rate", design_rate_at(2.0)),
        (
            "double_one_in",
            one_in(sizing::rate(DESIGN_ITEMS * 2.0, design_bits, design_hashes))
                .unwrap_or_default(),
        ),
    ]);
    facts
}

/// The blanks of the exercise's texts (`exercise`, `exercise_explain` and `exercise_hint`).
pub const EXERCISE_BLANKS: &[&str] = &[
    "m",
    "n",
    "k",
    "load",
    "zero_share",
    "fill",
    "right",
    "answer",
];

/// m, k and n of the exercise's rounds: the chart's filter first (m = 64, k = 3, n = 19), then
/// others, small and large.
const EXERCISE_FILTERS: [(u32, u32, u32); 5] = [
    (64, 3, 19),
    (128, 4, 25),
    (1000, 7, 100),
    (256, 5, 40),
    (96, 2, 30),
];

/// Round `round` of the chapter's exercise (its numbers need no language): the false-positive rate
/// of a filter of m bits and k hash functions holding n items, by p ≈ (1 − e^(−kn/m))^k. The other
/// two options are the two slips the formula invites: the fill alone (the power k forgotten), and
/// e^(−n/m) for e^(−kn/m) (each item's k bits forgotten); the right one moves from round to round.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    let (bits, hashes, items) = super::exercise::nth(&EXERCISE_FILTERS, round);
    let (m, k, n) = (f64::from(bits), f64::from(hashes), f64::from(items));
    let load = k * n / m;
    let fill = 1.0 - (-load).exp();
    let right = fpr::approximate(bits, hashes, u64::from(items));
    let slips = [fill, (1.0 - (-n / m).exp()).powf(k)];
    let shift = (round as usize * 2) % 3;
    let mut options = [slips[0], slips[1], right];
    options.rotate_right(shift);
    let right_at = options
        .iter()
        .position(|&option| option == right)
        .unwrap_or(0);
    Exercise {
        chapter: 4,
        round,
        facts: vec![
            ("m", bits.to_string()),
            ("n", items.to_string()),
            ("k", hashes.to_string()),
            ("load", significant(load)),
            ("zero_share", significant(1.0 - fill)),
            ("fill", percent_compact(fill)),
            ("right", percent_compact(right)),
        ],
        pictures: Vec::new(),
        kind: Kind::Choice {
            options: options
                .iter()
                .map(|&option| percent_compact(option))
                .collect(),
            right: right_at,
        },
        given: vec![
            format!("m={bits}"),
            format!("k={hashes}"),
            format!("n={items}"),
        ],
        number_fact: None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;
    use crate::tutorial::walk_through;
    use bloom_core::params::FilterParams;

    fn fact(key: &str) -> String {
        checks::fact(facts, Lang::English, key)
    }

    /// The exact rate by inclusion–exclusion, with no distribution of X at all: the query's k
    /// uniform picks cover d distinct bits with probability C(m, d)·S(k, d)·d!/m^k (S the Stirling
    /// numbers of the second kind), and d given bits are all set after t = kn throws with
    /// probability Σ_j (−1)^j C(d, j) (1 − j/m)^t.
    fn exact_by_inclusion_exclusion(bits: u32, hashes: u32, items: u32) -> f64 {
        let m = f64::from(bits);
        let throws = (hashes * items) as i32;
        let choose = |n: u32, r: u32| -> f64 {
            (0..r).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
        };
        // S(k, d) by the recurrence S(n, d) = d·S(n − 1, d) + S(n − 1, d − 1).
        let mut stirling = vec![vec![0.0f64; hashes as usize + 1]; hashes as usize + 1];
        stirling[0][0] = 1.0;
        for n in 1..=hashes as usize {
            for d in 1..=n {
                stirling[n][d] = d as f64 * stirling[n - 1][d] + stirling[n - 1][d - 1];
            }
        }
        (1..=hashes)
            .map(|d| {
                let factorial: f64 = (1..=d).map(f64::from).product();
                let covers_d = choose(bits, d) * stirling[hashes as usize][d as usize] * factorial
                    / m.powi(hashes as i32);
                let all_set: f64 = (0..=d)
                    .map(|j| {
                        let sign = if j % 2 == 0 { 1.0 } else { -1.0 };
                        sign * choose(d, j) * (1.0 - f64::from(j) / m).powi(throws)
                    })
                    .sum();
                covers_d * all_set
            })
            .sum()
    }

    fn percent_close(fact_value: &str, expected: f64) {
        assert_eq!(
            fact_value,
            Lang::English.percent(expected),
            "expected {expected}"
        );
    }

    #[test]
    fn the_chart_is_the_one_the_page_draws() {
        // Built as the chapter's widget builds it: the walk-through rebuilt at m = 64, k = 3, then
        // seventeen random words.
        let mut widget = walk_through().rebuilt(FilterParams {
            bits: 64,
            hashes: 3,
            ..FilterParams::default()
        });
        for word in pick(4, 17) {
            let _ = widget.insert(word);
        }
        checks::assert_facts(facts, Lang::English, &[("chart_m", "64"), ("chart_k", "3")]);
        // One of the random words is a walk-through item, so the page shows n = 19, not 20.
        assert_eq!(widget.items().len(), 19);
        assert_eq!(fact("chart_n"), "19");
        assert_eq!(chart_items().len(), 19);
        assert_eq!(fact("chart_kn"), "57");
        let set_bits = widget.stats().set_bits;
        assert_eq!(fact("chart_set"), set_bits.to_string());
        percent_close(&fact("chart_own"), (f64::from(set_bits) / 64.0).powi(3));
        assert_eq!(
            fact("probe_count"),
            widget.probe_count().to_string().replace("10000", "10,000")
        );
    }

    #[test]
    fn the_figure_reads_chapter_2s_strangers() {
        let walk = walk_through();
        let filter = walk.filter();
        // The false positive reads only 1s, the absent word one 0, at the bit the caption names.
        let fp = fact("fig_fp");
        assert!(filter
            .indexes(&fp)
            .iter()
            .all(|&bit| filter.bits().get(bit)));
        let zeros: Vec<u32> = filter
            .indexes(&fact("fig_absent"))
            .into_iter()
            .filter(|&bit| !filter.bits().get(bit))
            .collect();
        assert_eq!(zeros, vec![fact("fig_zero").parse::<u32>().unwrap()]);
        let drawn = two_queries(Lang::English).svg;
        assert!(drawn.contains(&format!("{fp} → {}", fact("fig_fp_bits"))));
        // Two rows of the filter's bits, each probe's three bits ringed, one of them a 0.
        assert_eq!(
            figures::set_cells_drawn(&drawn) as u32,
            2 * filter.bits().count_ones()
        );
        assert_eq!(drawn.matches(r#"class="probe""#).count(), 6);
        assert_eq!(drawn.matches(r#"class="zero""#).count(), 1);
    }

    #[test]
    fn the_worked_example_matches_hand_computation() {
        // kn/m = 57/64; e^(−0.890625) = 0.41040…; (1 − 0.41040…)³ = 0.204962… (computed apart).
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("chart_load", "0.891"),
                ("chart_zero", "0.41"),
                ("chart_fill", "0.59"),
                ("chart_approx", "20.5%"),
                ("chart_one_in", "5"),
                // 64 · 0.58960… = 37.73…
                ("chart_expected_set", "37.7"),
                // The exact mean: 64 · (1 − (63/64)^57) = 37.918…
                ("chart_exact_set", "37.9"),
                // Twice the items: (1 − e^(−114/64))³ = 0.575043….
                ("chart_double_n", "38"),
                ("chart_double_approx", "57.5%"),
            ],
        );
        // (1 − 1/64)^64 by 64 multiplications, beside 1/e.
        let limit = (0..64).fold(1.0f64, |product, _| product * (63.0 / 64.0));
        assert_eq!(fact("limit_value"), significant(limit));
        checks::assert_facts(
            facts,
            Lang::English,
            &[("limit_value", "0.365"), ("inv_e", "0.368")],
        );
    }

    #[test]
    fn exact_rates_match_inclusion_exclusion() {
        for (key, bits, hashes, items) in [
            ("small_exact", 16, 3, 3),
            ("big_exact", 1024, 3, 100),
            ("chart_exact", 64, 3, 19),
        ] {
            let expected = exact_by_inclusion_exclusion(bits, hashes, items);
            let computed = fpr::exact(bits, hashes, u64::from(items));
            assert!(
                (computed - expected).abs() < 1e-12,
                "{key}: {computed} vs {expected}"
            );
            percent_close(&fact(key), expected);
        }
        assert_eq!(
            (fact("walk_m"), fact("walk_k"), fact("walk_n")),
            ("16".into(), "3".into(), "3".into())
        );
        // The point the chapter makes: far apart at m = 16, together at m = 1024.
        checks::assert_facts(
            facts,
            Lang::English,
            &[("small_approx", "7.96%"), ("big_approx", "1.64%")],
        );
        assert_ne!(fact("small_exact"), fact("small_approx"));
        let big_gap = exact_by_inclusion_exclusion(1024, 3, 100) - 0.016_378_268;
        assert!(big_gap.abs() < 0.000_5, "{big_gap}");
        // At the chart's n the exact rate is above the approximation.
        assert!(exact_by_inclusion_exclusion(64, 3, 19) > 0.204_963);
    }

    #[test]
    fn a_filter_past_its_design_load() {
        // Published sizing for 1%: m/n = −ln 0.01/(ln 2)² = 9.585 bits per item, k = 7.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("design_n", "1,000"),
                ("design_p", "1%"),
                ("design_m", "9,586"),
                ("design_k", "7"),
            ],
        );
        // (1 − e^(−7n/9586))^7 for n = 1000, 1500, 2000, as a product of seven factors.
        let rate = |items: f64| {
            let set = 1.0 - (-7.0 * items / 9586.0f64).exp();
            (0..7).fold(1.0, |product, _| product * set)
        };
        checks::assert_facts(
            facts,
            Lang::English,
            &[("over_n", "1,500"), ("double_n", "2,000")],
        );
        percent_close(&fact("design_rate"), rate(1000.0));
        percent_close(&fact("over_rate"), rate(1500.0));
        percent_close(&fact("double_rate"), rate(2000.0));
        checks::assert_facts(
            facts,
            Lang::English,
            &[("design_rate", "1%"), ("double_rate", "15.7%")],
        );
        assert_eq!(
            fact("double_one_in"),
            format!("{}", (1.0 / rate(2000.0)).round())
        );
    }

    #[test]
    fn counts_are_written_in_each_language() {
        for lang in Lang::ALL {
            let facts = facts(lang);
            let design_m = facts.iter().find(|(name, _)| *name == "design_m").unwrap();
            assert_eq!(design_m.1, lang.count(9586));
        }
    }

    #[test]
    fn the_exercise_asks_for_the_rate_by_the_formula_among_the_two_slips_it_invites() {
        crate::strings::tests::install_all();
        let mut places = Vec::new();
        for round in 0..5 {
            let four = exercise(round, Lang::English);
            let Kind::Choice { options, right } = &four.kind else {
                unreachable!()
            };
            places.push(*right);
            let given: Vec<f64> = four
                .given
                .iter()
                .map(|pair| pair.split_once('=').unwrap().1.parse().unwrap())
                .collect();
            let (m, k, n) = (given[0], given[1], given[2]);
            // The chance one probed bit is set, multiplied k times: no powf.
            let set = 1.0 - (-k * n / m).exp();
            let rate = (0..k as u32).fold(1.0, |product, _| product * set);
            assert_eq!(options[*right], percent_compact(rate), "round {round}");
            assert_eq!(fact_of(&four.facts, "right"), options[*right]);
            // The two slips: the fill alone, and e^(−n/m) for e^(−kn/m).
            let forgot_k = (0..k as u32).fold(1.0, |product, _| product * (1.0 - (-n / m).exp()));
            let mut slips: Vec<&String> = options
                .iter()
                .filter(|option| **option != options[*right])
                .collect();
            slips.sort();
            let mut expected = [percent_compact(set), percent_compact(forgot_k)];
            expected.sort();
            assert_eq!(slips, expected.iter().collect::<Vec<_>>(), "round {round}");
        }
        // The chart's filter first: 64 bits, k = 3, 19 items, 20.5% as the chapter says.
        assert_eq!(fact_of(&exercise(0, Lang::English).facts, "right"), "20.5%");
        // The right answer is not always in the same place.
        assert!(places.iter().any(|&at| at != places[0]), "{places:?}");
    }
}

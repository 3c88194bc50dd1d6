//! Chapter 9: beyond the basic filter. Chapter 7's counters let a filter forget; here a scalable filter adds ever larger and stricter filters as
//! the set grows, so its rate stays below p₀/(1 − r); and two filters with the same m, k and hashes
//! combine bit by bit — OR gives exactly the filter of the union, AND only a superset of the
//! intersection's — which with chapter 6's estimate gives the sizes of both.

use std::f64::consts::LN_2;

use super::Block::{self, Derivation, Exercise, Math, Table as T, H, P};
use super::{Step, Table, WALK_ITEMS, WALK_PARAMS};
use crate::bloom::estimate::items_from_set_bits;
use crate::bloom::filter::BloomFilter;
use crate::bloom::sizing::{bytes, optimal_bits, optimal_hashes, rate};
use crate::bloom::words::WORDS;
use crate::format::{percent_compact, significant};
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    H("h2"),
    P("p5"),
    P("p6"),
    Derivation(&[
        Step {
            math: MATH_ANY_SLICE,
            why: "why_any_slice",
        },
        Step {
            math: MATH_UNION_BOUND,
            why: "why_union_bound",
        },
        Step {
            math: MATH_ALL_SLICES,
            why: "why_all_slices",
        },
        Step {
            math: MATH_GEOMETRIC,
            why: "why_geometric",
        },
    ]),
    P("p7"),
    T(slice_table),
    P("p8"),
    H("h3"),
    P("p9"),
    Math(MATH_OR_AND),
    P("p10"),
    Exercise,
    P("p11"),
    H("h4"),
    P("p12"),
    Derivation(&[
        Step {
            math: MATH_ESTIMATE,
            why: "why_estimate",
        },
        Step {
            math: MATH_UNION_SIZE,
            why: "why_union_size",
        },
        Step {
            math: MATH_INCLUSION_EXCLUSION,
            why: "why_inclusion_exclusion",
        },
        Step {
            math: MATH_INTERSECTION_SIZE,
            why: "why_intersection_size",
        },
    ]),
    P("p13"),
    H("h5"),
    P("p14"),
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

/// The union example's filters: A holds the walk-through's items, B shares one with it.
const UNION_A: [&str; 3] = WALK_ITEMS;
/// B's items; "mango" is also in A.
const UNION_B: [&str; 3] = ["mango", "cookie", "melon"];

/// m and k of the size-estimate example.
const ESTIMATE_PARAMS: (u32, u32) = (128, 3);
/// A of the size-estimate example: the first words of the word list…
const ESTIMATE_A: std::ops::Range<usize> = 0..20;
/// …and B: as many words, starting inside A, so the two share ten.
const ESTIMATE_B: std::ops::Range<usize> = 10..30;

/// A filter of m bits and k hashes (the site's double hashing) holding `items`.
fn filter_of(params: (u32, u32), items: &[&str]) -> BloomFilter {
    let mut filter = BloomFilter::new(params.0, params.1);
    for item in items {
        filter.insert(item);
    }
    filter
}

/// The indexes of the bits set in `filter`.
fn set_bits(filter: &BloomFilter) -> Vec<u32> {
    (0..filter.bit_count())
        .filter(|&index| filter.bits().get(index))
        .collect()
}

/// The bits set in `a` or in `b`: the OR of two filters with the same m.
fn or_bits(a: &BloomFilter, b: &BloomFilter) -> Vec<u32> {
    (0..a.bit_count())
        .filter(|&index| a.bits().get(index) || b.bits().get(index))
        .collect()
}

/// The bits set in both `a` and `b`: the AND of two filters with the same m.
fn and_bits(a: &BloomFilter, b: &BloomFilter) -> Vec<u32> {
    (0..a.bit_count())
        .filter(|&index| a.bits().get(index) && b.bits().get(index))
        .collect()
}

/// The rate of slice `i` (0-based) of the example's scalable filter: p₀·rⁱ.
fn slice_rate(i: i32) -> f64 {
    SLICE_RATE * TIGHTENING.powi(i)
}

/// The capacity of slice `i`: the first slice's times sⁱ.
fn slice_capacity(i: i32) -> f64 {
    FIRST_CAPACITY * GROWTH.powi(i)
}

/// The example scalable filter's first slices: capacity, rate, bits per item, memory, and the bound
/// on the whole filter's rate once that slice exists.
fn slice_table(lang: Lang) -> Table {
    let head: [&str; 6] = match lang {
        Lang::English => [
            "slice",
            "items",
            "rate",
            "bits per item",
            "memory",
            "rate bound so far",
        ],
        Lang::Chinese => [
            "分片",
            "容量",
            "误判率",
            "每项位数",
            "内存",
            "目前的误判率上界",
        ],
        Lang::Japanese => [
            "スライス",
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

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let separator = match lang {
        Lang::English => ", ",
        Lang::Chinese | Lang::Japanese => "、",
    };
    // Bits and words as the exercise writes them: "2, 5 and 7", "“pear” and “mango”".
    let bit_list = |bits: &[u32]| -> String {
        if bits.is_empty() {
            "—".into()
        } else {
            lang.list(bits)
        }
    };
    let word_list = |words: &[&str]| -> String {
        let quoted: Vec<String> = words.iter().map(|word| lang.quote(word)).collect();
        lang.list_words(&quoted)
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

    // Union and intersection at the walk-through's m and k.
    let (a, b) = (
        filter_of(WALK_PARAMS, &UNION_A),
        filter_of(WALK_PARAMS, &UNION_B),
    );
    let shared: Vec<&str> = UNION_A
        .iter()
        .copied()
        .filter(|item| UNION_B.contains(item))
        .collect();
    let both = and_bits(&a, &b);
    let shared_bits = set_bits(&filter_of(WALK_PARAMS, &shared));
    let extra: Vec<u32> = both
        .iter()
        .copied()
        .filter(|bit| !shared_bits.contains(bit))
        .collect();
    let mut all: Vec<&str> = UNION_A.to_vec();
    all.extend(UNION_B.iter().filter(|item| !UNION_A.contains(item)));
    // A word the AND of the two filters lets through although the intersection's own filter
    // rejects it: a false positive that AND adds.
    let probe = filter_of(WALK_PARAMS, &[]);
    let and_false_positive = WORDS
        .iter()
        .copied()
        .filter(|word| !all.contains(word))
        .find(|word| {
            let indexes = probe.indexes(word);
            indexes.iter().all(|index| both.contains(index))
                && !indexes.iter().all(|index| shared_bits.contains(index))
        })
        .unwrap_or("—");

    // Sizes from set bits.
    let (m, k) = ESTIMATE_PARAMS;
    let (set_a, set_b) = (&WORDS[ESTIMATE_A], &WORDS[ESTIMATE_B]);
    let (fa, fb) = (
        filter_of(ESTIMATE_PARAMS, set_a),
        filter_of(ESTIMATE_PARAMS, set_b),
    );
    let x_a = fa.bits().count_ones();
    let x_b = fb.bits().count_ones();
    let x_or = or_bits(&fa, &fb).len() as u32;
    let estimate = |x: u32| items_from_set_bits(x, m, k).unwrap_or(f64::INFINITY);
    let (n_a, n_b, n_or) = (estimate(x_a), estimate(x_b), estimate(x_or));
    let shared_count = ESTIMATE_A.filter(|i| ESTIMATE_B.contains(i)).count();
    let union_count = ESTIMATE_A.len() + ESTIMATE_B.len() - shared_count;

    vec![
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
        ("u_m", WALK_PARAMS.0.to_string()),
        ("u_k", WALK_PARAMS.1.to_string()),
        ("u_a_items", word_list(&UNION_A)),
        ("u_b_items", word_list(&UNION_B)),
        ("u_all_items", word_list(&all)),
        ("u_a_bits", bit_list(&set_bits(&a))),
        ("u_b_bits", bit_list(&set_bits(&b))),
        ("u_or_bits", bit_list(&or_bits(&a, &b))),
        ("u_shared", word_list(&shared)),
        ("u_and_bits", bit_list(&both)),
        ("u_shared_bits", bit_list(&shared_bits)),
        ("u_extra_bits", bit_list(&extra)),
        ("u_and_fp", lang.quote(and_false_positive)),
        ("e_m", m.to_string()),
        ("e_k", k.to_string()),
        ("e_a_n", ESTIMATE_A.len().to_string()),
        ("e_shared_n", shared_count.to_string()),
        ("e_union_n", union_count.to_string()),
        // B's words by their places in the list, counting from 1.
        ("e_b_from", (ESTIMATE_B.start + 1).to_string()),
        ("e_b_to", ESTIMATE_B.end.to_string()),
        ("e_a_x", x_a.to_string()),
        ("e_b_x", x_b.to_string()),
        ("e_or_x", x_or.to_string()),
        ("e_a", significant(n_a)),
        ("e_b", significant(n_b)),
        ("e_union", significant(n_or)),
        ("e_shared", significant(n_a + n_b - n_or)),
    ]
}

const MATH_ANY_SLICE: &str = r#"<math display="block"><mrow><mi>P</mi><mo>=</mo><mn>1</mn><mo>−</mo><munderover><mo>∏</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>l</mi><mo>−</mo><mn>1</mn></mrow></munderover><mo>(</mo><mn>1</mn><mo>−</mo><msub><mi>p</mi><mn>0</mn></msub><msup><mi>r</mi><mi>i</mi></msup><mo>)</mo></mrow></math>"#;
const MATH_UNION_BOUND: &str = r#"<math display="block"><mrow><mi>P</mi><mo>≤</mo><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><mi>l</mi><mo>−</mo><mn>1</mn></mrow></munderover><msub><mi>p</mi><mn>0</mn></msub><msup><mi>r</mi><mi>i</mi></msup></mrow></math>"#;
const MATH_ALL_SLICES: &str = r#"<math display="block"><mrow><mi>P</mi><mo>&lt;</mo><msub><mi>p</mi><mn>0</mn></msub><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mi>∞</mi></munderover><msup><mi>r</mi><mi>i</mi></msup></mrow></math>"#;
const MATH_GEOMETRIC: &str = r#"<math display="block"><mrow><mi>P</mi><mo>&lt;</mo><mfrac><msub><mi>p</mi><mn>0</mn></msub><mrow><mn>1</mn><mo>−</mo><mi>r</mi></mrow></mfrac></mrow></math>"#;
const MATH_OR_AND: &str = r#"<math display="block"><mrow><mi>F</mi><mo>(</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>)</mo><mo>=</mo><mi>F</mi><mo>(</mo><mi>A</mi><mo>)</mo><mspace width="0.3em"/><mtext>OR</mtext><mspace width="0.3em"/><mi>F</mi><mo>(</mo><mi>B</mi><mo>)</mo><mo>,</mo><mspace width="2em"/><mi>F</mi><mo>(</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>)</mo><mo>⊆</mo><mi>F</mi><mo>(</mo><mi>A</mi><mo>)</mo><mspace width="0.3em"/><mtext>AND</mtext><mspace width="0.3em"/><mi>F</mi><mo>(</mo><mi>B</mi><mo>)</mo></mrow></math>"#;
const MATH_ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><mi>X</mi><mo>)</mo><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;
const MATH_UNION_SIZE: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>|</mo><mo>≈</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mrow><mi>A</mi><mspace width="0.2em"/><mtext>OR</mtext><mspace width="0.2em"/><mi>B</mi></mrow></msub><mo>)</mo></mrow></math>"#;
const MATH_INCLUSION_EXCLUSION: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>|</mo><mo>=</mo><mo>|</mo><mi>A</mi><mo>|</mo><mo>+</mo><mo>|</mo><mi>B</mi><mo>|</mo><mo>−</mo><mo>|</mo><mi>A</mi><mo>∪</mo><mi>B</mi><mo>|</mo></mrow></math>"#;
const MATH_INTERSECTION_SIZE: &str = r#"<math display="block"><mrow><mo>|</mo><mi>A</mi><mo>∩</mo><mi>B</mi><mo>|</mo><mo>≈</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mi>A</mi></msub><mo>)</mo><mo>+</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mi>B</mi></msub><mo>)</mo><mo>−</mo><mover><mi>n</mi><mo>^</mo></mover><mo>(</mo><msub><mi>X</mi><mrow><mi>A</mi><mspace width="0.2em"/><mtext>OR</mtext><mspace width="0.2em"/><mi>B</mi></mrow></msub><mo>)</mo></mrow></math>"#;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn fact(lang: Lang, key: &str) -> String {
        facts(lang)
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no fact {key}"))
    }

    /// A list of bits as the facts write it in English ("2, 5 and 7"), back to numbers.
    fn bits_of(text: &str) -> BTreeSet<u32> {
        text.replace(" and ", ", ")
            .split(", ")
            .map(|bit| bit.parse().unwrap())
            .collect()
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
        assert_eq!(fact(Lang::English, "sbf_limit"), "2%");
        assert_eq!(fact(Lang::English, "sbf_rates"), "1%, 0.5%, 0.25%, 0.125%");
        assert_eq!(fact(Lang::Japanese, "sbf_rates"), "1%、0.5%、0.25%、0.125%");
        assert_eq!(fact(Lang::English, "sbf_start"), "0.5%");
        // Halving p adds log₂(2)/ln 2 = 1.4427 bits per item.
        assert_eq!(fact(Lang::English, "sbf_bits_step"), "1.44");
        // Five slices: 1,000 + 2,000 + 4,000 + 8,000 + 16,000 items; 1% · (1 − 2⁻⁵)/(1 − ½).
        assert_eq!(fact(Lang::English, "sbf_items"), "31,000");
        assert_eq!(fact(Lang::English, "sbf_bound"), "1.94%");
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
    fn or_gives_exactly_the_filter_of_the_union() {
        crate::strings::tests::install_all();
        // Build the union's filter directly from all its items and compare with the OR of A and B.
        let union: BTreeSet<u32> = UNION_A
            .iter()
            .chain(&UNION_B)
            .flat_map(|item| BloomFilter::new(16, 3).indexes(item))
            .collect();
        assert_eq!(bits_of(&fact(Lang::English, "u_or_bits")), union);
        let a = bits_of(&fact(Lang::English, "u_a_bits"));
        let b = bits_of(&fact(Lang::English, "u_b_bits"));
        assert_eq!(a.union(&b).copied().collect::<BTreeSet<_>>(), union);
        assert_eq!(
            fact(Lang::English, "u_all_items"),
            "“pear”, “cherry”, “mango”, “cookie” and “melon”"
        );
        assert_eq!(fact(Lang::Japanese, "u_shared"), "「mango」");
        assert_eq!(fact(Lang::Chinese, "u_b_bits"), "5、7、10、12、14 和 15");
    }

    #[test]
    fn and_holds_the_intersections_filter_and_more() {
        crate::strings::tests::install_all();
        let and = bits_of(&fact(Lang::English, "u_and_bits"));
        let shared: BTreeSet<u32> = BloomFilter::new(16, 3)
            .indexes("mango")
            .into_iter()
            .collect();
        assert_eq!(bits_of(&fact(Lang::English, "u_shared_bits")), shared);
        assert!(shared.is_subset(&and));
        // The prose's point: AND has bits no item of the intersection set.
        let extra = bits_of(&fact(Lang::English, "u_extra_bits"));
        assert!(!extra.is_empty());
        assert_eq!(
            and.difference(&shared).copied().collect::<BTreeSet<_>>(),
            extra
        );
        // And a word that only AND lets through.
        let word = fact(Lang::English, "u_and_fp");
        let word = word.trim_matches(['“', '”']);
        assert_ne!(word, "—");
        let indexes = BloomFilter::new(16, 3).indexes(word);
        assert!(indexes.iter().all(|index| and.contains(index)));
        assert!(!indexes.iter().all(|index| shared.contains(index)));
    }

    #[test]
    fn sizes_of_union_and_intersection_from_set_bits() {
        crate::strings::tests::install_all();
        // Independently: count the bits each set's words reach, and invert the fill by hand.
        let bits_of_words = |words: &[&str]| -> BTreeSet<u32> {
            words
                .iter()
                .flat_map(|word| BloomFilter::new(128, 3).indexes(word))
                .collect()
        };
        let (a, b) = (bits_of_words(&WORDS[0..20]), bits_of_words(&WORDS[10..30]));
        let union = bits_of_words(&WORDS[0..30]);
        assert_eq!(fact(Lang::English, "e_a_x"), a.len().to_string());
        assert_eq!(fact(Lang::English, "e_or_x"), union.len().to_string());
        let n_hat = |x: usize| -(128.0 / 3.0) * (1.0 - x as f64 / 128.0).ln();
        assert_eq!(fact(Lang::English, "e_a"), significant(n_hat(a.len())));
        assert_eq!(
            fact(Lang::English, "e_union"),
            significant(n_hat(union.len()))
        );
        let shared = n_hat(a.len()) + n_hat(b.len()) - n_hat(union.len());
        assert_eq!(fact(Lang::English, "e_shared"), significant(shared));
        // The example is a fair one: every estimate within 15% of the truth.
        assert!((n_hat(union.len()) / 30.0 - 1.0).abs() < 0.15);
        assert!((shared / 10.0 - 1.0).abs() < 0.15, "{shared}");
        // The sum the prose writes out with the rounded figures comes to the figure it prints.
        let shown = |key: &str| fact(Lang::English, key).parse::<f64>().unwrap();
        let written = shown("e_a") + shown("e_b") - shown("e_union");
        assert!((written - shown("e_shared")).abs() < 0.051, "{written}");
        assert_eq!(fact(Lang::English, "e_shared_n"), "10");
        assert_eq!(fact(Lang::English, "e_union_n"), "30");
        assert_eq!(fact(Lang::English, "e_b_from"), "11");
        assert_eq!(fact(Lang::English, "e_b_to"), "30");
    }
}

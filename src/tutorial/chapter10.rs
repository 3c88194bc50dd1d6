//! Chapter 10: combining and shipping filters. Two filters with the same m, k and hash functions
//! combine bit by bit — OR gives exactly the filter of the union, AND only a superset of the
//! intersection's — and with chapter 6's estimate they give the sizes of both. Then three ways to
//! lay out or ship bits at equal memory: partitioned filters (one slice per hash), compressed
//! filters (Mitzenmacher, 2002) and filter cascades, which encode a set exactly (CRLite).

use super::exercise::{bit_list, ones, other_words, row, Exercise, Kind, Picture};
use super::formulas::chapter10 as math;
use super::Block::{self, Derivation, Math, Widget as W, H, P};
use super::{Step, Widget, WALK_ITEMS, WALK_PARAMS};
use crate::format::{grouped, percent_compact, significant};
use crate::share::sets::{CascadeSettings, CompressSettings, PartitionSettings};
use crate::strings::Lang;
use bloom_core::cascade::{universe, Cascade};
use bloom_core::compressed::{Coder, Comparison as Compression, Row};
use bloom_core::estimate::items_from_set_bits;
use bloom_core::filter::BloomFilter;
use bloom_core::hashing::ItemHashes;
use bloom_core::measure::{playground_probe, PLAYGROUND_PROBES};
use bloom_core::partitioned::{generated_item, Comparison as Partitioning};
use bloom_core::words::WORDS;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    H("h3"),
    P("p9"),
    Math(math::OR_AND),
    P("p10"),
    W(Widget::Sets),
    P("p11"),
    H("h4"),
    P("p12"),
    Derivation(&[
        Step {
            math: math::ESTIMATE,
            why: "why_estimate",
        },
        Step {
            math: math::UNION_SIZE,
            why: "why_union_size",
        },
        Step {
            math: math::INCLUSION_EXCLUSION,
            why: "why_inclusion_exclusion",
        },
        Step {
            math: math::INTERSECTION_SIZE,
            why: "why_intersection_size",
        },
    ]),
    P("p13"),
    Block::Exercise,
    H("h_part"),
    P("p_part1"),
    Math(math::PARTITIONED),
    P("p_part2"),
    W(Widget::Partitioned),
    H("h_comp"),
    P("p_comp1"),
    P("p_comp2"),
    W(Widget::Compressed),
    P("p_comp3"),
    H("h_casc"),
    P("p_casc1"),
    P("p_casc2"),
    W(Widget::Cascade),
    H("h5"),
    P("p14"),
];

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

/// The probes the chapter measures with (the playground's, hashed once).
fn probes(count: u32) -> Vec<ItemHashes> {
    (0..count)
        .map(|index| ItemHashes::of(&playground_probe(index)))
        .collect()
}

/// The comparisons' generated items, as the widget makes them.
fn generated(count: u32) -> Vec<ItemHashes> {
    (0..count)
        .map(|index| ItemHashes::of(&generated_item(index)))
        .collect()
}

/// The embedded widget's query at its first settings: the union example's sets for the sets widget,
/// the comparison's name for the shipping widget.
pub fn widget_query(widget: Widget) -> String {
    let items = |key: &str, items: &[&str]| -> String {
        items.iter().map(|item| format!("&{key}={item}")).collect()
    };
    match widget {
        Widget::Sets => format!(
            "m={}&k={}&scheme=double{}{}",
            WALK_PARAMS.0,
            WALK_PARAMS.1,
            items("a", &UNION_A),
            items("b", &UNION_B)
        ),
        Widget::Partitioned => "view=partitioned".to_owned(),
        Widget::Compressed => "view=compressed".to_owned(),
        _ => "view=cascade".to_owned(),
    }
}

/// Every number the chapter's prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    // Bits and words as the exercise writes them: "2, 5 and 7", "“pear” and “mango”".
    let bit_list = |bits: &[u32]| -> String {
        if bits.is_empty() {
            "—".into()
        } else {
            lang.list(bits)
        }
    };
    let word_list = |words: &[&str]| lang.quoted_words(words);

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
    let mut facts = vec![
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
    ];
    facts.extend(size_facts());
    facts.extend(shipping_facts(lang));
    facts
}

/// The numbers of the section on sizes: how many items A, B, their union and their intersection
/// hold, from the bits each filter has set.
fn size_facts() -> Vec<(&'static str, String)> {
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

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &[
    "a_items", "b_items", "m", "k", "a_bits", "b_bits", "right", "answer",
];

/// Round `round` of the chapter's exercise, its words written in `lang`: the bits of the union of
/// two filters of two words each, at the walk-through's m and k.
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    let (bits, hashes) = WALK_PARAMS;
    let words: Vec<&str> = other_words(round as usize * 4 + 11).take(4).collect();
    let (a, b) = (
        filter_of(WALK_PARAMS, &words[..2]),
        filter_of(WALK_PARAMS, &words[2..]),
    );
    let (a_row, b_row) = (row(&a), row(&b));
    let union: Vec<bool> = a_row.iter().zip(&b_row).map(|(x, y)| *x || *y).collect();
    let right = ones(&union);
    let quoted = |words: &[&str]| lang.quoted_words(words);
    Exercise {
        chapter: 10,
        round,
        facts: vec![
            ("a_items", quoted(&words[..2])),
            ("b_items", quoted(&words[2..])),
            ("m", bits.to_string()),
            ("k", hashes.to_string()),
            ("a_bits", bit_list(lang, &ones(&a_row))),
            ("b_bits", bit_list(lang, &ones(&b_row))),
            ("right", bit_list(lang, &right)),
        ],
        pictures: vec![
            Picture {
                name: Some("A"),
                bits: a_row,
                marked: Vec::new(),
            },
            Picture {
                name: Some("B"),
                bits: b_row,
                marked: Vec::new(),
            },
        ],
        kind: Kind::Pick {
            bits,
            pressed: Vec::new(),
            right,
        },
        given: vec![
            format!("a={}", words[..2].join(",")),
            format!("b={}", words[2..].join(",")),
        ],
        number_fact: None,
    }
}

/// The numbers of the partitioned, compressed and cascade sections, from the same computations
/// the widgets run at their first settings.
fn shipping_facts(lang: Lang) -> Vec<(&'static str, String)> {
    let probes = probes(PLAYGROUND_PROBES);
    let part = PartitionSettings::default();
    let layouts = Partitioning::run(part.bits, part.hashes, &generated(part.items), &probes);
    let comp = CompressSettings::default();
    let compression = Compression::run(comp.budget, &generated(comp.items), &probes);
    let golomb = compression.best(Coder::Golomb);
    let deflate = compression.best(Coder::Deflate);
    let plain = &compression.plain;
    let casc = CascadeSettings::default();
    let (revoked, valid) = universe(casc.universe, casc.revoked, 1);
    let hashed = |texts: &[String]| -> Vec<ItemHashes> {
        texts.iter().map(|text| ItemHashes::of(text)).collect()
    };
    let cascade = Cascade::build(&hashed(&revoked), &hashed(&valid), casc.first_rate);
    let least = -plain.expected_rate.log2();
    let per_item = f64::from(comp.budget) / f64::from(comp.items);
    let rate = |row: Option<&Row>| {
        row.map_or_else(
            || "—".to_owned(),
            |row| percent_compact(row.measured.rate()),
        )
    };
    let sizes: Vec<u32> = cascade.levels().iter().map(|level| level.items).collect();
    vec![
        ("part_m", grouped(u64::from(part.bits))),
        ("part_k", part.hashes.to_string()),
        ("part_n", grouped(u64::from(part.items))),
        ("part_slice", grouped(u64::from(part.bits / part.hashes))),
        (
            "part_expected_standard",
            percent_compact(layouts.standard.expected_rate),
        ),
        (
            "part_expected_partitioned",
            percent_compact(layouts.partitioned.expected_rate),
        ),
        (
            "part_measured_standard",
            percent_compact(layouts.standard.measured.rate()),
        ),
        (
            "part_measured_partitioned",
            percent_compact(layouts.partitioned.measured.rate()),
        ),
        ("comp_z", grouped(u64::from(comp.budget))),
        ("comp_n", grouped(u64::from(comp.items))),
        ("comp_plain_k", plain.hashes.to_string()),
        ("comp_plain_rate", percent_compact(plain.measured.rate())),
        (
            "comp_plain_deflated",
            grouped(u64::from(plain.compressed_bits)),
        ),
        (
            "comp_golomb_m",
            golomb.map_or_else(|| "—".to_owned(), |row| grouped(u64::from(row.bits))),
        ),
        (
            "comp_golomb_k",
            golomb.map_or_else(|| "—".to_owned(), |row| row.hashes.to_string()),
        ),
        ("comp_golomb_rate", rate(golomb)),
        ("comp_deflate_rate", rate(deflate)),
        ("comp_least", significant(least)),
        ("comp_per_item", significant(per_item)),
        ("comp_share", percent_compact(least / per_item)),
        ("casc_u", lang.count(u64::from(casc.universe))),
        ("casc_r", lang.count(u64::from(casc.revoked))),
        ("casc_p1", percent_compact(casc.first_rate)),
        ("casc_levels", cascade.levels().len().to_string()),
        ("casc_bits", lang.count(cascade.total_bits())),
        (
            "casc_per_revoked",
            significant(cascade.total_bits() as f64 / f64::from(casc.revoked)),
        ),
        ("casc_sizes", lang.list(&sizes)),
    ]
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use std::collections::BTreeSet;

    fn fact(lang: Lang, key: &str) -> String {
        checks::fact(facts, lang, key)
    }

    /// A list of bits as the facts write it in English ("2, 5 and 7"), back to numbers.
    fn bits_of(text: &str) -> BTreeSet<u32> {
        text.replace(" and ", ", ")
            .split(", ")
            .map(|bit| bit.parse().unwrap())
            .collect()
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
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("e_shared_n", "10"),
                ("e_union_n", "30"),
                ("e_b_from", "11"),
                ("e_b_to", "30"),
            ],
        );
    }

    #[test]
    fn the_shipping_sections_numbers_come_from_the_widgets_computations() {
        crate::strings::tests::install_all();
        let facts = facts(Lang::English);
        let get = |key: &str| facts.iter().find(|(k, _)| *k == key).unwrap().1.clone();
        let percent = |key: &str| get(key).trim_end_matches('%').parse::<f64>().unwrap();
        // The slides' 69.3 %: log₂(1/p) over the bits per item of the best plain filter is ln 2.
        assert!((percent("comp_share") / 100.0 - std::f64::consts::LN_2).abs() < 0.02);
        // The gap code beats the plain filter; the partitioned filter is a touch worse.
        assert!(percent("comp_golomb_rate") < percent("comp_plain_rate"));
        assert!(percent("part_expected_partitioned") > percent("part_expected_standard"));
        assert!(get("casc_levels").parse::<u32>().unwrap() >= 3);
        assert_eq!(
            widget_query(Widget::Sets),
            "m=16&k=3&scheme=double&a=pear&a=cherry&a=mango&b=mango&b=cookie&b=melon"
        );
    }

    #[test]
    fn the_exercise_union_is_the_filter_of_all_four_words() {
        crate::strings::tests::install_all();
        for round in 0..6 {
            let ten = exercise(round, Lang::English);
            let mut both = BloomFilter::new(16, 3);
            let words: Vec<&str> = other_words(round as usize * 4 + 11).take(4).collect();
            for word in &words {
                both.insert(word);
            }
            match &ten.kind {
                Kind::Pick { right, .. } => assert_eq!(*right, ones(&row(&both))),
                _ => unreachable!(),
            }
        }
    }
}

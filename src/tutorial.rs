//! The tutorial's eight chapters. Their structure is code — which paragraphs, formulas and widgets
//! come in which order — and their prose is data: one small file per chapter and language
//! (`static/locales/<lang>/chapter-<n>.json`), fetched when the chapter is opened. Paragraphs name their
//! numbers as blanks (`{bits_1pct}`) that [`facts`] computes with the core, so no number a learner
//! reads is typed by hand.

use crate::bloom::fpr;
use crate::bloom::measure::ProbeSet;
use crate::bloom::params::FilterParams;
use crate::bloom::playground::{Playground, Verdict};
use crate::bloom::sizing::{self, bytes, optimal_bits, optimal_hashes};
use crate::bloom::words::WORDS;
use crate::format::{count, significant};
use crate::strings::{Lang, Msg};

/// How many chapters there are.
pub const CHAPTERS: u32 = 8;

/// A widget shown inside a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Widget {
    /// The classic walk-through: m = 16, k = 3, three items inserted.
    WalkThrough,
    /// A playground for looking at hashes (m = 32, k = 3, empty).
    Hashing,
    /// The rate chart over twenty items at m = 64, k = 3.
    RateChart,
    /// The sizing calculator.
    Calculator,
    /// n̂ against the true n as items go in.
    Estimate,
}

/// One block of a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    /// A paragraph: its key in the chapter's file (the text may contain `{fact}` blanks).
    P(&'static str),
    /// A display formula, as MathML (notation is the same in every language).
    Math(&'static str),
    /// A widget.
    Widget(Widget),
}

/// The keys of a chapter file besides its paragraphs.
pub const QUESTION: &str = "question";
/// The answer to the check-yourself question, revealed on request.
pub const ANSWER: &str = "answer";

/// The name of chapter `number`'s resource file (without the language folder or `.json`).
pub fn resource(number: u32) -> String {
    format!("chapter-{number}")
}

/// The title of chapter `number` (1 … 8), which the contents list shows for every chapter.
pub fn title(number: u32) -> Msg {
    match number {
        1 => Msg::ChapterTitle1,
        2 => Msg::ChapterTitle2,
        3 => Msg::ChapterTitle3,
        4 => Msg::ChapterTitle4,
        5 => Msg::ChapterTitle5,
        6 => Msg::ChapterTitle6,
        7 => Msg::ChapterTitle7,
        _ => Msg::ChapterTitle8,
    }
}

/// The blocks of chapter `number` (1 … 8), in order.
pub fn blocks(number: u32) -> &'static [Block] {
    use Block::{Math, Widget as W, P};
    match number {
        1 => &[P("p1"), P("p2")],
        2 => &[P("p1"), P("p2"), W(Widget::WalkThrough)],
        3 => &[P("p1"), Math(MATH_DOUBLE), P("p2"), W(Widget::Hashing)],
        4 => &[
            P("p1"),
            Math(MATH_ZERO),
            P("p2"),
            Math(MATH_FPR),
            P("p3"),
            Math(MATH_EXACT),
            W(Widget::RateChart),
        ],
        5 => &[
            P("p1"),
            Math(MATH_OPTIMAL_K),
            P("p2"),
            Math(MATH_SIZE),
            P("p3"),
            W(Widget::Calculator),
        ],
        6 => &[P("p1"), Math(MATH_ESTIMATE), P("p2"), W(Widget::Estimate)],
        7 => &[
            P("p1"),
            P("p2"),
            P("p3"),
            P("p4"),
            P("p5"),
            P("p6"),
            P("p7"),
        ],
        _ => &[P("p1"), P("p2")],
    }
}

/// The widget's preset items for the walk-through (and the facts about them): each sets k different
/// bits, so the first picture a reader sees has k marks per item.
pub const WALK_ITEMS: [&str; 3] = ["pear", "cherry", "mango"];
/// m and k of the walk-through.
pub const WALK_PARAMS: (u32, u32) = (16, 3);

/// The playground of the walk-through, with its three items inserted (measuring nothing: the
/// prose needs its bits and verdicts, not a measured rate).
pub fn walk_through() -> Playground {
    let (bits, hashes) = WALK_PARAMS;
    let params = FilterParams {
        bits,
        hashes,
        ..FilterParams::default()
    };
    let no_probes = ProbeSet::new(std::iter::empty::<&str>(), bits, hashes, params.scheme);
    let mut playground = Playground::with_probes(params, std::rc::Rc::new(no_probes));
    for item in WALK_ITEMS {
        let _ = playground.insert(item);
    }
    playground
}

/// The first word of the word list whose k indexes at the walk-through's m and k all fall on one
/// bit, and that bit.
fn repeat_word() -> (&'static str, u32) {
    let (bits, hashes) = WALK_PARAMS;
    let filter = Playground::new(FilterParams {
        bits,
        hashes,
        ..FilterParams::default()
    });
    WORDS
        .iter()
        .find_map(|&word| {
            let indexes = filter.filter().indexes(word);
            indexes
                .iter()
                .all(|&index| index == indexes[0])
                .then(|| (word, indexes[0]))
        })
        .unwrap_or(("—", 0))
}

/// Every number the prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let walk = walk_through();
    let find = |wanted: fn(&Verdict) -> bool| {
        WORDS
            .iter()
            .copied()
            .filter(|word| !WALK_ITEMS.contains(word))
            .find(|word| wanted(&walk.query(word)))
            .unwrap_or("—")
    };
    let (repeat, repeat_bit) = repeat_word();
    let bits_1pct = optimal_bits(1e6, 0.01) / 1e6;
    let leveldb_rate = sizing::rate(1.0, 10.0, 6.0);
    vec![
        ("walk_m", WALK_PARAMS.0.to_string()),
        ("walk_k", WALK_PARAMS.1.to_string()),
        (
            "walk_items",
            WALK_ITEMS.join(match lang {
                Lang::English => ", ",
                Lang::Chinese | Lang::Japanese => "、",
            }),
        ),
        ("walk_first", WALK_ITEMS[0].to_string()),
        // A word whose k indexes all land on one bit (its second hash is a multiple of m).
        ("repeat_word", repeat.to_string()),
        ("repeat_bit", repeat_bit.to_string()),
        (
            "absent_word",
            find(|verdict| matches!(verdict, Verdict::Absent { .. })).to_string(),
        ),
        (
            "fp_word",
            find(|verdict| *verdict == Verdict::FalsePositive).to_string(),
        ),
        ("bits_1pct", significant(bits_1pct)),
        (
            "k_1pct",
            count(optimal_hashes(optimal_bits(1e6, 0.01), 1e6)),
        ),
        ("bits_01pct", significant(optimal_bits(1e6, 0.001) / 1e6)),
        ("log_factor", significant(1.0 / std::f64::consts::LN_2)),
        (
            "bits_per_decade",
            significant(10f64.log2() / std::f64::consts::LN_2),
        ),
        ("bits_001pct", significant(optimal_bits(1e6, 1e-4) / 1e6)),
        ("billion_1pct", lang.size(bytes(optimal_bits(1e9, 0.01)))),
        ("small_approx", significant(fpr::approximate(16, 3, 3))),
        ("small_exact", significant(fpr::exact(16, 3, 3))),
        ("big_approx", significant(fpr::approximate(1024, 3, 100))),
        ("big_exact", significant(fpr::exact(1024, 3, 100))),
        ("leveldb_rate", significant(leveldb_rate)),
    ]
}

// Formulas, shared by all languages.
const MATH_ZERO: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>0</mn><mo>)</mo><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>≈</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
const MATH_FPR: &str = r#"<math display="block"><mrow><mi>p</mi><mo>≈</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
const MATH_EXACT: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><mi>E</mi><mo>[</mo><msup><mrow><mo>(</mo><mi>X</mi><mo>/</mo><mi>m</mi><mo>)</mo></mrow><mi>k</mi></msup><mo>]</mo></mrow></math>"#;
const MATH_DOUBLE: &str = r#"<math display="block"><mrow><msub><mi>g</mi><mi>i</mi></msub><mo>=</mo><mo>(</mo><msub><mi>h</mi><mn>1</mn></msub><mo>+</mo><mi>i</mi><mo>·</mo><msub><mi>h</mi><mn>2</mn></msub><mo>)</mo><mo>mod</mo><mi>m</mi><mo>,</mo><mspace width="0.5em"/><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>k</mi><mo>−</mo><mn>1</mn></mrow></math>"#;
const MATH_OPTIMAL_K: &str = r#"<math display="block"><mrow><msup><mi>k</mi><mo>*</mo></msup><mo>=</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mn>2</mn></mrow></math>"#;
const MATH_SIZE: &str = r#"<math display="block"><mrow><mi>m</mi><mo>=</mo><mo>−</mo><mfrac><mrow><mi>n</mi><mi>ln</mi><mi>p</mi></mrow><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mfrac><mo>≈</mo><mn>1.44</mn><mo>·</mo><msub><mi>log</mi><mn>2</mn></msub><mo>(</mo><mn>1</mn><mo>/</mo><mi>p</mi><mo>)</mo><mo>·</mo><mi>n</mi></mrow></math>"#;
const MATH_ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::strings::catalog::Catalog;
    use crate::strings::{blanks, fill};

    fn chapter_json(lang: Lang, number: u32) -> String {
        let path = format!(
            "{}/static/locales/{}/chapter-{number}.json",
            env!("CARGO_MANIFEST_DIR"),
            lang.param()
        );
        std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} is missing"))
    }

    #[test]
    fn every_chapter_file_has_exactly_the_texts_its_structure_names() {
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let catalog = Catalog::parse(&chapter_json(lang, number)).unwrap();
                let mut wanted: Vec<&str> = blocks(number)
                    .iter()
                    .filter_map(|block| match block {
                        Block::P(key) => Some(*key),
                        _ => None,
                    })
                    .chain([QUESTION, ANSWER])
                    .collect();
                let mut found: Vec<&str> = catalog.keys().collect();
                wanted.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, wanted, "{lang:?} chapter {number}");
                for key in wanted {
                    let text = catalog.get(key).unwrap().form("other");
                    assert!(!text.trim().is_empty(), "{lang:?} chapter {number} {key}");
                }
            }
        }
    }

    #[test]
    fn every_blank_is_a_computed_fact() {
        crate::strings::tests::install_all();
        for lang in Lang::ALL {
            let facts = facts(lang);
            let args: Vec<(&str, &str)> = facts.iter().map(|(k, v)| (*k, v.as_str())).collect();
            for number in 1..=CHAPTERS {
                let catalog = Catalog::parse(&chapter_json(lang, number)).unwrap();
                for key in catalog.keys() {
                    let text = catalog.get(key).unwrap().form("other");
                    for blank in blanks(text) {
                        assert!(
                            facts.iter().any(|(name, _)| *name == blank),
                            "{{{blank}}} in {lang:?} chapter {number} is not a fact"
                        );
                    }
                    assert!(!fill(text, &args).contains('{'), "{lang:?} {number} {key}");
                }
            }
        }
    }

    #[test]
    fn the_walk_through_has_all_three_verdicts() {
        crate::strings::tests::install_all();
        let facts = facts(Lang::English);
        let get = |key: &str| {
            facts
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        let walk = walk_through();
        assert!(matches!(
            walk.query(&get("absent_word")),
            Verdict::Absent { .. }
        ));
        assert_eq!(walk.query(&get("fp_word")), Verdict::FalsePositive);
        assert_eq!(walk.query(&get("walk_first")), Verdict::Present);
        // The example shows k marks per item; the repeat is named, not shown.
        for item in WALK_ITEMS {
            let mut indexes = walk.filter().indexes(item);
            crate::bloom::small_sort::sort_distinct(&mut indexes);
            assert_eq!(indexes.len() as u32, WALK_PARAMS.1, "{item}");
        }
        let repeat = walk.filter().indexes(&get("repeat_word"));
        assert!(repeat
            .iter()
            .all(|&index| index.to_string() == get("repeat_bit")));
        assert_eq!(get("k_1pct"), "7");
        assert_eq!(get("bits_1pct"), "9.59");
        assert_eq!(get("bits_001pct"), "19.2");
        assert_eq!(get("bits_per_decade"), "4.79");
        assert_eq!(get("billion_1pct"), "1.12 GiB");
        assert_eq!(
            facts_value(Lang::Japanese, "billion_1pct"),
            "1.12 ギビバイト"
        );
    }

    fn facts_value(lang: Lang, key: &str) -> String {
        facts(lang)
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap()
    }
}

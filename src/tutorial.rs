//! The tutorial's twelve chapters. Their structure is code — which headings, paragraphs, formulas,
//! derivations, tables, widgets and exercises come in which order, the facts the prose uses and the
//! chapter's exercise (one module per chapter, `chapter1` … `chapter12`) — and their prose is data:
//! one file per chapter and language (`static/locales/<lang>/chapter-<n>.json`), fetched when the
//! chapter is opened. Paragraphs name their numbers as blanks (`{bits_1pct}`) that the chapter's
//! `facts` compute with the core, so no number a learner reads is typed by hand, and mark glossary
//! terms as `[[term|words]]` (see [`markup`]).

pub mod chapter1;
pub mod chapter10;
pub mod chapter11;
pub mod chapter12;
pub mod chapter2;
pub mod chapter3;
pub mod chapter4;
pub mod chapter5;
pub mod chapter6;
pub mod chapter7;
pub mod chapter8;
pub mod chapter9;
#[cfg(all(test, not(target_arch = "wasm32")))]
pub mod checks;
pub mod exercise;
pub mod figures;
pub mod formulas;
pub mod markup;
pub mod progress;
pub mod slides;

use crate::strings::{Lang, Msg};
use bloom_core::measure::ProbeSet;
use bloom_core::params::FilterParams;
use bloom_core::playground::Playground;
use bloom_core::words::WORDS;
use exercise::Exercise;

/// How many chapters there are (declared with the site's pages).
pub use crate::routes::CHAPTERS;

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
    /// The counting filter widget, in a frame (its own small program, loaded when scrolled to).
    Counting,
    /// The count-min sketch widget, in a frame.
    CountMin,
    /// The scalable filter widget, in a frame.
    Scalable,
    /// Union and intersection of two filters, in a frame.
    Sets,
    /// Standard against partitioned, in a frame.
    Partitioned,
    /// Compressed filters, in a frame.
    Compressed,
    /// A filter cascade, in a frame.
    Cascade,
    /// The big-N lab's table of the slides' experiments, in a frame (run on click).
    Lab,
    /// One case of the bug museum, in a frame (run on click).
    Bugs,
    /// Parquet's split-block filter asked about a value, in a frame (the filters page's widget).
    SplitBlock,
    /// A cuckoo filter after a deletion, in a frame.
    Cuckoo,
    /// An xor filter built from a few keys, in a frame.
    Xor,
}

impl Widget {
    /// Every widget.
    pub const ALL: [Widget; 17] = [
        Widget::WalkThrough,
        Widget::Hashing,
        Widget::RateChart,
        Widget::Calculator,
        Widget::Estimate,
        Widget::Counting,
        Widget::CountMin,
        Widget::Scalable,
        Widget::Sets,
        Widget::Partitioned,
        Widget::Compressed,
        Widget::Cascade,
        Widget::Lab,
        Widget::Bugs,
        Widget::SplitBlock,
        Widget::Cuckoo,
        Widget::Xor,
    ];

    /// Its name in the page (`data-widget`), by which the app finds where each widget goes.
    pub fn name(self) -> &'static str {
        match self {
            Widget::WalkThrough => "walk-through",
            Widget::Hashing => "hashing",
            Widget::RateChart => "rate-chart",
            Widget::Calculator => "calculator",
            Widget::Estimate => "estimate",
            Widget::Counting => "counting",
            Widget::CountMin => "count-min",
            Widget::Scalable => "scalable",
            Widget::Sets => "sets",
            Widget::Partitioned => "partitioned",
            Widget::Compressed => "compressed",
            Widget::Cascade => "cascade",
            Widget::Lab => "lab",
            Widget::Bugs => "bugs",
            Widget::SplitBlock => "split-block",
            Widget::Cuckoo => "cuckoo",
            Widget::Xor => "xor",
        }
    }

    /// True for the widgets shown in a frame, each its own small program.
    pub fn framed(self) -> bool {
        !matches!(
            self,
            Widget::WalkThrough
                | Widget::Hashing
                | Widget::RateChart
                | Widget::Calculator
                | Widget::Estimate
        )
    }

    /// The heights, in CSS pixels, a framed widget is given until it reports its own, in `lang`: at
    /// a frame under 420, 600 and 900 px wide and wider (a phone, a narrow column, a chapter's
    /// column, a wide screen). What it takes there, give or take a tenth, so the text around it does
    /// not jump when it arrives (measured, and held to it, by the end-to-end tests).
    pub fn frame_heights(self, lang: Lang) -> [u32; 4] {
        let [en, zh, ja] = match self {
            Widget::CountMin => [
                [1780, 1470, 1400, 1310],
                [1680, 1370, 1350, 1280],
                [1740, 1420, 1430, 1310],
            ],
            Widget::Scalable => [
                [3160, 2570, 2560, 2460],
                [3170, 2680, 2430, 2290],
                [3370, 2880, 2750, 2480],
            ],
            Widget::Sets => [
                [2450, 1880, 1900, 1840],
                [2310, 1840, 1860, 1820],
                [2500, 2020, 1900, 1960],
            ],
            Widget::Partitioned => [
                [860, 530, 520, 470],
                [680, 510, 490, 470],
                [780, 530, 530, 470],
            ],
            Widget::Compressed => [
                [1750, 1380, 1340, 1090],
                [1600, 1300, 1230, 940],
                [1840, 1470, 1390, 1170],
            ],
            Widget::Cascade => [
                [1320, 990, 980, 890],
                [1180, 960, 930, 870],
                [1300, 1010, 950, 920],
            ],
            // Under 600 px its table stacks each row's cells.
            Widget::Lab => [
                [7190, 6720, 1860, 1940],
                [6890, 6680, 1820, 1890],
                [7320, 6970, 1890, 1960],
            ],
            Widget::Bugs => [
                [1800, 1450, 1320, 1130],
                [1670, 1330, 1210, 1040],
                [1850, 1470, 1330, 1090],
            ],
            Widget::SplitBlock => [
                [1550, 1280, 1230, 1140],
                [1420, 1200, 1200, 1140],
                [1520, 1300, 1280, 1190],
            ],
            Widget::Cuckoo => [
                [1340, 1080, 1060, 1000],
                [1180, 1040, 1000, 1000],
                [1310, 1140, 1110, 1000],
            ],
            Widget::Xor => [
                [1390, 1040, 950, 770],
                [1290, 960, 910, 770],
                [1370, 1080, 1000, 850],
            ],
            _ => [
                [1250, 950, 1000, 810],
                [1220, 870, 880, 790],
                [1270, 980, 1040, 810],
            ],
        };
        match lang {
            Lang::English => en,
            Lang::Chinese => zh,
            Lang::Japanese => ja,
        }
    }

    /// The widget named `name`.
    pub fn from_name(name: &str) -> Option<Widget> {
        Widget::ALL.into_iter().find(|widget| widget.name() == name)
    }
}

/// One line of a derivation: a formula, and the key of the sentence saying why it follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The line, as MathML (`<math display="block">…</math>`).
    pub math: &'static str,
    /// Its explanation's key in the chapter's file.
    pub why: &'static str,
}

/// A table the core computes: a caption (a key in the chapter's file), a header row and rows, each
/// cell already written in the page's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The caption's key in the chapter's file.
    pub caption: &'static str,
    /// Column headings.
    pub head: Vec<String>,
    /// The rows; the first cell of each is its heading.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Each column's width in em, wide enough for its widest cell (heading or row) with the cells'
    /// padding: a table written in parts gives every part these widths, so that, read, its parts'
    /// columns line up as one table's. Generous rather than exact (a Latin letter or digit counted
    /// as 0.62 em, a Chinese or Japanese character as 1.05 em): a cell's text never overflows.
    pub fn column_widths(&self) -> Vec<f32> {
        let width = |text: &str| -> f32 {
            text.chars()
                .map(|c| if (c as u32) < 0x2E80 { 0.62 } else { 1.05 })
                .sum()
        };
        (0..self.head.len())
            .map(|column| {
                let widest = std::iter::once(&self.head)
                    .chain(&self.rows)
                    .filter_map(|row| row.get(column))
                    .map(|cell| width(cell))
                    .fold(0.0, f32::max);
                // 0.6 rem of padding each side and the borders, rounded up to a tenth (a
                // thousandth less first: 4.4 is not taken for 4.4000001).
                ((widest + 1.3) * 10.0 - 1e-3).ceil() / 10.0
            })
            .collect()
    }
}

/// One block of a chapter.
#[derive(Debug, Clone, Copy)]
pub enum Block {
    /// A section heading: its key in the chapter's file.
    H(&'static str),
    /// A paragraph: its key in the chapter's file (the text may contain `{fact}` blanks and
    /// `[[term|words]]` glossary links).
    P(&'static str),
    /// A display formula, as MathML (notation is the same in every language).
    Math(&'static str),
    /// A derivation, one step per line, each with the sentence that justifies it.
    Derivation(&'static [Step]),
    /// A table the core computes, in the page's language.
    Table(fn(Lang) -> Table),
    /// A figure the core computes, with its caption in the page's language.
    Figure(fn(Lang) -> figures::Figure),
    /// A widget.
    Widget(Widget),
    /// The chapter's predict-then-check exercise (see [`exercise`]).
    Exercise,
    /// A paragraph that is one link, to another page of the site: the page, and the text's key in
    /// the chapter's file.
    PageLink(crate::routes::SitePage, &'static str),
}

/// Where the last sentence of `text` starts (a byte index; 0 for a text of one sentence): after the
/// last ". " or "。" before its final stop.
pub fn last_sentence(text: &str) -> usize {
    let body = text.trim_end_matches(['.', '。']);
    body.rfind(". ")
        .map(|at| at + 2)
        .into_iter()
        .chain(body.rfind('。').map(|at| at + '。'.len_utf8()))
        .max()
        .unwrap_or(0)
}

/// The keys of a chapter file besides its blocks' own.
pub const QUESTION: &str = "question";
/// The answer to the check-yourself question, revealed on request.
pub const ANSWER: &str = "answer";
/// The exercise's question (its blanks are the exercise's own numbers, see [`exercise`]).
pub const EXERCISE: &str = "exercise";
/// The exercise's explanation, shown after Check, with the right answer worked out and the
/// learner's own answer.
pub const EXERCISE_EXPLAIN: &str = "exercise_explain";
/// The exercise's hint, shown after a wrong answer before the worked answer is asked for: the way
/// to the answer, never the answer (none of its blanks is `right` or `answer`).
pub const EXERCISE_HINT: &str = "exercise_hint";

/// The name of chapter `number`'s resource file (without the language folder or `.json`).
pub fn resource(number: u32) -> String {
    format!("chapter-{number}")
}

/// The title of chapter `number` (1 … 12), which the contents list shows for every chapter.
pub fn title(number: u32) -> Msg {
    match number {
        1 => Msg::ChapterTitle1,
        2 => Msg::ChapterTitle2,
        3 => Msg::ChapterTitle3,
        4 => Msg::ChapterTitle4,
        5 => Msg::ChapterTitle5,
        6 => Msg::ChapterTitle6,
        7 => Msg::ChapterTitle7,
        8 => Msg::ChapterTitle8,
        9 => Msg::ChapterTitle9,
        10 => Msg::ChapterTitle10,
        11 => Msg::ChapterTitle11,
        _ => Msg::ChapterTitle12,
    }
}

/// The blocks of chapter `number` (1 … 12), in order.
pub fn blocks(number: u32) -> &'static [Block] {
    match number {
        1 => chapter1::BLOCKS,
        2 => chapter2::BLOCKS,
        3 => chapter3::BLOCKS,
        4 => chapter4::BLOCKS,
        5 => chapter5::BLOCKS,
        6 => chapter6::BLOCKS,
        7 => chapter7::BLOCKS,
        8 => chapter8::BLOCKS,
        9 => chapter9::BLOCKS,
        10 => chapter10::BLOCKS,
        11 => chapter11::BLOCKS,
        _ => chapter12::BLOCKS,
    }
}

/// Every number chapter `number`'s prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang, number: u32) -> Vec<(&'static str, String)> {
    match number {
        1 => chapter1::facts(lang),
        2 => chapter2::facts(lang),
        3 => chapter3::facts(lang),
        4 => chapter4::facts(lang),
        5 => chapter5::facts(lang),
        6 => chapter6::facts(lang),
        7 => chapter7::facts(lang),
        8 => chapter8::facts(lang),
        9 => chapter9::facts(lang),
        10 => chapter10::facts(lang),
        11 => chapter11::facts(lang),
        _ => chapter12::facts(lang),
    }
}

/// Round `round` of chapter `number`'s exercise (1 … 12), its numbers written in `lang`: each
/// chapter's module draws its own. (Each of these lookups is a match, not one table of functions:
/// the browser's tutorial calls this one and `title`, and so links no chapter's facts.)
pub fn exercise_round(number: u32, round: u32, lang: Lang) -> Exercise {
    match number {
        1 => chapter1::exercise(round, lang),
        2 => chapter2::exercise(round, lang),
        3 => chapter3::exercise(round, lang),
        4 => chapter4::exercise(round, lang),
        5 => chapter5::exercise(round, lang),
        6 => chapter6::exercise(round, lang),
        7 => chapter7::exercise(round, lang),
        8 => chapter8::exercise(round, lang),
        9 => chapter9::exercise(round, lang),
        10 => chapter10::exercise(round, lang),
        11 => chapter11::exercise(round, lang),
        _ => chapter12::exercise(round, lang),
    }
}

/// The blanks chapter `number`'s exercise texts may use (`exercise` and `exercise_explain`):
/// `{answer}` is the reader's answer and `{right}` the right one, both as a reader would write them.
pub fn exercise_blanks(number: u32) -> &'static [&'static str] {
    match number {
        1 => chapter1::EXERCISE_BLANKS,
        2 => chapter2::EXERCISE_BLANKS,
        3 => chapter3::EXERCISE_BLANKS,
        4 => chapter4::EXERCISE_BLANKS,
        5 => chapter5::EXERCISE_BLANKS,
        6 => chapter6::EXERCISE_BLANKS,
        7 => chapter7::EXERCISE_BLANKS,
        8 => chapter8::EXERCISE_BLANKS,
        9 => chapter9::EXERCISE_BLANKS,
        10 => chapter10::EXERCISE_BLANKS,
        11 => chapter11::EXERCISE_BLANKS,
        _ => chapter12::EXERCISE_BLANKS,
    }
}

/// The keys chapter `number`'s file must hold: its blocks' texts, the check-yourself question and
/// answer, and its exercise's question, explanation and hint.
pub fn keys(number: u32) -> Vec<&'static str> {
    let mut keys = Vec::new();
    for block in blocks(number) {
        match block {
            Block::H(key) | Block::P(key) | Block::PageLink(_, key) => keys.push(*key),
            Block::Derivation(steps) => keys.extend(steps.iter().map(|step| step.why)),
            Block::Table(table) => keys.push(table(Lang::English).caption),
            Block::Figure(figure) => keys.push(figure(Lang::English).caption),
            Block::Exercise => keys.extend([EXERCISE, EXERCISE_EXPLAIN, EXERCISE_HINT]),
            Block::Math(_) | Block::Widget(_) => {}
        }
    }
    keys.extend([QUESTION, ANSWER]);
    keys
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
pub fn repeat_word() -> (&'static str, u32) {
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
    fn a_page_link_is_its_paragraphs_last_sentence() {
        let split = |text: &'static str| text.split_at(last_sentence(text)).1;
        assert_eq!(
            split("One. Two, then three. Open the museum."),
            "Open the museum."
        );
        assert_eq!(split("Open the museum."), "Open the museum.");
        assert_eq!(
            split("一つ目です。二つ目を開きます。"),
            "二つ目を開きます。"
        );
        assert_eq!(split("打开故障案例页。"), "打开故障案例页。");
        // Chapter 3's in every language ends with a sentence of its own about the museum.
        for lang in Lang::ALL {
            let json = chapter_json(lang, 3);
            let catalog = Catalog::parse(&json).expect("chapter 3");
            let text = catalog.get("p_bugs").expect("p_bugs").form("other");
            let link = &text[last_sentence(text)..];
            assert!(link.len() < text.len() / 2, "{lang:?}: {link}");
        }
    }

    #[test]
    fn every_chapter_file_has_exactly_the_texts_its_structure_names() {
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let catalog = Catalog::parse(&chapter_json(lang, number)).unwrap();
                let mut wanted = keys(number);
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
    fn every_blank_is_a_computed_fact_and_every_link_a_glossary_term() {
        crate::strings::tests::install_all();
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let facts = facts(lang, number);
                let args: Vec<(&str, &str)> = facts.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let catalog = Catalog::parse(&chapter_json(lang, number)).unwrap();
                for key in catalog.keys() {
                    let text = catalog.get(key).unwrap().form("other");
                    let exercise = [EXERCISE, EXERCISE_EXPLAIN, EXERCISE_HINT].contains(&key);
                    for blank in blanks(text) {
                        // A hint shows the way, not where it ends.
                        assert!(
                            key != EXERCISE_HINT || !["right", "answer"].contains(&blank),
                            "{{{blank}}} in {lang:?} chapter {number}'s hint"
                        );
                        let known = if exercise {
                            exercise_blanks(number).contains(&blank)
                        } else {
                            facts.iter().any(|(name, _)| *name == blank)
                        };
                        assert!(known, "{{{blank}}} in {lang:?} chapter {number} {key}");
                    }
                    if !exercise {
                        assert!(!fill(text, &args).contains('{'), "{lang:?} {number} {key}");
                    }
                    let (_, unknown) = markup::links(text);
                    assert!(unknown.is_empty(), "{lang:?} {number} {key}: {unknown:?}");
                }
            }
        }
    }

    /// Words as a reader counts them: English by spaces; Chinese and Japanese by characters, which
    /// run at about two per English word.
    fn words(lang: Lang, text: &str) -> usize {
        match lang {
            Lang::English => text.split_whitespace().count(),
            // An English word is about two characters of Chinese, and about three of Japanese,
            // whose kana spell out what Chinese packs into its characters (chapter 8: 1,151
            // English words, about 2,900 Chinese characters and 3,800 Japanese, markup included).
            Lang::Chinese => text.chars().filter(|c| !c.is_whitespace()).count() / 2,
            Lang::Japanese => text.chars().filter(|c| !c.is_whitespace()).count() / 3,
        }
    }

    #[test]
    fn every_chapter_is_a_real_read_with_an_exercise_and_glossary_links() {
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let catalog = Catalog::parse(&chapter_json(lang, number)).unwrap();
                let prose: String = catalog
                    .keys()
                    .filter(|key| {
                        ![QUESTION, ANSWER, EXERCISE, EXERCISE_EXPLAIN, EXERCISE_HINT].contains(key)
                    })
                    .map(|key| markup::plain(catalog.get(key).unwrap().form("other")) + " ")
                    .collect();
                let count = words(lang, &prose);
                assert!(
                    (550..=1400).contains(&count),
                    "{lang:?} chapter {number}: {count} words"
                );
                assert!(
                    blocks(number)
                        .iter()
                        .any(|block| matches!(block, Block::Exercise)),
                    "chapter {number}"
                );
                let linked = catalog.keys().any(|key| {
                    !markup::links(catalog.get(key).unwrap().form("other"))
                        .0
                        .is_empty()
                });
                assert!(linked, "{lang:?} chapter {number} links no glossary term");
            }
        }
    }

    #[test]
    fn a_tables_columns_are_as_wide_as_their_widest_cell() {
        let table = Table {
            caption: "c",
            head: vec!["stage".into(), "p".into()],
            rows: vec![
                vec!["1".into(), "1.00 %".into()],
                vec!["10".into(), "段階".into()],
            ],
        };
        let widths = table.column_widths();
        assert_eq!(widths.len(), 2);
        // "stage": 5 × 0.62 + 1.3 = 4.4; "1.00 %" (6 × 0.62 + 1.3 = 5.02) is wider than "段階"
        // (2 × 1.05 + 1.3 = 3.4), rounded up to a tenth.
        assert!((widths[0] - 4.4).abs() < 1e-4, "{widths:?}");
        assert!((widths[1] - 5.1).abs() < 1e-4, "{widths:?}");
    }
}

//! Chapter 1: the problem — remembering a huge set in little memory, and what a filter gives up for it.
//! An exact set must keep its items, so its memory grows with their length as well as their number;
//! a Bloom filter keeps about −ln p/(ln 2)² bits per item whatever the items are, and pays with
//! false positives (never false negatives).

use super::exercise::{nth, Exercise};
use super::formulas::chapter1 as math;
use super::Block::{self, Math, Table as T, H, P};
use super::{Table, WALK_PARAMS};
use crate::format::{grouped, percent_plain, significant};
use crate::strings::Lang;
use bloom_core::sizing::{bytes, optimal_bits};

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    H("h1"),
    P("p1"),
    P("p2"),
    T(billion_urls_in_memory),
    H("h2"),
    P("p3"),
    P("p4"),
    Math(math::BITS_PER_ITEM),
    P("p5"),
    T(billion_items_by_rate),
    Block::Exercise,
    H("h3"),
    P("p6"),
    P("p7"),
    P("p8"),
    H("h4"),
    P("p9"),
];

/// n of the crawler example: a billion URLs.
const BILLION: f64 = 1e9;
/// The average length of a URL in the crawler example, in bytes (what the exact set must store).
const URL_BYTES: u64 = 64;
/// The false-positive rates the table prices, a factor of ten apart.
const TABLE_RATES: [f64; 4] = [0.1, 0.01, 0.001, 0.0001];

/// The false-positive rates the first table sets against the exact set.
const MEMORY_RATES: [f64; 2] = [0.01, 0.0001];

/// The problem in figures, before the idea: a billion URLs kept exactly against a filter at two
/// rates (the later table prices more rates).
fn billion_urls_in_memory(lang: Lang) -> Table {
    let (head, exact, filter): ([&str; 2], &str, &str) = match lang {
        Lang::English => (
            ["A billion URLs, kept as", "Memory"],
            "A hash set: their characters alone",
            "A Bloom filter at {rate} false positives",
        ),
        Lang::Chinese => (
            ["10 亿个 URL 的存放方式", "内存"],
            "哈希集合：仅字符本身",
            "布隆过滤器，误判率 {rate}",
        ),
        Lang::Japanese => (
            ["10 億個の URL の持ち方", "メモリ"],
            "ハッシュ集合：文字列だけ",
            "ブルームフィルタ（偽陽性率 {rate}）",
        ),
    };
    let mut rows = vec![vec![
        exact.to_owned(),
        lang.size(BILLION * URL_BYTES as f64),
    ]];
    rows.extend(MEMORY_RATES.iter().map(|&rate| {
        vec![
            filter.replace("{rate}", &percent_plain(rate)),
            lang.size(billion_filter_bytes(rate)),
        ]
    }));
    Table {
        caption: "table_memory",
        head: head.iter().map(|cell| cell.to_string()).collect(),
        rows,
    }
}

/// The bytes of a filter for a billion items at false-positive rate `rate`, with the best k.
fn billion_filter_bytes(rate: f64) -> f64 {
    bytes(optimal_bits(BILLION, rate))
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    // Only the characters: a hash set adds pointers, lengths and empty slots on top.
    let exact_bytes = BILLION * URL_BYTES as f64;
    vec![
        ("url_bytes", grouped(URL_BYTES)),
        ("url_bits", grouped(URL_BYTES * 8)),
        ("billion_exact", lang.size(exact_bytes)),
        (
            "bits_1pct",
            significant(optimal_bits(BILLION, 0.01) / BILLION),
        ),
        ("billion_1pct", lang.size(billion_filter_bytes(0.01))),
        (
            "times_smaller",
            significant(exact_bytes / billion_filter_bytes(0.01)),
        ),
        ("billion_001pct", lang.size(billion_filter_bytes(1e-4))),
        ("walk_m", WALK_PARAMS.0.to_string()),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`): `{answer}` is the
/// reader's answer and `{right}` the right one, both as a reader would write them.
pub const EXERCISE_BLANKS: &[&str] = &[
    "n",
    "rate",
    "set_size",
    "bits_per_item",
    "bits",
    "bytes",
    "right",
    "answer",
];

/// Round `round` of the chapter's exercise, its numbers written in `lang`: how much memory a filter
/// of n items at rate p takes — a tenth of the answer, the answer, or ten times it.
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    let items = nth(&[1_000_000.0, 10_000_000.0, 100_000.0, 50_000_000.0], round);
    let target = nth(&[0.01, 0.001, 0.05, 0.0001], round);
    let right = bytes(optimal_bits(items, target));
    Exercise::three_way(
        (1, round),
        &|size| lang.size(size),
        right,
        vec![
            ("n", lang.count(items as u64)),
            ("rate", percent_plain(target)),
            ("set_size", lang.size(items * 64.0)),
            (
                "bits_per_item",
                significant(optimal_bits(items, target) / items),
            ),
            // The bits n items take, rounded up: the bytes are these over 8, rounded up.
            (
                "bits",
                lang.count(optimal_bits(items, target).ceil() as u64),
            ),
            ("bytes", lang.count(right.round() as u64)),
        ],
        vec![
            format!("n={}", items as u64),
            format!("p={}", percent_plain(target)),
        ],
    )
}

/// What a billion items cost at rates a factor of ten apart: bits per item and the filter's size.
fn billion_items_by_rate(lang: Lang) -> Table {
    let head: [&str; 3] = match lang {
        Lang::English => [
            "False-positive rate",
            "Bits per item",
            "Memory for a billion items",
        ],
        Lang::Chinese => ["误判率", "每个元素的位数", "10 亿个元素所需内存"],
        Lang::Japanese => [
            "偽陽性率",
            "要素あたりのビット数",
            "10 億要素に必要なメモリ",
        ],
    };
    Table {
        caption: "table_billion",
        head: head.iter().map(|cell| cell.to_string()).collect(),
        rows: TABLE_RATES
            .iter()
            .map(|&rate| {
                vec![
                    percent_plain(rate),
                    significant(optimal_bits(BILLION, rate) / BILLION),
                    lang.size(billion_filter_bytes(rate)),
                ]
            })
            .collect(),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;

    fn fact(lang: Lang, key: &str) -> String {
        checks::fact(facts, lang, key)
    }

    /// −ln p/(ln 2)² written the other way round: log₂(1/p) · log₂ e.
    fn bits_per_item(rate: f64) -> f64 {
        (1.0 / rate).log2() * std::f64::consts::E.log2()
    }

    #[test]
    fn a_billion_items_at_one_percent_take_a_gibibyte_and_a_bit() {
        crate::strings::tests::install_all();
        // 1e9 · 9.585 bits / 8 / 2^30 = 1.116 GiB.
        assert_eq!(fact(Lang::English, "billion_1pct"), "1.12 GiB");
        assert_eq!(fact(Lang::Japanese, "billion_1pct"), "1.12 GiB");
        assert_eq!(fact(Lang::Chinese, "billion_1pct"), "1.12 GiB");
        let gib = BILLION * bits_per_item(0.01) / 8.0 / 1024f64.powi(3);
        assert!((gib - 1.116).abs() < 1e-3, "{gib}");
    }

    #[test]
    fn the_exact_set_and_the_filter_compared() {
        crate::strings::tests::install_all();
        // The published figure: 9.585 bits per item at 1%.
        assert_eq!(fact(Lang::English, "bits_1pct"), "9.59");
        assert!((bits_per_item(0.01) - 9.585).abs() < 1e-3);
        // 64e9 bytes, divided by 1024 until it is under 1024: 59.6 GiB.
        let (mut size, mut steps) = (64e9f64, 0);
        while size >= 1024.0 {
            size /= 1024.0;
            steps += 1;
        }
        assert_eq!(steps, 3);
        assert_eq!(
            fact(Lang::English, "billion_exact"),
            format!("{size:.1} GiB")
        );
        assert_eq!(fact(Lang::English, "url_bits"), "512");
        // 512 bits of text against 9.585 bits of filter: 53.4 times less.
        assert!((512.0 / bits_per_item(0.01) - 53.4).abs() < 0.05);
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("times_smaller", "53.4"),
                // The sizing table's 10⁷ items at 0.01% (191,701,168 bits), times a hundred, in GiB.
                ("billion_001pct", "2.23 GiB"),
            ],
        );
        assert!((19_170_116_800.0 / 8.0 / 1024f64.powi(3) - 2.2317).abs() < 1e-3);
    }

    #[test]
    fn each_factor_of_ten_in_the_rate_costs_the_same_bits() {
        crate::strings::tests::install_all();
        for lang in Lang::ALL {
            let table = billion_items_by_rate(lang);
            assert_eq!(table.head.len(), 3);
            assert!(table.head.iter().all(|cell| !cell.is_empty()), "{lang:?}");
            assert_eq!(table.rows.len(), TABLE_RATES.len());
            assert!(table.rows.iter().all(|row| row.len() == 3), "{lang:?}");
        }
        let table = billion_items_by_rate(Lang::English);
        let firsts: Vec<&str> = table.rows.iter().map(|row| row[0].as_str()).collect();
        assert_eq!(firsts, ["10%", "1%", "0.1%", "0.01%"]);
        let bits: Vec<f64> = table
            .rows
            .iter()
            .map(|row| row[1].parse().unwrap())
            .collect();
        // log₂ 10 · log₂ e = 4.79 more bits per item for each factor of ten.
        let decade = 10f64.log2() * std::f64::consts::E.log2();
        for pair in bits.windows(2) {
            assert!((pair[1] - pair[0] - decade).abs() < 0.02, "{bits:?}");
        }
        assert_eq!(table.rows[1][2], fact(Lang::English, "billion_1pct"));
        assert_eq!(table.rows[3][2], fact(Lang::English, "billion_001pct"));
    }

    #[test]
    fn the_exercise_sizes_the_filter_by_the_formula() {
        crate::strings::tests::install_all();
        // Round 0: 10⁶ items at 1 % need −10⁶·ln 0.01/(ln 2)² bits = 1.198 MB = 1.14 MiB.
        let one = exercise(0, Lang::English);
        let bits = -1e6 * 0.01f64.ln() / (2f64.ln() * 2f64.ln());
        assert!((bits / 8.0 / 1_048_576.0 - 1.1427).abs() < 1e-3);
        assert_eq!(fact_of(&one.facts, "right"), "1.14 MiB");
        assert_eq!(fact_of(&one.facts, "set_size"), "61 MiB");
        // The bytes the reader divides by 2²⁰ to reach it: ⌈bits/8⌉.
        let bytes = (bits / 8.0).ceil() as u64;
        assert_eq!(fact_of(&one.facts, "bytes"), crate::format::grouped(bytes));
        // The bits the explanation divides by 8, so its arithmetic adds up: ⌈⌈bits⌉/8⌉ = ⌈bits/8⌉.
        let whole = bits.ceil() as u64;
        assert_eq!(fact_of(&one.facts, "bits"), crate::format::grouped(whole));
        assert_eq!(whole.div_ceil(8), bytes);
        assert_eq!(format!("{:.2}", bytes as f64 / 1_048_576.0), "1.14");
    }
}

//! Chapter 8: where Bloom filters are used. Every use puts a filter in front of something expensive —
//! a page download, a disk read, a network request — so that a "no" skips it: a false positive then
//! costs one wasted step, while a false negative would give a wrong answer. The chapter prices a
//! crawler's filter for a billion URLs, LevelDB's ten bits per key, and the cases where an exact set
//! is the better choice; the lab's table of the slides' experiments runs them at full size.

use super::exercise::{nth, Exercise};
use super::Block::{self, Table as T, Widget as W, H, P};
use super::{Table, Widget};
use crate::format::{count, megabytes, one_in, percent_compact, significant};
use crate::strings::Lang;
use bloom_core::crawler::CLAIM_BYTES;
use bloom_core::sizing::{bytes, capacity, hashes_for_rate, optimal_bits, optimal_hashes, rate};

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    H("h1"),
    P("p2"),
    T(crawler_table),
    P("p3"),
    H("h2"),
    P("p4"),
    P("p5"),
    Block::Exercise,
    H("h3"),
    P("p6"),
    P("p7"),
    P("p8"),
    P("p9"),
    H("h5"),
    P("p12"),
    W(Widget::Lab),
    H("h4"),
    P("p10"),
    P("p11"),
];

/// The crawler's scale (seed 001): a billion URLs.
const CRAWLER_URLS: f64 = 1e9;
/// The rate the crawler example is sized for in the prose.
const CRAWLER_RATE: f64 = 0.01;
/// The rates of the crawler table, each ten times stricter than the one before.
const CRAWLER_RATES: [f64; 4] = [1e-2, 1e-3, 1e-4, 1e-5];
/// The rate at which seed 001 claims a billion URLs fit in "just over 18mb".
const CLAIM_RATE: f64 = 1e-4;
/// The bytes of a 64-bit hash, the least an exact set could keep per URL.
const FINGERPRINT_BYTES: f64 = 8.0;

/// LevelDB's default filter policy: ten bits per key.
pub const LEVELDB_BITS_PER_KEY: f64 = 10.0;

/// LevelDB's choice of k: bits per key · 0.69 (just under ln 2), rounded down, at least 1.
pub fn leveldb_hashes(bits_per_key: f64) -> f64 {
    (bits_per_key * 0.69).floor().max(1.0)
}

/// The small set of the "when not to use one" paragraph: a thousand 64-bit IDs.
const SMALL_ITEMS: f64 = 1_000.0;
/// The rate a filter for the small set would be built for.
const SMALL_RATE: f64 = 0.01;

/// What the claimed memory really holds at the claimed rate, with the k that rate calls for.
fn claim_capacity() -> f64 {
    capacity(CLAIM_BYTES * 8.0, hashes_for_rate(CLAIM_RATE), CLAIM_RATE)
}

/// A large count rounded as people say it: "7.88 million"; Chinese and Japanese count in 万
/// (10⁴): "788 万".
fn in_millions(lang: Lang, items: f64) -> String {
    match lang {
        Lang::English => format!("{} million", significant(items / 1e6)),
        Lang::Chinese | Lang::Japanese => format!("{} 万", significant(items / 1e4)),
    }
}

/// What a filter for a billion URLs costs at each rate of [`CRAWLER_RATES`]: bits per URL, the best
/// k and the memory.
fn crawler_table(lang: Lang) -> Table {
    let head: [&str; 4] = match lang {
        Lang::English => ["p", "bits per URL", "k", "memory"],
        Lang::Chinese => ["p", "每个 URL 的位数", "k", "内存"],
        Lang::Japanese => ["p", "URL あたりのビット数", "k", "メモリ"],
    };
    let rows = CRAWLER_RATES
        .iter()
        .map(|&p| {
            let bits = optimal_bits(CRAWLER_URLS, p);
            vec![
                percent_compact(p),
                significant(bits / CRAWLER_URLS),
                count(optimal_hashes(bits, CRAWLER_URLS)),
                lang.size(bytes(bits)),
            ]
        })
        .collect();
    Table {
        caption: "table_crawler",
        head: head.iter().map(|label| label.to_string()).collect(),
        rows,
    }
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let crawler_bits = optimal_bits(CRAWLER_URLS, CRAWLER_RATE);
    let claim_bits = optimal_bits(CRAWLER_URLS, CLAIM_RATE);
    let leveldb_k = leveldb_hashes(LEVELDB_BITS_PER_KEY);
    let leveldb_rate = rate(1.0, LEVELDB_BITS_PER_KEY, leveldb_k);
    let best_k = optimal_hashes(LEVELDB_BITS_PER_KEY, 1.0);
    vec![
        ("crawler_rate", percent_compact(CRAWLER_RATE)),
        (
            "fingerprint_size",
            lang.size(CRAWLER_URLS * FINGERPRINT_BYTES),
        ),
        ("crawler_size", lang.size(bytes(crawler_bits))),
        (
            "crawler_k",
            count(optimal_hashes(crawler_bits, CRAWLER_URLS)),
        ),
        (
            "crawler_bits_per_url",
            significant(crawler_bits / CRAWLER_URLS),
        ),
        ("claim_rate", percent_compact(CLAIM_RATE)),
        ("claim_size", megabytes(CLAIM_BYTES)),
        ("claim_real_size", lang.size(bytes(claim_bits))),
        (
            "claim_factor",
            significant((bytes(claim_bits) / CLAIM_BYTES).round()),
        ),
        ("claim_items", in_millions(lang, claim_capacity())),
        ("leveldb_bits", significant(LEVELDB_BITS_PER_KEY)),
        ("leveldb_k", count(leveldb_k)),
        ("leveldb_rate", significant(leveldb_rate)),
        ("leveldb_percent", percent_compact(leveldb_rate)),
        (
            "leveldb_one_in",
            one_in(leveldb_rate).unwrap_or_else(|| "—".into()),
        ),
        ("leveldb_best_k", count(best_k)),
        (
            "leveldb_best_percent",
            percent_compact(rate(1.0, LEVELDB_BITS_PER_KEY, best_k)),
        ),
        ("small_n", lang.count(SMALL_ITEMS as u64)),
        ("small_rate", percent_compact(SMALL_RATE)),
        (
            "small_exact_size",
            lang.size(SMALL_ITEMS * FINGERPRINT_BYTES),
        ),
        (
            "small_filter_size",
            lang.size(bytes(optimal_bits(SMALL_ITEMS, SMALL_RATE))),
        ),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &["bits_per_key", "k", "right", "answer"];

/// Round `round` of the chapter's exercise (its numbers need no language): the rate of a filter
/// built by LevelDB's rule at b bits per key — a tenth of the answer, the answer, or ten times it.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    let per_key = nth(&[10.0, 8.0, 16.0, 6.0, 12.0], round);
    // LevelDB's rule: k = bits per key · 0.69, rounded down.
    let k = (per_key * 0.69f64).floor().max(1.0);
    let right = rate(1.0, per_key, k);
    Exercise::three_way(
        (8, round),
        &percent_compact,
        right,
        vec![
            ("bits_per_key", significant(per_key)),
            ("k", significant(k)),
        ],
        vec![format!("b={}", per_key as u64), format!("k={}", k as u64)],
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

    /// The rate (1 − e^(−k·n/m))^k written as a loop: the chance one probed bit is set, k times over.
    fn rate_by_loop(items: f64, bits: f64, hashes: u32) -> f64 {
        let set = 1.0 - (-f64::from(hashes) * items / bits).exp();
        (0..hashes).fold(1.0, |product, _| product * set)
    }

    #[test]
    fn a_billion_urls_cost_what_the_bits_per_item_rule_says() {
        crate::strings::tests::install_all();
        // m/n = log₂(1/p)·log₂(e): 6.644 · 1.4427 = 9.585 bits per URL at 1%, k = 9.585·ln 2 → 7.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("crawler_bits_per_url", "9.59"),
                ("crawler_k", "7"),
                // 9,585,058,378 bits / 8 = 1,198,132,298 bytes = 1.116 GiB.
                ("crawler_size", "1.12 GiB"),
            ],
        );
        assert_eq!(fact(Lang::Chinese, "crawler_size"), "1.12 GiB");
        // 8·10⁹ bytes = 7.45 GiB of bare 64-bit hashes.
        assert_eq!(fact(Lang::English, "fingerprint_size"), "7.45 GiB");
        let table = crawler_table(Lang::English);
        for (row, &p) in table.rows.iter().zip(&CRAWLER_RATES) {
            let per_url = (1.0 / p).log2() * std::f64::consts::LOG2_E;
            assert_eq!(row[1], significant(per_url), "{p}");
            let gib = (CRAWLER_URLS * per_url / 8.0) / f64::from(1u32 << 30);
            assert_eq!(row[3], format!("{} GiB", significant(gib)), "{p}");
        }
        assert_eq!(table.rows[0][0], "1%");
        assert_eq!(table.rows[3][0], "0.001%");
        assert_eq!(table.rows[2][2], "13");
    }

    #[test]
    fn the_articles_eighteen_megabytes_hold_under_a_hundredth_of_a_billion() {
        crate::strings::tests::install_all();
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("claim_size", "18 MB"),
                // 19,170,116,755 bits (sizing's own test, from Python) = 2,396,264,595 bytes, 133 × 18 MB.
                ("claim_real_size", "2.23 GiB"),
            ],
        );
        assert_eq!(fact(Lang::English, "claim_factor"), "133");
        // The number of URLs is the largest n whose rate with k = 13 stays within 0.01%.
        let n = claim_capacity();
        let m = 18e6 * 8.0;
        assert!(rate_by_loop(n - 1.0, m, 13) <= 1e-4);
        assert!(rate_by_loop(n + 1.0, m, 13) > 1e-4);
        // About m·(ln 2)²/ln(10⁴) = 7.512 million with the real optimum k.
        assert!((n / 7.512e6 - 1.0).abs() < 0.01, "{n}");
        assert_eq!(fact(Lang::English, "claim_items"), "7.51 million");
        assert_eq!(fact(Lang::Chinese, "claim_items"), "751 万");
    }

    #[test]
    fn leveldbs_ten_bits_per_key() {
        // LevelDB: k = ⌊10 · 0.69⌋ = 6; (1 − e^(−0.6))⁶ = 0.0084. The best k is round(6.93) = 7.
        assert_eq!(fact(Lang::English, "leveldb_k"), "6");
        assert_eq!(
            fact(Lang::English, "leveldb_rate"),
            significant(rate_by_loop(1.0, 10.0, 6))
        );
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("leveldb_rate", "0.00844"),
                // 1 / 0.0084362 = 118.5.
                ("leveldb_one_in", "119"),
                ("leveldb_best_k", "7"),
                ("leveldb_best_percent", "0.819%"),
            ],
        );
        // And the rule the exercise uses gives the same k.
        assert_eq!(leveldb_hashes(16.0), 11.0);
    }

    #[test]
    fn a_small_set_is_cheap_to_keep_exactly() {
        crate::strings::tests::install_all();
        // 1,000 · 8 bytes = 8,000 bytes = 7.8125 KiB; the filter: ⌈9,585.06⌉ bits → 1,199 bytes.
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("small_exact_size", "7.81 KiB"),
                ("small_filter_size", "1.17 KiB"),
            ],
        );
    }

    #[test]
    fn the_exercise_rate_is_leveldbs() {
        crate::strings::tests::install_all();
        // LevelDB at 10 bits per key, k = 6: (1 − e^(−0.6))^6 = 0.00844.
        let eight = exercise(0, Lang::English);
        assert_eq!(fact_of(&eight.facts, "right"), "0.844%");
    }
}

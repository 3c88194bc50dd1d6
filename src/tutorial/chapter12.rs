//! Chapter 12: what the field uses today. Four questions decide which filter a system ships: how
//! many cache lines a query touches (a blocked filter keeps a key's k bits in one), what a file
//! format writes (Parquet's split-block filter, one per column chunk, which lets a reader skip a
//! row group its statistics cannot), whether keys must leave or the set is fixed (a cuckoo filter
//! deletes; xor and binary fuse filters are built once), and how close to the least memory any
//! filter can use, log₂(1/ε) bits per key, a structure comes. Every figure is computed here from
//! `bloom_core::modern`; the filters the chapter frames are the filters page in three states.

use super::exercise::{nth, Exercise, Kind};
use super::formulas::chapter12 as math;
use super::Block::{self, Math, PageLink, Table as T, Widget as W, H, P};
use super::{Table, Widget};
use crate::format::{exact, grouped, significant};
use crate::routes::SitePage;
use crate::share::filters::{FilterOperation, FiltersLink, Shape, Structure};
use crate::state::filters::{replay, Model, Probe};
use crate::strings::Lang;
use bloom_core::modern::space::{self, Structure as Space};
use bloom_core::modern::{blocked, cuckoo, fuse, sbbf, xor};
use bloom_core::sizing::hashes_for_rate;
use bloom_core::words::WORDS;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    H("h_line"),
    P("p_line1"),
    Math(math::BLOCKED_RATE),
    T(block_table),
    P("p_line2"),
    H("h_parquet"),
    P("p_pq1"),
    Math(math::SPEC_BITS),
    P("p_pq2"),
    P("p_pq3"),
    W(Widget::SplitBlock),
    P("p_pq4"),
    H("h_change"),
    P("p_cf1"),
    P("p_cf2"),
    W(Widget::Cuckoo),
    P("p_xor1"),
    W(Widget::Xor),
    P("p_choice"),
    H("h_space"),
    P("p_space1"),
    T(space_table),
    P("p_space2"),
    Block::Exercise,
    H("h_who"),
    T(systems_table),
    PageLink(SitePage::Filters, "p_page"),
];

/// The rate the chapter compares structures at: 1 %.
pub const RATE: f64 = 0.01;
/// The stricter rate of the space table's second column.
pub const STRICT_RATE: f64 = 1e-4;
/// parquet-rs's defaults when a column's filter is switched on with no size given
/// (`DEFAULT_BLOOM_FILTER_NDV`, `DEFAULT_BLOOM_FILTER_FPP` in its `file/properties.rs`).
pub const PARQUET_RS_DEFAULT: (u64, f64) = (1_000_000, 0.05);
/// Bits per key of the cache-line comparison: chapter 8's LevelDB default, and RocksDB's advice.
const BITS_PER_KEY: f64 = super::chapter8::LEVELDB_BITS_PER_KEY;

/// The split-block filter framed in the chapter: its size in bytes (two blocks), the column's values
/// it holds, and the value a reader asks about, one the filter rules out.
pub const SPLIT_BLOCK_BYTES: u32 = 64;
/// How many of the word list's first words the split-block frame holds.
const SPLIT_BLOCK_VALUES: usize = 6;

/// The cuckoo frame: buckets, slots and fingerprint bits, how many of the word list's words it
/// holds, and which of them is then deleted.
pub const CUCKOO_SHAPE: (u32, u32, u32) = (8, 4, 8);
/// How many words the cuckoo frame inserts.
const CUCKOO_KEYS: usize = 12;
/// The word it then deletes (an index into those inserted).
const CUCKOO_DELETED: usize = 3;

/// The xor frame's fingerprint bits and how many words it is built from.
pub const XOR_SHAPE: (u32, usize) = (8, 9);

/// The split-block frame's values: the first words of the word list.
fn split_block_values() -> Vec<&'static str> {
    WORDS[..SPLIT_BLOCK_VALUES].to_vec()
}

/// The split-block frame's filter with its values in.
fn split_block_model() -> Model {
    let shape = Shape {
        structure: Structure::Sbbf,
        sbbf_bytes: SPLIT_BLOCK_BYTES,
        ..Shape::default()
    };
    replay(shape, &adds(&split_block_values())).0
}

/// The value the split-block frame is asked about: the first word after its values that it rules
/// out, and the first word of the probe's block whose bit is 0.
fn split_block_query() -> (&'static str, Option<(usize, u8)>) {
    let model = split_block_model();
    let Model::Sbbf(filter) = &model else {
        return ("—", None);
    };
    WORDS[SPLIT_BLOCK_VALUES..]
        .iter()
        .find_map(|&word| {
            let probe = filter.probe(sbbf::hash_str(word));
            let block = filter.block(probe.block)?;
            let empty = (0..8).find(|&at| block[at] >> probe.bits[at] & 1 == 0)?;
            Some((word, Some((empty, probe.bits[empty]))))
        })
        .unwrap_or(("—", None))
}

/// Inserts of `words`, in order.
fn adds(words: &[&str]) -> Vec<FilterOperation> {
    words
        .iter()
        .map(|word| FilterOperation::Add((*word).to_owned()))
        .collect()
}

/// The cuckoo frame's words, the one deleted, and its link's operations.
fn cuckoo_operations() -> (Vec<&'static str>, &'static str, Vec<FilterOperation>) {
    let words = WORDS[..CUCKOO_KEYS].to_vec();
    let deleted = words[CUCKOO_DELETED];
    let mut operations = adds(&words);
    operations.push(FilterOperation::Remove(deleted.to_owned()));
    (words, deleted, operations)
}

/// The cuckoo frame's shape.
fn cuckoo_shape() -> Shape {
    let (buckets, slots, fingerprint_bits) = CUCKOO_SHAPE;
    Shape {
        structure: Structure::Cuckoo,
        buckets,
        slots,
        fingerprint_bits,
        ..Shape::default()
    }
}

/// The xor frame's shape and words.
fn xor_frame() -> (Shape, Vec<&'static str>) {
    let (fingerprint_bits, keys) = XOR_SHAPE;
    let shape = Shape {
        structure: Structure::Xor,
        fingerprint_bits,
        ..Shape::default()
    };
    // Other words than the cuckoo frame's, so the two tables are not read as one.
    (shape, WORDS[20..20 + keys].to_vec())
}

/// The framed widgets' links: a split-block filter asked about a value it rules out, a cuckoo table
/// after a deletion asked about the key deleted, an xor table asked about one of its keys.
pub fn widget_link(widget: Widget) -> FiltersLink {
    match widget {
        Widget::SplitBlock => FiltersLink {
            shape: Shape {
                structure: Structure::Sbbf,
                sbbf_bytes: SPLIT_BLOCK_BYTES,
                ..Shape::default()
            },
            operations: adds(&split_block_values()),
            query: Some(split_block_query().0.to_owned()),
            step: None,
        },
        Widget::Cuckoo => {
            let (_, deleted, operations) = cuckoo_operations();
            FiltersLink {
                shape: cuckoo_shape(),
                operations,
                query: Some(deleted.to_owned()),
                step: None,
            }
        }
        _ => {
            let (shape, words) = xor_frame();
            FiltersLink {
                shape,
                operations: adds(&words),
                query: Some(words[words.len() / 2].to_owned()),
                step: None,
            }
        }
    }
}

/// The framed widget's link state (only the build writes the frames).
#[cfg(not(target_arch = "wasm32"))]
pub fn widget_query(widget: Widget) -> String {
    crate::share::filters::to_query(&widget_link(widget))
}

/// The rate ε below which a cuckoo filter of 4-slot buckets at 95 % load needs fewer bits per key
/// than a Bloom filter: where (log₂(1/ε) + log₂ 8)/0.95 = log₂(1/ε)/ln 2, found by bisection on
/// log₂(1/ε) (the cuckoo filter's lead grows as ε falls).
fn cuckoo_crossover() -> f64 {
    let gap = |bits: f64| {
        let rate = 2f64.powf(-bits);
        space::cuckoo_bits_per_item(rate, space::CUCKOO_SLOTS, space::CUCKOO_LOAD)
            - space::bloom_bits_per_item(rate)
    };
    let (mut low, mut high) = (1.0, 64.0);
    for _ in 0..100 {
        let middle = 0.5 * (low + high);
        if gap(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    2f64.powf(-high)
}

/// The bytes a Parquet writer gives `distinct` values at rate p, as a whole number.
fn parquet_bytes(distinct: u64, rate: f64) -> u64 {
    sbbf::bytes_for(distinct, rate).map_or(0, |bytes| bytes as u64)
}

/// Every number the chapter's prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let mut facts = line_facts(lang);
    facts.extend(parquet_facts(lang));
    facts.extend(change_facts(lang));
    facts.extend(space_facts(lang));
    facts
}

/// One cache line per query: what a classic filter's k probes cost, and what blocking costs in rate.
fn line_facts(lang: Lang) -> Vec<(&'static str, String)> {
    let line = blocked::CACHE_LINE_BITS;
    vec![
        ("line_bits", line.to_string()),
        ("line_bytes", (line / 8).to_string()),
        ("k_1pct", hashes_for_rate(RATE).to_string()),
        ("rate", lang.percent(RATE)),
        ("per_key", BITS_PER_KEY.to_string()),
        ("bloom_at", lang.chance(space::bloom_rate(BITS_PER_KEY))),
        (
            "blocked_at",
            lang.chance(space::blocked_rate(BITS_PER_KEY, line)),
        ),
        ("bloom_1pct", significant(space::bloom_bits_per_item(RATE))),
        (
            "blocked_1pct",
            significant(space::blocked_bits_per_item(RATE)),
        ),
    ]
}

/// What Parquet writes: the split-block layout, the spec's sizing, parquet-rs's default filter and
/// the framed filter's query.
fn parquet_facts(lang: Lang) -> Vec<(&'static str, String)> {
    let spec = sbbf::spec_bits_per_value(RATE);
    let (ndv, fpp) = PARQUET_RS_DEFAULT;
    let bits = (ndv as f64 * sbbf::spec_bits_per_value(fpp)) as u64;
    let bytes = parquet_bytes(ndv, fpp);
    let blocks = bytes / sbbf::BLOCK_BYTES as u64;
    let (query, empty) = split_block_query();
    let (block, hash) = match &split_block_model() {
        Model::Sbbf(filter) => {
            let hash = sbbf::hash_str(query);
            (filter.probe(hash).block, hash)
        }
        _ => (0, 0),
    };
    let (word, bit) = empty.unwrap_or((0, 0));
    vec![
        ("sb_block_bits", (sbbf::BLOCK_BYTES * 8).to_string()),
        ("sb_block_bytes", sbbf::BLOCK_BYTES.to_string()),
        ("sb_words", sbbf::SALT.len().to_string()),
        ("word_bits", u32::BITS.to_string()),
        ("spec_c", significant(spec)),
        ("spec_rate", lang.chance(sbbf::rate_at_bits_per_value(spec))),
        (
            "sbbf_1pct",
            significant(space::split_block_bits_per_item(RATE)),
        ),
        ("rs_ndv", grouped(ndv)),
        ("rs_fpp", lang.percent(fpp)),
        ("rs_c", significant(sbbf::spec_bits_per_value(fpp))),
        ("rs_raw_bytes", grouped(bits / 8)),
        ("rs_bytes", grouped(bytes)),
        ("rs_size", lang.size(bytes as f64)),
        ("rs_bits", significant(bytes as f64 * 8.0 / ndv as f64)),
        ("rs_rate", lang.chance(sbbf::rate(ndv, blocks))),
        ("sb_bytes", SPLIT_BLOCK_BYTES.to_string()),
        (
            "sb_blocks",
            (SPLIT_BLOCK_BYTES / sbbf::BLOCK_BYTES as u32).to_string(),
        ),
        ("sb_values", lang.quoted_words(&split_block_values())),
        ("sb_query", lang.quote(query)),
        ("sb_top", (hash >> 32).to_string()),
        ("sb_block", block.to_string()),
        ("sb_word", word.to_string()),
        ("sb_bit", bit.to_string()),
    ]
}

/// When deletion or a static set changes the choice: counting against cuckoo filters, the cuckoo
/// frame's deletion, and the xor family.
fn change_facts(lang: Lang) -> Vec<(&'static str, String)> {
    let slots = space::CUCKOO_SLOTS;
    let cuckoo_bits = cuckoo::fingerprint_bits_for(RATE, slots);
    let xor_bits = (-RATE.log2()).ceil();
    let (words, deleted, operations) = cuckoo_operations();
    let (model, kept, _) = replay(cuckoo_shape(), &operations);
    let (fingerprint, first, second) = match model.probe(deleted) {
        Probe::Cuckoo(candidates) => (candidates.fingerprint, candidates.first, candidates.second),
        _ => (0, 0, 0),
    };
    let deletions = kept
        .iter()
        .filter(|operation| matches!(operation, FilterOperation::Remove(_)))
        .count();
    let (xor_shape, xor_words) = xor_frame();
    let (xor_model, _, _) = replay(xor_shape, &adds(&xor_words));
    let cells = xor_model.table().map_or(0, |table| table.cells().len());
    vec![
        (
            "counter_bits",
            super::chapter7::PARAMS.counter_bits.to_string(),
        ),
        ("cf_slots", slots.to_string()),
        ("cf_compared", (2 * u32::from(slots)).to_string()),
        ("cf_load", lang.percent(space::CUCKOO_LOAD)),
        ("cf_f", cuckoo_bits.to_string()),
        (
            "cf_rate",
            lang.chance(cuckoo::rate_bound(cuckoo_bits as u8, slots)),
        ),
        ("cf_bits", significant(cuckoo_bits / space::CUCKOO_LOAD)),
        ("cf_cross", lang.chance(cuckoo_crossover())),
        ("cf_buckets", CUCKOO_SHAPE.0.to_string()),
        ("cf_n", (words.len() - deletions).to_string()),
        ("cf_deleted", lang.quote(deleted)),
        ("cf_fp", fingerprint.to_string()),
        ("cf_first", first.to_string()),
        ("cf_second", second.to_string()),
        ("xor_f", xor_bits.to_string()),
        ("xor_rate", lang.chance(xor::rate(xor_bits as u8))),
        ("xor_bits", significant(xor::SIZE_FACTOR * xor_bits)),
        (
            "fuse_bits",
            significant(fuse::bits_per_item(space::FUSE_KEYS, xor_bits as u8)),
        ),
        ("fuse_keys", grouped(space::FUSE_KEYS)),
        ("xf_n", xor_words.len().to_string()),
        ("xf_f", xor_shape.fingerprint_bits.to_string()),
        ("xf_cells", cells.to_string()),
    ]
}

/// The space limit at the chapter's rate.
fn space_facts(_lang: Lang) -> Vec<(&'static str, String)> {
    let minimum = space::minimum_bits_per_item(RATE);
    vec![
        ("min_1pct", significant(minimum)),
        (
            "bloom_over",
            significant(space::bloom_bits_per_item(RATE) / minimum),
        ),
        ("xor_over", significant(xor::SIZE_FACTOR)),
        (
            "fuse_over",
            significant(space::fuse_bits_per_item(RATE, space::FUSE_KEYS) / minimum),
        ),
    ]
}

/// The block sizes the block table compares, a cache line first.
const BLOCK_SIZES: [u32; 4] = [512, 256, 128, 64];

/// The rate at the chapter's bits per key of a classic filter and of blocked ones with each block
/// size, each with its best whole k, and how many times the classic rate each is.
fn block_table(lang: Lang) -> Table {
    let per_key = BITS_PER_KEY.to_string();
    let head = match lang {
        Lang::English => [
            "block B".to_owned(),
            format!("rate at {per_key} bits per key"),
            "× the classic rate".to_owned(),
        ],
        Lang::Chinese => [
            "块大小 B".to_owned(),
            format!("每键 {per_key} 位时的误判率"),
            "是经典过滤器的几倍".to_owned(),
        ],
        Lang::Japanese => [
            "ブロック B".to_owned(),
            format!("キーあたり {per_key} ビットでの偽陽性率"),
            "古典的なフィルタの何倍か".to_owned(),
        ],
    };
    let classic = space::bloom_rate(BITS_PER_KEY);
    let row = |name: String, rate: f64| {
        vec![
            name,
            lang.chance(rate),
            format!("{}×", significant(rate / classic)),
        ]
    };
    let bits = |block: u32| match lang {
        Lang::English if block == blocked::CACHE_LINE_BITS => {
            format!("{block} bits (a cache line)")
        }
        Lang::English => format!("{block} bits"),
        Lang::Chinese if block == blocked::CACHE_LINE_BITS => format!("{block} 位（一条缓存行）"),
        Lang::Chinese => format!("{block} 位"),
        Lang::Japanese if block == blocked::CACHE_LINE_BITS => {
            format!("{block} ビット（キャッシュライン 1 本）")
        }
        Lang::Japanese => format!("{block} ビット"),
    };
    let name = match lang {
        Lang::English => "classic, no blocks",
        Lang::Chinese => "经典，不分块",
        Lang::Japanese => "古典的（ブロックなし）",
    };
    let mut rows = vec![row(name.to_owned(), classic)];
    rows.extend(
        BLOCK_SIZES
            .iter()
            .map(|&block| row(bits(block), space::blocked_rate(BITS_PER_KEY, block))),
    );
    Table {
        caption: "table_blocks",
        head: head.to_vec(),
        rows,
    }
}

/// A structure's name in the space table, in `lang`.
fn space_name(lang: Lang, structure: Space) -> String {
    let line = blocked::CACHE_LINE_BITS;
    let name = match (lang, structure) {
        (Lang::English, Space::Blocked) => return format!("blocked, {line} bits"),
        (Lang::Chinese, Space::Blocked) => return format!("分块，{line} 位"),
        (Lang::Japanese, Space::Blocked) => return format!("ブロック化（{line} ビット）"),
        (Lang::English, Space::Minimum) => "least possible",
        (Lang::English, Space::Bloom) => "Bloom filter",
        (Lang::English, Space::SplitBlock) => "split-block (Parquet)",
        (Lang::English, Space::Cuckoo) => "cuckoo",
        (Lang::English, Space::Xor) => "xor",
        (Lang::English, Space::BinaryFuse) => "binary fuse",
        (Lang::Chinese, Space::Minimum) => "理论下限",
        (Lang::Chinese, Space::Bloom) => "布隆过滤器",
        (Lang::Chinese, Space::SplitBlock) => "拆分块（Parquet）",
        (Lang::Chinese, Space::Cuckoo) => "布谷鸟",
        (Lang::Chinese, Space::Xor) => "异或",
        (Lang::Chinese, Space::BinaryFuse) => "二元熔断",
        (Lang::Japanese, Space::Minimum) => "理論的な下限",
        (Lang::Japanese, Space::Bloom) => "ブルームフィルタ",
        (Lang::Japanese, Space::SplitBlock) => "スプリットブロック（Parquet）",
        (Lang::Japanese, Space::Cuckoo) => "カッコウ",
        (Lang::Japanese, Space::Xor) => "XOR",
        (Lang::Japanese, Space::BinaryFuse) => "バイナリヒューズ",
    };
    name.to_owned()
}

/// Bits per key of every structure at 1 % and at 0.01 %, and how far above the least each is at
/// 1 % (`space::compare`).
fn space_table(lang: Lang) -> Table {
    let head: [String; 4] = match lang {
        Lang::English => [
            "structure".into(),
            format!("bits per key, {}", lang.percent(RATE)),
            format!("bits per key, {}", lang.percent(STRICT_RATE)),
            format!("× the least, {}", lang.percent(RATE)),
        ],
        Lang::Chinese => [
            "结构".into(),
            format!("每键位数（{}）", lang.percent(RATE)),
            format!("每键位数（{}）", lang.percent(STRICT_RATE)),
            format!("是下限的几倍（{}）", lang.percent(RATE)),
        ],
        Lang::Japanese => [
            "構造".into(),
            format!("キーあたりビット数（{}）", lang.percent(RATE)),
            format!("キーあたりビット数（{}）", lang.percent(STRICT_RATE)),
            format!("下限の何倍か（{}）", lang.percent(RATE)),
        ],
    };
    let strict = space::compare(STRICT_RATE);
    let rows = space::compare(RATE)
        .into_iter()
        .zip(strict)
        .map(|(row, strict)| {
            vec![
                space_name(lang, row.structure),
                significant(row.bits_per_item),
                significant(strict.bits_per_item),
                format!("{}×", significant(row.over_minimum)),
            ]
        })
        .collect();
    Table {
        caption: "table_space",
        head: head.to_vec(),
        rows,
    }
}

/// The systems table in each language, its heading row first: which system uses which structure,
/// and the documents and papers that say so (names and titles as published; the cells short, as a
/// table's cells do not wrap). `{line}` is the cache line's bytes.
const SYSTEMS: [[[&str; 3]; 5]; 3] = [
    [
        ["system", "what it uses", "source"],
        [
            "Apache Parquet",
            "split-block Bloom filters",
            "Parquet format, BloomFilter.md",
        ],
        [
            "RocksDB",
            "Bloom filters in {line}-byte lines; Ribbon",
            "RocksDB wiki; Putze et al., 2007",
        ],
        [
            "RedisBloom",
            "Bloom and cuckoo filters (CF.DEL)",
            "RedisBloom docs; Fan et al., 2014",
        ],
        [
            "static key sets",
            "xor, binary fuse filters",
            "Graf and Lemire, 2020, 2022",
        ],
    ],
    [
        ["系统", "用的是什么", "出处"],
        [
            "Apache Parquet",
            "拆分块布隆过滤器",
            "Parquet 格式规范 BloomFilter.md",
        ],
        [
            "RocksDB",
            "{line} 字节缓存行内的布隆过滤器；Ribbon",
            "RocksDB wiki；Putze 等人，2007",
        ],
        [
            "RedisBloom",
            "布隆过滤器、布谷鸟过滤器（CF.DEL）",
            "RedisBloom 文档；Fan 等人，2014",
        ],
        [
            "静态的键集合",
            "异或、二元熔断过滤器",
            "Graf 和 Lemire，2020、2022",
        ],
    ],
    [
        ["システム", "使っているもの", "出典"],
        [
            "Apache Parquet",
            "スプリットブロック・ブルームフィルタ",
            "Parquet 仕様 BloomFilter.md",
        ],
        [
            "RocksDB",
            "{line} バイトのライン内のブルームフィルタ、Ribbon",
            "RocksDB wiki、Putze ら（2007 年）",
        ],
        [
            "RedisBloom",
            "ブルームフィルタ、カッコウフィルタ（CF.DEL）",
            "RedisBloom ドキュメント、Fan ら（2014 年）",
        ],
        [
            "静的なキー集合",
            "XOR、バイナリヒューズフィルタ",
            "Graf と Lemire（2020 年、2022 年）",
        ],
    ],
];

/// Which systems use which structure, and where each says so.
fn systems_table(lang: Lang) -> Table {
    let [head, rows @ ..] = SYSTEMS[match lang {
        Lang::English => 0,
        Lang::Chinese => 1,
        Lang::Japanese => 2,
    }];
    let line = (blocked::CACHE_LINE_BITS / 8).to_string();
    let cells = |row: [&str; 3]| -> Vec<String> {
        row.iter()
            .map(|cell| cell.replace("{line}", &line))
            .collect()
    };
    Table {
        caption: "table_systems",
        head: cells(head),
        rows: rows.iter().map(|row| cells(*row)).collect(),
    }
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &[
    "n",
    "p",
    "c",
    "bits",
    "raw_bytes",
    "per_value",
    "right",
    "answer",
];

/// The exercise's rounds: n distinct values and the rate asked for, each far enough from a power
/// of two that c written to three figures gives the same answer as c itself.
const ROUNDS: [(u64, f64); 6] = [
    (50_000, 0.01),
    (200_000, 0.05),
    (1_000_000, 0.001),
    (30_000, 0.1),
    (500_000, 0.01),
    (10_000, 0.02),
];

/// Round `round` of the chapter's exercise: how many bytes the split-block filter a Parquet writer
/// makes for n distinct values at rate p takes — n·c bits, a whole number of bytes, then the next
/// power of two.
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    let (distinct, rate) = nth(&ROUNDS, round);
    let per_value = sbbf::spec_bits_per_value(rate);
    let bits = (distinct as f64 * per_value) as u64;
    let right = parquet_bytes(distinct, rate);
    Exercise {
        chapter: 12,
        round,
        pictures: Vec::new(),
        kind: Kind::Number {
            right: right as f64,
            tolerance: 0.0,
            range: (sbbf::MIN_BYTES as u64, sbbf::MAX_BYTES as u64),
        },
        facts: vec![
            ("n", grouped(distinct)),
            ("p", lang.percent(rate)),
            ("c", significant(per_value)),
            ("bits", grouped(bits)),
            ("raw_bytes", grouped(bits / 8)),
            (
                "per_value",
                significant(right as f64 * 8.0 / distinct as f64),
            ),
            ("right", grouped(right)),
        ],
        // `exact`, not `{rate}`: the browser writes the number itself, without the standard library's
        // float formatter.
        given: vec![format!("n={distinct}"), format!("p={}", exact(rate))],
        number_fact: None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::filters::from_query;
    use crate::tutorial::checks::{self, assert_facts, fact};
    use crate::tutorial::exercise::fact_of;

    /// The spec's c = −8 / ln(1 − p^(1/8)), written again.
    fn spec_c(rate: f64) -> f64 {
        -8.0 / (1.0 - rate.powf(0.125)).ln()
    }

    /// The bytes a writer gives n values at c bits each: ⌊n·c⌋ bits, whole bytes, at least one
    /// 32-byte block, then the smallest power of two not below it, found by doubling.
    fn bytes_by_hand(distinct: u64, per_value: f64) -> u64 {
        let bytes = ((distinct as f64 * per_value).floor() as u64 / 8).max(32);
        let mut power = 1;
        while power < bytes {
            power *= 2;
        }
        power
    }

    #[test]
    fn the_exercise_is_the_writers_size_and_the_rounded_c_gives_it_too() {
        crate::strings::tests::install_all();
        for round in 0..ROUNDS.len() as u32 {
            let twelve = exercise(round, Lang::English);
            let (distinct, rate): (u64, f64) =
                (checks::given(&twelve, "n"), checks::given(&twelve, "p"));
            let right = bytes_by_hand(distinct, spec_c(rate));
            assert_eq!(
                fact_of(&twelve.facts, "right"),
                grouped(right),
                "round {round}"
            );
            // A reader works from c as the question writes it, three figures: the same answer.
            let shown: f64 = fact_of(&twelve.facts, "c").parse().unwrap();
            assert_eq!(
                bytes_by_hand(distinct, shown),
                right,
                "round {round}: c = {shown}"
            );
            // And the rounding matters: the whole bytes are never already the answer.
            let raw: u64 = fact_of(&twelve.facts, "raw_bytes")
                .replace(',', "")
                .parse()
                .unwrap();
            assert!(raw < right, "round {round}");
        }
    }

    #[test]
    fn the_prose_numbers_match_the_formulas_written_again() {
        assert_facts(
            facts,
            Lang::English,
            &[
                ("line_bytes", "64"),
                ("line_bits", "512"),
                // round(log₂ 100) = 7.
                ("k_1pct", "7"),
                ("spec_c", &significant(spec_c(0.01))),
                ("rs_c", &significant(spec_c(0.05))),
                ("rs_bytes", &grouped(bytes_by_hand(1_000_000, spec_c(0.05)))),
                ("rs_size", "1 MiB"),
                // log₂ 100 and log₂ 100 / ln 2.
                ("min_1pct", &significant(100f64.log2())),
                (
                    "bloom_1pct",
                    &significant(100f64.log2() / std::f64::consts::LN_2),
                ),
                // f = ⌈log₂(2·4/0.01)⌉ = 10; 2b/2^f = 8/1024; f/0.95.
                ("cf_f", "10"),
                ("cf_rate", "0.781%"),
                ("cf_bits", &significant(10.0 / 0.95)),
                // f = ⌈log₂ 100⌉ = 7 and 1.23·7.
                ("xor_f", "7"),
                ("xor_bits", &significant(1.23 * 7.0)),
                ("counter_bits", "4"),
            ],
        );
        // The Bloom filter at 10 bits per key: e^(−10·(ln 2)²).
        let ln2 = std::f64::consts::LN_2;
        assert_eq!(
            fact(facts, Lang::English, "bloom_at"),
            Lang::English.chance((-10.0 * ln2 * ln2).exp())
        );
    }

    #[test]
    fn below_the_crossover_a_cuckoo_filter_is_the_smaller() {
        // (log₂(1/ε) + 3)/0.95 against log₂(1/ε)/ln 2, Fan et al.'s b = 4, solved for log₂(1/ε).
        let ln2 = std::f64::consts::LN_2;
        let bits = (3.0 / 0.95) / (1.0 / ln2 - 1.0 / 0.95);
        let cross = 2f64.powf(-bits);
        assert!((cuckoo_crossover() / cross - 1.0).abs() < 1e-6, "{cross}");
        for (rate, cuckoo_smaller) in [(cross * 2.0, false), (cross / 2.0, true)] {
            let cuckoo = space::bits_per_item(Space::Cuckoo, rate);
            let bloom = space::bits_per_item(Space::Bloom, rate);
            assert_eq!(cuckoo < bloom, cuckoo_smaller, "{rate}");
        }
    }

    #[test]
    fn the_split_block_frame_rules_its_value_out_at_the_word_the_prose_names() {
        let (query, empty) = split_block_query();
        let (word, bit) = empty.expect("a word with its bit 0");
        assert!(!split_block_values().contains(&query));
        // The block and the bit by the spec's arithmetic, on the core's xxHash64.
        let hash = sbbf::hash_str(query);
        let block = ((hash >> 32) * 2) >> 32;
        let key = hash as u32;
        assert_eq!(u32::from(bit), key.wrapping_mul(sbbf::SALT[word]) >> 27);
        let model = split_block_model();
        assert!(!model.contains(query));
        let Model::Sbbf(filter) = &model else {
            panic!("a split-block filter")
        };
        let words = filter.block(block as u32).unwrap();
        assert_eq!(words[word] >> bit & 1, 0);
        // Every value in it is a member.
        assert!(split_block_values()
            .iter()
            .all(|value| model.contains(value)));
        assert_eq!(fact(facts, Lang::English, "sb_block"), block.to_string());
    }

    #[test]
    fn the_cuckoo_frame_forgets_the_key_it_deleted_and_keeps_the_rest() {
        let (words, deleted, operations) = cuckoo_operations();
        let (model, kept, keys) = replay(cuckoo_shape(), &operations);
        assert_eq!(kept, operations, "no insert failed");
        assert!(!model.contains(deleted));
        assert_eq!(keys.len(), words.len() - 1);
        assert!(keys.iter().all(|key| model.contains(key)));
        let Probe::Cuckoo(candidates) = model.probe(deleted) else {
            panic!("a cuckoo probe")
        };
        assert_eq!(
            fact(facts, Lang::English, "cf_fp"),
            candidates.fingerprint.to_string()
        );
    }

    #[test]
    fn each_frames_link_reads_back_whole_and_shows_its_query() {
        for widget in [Widget::SplitBlock, Widget::Cuckoo, Widget::Xor] {
            let query = widget_query(widget);
            let (link, ignored) = from_query(&query);
            assert_eq!(ignored, Vec::new(), "{query}");
            assert_eq!(link, widget_link(widget));
            assert!(link.query.is_some(), "{query}");
        }
        let (shape, words) = xor_frame();
        let (model, _, _) = replay(shape, &adds(&words));
        assert!(model.table().is_some(), "the xor frame's keys peel");
        assert!(words.iter().all(|word| model.contains(word)));
    }
}

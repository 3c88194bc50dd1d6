//! The tutorial's eight chapters in English, Simplified Chinese and Japanese. Prose is data: each chapter
//! is a list of blocks (paragraphs, MathML formulas, an inline widget) and a check-yourself question.
//! Paragraphs name their numbers as blanks (`{bits_1pct}`) that [`facts`] computes with the core, so no
//! number a learner reads is typed by hand.

use crate::bloom::fpr;
use crate::bloom::params::FilterParams;
use crate::bloom::playground::{Playground, Verdict};
use crate::bloom::sizing::{self, bytes, optimal_bits, optimal_hashes};
use crate::bloom::words::WORDS;
use crate::format::{count, significant, size};
use crate::strings::Lang;

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
    /// A paragraph (may contain `{fact}` blanks).
    P(&'static str),
    /// A display formula, as MathML.
    Math(&'static str),
    /// A widget.
    Widget(Widget),
}

/// A chapter in one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chapter {
    /// Title.
    pub title: &'static str,
    /// Body.
    pub blocks: &'static [Block],
    /// The check-yourself question.
    pub question: &'static str,
    /// Its answer, revealed on request.
    pub answer: &'static str,
}

/// The widget's preset items for the walk-through (and the facts about them).
pub const WALK_ITEMS: [&str; 3] = ["apple", "banana", "cherry"];
/// m and k of the walk-through.
pub const WALK_PARAMS: (u32, u32) = (16, 3);

/// The playground of the walk-through, with its three items inserted.
pub fn walk_through() -> Playground {
    let (bits, hashes) = WALK_PARAMS;
    let mut playground = Playground::new(FilterParams {
        bits,
        hashes,
        ..FilterParams::default()
    });
    for item in WALK_ITEMS {
        let _ = playground.insert(item);
    }
    playground
}

/// Every number the prose uses, computed now.
pub fn facts() -> Vec<(&'static str, String)> {
    let walk = walk_through();
    let find = |wanted: fn(&Verdict) -> bool| {
        WORDS
            .iter()
            .copied()
            .filter(|word| !WALK_ITEMS.contains(word))
            .find(|word| wanted(&walk.query(word)))
            .unwrap_or("—")
    };
    let bits_1pct = optimal_bits(1e6, 0.01) / 1e6;
    let leveldb_rate = sizing::rate(1.0, 10.0, 6.0);
    vec![
        ("walk_m", WALK_PARAMS.0.to_string()),
        ("walk_k", WALK_PARAMS.1.to_string()),
        ("walk_items", WALK_ITEMS.join(", ")),
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
        ("billion_1pct", size(bytes(optimal_bits(1e9, 0.01)))),
        ("small_approx", significant(fpr::approximate(16, 3, 3))),
        ("small_exact", significant(fpr::exact(16, 3, 3))),
        ("big_approx", significant(fpr::approximate(1024, 3, 100))),
        ("big_exact", significant(fpr::exact(1024, 3, 100))),
        ("leveldb_rate", significant(leveldb_rate)),
    ]
}

/// The chapters in `lang`.
pub fn chapters(lang: Lang) -> &'static [Chapter; CHAPTERS as usize] {
    match lang {
        Lang::English => &ENGLISH,
        Lang::Chinese => &CHINESE,
        Lang::Japanese => &JAPANESE,
    }
}

// Formulas, shared by all languages.
const MATH_ZERO: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>0</mn><mo>)</mo><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>≈</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
const MATH_FPR: &str = r#"<math display="block"><mrow><mi>p</mi><mo>≈</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
const MATH_EXACT: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><mi>E</mi><mo>[</mo><msup><mrow><mo>(</mo><mi>X</mi><mo>/</mo><mi>m</mi><mo>)</mo></mrow><mi>k</mi></msup><mo>]</mo></mrow></math>"#;
const MATH_DOUBLE: &str = r#"<math display="block"><mrow><msub><mi>g</mi><mi>i</mi></msub><mo>=</mo><mo>(</mo><msub><mi>h</mi><mn>1</mn></msub><mo>+</mo><mi>i</mi><mo>·</mo><msub><mi>h</mi><mn>2</mn></msub><mo>)</mo><mo>mod</mo><mi>m</mi><mo>,</mo><mspace width="0.5em"/><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>k</mi><mo>−</mo><mn>1</mn></mrow></math>"#;
const MATH_OPTIMAL_K: &str = r#"<math display="block"><mrow><msup><mi>k</mi><mo>*</mo></msup><mo>=</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mn>2</mn></mrow></math>"#;
const MATH_SIZE: &str = r#"<math display="block"><mrow><mi>m</mi><mo>=</mo><mo>−</mo><mfrac><mrow><mi>n</mi><mi>ln</mi><mi>p</mi></mrow><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mfrac><mo>≈</mo><mn>1.44</mn><mo>·</mo><msub><mi>log</mi><mn>2</mn></msub><mo>(</mo><mn>1</mn><mo>/</mo><mi>p</mi><mo>)</mo><mo>·</mo><mi>n</mi></mrow></math>"#;
const MATH_ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;

use Block::{Math, Widget as W, P};

static ENGLISH: [Chapter; 8] = [
    Chapter {
        title: "The problem",
        blocks: &[
            P("A web crawler must not fetch the same page twice, so it remembers every URL it has seen. A hash set of a billion URLs holds the URLs themselves: 60–100 GB, and it only grows. Spam filters keeping known senders and caches remembering what they hold face the same problem."),
            P("A Bloom filter answers “have I seen this?” in a fixed amount of memory — about {billion_1pct} for a billion URLs at a 1% error — by giving up one thing: sometimes it says “maybe” about something it never saw. It never says “no” about something it did see: the error is one-sided."),
        ],
        question: "A Bloom filter answers “no” for a URL. Can the crawler skip the check against its database?",
        answer: "Yes. A “no” is always right: an inserted URL has all its bits set, so a zero bit proves it was never inserted. Only a “maybe” needs the slow, exact check.",
    },
    Chapter {
        title: "How it works",
        blocks: &[
            P("A Bloom filter is m bits, all 0, and k hash functions. To insert an item, hash it k times and set those k bits to 1. To query, hash it the same way and look: if any of the k bits is 0, the item was definitely never inserted; if all are 1, it probably was."),
            P("Below, m = {walk_m} and k = {walk_k}, with {walk_items} inserted. Query “apple”: in the set. Query “{absent_word}”: a 0 bit proves it absent. Query “{fp_word}”: every bit is 1, set by other items — a false positive."),
            W(Widget::WalkThrough),
        ],
        question: "Can you delete an item from a Bloom filter by setting its k bits back to 0?",
        answer: "No: other items may share those bits, and clearing them would make those items look absent — a false negative. Counting filters keep a small counter per bit to allow deletion.",
    },
    Chapter {
        title: "Hash functions",
        blocks: &[
            P("The hashes must be fast and well mixed, not cryptographic: FNV-1a and MurmurHash3 spread similar strings far apart at a few cycles per byte. Computing k separate hashes would be slow, so the filter hashes twice and derives the rest (Kirsch and Mitzenmacher, 2006):"),
            Math(MATH_DOUBLE),
            P("Three traps: hash the UTF-8 bytes, not UTF-16 code units (JavaScript strings); do not append a terminator byte (Rust’s str::hash adds 0xFF); and never let the word size of the machine (usize) change the arithmetic. Type an item below and follow every step."),
            W(Widget::Hashing),
        ],
        question: "Two programs hash “é” and get different bit indexes. One hashes c3 a9, the other e9. Which is right here?",
        answer: "c3 a9: the UTF-8 bytes. e9 is the Latin-1 or UTF-16 code unit; a filter must hash one agreed byte encoding everywhere.",
    },
    Chapter {
        title: "False positives",
        blocks: &[
            P("Each of the k·n bit choices misses a given bit b with probability 1 − 1/m, so after n items b is still 0 with probability"),
            Math(MATH_ZERO),
            P("A query for a new item hits k set bits with probability about"),
            Math(MATH_FPR),
            P("This treats the bits as independent. The exact rate averages (X/m)^k over the number X of set bits; at m = 16, k = 3, n = 3 it is {small_exact} against the approximation’s {small_approx}, while at m = 1024, k = 3, n = 100 the two agree ({big_exact} and {big_approx})."),
            Math(MATH_EXACT),
            W(Widget::RateChart),
        ],
        question: "You double m and keep n and k. Does the false-positive rate halve?",
        answer: "It falls by much more than half: the rate is a k-th power of the fill, so halving the fill divides it by about 2^k.",
    },
    Chapter {
        title: "Choosing m and k",
        blocks: &[
            P("Too few hash functions leave bits unused; too many fill the array. Write q = e^(−kn/m) for the fraction of bits still 0. Then k = −(m/n)·ln q and ln p = k·ln(1 − q) = −(m/n)·ln q·ln(1 − q), which is symmetric in q and 1 − q, so it is smallest at q = 1/2: half the bits set, at"),
            Math(MATH_OPTIMAL_K),
            P("and then p = (1/2)^k, which gives the size for n items:"),
            Math(MATH_SIZE),
            P("So 1% costs {bits_1pct} bits per item with k = {k_1pct}, and 0.1% costs {bits_01pct} — each factor of ten costs about {log_factor} × log₂10 ≈ {bits_per_decade} more bits per item, whatever the items are."),
            W(Widget::Calculator),
        ],
        question: "To go from 1% to 0.01% false positives, does the filter need 100 times the memory?",
        answer: "No — about twice: bits per item grow with log(1/p), from about {bits_1pct} to about {bits_001pct}.",
    },
    Chapter {
        title: "Counting what you stored",
        blocks: &[
            P("A filter does not store its items, but its bits reveal roughly how many went in. Inverting the expected fill gives"),
            Math(MATH_ESTIMATE),
            P("where X is the number of set bits. Add words below and compare the estimate with the true n: close while the filter is sparse, noisy as it fills, and infinite when every bit is 1 — a full filter cannot tell."),
            W(Widget::Estimate),
        ],
        question: "Two filters with the same m and k are merged by OR-ing their bits. How can you estimate the size of the union?",
        answer: "Apply the same formula to the merged bits: the OR is exactly the filter of the union, so X of the merged array gives n̂ for the union.",
    },
    Chapter {
        title: "Where they are used",
        blocks: &[
            P("Web crawlers store the URLs already visited. A false positive means one new page is skipped as if seen — a small loss against a set that would not fit in memory."),
            P("LevelDB and RocksDB store, beside each sorted file, a filter of the keys in it (10 bits per key, a rate near {leveldb_rate}). A lookup skips every file whose filter says no; a false positive costs one needless file read."),
            P("Bigtable, HBase and Cassandra do the same for the row keys (and columns) of each on-disk table, so a read touches only the files that may hold the row; a false positive is one extra disk seek."),
            P("ClickHouse skip indexes store a filter of the values in each block of rows, so a query for a value jumps over blocks that cannot contain it; a false positive only means one block is read and found empty."),
            P("Chrome’s former Safe Browsing list shipped a filter of hashed unsafe-URL prefixes; only a match was checked with the server, so a false positive cost one network request, never a wrongly blocked site."),
            P("Squid cache digests store which URLs a cache holds, so neighbouring caches ask only the one that probably has a page; a false positive is one wasted request to a neighbour."),
            P("Redis’ Bloom module stores filters as a data type (BF.ADD, BF.EXISTS) for any application — deduplicating events, “have we shown this before?” — where a rare wrong “maybe” is cheaper than remembering everything."),
        ],
        question: "Is a Bloom filter a good fit for a list of banned passwords that must never be missed?",
        answer: "It fits: it never misses a banned password (no false negatives). The cost is that a few good passwords are wrongly refused, which an exact second check can fix.",
    },
    Chapter {
        title: "Beyond the basic filter",
        blocks: &[
            P("Counting filters replace bits by small counters so items can be removed (Fan et al., 2000). Scalable filters add larger filters as the set grows, keeping the rate bounded (Almeida et al., 2007). Partitioned filters give each hash its own slice of m/k bits. Compressed filters shrink for sending over a network. Blocked filters keep all k bits in one cache line for speed. Cascades stack filters to remove the false positives of the one before. Interactive versions of these are planned for this site."),
            P("References: B. H. Bloom, “Space/time trade-offs in hash coding with allowable errors”, CACM 13(7), 1970. A. Kirsch and M. Mitzenmacher, “Less hashing, same performance”, ESA 2006. P. Bose et al., “On the false-positive rate of Bloom filters”, IPL 108(4), 2008. K. Christensen, A. Roginsky and M. Jimeno, “A new analysis of the false positive rate of a Bloom filter”, IPL 110(21), 2010. P. S. Almeida et al., “Scalable Bloom filters”, IPL 101(6), 2007. L. Fan et al., “Summary cache”, IEEE/ACM ToN 8(3), 2000."),
        ],
        question: "Which variant lets you delete items, and what does it cost?",
        answer: "A counting filter: each bit becomes a small counter (usually 4 bits), so it needs about four times the memory.",
    },
];

static CHINESE: [Chapter; 8] = [
    Chapter {
        title: "问题",
        blocks: &[
            P("网络爬虫不能重复抓取同一个页面，所以要记住见过的每个 URL。用哈希集合保存十亿个 URL，就得把 URL 本身存下来：60–100 GB，而且只增不减。垃圾邮件过滤器记录已知发件人、缓存记录自己存了什么，也都面临同样的问题。"),
            P("布隆过滤器用固定大小的内存回答“我见过它吗？”——十亿个 URL、1% 误判率只需约 {billion_1pct}——代价只有一个：对从未见过的东西，它有时会说“可能见过”。对见过的东西，它绝不会说“没见过”：误差是单向的。"),
        ],
        question: "布隆过滤器对某个 URL 回答“没有”。爬虫可以跳过对数据库的检查吗？",
        answer: "可以。“没有”永远是对的：插入过的 URL 的每一位都是 1，所以只要有一位是 0，就证明它从未插入过。只有“可能有”才需要去做缓慢而精确的检查。",
    },
    Chapter {
        title: "工作原理",
        blocks: &[
            P("布隆过滤器由 m 个初始为 0 的位和 k 个哈希函数组成。插入元素时，对它计算 k 次哈希，把对应的 k 位置为 1。查询时用同样的方法计算：只要这 k 位中有一位是 0，该元素就一定没有插入过；如果全是 1，它很可能插入过。"),
            P("下面 m = {walk_m}、k = {walk_k}，已插入 {walk_items}。查询“apple”：在集合中。查询“{absent_word}”：有一位是 0，证明它不在。查询“{fp_word}”：每一位都是 1，却是被其他元素置的——这就是误判。"),
            W(Widget::WalkThrough),
        ],
        question: "能否把某个元素的 k 位重新置为 0，从而把它从布隆过滤器中删除？",
        answer: "不能：其他元素可能共用这些位，清零会让它们看起来不存在——产生假阴性。计数布隆过滤器为每一位保留一个小计数器，才能支持删除。",
    },
    Chapter {
        title: "哈希函数",
        blocks: &[
            P("这里的哈希函数要快、混合得好，但不需要是密码学哈希：FNV-1a 和 MurmurHash3 每字节只需几个时钟周期，就能把相近的字符串分散得很远。分别计算 k 个哈希太慢，所以过滤器只算两次，其余由它们推出（Kirsch 与 Mitzenmacher，2006）："),
            Math(MATH_DOUBLE),
            P("三个陷阱：要对 UTF-8 字节求哈希，而不是 UTF-16 码元（JavaScript 字符串）；不要附加终止字节（Rust 的 str::hash 会加上 0xFF）；也不要让机器字长（usize）影响运算。在下面输入一个元素，跟着每一步看。"),
            W(Widget::Hashing),
        ],
        question: "两个程序对“é”求哈希，得到的位下标不同。一个哈希的是 c3 a9，另一个是 e9。这里哪个是对的？",
        answer: "c3 a9：这是 UTF-8 字节。e9 是 Latin-1 或 UTF-16 码元；过滤器必须在所有地方对同一种约定好的字节编码求哈希。",
    },
    Chapter {
        title: "误判率",
        blocks: &[
            P("k·n 次选位中，每一次错过某个特定位 b 的概率是 1 − 1/m，所以插入 n 个元素后，b 仍为 0 的概率是"),
            Math(MATH_ZERO),
            P("查询一个新元素时，k 位恰好全部为 1 的概率约为"),
            Math(MATH_FPR),
            P("这里把各位当作相互独立。精确的误判率是对置位数 X 求 (X/m)^k 的平均值；m = 16、k = 3、n = 3 时它是 {small_exact}，而近似值是 {small_approx}；m = 1024、k = 3、n = 100 时两者一致（{big_exact} 与 {big_approx}）。"),
            Math(MATH_EXACT),
            W(Widget::RateChart),
        ],
        question: "把 m 加倍，n 和 k 不变，误判率会减半吗？",
        answer: "下降得远不止一半：误判率是填充率的 k 次方，填充率减半，误判率大约除以 2^k。",
    },
    Chapter {
        title: "如何选择 m 和 k",
        blocks: &[
            P("哈希函数太少，位用不满；太多，位数组又会被填满。记 q = e^(−kn/m) 为仍为 0 的位所占比例，则 k = −(m/n)·ln q，ln p = k·ln(1 − q) = −(m/n)·ln q·ln(1 − q)。它关于 q 与 1 − q 对称，因此在 q = 1/2 时最小：恰好一半的位被置为 1，此时"),
            Math(MATH_OPTIMAL_K),
            P("且 p = (1/2)^k，由此得到 n 个元素所需的大小："),
            Math(MATH_SIZE),
            P("所以 1% 的误判率每个元素需要 {bits_1pct} 位，k = {k_1pct}；0.1% 需要 {bits_01pct} 位——误判率每降低十倍，每个元素大约多 {log_factor} × log₂10 ≈ {bits_per_decade} 位，与元素是什么无关。"),
            W(Widget::Calculator),
        ],
        question: "把误判率从 1% 降到 0.01%，需要 100 倍的内存吗？",
        answer: "不需要——大约两倍：每个元素的位数随 log(1/p) 增长，从约 {bits_1pct} 位增加到约 {bits_001pct} 位。",
    },
    Chapter {
        title: "估计存了多少",
        blocks: &[
            P("过滤器并不保存元素，但它的位大致透露了插入过多少个。把期望填充率反过来解，得到"),
            Math(MATH_ESTIMATE),
            P("其中 X 是为 1 的位数。在下面添加单词，把估计值和真实的 n 比较：过滤器稀疏时很接近，填满时噪声变大，所有位都是 1 时则为无穷大——满的过滤器无从判断。"),
            W(Widget::Estimate),
        ],
        question: "两个 m 和 k 相同的过滤器按位“或”合并。怎样估计并集的大小？",
        answer: "对合并后的位使用同一个公式：按位或的结果正是并集的过滤器，所以用合并后数组的 X 就能得到并集的 n̂。",
    },
    Chapter {
        title: "应用场景",
        blocks: &[
            P("网络爬虫存储已经访问过的 URL。误判意味着一个新页面被当作见过而跳过——与一个内存装不下的集合相比，这点损失很小。"),
            P("LevelDB 和 RocksDB 在每个有序文件旁边存一个该文件中键的过滤器（每个键 10 位，误判率约 {leveldb_rate}）。查找时跳过过滤器回答“没有”的所有文件；误判只多读一次无用的文件。"),
            P("Bigtable、HBase 和 Cassandra 对每个磁盘表的行键（和列）做同样的事，读取只访问可能包含该行的文件；误判只是多一次磁盘寻道。"),
            P("ClickHouse 的跳数索引为每个数据块存一个值的过滤器，查询某个值时跳过不可能包含它的块；误判只意味着读了一个块却发现是空的。"),
            P("Chrome 以前的安全浏览列表内置了一个不安全 URL 前缀哈希的过滤器；只有命中时才向服务器核实，所以误判只多一次网络请求，绝不会错误拦截网站。"),
            P("Squid 的缓存摘要存储一个缓存持有哪些 URL，相邻缓存只去询问很可能有该页面的那一个；误判只是向邻居多发一次无用的请求。"),
            P("Redis 的 Bloom 模块把过滤器作为一种数据类型（BF.ADD、BF.EXISTS）提供给任何应用——事件去重、“这个展示过吗？”——偶尔一次错误的“可能”比记住一切便宜得多。"),
        ],
        question: "对于一份绝不能漏掉的禁用密码列表，布隆过滤器合适吗？",
        answer: "合适：它绝不会漏掉禁用密码（没有假阴性）。代价是少数正常密码会被误拒，可以再用一次精确检查来纠正。",
    },
    Chapter {
        title: "超越基本过滤器",
        blocks: &[
            P("计数布隆过滤器用小计数器代替位，从而可以删除元素（Fan 等，2000）。可扩展布隆过滤器随集合增长不断加入更大的过滤器，使误判率保持有界（Almeida 等，2007）。分区过滤器让每个哈希各占 m/k 位的一段。压缩过滤器便于在网络上传输。分块过滤器把 k 位都放在同一个缓存行里以提高速度。级联过滤器层层叠加，消除前一层的误判。本站计划为这些变体加入交互版本。"),
            P("参考文献：B. H. Bloom, “Space/time trade-offs in hash coding with allowable errors”, CACM 13(7), 1970. A. Kirsch and M. Mitzenmacher, “Less hashing, same performance”, ESA 2006. P. Bose et al., “On the false-positive rate of Bloom filters”, IPL 108(4), 2008. K. Christensen, A. Roginsky and M. Jimeno, “A new analysis of the false positive rate of a Bloom filter”, IPL 110(21), 2010. P. S. Almeida et al., “Scalable Bloom filters”, IPL 101(6), 2007. L. Fan et al., “Summary cache”, IEEE/ACM ToN 8(3), 2000."),
        ],
        question: "哪种变体可以删除元素？代价是什么？",
        answer: "计数布隆过滤器：每一位变成一个小计数器（通常 4 位），所以大约需要四倍的内存。",
    },
];

static JAPANESE: [Chapter; 8] = [
    Chapter {
        title: "問題",
        blocks: &[
            P("ウェブクローラは同じページを二度取得してはいけないので、見た URL をすべて覚えておく必要があります。10 億個の URL をハッシュ集合に入れると URL そのものを保存することになり、60〜100 GB にもなって増え続けます。既知の送信者を覚えるスパムフィルタや、保持している内容を覚えるキャッシュも同じ問題を抱えています。"),
            P("ブルームフィルタは「これを見たことがあるか」に一定のメモリで答えます——10 億個の URL を誤り率 1% で約 {billion_1pct}。引き換えにするのは一つだけで、見たことのないものについて「たぶんある」と答えることがあります。見たものについて「ない」とは決して答えません。誤りは片側だけです。"),
        ],
        question: "ブルームフィルタがある URL に「ない」と答えました。クローラはデータベースとの照合を省略できますか？",
        answer: "できます。「ない」は常に正しい答えです。挿入された URL はすべてのビットが 1 なので、0 のビットが一つでもあれば挿入されていないことが証明されます。遅くて正確な照合が必要なのは「たぶんある」のときだけです。",
    },
    Chapter {
        title: "しくみ",
        blocks: &[
            P("ブルームフィルタは、最初はすべて 0 の m ビットと、k 個のハッシュ関数でできています。要素を挿入するには k 回ハッシュして、その k 個のビットを 1 にします。問い合わせでは同じようにハッシュして調べ、k 個のうち一つでも 0 なら確実に挿入されていない、すべて 1 ならおそらく挿入済みです。"),
            P("下では m = {walk_m}、k = {walk_k} で、{walk_items} を挿入済みです。「apple」を問い合わせると集合に含まれます。「{absent_word}」は 0 のビットがあるので含まれないと証明されます。「{fp_word}」はすべてのビットがほかの要素によって 1 になっていて、偽陽性です。"),
            W(Widget::WalkThrough),
        ],
        question: "要素の k 個のビットを 0 に戻せば、ブルームフィルタから削除できますか？",
        answer: "できません。ほかの要素がそのビットを共有しているかもしれず、消すとそれらが含まれないように見えてしまいます（偽陰性）。削除するには、ビットごとに小さなカウンタを持つカウンティングフィルタを使います。",
    },
    Chapter {
        title: "ハッシュ関数",
        blocks: &[
            P("ハッシュは速くてよく混ざることが大事で、暗号学的である必要はありません。FNV-1a や MurmurHash3 は 1 バイトあたり数サイクルで、似た文字列を遠くへ散らします。k 個のハッシュを別々に計算すると遅いので、フィルタは二回だけハッシュして残りを導きます（Kirsch と Mitzenmacher、2006）："),
            Math(MATH_DOUBLE),
            P("落とし穴は三つ。UTF-16 のコード単位（JavaScript の文字列）ではなく UTF-8 のバイト列をハッシュすること、終端バイトを付け足さないこと（Rust の str::hash は 0xFF を加えます）、そしてマシンのワード長（usize）で計算を変えないことです。下で要素を入力し、各ステップを追ってみましょう。"),
            W(Widget::Hashing),
        ],
        question: "二つのプログラムが「é」をハッシュして、違うビット番号を得ました。一方は c3 a9、もう一方は e9 をハッシュしています。ここで正しいのはどちら？",
        answer: "c3 a9、つまり UTF-8 のバイト列です。e9 は Latin-1 または UTF-16 のコード単位です。フィルタはどこでも同じ取り決めのバイト表現をハッシュしなければなりません。",
    },
    Chapter {
        title: "偽陽性",
        blocks: &[
            P("k·n 回のビット選択のそれぞれが特定のビット b を外す確率は 1 − 1/m なので、n 個挿入したあとでも b が 0 のままである確率は"),
            Math(MATH_ZERO),
            P("新しい要素を問い合わせたとき、k 個のビットがすべて 1 である確率はおよそ"),
            Math(MATH_FPR),
            P("これはビットを互いに独立とみなした近似です。厳密な率は、立ったビット数 X について (X/m)^k を平均したもので、m = 16、k = 3、n = 3 では近似の {small_approx} に対して {small_exact}、m = 1024、k = 3、n = 100 では両者が一致します（{big_exact} と {big_approx}）。"),
            Math(MATH_EXACT),
            W(Widget::RateChart),
        ],
        question: "n と k はそのままで m を 2 倍にすると、偽陽性率は半分になりますか？",
        answer: "半分よりずっと下がります。率は充填率の k 乗なので、充填率が半分になると率はおよそ 2^k 分の 1 になります。",
    },
    Chapter {
        title: "m と k の選び方",
        blocks: &[
            P("ハッシュ関数が少なすぎるとビットが余り、多すぎると配列が埋まってしまいます。0 のままのビットの割合を q = e^(−kn/m) とおくと、k = −(m/n)·ln q、ln p = k·ln(1 − q) = −(m/n)·ln q·ln(1 − q) です。これは q と 1 − q について対称なので q = 1/2 で最小になります。つまりちょうど半分のビットが立つときで、そのとき"),
            Math(MATH_OPTIMAL_K),
            P("となり、p = (1/2)^k から n 個の要素に必要なサイズが得られます："),
            Math(MATH_SIZE),
            P("つまり 1% なら要素あたり {bits_1pct} ビットで k = {k_1pct}、0.1% なら {bits_01pct} ビットです。率を 1/10 にするごとに、要素が何であっても要素あたり約 {log_factor} × log₂10 ≈ {bits_per_decade} ビット増えます。"),
            W(Widget::Calculator),
        ],
        question: "偽陽性を 1% から 0.01% にするには、メモリは 100 倍必要ですか？",
        answer: "いいえ、およそ 2 倍です。要素あたりのビット数は log(1/p) に比例して、約 {bits_1pct} から約 {bits_001pct} に増えるだけです。",
    },
    Chapter {
        title: "いくつ入れたかを数える",
        blocks: &[
            P("フィルタは要素を保存しませんが、ビットを見ればおおよそいくつ入ったかがわかります。期待される充填率を逆に解くと"),
            Math(MATH_ESTIMATE),
            P("となります（X は 1 のビット数）。下で単語を追加して、推定値と本当の n を比べてみましょう。まばらなうちは近く、埋まるにつれてばらつき、すべてのビットが 1 になると無限大になります——満杯のフィルタからは何もわかりません。"),
            W(Widget::Estimate),
        ],
        question: "m と k が同じ二つのフィルタをビットごとの OR で合わせました。和集合の大きさはどう推定できますか？",
        answer: "合わせたビットに同じ式を使います。OR の結果はちょうど和集合のフィルタなので、合わせた配列の X から和集合の n̂ が得られます。",
    },
    Chapter {
        title: "どこで使われているか",
        blocks: &[
            P("ウェブクローラは訪問済みの URL を記録します。偽陽性は新しいページを一つ「見た」として飛ばすことを意味しますが、メモリに収まらない集合と比べれば小さな損失です。"),
            P("LevelDB と RocksDB は、ソート済みの各ファイルの横にそのファイルのキーのフィルタを置きます（キーあたり 10 ビット、率は約 {leveldb_rate}）。検索ではフィルタが「ない」と答えたファイルをすべて飛ばし、偽陽性のコストは無駄なファイル読み込み一回です。"),
            P("Bigtable、HBase、Cassandra はディスク上の各テーブルの行キー（と列）について同じことをし、読み込みはその行を含みうるファイルだけに触れます。偽陽性はディスクシーク一回分の余計な手間です。"),
            P("ClickHouse のスキップインデックスは行ブロックごとに値のフィルタを持ち、ある値の問い合わせではそれを含みえないブロックを飛ばします。偽陽性はブロックを一つ読んで空振りするだけです。"),
            P("Chrome の以前のセーフブラウジングのリストは、危険な URL の接頭辞のハッシュをフィルタにして内蔵していました。一致したときだけサーバーに確認するので、偽陽性のコストはネットワーク要求一回で、サイトを誤ってブロックすることはありません。"),
            P("Squid のキャッシュダイジェストはキャッシュが持つ URL を記録し、隣のキャッシュはページをおそらく持っている相手にだけ問い合わせます。偽陽性は隣への無駄な要求一回です。"),
            P("Redis の Bloom モジュールはフィルタをデータ型（BF.ADD、BF.EXISTS）として提供し、イベントの重複排除や「これは表示済みか」など、どんなアプリケーションでも使えます。まれな誤った「たぶん」は、すべてを覚えておくより安くつきます。"),
        ],
        question: "絶対に見逃してはならない禁止パスワードの一覧に、ブルームフィルタは向いていますか？",
        answer: "向いています。禁止パスワードを見逃すこと（偽陰性）はありません。代わりに少数の正しいパスワードが誤って拒否されますが、厳密な二次チェックで直せます。",
    },
    Chapter {
        title: "基本のフィルタの先へ",
        blocks: &[
            P("カウンティングフィルタはビットを小さなカウンタに置き換え、要素を削除できるようにします（Fan ほか、2000）。スケーラブルフィルタは集合が大きくなるにつれてより大きなフィルタを足し、率を一定以下に保ちます（Almeida ほか、2007）。パーティション分割フィルタは各ハッシュに m/k ビットずつの区画を割り当てます。圧縮フィルタはネットワーク越しに送るために小さくします。ブロック化フィルタは速さのために k 個のビットを一つのキャッシュラインに収めます。カスケードはフィルタを重ねて、前段の偽陽性を取り除きます。これらの対話版もこのサイトに加える予定です。"),
            P("参考文献：B. H. Bloom, “Space/time trade-offs in hash coding with allowable errors”, CACM 13(7), 1970. A. Kirsch and M. Mitzenmacher, “Less hashing, same performance”, ESA 2006. P. Bose et al., “On the false-positive rate of Bloom filters”, IPL 108(4), 2008. K. Christensen, A. Roginsky and M. Jimeno, “A new analysis of the false positive rate of a Bloom filter”, IPL 110(21), 2010. P. S. Almeida et al., “Scalable Bloom filters”, IPL 101(6), 2007. L. Fan et al., “Summary cache”, IEEE/ACM ToN 8(3), 2000."),
        ],
        question: "要素を削除できるのはどの変種で、その代償は何ですか？",
        answer: "カウンティングフィルタです。各ビットが小さなカウンタ（ふつう 4 ビット）になるので、メモリはおよそ 4 倍必要です。",
    },
];

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::strings::fill;

    #[test]
    fn every_language_has_every_chapter_with_the_same_shape() {
        for lang in Lang::ALL {
            let chapters = chapters(lang);
            for (position, chapter) in chapters.iter().enumerate() {
                let english = &ENGLISH[position];
                assert!(
                    !chapter.title.is_empty()
                        && !chapter.question.is_empty()
                        && !chapter.answer.is_empty()
                );
                let kinds = |blocks: &[Block]| -> Vec<String> {
                    blocks
                        .iter()
                        .map(|block| match block {
                            Block::P(_) => "p".to_string(),
                            Block::Math(math) => math.to_string(),
                            Block::Widget(widget) => format!("{widget:?}"),
                        })
                        .collect()
                };
                assert_eq!(
                    kinds(chapter.blocks),
                    kinds(english.blocks),
                    "{lang:?} chapter {}",
                    position + 1
                );
            }
        }
    }

    #[test]
    fn every_blank_is_a_computed_fact() {
        let facts = facts();
        for lang in Lang::ALL {
            for chapter in chapters(lang) {
                for block in chapter.blocks {
                    if let Block::P(text) = block {
                        let filled = fill(
                            text,
                            &facts
                                .iter()
                                .map(|(k, v)| (*k, v.as_str()))
                                .collect::<Vec<_>>(),
                        );
                        assert!(
                            !filled.contains('{'),
                            "unfilled blank in {lang:?}: {filled}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_walk_through_has_all_three_verdicts() {
        let facts = facts();
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
        assert_eq!(walk.query("apple"), Verdict::Present);
        assert_eq!(get("k_1pct"), "7");
        assert_eq!(get("bits_1pct"), "9.59");
        assert_eq!(get("bits_001pct"), "19.2");
        assert_eq!(get("bits_per_decade"), "4.79");
    }
}

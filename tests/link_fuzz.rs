//! Every widget's link reader, and the state built from what it read, fed 100,000 seeded random and
//! mutated links each: repeated keys, truncations, huge and negative numbers, bad percent-escapes,
//! escapes that decode to invalid UTF-8, oversized and malformed compact (`z=`) payloads, emoji, CJK
//! and `<script>`. A link is something anyone can write, so reading one must never panic, never
//! build more than a stated amount of state, and never drop a part without saying so.
//!
//! The memory bound, per widget: at most the reader's item limit (10,000 playground items, counting
//! and count-min operations; 1,000 scalable operations; 1,000 items per set), each item at most
//! [`MAX_ITEM_BYTES`] (1 MiB), and all kept item text together never more bytes than the link (and
//! its inflated payload) carried; the report lists at most one entry per part of the link plus the
//! four item counts; a scalable filter holds at most 200,000 items in 32 Mbit.
//!
//! The report check compares what went in with what was kept: when a link has a part of an unknown
//! name, an unreadable value, a value the generator knows to be out of range, or more item parts
//! than items kept, the list of ignored parts must not be empty.

#![cfg(not(target_arch = "wasm32"))]

use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::scalable::{MAX_ITEMS as SCALABLE_MAX_ITEMS, MAX_TOTAL_BITS};
use bloom_tutorial::share::{self, Ignored, MAX_LINK_ITEMS};
use bloom_tutorial::state::calculator::CalculatorState;
use bloom_tutorial::state::linked::Linked;
use bloom_tutorial::state::playground::PlaygroundState;
use bloom_tutorial::url::{encode_component, parse_query};

/// Links per widget.
const LINKS: usize = 100_000;

/// The playground's and the scalable filter's states measure their false-positive rate against
/// 10,000 probes whenever they are built (a few milliseconds in a debug build), so the full state is
/// built from one link in this many (4,000 states each); every link still goes through the reader.
const MEASURED_STATE_EVERY: usize = 25;

/// SplitMix64: a few lines, a fixed seed, the same links on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }

    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        choices[self.below(choices.len())]
    }
}

/// Values no setting accepts, written as they stand in a link (some are bad escapes).
const BAD_SETTINGS: [&str; 12] = [
    "",
    "-1",
    "-99999999999999999999",
    "99999999999999999999999999",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%zz",
    "%4",
    "%",
    "%FF",
    "%E0%A4",
    "%F0%9F%8C%B8",
    "%E5%B8%83%E9%9A%86",
];

/// Item texts that are kept: emoji, CJK, markup and the link's own punctuation.
const GOOD_ITEMS: [&str; 10] = [
    "apple",
    "pear",
    "🌸",
    "布隆过滤器",
    "ブルーム",
    "<script>alert(1)</script>",
    "a&b=c+d%",
    "x\u{200d}y",
    "  padded  ",
    "3*x",
];

/// Item values that are dropped and counted, as written in a link.
const BAD_ITEMS: [&str; 7] = ["", "%20%20", "+", "%FF", "%E0%A4", "%C3", "%zz"];

/// Parameter names no widget reads.
const UNKNOWN_KEYS: [&str; 5] = ["zzz", "utm_source", "%3Cscript%3E", "%F0%9F%8C%B8", "M"];

/// Parameters the shell reads: neither used nor reported by a widget.
const SHELL: [&str; 4] = ["present=1", "lang=zh", "theme=dark", "controls=0"];

/// One widget's link: its settings (with values it accepts) and the names of its item parts.
struct Widget {
    name: &'static str,
    settings: &'static [(&'static str, &'static [&'static str])],
    items: &'static [&'static str],
    /// Item values of its own kind (`5*pear`, a stream's seed), good and bad.
    own_items: &'static [(
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
    )],
}

/// A generated link, and whether the generator put in a part the reader must report.
struct Link {
    query: String,
    must_report: bool,
}

/// The parts of a link as the readers see them, decoded once per link.
type Pairs = Vec<(String, Result<String, bloom_tutorial::url::QueryError>)>;

fn generate(rng: &mut Rng, widget: &Widget) -> Link {
    let mut parts: Vec<String> = Vec::new();
    let mut must_report = false;
    let count = if rng.one_in(200) {
        30 + rng.below(200)
    } else {
        rng.below(9)
    };
    for _ in 0..count {
        match rng.below(12) {
            0..=3 if !widget.settings.is_empty() => {
                let (key, good) = widget.settings[rng.below(widget.settings.len())];
                if rng.one_in(3) {
                    parts.push(format!("{key}={}", rng.pick(&BAD_SETTINGS)));
                    must_report = true;
                } else {
                    parts.push(format!("{key}={}", encode_component(rng.pick(good))));
                }
            }
            4..=7 if !widget.items.is_empty() => {
                let key = rng.pick(widget.items);
                if rng.one_in(4) {
                    parts.push(format!("{key}={}", rng.pick(&BAD_ITEMS)));
                    must_report = true;
                } else {
                    parts.push(format!("{key}={}", encode_component(rng.pick(&GOOD_ITEMS))));
                }
            }
            8 if !widget.own_items.is_empty() => {
                let (key, good, bad) = widget.own_items[rng.below(widget.own_items.len())];
                if rng.one_in(3) {
                    parts.push(format!("{key}={}", rng.pick(bad)));
                    must_report = true;
                } else {
                    parts.push(format!("{key}={}", encode_component(rng.pick(good))));
                }
            }
            9 => {
                parts.push(format!("{}=1", rng.pick(&UNKNOWN_KEYS)));
                must_report = true;
            }
            _ => parts.push(rng.pick(&SHELL).to_owned()),
        }
    }
    if rng.one_in(5_000) && !widget.items.is_empty() {
        // Past every item limit.
        let key = widget.items[0];
        parts.extend((0..MAX_LINK_ITEMS + 3).map(|i| format!("{key}=w{i}")));
    }
    if rng.one_in(20_000) && !widget.items.is_empty() {
        parts.push(format!(
            "{}={}",
            widget.items[0],
            "x".repeat(MAX_ITEM_BYTES + 1)
        ));
        must_report = true;
    }
    let mut query = parts.join("&");
    if rng.one_in(2) {
        mutate(rng, &mut query);
        must_report = false;
    }
    Link { query, must_report }
}

/// Cuts, repeats or damages part of `query`, as a mail program or a careless hand would.
fn mutate(rng: &mut Rng, query: &mut String) {
    let at = |rng: &mut Rng, query: &str| {
        let mut at = rng.below(query.len() + 1);
        while !query.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    for _ in 0..1 + rng.below(3) {
        match rng.below(5) {
            0 => {
                let cut = at(rng, query);
                query.truncate(cut);
            }
            1 => {
                let (start, end) = (at(rng, query), at(rng, query));
                let piece = query[start.min(end)..start.max(end)].to_owned();
                query.insert_str(end, &piece);
            }
            2 => {
                let position = at(rng, query);
                let noise = rng.pick(&[
                    "%", "&", "=", "+", "%00", "%C0%80", "&&=", "?", "#", "日本", "🙂",
                ]);
                query.insert_str(position, noise);
            }
            3 => query.push_str(&format!("&m={}", rng.next() as i64)),
            _ => query.push_str(&format!("&item={}", rng.pick(&BAD_ITEMS))),
        }
    }
}

/// What every reader shares: nothing unknown, unreadable or out of range goes unreported.
fn check_report(
    widget: &Widget,
    link: &Link,
    pairs: &Pairs,
    ignored: &[Ignored],
    (given, kept): (usize, usize),
) {
    let known = |key: &str| {
        widget.settings.iter().any(|(name, _)| *name == key)
            || widget.items.contains(&key)
            || widget.own_items.iter().any(|(name, _, _)| *name == key)
    };
    let shell = |key: &str| SHELL.iter().any(|part| part.split('=').next() == Some(key));
    let unknown = pairs.iter().any(|(key, _)| !known(key) && !shell(key));
    let unreadable = pairs
        .iter()
        .any(|(key, value)| value.is_err() && known(key));
    let must = link.must_report || unknown || unreadable || kept < given;
    assert!(
        !must || !ignored.is_empty(),
        "{}: {:?} dropped something without saying so",
        widget.name,
        link.query.chars().take(300).collect::<String>()
    );
    assert!(
        ignored.len() <= pairs.len() + 4,
        "{}: report longer than the link",
        widget.name
    );
}

/// How many item parts of these names the link holds (readable ones).
fn given(pairs: &Pairs, names: &[&str]) -> usize {
    pairs
        .iter()
        .filter(|(key, value)| names.contains(&key.as_str()) && value.is_ok())
        .count()
}

/// Distinct readable values of parts named `name`.
fn distinct(pairs: &Pairs, name: &str) -> usize {
    let mut values: Vec<&String> = pairs
        .iter()
        .filter(|(key, _)| key == name)
        .filter_map(|(_, value)| value.as_ref().ok())
        .collect();
    values.sort();
    values.dedup();
    values.len()
}

fn text_bytes<'a>(texts: impl Iterator<Item = &'a str>) -> usize {
    texts.map(str::len).sum()
}

fn each_link(seed: u64, widget: &Widget, mut check: impl FnMut(&mut Rng, &Link, &Pairs)) {
    let mut rng = Rng(seed);
    for _ in 0..LINKS {
        let link = generate(&mut rng, widget);
        let pairs = parse_query(&link.query);
        check(&mut rng, &link, &pairs);
    }
}

const PLAYGROUND: Widget = Widget {
    name: "playground",
    settings: &[
        ("m", &["8", "20", "1024", "64", " 32 "]),
        ("k", &["1", "3", "16"]),
        ("scheme", &["double", "independent", "enhanced"]),
        ("seed", &["0", "7", "999999"]),
    ],
    items: &["item"],
    own_items: &[("z", &["", "AAAA"], &["!!", "%FF", "A!"])],
};

/// Text a compact payload might inflate to: items joined by NUL, cut, empty or huge.
fn inflated(rng: &mut Rng) -> Option<String> {
    match rng.below(6) {
        0 => None,
        1 => Some(String::new()),
        2 => Some("apple\0\0  \0🌸\0布隆".to_owned()),
        3 => Some((0..rng.below(50)).map(|i| format!("w{i}\0")).collect()),
        4 if rng.one_in(2_000) => Some("y\0".repeat(MAX_LINK_ITEMS + 7)),
        _ => Some("<script>\0a&b".to_owned()),
    }
}

#[test]
fn playground_links() {
    each_link(1, &PLAYGROUND, |rng, link, pairs| {
        let text = inflated(rng);
        let (shared, ignored) = share::from_query_inflated(&link.query, text.as_deref());
        let _ = share::from_query(&link.query);
        let _ = share::has_state(&link.query);
        if let Some(bytes) = share::compressed_items(&link.query) {
            let _ = share::inflated_text(bytes.clone(), false);
            let _ = share::inflated_text(bytes, true);
        }
        let z_parts = given(pairs, &["z"]);
        let pieces = text
            .as_deref()
            .filter(|text| !text.is_empty())
            .map_or(0, |text| text.split('\0').count());
        let given_items = given(pairs, &["item"]) + z_parts * pieces;
        check_report(
            &PLAYGROUND,
            link,
            pairs,
            &ignored,
            (given_items, shared.items.len()),
        );
        assert!(shared.items.len() <= MAX_LINK_ITEMS);
        assert!(shared.items.iter().all(|item| item.len() <= MAX_ITEM_BYTES));
        let carried = link.query.len() + z_parts * text.as_deref().map_or(0, str::len);
        assert!(text_bytes(shared.items.iter().map(String::as_str)) <= carried);
        assert!(shared.params.bits <= 1024);
        if rng.below(MEASURED_STATE_EVERY) == 0 {
            let state = PlaygroundState::from_shared(&shared, ignored);
            assert_eq!(state.playground.params(), shared.params);
        }
        let _ = share::to_query(&shared);
    });
}

#[test]
fn compact_payloads() {
    let mut rng = Rng(2);
    for _ in 0..LINKS {
        let length = if rng.one_in(1_000) {
            100_000
        } else {
            rng.below(40)
        };
        let payload: String = (0..length)
            .map(|_| *b"AZaz09-_=%!+ \xFF".get(rng.below(14)).unwrap_or(&b'A') as char)
            .collect();
        let query = format!("m=20&z={payload}");
        if let Some(bytes) = share::compressed_items(&query) {
            assert!(bytes.len() <= payload.len());
        }
        let bytes: Vec<u8> = (0..rng.below(64)).map(|_| rng.next() as u8).collect();
        let complete = rng.one_in(2);
        if let Some(text) = share::inflated_text(bytes.clone(), complete) {
            assert!(text.len() <= bytes.len());
        }
        let _ = share::base64url_decode(&payload);
    }
}

const COUNTING: Widget = Widget {
    name: "counting",
    settings: &[
        ("m", &["8", "32", "1024"]),
        ("k", &["1", "3", "16"]),
        ("scheme", &["double", "independent"]),
        ("c", &["1", "4", "8"]),
    ],
    items: &["add", "del"],
    own_items: &[],
};

#[test]
fn counting_links() {
    use bloom_tutorial::share::counting;
    use bloom_tutorial::state::counting::CountingState;
    each_link(3, &COUNTING, |_, link, pairs| {
        let (read, ignored) = counting::from_query(&link.query);
        let given_items = given(pairs, COUNTING.items);
        check_report(
            &COUNTING,
            link,
            pairs,
            &ignored,
            (given_items, read.operations.len()),
        );
        assert!(read.operations.len() <= bloom_core::counting::MAX_OPERATIONS);
        let state = CountingState::from_query(&link.query, true);
        let kept = state.link();
        assert!(kept.operations.len() <= read.operations.len());
        let _ = CountingState::has_state(&link.query);
        let _ = Linked::to_query(&state);
    });
}

const COUNT_MIN: Widget = Widget {
    name: "count-min",
    settings: &[
        ("w", &["1", "16", "4096"]),
        ("d", &["1", "4", "12"]),
        ("s", &["0", "1.1", "3", ".5"]),
    ],
    items: &["add"],
    own_items: &[
        (
            "add",
            &["5*pear", "1000000*x", "1*3*x"],
            &["0*apple", "2000000*pear", "99999999999999999999999*x"],
        ),
        (
            "stream",
            &["7", "8:1.5", "999999:0"],
            &["x", "2:1.25", "-1", "1000000", "%FF", ":1"],
        ),
    ],
};

#[test]
fn count_min_links() {
    use bloom_tutorial::share::count_min;
    use bloom_tutorial::state::count_min::CountMinState;
    each_link(4, &COUNT_MIN, |_, link, pairs| {
        let (read, ignored) = count_min::from_query(&link.query);
        let given_items = given(pairs, &["add", "stream"]);
        check_report(
            &COUNT_MIN,
            link,
            pairs,
            &ignored,
            (given_items, read.operations.len()),
        );
        assert!(read.operations.len() <= bloom_core::count_min::MAX_OPERATIONS);
        let texts = read
            .operations
            .iter()
            .filter_map(|operation| match operation {
                bloom_core::count_min::CountMinOperation::Add { text, .. } => Some(text.as_str()),
                _ => None,
            });
        assert!(text_bytes(texts) <= link.query.len());
        let state = CountMinState::from_query(&link.query, true);
        let _ = Linked::to_query(&state);
    });
}

const SCALABLE: Widget = Widget {
    name: "scalable",
    settings: &[
        ("preset", &["custom", "redis", "pybloom-small", "guava"]),
        ("n0", &["1", "8", "100000"]),
        ("p", &["0.01", "1%", "0.000001", "0.5"]),
        ("s", &["1", "2", "4"]),
        ("r", &["0.8", "0.01", "0.99"]),
    ],
    items: &["add"],
    own_items: &[(
        "stream",
        &["1", "2", "5"],
        &["0", "-3", "200001", "1e9", "x"],
    )],
};

#[test]
fn scalable_links() {
    use bloom_tutorial::share::scalable;
    use bloom_tutorial::state::scalable::ScalableState;
    each_link(5, &SCALABLE, |rng, link, pairs| {
        let (read, ignored) = scalable::from_query(&link.query);
        let given_items = given(pairs, &["add", "stream"]);
        check_report(
            &SCALABLE,
            link,
            pairs,
            &ignored,
            (given_items, read.operations.len()),
        );
        assert!(read.operations.len() <= scalable::MAX_OPERATIONS);
        if rng.below(MEASURED_STATE_EVERY) != 0 {
            return;
        }
        let mut query = link.query.clone();
        if rng.one_in(1_000) {
            // The most a filter may hold, in one stream.
            query.push_str("&stream=200000");
        }
        let state = ScalableState::from_query(&query, true);
        assert!(state.filter.items() <= SCALABLE_MAX_ITEMS);
        assert!(state.filter.total_bits() <= MAX_TOTAL_BITS);
        let _ = Linked::to_query(&state);
    });
}

const SETS: Widget = Widget {
    name: "sets",
    settings: &[
        ("m", &["8", "64", "1024"]),
        ("k", &["1", "3"]),
        ("scheme", &["double", "enhanced"]),
        ("pm", &["16", "1000", "1000000"]),
        ("pk", &["1", "16"]),
        ("pn", &["0", "100000"]),
        ("z", &["64", "32000"]),
        ("zn", &["1", "4000"]),
        ("u", &["200000", "20000"]),
        ("rv", &["0", "2"]),
        ("p1", &["0.01", "0.5", "0.000001"]),
        ("view", &["partitioned", "compressed", "cascade", "all"]),
    ],
    items: &["a", "b"],
    own_items: &[],
};

#[test]
fn sets_links() {
    use bloom_tutorial::share::sets;
    use bloom_tutorial::state::sets::SetsState;
    each_link(6, &SETS, |_, link, pairs| {
        let (read, ignored) = sets::from_query(&link.query);
        let given_items = distinct(pairs, "a") + distinct(pairs, "b");
        check_report(
            &SETS,
            link,
            pairs,
            &ignored,
            (given_items, read.a.len() + read.b.len()),
        );
        assert!(read.a.len() <= sets::MAX_SET_ITEMS && read.b.len() <= sets::MAX_SET_ITEMS);
        let all = read.a.iter().chain(&read.b).map(String::as_str);
        assert!(text_bytes(all) <= link.query.len());
        assert!(read.cascade.revoked <= read.cascade.universe);
        let state = SetsState::from_query(&link.query, true);
        let _ = Linked::to_query(&state);
    });
}

const LAB: Widget = Widget {
    name: "lab",
    settings: &[
        ("scale", &["1", "10", "100", "1000"]),
        ("keys", &["wasm", "js"]),
        ("seed", &["0", "7", "999999"]),
    ],
    items: &[],
    own_items: &[],
};

#[test]
fn lab_links() {
    use bloom_tutorial::share::lab;
    use bloom_tutorial::state::lab::LabState;
    each_link(7, &LAB, |_, link, pairs| {
        let (read, ignored) = lab::from_query(&link.query);
        check_report(&LAB, link, pairs, &ignored, (0, 0));
        assert!(lab::SCALES.contains(&read.scale));
        let state = LabState::from_query(&link.query, true);
        assert_eq!(state.link, read);
        let _ = Linked::to_query(&state);
    });
}

const BUGS: Widget = Widget {
    name: "bugs",
    settings: &[("case", &["correlated"])],
    items: &[],
    own_items: &[],
};

#[test]
fn bugs_links() {
    use bloom_tutorial::share::bugs;
    use bloom_tutorial::state::bugs::BugsState;
    each_link(8, &BUGS, |_, link, pairs| {
        let (_, ignored) = bugs::from_query(&link.query);
        check_report(&BUGS, link, pairs, &ignored, (0, 0));
        let state = BugsState::from_query(&link.query, true);
        let _ = Linked::to_query(&state);
    });
}

const CALCULATOR: Widget = Widget {
    name: "calculator",
    settings: &[
        ("n", &["1e6", "1,000", "10k"]),
        ("p", &["1%", "0.01", "1 in 100"]),
        ("m", &["1 MiB", "9585059"]),
        ("k", &["7", "1"]),
    ],
    items: &[],
    own_items: &[],
};

#[test]
fn calculator_links() {
    // The calculator shows what it could not read in its fields, so only the panics are checked.
    each_link(9, &CALCULATOR, |_, link, _| {
        let state = CalculatorState::from_query(&link.query);
        let _ = state.query();
    });
}

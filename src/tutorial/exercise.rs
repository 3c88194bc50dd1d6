//! Predict-then-check exercises, one per chapter: the reader answers first, then the page checks and
//! explains the right answer with the reader's own numbers. Each exercise is drawn from a round
//! number, so "Try another" gives new values; round 0 is the one the page opens with (and prints).
//!
//! Three kinds of answer cover the ten chapters: a choice among a few options (how big, how likely,
//! yes or no), a set of bits picked on a row of cells (what inserting sets, what a union holds) and a
//! whole number (which bit, which k, how many items).

use super::{walk_through, WALK_ITEMS, WALK_PARAMS};
use crate::format::{exact, percent_compact, percent_plain, significant};
use crate::strings::{Lang, Msg};
use bloom_core::counting::counters_of;
use bloom_core::estimate::items_from_set_bits;
use bloom_core::filter::BloomFilter;
use bloom_core::fpr;
use bloom_core::hashing::{DoubleHashing, ItemHashes};
use bloom_core::sizing::{bytes, optimal_bits, rate};
use bloom_core::small_sort::sort_distinct;
use bloom_core::words::WORDS;

/// The blanks chapter `number`'s exercise texts may use (`exercise` and `exercise_explain`).
/// `{answer}` is the reader's answer and `{right}` the right one, both as a reader would write them.
pub fn blanks(number: u32) -> &'static [&'static str] {
    match number {
        1 => &["n", "rate", "set_size", "bits_per_item", "right", "answer"],
        2 => &[
            "word",
            "m",
            "k",
            "positions",
            "already",
            "ones",
            "right",
            "answer",
        ],
        3 => &["word", "m", "h1", "h2", "i", "sum", "right", "answer"],
        4 => &[
            "word",
            "m",
            "k",
            "positions",
            "set_count",
            "right",
            "answer",
        ],
        5 => &[
            "m", "n", "k_real", "k_lo", "k_hi", "p_lo", "p_hi", "right", "answer", "p_answer",
        ],
        6 => &["m", "k", "x", "estimate", "n", "right", "answer"],
        7 => &[
            "items",
            "ghost",
            "m",
            "k",
            "ghost_counters",
            "zeroed",
            "right",
            "answer",
        ],
        8 => &["bits_per_key", "k", "right", "answer"],
        9 => &["p0", "r", "right", "answer"],
        10 => &[
            "a_items", "b_items", "m", "k", "a_bits", "b_bits", "right", "answer",
        ],
        _ => &["m", "k", "step", "gcd", "cycle", "right", "answer"],
    }
}

/// A row of bits the exercise shows as it is (a filter to read, not to change).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// A one-letter name when there are several rows ("A", "B").
    pub name: Option<&'static str>,
    /// The bits, index 0 first.
    pub bits: Vec<bool>,
    /// Indexes to point out (a query's positions).
    pub marked: Vec<u32>,
}

/// How the reader answers, and what is right.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Pick one of `options` (written for the page); `right` is the right one's position.
    Choice {
        /// The options, in the order shown.
        options: Vec<String>,
        /// The position of the right option.
        right: usize,
    },
    /// Leave pressed exactly the cells of `right` on a row of `bits` cells that starts with
    /// `pressed` pressed.
    Pick {
        /// The number of cells, m.
        bits: u32,
        /// The cells pressed when the exercise opens.
        pressed: Vec<u32>,
        /// The cells that must be pressed, sorted.
        right: Vec<u32>,
    },
    /// Type a whole number within `tolerance` of `right`.
    Number {
        /// The right number.
        right: f64,
        /// How far off an answer may be and still be right.
        tolerance: f64,
        /// The smallest and largest numbers that make sense as an answer.
        range: (u64, u64),
    },
}

/// The reader's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The position of the chosen option.
    Choice(usize),
    /// The cells left pressed.
    Pick(Vec<u32>),
    /// The number typed.
    Number(u64),
}

/// One round of a chapter's exercise: what it shows, how it is answered, and the numbers its texts
/// use.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    /// The chapter, 1 … 10.
    pub chapter: u32,
    /// The round it was drawn from.
    pub round: u32,
    /// Rows of bits shown above the answer.
    pub pictures: Vec<Picture>,
    /// How it is answered.
    pub kind: Kind,
    /// The blanks of its texts that do not depend on the answer, written in the page's language.
    pub facts: Vec<(&'static str, String)>,
    /// The inputs the round gives (see [`Exercise::given`]).
    given: Vec<String>,
}

/// The verdict on an answer, with every blank the explanation uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// Whether the answer is right.
    pub right: bool,
    /// The exercise's facts, with `{answer}` (and what depends on it) added.
    pub facts: Vec<(&'static str, String)>,
}

/// m and n of chapter 5's rounds.
const CHAPTER5_SIZES: [(u32, u32); 5] = [
    (1000, 100),
    (2048, 200),
    (600, 40),
    (10_000, 700),
    (4096, 512),
];

/// The `round`-th element of `list`, going round.
fn nth<T: Copy>(list: &[T], round: u32) -> T {
    list[round as usize % list.len()]
}

/// The option order of a three-way choice: the right one moves from round to round.
fn three_way(lang_option: impl Fn(f64) -> String, right: f64, round: u32) -> Kind {
    let values = [right / 10.0, right, right * 10.0];
    let shift = (round as usize * 2) % 3;
    let order = [shift, (shift + 1) % 3, (shift + 2) % 3];
    Kind::Choice {
        options: order.iter().map(|&i| lang_option(values[i])).collect(),
        right: order.iter().position(|&i| i == 1).unwrap_or(0),
    }
}

/// The words of the word list that are not the walk-through's items, from the `from`-th on.
fn other_words(from: usize) -> impl Iterator<Item = &'static str> {
    WORDS
        .iter()
        .copied()
        .filter(|word| !WALK_ITEMS.contains(word))
        .cycle()
        .skip(from % WORDS.len())
}

/// A filter's bits as a row.
fn row(filter: &BloomFilter) -> Vec<bool> {
    (0..filter.bit_count())
        .map(|index| filter.bits().get(index))
        .collect()
}

/// The set bits of a row.
fn ones(bits: &[bool]) -> Vec<u32> {
    (0u32..)
        .zip(bits)
        .filter(|(_, &set)| set)
        .map(|(index, _)| index)
        .collect()
}

/// Distinct, sorted indexes of `word` in `filter`.
fn positions(filter: &BloomFilter, word: &str) -> Vec<u32> {
    let mut indexes = filter.indexes(word);
    sort_distinct(&mut indexes);
    indexes
}

/// A list of bit indexes as the texts write it ("none" for none).
fn bit_list(lang: Lang, indexes: &[u32]) -> String {
    if indexes.is_empty() {
        lang.text(Msg::ExerciseNone).to_owned()
    } else {
        lang.list(indexes)
    }
}

impl Exercise {
    /// Round `round` of chapter `chapter`'s exercise, its texts' numbers written in `lang`.
    pub fn new(chapter: u32, round: u32, lang: Lang) -> Self {
        let (bits, hashes) = WALK_PARAMS;
        let mut facts: Vec<(&'static str, String)> = Vec::new();
        let mut pictures = Vec::new();
        let mut given: Vec<String> = Vec::new();
        let kind = match chapter {
            1 => {
                let items = nth(&[1_000_000.0, 10_000_000.0, 100_000.0, 50_000_000.0], round);
                let target = nth(&[0.01, 0.001, 0.05, 0.0001], round);
                let right = bytes(optimal_bits(items, target));
                given.extend([
                    format!("n={}", items as u64),
                    format!("p={}", percent_plain(target)),
                ]);
                facts.extend([
                    ("n", lang.count(items as u64)),
                    ("rate", percent_plain(target)),
                    ("set_size", lang.size(items * 64.0)),
                    (
                        "bits_per_item",
                        significant(optimal_bits(items, target) / items),
                    ),
                    ("right", lang.size(right)),
                ]);
                three_way(|size| lang.size(size), right, round)
            }
            2 => {
                let walk = walk_through();
                let filter = walk.filter();
                // A word with k different positions, so the row shows k marks.
                let word = other_words(round as usize * 3)
                    .take(WORDS.len())
                    .find(|word| positions(filter, word).len() == hashes as usize)
                    .unwrap_or("kiwi");
                given.push(format!("word={word}"));
                let before = row(filter);
                let positions = positions(filter, word);
                let already: Vec<u32> = positions
                    .iter()
                    .copied()
                    .filter(|&index| before[index as usize])
                    .collect();
                let mut after = filter.clone();
                after.insert(word);
                let right = ones(&row(&after));
                facts.extend([
                    ("word", word.to_owned()),
                    ("m", bits.to_string()),
                    ("k", hashes.to_string()),
                    ("positions", bit_list(lang, &positions)),
                    ("already", bit_list(lang, &already)),
                    ("ones", right.len().to_string()),
                    ("right", bit_list(lang, &right)),
                ]);
                Kind::Pick {
                    bits,
                    pressed: ones(&before),
                    right,
                }
            }
            3 => {
                let m = 32;
                let word = other_words(round as usize * 5 + 1).next().unwrap_or("kiwi");
                let hashing = DoubleHashing::new(ItemHashes::of(word), m);
                let i = 1 + round % 2 + u32::from(round == 0);
                let sum = hashing.base + i * hashing.step;
                let right = hashing.index(i);
                given.extend([format!("word={word}"), format!("m={m}"), format!("i={i}")]);
                facts.extend([
                    ("word", word.to_owned()),
                    ("m", m.to_string()),
                    ("h1", hashing.base.to_string()),
                    ("h2", hashing.step.to_string()),
                    ("i", i.to_string()),
                    ("sum", sum.to_string()),
                    ("right", right.to_string()),
                ]);
                Kind::Number {
                    right: f64::from(right),
                    tolerance: 0.0,
                    range: (0, u64::from(m) - 1),
                }
            }
            4 => {
                let walk = walk_through();
                let filter = walk.filter();
                // Every third round (the first among them) a false positive, else a word the filter
                // rules out: both answers come up.
                let wanted = round.is_multiple_of(3);
                let word = other_words(round as usize)
                    .find(|word| filter.contains(word) == wanted)
                    .unwrap_or("kiwi");
                let bits_now = row(filter);
                given.push(format!("word={word}"));
                let positions = positions(filter, word);
                let set_count = positions
                    .iter()
                    .filter(|&&index| bits_now[index as usize])
                    .count();
                let yes = filter.contains(word);
                let (yes_text, no_text) = (lang.text(Msg::ExerciseYes), lang.text(Msg::ExerciseNo));
                facts.extend([
                    ("word", word.to_owned()),
                    ("m", bits.to_string()),
                    ("k", hashes.to_string()),
                    ("positions", bit_list(lang, &positions)),
                    ("set_count", set_count.to_string()),
                    ("right", (if yes { yes_text } else { no_text }).to_owned()),
                ]);
                pictures.push(Picture {
                    name: None,
                    bits: bits_now,
                    marked: positions,
                });
                Kind::Choice {
                    options: vec![yes_text.to_owned(), no_text.to_owned()],
                    right: usize::from(!yes),
                }
            }
            5 => {
                let (m, n) = nth(&CHAPTER5_SIZES, round);
                let (m_f, n_f) = (f64::from(m), f64::from(n));
                let k_real = m_f / n_f * std::f64::consts::LN_2;
                let (k_lo, k_hi) = (k_real.floor().max(1.0), k_real.ceil().max(1.0));
                let best = best_whole_hashes(m_f, n_f);
                given.extend([format!("m={m}"), format!("n={n}")]);
                facts.extend([
                    ("m", lang.count(u64::from(m))),
                    ("n", lang.count(u64::from(n))),
                    ("k_real", significant(k_real)),
                    ("k_lo", significant(k_lo)),
                    ("k_hi", significant(k_hi)),
                    ("p_lo", percent_compact(rate(n_f, m_f, k_lo))),
                    ("p_hi", percent_compact(rate(n_f, m_f, k_hi))),
                    ("right", best.to_string()),
                ]);
                Kind::Number {
                    right: f64::from(best),
                    tolerance: 0.0,
                    range: (1, 64),
                }
            }
            6 => {
                let (m, k) = (64, 3);
                let n = nth(&[10usize, 14, 7, 18, 12, 22], round);
                let mut filter = BloomFilter::new(m, k);
                for word in other_words(round as usize * 23 + 7).take(n) {
                    filter.insert(word);
                }
                let x = filter.bits().count_ones();
                given.extend([format!("m={m}"), format!("k={k}")]);
                let estimate = items_from_set_bits(x, m, k).unwrap_or(f64::INFINITY);
                facts.extend([
                    ("m", m.to_string()),
                    ("k", k.to_string()),
                    ("x", x.to_string()),
                    ("estimate", significant(estimate)),
                    ("n", n.to_string()),
                    ("right", format!("{}", estimate.round() as u64)),
                ]);
                pictures.push(Picture {
                    name: None,
                    bits: row(&filter),
                    marked: Vec::new(),
                });
                // The estimate as the explanation rounds it; within 10 % of it, or 1 if that is wider.
                Kind::Number {
                    right: estimate.round(),
                    tolerance: (estimate * 0.1).max(1.0),
                    range: (0, 1000),
                }
            }
            7 => {
                // The first harmful false positive from a starting word that round picks, among
                // those whose removal denies exactly one of the five: one right option.
                let (five, ghost, victim) = (0..WORDS.len())
                    .map(|offset| super::chapter7::hazard(round as usize * 13 + 2 + offset))
                    .find(|(_, _, victims)| victims.len() == 1)
                    .map(|(five, ghost, victims)| (five, ghost, victims[0]))
                    .unwrap_or_else(|| unreachable!("the word list has such a five"));
                let params = super::chapter7::PARAMS;
                let counters = counters_of(params, &five);
                let ghost_indexes =
                    params
                        .filter
                        .scheme
                        .indexes(ghost, params.filter.bits, params.filter.hashes);
                let ghost_counters: Vec<String> = ghost_indexes
                    .iter()
                    .map(|&index| format!("{index}: {}", counters[index as usize]))
                    .collect();
                // A counter of 1 that the ghost probes once goes to 0 (twice, from 2, and so on).
                let mut zeroed: Vec<u32> = Vec::new();
                for &index in &ghost_indexes {
                    let probes = ghost_indexes.iter().filter(|&&i| i == index).count();
                    if usize::from(counters[index as usize]) <= probes && !zeroed.contains(&index) {
                        zeroed.push(index);
                    }
                }
                let params = params.filter;
                let quoted: Vec<String> = five.iter().map(|word| lang.quote(word)).collect();
                given.extend([
                    format!("m={}", params.bits),
                    format!("k={}", params.hashes),
                    format!("items={}", five.join(",")),
                    format!("ghost={ghost}"),
                ]);
                facts.extend([
                    ("items", lang.list_words(&quoted)),
                    ("ghost", lang.quote(ghost)),
                    ("m", params.bits.to_string()),
                    ("k", params.hashes.to_string()),
                    (
                        "ghost_counters",
                        ghost_counters.join(lang.text(Msg::ListSeparator)),
                    ),
                    ("zeroed", bit_list(lang, &zeroed)),
                    ("right", lang.quote(victim)),
                ]);
                let mut options = quoted;
                options.push(lang.text(Msg::ExerciseNoneOfThem).to_owned());
                Kind::Choice {
                    right: five.iter().position(|word| *word == victim).unwrap_or(5),
                    options,
                }
            }
            8 => {
                let per_key = nth(&[10.0, 8.0, 16.0, 6.0, 12.0], round);
                // LevelDB's rule: k = bits per key · 0.69, rounded down.
                let k = (per_key * 0.69f64).floor().max(1.0);
                let right = rate(1.0, per_key, k);
                given.extend([format!("b={}", per_key as u64), format!("k={}", k as u64)]);
                facts.extend([
                    ("bits_per_key", significant(per_key)),
                    ("k", significant(k)),
                    ("right", percent_compact(right)),
                ]);
                three_way(percent_compact, right, round)
            }
            9 => {
                // A scalable filter's first stage rate and tightening; the rate never passes
                // P₀/(1 − r).
                let (p0, r) = nth(
                    &[
                        (0.01, 0.5),
                        (0.001, 0.9),
                        (0.005, 0.8),
                        (0.01, 0.75),
                        (0.002, 0.5),
                    ],
                    round,
                );
                let right = p0 / (1.0 - r);
                given.extend([format!("p0={}", exact(p0)), format!("r={}", exact(r))]);
                facts.extend([
                    ("p0", percent_compact(p0)),
                    ("r", significant(r)),
                    ("right", percent_compact(right)),
                ]);
                three_way(percent_compact, right, round)
            }
            10 => {
                let mut a = BloomFilter::new(bits, hashes);
                let mut b = BloomFilter::new(bits, hashes);
                let words: Vec<&str> = other_words(round as usize * 4 + 11).take(4).collect();
                for word in &words[..2] {
                    a.insert(word);
                }
                for word in &words[2..] {
                    b.insert(word);
                }
                let (a_row, b_row) = (row(&a), row(&b));
                given.extend([
                    format!("a={}", words[..2].join(",")),
                    format!("b={}", words[2..].join(",")),
                ]);
                let union: Vec<bool> = a_row.iter().zip(&b_row).map(|(x, y)| *x || *y).collect();
                let right = ones(&union);
                let quoted = |words: &[&str]| {
                    let quoted: Vec<String> = words.iter().map(|word| lang.quote(word)).collect();
                    lang.list_words(&quoted)
                };
                facts.extend([
                    ("a_items", quoted(&words[..2])),
                    ("b_items", quoted(&words[2..])),
                    ("m", bits.to_string()),
                    ("k", hashes.to_string()),
                    ("a_bits", bit_list(lang, &ones(&a_row))),
                    ("b_bits", bit_list(lang, &ones(&b_row))),
                    ("right", bit_list(lang, &right)),
                ]);
                pictures.push(Picture {
                    name: Some("A"),
                    bits: a_row,
                    marked: Vec::new(),
                });
                pictures.push(Picture {
                    name: Some("B"),
                    bits: b_row,
                    marked: Vec::new(),
                });
                Kind::Pick {
                    bits,
                    pressed: Vec::new(),
                    right,
                }
            }
            _ => {
                // Plain double hashing with a step that shares a factor with m: the indexes cycle
                // after m / gcd(step, m) steps, so the key sets min(k, that) different bits.
                let (m, k, step) = nth(
                    &[
                        (64u32, 8u32, 16u32),
                        (48, 6, 18),
                        (128, 10, 96),
                        (96, 8, 36),
                        (256, 12, 64),
                        (48, 7, 40),
                    ],
                    round,
                );
                let gcd = (1..=m)
                    .rev()
                    .find(|d| m % d == 0 && step % d == 0)
                    .unwrap_or(1);
                let cycle = m / gcd;
                let right = cycle.min(k);
                given.extend([format!("m={m}"), format!("k={k}"), format!("step={step}")]);
                facts.extend([
                    ("m", m.to_string()),
                    ("k", k.to_string()),
                    ("step", step.to_string()),
                    ("gcd", gcd.to_string()),
                    ("cycle", cycle.to_string()),
                    ("right", right.to_string()),
                ]);
                Kind::Number {
                    right: f64::from(right),
                    tolerance: 0.0,
                    range: (1, u64::from(k)),
                }
            }
        };
        Self {
            chapter,
            round,
            pictures,
            kind,
            facts,
            given,
        }
    }

    /// What the round gives the reader to work from, as `name=value` pairs separated by spaces
    /// (`word=kiwi m=32 i=2`): the inputs, never the answer, so a test can work the answer out on
    /// its own.
    pub fn given(&self) -> String {
        self.given.join(" ")
    }

    /// Checks `answer`, and adds it (written in `lang`) to the facts the explanation uses. An answer
    /// of the wrong kind, or out of range, is simply wrong.
    pub fn check(&self, answer: &Answer, lang: Lang) -> Checked {
        let mut facts = self.facts.clone();
        let right = match (&self.kind, answer) {
            (Kind::Choice { options, right }, Answer::Choice(chosen)) => {
                facts.push(("answer", options.get(*chosen).cloned().unwrap_or_default()));
                chosen == right
            }
            (Kind::Pick { right, .. }, Answer::Pick(pressed)) => {
                let mut pressed = pressed.clone();
                sort_distinct(&mut pressed);
                facts.push(("answer", bit_list(lang, &pressed)));
                pressed == *right
            }
            (
                Kind::Number {
                    right, tolerance, ..
                },
                Answer::Number(number),
            ) => {
                facts.push(("answer", lang.count(*number)));
                if self.chapter == 5 {
                    let (m, n) = chapter5_sizes(self);
                    facts.push(("p_answer", percent_compact(rate(n, m, *number as f64))));
                }
                (*number as f64 - right).abs() <= *tolerance
            }
            _ => false,
        };
        Checked { right, facts }
    }
}

/// m and n of a chapter 5 round, read back from its round number.
fn chapter5_sizes(exercise: &Exercise) -> (f64, f64) {
    let (m, n) = nth(&CHAPTER5_SIZES, exercise.round);
    (f64::from(m), f64::from(n))
}

/// A whole number as a reader types it: "12", " 1,000 ", "１２" (full-width digits, as a Chinese or
/// Japanese keyboard may give them). Anything else — signs, decimals, words, more than twelve digits
/// — is not an answer yet.
pub fn read_number(typed: &str) -> Option<u64> {
    let mut digits = String::new();
    for c in typed.trim().chars() {
        match c {
            '0'..='9' => digits.push(c),
            // Full-width digits ０ … ９.
            '\u{ff10}'..='\u{ff19}' => digits.push(char::from(b'0' + (c as u32 - 0xff10) as u8)),
            ',' | '，' | '_' | ' ' | '\u{2009}' | '\u{202f}' if !digits.is_empty() => {}
            _ => return None,
        }
    }
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    digits.parse().ok()
}

/// The whole number of hash functions with the lowest rate (1 − e^(−kn/m))^k for m bits and n items
/// (the smaller one on a tie).
pub fn best_whole_hashes(bits: f64, items: f64) -> u32 {
    let rates: Vec<f64> = (1..=64u32)
        .map(|k| rate(items, bits, f64::from(k)))
        .collect();
    fpr::best_whole_hashes(&rates).0
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::CHAPTERS;

    fn fact<'a>(facts: &'a [(&str, String)], key: &str) -> &'a str {
        facts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    }

    /// The right answer, given as the reader would give it.
    fn right_answer(exercise: &Exercise) -> Answer {
        match &exercise.kind {
            Kind::Choice { right, .. } => Answer::Choice(*right),
            Kind::Pick { right, .. } => Answer::Pick(right.clone()),
            Kind::Number { right, .. } => Answer::Number(right.round() as u64),
        }
    }

    #[test]
    fn every_round_marks_its_right_answer_right_and_another_wrong() {
        crate::strings::tests::install_all();
        for chapter in 1..=CHAPTERS {
            for round in 0..12 {
                let exercise = Exercise::new(chapter, round, Lang::English);
                let right = exercise.check(&right_answer(&exercise), Lang::English);
                assert!(right.right, "chapter {chapter} round {round}");
                let wrong = match &exercise.kind {
                    Kind::Choice { right, options } => Answer::Choice((right + 1) % options.len()),
                    Kind::Pick { right, .. } => Answer::Pick(right[1..].to_vec()),
                    Kind::Number {
                        right, tolerance, ..
                    } => Answer::Number((right + tolerance).floor() as u64 + 2),
                };
                assert!(
                    !exercise.check(&wrong, Lang::English).right,
                    "{chapter} {round}"
                );
                // Every blank the texts may use is there once checked.
                for blank in blanks(chapter) {
                    if *blank != "p_answer" || chapter == 5 {
                        fact(&right.facts, blank);
                    }
                }
            }
        }
    }

    #[test]
    fn rounds_differ_and_both_yes_and_no_come_up() {
        crate::strings::tests::install_all();
        for chapter in 1..=CHAPTERS {
            let first = Exercise::new(chapter, 0, Lang::English);
            let second = Exercise::new(chapter, 1, Lang::English);
            assert_ne!(first.facts, second.facts, "chapter {chapter}");
        }
        let answers: Vec<usize> = (0..6)
            .map(|round| match Exercise::new(4, round, Lang::English).kind {
                Kind::Choice { right, .. } => right,
                _ => unreachable!(),
            })
            .collect();
        assert!(answers.contains(&0) && answers.contains(&1), "{answers:?}");
    }

    #[test]
    fn chapter_answers_match_an_independent_computation() {
        crate::strings::tests::install_all();
        let english = |chapter, round| Exercise::new(chapter, round, Lang::English);
        // Chapter 1, round 0: 10⁶ items at 1 % need −10⁶·ln 0.01/(ln 2)² bits = 1.198 MB = 1.14 MiB.
        let one = english(1, 0);
        let bits = -1e6 * 0.01f64.ln() / (2f64.ln() * 2f64.ln());
        assert!((bits / 8.0 / 1_048_576.0 - 1.1427).abs() < 1e-3);
        assert_eq!(fact(&one.facts, "right"), "1.14 MiB");
        assert_eq!(fact(&one.facts, "set_size"), "61 MiB");
        // Chapter 3: g_i = (h1 + i·h2) mod m, written out with u64 arithmetic on the raw hashes.
        for round in 0..6 {
            let three = english(3, round);
            let word = fact(&three.facts, "word");
            let h1 = bloom_core::hashing::fnv1a_64(word.as_bytes());
            let h2 = u64::from(bloom_core::hashing::murmur3_x86_32(word.as_bytes(), 0));
            let i: u64 = fact(&three.facts, "i").parse().unwrap();
            let g = (h1 % 32 + i * (h2 % 32)) % 32;
            assert_eq!(fact(&three.facts, "right"), g.to_string());
            // The filter's own index agrees.
            let filter = BloomFilter::new(32, 3);
            assert_eq!(u64::from(filter.indexes(word)[i as usize]), g);
        }
        // Chapter 5: the best whole k by scanning k = 1 … 20 with the formula written out.
        for round in 0..5 {
            let five = english(5, round);
            let m: f64 = fact(&five.facts, "m").replace(',', "").parse().unwrap();
            let n: f64 = fact(&five.facts, "n").replace(',', "").parse().unwrap();
            let p = |k: f64| (1.0 - (-k * n / m).exp()).powf(k);
            let best = (1..=20)
                .map(f64::from)
                .fold(1.0, |b, k| if p(k) < p(b) { k } else { b });
            assert_eq!(fact(&five.facts, "right"), best.to_string());
        }
        // Chapter 6: n̂ = −(m/k)·ln(1 − X/m) from the bits shown.
        let six = english(6, 0);
        let x = six.pictures[0].bits.iter().filter(|bit| **bit).count() as f64;
        let estimate = -(64.0 / 3.0) * (1.0 - x / 64.0).ln();
        assert_eq!(fact(&six.facts, "right"), format!("{}", estimate.round()));
        // Chapter 7: removing the ghost by hand — count each position's probes, lower the ghost's —
        // denies exactly the word the key names.
        for round in 0..6 {
            let seven = english(7, round);
            let given: Vec<&str> = seven.given.iter().map(String::as_str).collect();
            let items: Vec<&str> = given[2].trim_start_matches("items=").split(',').collect();
            let ghost = given[3].trim_start_matches("ghost=");
            let mut counts = [0i32; 32];
            for word in &items {
                for index in bloom_core::hashing::bit_indexes(word, 32, 3) {
                    counts[index as usize] += 1;
                }
            }
            for index in bloom_core::hashing::bit_indexes(ghost, 32, 3) {
                counts[index as usize] -= 1;
            }
            let denied: Vec<&&str> = items
                .iter()
                .filter(|word| {
                    bloom_core::hashing::bit_indexes(word, 32, 3)
                        .iter()
                        .any(|index| counts[*index as usize] <= 0)
                })
                .collect();
            assert_eq!(denied.len(), 1, "round {round}");
            let Kind::Choice { options, right } = &seven.kind else {
                unreachable!()
            };
            assert_eq!(options[*right], format!("“{}”", denied[0]));
            assert_eq!(options.len(), 6);
        }
        // Chapter 8: LevelDB at 10 bits per key, k = 6: (1 − e^(−0.6))^6 = 0.00844.
        let eight = english(8, 0);
        assert_eq!(fact(&eight.facts, "right"), "0.844%");
        // Chapter 9: p₀/(1 − r), summed as a series by a loop.
        for round in 0..5 {
            let nine = english(9, round);
            let (p0, r): (f64, f64) = nth(
                &[
                    (0.01, 0.5),
                    (0.001, 0.9),
                    (0.005, 0.8),
                    (0.01, 0.75),
                    (0.002, 0.5),
                ],
                round,
            );
            let series: f64 = (0..2_000).map(|i| p0 * r.powi(i)).sum();
            assert_eq!(fact(&nine.facts, "right"), percent_compact(series));
        }
        // Chapter 10: the union's bits are those of a filter holding all four words.
        for round in 0..6 {
            let nine = english(10, round);
            let mut both = BloomFilter::new(16, 3);
            let words: Vec<&str> = other_words(round as usize * 4 + 11).take(4).collect();
            for word in &words {
                both.insert(word);
            }
            match &nine.kind {
                Kind::Pick { right, .. } => assert_eq!(*right, ones(&row(&both))),
                _ => unreachable!(),
            }
        }
    }

    #[test]
    fn the_insert_exercise_starts_from_the_walk_through_and_adds_the_words_bits() {
        crate::strings::tests::install_all();
        let two = Exercise::new(2, 0, Lang::English);
        let Kind::Pick { pressed, right, .. } = &two.kind else {
            unreachable!()
        };
        let walk = walk_through();
        assert_eq!(*pressed, ones(&row(walk.filter())));
        let word = fact(&two.facts, "word");
        for index in walk.filter().indexes(word) {
            assert!(right.contains(&index));
        }
        assert!(pressed.iter().all(|index| right.contains(index)));
    }

    #[test]
    fn an_estimate_within_one_of_the_rounded_estimate_counts() {
        crate::strings::tests::install_all();
        for round in 0..12 {
            let six = Exercise::new(6, round, Lang::English);
            let right: u64 = fact(&six.facts, "right").parse().unwrap();
            for answer in [right - 1, right, right + 1] {
                assert!(
                    six.check(&Answer::Number(answer), Lang::English).right,
                    "{round}: {answer} of {right}"
                );
            }
        }
    }

    #[test]
    fn numbers_are_read_as_typed() {
        assert_eq!(read_number("12"), Some(12));
        assert_eq!(read_number(" 1,000 "), Some(1000));
        assert_eq!(read_number("１２"), Some(12));
        for typed in [
            "",
            " ",
            "-3",
            "3.5",
            "1e3",
            "abc",
            "12abc",
            "<script>",
            "٣",
            ",5",
            "1234567890123",
        ] {
            assert_eq!(read_number(typed), None, "{typed}");
        }
    }

    #[test]
    fn wrong_kinds_and_wild_numbers_are_wrong_not_a_panic() {
        crate::strings::tests::install_all();
        for chapter in 1..=CHAPTERS {
            let exercise = Exercise::new(chapter, 3, Lang::Japanese);
            for answer in [
                Answer::Choice(99),
                Answer::Pick(vec![999, 3, 3]),
                Answer::Number(u64::MAX),
            ] {
                let _ = exercise.check(&answer, Lang::Japanese);
            }
        }
    }
}

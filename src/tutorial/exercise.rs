//! Predict-then-check exercises, one per chapter: the reader answers first, then the page checks and
//! explains the right answer with the reader's own numbers. Each exercise is drawn from a round
//! number, so "Try another" gives new values; round 0 is the one the page opens with (and prints).
//!
//! Three kinds of answer cover the twelve chapters: a choice among a few options (how big, how
//! likely, yes or no), a set of bits picked on a row of cells (what inserting sets, what a union
//! holds) and a whole number (which bit, which k, how many items). This module holds those kinds,
//! the check and the helpers the drawings share; each chapter's module draws its own exercise
//! beside the facts of its prose, and the tutorial's root picks the chapter's.

use super::{WALK_ITEMS, WALK_PARAMS};
use crate::strings::{Lang, Msg};
use bloom_core::filter::BloomFilter;
use bloom_core::small_sort::sort_distinct;
use bloom_core::words::WORDS;

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
#[derive(Debug, Clone)]
pub struct Exercise {
    /// The chapter, 1 … 12.
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
    pub(super) given: Vec<String>,
    /// A blank of the explanation that depends on the number the reader typed, if the chapter's
    /// explanation has one.
    pub(super) number_fact: Option<NumberFact>,
}

/// Works out, from the round and the number typed, a blank of the explanation (its name and value).
pub type NumberFact = fn(u32, u64) -> (&'static str, String);

/// The verdict on an answer, with every blank the explanation uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// Whether the answer is right.
    pub right: bool,
    /// The exercise's facts, with `{answer}` (and what depends on it) added.
    pub facts: Vec<(&'static str, String)>,
}

/// The `round`-th element of `list`, going round.
pub(super) fn nth<T: Copy>(list: &[T], round: u32) -> T {
    list[round as usize % list.len()]
}

impl Exercise {
    /// A round answered by picking one of three values, a tenth of `right`, `right` and ten times
    /// it, each written by `write` (the right one moves from round to round); `facts` gain the
    /// right value as `right`. No pictures, and no blank that depends on the answer.
    pub(super) fn three_way(
        (chapter, round): (u32, u32),
        write: &dyn Fn(f64) -> String,
        right: f64,
        mut facts: Vec<(&'static str, String)>,
        given: Vec<String>,
    ) -> Self {
        let values = [right / 10.0, right, right * 10.0];
        let shift = (round as usize * 2) % 3;
        let order = [shift, (shift + 1) % 3, (shift + 2) % 3];
        facts.push(("right", write(right)));
        Exercise {
            chapter,
            round,
            pictures: Vec::new(),
            kind: Kind::Choice {
                options: order.iter().map(|&i| write(values[i])).collect(),
                right: order.iter().position(|&i| i == 1).unwrap_or(0),
            },
            facts,
            given,
            number_fact: None,
        }
    }
}

/// The words of the word list that are not the walk-through's items, from the `from`-th on.
pub(super) fn other_words(from: usize) -> impl Iterator<Item = &'static str> {
    WORDS
        .iter()
        .copied()
        .filter(|word| !WALK_ITEMS.contains(word))
        .cycle()
        .skip(from % WORDS.len())
}

/// A filter's bits as a row.
pub(super) fn row(filter: &BloomFilter) -> Vec<bool> {
    (0..filter.bit_count())
        .map(|index| filter.bits().get(index))
        .collect()
}

/// The set bits of a row.
pub(super) fn ones(bits: &[bool]) -> Vec<u32> {
    (0u32..)
        .zip(bits)
        .filter(|(_, &set)| set)
        .map(|(index, _)| index)
        .collect()
}

/// Distinct, sorted indexes of `word` in `filter`.
pub(super) fn positions(filter: &BloomFilter, word: &str) -> Vec<u32> {
    let mut indexes = filter.indexes(word);
    sort_distinct(&mut indexes);
    indexes
}

/// What querying or inserting `word` meets in the walk-through's filter: the filter's row as it
/// is, the word's distinct positions and those among them already set.
pub(super) struct Probe {
    pub row: Vec<bool>,
    pub positions: Vec<u32>,
    pub already: Vec<u32>,
}

impl Probe {
    /// `word`'s probe of `filter`.
    pub(super) fn of(filter: &BloomFilter, word: &str) -> Self {
        let row = row(filter);
        let positions = positions(filter, word);
        let already = positions
            .iter()
            .copied()
            .filter(|&index| row[index as usize])
            .collect();
        Self {
            row,
            positions,
            already,
        }
    }

    /// The facts every walk-through round states: the word, m, k and the word's positions.
    pub(super) fn facts(&self, lang: Lang, word: &str) -> Vec<(&'static str, String)> {
        let (bits, hashes) = WALK_PARAMS;
        vec![
            ("word", word.to_owned()),
            ("m", bits.to_string()),
            ("k", hashes.to_string()),
            ("positions", bit_list(lang, &self.positions)),
        ]
    }
}

/// A list of bit indexes as the texts write it ("none" for none).
pub(super) fn bit_list(lang: Lang, indexes: &[u32]) -> String {
    if indexes.is_empty() {
        lang.text(Msg::ExerciseNone).to_owned()
    } else {
        lang.list(indexes)
    }
}

impl Exercise {
    /// What the round gives the reader to work from, as `name=value` pairs separated by spaces
    /// (`word=kiwi m=32 i=2`): the inputs, never the answer, so a test can work the answer out on
    /// its own.
    pub fn given(&self) -> String {
        self.given.join(" ")
    }

    /// The right answer, as the reader would give it (and the answer key states it).
    pub fn right_answer(&self) -> Answer {
        match &self.kind {
            Kind::Choice { right, .. } => Answer::Choice(*right),
            Kind::Pick { right, .. } => Answer::Pick(right.clone()),
            Kind::Number { right, .. } => Answer::Number(right.round() as u64),
        }
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
                if let Some(number_fact) = self.number_fact {
                    facts.push(number_fact(self.round, *number));
                }
                (*number as f64 - right).abs() <= *tolerance
            }
            _ => false,
        };
        Checked { right, facts }
    }
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

/// The fact named `key` among `facts`, for the tests' checks.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(super) fn fact_of<'a>(facts: &'a [(&str, String)], key: &str) -> &'a str {
    facts
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {key}"))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::{exercise_blanks, exercise_round, CHAPTERS};

    #[test]
    fn every_round_marks_its_right_answer_right_and_another_wrong() {
        crate::strings::tests::install_all();
        for chapter in 1..=CHAPTERS {
            for round in 0..12 {
                let exercise = exercise_round(chapter, round, Lang::English);
                assert_eq!(exercise.chapter, chapter);
                let right = exercise.check(&exercise.right_answer(), Lang::English);
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
                for blank in exercise_blanks(chapter) {
                    fact_of(&right.facts, blank);
                }
            }
        }
    }

    #[test]
    fn rounds_differ() {
        crate::strings::tests::install_all();
        for chapter in 1..=CHAPTERS {
            let first = exercise_round(chapter, 0, Lang::English);
            let second = exercise_round(chapter, 1, Lang::English);
            assert_ne!(first.facts, second.facts, "chapter {chapter}");
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
            let exercise = exercise_round(chapter, 3, Lang::Japanese);
            let facts = exercise.facts.len();
            for answer in [
                Answer::Choice(99),
                Answer::Pick(vec![999, 3, 3]),
                Answer::Number(u64::MAX),
            ] {
                let checked = exercise.check(&answer, Lang::Japanese);
                assert!(!checked.right, "chapter {chapter}: {answer:?}");
                // An answer of the exercise's own kind is written into the explanation (a choice
                // out of range as nothing); one of another kind adds nothing.
                let own_kind = matches!(
                    (&exercise.kind, &answer),
                    (Kind::Choice { .. }, Answer::Choice(_))
                        | (Kind::Pick { .. }, Answer::Pick(_))
                        | (Kind::Number { .. }, Answer::Number(_))
                );
                if own_kind {
                    let written = fact_of(&checked.facts, "answer");
                    match answer {
                        Answer::Choice(_) => assert_eq!(written, ""),
                        Answer::Pick(_) => assert!(written.contains("999"), "{written}"),
                        Answer::Number(_) => assert!(written.contains("18"), "{written}"),
                    }
                } else {
                    assert_eq!(checked.facts, exercise.facts, "chapter {chapter}");
                }
                assert!(checked.facts.len() >= facts);
            }
        }
    }
}

//! Chapter 2: how it works — m bits, k hash functions, insert and query, and the three answers a
//! query can get. Everything is shown on the walk-through filter (m = 16, k = 3, three items), whose
//! bits, verdicts and the items behind each set bit the facts read from the core, so the prose names
//! exactly what the widget shows.

use super::exercise::{bit_list, ones, other_words, positions, row, Exercise, Kind, Probe};
use super::Block::{self, Widget as W, H, P};
use super::{repeat_word, walk_through, Widget, WALK_ITEMS, WALK_PARAMS};
use crate::format::{one_in, significant};
use crate::strings::Lang;
use bloom_core::fpr;
use bloom_core::playground::{Playground, Verdict};
use bloom_core::small_sort::sort_distinct;
use bloom_core::words::WORDS;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    H("h1"),
    P("p1"),
    H("h2"),
    P("p2"),
    W(Widget::WalkThrough),
    P("p3"),
    H("h3"),
    P("p4"),
    P("p5"),
    P("p6"),
    P("p7"),
    P("p8"),
    Block::Exercise,
    H("h4"),
    P("p9"),
    P("p10"),
    P("p11"),
];

/// `item`'s k indexes in the walk-through, ascending, each once.
fn sorted_indexes(walk: &Playground, item: &str) -> Vec<u32> {
    let mut indexes = walk.filter().indexes(item);
    sort_distinct(&mut indexes);
    indexes
}

/// The inserted items whose probes set any of `bits`, in insertion order, each once.
fn setters(walk: &Playground, bits: &[u32]) -> Vec<String> {
    let mut positions: Vec<u32> = bits
        .iter()
        .flat_map(|&bit| walk.setters_of(bit).iter().copied())
        .collect();
    sort_distinct(&mut positions);
    positions
        .into_iter()
        .map(|position| walk.items()[position as usize].text.clone())
        .collect()
}

/// The first word of the word list, never inserted, whose k indexes differ and whose query gets
/// `wanted` (so the example probes k different bits, as the item examples do).
fn example_word(walk: &Playground, wanted: fn(&Verdict) -> bool) -> &'static str {
    let hashes = WALK_PARAMS.1 as usize;
    WORDS
        .iter()
        .copied()
        .filter(|word| !WALK_ITEMS.contains(word))
        .filter(|word| sorted_indexes(walk, word).len() == hashes)
        .find(|word| wanted(&walk.query(word)))
        .unwrap_or("—")
}

/// An absent word with one 0 bit among k set ones: the clearest proof that one 0 is enough.
fn absent_word(walk: &Playground) -> &'static str {
    example_word(
        walk,
        |verdict| matches!(verdict, Verdict::Absent { zero_bits } if zero_bits.len() == 1),
    )
}

/// The guided sequence of the three answers a query can get, in the order the prose takes them: an
/// inserted item (present), a word with a 0 bit (definitely absent), a word whose bits other items
/// set (a false positive).
pub fn tour() -> [&'static str; 3] {
    let walk = walk_through();
    [
        WALK_ITEMS[0],
        absent_word(&walk),
        example_word(&walk, |verdict| *verdict == Verdict::FalsePositive),
    ]
}

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let walk = walk_through();
    let (bits, hashes) = WALK_PARAMS;
    let list = |numbers: &[u32]| lang.list(numbers);
    let names = |items: Vec<String>| lang.quoted_words(&items);
    let [first, second, third] = WALK_ITEMS;
    let absent = absent_word(&walk);
    let absent_bits = sorted_indexes(&walk, absent);
    let (absent_zero, absent_set): (Vec<u32>, Vec<u32>) = absent_bits
        .iter()
        .copied()
        .partition(|&bit| !walk.filter().bits().get(bit));
    let fp = example_word(&walk, |verdict| *verdict == Verdict::FalsePositive);
    let fp_bits = sorted_indexes(&walk, fp);
    // Bits more than one item set: the array keeps one 1 for all of them.
    let shared: Vec<u32> = (0..bits)
        .filter(|&bit| setters(&walk, &[bit]).len() > 1)
        .collect();
    let shared_by = shared
        .first()
        .map_or_else(Vec::new, |&bit| setters(&walk, &[bit]));
    let set_bits = walk.stats().set_bits;
    let (repeat, repeat_bit) = repeat_word();
    vec![
        ("walk_m", bits.to_string()),
        ("walk_k", hashes.to_string()),
        ("walk_n", lang.count(WALK_ITEMS.len() as u64)),
        ("walk_items", lang.quoted_words(&WALK_ITEMS)),
        ("walk_first", first.to_string()),
        ("walk_second", second.to_string()),
        ("walk_third", third.to_string()),
        ("first_bits", list(&sorted_indexes(&walk, first))),
        ("second_bits", list(&sorted_indexes(&walk, second))),
        ("third_bits", list(&sorted_indexes(&walk, third))),
        (
            "walk_probes",
            lang.count(WALK_ITEMS.len() as u64 * u64::from(hashes)),
        ),
        ("walk_ones", set_bits.to_string()),
        ("shared_bit", list(&shared)),
        ("shared_by", names(shared_by.clone())),
        // Deleting the later of two items that share a bit takes it from the earlier one.
        ("delete_word", shared_by.last().cloned().unwrap_or_default()),
        (
            "delete_bits",
            shared_by
                .last()
                .map(|item| list(&sorted_indexes(&walk, item)))
                .unwrap_or_default(),
        ),
        (
            "delete_victim",
            shared_by.first().cloned().unwrap_or_default(),
        ),
        ("walk_fill", significant(walk.stats().fill_ratio())),
        (
            "fp_one_in",
            one_in(fpr::from_fill(set_bits, bits, hashes)).unwrap_or_default(),
        ),
        // A word whose k indexes all land on one bit (its second hash is a multiple of m).
        ("repeat_word", repeat.to_string()),
        ("repeat_bit", repeat_bit.to_string()),
        ("absent_word", absent.to_string()),
        ("absent_bits", list(&absent_bits)),
        ("absent_zero", list(&absent_zero)),
        ("absent_set", list(&absent_set)),
        ("absent_set_by", names(setters(&walk, &absent_set))),
        ("fp_word", fp.to_string()),
        ("fp_bits", list(&fp_bits)),
        ("fp_set_by", names(setters(&walk, &fp_bits))),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &[
    "word",
    "m",
    "k",
    "positions",
    "already",
    "ones",
    "right",
    "answer",
];

/// Round `round` of the chapter's exercise, its numbers written in `lang`: the bits of the
/// walk-through's filter once one more word goes in.
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    let (bits, hashes) = WALK_PARAMS;
    let walk = walk_through();
    let filter = walk.filter();
    // A word with k different positions, so the row shows k marks.
    let word = other_words(round as usize * 3)
        .take(WORDS.len())
        .find(|word| positions(filter, word).len() == hashes as usize)
        .unwrap_or("kiwi");
    let probe = Probe::of(filter, word);
    let mut after = filter.clone();
    after.insert(word);
    let right = ones(&row(&after));
    let mut facts = probe.facts(lang, word);
    facts.extend([
        ("already", bit_list(lang, &probe.already)),
        ("ones", right.len().to_string()),
        ("right", bit_list(lang, &right)),
    ]);
    Exercise {
        chapter: 2,
        round,
        pictures: Vec::new(),
        facts,
        kind: Kind::Pick {
            bits,
            pressed: ones(&probe.row),
            right,
        },
        given: vec![format!("word={word}")],
        number_fact: None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;
    use bloom_core::playground::Verdict;

    fn fact_in(lang: Lang, key: &str) -> String {
        crate::strings::tests::install_all();
        checks::fact(facts, lang, key)
    }

    fn fact(key: &str) -> String {
        fact_in(Lang::English, key)
    }

    fn numbers(text: &str) -> Vec<u32> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|piece| !piece.is_empty())
            .map(|piece| piece.parse().unwrap())
            .collect()
    }

    /// The walk-through's bits rebuilt by hand: every probe of every item sets its bit.
    fn bits_by_hand() -> Vec<bool> {
        let (bits, hashes) = WALK_PARAMS;
        let walk = walk_through();
        let mut array = vec![false; bits as usize];
        for item in WALK_ITEMS {
            let indexes = walk.filter().indexes(item);
            assert_eq!(indexes.len() as u32, hashes);
            for index in indexes {
                array[index as usize] = true;
            }
        }
        array
    }

    #[test]
    fn the_walk_through_has_all_three_verdicts() {
        let walk = walk_through();
        assert!(matches!(
            walk.query(&fact("absent_word")),
            Verdict::Absent { .. }
        ));
        assert_eq!(walk.query(&fact("fp_word")), Verdict::FalsePositive);
        assert_eq!(walk.query(&fact("walk_first")), Verdict::Present);
        // The example shows k marks per item; the repeat is named, not shown.
        for item in WALK_ITEMS {
            let mut indexes = walk.filter().indexes(item);
            bloom_core::small_sort::sort_distinct(&mut indexes);
            assert_eq!(indexes.len() as u32, WALK_PARAMS.1, "{item}");
        }
        let repeat = walk.filter().indexes(&fact("repeat_word"));
        assert!(repeat
            .iter()
            .all(|&index| index.to_string() == fact("repeat_bit")));
    }

    #[test]
    fn the_inserts_the_text_walks_through() {
        let by_hand = bits_by_hand();
        let walk = walk_through();
        let ones = by_hand.iter().filter(|&&bit| bit).count();
        assert_eq!(fact("walk_ones"), ones.to_string());
        assert_eq!(ones as u32, walk.filter().bits().count_ones());
        assert_eq!(fact("walk_probes"), "9", "3 items × k = 3");
        // The values the prose names (the widget's own hashes, FNV-1a double hashing).
        checks::assert_facts(
            facts,
            Lang::English,
            &[
                ("first_bits", "7, 10 and 13"),
                ("second_bits", "2, 8 and 12"),
                ("third_bits", "5, 7 and 14"),
            ],
        );
        assert_eq!(fact_in(Lang::Chinese, "first_bits"), "7、10 和 13");
        assert_eq!(fact_in(Lang::Japanese, "first_bits"), "7、10、13");
        // 3 · 3 probes on 8 bits: exactly one bit was hit twice, by the first and third item.
        checks::assert_facts(
            facts,
            Lang::English,
            &[("shared_bit", "7"), ("shared_by", "“pear” and “mango”")],
        );
        let hits = |bit: u32| {
            WALK_ITEMS
                .iter()
                .filter(|item| walk.filter().indexes(item).contains(&bit))
                .count()
        };
        let shared: Vec<u32> = (0..WALK_PARAMS.0).filter(|&bit| hits(bit) > 1).collect();
        assert_eq!(shared, numbers(&fact("shared_bit")));
        // Clearing the deleted item's bits by hand leaves its partner with a 0: a false negative.
        let mut cleared = by_hand.clone();
        for index in walk.filter().indexes(&fact("delete_word")) {
            cleared[index as usize] = false;
        }
        assert_eq!(numbers(&fact("delete_bits")), numbers(&fact("third_bits")));
        assert!(walk
            .filter()
            .indexes(&fact("delete_victim"))
            .iter()
            .any(|&index| !cleared[index as usize]));
    }

    #[test]
    fn the_absent_word_has_one_zero_bit_and_the_false_positive_none() {
        let by_hand = bits_by_hand();
        let walk = walk_through();
        let absent = fact("absent_word");
        let probes = walk.filter().indexes(&absent);
        let zeros: Vec<u32> = probes
            .iter()
            .copied()
            .filter(|&index| !by_hand[index as usize])
            .collect();
        assert_eq!(zeros, numbers(&fact("absent_zero")));
        assert_eq!(zeros.len(), 1, "the text says “bit …”, one bit");
        let ones = numbers(&fact("absent_set"));
        assert_eq!(ones.len(), 2, "the text says “bits … are 1”");
        assert!(ones.iter().all(|&index| by_hand[index as usize]));
        assert_eq!(
            (absent.as_str(), fact("absent_set_by").as_str()),
            ("olive", "“cherry”")
        );
        let fp = fact("fp_word");
        let fp_bits = numbers(&fact("fp_bits"));
        assert_eq!(fp_bits.len() as u32, WALK_PARAMS.1);
        assert!(fp_bits.iter().all(|&index| by_hand[index as usize]));
        assert!(walk
            .filter()
            .indexes(&fp)
            .iter()
            .all(|index| fp_bits.contains(index)));
        // Every bit of the false positive belongs to an item the text names.
        let named = fact("fp_set_by");
        for index in fp_bits {
            assert!(WALK_ITEMS
                .iter()
                .any(|item| named.contains(item) && walk.filter().indexes(item).contains(&index)));
        }
        assert_eq!(
            (fp.as_str(), named.as_str()),
            ("melon", "“cherry” and “mango”")
        );
        // Half the bits set, three probes: (1/2)³ = 1/8.
        assert_eq!(fact("walk_fill"), "0.5");
        let chance = (0..3).fold(1.0, |product, _| product * 8.0 / 16.0);
        assert_eq!(fact("fp_one_in"), (1.0 / chance).to_string());
    }

    #[test]
    fn the_insert_exercise_starts_from_the_walk_through_and_adds_the_words_bits() {
        crate::strings::tests::install_all();
        let two = exercise(0, Lang::English);
        let Kind::Pick { pressed, right, .. } = &two.kind else {
            unreachable!()
        };
        let walk = walk_through();
        assert_eq!(*pressed, ones(&row(walk.filter())));
        let word = fact_of(&two.facts, "word");
        for index in walk.filter().indexes(word) {
            assert!(right.contains(&index));
        }
        assert!(pressed.iter().all(|index| right.contains(index)));
    }
}

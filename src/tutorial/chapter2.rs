//! Chapter 2: how it works — m bits, k hash functions, insert and query, and the three answers a query can get.

use super::Block::{self, Widget as W, P};
use super::{repeat_word, walk_through, Widget, WALK_ITEMS, WALK_PARAMS};
use crate::bloom::playground::Verdict;
use crate::bloom::words::WORDS;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), P("p2"), W(Widget::WalkThrough)];

/// Every number the chapter's prose uses, written in `lang`.
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
    ]
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::bloom::playground::Verdict;

    fn fact(key: &str) -> String {
        facts(Lang::English)
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap()
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
            crate::bloom::small_sort::sort_distinct(&mut indexes);
            assert_eq!(indexes.len() as u32, WALK_PARAMS.1, "{item}");
        }
        let repeat = walk.filter().indexes(&fact("repeat_word"));
        assert!(repeat
            .iter()
            .all(|&index| index.to_string() == fact("repeat_bit")));
    }
}

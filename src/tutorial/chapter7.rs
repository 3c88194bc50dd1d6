//! Chapter 7: filters that count. A bit cannot be cleared, because other items may have set it too;
//! a counting filter (Fan et al., 2000) keeps a small counter instead, so an item can be removed —
//! but only an item that really went in: removing a false positive lowers other items' counters and
//! can leave one of them denied, a false negative. Counters of c bits stick at 2^c − 1, rarely with
//! four bits. The count-min sketch (Cormode and Muthukrishnan, 2005) counts how often instead.
//!
//! Every example is found by the code, with the playground's own hashing (m = 32, k = 3): a word that
//! shares a bit with another, a never-inserted word whose removal denies real ones.

use super::exercise::{bit_list, Exercise, Kind};
use super::formulas::chapter7 as math;
use super::Block::{self, Derivation, Math, Widget as W, H, P};
use super::{Step, Widget};
use crate::format::{grouped, percent_compact, significant};
use crate::share::counting::{to_query, CountingLink};
use crate::strings::Lang;
use crate::strings::Msg;
use bloom_core::count_min::CountMinParams;
use bloom_core::counting::counters_of;
use bloom_core::counting::{denied_by_removing, CountingFilter, CountingParams};
use bloom_core::fpr;
use bloom_core::overflow::{expected_largest, fan_bound_per_counter, some_counter_reaches};
use bloom_core::params::FilterParams;
use bloom_core::words::WORDS;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    H("h1"),
    P("p1"),
    P("p2"),
    W(Widget::Counting),
    H("h2"),
    P("p3"),
    Math(math::UPDATE),
    P("p4"),
    H("h3"),
    P("p5"),
    P("p6"),
    H("h4"),
    P("p7"),
    Derivation(&[
        Step {
            math: math::BINOMIAL,
            why: "why_binomial",
        },
        Step {
            math: math::STIRLING,
            why: "why_stirling",
        },
        Step {
            math: math::OPTIMAL,
            why: "why_optimal",
        },
        Step {
            math: math::UNION,
            why: "why_union",
        },
    ]),
    P("p8"),
    H("h5"),
    P("p9"),
    Math(math::COUNT_MIN),
    P("p10"),
    W(Widget::CountMin),
    Block::Exercise,
];

/// m, k and c of the chapter's examples and of its counting widget: the playground's m and k, and
/// Fan et al.'s four bits.
pub const PARAMS: CountingParams = CountingParams {
    filter: FilterParams {
        bits: 32,
        hashes: 3,
        scheme: bloom_core::hashing::HashScheme::DoubleHashing,
    },
    counter_bits: 4,
};
/// Items in the overflow example: m/n·ln 2 = 2.77, so k = 3 is about the best k.
const OVERFLOW_ITEMS: u64 = 8;
/// The count-min example's ε and δ.
const EPSILON: f64 = 0.01;
const DELTA: f64 = 0.01;

/// A filter of `PARAMS` holding `words`.
pub fn filter_of(words: &[&str]) -> CountingFilter {
    let mut filter = CountingFilter::new(PARAMS);
    for word in words {
        // Words from the list are never blank or long.
        let _ = filter.insert(word);
    }
    filter
}

/// The first three consecutive words of the list in which the first shares a position with one of
/// the others: (the three, the shared position, the word sharing it).
fn clearing_example() -> ([&'static str; 3], u32, &'static str) {
    for window in WORDS.windows(3) {
        let filter = filter_of(window);
        let first = filter.indexes(window[0]);
        for other in &window[1..] {
            if let Some(shared) = filter
                .indexes(other)
                .into_iter()
                .find(|index| first.contains(index))
            {
                return ([window[0], window[1], window[2]], shared, other);
            }
        }
    }
    unreachable!("the word list has overlapping words at m = 32")
}

/// The deletion hazard's example: five consecutive words of the list and a never-inserted word that
/// the filter wrongly reports, whose forced removal denies at least one of the five — the first such
/// in list order from word `start`. Returns (the five, the ghost, the victims).
pub fn hazard(start: usize) -> ([&'static str; 5], &'static str, Vec<&'static str>) {
    for offset in 0..WORDS.len() {
        let from = (start + offset) % (WORDS.len() - 5);
        let five = [
            WORDS[from],
            WORDS[from + 1],
            WORDS[from + 2],
            WORDS[from + 3],
            WORDS[from + 4],
        ];
        for ghost in WORDS {
            if five.contains(ghost) {
                continue;
            }
            if let Some(denied) = denied_by_removing(PARAMS, &five, ghost) {
                if !denied.is_empty() {
                    return (five, ghost, denied.into_iter().map(|i| five[i]).collect());
                }
            }
        }
    }
    unreachable!("some five words of the list have a harmful false positive at m = 32")
}

/// The counting widget's first state: the hazard example's five words, ready for the reader to
/// remove the ghost, and the first of them whose k counters are k different ones queried (its
/// answer on screen, the word in the field), ready to remove or to step through.
pub fn widget_preset() -> String {
    let (five, _, _) = hazard(0);
    let filter = filter_of(&five);
    let queried = five
        .iter()
        .find(|word| {
            let probes = filter.indexes(word);
            probes
                .iter()
                .enumerate()
                .all(|(at, index)| !probes[..at].contains(index))
        })
        .unwrap_or(&five[0]);
    to_query(&CountingLink {
        params: PARAMS,
        operations: five
            .iter()
            .map(|word| bloom_core::counting::Operation::Insert((*word).to_owned()))
            .collect(),
        query: Some((*queried).to_owned()),
        ..CountingLink::default()
    })
}

/// Every number the chapter's prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let words = |words: &[&str]| lang.quoted_words(words);
    let FilterParams { bits, hashes, .. } = PARAMS.filter;
    let (three, shared_bit, shared_with) = clearing_example();
    let clear_bits = {
        let mut distinct: Vec<u32> = Vec::new();
        for index in filter_of(&three).indexes(three[0]) {
            if !distinct.contains(&index) {
                distinct.push(index);
            }
        }
        distinct
    };
    let (five, ghost, victims) = hazard(0);
    let ghost_counters: Vec<String> = {
        let filter = filter_of(&five);
        filter
            .indexes(ghost)
            .iter()
            .map(|&index| {
                let value = filter.counters()[index as usize].to_string();
                lang.labelled(&index.to_string(), &value)
            })
            .collect()
    };
    let n = five.len() as u64;
    let memory = PARAMS.memory_bits() as u32;
    let mut facts = vec![
        ("m", bits.to_string()),
        ("k", hashes.to_string()),
        ("c", PARAMS.counter_bits.to_string()),
        ("n", n.to_string()),
        ("clear_items", words(&three)),
        ("clear_word", lang.quote(three[0])),
        ("clear_bits", lang.list(&clear_bits)),
        ("shared_bit", shared_bit.to_string()),
        ("shared_with", lang.quote(shared_with)),
        ("memory_bits", grouped(u64::from(memory))),
        (
            "fpr_same_m",
            percent_compact(fpr::approximate(bits, hashes, n)),
        ),
        (
            "fpr_same_memory",
            percent_compact(fpr::approximate(memory, hashes, n)),
        ),
        ("five_words", words(&five)),
        ("ghost", lang.quote(ghost)),
        (
            "ghost_counters",
            ghost_counters.join(lang.text(crate::strings::Msg::ListSeparator)),
        ),
        ("victims", words(&victims)),
    ];
    facts.extend(overflow_facts());
    facts
}

/// The numbers of the overflow and count-min sections: how high a counter climbs, how likely one
/// sticks, and a sketch's shape from ε and δ.
fn overflow_facts() -> Vec<(&'static str, String)> {
    let FilterParams { bits, hashes, .. } = PARAMS.filter;
    let max = u32::from(PARAMS.max_count());
    let two = CountingParams {
        counter_bits: 2,
        ..PARAMS
    };
    let increments = OVERFLOW_ITEMS * u64::from(hashes);
    let shape = CountMinParams::from_error(EPSILON, DELTA).unwrap_or_default();
    vec![
        ("max_count", max.to_string()),
        ("max_count_2", two.max_count().to_string()),
        ("bound_per_counter", significant(fan_bound_per_counter(max))),
        ("ov_m", bits.to_string()),
        ("ov_k", hashes.to_string()),
        ("ov_n", OVERFLOW_ITEMS.to_string()),
        (
            "expected_max",
            significant(expected_largest(increments, bits, max).value),
        ),
        (
            "stick_4",
            significant(some_counter_reaches(increments, bits, max).value),
        ),
        (
            "stick_2",
            percent_compact(
                some_counter_reaches(increments, bits, u32::from(two.max_count())).value,
            ),
        ),
        ("eps", significant(EPSILON)),
        ("delta", significant(DELTA)),
        ("cms_w", grouped(u64::from(shape.width))),
        ("cms_d", shape.depth.to_string()),
        (
            "cms_counters",
            grouped(u64::from(shape.width) * u64::from(shape.depth)),
        ),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &[
    "items",
    "ghost",
    "m",
    "k",
    "ghost_counters",
    "zeroed",
    "right",
    "answer",
];

/// Round `round` of the chapter's exercise, its words written in `lang`: which of five words a
/// forced removal of a false positive leaves denied (or none of them).
pub fn exercise(round: u32, lang: Lang) -> Exercise {
    // The first harmful false positive from a starting word that round picks, among those whose
    // removal denies exactly one of the five: one right option.
    let (five, ghost, victim) = (0..WORDS.len())
        .map(|offset| hazard(round as usize * 13 + 2 + offset))
        .find(|(_, _, victims)| victims.len() == 1)
        .map(|(five, ghost, victims)| (five, ghost, victims[0]))
        .unwrap_or_else(|| unreachable!("the word list has such a five"));
    let FilterParams {
        bits,
        hashes,
        scheme,
    } = PARAMS.filter;
    let counters = counters_of(PARAMS, &five);
    let ghost_indexes = scheme.indexes(ghost, bits, hashes);
    let ghost_counters: Vec<String> = ghost_indexes
        .iter()
        .map(|&index| lang.labelled(&index.to_string(), &counters[index as usize].to_string()))
        .collect();
    let quoted: Vec<String> = five.iter().map(|word| lang.quote(word)).collect();
    // Each option names the counters its item has, so the question can be answered by reading:
    // “lemon”: 4, 12, 20.
    let options: Vec<String> = five
        .iter()
        .zip(&quoted)
        .map(|(word, quoted)| {
            // In order, each once: the counters it probes, read off the m positions.
            let probed = scheme.indexes(word, bits, hashes);
            let written: Vec<String> = (0..bits)
                .filter(|index| probed.contains(index))
                .map(|index| index.to_string())
                .collect();
            lang.labelled(quoted, &written.join(lang.text(Msg::ListSeparator)))
        })
        .collect();
    let facts = vec![
        ("items", lang.list_words(&quoted)),
        ("ghost", lang.quote(ghost)),
        ("m", bits.to_string()),
        ("k", hashes.to_string()),
        (
            "ghost_counters",
            ghost_counters.join(lang.text(Msg::ListSeparator)),
        ),
        ("zeroed", bit_list(lang, &zeroed(&ghost_indexes, &counters))),
        ("right", lang.quote(victim)),
    ];
    let mut options = options;
    options.push(lang.text(Msg::ExerciseNoneOfThem).to_owned());
    Exercise {
        chapter: 7,
        round,
        pictures: Vec::new(),
        kind: Kind::Choice {
            right: five.iter().position(|word| *word == victim).unwrap_or(5),
            options,
        },
        facts,
        given: vec![
            format!("m={bits}"),
            format!("k={hashes}"),
            format!("items={}", five.join(",")),
            format!("ghost={ghost}"),
        ],
        number_fact: None,
    }
}

/// The counters that removing an item of `indexes` takes to 0: a counter of 1 that it probes once
/// (of 2 that it probes twice, and so on), each once, in probe order.
fn zeroed(indexes: &[u32], counters: &[u8]) -> Vec<u32> {
    let mut zeroed: Vec<u32> = Vec::new();
    for &index in indexes {
        let probes = indexes.iter().filter(|&&i| i == index).count();
        if usize::from(counters[index as usize]) <= probes && !zeroed.contains(&index) {
            zeroed.push(index);
        }
    }
    zeroed
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;

    fn fact(key: &str) -> String {
        crate::strings::tests::install_all();
        checks::fact(facts, Lang::English, key)
    }

    #[test]
    fn the_widget_opens_on_a_word_of_its_five_whose_counters_are_all_different() {
        let link = crate::share::counting::from_query(&widget_preset()).0;
        let (five, _, _) = hazard(0);
        let word = link.query.expect("a word queried");
        assert!(five.contains(&word.as_str()), "{word}");
        let probes = filter_of(&five).indexes(&word);
        let mut distinct = probes.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), probes.len(), "{word}: {probes:?}");
        assert_eq!(link.operations.len(), 5);
    }

    /// Removing `ghost` by hand from a 32-counter filter (k = 3) of `members`: count each
    /// position's probes, lower the ghost's, and list the members left with a counter at 0.
    fn denied_by_hand<'a>(members: &[&'a str], ghost: &str) -> Vec<&'a str> {
        let mut counts = [0i32; 32];
        for word in members {
            for index in bloom_core::hashing::bit_indexes(word, 32, 3) {
                counts[index as usize] += 1;
            }
        }
        for index in bloom_core::hashing::bit_indexes(ghost, 32, 3) {
            counts[index as usize] -= 1;
        }
        members
            .iter()
            .copied()
            .filter(|word| {
                bloom_core::hashing::bit_indexes(word, 32, 3)
                    .iter()
                    .any(|index| counts[*index as usize] <= 0)
            })
            .collect()
    }

    #[test]
    fn clearing_the_first_words_bits_would_clear_a_bit_another_word_set() {
        let (three, shared, other) = clearing_example();
        let first = bloom_core::hashing::bit_indexes(three[0], 32, 3);
        let second = bloom_core::hashing::bit_indexes(other, 32, 3);
        assert!(first.contains(&shared) && second.contains(&shared));
        assert_eq!(fact("shared_bit"), shared.to_string());
    }

    #[test]
    fn the_hazard_is_a_real_false_positive_whose_removal_denies_the_victims() {
        let (five, ghost, victims) = hazard(0);
        // A plain filter of the five says "maybe" for the ghost.
        let mut plain = bloom_core::filter::BloomFilter::new(32, 3);
        for word in five {
            plain.insert(word);
        }
        assert!(plain.contains(ghost) && !five.contains(&ghost));
        assert_eq!(victims, denied_by_hand(&five, ghost));
        assert!(widget_preset().starts_with("m=32&k=3&scheme=double&c=4&add="));
    }

    #[test]
    fn memory_and_rates_match_the_formula() {
        assert_eq!(fact("memory_bits"), "128");
        // (1 − e^(−15/32))³ = 0.0444 and (1 − e^(−15/128))³ = 0.00122, by a loop.
        let rate = |m: f64| (0..3).fold(1.0, |p, _| p * (1.0 - (-15.0 / m).exp()));
        assert_eq!(
            fact("fpr_same_m"),
            format!("{}%", significant(rate(32.0) * 100.0))
        );
        assert_eq!(
            fact("fpr_same_memory"),
            format!("{}%", significant(rate(128.0) * 100.0))
        );
    }

    #[test]
    fn overflow_figures_are_the_exact_chances() {
        checks::assert_facts(
            facts,
            Lang::English,
            &[("max_count", "15"), ("max_count_2", "3")],
        );
        // (e·ln 2/15)^15, by logarithms.
        let log = 15.0 * (1.0 + std::f64::consts::LN_2.ln() - 15f64.ln());
        assert_eq!(fact("bound_per_counter"), significant(log.exp()));
        // 24 increments on 32 counters: the chance that some counter gets 3 or more, by simulation.
        let mut rng = bloom_core::words::SplitMix64::new(9);
        let trials = 200_000;
        let hits = (0..trials)
            .filter(|_| {
                let mut loads = [0u8; 32];
                for _ in 0..24 {
                    loads[rng.below(32) as usize] += 1;
                }
                loads.iter().any(|load| *load >= 3)
            })
            .count();
        let simulated = hits as f64 / f64::from(trials);
        let exact = some_counter_reaches(24, 32, 3).value;
        assert!((simulated - exact).abs() < 0.005, "{simulated} vs {exact}");
        assert_eq!(fact("stick_2"), percent_compact(exact));
    }

    #[test]
    fn the_count_min_example_is_e_over_epsilon_by_ln_one_over_delta() {
        checks::assert_facts(
            facts,
            Lang::English,
            &[("cms_w", "272"), ("cms_d", "5"), ("cms_counters", "1,360")],
        );
    }

    #[test]
    fn the_exercise_victim_is_the_one_word_a_removal_by_hand_denies() {
        crate::strings::tests::install_all();
        // Removing the ghost by hand — count each position's probes, lower the ghost's — denies
        // exactly the word the key names.
        for round in 0..6 {
            let seven = exercise(round, Lang::English);
            let given: Vec<&str> = seven.given.iter().map(String::as_str).collect();
            let items: Vec<&str> = given[2].trim_start_matches("items=").split(',').collect();
            let ghost = given[3].trim_start_matches("ghost=");
            let denied = denied_by_hand(&items, ghost);
            assert_eq!(denied.len(), 1, "round {round}");
            let Kind::Choice { options, right } = &seven.kind else {
                unreachable!()
            };
            // Each option is its word with the counters it has, in order, each once.
            for (option, word) in options.iter().zip(&items) {
                let mut positions = bloom_core::hashing::bit_indexes(word, 32, 3);
                positions.sort_unstable();
                positions.dedup();
                let written: Vec<String> = positions.iter().map(u32::to_string).collect();
                assert_eq!(*option, format!("“{word}”: {}", written.join(", ")));
            }
            assert!(options[*right].starts_with(&format!("“{}”: ", denied[0])));
            assert_eq!(options.len(), 6);
        }
    }
}

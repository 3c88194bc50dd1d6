//! The counting filter's m counters, drawn as the playground draws its bits, each showing its value:
//! the positions the typed item probes (coloured by hash row, as in the playground), the counters
//! the last action changed, the one a step-through points at, the counters stuck at 2^c − 1, and
//! those a wrong removal left below what the set's items put there. As a bit names who set it, a
//! counter looked at names the items that put it up, and says why it is not their sum when it is
//! not.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::bit_cell::{cell_face, probe_strip, probe_words};
use crate::components::cell_inspector::use_cell_inspector;
use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::counting::CountingFilter;
use bloom_core::text::shorten;

/// Longest item text named in the line under the counters.
const DETAIL_ITEM_CHARS: usize = 32;
/// Most items named for one counter; the rest are counted.
const DETAIL_MAX_ITEMS: usize = 8;

/// Past this many counters the cells are drawn smaller.
const COMPACT_ABOVE: usize = 64;
/// Past this many counters a phone's screen holds the field, what happened and the whole row no
/// more: the probed counters come up above the row too (as the playground's bits do).
const STRIP_ABOVE: usize = 48;

/// Props of [`CounterArray`].
#[derive(Properties, PartialEq, Clone)]
pub struct CounterArrayProps {
    /// The values to draw, position 0 first.
    pub counters: Vec<u8>,
    /// 2^c − 1: a counter at it is stuck.
    pub max: u8,
    /// The typed item's positions, in probe order.
    #[prop_or_default]
    pub probes: Vec<u32>,
    /// Positions the last action changed or read.
    #[prop_or_default]
    pub touched: Vec<u32>,
    /// The position a step-through points at.
    #[prop_or_default]
    pub step: Option<u32>,
    /// Positions below what the set's items put there.
    #[prop_or_default]
    pub wrong: Vec<u32>,
    /// The filter, whose items the line under the counters names.
    pub filter: Rc<CountingFilter>,
}

/// The line under the counters: the items that put the inspected counter up, with their shares,
/// and why the counter is not their sum when it is not; or, with none inspected (or while a
/// step-through shows counters part-way), how to inspect one.
fn detail_line(lang: Lang, filter: &CountingFilter, inspected: Option<u32>) -> String {
    let Some(index) = inspected else {
        return lang.text(Msg::CounterDetailHint).to_owned();
    };
    let value = u32::from(filter.counters()[index as usize]);
    let raisers = filter.raisers_of(index);
    let sum: u32 = raisers.iter().map(|(_, share)| share).sum();
    let mut items: Vec<String> = raisers
        .iter()
        .take(DETAIL_MAX_ITEMS)
        .map(|&(text, share)| {
            let item = lang.quote(&shorten(text, DETAIL_ITEM_CHARS));
            if share > 1 {
                format!("{item}{}×{share}", lang.punctuation_gap())
            } else {
                item
            }
        })
        .collect();
    if raisers.len() > DETAIL_MAX_ITEMS {
        items.push(format!("+{}", raisers.len() - DETAIL_MAX_ITEMS));
    }
    let max = u32::from(filter.params().max_count());
    let message = match (value, sum) {
        (0, 0) => Msg::CounterDetailZero,
        _ if value == sum => Msg::CounterDetailRaised,
        // Once stuck, a counter neither counts past the top nor comes down.
        _ if value == max && sum > max => Msg::CounterDetailStuck,
        _ if value == max => Msg::CounterDetailKept,
        _ => Msg::CounterDetailLowered,
    };
    lang.fill(
        message,
        &[
            ("index", &index.to_string()),
            ("value", &value.to_string()),
            ("sum", &sum.to_string()),
            ("items", &lang.list_words(&items)),
        ],
    )
}

/// The counters the typed item probes in a long row, above it on a phone, as the playground's
/// bits are ([`probe_strip`]).
fn strip(lang: Lang, props: &CounterArrayProps) -> Html {
    if props.probes.is_empty() || props.counters.len() <= STRIP_ABOVE {
        return Html::default();
    }
    probe_strip(
        lang.text(Msg::CounterStripLabel),
        &props.probes,
        true,
        |index| u32::from(props.counters.get(index as usize).copied().unwrap_or(0)),
    )
}

/// The row of counters.
#[component]
pub fn CounterArray(props: &CounterArrayProps) -> Html {
    let lang = use_lang();
    let m = props.counters.len();
    let cells_at = use_cell_inspector(m as u32);
    let (active, inspected) = (cells_at.active, cells_at.inspected);
    let non_zero = props.counters.iter().filter(|value| **value > 0).count();
    // Part-way through a step-through the counters drawn are not the filter's yet: nothing is named.
    let shown = inspected.filter(|_| props.counters == props.filter.counters());
    let cells = props.counters.iter().enumerate().map(|(index, &value)| {
        let position = index as u32;
        let rows: Vec<String> = props
            .probes
            .iter()
            .enumerate()
            .filter(|(_, probe)| **probe == position)
            .map(|(row, _)| row.to_string())
            .collect();
        let stuck = value == props.max && value > 0;
        let wrong = props.wrong.contains(&position);
        let class = classes!(
            "bit",
            "counter",
            (value > 0).then_some("set"),
            stuck.then_some("stuck"),
            wrong.then_some("wrong"),
            props.touched.contains(&position).then_some("new"),
            (props.step == Some(position)).then_some("stepping"),
            (shown == Some(position)).then_some("inspected"),
            rows.first()
                .map(|row| format!("probe row-{}", row.parse::<usize>().unwrap_or(0) % 8)),
        );
        let rows_text = rows.join(",");
        html! {
            <li {class} key={index} data-testid="counter" data-index={index.to_string()}
                tabindex={if position == active { "0" } else { "-1" }}
                data-value={value.to_string()}
                data-stuck={stuck.then_some("true")} data-wrong={wrong.then_some("true")}
                data-probe={(!rows.is_empty()).then(|| rows_text.clone())}>
                { cell_face(lang.text(Msg::CounterLabel), &index.to_string(), &value.to_string(),
                    (!rows.is_empty()).then(|| (probe_words(lang, Msg::CounterLabelProbe, &rows_text), rows_text.as_str()))) }
                if stuck {
                    <span class="visually-hidden">{ lang.text(Msg::CounterLabelStuck) }</span>
                    <span class="counter-mark stuck-mark" aria-hidden="true">{ "⊤" }</span>
                }
                if wrong {
                    <span class="visually-hidden">{ lang.text(Msg::CounterLabelWrong) }</span>
                    <span class="counter-mark wrong-mark" aria-hidden="true">{ "!" }</span>
                }
            </li>
        }
    });
    html! {
        <div class="bit-array-wrap">
            { strip(lang, props) }
            <ol ref={cells_at.grid} class={classes!("bit-array", "counter-array", (m > COMPACT_ABOVE).then_some("compact"))}
                aria-label={lang.fill(Msg::CounterArrayLabel, &[("m", &m.to_string()), ("x", &non_zero.to_string())])}
                onkeydown={cells_at.onkeydown} onmouseover={cells_at.onmouseover} onfocusin={cells_at.onfocusin} onclick={cells_at.onclick}>
                { for cells }
            </ol>
            <p ref={cells_at.detail} class={classes!("bit-detail", "counter-detail", shown.is_some().then_some("named"))} data-testid="counter-detail" aria-live="polite">
                { detail_line(lang, &props.filter, shown) }
            </p>
            <p class="legend">{ lang.fill(Msg::CounterLegend, &[("max", &props.max.to_string())]) }</p>
        </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::counting::CountingParams;
    use bloom_core::params::FilterParams;

    fn filter(counter_bits: u32, items: &[&str]) -> CountingFilter {
        let params = CountingParams {
            filter: FilterParams {
                bits: 32,
                hashes: 3,
                ..FilterParams::default()
            },
            counter_bits,
        };
        let mut filter = CountingFilter::new(params);
        for item in items {
            filter.insert(item).unwrap();
        }
        filter
    }

    fn line(filter: &CountingFilter, index: u32) -> String {
        crate::strings::tests::install_all();
        detail_line(Lang::English, filter, Some(index))
    }

    #[test]
    fn a_counter_names_the_items_that_put_it_up_and_why_it_is_not_their_sum() {
        let two_apples = filter(4, &["apple", "apple", "pear"]);
        let apple = two_apples.indexes("apple");
        // A counter apple probes once and pear not at all.
        let once = |index: &u32| apple.iter().filter(|&i| i == index).count() == 1;
        let only_apple = *apple
            .iter()
            .find(|index| once(index) && !two_apples.indexes("pear").contains(index))
            .unwrap();
        assert_eq!(
            line(&two_apples, only_apple),
            format!("Counter {only_apple} is 2, put up by “apple” ×2.")
        );
        let empty = (0..32).find(|&index| two_apples.counters()[index as usize] == 0);
        let empty = empty.unwrap();
        assert_eq!(
            line(&two_apples, empty),
            format!("Counter {empty} is 0: no item in the set hashes to it.")
        );
        // Removing a word never inserted lowers a counter below what the set put there.
        let mut lowered = two_apples.clone();
        // A false positive that probes it: removing it anyway goes through.
        let ghost = (0..100_000)
            .map(|n| format!("ghost{n}"))
            .find(|ghost| lowered.contains(ghost) && lowered.indexes(ghost).contains(&only_apple))
            .unwrap();
        lowered.remove(&ghost, true).unwrap();
        let probes = lowered
            .indexes(&ghost)
            .iter()
            .filter(|&&i| i == only_apple)
            .count();
        let left = 2 - probes;
        let said = line(&lowered, only_apple);
        assert!(
            said.starts_with(&format!(
                "Counter {only_apple} is {left}, below the 2 that “apple” ×2 put there"
            )),
            "{said}"
        );
        // c = 2 counts to 3: a fourth apple leaves it stuck; taking them out leaves it there.
        let mut stuck = filter(2, &["apple"; 4]);
        assert_eq!(
            line(&stuck, only_apple),
            format!("Counter {only_apple} is stuck at 3: “apple” ×4 put 4 there, more than it can count.")
        );
        for _ in 0..4 {
            stuck.remove("apple", false).unwrap();
        }
        assert!(line(&stuck, only_apple).starts_with(&format!(
            "Counter {only_apple} is stuck at 3: a stuck counter never goes down"
        )));
        assert!(line(&stuck, only_apple).ends_with("put only 0 there now."));
    }
}

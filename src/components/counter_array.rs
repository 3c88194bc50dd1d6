//! The counting filter's m counters, drawn as the playground draws its bits, each showing its value:
//! the positions the typed item probes (coloured by hash row, as in the playground), the counters
//! the last action changed, the one a step-through points at, the counters stuck at 2^c − 1, and
//! those a wrong removal left below what the set's items put there.

use yew::prelude::*;

use crate::components::bit_cell::{cell_face, probe_words};

use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;

/// Past this many counters the cells are drawn smaller.
const COMPACT_ABOVE: usize = 64;

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
}

/// The row of counters.
#[component]
pub fn CounterArray(props: &CounterArrayProps) -> Html {
    let lang = use_lang();
    let m = props.counters.len();
    let non_zero = props.counters.iter().filter(|value| **value > 0).count();
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
            rows.first()
                .map(|row| format!("probe row-{}", row.parse::<usize>().unwrap_or(0) % 8)),
        );
        let rows_text = rows.join(",");
        html! {
            <li {class} key={index} data-testid="counter" data-index={index.to_string()}
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
            <ol class={classes!("bit-array", "counter-array", (m > COMPACT_ABOVE).then_some("compact"))}
                aria-label={lang.fill(Msg::CounterArrayLabel, &[("m", &m.to_string()), ("x", &non_zero.to_string())])}>
                { for cells }
            </ol>
            <p class="legend">{ lang.fill(Msg::CounterLegend, &[("max", &props.max.to_string())]) }</p>
        </div>
    }
}

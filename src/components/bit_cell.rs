//! One cell of the bit array: its index, its value, the badge of the hash rows probing it, and a "new"
//! mark. A component of its own so that, of up to 1,024 cells, only those whose props changed are
//! re-rendered after a keystroke or an insert.

use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};

/// Props of [`BitCell`].
#[derive(Properties, PartialEq, Clone)]
pub struct BitCellProps {
    /// The bit's index.
    pub index: u32,
    /// Whether the bit is 1.
    pub set: bool,
    /// The hash rows probing this bit for the current text, comma-separated ("" if none).
    #[prop_or_default]
    pub rows: AttrValue,
    /// The first of those rows (it picks the colour).
    #[prop_or_default]
    pub first_row: Option<usize>,
    /// Set by the last action.
    #[prop_or_default]
    pub is_new: bool,
    /// The one cell in the tab order.
    #[prop_or_default]
    pub focusable: bool,
    /// The bit a step-through is pointing at.
    #[prop_or_default]
    pub stepping: bool,
    /// The bit whose setters the line under the array names (tapped, clicked or focused).
    #[prop_or_default]
    pub inspected: bool,
}

/// What a cell of the bit array or the counter array shows and says: its index and value, with hidden
/// words around them from the language's `label` template ("Bit {index}: " — "第 {index} 位："), and
/// where the typed item probes it, the hash rows as a badge and in words (`probe`: the words, then
/// the rows).
pub fn cell_face(label: &str, index: &str, value: &str, probe: Option<(String, &str)>) -> Html {
    // The blank found by its braces: a search for a whole word would bring a string searcher.
    let (before, after) = match (label.find('{'), label.find('}')) {
        (Some(open), Some(close)) if open < close => (&label[..open], &label[close + 1..]),
        _ => (label, ""),
    };
    html! {
        <>
            <span class="visually-hidden">{ before.to_owned() }</span>
            <span class="bit-index">{ index }</span>
            <span class="visually-hidden">{ after.to_owned() }</span>
            <span class="bit-value">{ value }</span>
            if let Some((words, rows)) = probe {
                <span class="visually-hidden">{ words }</span>
                // "g₂", not "2": beside the cell's value (0 or a counter) the row's number must not
                // read as one more digit of it. A cell several rows probe says how many ("g×3": the
                // item's probes that land here, what a counter goes up by); a list of them ("g₀,₁,₂")
                // is wider than a phone's cell and covered its index. The hidden words name them.
                if rows.contains(',') {
                    <span class="bit-badge" aria-hidden="true"><i>{ "g" }</i><small>{ format!("×{}", rows.split(',').count()) }</small></span>
                } else {
                    <span class="bit-badge" aria-hidden="true"><i>{ "g" }</i><sub>{ rows }</sub></span>
                }
            }
        </>
    }
}

/// The hidden words for a cell the typed item probes: `msg` ("probed by hash row {rows}") around
/// the rows, which come comma-separated ("0,2") and are read as the language lists ("0 and 2",
/// "0、2").
pub fn probe_words(lang: Lang, msg: Msg, rows: &str) -> String {
    let rows: Vec<String> = rows.split(',').map(str::to_owned).collect();
    lang.fill(msg, &[("rows", &lang.list_words(&rows))])
}

/// A bit as a button whose accessible name is its visible text plus hidden words around it, so a
/// screen reader hears what is shown: "Bit 17: 1, probed by hash row 0, new".
#[component]
pub fn BitCell(props: &BitCellProps) -> Html {
    let lang = use_lang();
    let probed = !props.rows.is_empty();
    let class = classes!(
        "bit",
        props.set.then_some("set"),
        props.is_new.then_some("new"),
        props.stepping.then_some("stepping"),
        props.inspected.then_some("inspected"),
        props.first_row.map(|row| format!("probe row-{}", row % 8)),
    );
    let index = props.index.to_string();
    html! {
        <button
            type="button"
            {class}
            data-testid="bit"
            data-index={index.clone()}
            data-set={if props.set { "true" } else { "false" }}
            data-probe={probed.then(|| props.rows.clone())}
            tabindex={if props.focusable { "0" } else { "-1" }}
            data-step-bit={props.stepping.then_some("true")}
        >
            { cell_face(lang.text(Msg::BitLabel), &index, if props.set { "1" } else { "0" },
                probed.then(|| (probe_words(lang, Msg::BitLabelProbe, &props.rows), props.rows.as_str()))) }
            if props.is_new {
                <span class="visually-hidden">{ lang.text(Msg::ListSeparator) }</span>
                <span class="bit-new">{ lang.text(Msg::BitNew) }</span>
            }
        </button>
    }
}

/// The cells at `probes` of a large array (bits, or with `counters` a counting filter's counters),
/// side by side in probe order above it under `label`: on a phone, where the array takes several
/// screens, what an action touched is on one screen with what happened (the style sheet shows the
/// strip there only). `value` reads a cell. A copy for the eye; the cells themselves, and what
/// happened, say it to a screen reader.
pub fn probe_strip(
    label: &str,
    probes: &[u32],
    counters: bool,
    value: impl Fn(u32) -> u32,
) -> Html {
    html! {
        <div class="probe-strip" aria-hidden="true" data-testid="probe-strip">
            <p class="hint">{ label.to_owned() }</p>
            <ol>
                { for probes.iter().enumerate().map(|(row, &index)| {
                    let value = value(index);
                    let class = classes!("bit", counters.then_some("counter"), (value > 0).then_some("set"), format!("probe row-{}", row % 8));
                    html! {
                        <li {class} data-index={index.to_string()} data-value={value.to_string()}>
                            { cell_face("", &index.to_string(), &value.to_string(), Some((String::new(), &row.to_string()))) }
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

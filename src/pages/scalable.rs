//! The scalable filter page: choose a library's rules (or s and r), insert words or stream
//! thousands of items, and watch stages appear, each query say which stage answered, and the rate
//! measured on never-inserted probes stay — or not — under the compound bound. All state lives in
//! one reducer ([`crate::state::scalable`]) and in the link.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::embed_panel::EmbedWidget;
use crate::components::growth_chart::GrowthChartView;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::preset_table::{preset_name, PresetTable};
use crate::components::scalable_outcome::ScalableOutcomePanel;
use crate::components::scalable_stats::ScalableStats;
use crate::components::site_links::SiteLinks;
use crate::components::stage_stack::StageStack;
use crate::components::state_error::StateError;
use crate::embed::Controls;
use crate::format::{chance, exact, fixed, grouped};
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_shortcuts::{focus_field, use_shortcuts};
use crate::options::PageOptions;
use crate::shortcuts::Shortcut;
use crate::state::scalable::{probes, ScalableAction, ScalableOutcome, ScalableState};
use crate::strings::{Lang, Msg};
use bloom_core::scalable::{Preset, CAPACITY_RANGE, GROWTH_RANGE, STREAM_BATCH};

/// The rates the selector offers (a link may carry another, which is then offered too).
const RATES: [f64; 6] = [0.1, 0.05, 0.01, 0.001, 0.000_1, 0.000_01];
/// The tightening ratios the selector offers.
const TIGHTENINGS: [f64; 7] = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];
/// Items the small stream button adds.
const STREAM_FEW: u32 = 10;

/// Props of [`ScalablePage`].
#[derive(Properties, PartialEq, Clone)]
pub struct ScalablePageProps {
    /// The state.
    pub state: UseReducerHandle<ScalableState>,
    /// Embedded: controls as the link says.
    #[prop_or_default]
    pub embed: bool,
    /// What the site shows beside the widget.
    #[prop_or_default]
    pub aside: Html,
}

/// The scalable filter.
#[component]
pub fn ScalablePage(props: &ScalablePageProps) -> Html {
    let lang = use_lang();
    let state = props.state.clone();
    let page_link = use_page_link();
    let controls = if props.embed {
        PageOptions::from_query(&page_link.query).controls
    } else {
        Controls::ALL
    };
    let item_input = use_node_ref();
    let outcome_ref = use_node_ref();
    use_keep_in_view(outcome_ref.clone(), state.outcome.clone());
    use_scalable_shortcuts(state.clone(), item_input.clone());
    let filter = state.filter.clone();
    // 10,000 probes against every stage: once per change of the filter.
    let measured = use_memo(filter.clone(), |filter| filter.measure(&probes()));
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(ScalableAction::DismissIgnored)
    });
    let marked: Vec<(usize, Vec<u32>)> = match &state.outcome {
        Some(ScalableOutcome::Inserted {
            added: bloom_core::scalable::Added::Inserted { stage, indexes, .. },
            ..
        }) => vec![(*stage, indexes.clone())],
        Some(ScalableOutcome::Queried { answers, .. }) => answers
            .iter()
            .enumerate()
            .map(|(stage, (_, indexes))| (stage, indexes.clone()))
            .collect(),
        _ => Vec::new(),
    };
    let params = filter.params();
    html! {
        <div class={classes!("playground", "scalable", props.embed.then_some("embedded"))}>
            if props.embed {
                <h1 class="visually-hidden">{ lang.text(Msg::ScalableTitle) }</h1>
            } else {
                <div class="page-intro">
                    <h1>{ lang.text(Msg::ScalableTitle) }</h1>
                    <p class="intro">{ lang.text(Msg::ScalableIntro) }</p>
                </div>
            }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(lang, &state, controls, props.embed, &item_input) }
            }
            <div class="column main-column">
                if controls.input {
                    <section ref={outcome_ref} class="panel outcome-panel" aria-labelledby="scalable-outcome-heading">
                        <h2 id="scalable-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        <ScalableOutcomePanel outcome={state.outcome.clone()} filter={filter.clone()} />
                    </section>
                }
                <section class="panel stages-panel" aria-labelledby="stages-heading">
                    <h2 id="stages-heading">{ lang.text(Msg::ScalableStagesHeading) }</h2>
                    <StageStack filter={filter.clone()} {marked} />
                </section>
            </div>
            <div class="column side-column">
                <section class="panel" aria-labelledby="scalable-stats-heading">
                    <h2 id="scalable-stats-heading">{ lang.text(Msg::ScalableStatsHeading) }</h2>
                    <ScalableStats filter={filter.clone()} measured={*measured} />
                </section>
                <section class="panel" aria-labelledby="growth-heading">
                    <h2 id="growth-heading">{ lang.text(Msg::ScalableChartHeading) }</h2>
                    <GrowthChartView filter={filter.clone()} />
                </section>
                <section class="panel" aria-labelledby="presets-heading">
                    <h2 id="presets-heading">{ lang.text(Msg::ScalablePresetsHeading) }</h2>
                    <PresetTable capacity={params.capacity} rate={params.rate} />
                </section>
                { props.aside.clone() }
            </div>
        </div>
    }
}

/// A `<select>` whose options are `values` (plus `current` when it is not one of them), each
/// written by `label`; `onpick` gets the chosen value.
fn value_select(
    id: &'static str,
    testid: &'static str,
    label: &str,
    values: &[f64],
    current: f64,
    show: fn(f64) -> String,
    onpick: Callback<f64>,
) -> Html {
    let mut values = values.to_vec();
    if !values.contains(&current) {
        values.push(current);
        values.sort_by(|a, b| b.total_cmp(a));
    }
    let onchange = {
        let values = values.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(&value) = values.get(select.selected_index().max(0) as usize) {
                onpick.emit(value);
            }
        })
    };
    html! {
        <div class="field">
            <label for={id}>{ label.to_owned() }</label>
            <select {id} data-testid={testid} {onchange}>
                { for values.iter().map(|&value| html! {
                    <option value={exact(value)} selected={value == current}>{ show(value) }</option>
                }) }
            </select>
        </div>
    }
}

fn controls_panel(
    lang: Lang,
    state: &UseReducerHandle<ScalableState>,
    controls: Controls,
    embed: bool,
    item_input: &NodeRef,
) -> Html {
    let params = state.filter.params();
    let dispatch = |action: ScalableAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let emit = |make: fn(f64) -> ScalableAction| {
        let state = state.clone();
        Callback::from(move |value: f64| state.dispatch(make(value)))
    };
    let set = |make: fn(u32) -> ScalableAction| {
        let state = state.clone();
        Callback::from(move |value: u32| state.dispatch(make(value)))
    };
    let on_preset = {
        let state = state.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(preset) = Preset::from_id(&select.value()) {
                state.dispatch(ScalableAction::SetPreset(preset));
            }
        })
    };
    html! {
        <section class="panel controls" aria-label={lang.text(Msg::ScalableTitle)}>
            if controls.input {
                { item_field(lang, state, item_input) }
            }
            <div class="params">
                if controls.params {
                    <div class="field preset-field">
                        <label for="scalable-preset">{ lang.text(Msg::ScalablePresetLabel) }</label>
                        <select id="scalable-preset" data-testid="preset" onchange={on_preset}>
                            { for Preset::ALL.iter().map(|&preset| html! {
                                <option value={preset.id()} selected={preset == state.preset}>{ lang.text(preset_name(preset)) }</option>
                            }) }
                        </select>
                    </div>
                    <NumberField id="scalable-n0" testid="capacity-input" name="n₀" label={lang.text(Msg::ScalableCapacityLabel)}
                        value={params.capacity} min={*CAPACITY_RANGE.start()} max={*CAPACITY_RANGE.end()} onapply={set(ScalableAction::SetCapacity)} />
                    { value_select("scalable-p", "rate-select", lang.text(Msg::ScalableRateLabel), &RATES, params.rate, chance, emit(ScalableAction::SetRate)) }
                    <NumberField id="scalable-s" testid="growth-input" name="s" label={lang.text(Msg::ScalableGrowthLabel)}
                        value={params.growth} min={*GROWTH_RANGE.start()} max={*GROWTH_RANGE.end()} onapply={set(ScalableAction::SetGrowth)} />
                    { value_select("scalable-r", "tightening-select", lang.text(Msg::ScalableTighteningLabel), &TIGHTENINGS, params.tightening,
                        |value| fixed(value, 2), emit(ScalableAction::SetTightening)) }
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, dispatch(ScalableAction::Reset), dispatch(ScalableAction::Undo), dispatch(ScalableAction::Redo), !state.undo.is_empty(), !state.redo.is_empty()) }
                    </div>
                }
            </div>
            if !embed {
                <p class="hint">{ lang.text(Msg::ScalableParamsHint) }</p>
            }
        </section>
    }
}

fn item_field(lang: Lang, state: &UseReducerHandle<ScalableState>, item_input: &NodeRef) -> Html {
    let dispatch = |action: ScalableAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            state.dispatch(ScalableAction::SetText(input.value()));
        })
    };
    let onkeydown = {
        let (state, item_input) = (state.clone(), item_input.clone());
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && !event.is_composing() {
                event.prevent_default();
                state.dispatch(ScalableAction::Insert);
                if let Some(input) = item_input.cast::<HtmlInputElement>() {
                    input.select();
                }
            }
        })
    };
    html! {
        <div class="field item-field">
            <label for="scalable-item">{ lang.text(Msg::ItemLabel) }</label>
            <div class="item-row">
                <input ref={item_input.clone()} id="scalable-item" type="text" data-testid="item-input" autocomplete="off"
                    spellcheck="false" placeholder={lang.text(Msg::ItemPlaceholder)} aria-describedby="scalable-item-hint"
                    value={state.text.clone()} {oninput} {onkeydown} />
                <button type="button" class="primary" data-testid="insert-button" onclick={dispatch(ScalableAction::Insert)}>
                    { lang.text(Msg::InsertButton) }
                </button>
                <button type="button" data-testid="query-button" onclick={dispatch(ScalableAction::Query)}>
                    { lang.text(Msg::QueryButton) }
                </button>
                <button type="button" data-testid="stream-few" onclick={dispatch(ScalableAction::Stream(STREAM_FEW))}>
                    { lang.plural(Msg::ScalableStreamSome, u64::from(STREAM_FEW), &[("count", &grouped(u64::from(STREAM_FEW)))]) }
                </button>
                <button type="button" data-testid="stream-button" onclick={dispatch(ScalableAction::Stream(STREAM_BATCH))}>
                    { lang.fill(Msg::ScalableStreamMany, &[("count", &grouped(u64::from(STREAM_BATCH)))]) }
                </button>
            </div>
            <p id="scalable-item-hint" class="hint">{ lang.text(Msg::ScalableItemHint) }</p>
        </div>
    }
}

/// The page's keys: `/` to the item field, `r` reset, `u` undo, `U` redo.
#[hook]
fn use_scalable_shortcuts(state: UseReducerHandle<ScalableState>, item_input: NodeRef) {
    use_shortcuts(Callback::from(move |shortcut| {
        let action = match shortcut {
            Shortcut::FocusItem => {
                focus_field(&item_input);
                return true;
            }
            Shortcut::Reset => ScalableAction::Reset,
            Shortcut::Undo => ScalableAction::Undo,
            Shortcut::Redo => ScalableAction::Redo,
            _ => return false,
        };
        state.dispatch(action);
        true
    }));
}

/// The scalable filter as the site shows it: saved, and in the link.
#[component]
pub fn SiteScalable() -> Html {
    let state = use_linked::<ScalableState>(None, true);
    let query = AttrValue::from(<ScalableState as Linked>::to_query(&state));
    html! {
        <ScalablePage {state} aside={html! { <SiteLinks {query} widget={EmbedWidget::Scalable} /> }} />
    }
}

/// Props of [`LinkedScalable`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedScalableProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The scalable filter as a link opens it, saving nothing: the embedded widget.
#[component]
pub fn LinkedScalable(props: &LinkedScalableProps) -> Html {
    let state = use_linked::<ScalableState>(props.preset.clone(), false);
    html! { <ScalablePage {state} embed=true /> }
}

//! The counting filter page: insert, query and remove items on m counters of c bits, step through
//! what each action did to the counters, remove a false positive "anyway" and read which items the
//! filter now wrongly denies, watch counters stick, and see what deletion costs in memory. All state
//! lives in one reducer ([`crate::state::counting`]) and in the link.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::counter_array::CounterArray;
use crate::components::counting_outcome::CountingOutcomePanel;
use crate::components::counting_stats::CountingStats;
use crate::components::deletion_cost::DeletionCost;
use crate::components::embed_panel::EmbedWidget;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::overflow_panel::OverflowPanel;
use crate::components::site_links::SiteLinks;
use crate::components::state_error::StateError;
use crate::embed::Controls;
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_shortcuts::{focus_field, use_shortcuts};
use crate::options::PageOptions;
use crate::shortcuts::Shortcut;
use crate::state::counting::{CountingAction, CountingOutcome, CountingState, StepMove};
use crate::strings::{scheme_name, Lang, Msg};
use bloom_core::counting::{Diagnosis, COUNTER_BITS_RANGE};
use bloom_core::hashing::HashScheme;
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::text::{is_blank, shorten};

/// Props of [`CountingPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountingPageProps {
    /// The state.
    pub state: UseReducerHandle<CountingState>,
    /// Embedded: controls as the link says.
    #[prop_or_default]
    pub embed: bool,
    /// What the site shows beside the widget (its link, the way to embed it, the other page); a
    /// prop, so the embedded widget does not carry its code.
    #[prop_or_default]
    pub aside: Html,
}

/// The counting filter.
#[component]
pub fn CountingPage(props: &CountingPageProps) -> Html {
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
    use_counting_shortcuts(state.clone(), item_input.clone());

    let filter = state.filter.clone();
    let params = filter.params();
    let max = params.max_count();
    let probes = if is_blank(&state.text) {
        Vec::new()
    } else {
        filter.indexes(&state.text)
    };
    let changes = state
        .outcome
        .as_ref()
        .map(|outcome| outcome.changes().to_vec())
        .unwrap_or_default();
    let step_index = state
        .step
        .and_then(|step| step.checked_sub(1))
        .and_then(|done| changes.get(done))
        .map(|change| change.index);
    let touched: Vec<u32> = match state.step {
        Some(step) => changes
            .iter()
            .take(step)
            .map(|change| change.index)
            .collect(),
        None => changes.iter().map(|change| change.index).collect(),
    };
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(CountingAction::DismissIgnored)
    });
    let on_anyway = use_callback(state.dispatcher(), |text: String, dispatcher| {
        dispatcher.dispatch(CountingAction::RemoveAnyway(text))
    });
    let stats = filter.stats();
    // Each part hashes every item: once per change of the filter, not per keystroke.
    let diagnosis = use_memo(filter.clone(), |filter| Diagnosis::of(filter));

    html! {
        <div class={classes!("playground", "counting", props.embed.then_some("embedded"))}>
            if props.embed {
                // Inside someone's post the widget needs no title on screen, but its page has one.
                <h1 class="visually-hidden">{ lang.text(Msg::CountingTitle) }</h1>
            } else {
                <div class="page-intro">
                    <h1>{ lang.text(Msg::CountingTitle) }</h1>
                    <p class="intro">{ lang.text(Msg::CountingIntro) }</p>
                </div>
            }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(lang, &state, controls, props.embed, &item_input) }
            }
            { step_bar(lang, &state) }
            <div class="column main-column">
                <section class="panel array-panel" aria-labelledby="counters-heading">
                    <h2 id="counters-heading">
                        { lang.text(Msg::CountingArrayHeading) }
                        <span class="heading-note">{ format!(" m = {}{}k = {}{}c = {}", params.filter.bits,
                            lang.text(Msg::ListSeparator), params.filter.hashes, lang.text(Msg::ListSeparator), params.counter_bits) }</span>
                    </h2>
                    <CounterArray counters={state.shown_counters()} {max} {probes} {touched} step={step_index}
                        wrong={diagnosis.wrong_counters.clone()} />
                </section>
                if controls.input {
                    <section ref={outcome_ref} class="panel outcome-panel" aria-labelledby="counting-outcome-heading">
                        <h2 id="counting-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        <CountingOutcomePanel outcome={state.outcome.clone()} filter={filter.clone()} onremoveanyway={on_anyway} />
                    </section>
                }
                <section class="panel stats-panel" aria-labelledby="counting-stats-heading">
                    <h2 id="counting-stats-heading">{ lang.text(Msg::CountingStatsHeading) }</h2>
                    <CountingStats filter={filter.clone()} diagnosis={diagnosis.clone()} />
                </section>
                { items_panel(lang, &state, &diagnosis) }
            </div>
            <div class="column side-column">
                <section class="panel" aria-labelledby="overflow-heading">
                    <h2 id="overflow-heading">{ lang.text(Msg::CountingOverflowHeading) }</h2>
                    <OverflowPanel {params} insertions={stats.insertions} />
                </section>
                <section class="panel" aria-labelledby="cost-heading">
                    <h2 id="cost-heading">{ lang.text(Msg::CountingCostHeading) }</h2>
                    <DeletionCost {params} items={stats.items} />
                    <p class="hint">{ lang.text(Msg::CountingCostNote) }</p>
                </section>
                { props.aside.clone() }
            </div>
        </div>
    }
}

/// The item field and its buttons, m, k, c and the scheme, and reset/undo/redo, as `controls=`
/// allows (input, params, reset; the counting filter has no random words).
fn controls_panel(
    lang: Lang,
    state: &UseReducerHandle<CountingState>,
    controls: Controls,
    embed: bool,
    item_input: &NodeRef,
) -> Html {
    let params = state.filter.params();
    let dispatch = |action: CountingAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            state.dispatch(CountingAction::SetText(input.value()));
        })
    };
    let onkeydown = {
        let (state, item_input) = (state.clone(), item_input.clone());
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && !event.is_composing() {
                event.prevent_default();
                state.dispatch(CountingAction::Insert);
                if let Some(input) = item_input.cast::<HtmlInputElement>() {
                    input.select();
                }
            }
        })
    };
    let set = |make: fn(u32) -> CountingAction| {
        let state = state.clone();
        Callback::from(move |value: u32| state.dispatch(make(value)))
    };
    let on_scheme = {
        let state = state.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(scheme) = HashScheme::from_id(&select.value()) {
                state.dispatch(CountingAction::SetScheme(scheme));
            }
        })
    };
    html! {
        <section class="panel controls" aria-label={lang.text(Msg::CountingTitle)}>
            if controls.input {
                <div class="field item-field">
                    <label for="counting-item">{ lang.text(Msg::ItemLabel) }</label>
                    <div class="item-row">
                        <input ref={item_input.clone()} id="counting-item" type="text" data-testid="item-input"
                            autocomplete="off" spellcheck="false" placeholder={lang.text(Msg::ItemPlaceholder)}
                            aria-describedby="counting-item-hint" value={state.text.clone()} {oninput} {onkeydown} />
                        <button type="button" class="primary" data-testid="insert-button" onclick={dispatch(CountingAction::Insert)}>
                            { lang.text(Msg::InsertButton) }
                        </button>
                        <button type="button" data-testid="query-button" onclick={dispatch(CountingAction::Query)}>
                            { lang.text(Msg::QueryButton) }
                        </button>
                        <button type="button" data-testid="remove-button" onclick={dispatch(CountingAction::Remove)}>
                            { lang.text(Msg::CountingRemoveButton) }
                        </button>
                    </div>
                    <p id="counting-item-hint" class="hint">{ lang.text(Msg::CountingItemHint) }</p>
                </div>
            }
            <div class="params">
                if controls.params {
                    <NumberField id="counting-m" testid="m-input" name="m" label={lang.text(Msg::CountingBitsLabel)}
                        value={params.filter.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={set(CountingAction::SetBits)} />
                    <NumberField id="counting-k" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                        value={params.filter.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={set(CountingAction::SetHashes)} />
                    <NumberField id="counting-c" testid="counter-bits" name="c" label={lang.text(Msg::CountingCounterBitsLabel)}
                        value={params.counter_bits} min={*COUNTER_BITS_RANGE.start()} max={*COUNTER_BITS_RANGE.end()}
                        onapply={set(CountingAction::SetCounterBits)} />
                    <div class="field scheme-field">
                        <label for="counting-scheme">{ lang.text(Msg::SchemeLabel) }</label>
                        <select id="counting-scheme" data-testid="scheme-select" onchange={on_scheme}>
                            { for HashScheme::ALL.iter().map(|&scheme| html! {
                                <option value={scheme.id()} selected={scheme == params.filter.scheme}>{ lang.text(scheme_name(scheme)) }</option>
                            }) }
                        </select>
                    </div>
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, dispatch(CountingAction::Reset), dispatch(CountingAction::Undo), dispatch(CountingAction::Redo), !state.undo.is_empty(), !state.redo.is_empty()) }
                    </div>
                }
            </div>
            if !embed {
                <p class="hint">{ lang.text(Msg::CountingParamsHint) }</p>
            }
        </section>
    }
}

/// The step-through of the last action: a button to start it, then one probe at a time.
fn step_bar(lang: Lang, state: &UseReducerHandle<CountingState>) -> Html {
    let Some(outcome) = &state.outcome else {
        return Html::default();
    };
    let changes = outcome.changes();
    if changes.is_empty() {
        return Html::default();
    }
    let dispatch = |step: StepMove| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(CountingAction::Step(step)))
    };
    let Some(step) = state.step else {
        return html! {
            <div class="step-row counting-steps">
                <button type="button" data-testid="step-button" onclick={dispatch(StepMove::Start)}>
                    { lang.text(Msg::CountingStepButton) }
                </button>
            </div>
        };
    };
    let text = match outcome {
        CountingOutcome::Inserted(change) | CountingOutcome::Removed(change) => {
            change.text.as_str()
        }
        CountingOutcome::Queried { text, .. } => text.as_str(),
        _ => "",
    };
    let k = changes.len().to_string();
    let item = lang.quote(&shorten(text, 40));
    let reading = matches!(outcome, CountingOutcome::Queried { .. });
    let max = state.filter.params().max_count();
    let line = match step.checked_sub(1).and_then(|done| changes.get(done)) {
        None => {
            let positions: Vec<u32> = changes.iter().map(|change| change.index).collect();
            lang.fill(
                Msg::CountingStepBefore,
                &[
                    ("item", &item),
                    ("k", &k),
                    ("positions", &lang.list(&positions)),
                ],
            )
        }
        Some(change) => {
            let args = [
                ("n", step.to_string()),
                ("k", k.clone()),
                ("i", (step - 1).to_string()),
                ("index", change.index.to_string()),
                ("before", change.before.to_string()),
                ("after", change.after.to_string()),
                ("max", max.to_string()),
            ];
            let args: Vec<(&str, &str)> = args
                .iter()
                .map(|(key, value)| (*key, value.as_str()))
                .collect();
            let msg = if reading {
                Msg::CountingStepRead
            } else if change.before == change.after && change.before == max {
                Msg::CountingStepStuck
            } else if change.before == change.after {
                Msg::CountingStepStays
            } else {
                Msg::CountingStepChange
            };
            lang.fill(msg, &args)
        }
    };
    let last = step >= changes.len();
    html! {
        <div class="step-row counting-steps stepping" role="group" aria-label={lang.text(Msg::CountingStepButton)}>
            <p class="step-text" data-testid="step-text" data-step={step.to_string()} aria-live="polite">{ line }</p>
            <button type="button" data-testid="step-previous" onclick={dispatch(StepMove::Previous)} disabled={step == 0}>
                { lang.text(Msg::CountingStepPrevious) }
            </button>
            if last {
                <button type="button" class="primary" data-testid="step-done" onclick={dispatch(StepMove::End)}>
                    { lang.text(Msg::CountingStepDone) }
                </button>
            } else {
                <button type="button" class="primary" data-testid="step-next" onclick={dispatch(StepMove::Next)}>
                    { lang.text(Msg::CountingStepNext) }
                </button>
            }
        </div>
    }
}

/// The items in the set, each with how many times, and marks for those the filter denies or can
/// never fully let go.
fn items_panel(lang: Lang, state: &UseReducerHandle<CountingState>, diagnosis: &Diagnosis) -> Html {
    let members: Vec<(&str, u32)> = state.filter.members().collect();
    html! {
        <section class="panel items-panel" aria-labelledby="counting-items-heading">
            <h2 id="counting-items-heading">{ lang.text(Msg::CountingItemsHeading) }</h2>
            if members.is_empty() {
                <p class="hint">{ lang.text(Msg::CountingItemsEmpty) }</p>
            } else {
                <ul class="item-list counting-items" data-testid="counting-items">
                    { for members.iter().map(|(text, times)| {
                        let is_denied = diagnosis.false_negatives.iter().any(|denied| denied == text);
                        html! {
                            <li data-testid="counting-item" data-denied={is_denied.then_some("true")}>
                                <span class="item-text">{ shorten(text, 60).into_owned() }</span>
                                if *times > 1 {
                                    <span class="item-times">{ format!(" ×{times}") }</span>
                                }
                                if is_denied {
                                    <span class="item-flag denied">{ lang.text(Msg::CountingItemDenied) }</span>
                                }
                                if diagnosis.unremovable.iter().any(|stuck| stuck == text) {
                                    <span class="item-flag stuck">{ lang.text(Msg::CountingItemStuck) }</span>
                                }
                            </li>
                        }
                    }) }
                </ul>
            }
        </section>
    }
}

/// The page's keys: `/` to the item field, `r` reset, `u` undo, `U` redo, `←` `→` to step.
#[hook]
fn use_counting_shortcuts(state: UseReducerHandle<CountingState>, item_input: NodeRef) {
    use_shortcuts(Callback::from(move |shortcut| {
        let action = match shortcut {
            Shortcut::FocusItem => {
                focus_field(&item_input);
                return true;
            }
            Shortcut::Reset => CountingAction::Reset,
            Shortcut::Undo => CountingAction::Undo,
            Shortcut::Redo => CountingAction::Redo,
            Shortcut::Next => CountingAction::Step(if state.step.is_some() {
                StepMove::Next
            } else {
                StepMove::Start
            }),
            Shortcut::Previous => CountingAction::Step(StepMove::Previous),
            Shortcut::Close if state.step.is_some() => CountingAction::Step(StepMove::End),
            _ => return false,
        };
        state.dispatch(action);
        true
    }));
}

/// The counting filter as the site shows it: saved, and in the link.
#[component]
pub fn SiteCounting() -> Html {
    let state = use_linked::<CountingState>(None, true);
    let query = AttrValue::from(<CountingState as Linked>::to_query(&state));
    html! {
        <CountingPage {state} aside={html! { <SiteLinks {query} widget={EmbedWidget::Counting} /> }} />
    }
}

/// Props of [`LinkedCounting`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedCountingProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The counting filter as a link opens it, saving nothing: the embedded widget.
#[component]
pub fn LinkedCounting(props: &LinkedCountingProps) -> Html {
    let state = use_linked::<CountingState>(props.preset.clone(), false);
    html! { <CountingPage {state} embed=true /> }
}

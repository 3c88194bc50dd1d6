//! The counting filter page: insert, query and remove items on m counters of c bits, step through
//! what each action did to the counters, remove a false positive "anyway" and read which items the
//! filter now wrongly denies, watch counters stick, and see what deletion costs in memory. All state
//! lives in one reducer ([`crate::state::counting`]) and in the link.

use yew::prelude::*;

use crate::components::action_steps::{stepped_row, StepLabels};
use crate::components::counter_array::CounterArray;
use crate::components::counting_outcome::CountingOutcomePanel;
use crate::components::counting_stats::CountingStats;
use crate::components::deletion_cost::DeletionCost;
use crate::components::embed_panel::EmbedWidget;
use crate::components::number_field::NumberField;
use crate::components::overflow_panel::OverflowPanel;
use crate::components::state_error::StateError;
use crate::components::widget_parts::{
    dispatch_with, insert_query_field, on_click, scheme_select, widget_heading, ItemActions,
    WidgetProps,
};
use crate::format::grouped;
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_shortcuts::HistoryKeys;
use crate::pages::{
    controls_section, use_widget_page, LinkedPage, LinkedWidget, SiteWidget, WidgetPage,
};
use crate::shortcuts::Shortcut;
use crate::state::action_steps::{key_move, StepMove};
use crate::state::counting::{CountingAction, CountingOutcome, CountingState};
use crate::state::history::shown_outcome;
use crate::strings::{Lang, Msg};
use bloom_core::counting::{CounterChange, Diagnosis, COUNTER_BITS_RANGE};
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::text::{is_blank, shorten};

/// The counting filter.
#[component]
pub fn CountingPage(props: &WidgetProps<CountingState>) -> Html {
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, CountingAction::Reset, CountingAction::History);
    let page = use_widget_page(props.embed, keys, Some(step_keys(&state)));
    use_keep_in_view(page.outcome_ref.clone(), shown_outcome(&state.outcome));
    let (lang, controls) = (page.lang, page.controls);
    // Each step's counter in view (on a phone, under the step-through that stays at the top).
    let counters_ref = use_node_ref();
    use_keep_in_view(counters_ref.clone(), state.step);

    let filter = state.filter.clone();
    let params = filter.params();
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(CountingAction::DismissIgnored)
    });
    let on_anyway = use_callback(state.dispatcher(), |text: String, dispatcher| {
        dispatcher.dispatch(CountingAction::RemoveAnyway(text))
    });
    let on_try = use_callback(state.dispatcher(), |text: String, dispatcher| {
        dispatcher.dispatch(CountingAction::SetText(text));
        dispatcher.dispatch(CountingAction::Query);
    });
    let stats = filter.stats();
    // Each part hashes every item: once per change of the filter, not per keystroke.
    let diagnosis = use_memo(filter.clone(), |filter| Diagnosis::of(filter));

    html! {
        <div class={classes!("playground", "counting", "result-in-view", props.embed.then_some("embedded"))}>
            { widget_heading(lang, Msg::CountingTitle, Msg::CountingIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(&page, &state) }
            }
            { step_bar(lang, &state) }
            // On the presenter's stage a long outcome, or a large array, scrolls inside its panel
            // (which takes the focus to do so) rather than push the stage past the screen.
            <div class="column main-column">
                { counters_panel(lang, &state, &counters_ref, state.shown_wrong(&diagnosis.wrong_counters, &diagnosis.wrong_before_last)) }
                if controls.input {
                    <section ref={page.outcome_ref.clone()} class="panel outcome-panel" aria-labelledby="counting-outcome-heading" tabindex="0">
                        <h2 id="counting-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        // Before its last probe the action is only part done: the panel says where the steps are.
                        if let Some(line) = stepping_line(lang, &state) {
                            <p data-testid="step-outcome">{ line }</p>
                        } else {
                            <CountingOutcomePanel outcome={state.outcome.clone()} filter={filter.clone()} onremoveanyway={on_anyway} ontry={on_try} />
                        }
                    </section>
                }
                { folded_panel("stats-panel", lang.text(Msg::CountingStatsHeading), props.embed, html! {
                    <CountingStats filter={filter.clone()} diagnosis={diagnosis.clone()} />
                }) }
                { items_panel(lang, &state, &diagnosis) }
            </div>
            <div class="column side-column">
                { folded_panel("overflow-panel", lang.text(Msg::CountingOverflowHeading), props.embed, html! {
                    <OverflowPanel {params} insertions={stats.insertions} />
                }) }
                { folded_panel("cost-panel", lang.text(Msg::CountingCostHeading), props.embed, html! {
                    <>
                        <DeletionCost {params} items={stats.items} />
                        <p class="hint">{ lang.text(Msg::CountingCostNote) }</p>
                    </>
                }) }
                { props.aside.clone() }
            </div>
        </div>
    }
}

/// A panel around the counters: open on the site; folded in a post (a reader opens it), so the
/// widget is no taller in an author's column than its filter and what happened.
fn folded_panel(class: &'static str, heading: &str, embed: bool, body: Html) -> Html {
    html! {
        <details class={classes!("panel", "workings-panel", class)} open={!embed}>
            <summary><h2>{ heading.to_owned() }</h2></summary>
            { body }
        </details>
    }
}

/// The counters as the step-through shows them, with the typed text's probes and the last
/// action's counters marked.
fn counters_panel(
    lang: Lang,
    state: &UseReducerHandle<CountingState>,
    node: &NodeRef,
    wrong: Vec<u32>,
) -> Html {
    let filter = &state.filter;
    let params = filter.params();
    let probes = if is_blank(&state.text) {
        Vec::new()
    } else {
        filter.indexes(&state.text)
    };
    let changes: &[CounterChange] = state.outcome.as_ref().map_or(&[], |o| o.changes());
    let step_index = state
        .step
        .and_then(|step| step.checked_sub(1))
        .and_then(|done| changes.get(done))
        .map(|change| change.index);
    let touched: Vec<u32> = changes
        .iter()
        .take(state.step.unwrap_or(changes.len()))
        .map(|change| change.index)
        .collect();
    html! {
        <section ref={node.clone()} class="panel array-panel" aria-labelledby="counters-heading" tabindex="0">
            <h2 id="counters-heading">
                { lang.text(Msg::CountingArrayHeading) }
                <span class="heading-note">{ format!(" m\u{a0}=\u{a0}{}{}k\u{a0}=\u{a0}{}{}c\u{a0}=\u{a0}{}", grouped(u64::from(params.filter.bits)),
                    lang.text(Msg::ListSeparator), params.filter.hashes, lang.text(Msg::ListSeparator), params.counter_bits) }</span>
            </h2>
            <CounterArray counters={state.shown_counters()} max={params.max_count()} {probes} {touched} step={step_index}
                {wrong} filter={state.filter.clone()} />
        </section>
    }
}

/// The item field with Insert, Query and Remove.
fn counting_item_field(
    lang: Lang,
    state: &UseReducerHandle<CountingState>,
    node: &NodeRef,
) -> Html {
    let remove = html! {
        <button type="button" data-testid="remove-button" onclick={on_click(state, CountingAction::Remove)}>
            { lang.text(Msg::CountingRemoveButton) }
        </button>
    };
    let actions = ItemActions {
        typed: CountingAction::SetText,
        insert: CountingAction::Insert,
        query: CountingAction::Query,
    };
    let hint = ("counting-item", "counting-item-hint", Msg::CountingItemHint);
    insert_query_field(
        lang,
        (state, node),
        hint,
        state.text.clone(),
        actions,
        remove,
    )
}

/// The item field and its buttons, m, k, c and the scheme, and reset/undo/redo, as `controls=`
/// allows (input, params, reset; the counting filter has no random words).
fn controls_panel(page: &WidgetPage, state: &UseReducerHandle<CountingState>) -> Html {
    let lang = page.lang;
    let params = state.filter.params();
    let set = |make: fn(u32) -> CountingAction| dispatch_with(state, make);
    let on_scheme = dispatch_with(state, CountingAction::SetScheme);
    let fields = html! {
        <>
            <NumberField id="counting-m" testid="m-input" name="m" label={lang.text(Msg::CountingBitsLabel)}
                value={params.filter.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={set(CountingAction::SetBits)} />
            <NumberField id="counting-k" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                value={params.filter.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={set(CountingAction::SetHashes)} />
            <NumberField id="counting-c" testid="counter-bits" name="c" label={lang.text(Msg::CountingCounterBitsLabel)}
                value={params.counter_bits} min={*COUNTER_BITS_RANGE.start()} max={*COUNTER_BITS_RANGE.end()}
                onapply={set(CountingAction::SetCounterBits)} />
            { scheme_select(lang, "counting-scheme", params.filter.scheme, on_scheme) }
        </>
    };
    let history = (state.history.can_undo(), state.history.can_redo());
    let item_field = || counting_item_field(lang, state, &page.item_input);
    let names = (Msg::CountingTitle, Msg::CountingParamsHint);
    controls_section(page, names, &item_field, fields, history)
}

/// The step-through of the last action: a button to start it, then one probe at a time.
fn step_bar(lang: Lang, state: &UseReducerHandle<CountingState>) -> Html {
    let Some(outcome) = &state.outcome else {
        return Html::default();
    };
    let max = state.filter.params().max_count();
    let line = |step| step_line(lang, outcome, step, max);
    stepped_row(lang, &STEP_LABELS, (state, CountingAction::Step), line)
}

/// The counting step-through's words.
const STEP_LABELS: StepLabels = StepLabels {
    start: Msg::CountingStepButton,
    previous: Msg::CountingStepPrevious,
    next: Msg::CountingStepNext,
    done: Msg::CountingStepDone,
};

/// What happened, while the step-through is short of the last action's last probe: where the steps
/// are, since what the action did shows only once they are all taken.
fn stepping_line(lang: Lang, state: &CountingState) -> Option<String> {
    let (step, outcome) = (state.step?, state.outcome.as_ref()?);
    let k = outcome.changes().len();
    let (message, text) = match outcome {
        CountingOutcome::Inserted(change) => (Msg::CountingSteppingInsert, &change.text),
        CountingOutcome::Removed(change) => (Msg::CountingSteppingRemove, &change.text),
        CountingOutcome::Queried { text, .. } => (Msg::CountingSteppingQuery, text),
        _ => return None,
    };
    (step < k).then(|| {
        lang.fill(
            message,
            &[
                ("item", &lang.quote(&shorten(text, 40))),
                ("done", &step.to_string()),
                ("k", &k.to_string()),
            ],
        )
    })
}

/// What the step-through says at `step` of `outcome` (0: before the first probe), counters
/// holding at most `max`.
fn step_line(lang: Lang, outcome: &CountingOutcome, step: usize, max: u8) -> String {
    let changes = outcome.changes();
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
    match step.checked_sub(1).and_then(|done| changes.get(done)) {
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

/// The page's keys besides those every widget has: `i` and `q` insert or query the field's text and
/// step through it; `→` steps through the last action (once), and while
/// stepping `→` or a remote's PageDown goes on, `←` or PageUp back, `Esc` stops. Any other time the
/// keys are not the widget's (in a chapter's frame they turn its slides).
fn step_keys(state: &UseReducerHandle<CountingState>) -> Callback<Shortcut, bool> {
    let state = state.clone();
    Callback::from(move |shortcut| {
        let action = match shortcut {
            Shortcut::StepInsert => Some(CountingAction::Insert),
            Shortcut::StepQuery => Some(CountingAction::Query),
            _ => None,
        };
        if let Some(action) = action {
            state.dispatch(action);
            state.dispatch(CountingAction::Step(StepMove::Start));
            return true;
        }
        let startable = state.outcome.is_some() && !state.stepped;
        match key_move(shortcut, (state.step, state.steps()), startable) {
            Some(step) => {
                state.dispatch(CountingAction::Step(step));
                true
            }
            None => false,
        }
    })
}

impl LinkedPage for CountingPage {
    type State = CountingState;
    const WIDGET: EmbedWidget = EmbedWidget::Counting;
}

/// The counting filter as the site shows it: saved, and in the link.
pub type SiteCounting = SiteWidget<CountingPage>;

/// The counting filter as a link opens it, saving nothing: the embedded widget.
pub type LinkedCounting = LinkedWidget<CountingPage>;

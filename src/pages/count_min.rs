//! The count-min sketch page: add items with counts, estimate how often an item came against its
//! true count, size the sketch from ε and δ, and feed Zipf-distributed streams of words to see each
//! word's over-estimate against the bound ε·N. All state lives in one reducer
//! ([`crate::state::count_min`]) and in the link.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::action_steps::{query_step_keys, stepped_row, StepLabels};
use crate::components::count_min_chart::CountMinChart;
use crate::components::count_min_grid::CountMinGrid;
use crate::components::embed_panel::EmbedWidget;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::outcome_panel::{moved_sentence, travel_kind};
use crate::components::state_error::StateError;
use crate::components::widget_parts::{
    dispatch_with, item_field, on_click, widget_heading, ItemField, WidgetProps,
};
use crate::format::{exact, grouped, significant};
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_shortcuts::HistoryKeys;
use crate::pages::{use_widget_page, LinkedPage, LinkedWidget, SiteWidget, WidgetPage};
use crate::share::count_min::{exponent_text, parse_exponent};
use crate::state::count_min::{CountMinAction, CountMinOutcome, CountMinState};
use crate::state::history::{shown_outcome, HistoryMove};
use crate::strings::{Lang, Msg};
use bloom_core::count_min::{
    AddError, CountMinOperation, CountMinParams, Estimate, COUNT_RANGE, DEPTH_RANGE,
    MAX_OPERATIONS, STREAM_LENGTH, WIDTH_RANGE,
};
use bloom_core::decimal::parse_fraction;
use bloom_core::text::shorten;

/// The count-min sketch.
#[component]
pub fn CountMinPage(props: &WidgetProps<CountMinState>) -> Html {
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, CountMinAction::Reset, CountMinAction::History);
    let page = use_widget_page(
        props.embed,
        keys,
        Some(query_step_keys(
            &state,
            (|_| CountMinAction::Query, None),
            CountMinAction::Step,
        )),
    );
    use_keep_in_view(page.outcome_ref.clone(), shown_outcome(&state.outcome));
    // Each step's row, read in the sketch under what happened, in view.
    use_keep_in_view(page.outcome_ref.clone(), state.step);
    let (lang, controls) = (page.lang, page.controls);
    let fields = ShapeFields {
        epsilon: use_state(|| exact(state.sketch.params().written_error().0)),
        delta: use_state(|| exact(state.sketch.params().written_error().1)),
        shape_error: use_state(|| false),
        exponent: use_state(|| exponent_text(state.exponent_tenths)),
        exponent_error: use_state(|| false),
    };
    // ε and δ are the sketch's own once w or d changes (typed, undone, or from a link), unless what
    // is typed there already gives this shape.
    use_effect_with(state.sketch.params(), {
        let (epsilon, delta) = (fields.epsilon.clone(), fields.delta.clone());
        move |params: &CountMinParams| {
            let typed = parse_fraction(&epsilon)
                .zip(parse_fraction(&delta))
                .and_then(|(epsilon, delta)| CountMinParams::from_error(epsilon, delta));
            if typed != Some(*params) {
                let written = params.written_error();
                epsilon.set(exact(written.0));
                delta.set(exact(written.1));
            }
        }
    });
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(CountMinAction::DismissIgnored)
    });

    let sketch = state.sketch.clone();
    let params = sketch.params();
    let typed = (!bloom_core::text::is_blank(&state.text)).then(|| state.text.clone());

    html! {
        <div class={classes!("playground", "count-min", "result-in-view", props.embed.then_some("embedded"))}>
            { widget_heading(lang, Msg::CmsTitle, Msg::CmsIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(&page, &state, &fields) }
            }
            { step_bar(lang, &state) }
            // On the presenter's stage a long outcome, or a large array, scrolls inside its panel
            // (which takes the focus to do so) rather than push the stage past the screen.
            <div class="column main-column">
                <section class="panel array-panel" aria-labelledby="cms-heading" tabindex="0">
                    <h2 id="cms-heading">
                        { lang.text(Msg::CmsGridHeading) }
                        <span class="heading-note">{ format!(" w = {}{}d = {}", params.width, lang.text(Msg::ListSeparator), params.depth) }</span>
                    </h2>
                    <CountMinGrid sketch={sketch.clone()} item={typed} read={state.step} />
                </section>
                if controls.input {
                    <section ref={page.outcome_ref.clone()} class="panel outcome-panel" aria-labelledby="cms-outcome-heading" tabindex="0">
                        <h2 id="cms-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        { outcome(lang, &state) }
                    </section>
                }
                <section class="panel stats-panel" aria-labelledby="cms-stats-heading">
                    <h2 id="cms-stats-heading">{ lang.text(Msg::CmsStatsHeading) }</h2>
                    { stats(lang, &state) }
                </section>
            </div>
            <div class="column side-column">
                <section class="panel" aria-labelledby="cms-chart-heading">
                    <h2 id="cms-chart-heading">{ lang.text(Msg::CmsChartHeading) }</h2>
                    <CountMinChart sketch={sketch.clone()} />
                </section>
                { props.aside.clone() }
            </div>
        </div>
    }
}

/// The text fields whose typing the page keeps until they are applied.
struct ShapeFields {
    epsilon: UseStateHandle<String>,
    delta: UseStateHandle<String>,
    shape_error: UseStateHandle<bool>,
    exponent: UseStateHandle<String>,
    exponent_error: UseStateHandle<bool>,
}

/// The item and stream fields, the sketch's shape (w and d, or ε and δ) and reset/undo/redo, as
/// `controls=` allows.
fn controls_panel(
    page: &WidgetPage,
    state: &UseReducerHandle<CountMinState>,
    fields: &ShapeFields,
) -> Html {
    let (lang, controls) = (page.lang, page.controls);
    let shape_error = *fields.shape_error;
    html! {
        <section class="panel controls" aria-label={lang.text(Msg::CmsTitle)}>
            if controls.input {
                { cms_item_field(lang, state, &page.item_input) }
                { stream_field(lang, state, fields) }
            }
            <div class="params">
                if controls.params {
                    { shape_fields(lang, state, fields) }
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, &page.keys, state.history.can_undo(), state.history.can_redo()) }
                    </div>
                }
            </div>
            if controls.params {
                <p class={if shape_error { "field-error" } else { "hint" }} data-testid="cms-shape-hint">
                    { lang.fill(if shape_error { Msg::CmsFromErrorInvalid } else { Msg::CmsShapeHint }, &[
                        ("w", &grouped(u64::from(*WIDTH_RANGE.end()))), ("d", &DEPTH_RANGE.end().to_string())]) }
                </p>
            }
        </section>
    }
}

/// The item field with its count, Add and Estimate.
fn cms_item_field(lang: Lang, state: &UseReducerHandle<CountMinState>, node: &NodeRef) -> Html {
    let field = ItemField {
        id: "cms-item",
        hint: Some("cms-item-hint"),
        node,
        value: state.text.clone(),
        ontext: dispatch_with(state, CountMinAction::SetText),
        onenter: dispatch_with(state, |()| CountMinAction::Add),
    };
    let on_count = dispatch_with(state, |count: u32| {
        CountMinAction::SetCount(u64::from(count))
    });
    let buttons = html! {
        <>
            <NumberField id="cms-count" testid="cms-count" name="count" label={lang.text(Msg::CmsCountLabel)}
                value={state.count as u32} min={*COUNT_RANGE.start() as u32} max={*COUNT_RANGE.end() as u32} onapply={on_count} />
            <button type="button" class="primary" data-testid="insert-button" onclick={on_click(state, CountMinAction::Add)}>
                { lang.text(Msg::CmsAddButton) }
            </button>
            <button type="button" data-testid="query-button" onclick={on_click(state, CountMinAction::Query)}>
                { lang.text(Msg::CmsEstimateButton) }
            </button>
        </>
    };
    let hint = html! { <p id="cms-item-hint" class="hint">{ lang.text(Msg::CmsItemHint) }</p> };
    item_field(lang, field, buttons, hint)
}

/// A text field whose typing goes to `handle`, kept until it is applied.
fn text_field(handle: &UseStateHandle<String>) -> Callback<InputEvent> {
    let handle = handle.clone();
    Callback::from(move |event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        handle.set(input.value());
    })
}

/// The Zipf exponent and the button that feeds a stream with it.
fn stream_field(lang: Lang, state: &UseReducerHandle<CountMinState>, fields: &ShapeFields) -> Html {
    let on_stream = {
        let (state, exponent, error) = (
            state.clone(),
            fields.exponent.clone(),
            fields.exponent_error.clone(),
        );
        Callback::from(move |_: MouseEvent| match parse_exponent(&exponent) {
            Some(tenths) => {
                error.set(false);
                state.dispatch(CountMinAction::SetExponent(tenths));
                state.dispatch(CountMinAction::Stream);
            }
            None => error.set(true),
        })
    };
    let exponent_error = *fields.exponent_error;
    html! {
        <div class="field stream-field">
            <label for="cms-exponent">{ lang.text(Msg::CmsExponentLabel) }</label>
            <div class="item-row">
                <input id="cms-exponent" type="text" inputmode="decimal" data-testid="cms-exponent" class="short"
                    value={(*fields.exponent).clone()} oninput={text_field(&fields.exponent)}
                    aria-invalid={exponent_error.then_some("true")} aria-describedby="cms-exponent-hint" />
                <button type="button" data-testid="stream-button" onclick={on_stream}>
                    { lang.fill(Msg::CmsStreamButton, &[("count", &grouped(u64::from(STREAM_LENGTH)))]) }
                </button>
            </div>
            <p id="cms-exponent-hint" class={if exponent_error { "field-error" } else { "hint" }} data-testid="cms-exponent-hint">
                { lang.fill(if exponent_error { Msg::CmsExponentError } else { Msg::CmsExponentHint },
                    &[("seed", &state.next_seed().to_string())]) }
            </p>
        </div>
    }
}

/// w and d, and ε and δ with the button that sizes the sketch from them.
fn shape_fields(lang: Lang, state: &UseReducerHandle<CountMinState>, fields: &ShapeFields) -> Html {
    let params = state.sketch.params();
    let shape = |make: fn(CountMinParams, u32) -> CountMinParams| {
        let state = state.clone();
        Callback::from(move |value: u32| {
            let params = make(state.sketch.params(), value);
            state.dispatch(CountMinAction::SetShape(params));
        })
    };
    let on_from_error = {
        let (state, epsilon, delta, error) = (
            state.clone(),
            fields.epsilon.clone(),
            fields.delta.clone(),
            fields.shape_error.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let shape = parse_fraction(&epsilon)
                .zip(parse_fraction(&delta))
                .and_then(|(epsilon, delta)| CountMinParams::from_error(epsilon, delta));
            error.set(shape.is_none());
            if let Some(shape) = shape {
                state.dispatch(CountMinAction::SetShape(shape));
            }
        })
    };
    html! {
        <>
            <NumberField id="cms-width" testid="cms-width" name="w" label={lang.text(Msg::CmsWidthLabel)}
                value={params.width} min={*WIDTH_RANGE.start()} max={*WIDTH_RANGE.end()}
                onapply={shape(|params, width| CountMinParams { width, ..params })} />
            <NumberField id="cms-depth" testid="cms-depth" name="d" label={lang.text(Msg::CmsDepthLabel)}
                value={params.depth} min={*DEPTH_RANGE.start()} max={*DEPTH_RANGE.end()}
                onapply={shape(|params, depth| CountMinParams { depth, ..params })} />
            <div class="field error-fields">
                <label for="cms-epsilon">{ "ε" }</label>
                <input id="cms-epsilon" type="text" inputmode="decimal" class="short" data-testid="cms-epsilon"
                    value={(*fields.epsilon).clone()} oninput={text_field(&fields.epsilon)} />
                <label for="cms-delta">{ "δ" }</label>
                <input id="cms-delta" type="text" inputmode="decimal" class="short" data-testid="cms-delta"
                    value={(*fields.delta).clone()} oninput={text_field(&fields.delta)} />
                <button type="button" data-testid="cms-from-error" onclick={on_from_error}>
                    { lang.text(Msg::CmsFromError) }
                </button>
            </div>
        </>
    }
}

fn outcome(lang: Lang, state: &CountMinState) -> Html {
    // Before its last row the estimate is not yet known: the panel says where the steps are.
    if let (Some(done), Some(CountMinOutcome::Estimated { text, .. })) =
        (state.step, &state.outcome)
    {
        if done < state.steps() {
            let line = lang.fill(
                Msg::CmsSteppingQuery,
                &[
                    ("item", &lang.quote(&shorten(text, 40))),
                    ("done", &done.to_string()),
                    ("d", &state.steps().to_string()),
                ],
            );
            return html! { <p data-testid="step-outcome">{ line }</p> };
        }
    }
    let Some(outcome) = &state.outcome else {
        return html! { <div class="outcome" data-testid="cms-outcome" data-kind="none"><p>{ lang.text(Msg::CmsEmpty) }</p></div> };
    };
    let reading = |text: &str, estimate: &Estimate, added: Option<u64>| {
        estimate_reading(lang, state, text, estimate, added)
    };
    let (kind, body) = match outcome {
        CountMinOutcome::Added {
            text,
            count,
            estimate,
        } => ("added", reading(text, estimate, Some(*count))),
        CountMinOutcome::Estimated { text, estimate } => {
            ("estimated", reading(text, estimate, None))
        }
        CountMinOutcome::AddRefused(error) => (
            "refused",
            html! { <p class="error">{ match error {
                AddError::Full =>
                    lang.fill(Msg::CmsFull, &[("limit", &grouped(MAX_OPERATIONS as u64))]),
                _ => lang.text(Msg::CmsAddBlank).to_owned(),
            } }</p> },
        ),
        CountMinOutcome::QueryRefused => (
            "refused",
            html! { <p class="error">{ lang.text(Msg::CmsQueryBlank) }</p> },
        ),
        CountMinOutcome::Streamed {
            seed,
            exponent_tenths,
            distinct,
        } => (
            "streamed",
            html! { <p data-testid="cms-streamed">{ lang.fill(Msg::CmsStreamed, &[
                ("count", &grouped(u64::from(STREAM_LENGTH))),
                ("s", &exponent_text(*exponent_tenths)),
                ("seed", &seed.to_string()),
                ("distinct", &grouped(*distinct as u64)),
            ]) }</p> },
        ),
        CountMinOutcome::Reset => ("reset", html! { <p>{ lang.text(Msg::CmsReset) }</p> }),
        CountMinOutcome::Rebuilt => ("rebuilt", html! { <p>{ lang.text(Msg::CmsRebuilt) }</p> }),
        CountMinOutcome::Travelled(step) => (travel_kind(step), travelled(lang, step)),
    };
    html! { <div class="outcome" data-testid="cms-outcome" data-kind={kind} aria-live="polite">{ body }</div> }
}

/// When every row puts `text` in one column (its h2 a multiple of w), why: what looks like a
/// bug is the rows' one double hash, and the estimate is one counter's.
fn one_column(lang: Lang, state: &CountMinState, text: &str, item: &str) -> Html {
    let params = state.sketch.params();
    let columns = params.columns(text);
    match columns.split_first() {
        Some((&column, rest)) if !rest.is_empty() && rest.iter().all(|&other| other == column) => {
            html! {
                <p class="note one-column" data-testid="cms-one-column">{ lang.fill(Msg::CmsOneColumn, &[
                    ("d", &params.depth.to_string()), ("item", item), ("column", &column.to_string()), ("w", &params.width.to_string()),
                ]) }</p>
            }
        }
        _ => Html::default(),
    }
}

/// An item's estimate read from its d counters, beside its true count and the bound; after an add,
/// what was added first.
fn estimate_reading(
    lang: Lang,
    state: &CountMinState,
    text: &str,
    estimate: &Estimate,
    added: Option<u64>,
) -> Html {
    let item = lang.quote(&shorten(text, 60));
    let counters: Vec<String> = estimate
        .counters
        .iter()
        .map(|value| grouped(*value))
        .collect();
    let over = estimate.estimate - estimate.truth;
    html! {
        <>
            if let Some(count) = added {
                <p>{ lang.plural(Msg::CmsAdded, count, &[("item", &item), ("count", &grouped(count))]) }</p>
            }
            <p>
                { lang.fill(Msg::CmsEstimateOf, &[("item", &item), ("d", &state.sketch.params().depth.to_string()),
                    ("counters", &counters.join(lang.text(Msg::ListSeparator)))]) }
                { lang.punctuation_gap() }
                <strong data-testid="cms-estimate" data-value={estimate.estimate.to_string()}>{ grouped(estimate.estimate) }</strong>
            </p>
            <p>
                { lang.text(Msg::CmsTrueCount) }{ lang.punctuation_gap() }
                <strong data-testid="cms-true" data-value={estimate.truth.to_string()}>{ grouped(estimate.truth) }</strong>
                { lang.punctuation_gap() }
                { if over == 0 {
                    lang.text(Msg::CmsExact).to_owned()
                } else {
                    lang.fill(Msg::CmsOverBy, &[("over", &grouped(over)), ("bound", &significant(state.sketch.bound()))])
                } }
            </p>
            if estimate.truth == 0 && estimate.estimate > 0 {
                <p class="warning">{ lang.text(Msg::CmsNeverAdded) }</p>
            }
            { one_column(lang, state, text, &item) }
        </>
    }
}

fn stats(lang: Lang, state: &CountMinState) -> Html {
    let sketch = &state.sketch;
    let params = sketch.params();
    let rows = [
        ("cms-total", Msg::CmsStatTotal, grouped(sketch.total())),
        (
            "cms-distinct",
            Msg::CmsStatDistinct,
            grouped(sketch.distinct() as u64),
        ),
        (
            "cms-counters",
            Msg::CmsStatCounters,
            grouped(u64::from(params.width) * u64::from(params.depth)),
        ),
        (
            "cms-epsilon-value",
            Msg::CmsStatEpsilon,
            significant(params.epsilon()),
        ),
        (
            "cms-delta-value",
            Msg::CmsStatDelta,
            lang.percent(params.delta()),
        ),
        ("cms-bound", Msg::CmsStatBound, significant(sketch.bound())),
    ];
    html! {
        <dl class="stats" data-testid="cms-stats">
            { for rows.into_iter().map(|(testid, label, value)| html! {
                <div class="stat"><dt>{ lang.text(label) }</dt><dd data-testid={testid}>{ value }</dd></div>
            }) }
        </dl>
    }
}

/// The step-through of the last estimate: a button to start it, then one row at a time.
fn step_bar(lang: Lang, state: &UseReducerHandle<CountMinState>) -> Html {
    let Some(CountMinOutcome::Estimated { text, estimate }) = &state.outcome else {
        return Html::default();
    };
    stepped_row(lang, &STEP_LABELS, (state, CountMinAction::Step), |step| {
        step_line(lang, text, estimate, step)
    })
}

/// The count-min step-through's words.
const STEP_LABELS: StepLabels = StepLabels {
    start: Msg::CmsStepButton,
    previous: Msg::CmsStepPrevious,
    next: Msg::CmsStepNext,
    done: Msg::CmsStepDone,
};

/// What the step-through of the estimate of `text` says at `step`: before it, the columns it reads;
/// then row `step`'s counter and the least read so far.
fn step_line(lang: Lang, text: &str, estimate: &Estimate, step: usize) -> String {
    let Some(row) = step
        .checked_sub(1)
        .filter(|&row| row < estimate.columns.len())
    else {
        let item = lang.quote(&shorten(text, 40));
        let columns = lang.list(&estimate.columns);
        return lang.fill(
            Msg::CmsStepBefore,
            &[("item", &item), ("columns", &columns)],
        );
    };
    let least = estimate.counters[..=row]
        .iter()
        .min()
        .copied()
        .unwrap_or_default();
    lang.fill(
        Msg::CmsStepRow,
        &[
            ("row", &row.to_string()),
            ("column", &estimate.columns[row].to_string()),
            ("value", &grouped(estimate.counters[row])),
            ("least", &grouped(least)),
        ],
    )
}

impl LinkedPage for CountMinPage {
    type State = CountMinState;
    const WIDGET: EmbedWidget = EmbedWidget::CountMin;
}

/// The sketch as the site shows it: saved, and in the link.
pub type SiteCountMin = SiteWidget<CountMinPage>;

/// The sketch as a link opens it, saving nothing: the embedded widget.
pub type LinkedCountMin = LinkedWidget<CountMinPage>;

/// What Undo or Redo took back or made again.
fn travelled(lang: Lang, step: &HistoryMove<CountMinOperation>) -> Html {
    let name = |operation: &CountMinOperation| match operation {
        CountMinOperation::Add { text, count } => lang.plural(
            Msg::CmsOpAdd,
            *count,
            &[
                ("count", &grouped(*count)),
                ("item", &lang.quote(&shorten(text, 40))),
            ],
        ),
        CountMinOperation::Stream { .. } => lang.fill(
            Msg::CmsOpStream,
            &[("count", &grouped(u64::from(STREAM_LENGTH)))],
        ),
    };
    let whole = (Msg::CountingUndone, Msg::CountingRedone);
    html! { <p data-testid="travel-outcome">{ moved_sentence(lang, step, name, whole) }</p> }
}

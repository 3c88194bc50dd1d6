//! The count-min sketch page: add items with counts, estimate how often an item came against its
//! true count, size the sketch from ε and δ, and feed Zipf-distributed streams of words to see each
//! word's over-estimate against the bound ε·N. All state lives in one reducer
//! ([`crate::state::count_min`]) and in the link.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::count_min_chart::CountMinChart;
use crate::components::count_min_grid::CountMinGrid;
use crate::components::embed_panel::EmbedWidget;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::site_links::SiteLinks;
use crate::components::state_error::StateError;
use crate::embed::Controls;
use crate::format::{grouped, percent, significant};
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_shortcuts::{focus_field, use_shortcuts};
use crate::options::PageOptions;
use crate::share::count_min::{exponent_text, parse_exponent};
use crate::shortcuts::Shortcut;
use crate::state::count_min::{CountMinAction, CountMinOutcome, CountMinState};
use crate::strings::{Lang, Msg};
use bloom_core::count_min::{
    CountMinParams, COUNT_RANGE, DEPTH_RANGE, MAX_OPERATIONS, STREAM_LENGTH, WIDTH_RANGE,
};
use bloom_core::decimal::parse_fraction;
use bloom_core::text::shorten;

/// Props of [`CountMinPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct CountMinPageProps {
    /// The state.
    pub state: UseReducerHandle<CountMinState>,
    /// Embedded: controls as the link says.
    #[prop_or_default]
    pub embed: bool,
    /// What the site shows beside the widget (its link, the way to embed it, the other page); a
    /// prop, so the embedded widget does not carry its code.
    #[prop_or_default]
    pub aside: Html,
}

/// The count-min sketch.
#[component]
pub fn CountMinPage(props: &CountMinPageProps) -> Html {
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
    {
        let (state, item_input) = (state.clone(), item_input.clone());
        use_shortcuts(Callback::from(move |shortcut| {
            let action = match shortcut {
                Shortcut::FocusItem => {
                    focus_field(&item_input);
                    return true;
                }
                Shortcut::Reset => CountMinAction::Reset,
                Shortcut::Undo => CountMinAction::Undo,
                Shortcut::Redo => CountMinAction::Redo,
                _ => return false,
            };
            state.dispatch(action);
            true
        }));
    }
    let epsilon = use_state(|| "0.01".to_owned());
    let delta = use_state(|| "0.01".to_owned());
    let shape_error = use_state(|| false);
    let exponent = use_state(|| exponent_text(state.exponent_tenths));
    let exponent_error = use_state(|| false);
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(CountMinAction::DismissIgnored)
    });

    let sketch = state.sketch.clone();
    let params = sketch.params();
    let typed = (!bloom_core::text::is_blank(&state.text)).then(|| state.text.clone());
    let fields = ShapeFields {
        epsilon,
        delta,
        shape_error,
        exponent,
        exponent_error,
    };

    html! {
        <div class={classes!("playground", "count-min", props.embed.then_some("embedded"))}>
            if props.embed {
                // Inside someone's post the widget needs no title on screen, but its page has one.
                <h1 class="visually-hidden">{ lang.text(Msg::CmsTitle) }</h1>
            } else {
                <div class="page-intro">
                    <h1>{ lang.text(Msg::CmsTitle) }</h1>
                    <p class="intro">{ lang.text(Msg::CmsIntro) }</p>
                </div>
            }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(lang, &state, controls, &item_input, &fields) }
            }
            <div class="column main-column">
                <section class="panel array-panel" aria-labelledby="cms-heading">
                    <h2 id="cms-heading">
                        { lang.text(Msg::CmsGridHeading) }
                        <span class="heading-note">{ format!(" w = {}{}d = {}", params.width, lang.text(Msg::ListSeparator), params.depth) }</span>
                    </h2>
                    <CountMinGrid sketch={sketch.clone()} item={typed} />
                </section>
                if controls.input {
                    <section ref={outcome_ref} class="panel outcome-panel" aria-labelledby="cms-outcome-heading">
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

fn controls_panel(
    lang: Lang,
    state: &UseReducerHandle<CountMinState>,
    controls: Controls,
    item_input: &NodeRef,
    fields: &ShapeFields,
) -> Html {
    let params = state.sketch.params();
    let dispatch = |action: CountMinAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            state.dispatch(CountMinAction::SetText(input.value()));
        })
    };
    let onkeydown = {
        let (state, item_input) = (state.clone(), item_input.clone());
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && !event.is_composing() {
                event.prevent_default();
                state.dispatch(CountMinAction::Add);
                if let Some(input) = item_input.cast::<HtmlInputElement>() {
                    input.select();
                }
            }
        })
    };
    let on_count = {
        let state = state.clone();
        Callback::from(move |count: u32| state.dispatch(CountMinAction::SetCount(u64::from(count))))
    };
    let shape = |make: fn(CountMinParams, u32) -> CountMinParams| {
        let state = state.clone();
        Callback::from(move |value: u32| {
            let params = make(state.sketch.params(), value);
            state.dispatch(CountMinAction::SetShape(params));
        })
    };
    let text_field = |handle: &UseStateHandle<String>| {
        let handle = handle.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            handle.set(input.value());
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
    let shape_error = *fields.shape_error;
    let exponent_error = *fields.exponent_error;
    html! {
        <section class="panel controls" aria-label={lang.text(Msg::CmsTitle)}>
            if controls.input {
                <div class="field item-field">
                    <label for="cms-item">{ lang.text(Msg::ItemLabel) }</label>
                    <div class="item-row">
                        <input ref={item_input.clone()} id="cms-item" type="text" data-testid="item-input"
                            autocomplete="off" spellcheck="false" placeholder={lang.text(Msg::ItemPlaceholder)}
                            aria-describedby="cms-item-hint" value={state.text.clone()} {oninput} {onkeydown} />
                        <NumberField id="cms-count" testid="cms-count" name="count" label={lang.text(Msg::CmsCountLabel)}
                            value={state.count as u32} min={*COUNT_RANGE.start() as u32} max={*COUNT_RANGE.end() as u32} onapply={on_count} />
                        <button type="button" class="primary" data-testid="insert-button" onclick={dispatch(CountMinAction::Add)}>
                            { lang.text(Msg::CmsAddButton) }
                        </button>
                        <button type="button" data-testid="query-button" onclick={dispatch(CountMinAction::Query)}>
                            { lang.text(Msg::CmsEstimateButton) }
                        </button>
                    </div>
                    <p id="cms-item-hint" class="hint">{ lang.text(Msg::CmsItemHint) }</p>
                </div>
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
            <div class="params">
                if controls.params {
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
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, dispatch(CountMinAction::Reset), dispatch(CountMinAction::Undo), dispatch(CountMinAction::Redo), !state.undo.is_empty(), !state.redo.is_empty()) }
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

fn outcome(lang: Lang, state: &CountMinState) -> Html {
    let Some(outcome) = &state.outcome else {
        return html! { <div class="outcome" data-testid="cms-outcome" data-kind="none"><p>{ lang.text(Msg::CmsEmpty) }</p></div> };
    };
    let params = state.sketch.params();
    let reading = |text: &str, estimate: &bloom_core::count_min::Estimate, added: Option<u64>| {
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
                    <p>{ lang.fill(Msg::CmsAdded, &[("item", &item), ("count", &grouped(count))]) }</p>
                }
                <p>
                    { lang.fill(Msg::CmsEstimateOf, &[("item", &item), ("d", &params.depth.to_string()),
                        ("counters", &counters.join(lang.text(Msg::ListSeparator)))]) }
                    { " " }
                    <strong data-testid="cms-estimate" data-value={estimate.estimate.to_string()}>{ grouped(estimate.estimate) }</strong>
                </p>
                <p>
                    { lang.text(Msg::CmsTrueCount) }{ " " }
                    <strong data-testid="cms-true" data-value={estimate.truth.to_string()}>{ grouped(estimate.truth) }</strong>
                    { " " }
                    { if over == 0 {
                        lang.text(Msg::CmsExact).to_owned()
                    } else {
                        lang.fill(Msg::CmsOverBy, &[("over", &grouped(over)), ("bound", &significant(state.sketch.bound()))])
                    } }
                </p>
                if estimate.truth == 0 && estimate.estimate > 0 {
                    <p class="warning">{ lang.text(Msg::CmsNeverAdded) }</p>
                }
            </>
        }
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
                bloom_core::count_min::AddError::Full =>
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
        CountMinOutcome::Undone => (
            "undone",
            html! { <p>{ lang.text(Msg::CountingUndone) }</p> },
        ),
        CountMinOutcome::Redone => (
            "redone",
            html! { <p>{ lang.text(Msg::CountingRedone) }</p> },
        ),
    };
    html! { <div class="outcome" data-testid="cms-outcome" data-kind={kind} aria-live="polite">{ body }</div> }
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
            percent(params.delta()),
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

/// The sketch as the site shows it: saved, and in the link.
#[component]
pub fn SiteCountMin() -> Html {
    let state = use_linked::<CountMinState>(None, true);
    let query = AttrValue::from(<CountMinState as Linked>::to_query(&state));
    html! {
        <CountMinPage {state} aside={html! { <SiteLinks {query} widget={EmbedWidget::CountMin} /> }} />
    }
}

/// Props of [`LinkedCountMin`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedCountMinProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The sketch as a link opens it, saving nothing: the embedded widget.
#[component]
pub fn LinkedCountMin(props: &LinkedCountMinProps) -> Html {
    let state = use_linked::<CountMinState>(props.preset.clone(), false);
    html! { <CountMinPage {state} embed=true /> }
}

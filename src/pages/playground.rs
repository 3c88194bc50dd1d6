//! The playground page: type an item, watch it hashed, insert it or query it, and see the bits, the
//! verdict and the statistics change. All state lives in one reducer ([`crate::state`]).

pub mod site_parts;
pub mod slots;

use web_sys::Element;
use yew::prelude::*;

use crate::components::bit_array::BitArray;
use crate::components::hash_workings::HashWorkings;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::outcome_panel::OutcomePanel;
use crate::components::state_error::StateError;
use crate::components::step_through::StepThrough;
use crate::components::widget_parts::{
    dispatch_with, insert_query_buttons, item_field, on_click, scheme_select, widget_heading,
    ItemField,
};
use crate::embed::Controls;
use crate::format::grouped;
use crate::hooks::use_embed::use_state_report;
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_saved_playground::{use_linked_playground, use_saved_playground};
use crate::hooks::use_shortcuts::{focus_field, use_remote_paging, use_shortcuts, HistoryKeys};
use crate::pages::{use_widget_page, WidgetPage};
use crate::share::{to_query, LinkedSteps, SharedState};
use crate::shortcuts::Shortcut;
use crate::state::history::shown_outcome;
use crate::state::playground::{Outcome, PlaygroundAction, PlaygroundState};
use crate::state::step_through::{StepAction, StepKind, StepSession, StepState};
use crate::strings::{Lang, Msg};
use bloom_core::hashing::HashScheme;
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::text::{is_blank, shorten};
use bloom_core::words::SEED_RANGE;
use slots::{PartInput, Slot};

/// Props of [`PlaygroundPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlaygroundPageProps {
    /// Shown as an embedded widget: no secondary panels, controls as the link says, nothing saved.
    #[prop_or_default]
    pub embed: bool,
    /// Part of another page (a tutorial chapter): no heading or introduction of its own.
    #[prop_or_default]
    pub inline: bool,
    /// The playground's state (from [`use_saved_playground`] on the site, from the link alone
    /// elsewhere).
    pub state: UseReducerHandle<PlaygroundState>,
    /// The site's own panels (statistics, items, chart, sharing), drawn into their places. A
    /// callback rather than a flag, so the embed entry, which passes none, does not carry their code.
    #[prop_or_default]
    pub parts: Option<Callback<PartInput, Html>>,
    /// A guided sequence of queries (a tutorial chapter's): one button each, in order.
    #[prop_or_default]
    pub tour: Vec<AttrValue>,
    /// Told where a step-through is, whenever that changes (`None` when none is part-way), for the
    /// site's link.
    #[prop_or_default]
    pub onsteps: Option<Callback<Option<LinkedSteps>>>,
    /// In a chapter, the widget's state as a link's query (`data-link-state`): a presented
    /// chapter's QR code carries it, so a student's phone opens what the wall shows.
    #[prop_or_default]
    pub link_state: Option<AttrValue>,
}

/// The interactive playground.
#[component]
pub fn PlaygroundPage(props: &PlaygroundPageProps) -> Html {
    let embed = props.embed || props.inline;
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, PlaygroundAction::Reset, PlaygroundAction::History);
    let WidgetPage {
        lang,
        controls,
        item_input,
        outcome_ref: outcome_panel,
        ..
    } = use_widget_page(embed, keys.clone(), None);

    let playground = state.playground.clone();
    let params = playground.params();
    let steps = use_step_through(&state, props.onsteps.clone());
    let start_steps = start_steps(&steps, &state, &item_input);
    use_step_keys(item_input.clone(), start_steps.clone());
    let session = steps.session.as_ref();
    let stepping = session.is_some();
    // Before the result step the action has not happened: the outcome says where the steps are.
    let in_progress = session.filter(|session| !session.finished());
    // After an action, and when a step-through starts, what happened comes into view.
    use_keep_in_view(outcome_panel.clone(), shown_outcome(&state.outcome));
    // When a step-through starts, and when it closes (on a phone the panel's place goes with it,
    // and the page moves): what it did comes into view.
    use_keep_in_view(outcome_panel.clone(), steps.runs());
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(PlaygroundAction::DismissIgnored)
    });

    let part = |slot: Slot| -> Html {
        props.parts.as_ref().map_or_else(Html::default, |parts| {
            parts.emit(PartInput {
                slot,
                playground: playground.clone(),
                seed: state.seed,
                dispatcher: state.dispatcher(),
            })
        })
    };
    let handlers = use_control_handlers(state.clone(), start_steps, keys);

    html! {
        <div class={classes!("playground", embed.then_some("embedded"))} data-link-state={props.link_state.clone()}>
            if !props.inline {
                { widget_heading(lang, Msg::PlaygroundTitle, Msg::PlaygroundIntro) }
            }

            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            // Embedded, the step-through opens over the controls, in their place: the host page
            // does not move under the reader, and the buttons stay where they are from step to step.
            // On a phone the item panel stays at the top of the screen (and the step-through over
            // it), so the field, the verdict and the bits are on one screen after every action.
            <div class="stage">
                { controls_panels(lang, &state, ControlsView { controls, embed, covered: embed && stepping, summary: part(Slot::Stage) }, &item_input, handlers, &props.tour, html! { <StepThrough state={steps.clone()} /> }) }
            </div>

            <div class="column main-column">
                <section class="panel array-panel" aria-labelledby="array-heading">
                    { bit_array(lang, &state, session) }
                    { part(Slot::ArrayTools) }
                </section>

                if controls.input {
                // Embedded and on the presenter's stage, a fixed height that scrolls inside (and takes
                // the focus to do so): what happened never moves the page around it.
                <section ref={outcome_panel} class="panel outcome-panel" aria-labelledby="outcome-heading"
                    tabindex="0">
                    <h2 id="outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                    if let Some(session) = in_progress {
                        <p data-testid="step-outcome">{ stepping_text(lang, session) }</p>
                    } else {
                        <OutcomePanel outcome={state.outcome.clone()} playground={playground.clone()} text={state.text.clone()} />
                    }
                </section>
                }

                { part(Slot::Stats) }

                if controls.input {
                // Open on the site; folded in a post, opened only by the reader, so typing does not
                // grow the frame.
                <details class="panel workings-panel" open={!embed}>
                    <summary><h2 id="workings-heading">{ lang.text(Msg::WorkingsHeading) }</h2></summary>
                    <HashWorkings text={state.text.clone()} params={params} />
                </details>
                }

                { part(Slot::Items) }
            </div>
            { part(Slot::Side) }
        </div>
    }
}

/// Where a step-through is, for the outcome panel while the action has not happened yet.
fn stepping_text(lang: Lang, session: &StepSession) -> String {
    lang.fill(
        match session.kind {
            StepKind::Insert => Msg::OutcomeSteppingInsert,
            StepKind::Query => Msg::OutcomeSteppingQuery,
        },
        &[
            ("item", &shorten(&session.text, 40)),
            ("i", &(session.position + 1).to_string()),
            ("n", &session.count().to_string()),
        ],
    )
}

/// The array's heading and the array, with the typed text's probes, the bits the last action set
/// and the step-through's bit marked. While stepping, only the indexes the steps have reached are
/// marked, and the filter is the one the steps read, as it was before the action: nothing changes
/// before the last step, nor after it when the steps go back from the result.
fn bit_array(lang: Lang, state: &PlaygroundState, session: Option<&StepSession>) -> Html {
    let playground = match session {
        Some(session) if !session.finished() => &session.playground,
        _ => &state.playground,
    };
    let params = playground.params();
    let stats = playground.stats();
    let probes = match session {
        Some(session) => {
            let mut shown = session.playground.filter().indexes(&session.text);
            shown.truncate(session.revealed());
            shown
        }
        None if is_blank(&state.text) => Vec::new(),
        None => playground.filter().indexes(&state.text),
    };
    let step_bit = session.and_then(StepSession::bit);
    // An insert's new bits are marked until another word is typed: then the outlines are that
    // word's, and "new" beside them would belong to another item.
    let typed_other = |insertion: &bloom_core::playground::Insertion| {
        !is_blank(&state.text)
            && playground
                .items()
                .get(insertion.item)
                .map(|item| item.text.as_str())
                != Some(state.text.as_str())
    };
    let new_bits = match (session, state.outcome.as_ref()) {
        (Some(session), _) if !session.finished() => Vec::new(),
        (None, Some(Outcome::Inserted(insertion))) if typed_other(insertion) => Vec::new(),
        (_, Some(outcome)) => outcome.newly_set().to_vec(),
        _ => Vec::new(),
    };
    html! {
        <>
            <h2 id="array-heading">
                { lang.text(Msg::ArrayHeading) }
                // No break inside "m = 16" or "k = 3" (a phone wrapped "k = | 3"); only between them.
                <span class="heading-note">{ format!(" m\u{a0}=\u{a0}{}{}k\u{a0}=\u{a0}{}", grouped(u64::from(params.bits)), lang.text(Msg::ListSeparator), params.hashes) }</span>
                // On the presenter's stage, where the statistics are folded away: n and X too.
                <span class="stage-stats" data-testid="stage-stats">{ format!("{}n\u{a0}=\u{a0}{}{}X\u{a0}=\u{a0}{}",
                    lang.text(Msg::ListSeparator), grouped(stats.items), lang.text(Msg::ListSeparator), grouped(u64::from(stats.set_bits))) }</span>
            </h2>
            <BitArray playground={playground.clone()} {probes} {new_bits} {step_bit} />
        </>
    }
}

/// The playground as the site shows it, with every panel, its state saved and in the link.
#[component]
pub fn SitePlayground() -> Html {
    let steps = use_state(|| None);
    let state = use_saved_playground(None, (*steps).clone());
    use_remote_paging();
    let parts = use_memo((), |()| Callback::from(site_parts::site_part));
    let onsteps = use_callback(steps.setter(), |linked, steps| steps.set(linked));
    html! { <PlaygroundPage {state} parts={Some((*parts).clone())} onsteps={Some(onsteps)} /> }
}

/// Props of [`ChapterPlayground`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct ChapterPlaygroundProps {
    /// The state to start from when the link has none.
    #[prop_or_default]
    pub preset: Option<SharedState>,
    /// A guided sequence of queries, one button each.
    #[prop_or_default]
    pub tour: Vec<AttrValue>,
}

/// The playground widget embedded in another page, as its link opens it, saving nothing; what the
/// author does in it goes to the page around (the embed page's preview).
#[component]
pub fn EmbeddedPlayground() -> Html {
    let (state, _) = use_linked_playground(None, false);
    use_state_report(Some(to_query(&SharedState::of(
        &state.playground,
        state.seed,
    ))));
    html! { <PlaygroundPage {state} embed=true /> }
}

/// A tutorial chapter's playground, as its link opens it (else from `preset`), saving nothing: its
/// state with the last query and a step-through part-way is on the widget (`data-link-state`), where
/// a presented chapter's QR code finds it, so a student's phone opens what the wall shows.
#[component]
pub fn ChapterPlayground(props: &ChapterPlaygroundProps) -> Html {
    let (state, _) = use_linked_playground(props.preset.clone(), false);
    let steps = use_state(|| None::<LinkedSteps>);
    let onsteps = use_callback(steps.setter(), |linked, steps| steps.set(linked));
    let link_state = AttrValue::from(to_query(&SharedState {
        query: state.last_query(),
        steps: (*steps).clone(),
        ..SharedState::of(&state.playground, state.seed)
    }));
    html! { <PlaygroundPage {state} inline=true tour={props.tour.clone()} {onsteps} {link_state} /> }
}

/// What the controls do, made by the page (some are hooks, which only the component may call).
struct ControlHandlers {
    on_bits: Callback<u32>,
    on_hashes: Callback<u32>,
    on_scheme: Callback<HashScheme>,
    on_seed: Callback<u32>,
    step_insert: Callback<MouseEvent>,
    step_query: Callback<MouseEvent>,
    keys: HistoryKeys,
}

/// Which control groups show, and how.
struct ControlsView {
    /// The groups the link's `controls=` allows.
    controls: Controls,
    /// Embedded: no hint below.
    embed: bool,
    /// Covered by the step-through (embedded): out of reach of the keyboard until it closes.
    covered: bool,
    /// Under the step buttons: what the site shows on the presenter's stage ([`Slot::Stage`]).
    summary: Html,
}

/// The item field with Insert and Query; then `step_through` (where the eye is, under the field);
/// then the step buttons, m, k and the scheme, the random words, and reset/undo/redo — each group
/// as the link's `controls=` allows.
fn controls_panels(
    lang: Lang,
    state: &UseReducerHandle<PlaygroundState>,
    view: ControlsView,
    item_input: &NodeRef,
    handlers: ControlHandlers,
    tour: &[AttrValue],
    step_through: Html,
) -> Html {
    let ControlsView {
        controls,
        embed,
        covered,
        summary,
    } = view;
    let params = state.playground.params();
    html! {
        <>
            if controls.input {
            <section class="panel controls item-panel" aria-label={lang.text(Msg::ItemLabel)} inert={covered}>
                { playground_item_field(lang, state, item_input) }
            </section>
            }
            { step_through }
            if controls.any() {
            <section class="panel controls settings-panel" aria-label={lang.text(Msg::PlaygroundTitle)} inert={covered}>
                if controls.input {
                    { step_buttons(lang, state, &handlers, tour) }
                    { summary }
                }
                <div class="params">
                    if controls.params {
                    <NumberField id="m-input" testid="m-input" name="m" label={lang.text(Msg::BitsLabel)}
                        value={params.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={handlers.on_bits} />
                    <NumberField id="k-input" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                        value={params.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={handlers.on_hashes} />
                    { scheme_select(lang, "scheme-select", params.scheme, handlers.on_scheme) }
                    }
                    if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, &handlers.keys, state.history.can_undo(), state.history.can_redo()) }
                    </div>
                    }
                    // The seed picks the random words and nothing else, so it sits with their button.
                    if controls.random {
                    <div class="random-words">
                        <NumberField id="seed-input" testid="seed-input" name={lang.text(Msg::SeedLabel)} label={lang.text(Msg::SeedLabel)}
                            value={state.seed} min={*SEED_RANGE.start()} max={*SEED_RANGE.end()} onapply={handlers.on_seed} />
                        <button type="button" data-testid="random-words-button" onclick={on_click(state, PlaygroundAction::AddRandomWords)}>
                            { lang.text(Msg::RandomWordsButton) }
                        </button>
                    </div>
                    }
                </div>
                if !embed {
                    <p class="hint">{ lang.text(Msg::ParamsHint) }{ lang.punctuation_gap() }{ lang.text(Msg::SeedHint) }</p>
                }
            </section>
            }
        </>
    }
}

/// The item field with Insert and Query (Enter inserts).
fn playground_item_field(
    lang: Lang,
    state: &UseReducerHandle<PlaygroundState>,
    node: &NodeRef,
) -> Html {
    let field = ItemField {
        id: "item-input",
        hint: Some("item-hint"),
        node,
        value: state.text.clone(),
        ontext: dispatch_with(state, PlaygroundAction::SetText),
        onenter: dispatch_with(state, |()| PlaygroundAction::Insert),
    };
    let buttons = insert_query_buttons(
        lang,
        on_click(state, PlaygroundAction::Insert),
        on_click(state, PlaygroundAction::Query),
    );
    item_field(lang, field, buttons, Html::default())
}

/// A tutorial's guided queries, the step-through's buttons and the item field's hint.
fn step_buttons(
    lang: Lang,
    state: &UseReducerHandle<PlaygroundState>,
    handlers: &ControlHandlers,
    tour: &[AttrValue],
) -> Html {
    html! {
        <>
            if !tour.is_empty() {
                { tour_buttons(lang, state, tour) }
            }
            <div class="step-row">
                <button type="button" data-testid="step-insert-button" onclick={handlers.step_insert.clone()}>
                    { lang.text(Msg::StepInsertButton) }
                </button>
                <button type="button" data-testid="step-query-button" onclick={handlers.step_query.clone()}>
                    { lang.text(Msg::StepQueryButton) }
                </button>
            </div>
            <p id="item-hint" class="hint">{ lang.text(Msg::ItemHint) }</p>
        </>
    }
}

/// A guided sequence of queries: one button each, which types the word and queries it.
fn tour_buttons(lang: Lang, state: &UseReducerHandle<PlaygroundState>, tour: &[AttrValue]) -> Html {
    html! {
        <div class="tour" role="group" aria-labelledby="tour-label" data-testid="query-tour">
            <span id="tour-label" class="tour-label">{ lang.text(Msg::TourLabel) }</span>
            { for tour.iter().enumerate().map(|(step, word)| {
                let onclick = {
                    let (state, word) = (state.clone(), word.to_string());
                    Callback::from(move |_: MouseEvent| {
                        state.dispatch(PlaygroundAction::SetText(word.clone()));
                        state.dispatch(PlaygroundAction::Query);
                    })
                };
                html! {
                    <button type="button" class="small" data-testid="tour-step" {onclick}>
                        { lang.fill(Msg::TourQuery, &[("n", &(step + 1).to_string()), ("item", &lang.quote(word))]) }
                    </button>
                }
            }) }
        </div>
    }
}

/// The step-through's state; on reaching the result step the real insert or query happens, once
/// per run. The steps are shown from the filter as it is when they start; a link's step-through
/// opens at its step, and `onsteps` is told where a step-through is whenever that changes.
#[hook]
fn use_step_through(
    state: &UseReducerHandle<PlaygroundState>,
    onsteps: Option<Callback<Option<LinkedSteps>>>,
) -> UseReducerHandle<StepState> {
    let dispatcher = state.dispatcher();
    let steps = use_reducer(StepState::default);
    let linked = steps.session.as_ref().map(StepSession::linked);
    use_effect_with((linked, onsteps), |(linked, onsteps)| {
        if let Some(onsteps) = onsteps {
            onsteps.emit(linked.clone());
        }
    });
    {
        let (steps, playground) = (steps.dispatcher(), state.playground.clone());
        use_effect_with(state.opened_steps.clone(), move |opened| {
            if let Some(linked) = opened {
                steps.dispatch(StepAction::Open(playground, linked.clone()));
            }
        });
    }
    let finished = steps
        .session
        .as_ref()
        .filter(|session| session.finished())
        .map(|session| (session.run, session.kind));
    // Once a run: stepped back from the result and on to it again, the item is not inserted twice.
    let acted = use_mut_ref(|| 0);
    use_effect_with((finished, dispatcher), move |(finished, dispatcher)| {
        if let Some((run, kind)) = *finished {
            if acted.replace(run) != run {
                dispatcher.dispatch(match kind {
                    StepKind::Insert => PlaygroundAction::Insert,
                    StepKind::Query => PlaygroundAction::Query,
                });
            }
        }
    });
    // Undo, Redo or Reset change the filter the steps were drawn from: the steps close.
    let travelled = matches!(
        state.outcome,
        Some(Outcome::Undone(_) | Outcome::Redone(_) | Outcome::Reset { .. })
    );
    let filter_now = std::rc::Rc::as_ptr(&state.playground) as usize;
    {
        let steps = steps.dispatcher();
        use_effect_with((filter_now, travelled), move |&(_, travelled)| {
            if travelled {
                steps.dispatch(StepAction::Close);
            }
        });
    }
    steps
}

/// Starts stepping through inserting or querying the field's text, as the filter is now; with the
/// field empty there is nothing to step through yet: the field says so where Insert or Query would
/// (under it, where the eye is), and takes the cursor to type it in.
fn start_steps(
    steps: &UseReducerHandle<StepState>,
    state: &UseReducerHandle<PlaygroundState>,
    item_input: &NodeRef,
) -> Callback<StepKind> {
    let (steps, playground, text) = (steps.clone(), state.playground.clone(), state.text.clone());
    let (field, refuse) = (item_input.clone(), state.clone());
    Callback::from(move |kind: StepKind| {
        if is_blank(&text) {
            refuse.dispatch(match kind {
                StepKind::Insert => PlaygroundAction::Insert,
                StepKind::Query => PlaygroundAction::Query,
            });
            focus_field(&field);
        } else {
            steps.dispatch(StepAction::Start(kind, playground.clone(), text.clone()));
        }
    })
}

/// `i` and `q` step through inserting or querying the field's word, on the playground whose field is
/// on the screen (a chapter has several; on a slide only the current one shows).
#[hook]
fn use_step_keys(item_input: NodeRef, start_steps: Callback<StepKind>) {
    use_shortcuts(Callback::from(move |shortcut| {
        let kind = match shortcut {
            Shortcut::StepInsert => StepKind::Insert,
            Shortcut::StepQuery => StepKind::Query,
            _ => return false,
        };
        let on_screen = item_input.cast::<Element>().is_some_and(|field| {
            let place = field.get_bounding_client_rect();
            let height = web_sys::window()
                .and_then(|window| window.inner_height().ok())
                .and_then(|height| height.as_f64())
                .unwrap_or(0.0);
            place.height() > 0.0 && place.bottom() > 0.0 && place.top() < height
        });
        if on_screen {
            start_steps.emit(kind);
        }
        on_screen
    }));
}

/// The controls' callbacks. Those handed to child components are memoised on the (stable)
/// dispatcher, so a keystroke does not give them new props and re-render them.
#[hook]
fn use_control_handlers(
    state: UseReducerHandle<PlaygroundState>,
    start_steps: Callback<StepKind>,
    keys: HistoryKeys,
) -> ControlHandlers {
    let dispatcher = state.dispatcher();
    let on_bits = use_callback(dispatcher.clone(), |bits, dispatcher| {
        dispatcher.dispatch(PlaygroundAction::SetBits(bits))
    });
    let on_hashes = use_callback(dispatcher.clone(), |hashes, dispatcher| {
        dispatcher.dispatch(PlaygroundAction::SetHashes(hashes))
    });
    let on_scheme =
        Callback::from(move |scheme| state.dispatch(PlaygroundAction::SetScheme(scheme)));
    let on_seed = use_callback(dispatcher, |seed, dispatcher| {
        dispatcher.dispatch(PlaygroundAction::SetSeed(seed))
    });
    ControlHandlers {
        on_bits,
        on_hashes,
        on_scheme,
        on_seed,
        step_insert: start_steps.reform(|_: MouseEvent| StepKind::Insert),
        step_query: start_steps.reform(|_: MouseEvent| StepKind::Query),
        keys,
    }
}

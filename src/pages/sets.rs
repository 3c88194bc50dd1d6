//! The combining page: two filters A and B with the same m, k and scheme, their OR (bit for bit the
//! filter of A ∪ B) and AND (more than the filter of A ∩ B, the surplus marked), and sizes estimated
//! from set bits with their error bands. On the site the three comparisons at equal memory follow
//! ([`crate::pages::shipping`]); embedded, they are a widget of their own, so a post carries only the
//! code it shows. All state lives in one reducer ([`crate::state::sets`]) and in the link.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::action_steps::{query_step_keys, stepped_row, StepLabels};
use crate::components::embed_panel::EmbedWidget;
use crate::components::number_field::NumberField;
use crate::components::set_estimates::SetEstimates;
use crate::components::set_rows::SetRows;
use crate::components::sets_outcome::{side_name, SetsOutcomePanel};
use crate::components::site_links::SiteLinks;
use crate::components::state_error::StateError;
use crate::components::widget_parts::{
    dispatch_with, insert_query_buttons, item_field, on_click, params_row, scheme_select,
    widget_heading, ItemField, WidgetProps,
};
use crate::embed::Controls;
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_prerendered::use_turn;
use crate::hooks::use_shortcuts::{use_remote_paging, HistoryKeys};
use crate::pages::shipping::ShippingParts;
use crate::pages::{use_widget_page, LinkedPage, LinkedWidget};
use crate::state::history::shown_outcome;
use crate::state::sets::{SetsAction, SetsOutcome, SetsState, Side, WORDS_PER_ADD};
use crate::strings::{Lang, Msg};
use bloom_core::filter::BloomFilter;
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::sets::TwoFilters;
use bloom_core::text::shorten;

/// The combining page.
#[component]
pub fn SetsPage(props: &WidgetProps<SetsState>) -> Html {
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, SetsAction::Reset, SetsAction::History);
    // `/` goes to A's item field.
    let page = use_widget_page(
        props.embed,
        keys.clone(),
        Some(query_step_keys(
            &state,
            (
                |state| {
                    SetsAction::Query(match &state.outcome {
                        Some(SetsOutcome::Queried { side, .. }) => *side,
                        _ => Side::A,
                    })
                },
                None,
            ),
            SetsAction::Step,
        )),
    );
    let (lang, controls, input_a) = (page.lang, page.controls, page.item_input);
    let input_b = use_node_ref();
    use_keep_in_view(page.outcome_ref.clone(), shown_outcome(&state.outcome));
    // Each step's column, named under the rows, in view with them.
    use_keep_in_view(page.outcome_ref.clone(), state.step);
    // Six filters: once per change of the sets, not per keystroke.
    let filters = use_memo(state.sets.clone(), |sets| {
        Rc::new(TwoFilters::build(sets.params, &sets.a, &sets.b))
    });
    let filters: Rc<TwoFilters> = (*filters).clone();
    // The outcome's measured rates, the six rows of m bits and the estimates' bands: during start-up,
    // a task each.
    let turns = [use_turn(), use_turn(), use_turn()];
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(SetsAction::DismissIgnored)
    });
    html! {
        <>
        <div class={classes!("playground", "sets", "result-in-view", props.embed.then_some("embedded"))}>
            { widget_heading(lang, Msg::SetsTitle, Msg::SetsIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.params || controls.reset {
                { shape_panel(lang, &state, controls, props.embed, &keys) }
            }
            { sets_part(lang, &state, controls.input, &filters, [&input_a, &input_b, &page.outcome_ref], turns) }
        </div>
        // The sections after the two sets, outside their box: on a phone the sets' bars stay at
        // the top of the screen only as far as the sets go.
        <div class="playground sets-after">{ props.aside.clone() }</div>
        </>
    }
}

/// Union, intersection and sizes: the two sets, their rows of bits, the last action and the
/// estimates. `nodes`: A's and B's item fields, and the panel of the last action.
fn sets_part(
    lang: Lang,
    state: &UseReducerHandle<SetsState>,
    input: bool,
    filters: &Rc<TwoFilters>,
    nodes: [&NodeRef; 3],
    [outcome_turn, rows_turn, estimates_turn]: [bool; 3],
) -> Html {
    html! {
        <>
            <section class="panel set-panel" data-testid="set-a" aria-labelledby="set-a-heading">
                { set_column(lang, state, Side::A, input, nodes[0], "set-a-heading") }
            </section>
            <section class="panel set-panel" data-testid="set-b" aria-labelledby="set-b-heading">
                { set_column(lang, state, Side::B, input, nodes[1], "set-b-heading") }
            </section>
            { step_bar(lang, state, filters) }
            // What happened and the rows it is about, kept in view together after each action; on the
            // presenter's stage each scrolls inside its panel when long (taking the focus to do so).
            <div class="column main-column wide-panel">
                if input {
                    <section ref={nodes[2].clone()} class="panel outcome-panel" aria-labelledby="sets-outcome-heading" tabindex="0">
                        <h2 id="sets-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        if let Some(line) = stepping_line(lang, state) {
                            <p class="stepping-outcome" data-testid="step-outcome">{ line }</p>
                        } else if outcome_turn {
                            <SetsOutcomePanel outcome={state.outcome.clone()} sets={state.sets.clone()} filters={filters.clone()} />
                        }
                    </section>
                }
                <section class="panel rows-panel" aria-labelledby="rows-heading" tabindex="0">
                    <h2 id="rows-heading">{ lang.text(Msg::SetsRowsHeading) }</h2>
                    if rows_turn {
                        <SetRows sets={state.sets.clone()} filters={filters.clone()} outcome={state.outcome.clone()} step={state.step} />
                    }
                </section>
            </div>
            <section class="panel wide-panel" aria-labelledby="estimates-heading">
                <h2 id="estimates-heading">{ lang.text(Msg::SetsEstimatesHeading) }</h2>
                if estimates_turn {
                    <SetEstimates filters={filters.clone()} size_a={state.sets.a.len()} size_b={state.sets.b.len()} />
                }
            </section>
        </>
    }
}

/// The filters' shared shape (m, k and the scheme) and reset/undo/redo, as `controls=` allows.
fn shape_panel(
    lang: Lang,
    state: &UseReducerHandle<SetsState>,
    controls: Controls,
    embed: bool,
    keys: &HistoryKeys,
) -> Html {
    let params = state.sets.params;
    let set = |make: fn(u32) -> SetsAction| dispatch_with(state, make);
    let on_scheme = dispatch_with(state, SetsAction::SetScheme);
    let fields = html! {
        <>
            <NumberField id="sets-m" testid="m-input" name="m" label={lang.text(Msg::BitsLabel)}
                value={params.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={set(SetsAction::SetBits)} />
            <NumberField id="sets-k" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                value={params.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={set(SetsAction::SetHashes)} />
            { scheme_select(lang, "sets-scheme", params.scheme, on_scheme) }
        </>
    };
    html! {
        <section class="panel controls wide-panel" aria-label={lang.text(Msg::SetsTitle)}>
            { params_row(lang, (controls, embed), fields, (keys, state.history.can_undo(), state.history.can_redo()), Msg::SetsParamsHint) }
        </section>
    }
}

fn set_column(
    lang: Lang,
    state: &UseReducerHandle<SetsState>,
    side: Side,
    input: bool,
    input_ref: &NodeRef,
    heading: &'static str,
) -> Html {
    let id = if side == Side::A {
        "set-a-item"
    } else {
        "set-b-item"
    };
    let field = ItemField {
        id,
        hint: None,
        node: input_ref,
        value: state.text(side).clone(),
        ontext: dispatch_with(state, move |text| SetsAction::SetText(side, text)),
        onenter: dispatch_with(state, move |()| SetsAction::Insert(side)),
    };
    let items = state.sets.items(side);
    let count = WORDS_PER_ADD as u64;
    let buttons = insert_query_buttons(
        lang,
        on_click(state, SetsAction::Insert(side)),
        on_click(state, SetsAction::Query(side)),
    );
    html! {
        <>
            // On a phone the two sets' bars stay at the top of the screen, one under the other, each
            // one row: its name, its field, Insert and Query.
            <div class="set-bar">
                <h2 id={heading}>{ lang.text(side_name(side)) }</h2>
                if input {
                    { item_field(lang, field, buttons, Html::default()) }
                }
            </div>
            if input {
                <p class="set-more">
                    <button type="button" data-testid="add-words" onclick={on_click(state, SetsAction::AddWords(side))}>
                        { lang.plural(Msg::SetsAddWords, count, &[("count", &count.to_string())]) }
                    </button>
                </p>
            }
            if items.is_empty() {
                <p class="hint">{ lang.text(Msg::SetsItemsEmpty) }</p>
            } else {
                <ul class="item-list set-items" data-testid="set-items">
                    { for items.iter().map(|item| html! { <li data-testid="set-item">{ shorten(item, 40).into_owned() }</li> }) }
                </ul>
            }
        </>
    }
}

/// The step-through of the last query: a button to start it, then one bit at a time, read in every
/// row.
fn step_bar(lang: Lang, state: &UseReducerHandle<SetsState>, filters: &TwoFilters) -> Html {
    let Some(SetsOutcome::Queried { text, .. }) = &state.outcome else {
        return Html::default();
    };
    stepped_row(lang, &STEP_LABELS, (state, SetsAction::Step), |step| {
        step_line(lang, text, filters, step)
    })
}

/// The combining step-through's words.
const STEP_LABELS: StepLabels = StepLabels {
    start: Msg::SetsStepButton,
    previous: Msg::SetsStepPrevious,
    next: Msg::SetsStepNext,
    done: Msg::SetsStepDone,
};

/// What the step-through of the query of `text` says at `step`: before it, which bits are read
/// where; then the bit probe `step` reads, in A and B and what OR and AND make of it.
fn step_line(lang: Lang, text: &str, filters: &TwoFilters, step: usize) -> String {
    let indexes = filters.a.indexes(text);
    let k = indexes.len().to_string();
    // Each step names the item: on a stage its field gives way to the steps.
    let item = lang.quote(&shorten(text, 40));
    let Some(&index) = step.checked_sub(1).and_then(|at| indexes.get(at)) else {
        return lang.fill(Msg::SetsStepBefore, &[("item", &item), ("k", &k)]);
    };
    let bit = |filter: &BloomFilter| u8::from(filter.bits().get(index)).to_string();
    lang.fill(
        Msg::SetsStepProbe,
        &[
            ("item", &item),
            ("n", &step.to_string()),
            ("k", &k),
            ("index", &index.to_string()),
            ("a", &bit(&filters.a)),
            ("b", &bit(&filters.b)),
            ("or", &bit(&filters.or)),
            ("and", &bit(&filters.and)),
        ],
    )
}

/// What happened, while the step-through is short of the query's last bit: where the steps are,
/// since the four answers come only once every bit is read.
fn stepping_line(lang: Lang, state: &SetsState) -> Option<String> {
    let (step, Some(SetsOutcome::Queried { text, .. })) = (state.step?, &state.outcome) else {
        return None;
    };
    (step < state.steps()).then(|| {
        lang.fill(
            Msg::SetsSteppingQuery,
            &[
                ("item", &lang.quote(&shorten(text, 40))),
                ("done", &step.to_string()),
                ("k", &state.steps().to_string()),
            ],
        )
    })
}

/// What a first visit shows: two sets sharing two words, so OR, AND and the estimates have
/// something to show before anything is typed.
const FIRST_VISIT: &str = "m=32&k=3&a=apple&a=pear&a=plum&a=fig&b=pear&b=fig&b=kiwi&b=lime&b=grape";

/// The combining page as the site shows it: saved, and in the link.
#[component]
pub fn SiteSets() -> Html {
    let state = use_linked::<SetsState>(Some(AttrValue::Static(FIRST_VISIT)), true);
    use_remote_paging();
    let query = AttrValue::from(<SetsState as Linked>::to_query(&state));
    let aside = html! {
        <>
            <ShippingParts state={state.clone()} />
            <div class="wide-panel"><SiteLinks {query} widget={EmbedWidget::Sets} /></div>
        </>
    };
    html! { <SetsPage {state} {aside} /> }
}

impl LinkedPage for SetsPage {
    type State = SetsState;
    const WIDGET: EmbedWidget = EmbedWidget::Sets;
}

/// The combining page as a link opens it, saving nothing: the embedded widget.
pub type LinkedSets = LinkedWidget<SetsPage>;

//! The combining page: two filters A and B with the same m, k and scheme, their OR (bit for bit the
//! filter of A ∪ B) and AND (more than the filter of A ∩ B, the surplus marked), and sizes estimated
//! from set bits with their error bands. On the site the three comparisons at equal memory follow
//! ([`crate::pages::shipping`]); embedded, they are a widget of their own, so a post carries only the
//! code it shows. All state lives in one reducer ([`crate::state::sets`]) and in the link.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::embed_panel::EmbedWidget;
use crate::components::history_buttons::history_buttons;
use crate::components::number_field::NumberField;
use crate::components::set_bit_row::SetBitRow;
use crate::components::set_estimates::SetEstimates;
use crate::components::sets_outcome::{side_name, SetsOutcomePanel};
use crate::components::site_links::SiteLinks;
use crate::components::state_error::StateError;
use crate::embed::Controls;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_prerendered::use_turn;
use crate::hooks::use_shortcuts::{focus_field, use_shortcuts};
use crate::options::PageOptions;
use crate::pages::shipping::ShippingParts;
use crate::shortcuts::Shortcut;
use crate::state::sets::{SetsAction, SetsOutcome, SetsState, Side, WORDS_PER_ADD};
use crate::strings::{scheme_name, Lang, Msg};
use bloom_core::hashing::HashScheme;
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::sets::TwoFilters;
use bloom_core::text::shorten;

/// Props of [`SetsPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct SetsPageProps {
    /// The state.
    pub state: UseReducerHandle<SetsState>,
    /// Embedded: controls as the link says, one part as `view` says.
    #[prop_or_default]
    pub embed: bool,
    /// What the site shows beside the widget.
    #[prop_or_default]
    pub aside: Html,
}

/// The combining page.
#[component]
pub fn SetsPage(props: &SetsPageProps) -> Html {
    let lang = use_lang();
    let state = props.state.clone();
    let page_link = use_page_link();
    let controls = if props.embed {
        PageOptions::from_query(&page_link.query).controls
    } else {
        Controls::ALL
    };
    let input_a = use_node_ref();
    let input_b = use_node_ref();
    use_sets_shortcuts(state.clone(), input_a.clone());
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
        <div class={classes!("playground", "sets", props.embed.then_some("embedded"))}>
            if props.embed {
                <h1 class="visually-hidden">{ lang.text(Msg::SetsTitle) }</h1>
            } else {
                <div class="page-intro">
                    <h1>{ lang.text(Msg::SetsTitle) }</h1>
                    <p class="intro">{ lang.text(Msg::SetsIntro) }</p>
                </div>
            }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            { sets_part(lang, &state, controls, props.embed, &filters, [&input_a, &input_b], turns) }
            { props.aside.clone() }
        </div>
    }
}

/// Union, intersection and sizes: the shared shape, the two sets, their rows of bits, the last
/// action and the estimates.
fn sets_part(
    lang: Lang,
    state: &UseReducerHandle<SetsState>,
    controls: Controls,
    embed: bool,
    filters: &Rc<TwoFilters>,
    inputs: [&NodeRef; 2],
    [outcome_turn, rows_turn, estimates_turn]: [bool; 3],
) -> Html {
    let probed: Vec<u32> = match &state.outcome {
        Some(SetsOutcome::Queried { text, .. }) => filters.a.indexes(text),
        _ => Vec::new(),
    };
    let extra = filters.and_extra_bits();
    let union_bits = filters.or.bits().count_ones().to_string();
    let union_size = filters.union_size as u64;
    html! {
        <>
            if controls.params || controls.reset {
                { shape_panel(lang, state, controls, embed) }
            }
            <section class="panel set-panel" data-testid="set-a" aria-labelledby="set-a-heading">
                { set_column(lang, state, Side::A, controls.input, inputs[0], "set-a-heading") }
            </section>
            <section class="panel set-panel" data-testid="set-b" aria-labelledby="set-b-heading">
                { set_column(lang, state, Side::B, controls.input, inputs[1], "set-b-heading") }
            </section>
            if controls.input {
                <section class="panel outcome-panel wide-panel" aria-labelledby="sets-outcome-heading">
                    <h2 id="sets-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                    if outcome_turn {
                        <SetsOutcomePanel outcome={state.outcome.clone()} sets={state.sets.clone()} filters={filters.clone()} />
                    }
                </section>
            }
            <section class="panel wide-panel" aria-labelledby="rows-heading">
                <h2 id="rows-heading">{ lang.text(Msg::SetsRowsHeading) }</h2>
                if rows_turn {
                    <SetBitRow name={lang.text(Msg::SetsRowA)} testid="set-a-bit" bits={filters.a.bits().clone()} probed={probed.clone()} />
                    <SetBitRow name={lang.text(Msg::SetsRowB)} testid="set-b-bit" bits={filters.b.bits().clone()} probed={probed.clone()} />
                    <SetBitRow name={lang.text(Msg::SetsRowOr)} testid="or-bit" bits={filters.or.bits().clone()} probed={probed.clone()} />
                    <SetBitRow name={lang.text(Msg::SetsRowUnion)} testid="union-bit" bits={filters.of_union.bits().clone()} probed={probed.clone()} />
                    <p class="row-note" data-testid="or-is-union" data-equal={filters.or_is_union().to_string()}>
                        { lang.plural(Msg::SetsOrIsUnion, union_size, &[("count", &union_size.to_string()), ("x", &union_bits)]) }
                    </p>
                    <SetBitRow name={lang.text(Msg::SetsRowAnd)} testid="and-bit" bits={filters.and.bits().clone()} extra={extra.clone()} probed={probed.clone()} />
                    <SetBitRow name={lang.text(Msg::SetsRowIntersection)} testid="intersection-bit" bits={filters.of_intersection.bits().clone()} probed={probed} />
                    <p class="row-note" data-testid="and-extra-note" data-count={extra.len().to_string()}>
                        { if extra.is_empty() {
                            lang.text(Msg::SetsAndExact).to_owned()
                        } else {
                            lang.plural(Msg::SetsAndExtra, extra.len() as u64, &[("count", &extra.len().to_string())])
                        } }
                    </p>
                }
            </section>
            <section class="panel wide-panel" aria-labelledby="estimates-heading">
                <h2 id="estimates-heading">{ lang.text(Msg::SetsEstimatesHeading) }</h2>
                if estimates_turn {
                    <SetEstimates filters={filters.clone()} size_a={state.sets.a.len()} size_b={state.sets.b.len()} />
                }
            </section>
        </>
    }
}

fn shape_panel(
    lang: Lang,
    state: &UseReducerHandle<SetsState>,
    controls: Controls,
    embed: bool,
) -> Html {
    let params = state.sets.params;
    let dispatch = |action: SetsAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let set = |make: fn(u32) -> SetsAction| {
        let state = state.clone();
        Callback::from(move |value: u32| state.dispatch(make(value)))
    };
    let on_scheme = {
        let state = state.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(scheme) = HashScheme::from_id(&select.value()) {
                state.dispatch(SetsAction::SetScheme(scheme));
            }
        })
    };
    html! {
        <section class="panel controls wide-panel" aria-label={lang.text(Msg::SetsTitle)}>
            <div class="params">
                if controls.params {
                    <NumberField id="sets-m" testid="m-input" name="m" label={lang.text(Msg::BitsLabel)}
                        value={params.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={set(SetsAction::SetBits)} />
                    <NumberField id="sets-k" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                        value={params.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={set(SetsAction::SetHashes)} />
                    <div class="field scheme-field">
                        <label for="sets-scheme">{ lang.text(Msg::SchemeLabel) }</label>
                        <select id="sets-scheme" data-testid="scheme-select" onchange={on_scheme}>
                            { for HashScheme::ALL.iter().map(|&scheme| html! {
                                <option value={scheme.id()} selected={scheme == params.scheme}>{ lang.text(scheme_name(scheme)) }</option>
                            }) }
                        </select>
                    </div>
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, dispatch(SetsAction::Reset), dispatch(SetsAction::Undo), dispatch(SetsAction::Redo), !state.undo.is_empty(), !state.redo.is_empty()) }
                    </div>
                }
            </div>
            if !embed {
                <p class="hint">{ lang.text(Msg::SetsParamsHint) }</p>
            }
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
    let dispatch = |action: SetsAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let field: HtmlInputElement = event.target_unchecked_into();
            state.dispatch(SetsAction::SetText(side, field.value()));
        })
    };
    let onkeydown = {
        let (state, input_ref) = (state.clone(), input_ref.clone());
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && !event.is_composing() {
                event.prevent_default();
                state.dispatch(SetsAction::Insert(side));
                if let Some(field) = input_ref.cast::<HtmlInputElement>() {
                    field.select();
                }
            }
        })
    };
    let items = state.sets.items(side);
    let count = WORDS_PER_ADD as u64;
    html! {
        <>
            <h2 id={heading}>{ lang.text(side_name(side)) }</h2>
            if input {
                <div class="field item-field">
                    <label for={id}>{ lang.text(Msg::ItemLabel) }</label>
                    <div class="item-row">
                        <input ref={input_ref.clone()} {id} type="text" data-testid="item-input" autocomplete="off" spellcheck="false"
                            placeholder={lang.text(Msg::ItemPlaceholder)} value={state.text(side).clone()} {oninput} {onkeydown} />
                        <button type="button" class="primary" data-testid="insert-button" onclick={dispatch(SetsAction::Insert(side))}>
                            { lang.text(Msg::InsertButton) }
                        </button>
                        <button type="button" data-testid="query-button" onclick={dispatch(SetsAction::Query(side))}>
                            { lang.text(Msg::QueryButton) }
                        </button>
                        <button type="button" data-testid="add-words" onclick={dispatch(SetsAction::AddWords(side))}>
                            { lang.plural(Msg::SetsAddWords, count, &[("count", &count.to_string())]) }
                        </button>
                    </div>
                </div>
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

/// The page's keys: `/` to A's item field, `r` reset, `u` undo, `U` redo.
#[hook]
fn use_sets_shortcuts(state: UseReducerHandle<SetsState>, input_a: NodeRef) {
    use_shortcuts(Callback::from(move |shortcut| {
        let action = match shortcut {
            Shortcut::FocusItem => {
                focus_field(&input_a);
                return true;
            }
            Shortcut::Reset => SetsAction::Reset,
            Shortcut::Undo => SetsAction::Undo,
            Shortcut::Redo => SetsAction::Redo,
            _ => return false,
        };
        state.dispatch(action);
        true
    }));
}

/// What a first visit shows: two sets sharing two words, so OR, AND and the estimates have
/// something to show before anything is typed.
const FIRST_VISIT: &str = "m=32&k=3&a=apple&a=pear&a=plum&a=fig&b=pear&b=fig&b=kiwi&b=lime&b=grape";

/// The combining page as the site shows it: saved, and in the link.
#[component]
pub fn SiteSets() -> Html {
    let state = use_linked::<SetsState>(Some(AttrValue::Static(FIRST_VISIT)), true);
    let query = AttrValue::from(<SetsState as Linked>::to_query(&state));
    let aside = html! {
        <>
            <ShippingParts state={state.clone()} />
            <div class="wide-panel"><SiteLinks {query} widget={EmbedWidget::Sets} /></div>
        </>
    };
    html! { <SetsPage {state} {aside} /> }
}

/// Props of [`LinkedSets`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedSetsProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The combining page as a link opens it, saving nothing: the embedded widget.
#[component]
pub fn LinkedSets(props: &LinkedSetsProps) -> Html {
    let state = use_linked::<SetsState>(props.preset.clone(), false);
    html! { <SetsPage {state} embed=true /> }
}

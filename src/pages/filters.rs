//! The filters the field uses today: one structure at a time — Parquet's split-block filter, a
//! blocked filter, a cuckoo filter, an xor or a binary fuse filter — built from the keys typed,
//! drawn at a class's size, with what each insert, query and deletion read and a step-through of
//! it. Changing the structure keeps the keys, so the same items can be seen in each. All state lives
//! in one reducer ([`crate::state::filters`]) and in the link.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::components::action_steps::{query_step_keys, stepped_row, StepLabels};
use crate::components::embed_panel::EmbedWidget;
use crate::components::filter_views::{filter_drawing, filter_facts, outcome_view, step_line};
use crate::components::measured_filters::MeasuredFilters;
use crate::components::number_field::NumberField;
use crate::components::state_error::StateError;
use crate::components::widget_parts::{
    insert_query_field, on_click, widget_heading, ItemActions, WidgetProps,
};
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_shortcuts::HistoryKeys;
use crate::pages::{
    controls_section, use_widget_page, LinkedPage, LinkedWidget, SiteWidget, WidgetPage,
};
use crate::share::filters::{
    Shape, Structure, BLOCKED_BITS_RANGE, BLOCKED_HASHES_RANGE, BLOCK_BITS, CUCKOO_BUCKETS,
    CUCKOO_SLOTS_RANGE, FINGERPRINT_BITS_RANGE, SBBF_BYTES,
};
use crate::state::filters::{FiltersAction, FiltersState};
use crate::state::history::HistoryAction;
use crate::strings::{Lang, Msg};

/// The filters the field uses today.
#[component]
pub fn FiltersPage(props: &WidgetProps<FiltersState>) -> Html {
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, FiltersAction::Reset, FiltersAction::History);
    let page = use_widget_page(
        props.embed,
        keys,
        Some(query_step_keys(
            &state,
            (|_| FiltersAction::Query, Some(|_| FiltersAction::Insert)),
            FiltersAction::Step,
        )),
    );
    use_keep_in_view(page.outcome_ref.clone(), state.outcome.clone());
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(FiltersAction::DismissIgnored)
    });
    let (lang, controls) = (page.lang, page.controls);
    let structure = state.shape.structure;
    html! {
        <div class={classes!("playground", "filters", "result-in-view", props.embed.then_some("embedded"))}
            data-kind={structure_id(structure)}>
            { widget_heading(lang, Msg::FiltersTitle, Msg::FiltersIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(&page, &state) }
            }
            { step_bar(lang, &state) }
            <div class="column main-column">
                if controls.input {
                    <section ref={page.outcome_ref.clone()} class="panel outcome-panel" aria-labelledby="filters-outcome-heading" tabindex="0">
                        <h2 id="filters-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        { outcome_view(lang, &state) }
                    </section>
                }
                <section class="panel structure-panel" aria-labelledby="structure-heading" tabindex="0">
                    <h2 id="structure-heading">{ lang.text(structure_name(structure)) }</h2>
                    { filter_drawing(lang, &state) }
                </section>
            </div>
            <div class="column side-column">
                <section class="panel" aria-labelledby="filters-facts-heading">
                    <h2 id="filters-facts-heading">{ lang.text(Msg::FiltersFactsHeading) }</h2>
                    { filter_facts(lang, &state) }
                </section>
                { props.aside.clone() }
            </div>
        </div>
    }
}

/// The structure's name in a link and in the page's `data-kind`.
fn structure_id(structure: Structure) -> &'static str {
    structure.id()
}

/// The structure's name, as the selector lists it.
pub fn structure_name(structure: Structure) -> Msg {
    match structure {
        Structure::Sbbf => Msg::FiltersKindSbbf,
        Structure::Blocked => Msg::FiltersKindBlocked,
        Structure::Cuckoo => Msg::FiltersKindCuckoo,
        Structure::Xor => Msg::FiltersKindXor,
        Structure::Fuse => Msg::FiltersKindFuse,
    }
}

/// A callback that sets one part of the shape: `change` writes the value into a copy of it.
fn reshape<T: 'static>(
    state: &UseReducerHandle<FiltersState>,
    change: fn(&mut Shape, T),
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value: T| {
        let mut shape = state.shape;
        change(&mut shape, value);
        state.dispatch(FiltersAction::SetShape(shape));
    })
}

/// A `<select>` of whole numbers (`values`), the one in use (`current`) chosen.
fn number_select(
    (id, testid, label): (&'static str, &'static str, &str),
    values: &'static [u32],
    current: u32,
    onpick: Callback<u32>,
) -> Html {
    let onchange = Callback::from(move |event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        if let Ok(value) = select.value().parse() {
            onpick.emit(value);
        }
    });
    html! {
        <div class="field">
            <label for={id}>{ label.to_owned() }</label>
            <select {id} data-testid={testid} {onchange}>
                { for values.iter().map(|&value| html! {
                    <option value={value.to_string()} selected={value == current}>{ value.to_string() }</option>
                }) }
            </select>
        </div>
    }
}

/// The structure's picker and its own sizes.
fn shape_fields(lang: Lang, state: &UseReducerHandle<FiltersState>) -> Html {
    let shape = state.shape;
    let on_kind = {
        let pick = reshape(state, |shape, structure| shape.structure = structure);
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(&structure) = Structure::ALL.iter().find(|s| s.id() == select.value()) {
                pick.emit(structure);
            }
        })
    };
    let sizes = match shape.structure {
        Structure::Sbbf => number_select(
            (
                "filters-bytes",
                "bytes-select",
                lang.text(Msg::FiltersBytesLabel),
            ),
            &SBBF_BYTES,
            shape.sbbf_bytes,
            reshape(state, |shape, bytes| shape.sbbf_bytes = bytes),
        ),
        Structure::Blocked => html! {
            <>
                <NumberField id="filters-m" testid="m-input" name="m" label={lang.text(Msg::FiltersBitsLabel)}
                    value={shape.blocked_bits} min={*BLOCKED_BITS_RANGE.start()} max={*BLOCKED_BITS_RANGE.end()}
                    onapply={reshape(state, |shape, bits| shape.blocked_bits = bits)} />
                { number_select(("filters-block", "block-select", lang.text(Msg::FiltersBlockLabel)), &BLOCK_BITS,
                    shape.block_bits, reshape(state, |shape, bits| shape.block_bits = bits)) }
                <NumberField id="filters-k" testid="k-input" name="k" label={lang.text(Msg::FiltersHashesLabel)}
                    value={shape.blocked_hashes} min={*BLOCKED_HASHES_RANGE.start()} max={*BLOCKED_HASHES_RANGE.end()}
                    onapply={reshape(state, |shape, hashes| shape.blocked_hashes = hashes)} />
            </>
        },
        Structure::Cuckoo => html! {
            <>
                { number_select(("filters-buckets", "buckets-select", lang.text(Msg::FiltersBucketsLabel)), &CUCKOO_BUCKETS,
                    shape.buckets, reshape(state, |shape, buckets| shape.buckets = buckets)) }
                <NumberField id="filters-slots" testid="slots-input" name="b" label={lang.text(Msg::FiltersSlotsLabel)}
                    value={shape.slots} min={*CUCKOO_SLOTS_RANGE.start()} max={*CUCKOO_SLOTS_RANGE.end()}
                    onapply={reshape(state, |shape, slots| shape.slots = slots)} />
                { fingerprint_field(lang, state) }
            </>
        },
        Structure::Xor | Structure::Fuse => fingerprint_field(lang, state),
    };
    html! {
        <>
            <div class="field">
                <label for="filters-kind">{ lang.text(Msg::FiltersKindLabel) }</label>
                <select id="filters-kind" data-testid="kind-select" onchange={on_kind}>
                    { for Structure::ALL.iter().map(|&structure| html! {
                        <option value={structure.id()} selected={structure == shape.structure}>{ lang.text(structure_name(structure)) }</option>
                    }) }
                </select>
            </div>
            { sizes }
        </>
    }
}

/// f, the fingerprint's bits.
fn fingerprint_field(lang: Lang, state: &UseReducerHandle<FiltersState>) -> Html {
    html! {
        <NumberField id="filters-fp" testid="fp-input" name="f" label={lang.text(Msg::FiltersFingerprintLabel)}
            value={state.shape.fingerprint_bits} min={*FINGERPRINT_BITS_RANGE.start()} max={*FINGERPRINT_BITS_RANGE.end()}
            onapply={reshape(state, |shape, bits| shape.fingerprint_bits = bits)} />
    }
}

/// The item field and its buttons, the structure and its sizes, and reset/undo/redo, as
/// `controls=` allows.
fn controls_panel(page: &WidgetPage, state: &UseReducerHandle<FiltersState>) -> Html {
    let lang = page.lang;
    let history = (!state.past.is_empty(), !state.future.is_empty());
    let item_field = || filters_item_field(lang, state, &page.item_input);
    let names = (Msg::FiltersTitle, Msg::FiltersParamsHint);
    controls_section(page, names, &item_field, shape_fields(lang, state), history)
}

/// The item field with Insert and Query, and Delete where the structure can delete.
fn filters_item_field(lang: Lang, state: &UseReducerHandle<FiltersState>, node: &NodeRef) -> Html {
    let remove = if state.shape.structure.removes() {
        html! {
            <button type="button" data-testid="remove-button" onclick={on_click(state, FiltersAction::Remove)}>
                { lang.text(Msg::FiltersRemoveButton) }
            </button>
        }
    } else {
        Html::default()
    };
    let actions = ItemActions {
        typed: FiltersAction::SetText,
        insert: FiltersAction::Insert,
        query: FiltersAction::Query,
    };
    let hint = if state.shape.structure.is_static() {
        Msg::FiltersStaticHint
    } else {
        Msg::FiltersItemHint
    };
    insert_query_field(
        lang,
        (state, node),
        ("filters-item", "filters-item-hint", hint),
        state.text.clone().into(),
        actions,
        remove,
    )
}

/// The step-through of the last action: a button to start it, then one step at a time.
fn step_bar(lang: Lang, state: &UseReducerHandle<FiltersState>) -> Html {
    let Some(outcome) = &state.outcome else {
        return Html::default();
    };
    let line = |step| step_line(lang, state, outcome, step);
    stepped_row(lang, &STEP_LABELS, (state, FiltersAction::Step), line)
}

/// The step-through's words.
const STEP_LABELS: StepLabels = StepLabels {
    start: Msg::FiltersStepButton,
    previous: Msg::FiltersStepPrevious,
    next: Msg::FiltersStepNext,
    done: Msg::FiltersStepDone,
};

/// Undo and Redo, as the history buttons dispatch them.
pub fn history_action(direction: HistoryAction) -> FiltersAction {
    FiltersAction::History(direction)
}

impl LinkedPage for FiltersPage {
    type State = FiltersState;
    const WIDGET: EmbedWidget = EmbedWidget::Filters;
}

/// The page as the site shows it: saved, and in the link.
/// The filters page as the site shows it: the widget, then what its structures measure at a
/// million keys and more (not in the embed, whose post tells its own story).
#[component]
pub fn SiteFilters() -> Html {
    html! {
        <>
            <SiteWidget<FiltersPage> />
            <MeasuredFilters />
        </>
    }
}

/// The page as a link opens it, saving nothing: the embedded widget.
pub type LinkedFilters = LinkedWidget<FiltersPage>;

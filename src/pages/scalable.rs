//! The scalable filter page: choose a library's rules (or s and r), insert words or stream
//! thousands of items, and watch stages appear, each query say which stage answered, and the rate
//! measured on never-inserted probes stay — or not — under the compound bound. All state lives in
//! one reducer ([`crate::state::scalable`]) and in the link.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::components::action_steps::{query_step_keys, stepped_row, StepLabels};
use crate::components::embed_panel::EmbedWidget;
use crate::components::growth_chart::GrowthChartView;
use crate::components::number_field::NumberField;
use crate::components::preset_table::{preset_name, PresetTable};
use crate::components::scalable_outcome::ScalableOutcomePanel;
use crate::components::scalable_stats::ScalableStats;
use crate::components::stage_stack::StageStack;
use crate::components::state_error::StateError;
use crate::components::widget_parts::{
    dispatch_with, insert_query_field, on_click, widget_heading, ItemActions, WidgetProps,
};
use crate::format::{exact, fixed, grouped};
use crate::hooks::use_keep_in_view::use_keep_in_view;
use crate::hooks::use_shortcuts::HistoryKeys;
use crate::pages::{
    controls_section, use_widget_page, LinkedPage, LinkedWidget, SiteWidget, WidgetPage,
};
use crate::state::history::shown_outcome;
use crate::state::scalable::{probes, ScalableAction, ScalableOutcome, ScalableState};
use crate::strings::{Lang, Msg};
use bloom_core::scalable::{Preset, ScalableFilter, CAPACITY_RANGE, GROWTH_RANGE, STREAM_BATCH};
use bloom_core::text::shorten;

/// The rates the selector offers (a link may carry another, which is then offered too).
const RATES: [f64; 6] = [0.1, 0.05, 0.01, 0.001, 0.000_1, 0.000_01];
/// The tightening ratios the selector offers.
const TIGHTENINGS: [f64; 7] = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];
/// Items the small stream button adds.
const STREAM_FEW: u32 = 10;

/// The scalable filter.
#[component]
pub fn ScalablePage(props: &WidgetProps<ScalableState>) -> Html {
    let state = props.state.clone();
    let keys = HistoryKeys::of(&state, ScalableAction::Reset, ScalableAction::History);
    let page = use_widget_page(
        props.embed,
        keys,
        Some(query_step_keys(
            &state,
            (|_| ScalableAction::Query, None),
            ScalableAction::Step,
        )),
    );
    use_keep_in_view(page.outcome_ref.clone(), shown_outcome(&state.outcome));
    // Each step's stage, read in what happened, in view.
    use_keep_in_view(page.outcome_ref.clone(), state.step);
    let presenting = crate::hooks::use_presenter::use_presenter().on;
    let (lang, controls) = (page.lang, page.controls);
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
        // While stepping, the stages read so far.
        Some(ScalableOutcome::Queried { answers, .. }) => answers
            .iter()
            .take(state.step.unwrap_or(answers.len()))
            .enumerate()
            .map(|(stage, (_, indexes))| (stage, indexes.clone()))
            .collect(),
        _ => Vec::new(),
    };
    let params = filter.params();
    html! {
        <div class={classes!("playground", "scalable", "result-in-view", props.embed.then_some("embedded"))}>
            { widget_heading(lang, Msg::ScalableTitle, Msg::ScalableIntro) }
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            if controls.any() {
                { controls_panel(&page, &state) }
            }
            { step_bar(lang, &state) }
            // On the presenter's stage a long outcome, or a large array, scrolls inside its panel
            // (which takes the focus to do so) rather than push the stage past the screen.
            <div class="column main-column">
                if controls.input {
                    <section ref={page.outcome_ref.clone()} class="panel outcome-panel" aria-labelledby="scalable-outcome-heading" tabindex="0">
                        <h2 id="scalable-outcome-heading">{ lang.text(Msg::OutcomeHeading) }</h2>
                        <ScalableOutcomePanel outcome={state.outcome.clone()} filter={filter.clone()} step={state.step} />
                    </section>
                }
                <section class="panel stages-panel" aria-labelledby="stages-heading" tabindex="0">
                    <h2 id="stages-heading">{ lang.text(Msg::ScalableStagesHeading) }</h2>
                    <StageStack filter={filter.clone()} {marked} focus={state.focus()} />
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
            // How a stage picks its bits, the rule a reader can check a bit by hand with: across
            // the page, under everything (a reader's of the page: not on a presenter's stage, nor
            // in a post, whose frame keeps its first height).
            if !presenting && !props.embed {
                <details class="panel workings-panel wide-panel" data-testid="stage-how">
                    <summary><h2>{ lang.text(Msg::ScalableHowHeading) }</h2></summary>
                    <p>{ lang.text(Msg::ScalableHowText) }</p>
                </details>
            }
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
    show: impl Fn(f64) -> String,
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

/// The item field and its buttons, the rules and their parameters, and reset/undo/redo, as
/// `controls=` allows.
fn controls_panel(page: &WidgetPage, state: &UseReducerHandle<ScalableState>) -> Html {
    let lang = page.lang;
    let params = state.filter.params();
    let emit = |make: fn(f64) -> ScalableAction| {
        let state = state.clone();
        Callback::from(move |value: f64| state.dispatch(make(value)))
    };
    let set = |make: fn(u32) -> ScalableAction| dispatch_with(state, make);
    let on_preset = {
        let state = state.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(preset) = Preset::from_id(&select.value()) {
                state.dispatch(ScalableAction::SetPreset(preset));
            }
        })
    };
    let fields = html! {
        <>
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
            { value_select("scalable-p", "rate-select", lang.text(Msg::ScalableRateLabel), &RATES, params.rate, |rate| lang.chance(rate), emit(ScalableAction::SetRate)) }
            <NumberField id="scalable-s" testid="growth-input" name="s" label={lang.text(Msg::ScalableGrowthLabel)}
                value={params.growth} min={*GROWTH_RANGE.start()} max={*GROWTH_RANGE.end()} onapply={set(ScalableAction::SetGrowth)} />
            { value_select("scalable-r", "tightening-select", lang.text(Msg::ScalableTighteningLabel), &TIGHTENINGS, params.tightening,
                |value| fixed(value, 2), emit(ScalableAction::SetTightening)) }
        </>
    };
    let history = (state.history.can_undo(), state.history.can_redo());
    let item_field = || scalable_item_field(lang, state, &page.item_input);
    let names = (Msg::ScalableTitle, Msg::ScalableParamsHint);
    controls_section(page, names, &item_field, fields, history)
}

/// The item field with Insert, Query and the two streams.
fn scalable_item_field(
    lang: Lang,
    state: &UseReducerHandle<ScalableState>,
    node: &NodeRef,
) -> Html {
    let few = u64::from(STREAM_FEW);
    let streams = html! {
        <>
            <button type="button" data-testid="stream-few" onclick={on_click(state, ScalableAction::Stream(STREAM_FEW))}>
                { lang.plural(Msg::ScalableStreamSome, few, &[("count", &grouped(few))]) }
            </button>
            <button type="button" data-testid="stream-button" onclick={on_click(state, ScalableAction::Stream(STREAM_BATCH))}>
                { lang.fill(Msg::ScalableStreamMany, &[("count", &grouped(u64::from(STREAM_BATCH)))]) }
            </button>
        </>
    };
    let field = ("scalable-item", "scalable-item-hint", Msg::ScalableItemHint);
    let actions = ItemActions {
        typed: ScalableAction::SetText,
        insert: ScalableAction::Insert,
        query: ScalableAction::Query,
    };
    insert_query_field(
        lang,
        (state, node),
        field,
        state.text.clone(),
        actions,
        streams,
    )
}

/// The step-through of the last query: a button to start it, then one stage at a time.
fn step_bar(lang: Lang, state: &UseReducerHandle<ScalableState>) -> Html {
    let Some(ScalableOutcome::Queried { text, answers }) = &state.outcome else {
        return Html::default();
    };
    stepped_row(lang, &STEP_LABELS, (state, ScalableAction::Step), |step| {
        step_line(lang, text, answers, &state.filter, step)
    })
}

/// The scalable step-through's words.
const STEP_LABELS: StepLabels = StepLabels {
    start: Msg::ScalableStepButton,
    previous: Msg::ScalableStepPrevious,
    next: Msg::ScalableStepNext,
    done: Msg::ScalableStepDone,
};

/// What the step-through of the query of `text` says at `step`: before it, where the item will be
/// looked up; then what stage `step` read and answered.
fn step_line(
    lang: Lang,
    text: &str,
    answers: &[(bool, Vec<u32>)],
    filter: &ScalableFilter,
    step: usize,
) -> String {
    let count = answers.len();
    let (Some(at), Some((maybe, indexes)), Some(stage)) = (
        step.checked_sub(1),
        step.checked_sub(1).and_then(|at| answers.get(at)),
        step.checked_sub(1).and_then(|at| filter.stages().get(at)),
    ) else {
        let item = lang.quote(&shorten(text, 40));
        return lang.plural(
            Msg::ScalableStepBefore,
            count as u64,
            &[("item", &item), ("count", &count.to_string())],
        );
    };
    let separator = lang.text(Msg::ListSeparator);
    let join = |parts: Vec<String>| parts.join(separator);
    let bits = join(indexes.iter().map(u32::to_string).collect());
    let values = join(
        indexes
            .iter()
            .map(|&index| u8::from(stage.bits.get(index)).to_string())
            .collect(),
    );
    let number = (at + 1).to_string();
    match indexes.iter().find(|&&index| !stage.bits.get(index)) {
        Some(zero) if !maybe => lang.fill(
            Msg::ScalableStepNo,
            &[
                ("stage", &number),
                ("bits", &bits),
                ("values", &values),
                ("index", &zero.to_string()),
            ],
        ),
        _ => lang.fill(
            Msg::ScalableStepMaybe,
            &[("stage", &number), ("bits", &bits), ("values", &values)],
        ),
    }
}

impl LinkedPage for ScalablePage {
    type State = ScalableState;
    const WIDGET: EmbedWidget = EmbedWidget::Scalable;
}

/// The scalable filter as the site shows it: saved, and in the link.
pub type SiteScalable = SiteWidget<ScalablePage>;

/// The scalable filter as a link opens it, saving nothing: the embedded widget.
pub type LinkedScalable = LinkedWidget<ScalablePage>;

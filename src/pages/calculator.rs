//! The sizing calculator page (`#/calculator?n=…&p=…&m=…&k=…`): four fields solved for whatever is
//! missing, the state kept in the URL so a link reproduces the answer, and the worked examples.

use yew::prelude::*;

use crate::components::best_practice_table::BestPracticeTable;
use crate::components::calculator_field::CalculatorField;
use crate::components::calculator_result::CalculatorResult;
use crate::components::embed_panel::EmbedWidget;
use crate::components::memory_chart::MemoryChart;
use crate::components::sizing_table::SizingTable;
use crate::components::url_example::UrlExample;
use crate::components::widget_parts::widget_heading;
use crate::format::{count, exact, significant};
use crate::hooks::use_embed::use_state_report;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::use_page_link;
use crate::pages::playground::site_parts::embed_href;
use crate::state::calculator::{texts_from_query, CalculatorAction, CalculatorState, Field};
use crate::strings::{Lang, Msg};
use crate::url::build_query;
use bloom_core::sizing::{Solution, SolveError};

/// Label, hint and short name of each field.
fn field_text(field: Field) -> (Msg, Msg, &'static str) {
    match field {
        Field::Items => (Msg::CalcItemsLabel, Msg::CalcItemsHint, "n"),
        Field::Rate => (Msg::CalcRateLabel, Msg::CalcRateHint, "p"),
        Field::Bits => (Msg::CalcBitsLabel, Msg::CalcBitsHint, "m"),
        Field::Hashes => (Msg::CalcHashesLabel, Msg::CalcHashesHint, "k"),
    }
}

/// Props of [`CalculatorPage`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct CalculatorPageProps {
    /// Shown as an embedded widget: the fields and the answer only.
    #[prop_or_default]
    pub embed: bool,
    /// Part of another page (a tutorial chapter): no heading of its own either.
    #[prop_or_default]
    pub inline: bool,
    /// Fields to start with when the link gives none (a query string such as `n=1M&p=1%25`).
    #[prop_or_default]
    pub preset: Option<AttrValue>,
    /// The sections drawn after the answer (tables, examples, the embed snippet). A callback rather
    /// than flags, so the embed entry, which passes none, does not carry their code.
    #[prop_or_default]
    pub extras: Option<Callback<CalculatorExtras, Html>>,
}

/// What the sections after the answer are given.
#[derive(Clone, PartialEq)]
pub struct CalculatorExtras {
    /// The rate the answer aims at, if there is an answer.
    pub target_rate: Option<f64>,
    /// The fields as a query string, for the embed snippet.
    pub state_query: AttrValue,
    /// Loads an (n, p) pair into the fields (a table cell or the example was picked).
    pub onpick: Callback<(f64, f64)>,
}

/// Props of the sections after the answer.
#[derive(Properties, PartialEq, Clone)]
struct ExtrasProps {
    extras: CalculatorExtras,
}

/// The sizing and best-practice tables, which a tutorial chapter shows beside the calculator.
pub fn tables(extras: CalculatorExtras) -> Html {
    html! { <CalculatorTables {extras} /> }
}

/// Everything the calculator page shows after the answer: the tables, the billion-URL example and
/// the embed snippet.
pub fn site_sections(extras: CalculatorExtras) -> Html {
    html! { <SiteSections {extras} /> }
}

#[component]
fn CalculatorTables(props: &ExtrasProps) -> Html {
    let lang = use_lang();
    html! {
        <>
            <section class="panel" aria-labelledby="sizing-heading">
                <h2 id="sizing-heading">{ lang.text(Msg::SizingHeading) }</h2>
                <p>{ lang.text(Msg::SizingIntro) }</p>
                <SizingTable onpick={props.extras.onpick.clone()} />
            </section>
            <section class="panel" aria-labelledby="best-heading">
                <h2 id="best-heading">{ lang.text(Msg::BestHeading) }</h2>
                <p>{ lang.text(Msg::BestIntro) }</p>
                <BestPracticeTable rate={props.extras.target_rate} />
            </section>
        </>
    }
}

#[component]
fn SiteSections(props: &ExtrasProps) -> Html {
    let lang = use_lang();
    html! {
        <>
            <CalculatorTables extras={props.extras.clone()} />
            <section class="panel" aria-labelledby="urls-heading">
                <h2 id="urls-heading">{ lang.text(Msg::UrlsHeading) }</h2>
                <UrlExample onload={props.extras.onpick.clone()} />
            </section>
            <section class="panel" aria-labelledby="embed-heading">
                <h2 id="embed-heading">{ lang.text(Msg::EmbedHeading) }</h2>
                <p><a data-testid="embed-this" href={embed_href(EmbedWidget::Calculator, &props.extras.state_query, lang)}>{ lang.text(Msg::EmbedThis) }</a></p>
            </section>
        </>
    }
}

/// The calculator page of the site, with every section.
#[component]
pub fn SiteCalculator() -> Html {
    let extras = use_memo((), |()| Callback::from(site_sections));
    html! { <CalculatorPage extras={Some((*extras).clone())} /> }
}

/// The calculator's state: from the link (else the preset), reloaded when the link is edited by
/// hand, and written back to the link on every edit.
#[hook]
fn use_linked_calculator(preset: Option<AttrValue>) -> UseReducerHandle<CalculatorState> {
    let page_link = use_page_link();
    let query = page_link.query.to_string();
    let state = use_reducer({
        let query = query.clone();
        move || {
            let from_link = CalculatorState::from_query(&query);
            match preset {
                Some(preset) if from_link.texts.iter().all(String::is_empty) => {
                    CalculatorState::from_query(&preset)
                }
                _ => from_link,
            }
        }
    });

    // A link opened or edited by hand: load it (unless it is the URL this page just wrote).
    {
        let state = state.clone();
        use_effect_with(query, move |query| {
            let texts = texts_from_query(query);
            // A link without fields leaves the page as it is (a preset, or what was typed).
            if texts.iter().any(|text| !text.is_empty()) && texts != state.texts {
                state.dispatch(CalculatorAction::Load(texts));
            }
        });
    }
    // Every edit: write the fields to the URL, replacing the entry rather than adding history.
    {
        let state = state.clone();
        use_effect_with(state.texts.clone(), move |_| {
            let pairs = state.query();
            let query = build_query(pairs.iter().map(|(key, value)| (*key, value.as_str())));
            page_link.replace.emit(query);
        });
    }
    state
}

/// The four fields, each editing its text in the state.
fn field_inputs(
    lang: Lang,
    state: &CalculatorState,
    dispatcher: &UseReducerDispatcher<CalculatorState>,
) -> Html {
    let fields = Field::ALL.map(|field| {
        let (label, hint, name) = field_text(field);
        let onedit = {
            let dispatcher = dispatcher.clone();
            Callback::from(move |text: String| {
                dispatcher.dispatch(CalculatorAction::Edit(field, text))
            })
        };
        html! {
            <CalculatorField
                key={field.key()}
                id={format!("calc-input-{}", field.key())}
                label={lang.text(label)}
                hint={lang.text(hint)}
                {name}
                text={state.text(field).to_owned()}
                parsed={state.parsed(field)}
                {onedit}
            />
        }
    });
    fields.into_iter().collect::<Html>()
}

/// Why there is no answer, or that the answer shown is for the last good values.
fn status_text(lang: Lang, state: &CalculatorState) -> Option<&'static str> {
    if state.has_errors() && state.solution.is_some() {
        Some(lang.text(Msg::CalcStale))
    } else {
        state.unsolved.map(|error| {
            lang.text(match error {
                SolveError::TooFew => Msg::CalcTooFew,
                SolveError::NoFiniteAnswer => Msg::CalcNoAnswer,
            })
        })
    }
}

/// On a phone, the answer in one line at the top of the screen while the fields are on it (the result
/// panel is far below them), a link down to the whole result.
fn result_peek(lang: Lang, solution: Option<Solution>) -> Html {
    let Some(solution) = solution else {
        return Html::default();
    };
    html! {
        <a class="calc-peek" data-testid="calc-peek" href="#calc-result-heading">
            { lang.fill(Msg::CalcPeek, &[
                ("m", &count(solution.bits)),
                ("size", &lang.size(solution.bytes())),
                ("k", &count(solution.hashes)),
                ("p", &significant(solution.rate)),
            ]) }
        </a>
    }
}

/// The calculator.
#[component]
pub fn CalculatorPage(props: &CalculatorPageProps) -> Html {
    let lang = use_lang();
    let state = use_linked_calculator(props.preset.clone());
    let dispatcher = state.dispatcher();
    let on_pick = use_callback(dispatcher.clone(), |(n, p): (f64, f64), dispatcher| {
        dispatcher.dispatch(CalculatorAction::Load([
            exact(n),
            exact(p),
            String::new(),
            String::new(),
        ]));
    });
    let status = status_text(lang, &state);
    let state_query = build_query(
        state
            .query()
            .iter()
            .map(|(key, value)| (*key, value.as_str())),
    );
    // Framed, its fields go to the page around: the embed page's preview puts them into the code.
    use_state_report(props.embed.then(|| state_query.clone()));
    let target_rate = state
        .solution
        .map(|solution| solution.target_rate.unwrap_or(solution.rate));

    html! {
        <div class="calculator">
            if !props.inline {
            { widget_heading(lang, Msg::CalcTitle, Msg::CalcIntro) }
            }
            <section class="panel calc-inputs" aria-label={lang.text(Msg::CalcTitle)}>
                { result_peek(lang, state.solution) }
                <div class="calc-fields">{ field_inputs(lang, &state, &dispatcher) }</div>
                if let Some(status) = status {
                    <p class="calc-status" data-testid="calc-status" role="status">{ status }</p>
                }
            </section>
            <section class={classes!("panel", "calc-result-panel", state.has_errors().then_some("stale"))} aria-labelledby="calc-result-heading">
                <h2 id="calc-result-heading">{ lang.text(Msg::CalcResultHeading) }</h2>
                if let Some(solution) = state.solution {
                    <CalculatorResult {solution} />
                    <MemoryChart rate={target_rate.unwrap_or(solution.rate)} items={solution.items} />
                }
            </section>
            if let Some(extras) = &props.extras {
                { extras.emit(CalculatorExtras { target_rate, state_query: AttrValue::from(state_query.clone()), onpick: on_pick.clone() }) }
            }
        </div>
    }
}

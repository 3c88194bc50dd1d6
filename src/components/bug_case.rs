//! One case of the bug museum, whole: its story and report, the buggy and the fixed derivation as
//! code, the filter it is replayed on, the Run button, the three rates and — where uniformity is
//! the issue — where the indexes land. The wrapped size and the wrong hash add their arithmetic and
//! their test vectors.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::components::bug_rates::BugRates;
use crate::components::index_histogram::IndexHistogram;
use crate::format::{exact, grouped};
use crate::hooks::use_lang::use_lang;
use crate::state::bugs::{BugsAction, BugsState, BugsStatus, Measured};
use crate::strings::{Lang, Msg};
use bloom_core::bugs::{self, Case, Counted, Scale, Variant};

/// The case's title.
pub fn title(case: Case) -> Msg {
    [
        Msg::BugTitle1,
        Msg::BugTitle2,
        Msg::BugTitle3,
        Msg::BugTitle4,
        Msg::BugTitle5,
        Msg::BugTitle6,
        Msg::BugTitle7,
    ][case.number() - 1]
}

fn story(case: Case) -> Msg {
    [
        Msg::BugStory1,
        Msg::BugStory2,
        Msg::BugStory3,
        Msg::BugStory4,
        Msg::BugStory5,
        Msg::BugStory6,
        Msg::BugStory7,
    ][case.number() - 1]
}

/// Props of [`BugCase`].
#[derive(Properties, PartialEq, Clone)]
pub struct BugCaseProps {
    /// The museum.
    pub state: UseReducerHandle<BugsState>,
    /// The case shown.
    pub case: Case,
    /// Stops the runs.
    pub oncancel: Callback<()>,
    /// The heading's level: 2 on the page, 1 when the case is embedded alone.
    #[prop_or(2)]
    pub level: u8,
}

/// What a run the reader asked for (`asked`) measured comes into view as it arrives (presented,
/// inside the slide's frame): `rates`, once `ran` holds the measurements.
#[hook]
fn use_run_in_view(rates: NodeRef, ran: Option<Measured>, asked: Rc<RefCell<bool>>) {
    use_effect_with((rates, ran), move |(rates, ran)| {
        if let Some(rates) = rates
            .cast::<web_sys::Element>()
            .filter(|_| ran.is_some() && *asked.borrow())
        {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            rates.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });
}

/// The case.
#[component]
pub fn BugCase(props: &BugCaseProps) -> Html {
    let lang = use_lang();
    let case = props.case;
    let state = &props.state;
    // A run the reader asked for here (not one a link started as the page opened, which would
    // move the page under a reader who has not touched it).
    let asked = use_mut_ref(|| false);
    let run = |scale: Scale| {
        let (dispatcher, asked) = (state.dispatcher(), asked.clone());
        Callback::from(move |_: MouseEvent| {
            *asked.borrow_mut() = true;
            dispatcher.dispatch(BugsAction::Run(case, scale));
        })
    };
    let heading_id = format!("bug-{}-heading", case.id());
    let title_text = format!("{}. {}", case.number(), lang.text(title(case)));
    let heading = match props.level {
        1 => html! { <h1 id={heading_id.clone()}>{ title_text.clone() }</h1> },
        _ => html! { <h2 id={heading_id.clone()}>{ title_text.clone() }</h2> },
    };
    let (report_name, report_url) = case.report();
    let busy = state.busy_with(case);
    let classroom = state.measured(case, Scale::Classroom);
    let original = state.measured(case, Scale::Original);
    let ran = classroom.buggy.is_some() || classroom.fixed.is_some();
    let rates = use_node_ref();
    use_run_in_view(rates.clone(), ran.then_some(classroom), asked.clone());
    let original_setup = bugs::setup(case, Scale::Original);
    let setup = bugs::setup(case, Scale::Classroom);
    html! {
        <section class="panel bug-case" id={case.id()} data-testid="bug-case" data-case={case.id()} aria-labelledby={heading_id}
            data-n={setup.items.to_string()} data-m={setup.bits.to_string()} data-k={setup.hashes.to_string()} data-queries={setup.queries.to_string()}>
            { heading }
            <p>{ lang.text(story(case)) }</p>
            <p class="bug-report">{ lang.text(Msg::BugReport) }{ lang.punctuation_gap() }<a href={report_url}>{ report_name }</a></p>
            <div class="bug-code">
                <figure>
                    <figcaption>{ lang.text(Msg::BugShipped) }</figcaption>
                    <pre tabindex="0"><code>{ bugs::code(case, Variant::Buggy) }</code></pre>
                </figure>
                <figure>
                    <figcaption>{ lang.text(Msg::BugFixedCode) }</figcaption>
                    <pre tabindex="0"><code>{ bugs::code(case, Variant::Fixed) }</code></pre>
                </figure>
            </div>
            { extras(lang, case) }
            <p class="bug-setup">{ setup_text(lang, case) }</p>
            <div class="actions">
                <button type="button" class="primary" data-testid="bug-run" disabled={busy} onclick={run(Scale::Classroom)}>{ lang.text(Msg::BugRun) }</button>
                if case.has_original_scale() {
                    <button type="button" data-testid="bug-run-original" disabled={busy} onclick={run(Scale::Original)}>
                        { lang.fill(Msg::BugRunOriginal, &[("n", &grouped(original_setup.items)), ("queries", &grouped(original_setup.queries))]) }
                    </button>
                }
                if busy {
                    <button type="button" data-testid="bug-cancel" onclick={props.oncancel.reform(|_: MouseEvent| ())}>{ lang.text(Msg::BugCancel) }</button>
                }
            </div>
            { status(lang, state, case) }
            <div ref={rates}>
                <BugRates {case} scale={Scale::Classroom} measured={classroom} title={title_text.clone()} />
            </div>
            if original.buggy.is_some() || original.fixed.is_some() {
                <h3>{ lang.fill(Msg::BugOriginalHeading, &[("n", &grouped(original_setup.items)), ("queries", &grouped(original_setup.queries))]) }</h3>
                <BugRates {case} scale={Scale::Original} measured={original} title={title_text} />
            }
            if case.has_histogram() && ran {
                <IndexHistogram {case} />
            }
        </section>
    }
}

fn setup_text(lang: Lang, case: Case) -> String {
    let setup = bugs::setup(case, Scale::Classroom);
    let (n, m, k) = (
        grouped(setup.items),
        grouped(setup.bits),
        setup.hashes.to_string(),
    );
    match case.counts() {
        Counted::FalsePositives => lang.fill(
            Msg::BugSetupFp,
            &[
                ("n", &n),
                ("m", &m),
                ("k", &k),
                ("queries", &grouped(setup.queries)),
            ],
        ),
        Counted::FalseNegatives => lang.fill(Msg::BugSetupFn, &[("n", &n), ("m", &m), ("k", &k)]),
    }
}

/// What the case's own line says: its run's progress, that it waits, or why runs stopped.
fn status(lang: Lang, state: &BugsState, case: Case) -> Html {
    let text = match state.running {
        Some(running) if running.job.case == case => {
            let variant = lang.text(match running.job.variant {
                Variant::Buggy => Msg::BugBuggy,
                Variant::Fixed => Msg::BugFixed,
            });
            lang.fill(
                Msg::BugRunning,
                &[
                    ("variant", &variant.to_lowercase()),
                    ("done", &grouped(running.done)),
                    ("total", &grouped(running.total)),
                ],
            )
        }
        _ if state.busy_with(case) => lang.text(Msg::BugQueued).to_owned(),
        _ => match state.status {
            BugsStatus::Fine => String::new(),
            BugsStatus::Cancelled => lang.text(Msg::BugCancelled).to_owned(),
            BugsStatus::NoWorker => lang.text(Msg::BugNoWorker).to_owned(),
            BugsStatus::Failed(_) => lang.text(Msg::BugFailed).to_owned(),
        },
    };
    let progress = state
        .running
        .filter(|running| running.job.case == case)
        .and(state.progress());
    html! {
        <div class="bug-status">
            if let Some(fraction) = progress {
                <progress max="1" value={exact(fraction)} aria-label={lang.percent(fraction)}></progress>
            }
            <p role="status" aria-live="polite" data-testid="bug-status">{ text }</p>
        </div>
    }
}

/// A value as the references print it — hexadecimal, zero-padded to the hash's width — and, for
/// 32-bit hashes, in decimal as pages print it: `0x050c5d7e = 84,696,446`.
fn written(value: u64, width: u32) -> String {
    let digits = (width / 4) as usize;
    if width <= 32 {
        format!("0x{value:0digits$x} = {}", grouped(value))
    } else {
        format!("0x{value:0digits$x}")
    }
}

/// The wrapped size's arithmetic, and the wrong hash's test vectors.
fn extras(lang: Lang, case: Case) -> Html {
    match case {
        Case::SizeOverflow => {
            let rows = [
                (Msg::BugOverflowNeeded, grouped(1u64 << 32)),
                (
                    Msg::BugOverflowIn32,
                    grouped(u64::from(1u32.wrapping_shl(32))),
                ),
                (Msg::BugOverflowIn64, grouped(1u64 << 32)),
                (Msg::BugOverflowGuard, grouped(bloom_core::lab::MAX_BITS)),
            ];
            html! {
                <table class="bug-table" data-testid="bug-overflow">
                    <caption>{ lang.text(Msg::BugOverflowCaption) }</caption>
                    <tbody>
                        { for rows.into_iter().map(|(label, value)| html! {
                            <tr><th scope="row">{ lang.text(label) }</th><td class="num">{ value }</td></tr>
                        }) }
                    </tbody>
                </table>
            }
        }
        Case::WrongFnv => {
            let rows = bugs::wrong_fnv::vectors().into_iter().map(|vector| {
                let agrees = vector.ours == vector.published;
                html! {
                    <tr data-testid="bug-vector">
                        <th scope="row">{ vector.hash }</th>
                        <td><code>{ format!("\"{}\"", vector.input) }</code></td>
                        <td class="num">{ written(vector.published, vector.width) }</td>
                        <td class="num">{ written(vector.ours, vector.width) }{ if agrees { format!(" ✓ {}", lang.text(Msg::BugVectorAgrees)) } else { String::new() } }</td>
                        <td class="num">{ vector.in_doubles.map(|value| written(value, vector.width)).unwrap_or_default() }</td>
                    </tr>
                }
            });
            html! {
                <>
                // The caption above the box, so a phone shows it whole; the wide table scrolls in its
                // own box, which the keyboard can reach.
                <p class="bug-table-caption" id="bug-vectors-caption">{ lang.text(Msg::BugVectorsCaption) }</p>
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="bug-vectors-caption">
                <table class="bug-table" data-testid="bug-vectors" aria-labelledby="bug-vectors-caption">
                    { column_heads(lang, &[Msg::BugVectorHash, Msg::BugVectorInput, Msg::BugVectorPublished, Msg::BugVectorOurs, Msg::BugVectorPage]) }
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
                </>
            }
        }
        _ => Html::default(),
    }
}

//! The tutorial (`learn/1/` … `learn/12/`): a table of contents, the chapter with its widget inline,
//! maths in MathML (rendered by the browser, read by screen readers), a check-yourself question whose
//! answer opens on request, and previous/next links with progress.

mod slides;

use yew::prelude::*;

use crate::components::estimate_demo::EstimateDemo;
use crate::components::number_field::NumberField;
use crate::components::rate_chart::RateChart;
use crate::hooks::use_lang::{use_lang, use_resources};
use crate::hooks::use_page_link::site_root;
use crate::hooks::use_prerendered::use_turn;
use crate::hooks::use_saved_playground::use_linked_playground;
use crate::pages::calculator::{self, CalculatorPage};
use crate::pages::playground::ChapterPlayground;
use crate::routes::{chapter_from_hash, chapter_from_path, page_folder, SitePage};
use crate::share::{to_query, SharedState};
use crate::state::playground::{Outcome, PlaygroundAction};
use crate::strings::{installed, Lang, Msg};
use crate::tutorial::progress::{Mark, Progress};
use crate::tutorial::{chapter2, chapter4, chapter5};
use crate::tutorial::{resource, title, Widget, CHAPTERS, WALK_ITEMS, WALK_PARAMS};
use bloom_core::params::{FilterParams, BITS_RANGE, HASHES_RANGE};

/// Props of [`LearnPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct LearnPageProps {
    /// The chapter, 1 … 12 (others show chapter 1).
    pub chapter: u32,
}

fn widget(widget: Widget) -> Html {
    match widget {
        Widget::WalkThrough => {
            let (bits, hashes) = WALK_PARAMS;
            let preset = SharedState {
                params: FilterParams {
                    bits,
                    hashes,
                    ..FilterParams::default()
                },
                items: WALK_ITEMS.iter().map(|item| item.to_string()).collect(),
                ..SharedState::default()
            };
            let tour: Vec<AttrValue> = chapter2::tour()
                .into_iter()
                .map(AttrValue::Static)
                .collect();
            html! { <ChapterPlayground preset={preset} {tour} /> }
        }
        Widget::Hashing => html! { <ChapterPlayground /> },
        Widget::RateChart => html! { <ChapterRateChart /> },
        Widget::Calculator => {
            let extras = Callback::from(calculator::tables);
            html! { <CalculatorPage inline=true preset={AttrValue::Static(chapter5::CALCULATOR_PRESET)} extras={Some(extras)} /> }
        }
        Widget::Estimate => html! { <EstimateDemo /> },
        // Written into the page by the build; the browser keeps that copy (see `adopted`).
        #[cfg(not(target_arch = "wasm32"))]
        _ => html! { <ChapterFrame {widget} /> },
        #[cfg(target_arch = "wasm32")]
        _ => Html::default(),
    }
}

/// The name of a widget's region: "Try it", or for a chapter with two framed widgets, each one's own.
#[cfg(not(target_arch = "wasm32"))]
fn widget_label(lang: crate::strings::Lang, kind: Widget) -> &'static str {
    lang.text(match kind {
        Widget::Counting => Msg::EmbedWidgetCounting,
        Widget::CountMin => Msg::EmbedWidgetCountMin,
        Widget::Scalable => Msg::EmbedWidgetScalable,
        Widget::Sets => Msg::EmbedWidgetSets,
        // Three frames of one widget in one chapter: each named after its section.
        Widget::Partitioned => Msg::PartHeading,
        Widget::Compressed => Msg::CompHeading,
        Widget::Cascade => Msg::CascHeading,
        Widget::Lab => Msg::EmbedWidgetLab,
        Widget::Bugs => Msg::EmbedWidgetBugs,
        // Three frames of the filters page in one chapter: each named after its structure.
        Widget::SplitBlock => Msg::FiltersKindSbbf,
        Widget::Cuckoo => Msg::FiltersKindCuckoo,
        Widget::Xor => Msg::FiltersKindXor,
        _ => Msg::LearnTry,
    })
}

/// Props of [`ChapterFrame`].
#[cfg(not(target_arch = "wasm32"))]
#[derive(Properties, PartialEq, Clone, Copy)]
struct ChapterFrameProps {
    widget: Widget,
}

/// A widget the tutorial shows in a frame, as an author would embed it: the chapter's page carries
/// none of its code, and the frame is made when the reader scrolls to it. The build writes its
/// place into the page; `static/frames.js` makes the frame and gives it the height the widget
/// reports.
#[cfg(not(target_arch = "wasm32"))]
#[component]
fn ChapterFrame(props: &ChapterFrameProps) -> Html {
    let lang = use_lang();
    let (folder, state, title) = match props.widget {
        Widget::CountMin => ("count-min", String::new(), Msg::EmbedWidgetCountMin),
        Widget::Scalable => (
            "scalable",
            crate::tutorial::chapter9::widget_query(),
            Msg::EmbedWidgetScalable,
        ),
        Widget::Sets => (
            "sets",
            crate::tutorial::chapter10::widget_query(Widget::Sets),
            Msg::EmbedWidgetSets,
        ),
        Widget::Lab => ("lab", String::new(), Msg::EmbedWidgetLab),
        Widget::Bugs => (
            "bugs",
            crate::tutorial::chapter11::widget_query(),
            Msg::EmbedWidgetBugs,
        ),
        widget @ (Widget::SplitBlock | Widget::Cuckoo | Widget::Xor) => (
            "filters",
            crate::tutorial::chapter12::widget_query(widget),
            Msg::EmbedWidgetFilters,
        ),
        widget @ (Widget::Partitioned | Widget::Compressed | Widget::Cascade) => (
            "shipping",
            crate::tutorial::chapter10::widget_query(widget),
            Msg::EmbedWidgetShipping,
        ),
        _ => (
            "counting",
            crate::tutorial::chapter7::widget_preset(),
            Msg::EmbedWidgetCounting,
        ),
    };
    let src = format!(
        "{}embed/{folder}/?lang={}#{state}",
        site_root(),
        lang.param()
    );
    // Each width's height, for the style sheet's container queries to choose from.
    let [phone, narrow, column, wide] = props.widget.frame_heights(lang);
    let heights =
        format!("--phone:{phone}px;--narrow:{narrow}px;--column:{column}px;--wide:{wide}px");
    // The lab's table is one part of its page: the claim and the race are there.
    let page_link = (props.widget == Widget::Lab).then(|| {
        let href = format!("{}{}lab/", site_root(), lang.folder());
        html! { <p class="frame-link"><a {href} data-testid="lab-link">{ lang.text(Msg::LearnLabLink) }</a></p> }
    });
    html! {
        <>
        // The frame's place, with its attributes: `frames.js` makes it the frame when it comes into
        // view.
        <div class="widget-frame" data-widget-frame="" data-src={src.clone()} data-title={lang.text(title)}
            data-testid={format!("frame-{}", props.widget.name())} style={heights} />
        <noscript><p class="frame-link"><a href={src}>{ lang.text(title) }</a></p></noscript>
        { for page_link }
        </>
    }
}

/// The rate chart of the analysis chapter with its m, k and n beside it, so the reader can try the
/// values the text names: m and k as fields, n grown ten random words at a time, undone with Reset.
/// As a link opens it (else the chapter's own chart), its state on the widget (`data-link-state`),
/// where a presented chapter's QR code finds it.
#[component]
fn ChapterRateChart() -> Html {
    let lang = use_lang();
    let chart_turn = use_turn();
    // The chart the chapter's prose works through, item for item (the items are distinct).
    let preset = use_memo((), |()| SharedState {
        params: FilterParams {
            bits: chapter4::CHART_BITS,
            hashes: chapter4::CHART_HASHES,
            ..FilterParams::default()
        },
        items: chapter4::chart_items()
            .into_iter()
            .map(str::to_owned)
            .collect(),
        ..SharedState::default()
    });
    let (state, _) = use_linked_playground(Some((*preset).clone()), false);
    let link_state = to_query(&SharedState::of(&state.playground, state.seed));
    let dispatcher = state.dispatcher();
    let on_bits = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |bits| dispatcher.dispatch(PlaygroundAction::SetBits(bits)))
    };
    let on_hashes = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |hashes| dispatcher.dispatch(PlaygroundAction::SetHashes(hashes)))
    };
    let on_words = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(PlaygroundAction::AddRandomWords))
    };
    // Reset goes back to the chart the chapter's prose works through.
    let on_reset = {
        let preset = preset.clone();
        Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(PlaygroundAction::Load((*preset).clone(), Vec::new()))
        })
    };
    // Random words already in the filter add nothing: n says so beside it.
    let duplicates = match &state.outcome {
        Some(Outcome::AddedWords { duplicates, .. }) if *duplicates > 0 => *duplicates,
        _ => 0,
    };
    let params = state.playground.params();
    html! {
        <div class="chapter-chart" data-link-state={link_state}>
            <div class="params" data-testid="chapter-chart-params">
                <NumberField id="chapter-m-input" testid="m-input" name="m" label={lang.text(Msg::BitsLabel)}
                    value={params.bits} min={*BITS_RANGE.start()} max={*BITS_RANGE.end()} onapply={on_bits} />
                <NumberField id="chapter-k-input" testid="k-input" name="k" label={lang.text(Msg::HashesLabel)}
                    value={params.hashes} min={*HASHES_RANGE.start()} max={*HASHES_RANGE.end()} onapply={on_hashes} />
                <p class="chapter-chart-n" data-testid="chapter-chart-n">{ format!("n = {}", state.playground.items().len()) }</p>
                if duplicates > 0 {
                    <p class="hint" data-testid="chapter-chart-duplicates" role="status">{ lang.plural(Msg::AddedWordsDuplicates,
                        duplicates as u64, &[("count", &duplicates.to_string())]) }</p>
                }
            </div>
            <div class="actions">
                <button type="button" data-testid="random-words-button" onclick={on_words}>{ lang.text(Msg::RandomWordsButton) }</button>
                <button type="button" data-testid="reset-button" onclick={on_reset}>{ lang.text(Msg::ResetButton) }</button>
            </div>
            // The chart itself in a task after its fields, during start-up.
            if chart_turn {
                <RateChart playground={state.playground.clone()} />
            }
        </div>
    }
}

/// One chapter of the tutorial.
#[component]
pub fn LearnPage(props: &LearnPageProps) -> Html {
    let lang = use_lang();
    let number = if (1..=CHAPTERS).contains(&props.chapter) {
        props.chapter
    } else {
        1
    };
    // The chapter's prose arrives as its own small file; the contents and widgets do not wait for it.
    let (_, failed) = use_resources(lang, vec![resource(number)]);
    let prose = installed(lang, &resource(number));
    // Every chapter is its own page, in each language.
    let root = site_root();

    let progress = use_state(saved_progress);
    // On a phone the contents fold into one button above the chapter.
    let contents_open = use_state(|| false);
    let on_contents = {
        let contents_open = contents_open.clone();
        Callback::from(move |_: MouseEvent| contents_open.set(!*contents_open))
    };
    let on_answer = {
        let progress = progress.clone();
        Callback::from(move |right: bool| {
            let next = progress.answered(number, right);
            save_progress(next);
            progress.set(next);
        })
    };
    let on_reset = {
        let progress = progress.clone();
        Callback::from(move |_: MouseEvent| {
            save_progress(Progress::default());
            progress.set(Progress::default());
        })
    };

    // On the host the chapter is written from its texts and facts; in the browser the page already
    // holds it, written by the same code at build time, and the app takes it over (see `adopted`).
    #[cfg(target_arch = "wasm32")]
    let adopted = adopted::use_adopted_chapter();
    #[cfg(not(target_arch = "wasm32"))]
    let body = written::written_body(lang, number, prose, on_answer);
    // The widget, then the exercise, each drawn in a task of its own during start-up.
    #[cfg(target_arch = "wasm32")]
    let turns = (use_turn(), use_turn());
    // Presented, the chapter is shown a slide at a time.
    #[cfg(target_arch = "wasm32")]
    let count = adopted.iter().map(|(slide, ..)| *slide).max().unwrap_or(0);
    #[cfg(target_arch = "wasm32")]
    let (slide, presented, go, pause) = slides::use_slides(count);
    #[cfg(not(target_arch = "wasm32"))]
    let (slide, presented, go, count, pause) = (1, false, Callback::noop(), 0, None);
    #[cfg(target_arch = "wasm32")]
    let body = adopted::body(
        lang,
        &adopted,
        (number, on_answer),
        turns,
        (slide, presented, count, go.clone()),
    );

    html! {
        <div class={classes!("learn", presented.then_some("slides"))}>
            { contents(lang, &root, number, &progress, (on_reset, *contents_open, on_contents)) }
            // A new chapter is a new article: nothing (an opened answer) carries over.
            <article key={number} class="learn-chapter panel" data-testid="chapter" data-chapter={number.to_string()}
                aria-busy={if prose.is_some() { "false" } else { "true" }}>
                <p class="learn-progress">
                    <span data-testid="chapter-progress">{ lang.fill(Msg::LearnProgress, &[("i", &number.to_string()), ("n", &CHAPTERS.to_string())]) }</span>
                    <progress max={CHAPTERS.to_string()} value={number.to_string()} aria-hidden="true"></progress>
                </p>
                <h1>{ lang.text(title(number)) }</h1>
                <p class="learn-present"><a href="?present=1" data-testid="present-chapter">{ lang.text(Msg::PresentChapter) }</a></p>
                if failed {
                    <p class="load-error" role="alert">{ lang.text(Msg::LearnProseMissing) }</p>
                }
                // Drawn once the prose is here, so nothing moves when it arrives.
                if prose.is_some() || failed {
                    <div class="chapter-body" data-testid="chapter-body">{ body }</div>
                }
                { pager(lang, &root, number) }
                if presented {
                    { slides::bar(lang, (slide, count), &go, &slides::Neighbours {
                        previous: (number > 1).then(|| chapter_link(lang, &root, number - 1)).as_deref().map(|href| (number - 1, href)),
                        next: (number < CHAPTERS).then(|| chapter_link(lang, &root, number + 1)).as_deref().map(|href| (number + 1, href)),
                    }, pause) }
                }
            </article>
        </div>
    }
}

/// The address of chapter `number`'s page in `lang`, from the site's root `root`.
fn chapter_link(lang: Lang, root: &str, number: u32) -> String {
    [root, &page_folder(SitePage::Learn, Some(number), lang)].concat()
}

/// The table of contents: every chapter, marked when the reader has tried or done its exercise,
/// and the progress with a way to forget it (`on_reset`). Where it stands above the chapter (a
/// phone), it is folded into its heading's button (`open`, `on_toggle`), so the chapter comes first.
fn contents(
    lang: Lang,
    root: &str,
    number: u32,
    progress: &Progress,
    (on_reset, open, on_toggle): (Callback<MouseEvent>, bool, Callback<MouseEvent>),
) -> Html {
    html! {
        <nav class={classes!("learn-contents", "panel", open.then_some("open"))} aria-labelledby="learn-contents-heading">
            <h2 id="learn-contents-heading">
                <span class="contents-title">{ lang.text(Msg::LearnContents) }</span>
                <button type="button" class="contents-toggle" data-testid="contents-toggle"
                    aria-expanded={if open { "true" } else { "false" }} aria-controls="learn-contents-list" onclick={on_toggle}>
                    { lang.text(Msg::LearnContents) }
                </button>
            </h2>
            <div id="learn-contents-list" class="contents-list">
            <ol>
                { for (1..=CHAPTERS).map(|n| {
                    let mark = match progress.mark(n) {
                        Mark::Done => Some(("done", Msg::ProgressDone)),
                        Mark::Tried => Some(("tried", Msg::ProgressTried)),
                        Mark::Unread => None,
                    };
                    html! {
                        <li key={n} aria-current={(n == number).then_some("page")}>
                            <a href={chapter_link(lang, root, n)}>{ lang.text(title(n)) }</a>
                            if let Some((class, msg)) = mark {
                                { " " }<span class={classes!("chapter-mark", class)} data-testid="chapter-mark">{ lang.text(msg) }</span>
                            }
                        </li>
                    }
                }) }
            </ol>
            <p class="learn-done" data-testid="progress" data-done={progress.done().to_string()}>
                <span>{ lang.fill(Msg::ProgressLabel, &[("done", &progress.done().to_string()), ("n", &CHAPTERS.to_string())]) }</span>
                <button type="button" class="link-button" data-testid="progress-reset" onclick={on_reset}
                    disabled={*progress == Progress::default()}>{ lang.text(Msg::ProgressReset) }</button>
            </p>
            </div>
        </nav>
    }
}

/// The links to the chapters before and after chapter `number`.
fn pager(lang: Lang, root: &str, number: u32) -> Html {
    html! {
        <nav class="learn-pager" aria-label={lang.text(Msg::LearnPager)}>
            if number > 1 {
                <a href={chapter_link(lang, root, number - 1)} class="learn-prev">
                    { lang.fill(Msg::LearnPrevious, &[("title", lang.text(title(number - 1)))]) }
                </a>
            }
            if number < CHAPTERS {
                <a href={chapter_link(lang, root, number + 1)} class="learn-next">
                    { lang.fill(Msg::LearnNext, &[("title", lang.text(title(number + 1)))]) }
                </a>
            }
        </nav>
    }
}

/// Where the reader's progress is remembered.
const PROGRESS_KEY: &str = "bloom-tutorial.progress";

/// The progress remembered in this browser (none where there is no storage, as when prerendering).
fn saved_progress() -> Progress {
    crate::web::storage()
        .and_then(|storage| storage.get_item(PROGRESS_KEY).ok().flatten())
        .map(|text| Progress::parse(&text))
        .unwrap_or_default()
}

fn save_progress(progress: Progress) {
    if let Some(storage) = crate::web::storage() {
        // A full or blocked storage only means the progress is not remembered.
        let _ = storage.set_item(PROGRESS_KEY, &progress.to_text());
    }
}

/// The chapter written from its texts, as the build writes each chapter's page (see `adopted` for the
/// browser's side).
#[cfg(not(target_arch = "wasm32"))]
mod written {
    use yew::prelude::*;

    use super::widget;
    use crate::components::exercise_card::ExerciseCard;
    use crate::strings::{fill, Lang, Msg};
    use crate::tutorial::markup::{exponents, inline, Inline, Run, Term};
    use crate::tutorial::slides::slides_of;
    use crate::tutorial::{blocks, facts, Block, Step, Table, ANSWER, QUESTION};

    /// The chapter's prose, formulas, tables, widgets and exercise, written from its texts with every
    /// blank filled from the facts the core computes; then the check-yourself question, the glossary and
    /// further reading.
    pub fn written_body(
        lang: Lang,
        number: u32,
        prose: Option<&'static crate::strings::catalog::Catalog>,
        on_answer: Callback<bool>,
    ) -> Html {
        let facts = facts(lang, number);
        let args: Vec<(&str, &str)> = facts
            .iter()
            .map(|(key, value)| (*key, value.as_str()))
            .collect();
        let text = |key: &str| {
            prose
                .and_then(|prose| prose.get(key))
                .map(|entry| fill(entry.form("other"), &args))
        };
        // Each block's slide, for the chapter presented (see `adopted`), and the widget's slide its
        // prose is docked to; the exercise's is the one after the block before it, and the
        // check-yourself question ends the slides.
        let placed = slides_of(blocks(number), |key| text(key).unwrap_or_default());
        let last = placed
            .last()
            .map_or(1, |block| block.steps.last().unwrap_or(&block.slide) + 1);
        html! {
            <>
                { for blocks(number).iter().zip(placed).map(|(block, placed)| {
                    let (slide, dock) = (placed.slide, placed.dock.map(|dock| dock.to_string()));
                    match block {
                    Block::H(key) => html! { <h2 data-slide={slide.to_string()} data-dock={dock}>{ text(key).unwrap_or_default() }</h2> },
                    Block::P(key) => html! { <p data-slide={slide.to_string()} data-dock={dock}>{ linked(&text(key).unwrap_or_default()) }</p> },
                    // Our own static MathML, never user text.
                    // A formula wider than a phone scrolls sideways; the keyboard can scroll it too.
                    Block::Math(math) => html! { <div class="math" tabindex="0" data-slide={slide.to_string()} data-dock={dock}>{ Html::from_html_unchecked(AttrValue::Static(math)) }</div> },
                    Block::Derivation(steps) => derivation(steps, &placed.steps, &text),
                    Block::Table(table) => {
                        let table = table(lang);
                        table_html(&table, text(table.caption).unwrap_or_default(), &placed.steps)
                    }
                    Block::Figure(figure) => {
                        let figure = figure(lang);
                        html! {
                            <figure class="chapter-figure" data-slide={slide.to_string()}>
                                // Our own drawing, computed at build time: never user text.
                                { Html::from_html_unchecked(AttrValue::from(figure.svg)) }
                                <figcaption>{ linked(&text(figure.caption).unwrap_or_default()) }</figcaption>
                            </figure>
                        }
                    }
                    Block::Exercise => html! { <ExerciseCard chapter={number} onanswer={on_answer.clone()} /> },
                    Block::PageLink(page, key) => {
                        // The paragraph's last sentence is the link: the words before it read as prose.
                        let words = text(key).unwrap_or_default();
                        let (before, link) = words.split_at(crate::tutorial::last_sentence(&words));
                        html! {
                            <p class="page-link" data-slide={slide.to_string()} data-dock={dock}>
                                { before.to_owned() }
                                <a href={format!("{}{}{}", crate::hooks::use_page_link::site_root(), lang.folder(), page.folder())} data-testid="page-link">{ link.to_owned() }</a>
                            </p>
                        }
                    }
                    Block::Widget(kind) => html! {
                        <section class="learn-widget" aria-label={super::widget_label(lang, *kind)} data-widget={kind.name()} data-slide={slide.to_string()}>
                            <h2 class="learn-try">{ lang.text(Msg::LearnTry) }</h2>
                            { widget(*kind) }
                        </section>
                    },
                }}) }
                { check_yourself(lang, text(QUESTION).unwrap_or_default(), text(ANSWER).unwrap_or_default(), last) }
                { glossary(lang) }
                { further_reading(lang) }
            </>
        }
    }

    /// A derivation's `steps`, a list for each of the slides (`slides`, one per step) it takes,
    /// numbered on from the one before.
    fn derivation(steps: &[Step], slides: &[u32], text: &dyn Fn(&str) -> Option<String>) -> Html {
        let mut parts: Vec<(usize, u32)> = Vec::new();
        for (at, &slide) in slides.iter().enumerate() {
            if parts.last().is_none_or(|&(_, last)| last != slide) {
                parts.push((at, slide));
            }
        }
        html! {
            { for parts.iter().enumerate().map(|(part, &(first, slide))| {
                let end = parts.get(part + 1).map_or(steps.len(), |&(next, _)| next);
                html! {
                    <ol class="derivation" start={(first > 0).then(|| (first + 1).to_string())} data-slide={slide.to_string()}>
                        { for steps[first..end].iter().map(|step| html! {
                            <li>
                                <div class="math" tabindex="0">{ Html::from_html_unchecked(AttrValue::Static(step.math)) }</div>
                                <p>{ linked(&text(step.why).unwrap_or_default()) }</p>
                            </li>
                        }) }
                    </ol>
                }
            }) }
        }
    }

    /// A table the core computed, under its caption: one for each of the slides (`slides`, one per
    /// row) it takes, each with the caption and the column headings (read, the parts after the
    /// first show only their rows, in the first's columns).
    fn table_html(table: &Table, caption: String, slides: &[u32]) -> Html {
        let mut parts: Vec<(usize, u32)> = Vec::new();
        for (at, &slide) in slides.iter().enumerate() {
            if parts.last().is_none_or(|&(_, last)| last != slide) {
                parts.push((at, slide));
            }
        }
        // Parts share their columns' widths, so that, read, they line up as one table.
        let columns = (parts.len() > 1).then(|| table.column_widths());
        let width = columns
            .as_ref()
            .map(|widths| format!("width: max(100%, {:.1}em)", widths.iter().sum::<f32>()));
        html! {
            { for parts.iter().enumerate().map(|(part, &(first, slide))| {
                let end = parts.get(part + 1).map_or(table.rows.len(), |&(next, _)| next);
                // Each part a region of its own name: the caption, and which part when there are more.
                let label = if parts.len() > 1 {
                    format!("{caption} ({}/{})", part + 1, parts.len())
                } else {
                    caption.clone()
                };
                html! {
                    // A wide table scrolls in its own box, which the keyboard can reach.
                    <div class={classes!("table-scroll", (parts.len() > 1).then_some("in-parts"), (part > 0).then_some("continued"))}
                        tabindex="0" role="region" aria-label={label} data-slide={slide.to_string()}>
                        <table class="chapter-table" style={width.clone()}>
                            <caption>{ caption.clone() }</caption>
                            if let Some(widths) = &columns {
                                <colgroup>{ for widths.iter().map(|em| html! { <col style={format!("width: {em:.1}em")} /> }) }</colgroup>
                            }
                            <thead><tr>{ for table.head.iter().map(|cell| html! { <th scope="col">{ cell }</th> }) }</tr></thead>
                            <tbody>
                                { for table.rows[first..end].iter().map(|row| table_row(row)) }
                            </tbody>
                        </table>
                    </div>
                }
            }) }
        }
    }

    /// A row of a table: its first cell heads it.
    fn table_row(row: &[String]) -> Html {
        html! {
            <tr>
                { for row.iter().enumerate().map(|(column, cell)| if column == 0 {
                    html! { <th scope="row">{ cell }</th> }
                } else {
                    html! { <td>{ cell }</td> }
                }) }
            </tr>
        }
    }

    /// The check-yourself question, its answer opened on request, and the same again for the
    /// printed key; the last of the chapter's slides (`slide`).
    fn check_yourself(lang: Lang, question: String, answer: String, slide: u32) -> Html {
        let slide = slide.to_string();
        html! {
            <>
                <section class="learn-check" aria-labelledby="learn-check-heading" data-slide={slide.clone()}>
                    <h2 id="learn-check-heading">{ lang.text(Msg::LearnCheck) }</h2>
                    <p data-testid="check-question">{ question.clone() }</p>
                    <details data-testid="check-answer">
                        <summary>{ lang.text(Msg::LearnShowAnswer) }</summary>
                        <p>{ answer.clone() }</p>
                    </details>
                </section>
                // On paper the answer goes to the key, after the exercise's (shown only in print).
                <div class="check-key" aria-hidden="true" data-testid="check-key" data-slide={slide}>
                    <h3>{ lang.text(Msg::LearnCheck) }</h3>
                    <p>{ question }</p>
                    <p><strong>{ answer }</strong></p>
                </div>
            </>
        }
    }

    /// A paragraph's text with its glossary terms linked to their entries (the text is only ever text).
    fn linked(text: &str) -> Html {
        html! {
            { for inline(text).into_iter().map(|piece| match piece {
                Inline::Text(text) => raised(text),
                Inline::Term { term, words } => html! {
                    <a class="glossary-link" data-testid="glossary-link" href={format!("#term-{}", term.name())}>{ words.to_owned() }</a>
                },
            }) }
        }
    }

    /// `text` with its exponents raised ("e^(−kn/m)" as e<sup>−kn/m</sup>), as a formula on its
    /// own line sets them.
    fn raised(text: &str) -> Html {
        html! {
            { for exponents(text).into_iter().map(|run| match run {
                Run::Text(text) => html! { { text.to_owned() } },
                Run::Raised(inner) => html! { <sup>{ raised(inner) }</sup> },
            }) }
        }
    }

    /// The glossary: every term the chapters link to, with its anchor.
    fn glossary(lang: Lang) -> Html {
        let entry = |term: Term| -> (String, Msg) {
            match term {
                Term::Bits => ("m".to_owned(), Msg::GlossaryBits),
                Term::Items => ("n".to_owned(), Msg::GlossaryItems),
                Term::Hashes => ("k".to_owned(), Msg::GlossaryHashes),
                Term::Rate => ("p".to_owned(), Msg::GlossaryRate),
                Term::Fill => (
                    lang.text(Msg::GlossaryNameFill).to_owned(),
                    Msg::GlossaryFill,
                ),
                Term::FalsePositive => (
                    lang.text(Msg::GlossaryNameFalsePositive).to_owned(),
                    Msg::GlossaryFalsePositive,
                ),
                Term::FalseNegative => (
                    lang.text(Msg::GlossaryNameFalseNegative).to_owned(),
                    Msg::GlossaryFalseNegative,
                ),
                Term::DoubleHashing => (
                    lang.text(Msg::GlossaryNameDoubleHashing).to_owned(),
                    Msg::GlossaryDoubleHashing,
                ),
            }
        };
        html! {
            // The glossary and the reading list are the reader's, not the class's: on no slide.
            <section class="learn-glossary" aria-labelledby="glossary-heading" data-testid="glossary" data-slide="0">
                <h2 id="glossary-heading">{ lang.text(Msg::GlossaryHeading) }</h2>
                <dl>
                    { for Term::ALL.into_iter().map(|term| {
                        let (name, definition) = entry(term);
                        html! {
                            <>
                                <dt id={format!("term-{}", term.name())}>{ name }</dt>
                                <dd>{ lang.text(definition) }</dd>
                            </>
                        }
                    }) }
                </dl>
            </section>
        }
    }

    /// The original papers, each with a line on what it adds. Titles and authors stay as published.
    const READING: [(&str, &str, Msg); 14] = [
        ("Burton H. Bloom. Space/time trade-offs in hash coding with allowable errors. Communications of the ACM 13(7), 1970.", "https://doi.org/10.1145/362686.362692", Msg::ReadingBloom),
        ("Adam Kirsch, Michael Mitzenmacher. Less hashing, same performance: building a better Bloom filter. ESA 2006.", "https://doi.org/10.1007/11841036_42", Msg::ReadingKirsch),
        ("Prosenjit Bose et al. On the false-positive rate of Bloom filters. Information Processing Letters 108(4), 2008.", "https://doi.org/10.1016/j.ipl.2008.05.018", Msg::ReadingBose),
        ("Li Fan, Pei Cao, Jussara Almeida, Andrei Z. Broder. Summary cache: a scalable wide-area web cache sharing protocol. IEEE/ACM Transactions on Networking 8(3), 2000.", "https://doi.org/10.1109/90.851975", Msg::ReadingFan),
        ("Paulo Sérgio Almeida, Carlos Baquero, Nuno Preguiça, David Hutchison. Scalable Bloom filters. Information Processing Letters 101(6), 2007.", "https://doi.org/10.1016/j.ipl.2006.10.007", Msg::ReadingAlmeida),
        ("S. Joshua Swamidass, Pierre Baldi. Mathematical correction for fingerprint similarity measures to improve chemical retrieval. Journal of Chemical Information and Modeling 47(3), 2007.", "https://doi.org/10.1021/ci600526a", Msg::ReadingSwamidass),
        ("Andrei Broder, Michael Mitzenmacher. Network applications of Bloom filters: a survey. Internet Mathematics 1(4), 2004.", "https://doi.org/10.1080/15427951.2004.10129096", Msg::ReadingBroder),
        ("Michael Mitzenmacher. Compressed Bloom filters. IEEE/ACM Transactions on Networking 10(5), 2002.", "https://doi.org/10.1109/TNET.2002.803864", Msg::ReadingMitzenmacher),
        ("James Larisch, David Choffnes, Dave Levin, Bruce M. Maggs, Alan Mislove, Christo Wilson. CRLite: a scalable system for pushing all TLS revocations to all browsers. IEEE Symposium on Security and Privacy, 2017.", "https://doi.org/10.1109/SP.2017.17", Msg::ReadingCrlite),
        ("Larry Carter, Robert Floyd, John Gill, George Markowsky, Mark Wegman. Exact and approximate membership testers. STOC 1978.", "https://doi.org/10.1145/800133.804332", Msg::ReadingCarter),
        ("Felix Putze, Peter Sanders, Johannes Singler. Cache-, hash- and space-efficient Bloom filters. WEA 2007, LNCS 4525.", "https://doi.org/10.1007/978-3-540-72845-0_9", Msg::ReadingPutze),
        ("Bin Fan, David G. Andersen, Michael Kaminsky, Michael D. Mitzenmacher. Cuckoo filter: practically better than Bloom. CoNEXT 2014.", "https://doi.org/10.1145/2674005.2674994", Msg::ReadingCuckoo),
        ("Thomas Mueller Graf, Daniel Lemire. Xor filters: faster and smaller than Bloom and cuckoo filters. ACM Journal of Experimental Algorithmics 25, 2020.", "https://doi.org/10.1145/3376122", Msg::ReadingXor),
        ("Thomas Mueller Graf, Daniel Lemire. Binary fuse filters: fast and smaller than xor filters. ACM Journal of Experimental Algorithmics 27, 2022.", "https://doi.org/10.1145/3510449", Msg::ReadingFuse),
    ];

    /// Further reading: the papers the chapters draw on.
    fn further_reading(lang: Lang) -> Html {
        html! {
            <section class="learn-reading" aria-labelledby="reading-heading" data-testid="further-reading" data-slide="0">
                <h2 id="reading-heading">{ lang.text(Msg::ReadingHeading) }</h2>
                <ul>
                    { for READING.iter().map(|(citation, address, note)| html! {
                        <li><a href={*address} rel="noopener">{ *citation }</a>{ " " }<span>{ lang.text(*note) }</span></li>
                    }) }
                </ul>
            </section>
        }
    }
}

/// The chapter as the page holds it, taken over by the app: its prose, formulas, tables, question,
/// glossary and reading list stay the very elements the build wrote (copied from the prerendered
/// page, so the browser neither draws them again nor downloads the code and facts that wrote them),
/// and only the widgets and the exercise become live components in their places.
#[cfg(target_arch = "wasm32")]
mod adopted {
    use std::rc::Rc;

    use yew::prelude::*;

    use super::widget;
    use crate::components::exercise_card::ExerciseCard;
    use crate::tutorial::Widget;

    /// One child of the chapter's body.
    #[derive(Clone, PartialEq)]
    pub enum Piece {
        /// Written at build time: kept as it is.
        Written(web_sys::Node),
        /// A widget, drawn by the app.
        Widget(Widget),
        /// The exercise, drawn by the app.
        Exercise,
    }

    /// The pieces of the prerendered chapter's body, each with its slide (`data-slide`, written by
    /// the build; the exercise, which carries none, has the slide after the piece before it; 0 is
    /// on no slide) and, for prose about a widget, the widget's slide (`data-dock`), read once,
    /// when the app first draws (the prerendered page is removed right after). Empty when the page
    /// has none.
    #[hook]
    pub fn use_adopted_chapter() -> Rc<Vec<(u32, Option<u32>, Piece)>> {
        let pieces = use_state(|| Rc::new(read()));
        (*pieces).clone()
    }

    fn read() -> Vec<(u32, Option<u32>, Piece)> {
        let body = crate::web::window()
            .and_then(|window| window.document())
            .and_then(|document| {
                document
                    .query_selector("#prerendered [data-testid=\"chapter-body\"]")
                    .ok()
                    .flatten()
            });
        let Some(body) = body else {
            return Vec::new();
        };
        let children = body.children();
        let mut slide = 0;
        (0..children.length())
            .filter_map(|index| children.item(index))
            .map(|child| {
                slide = child
                    .get_attribute("data-slide")
                    .and_then(|number| number.parse().ok())
                    .unwrap_or(slide + 1);
                let dock = child
                    .get_attribute("data-dock")
                    .and_then(|number| number.parse().ok());
                let piece = if let Some(kind) = child
                    .get_attribute("data-widget")
                    .and_then(|name| Widget::from_name(&name))
                    // A framed widget stays as written: the frame is the page's own markup.
                    .filter(|kind| !kind.framed())
                {
                    Piece::Widget(kind)
                } else if child.get_attribute("data-testid").as_deref() == Some("exercise") {
                    Piece::Exercise
                } else {
                    // A deep copy made by the browser in one call: no element is built by the app.
                    Piece::Written(
                        child
                            .clone_node_with_deep(true)
                            .unwrap_or_else(|_| child.into()),
                    )
                };
                (slide, dock, piece)
            })
            .collect()
    }

    /// The chapter's body from its pieces, a box for each slide's, the box of slide `current`
    /// marked (the reader returns there); while `presented` only that box is drawn, as `slide`,
    /// with the widget it talks about beside it (the widget's slide, `docked`) — or, where the screen
    /// is too narrow to show that widget beside prose, a button that goes to its slide (`go`).
    pub fn body(
        lang: crate::strings::Lang,
        pieces: &[(u32, Option<u32>, Piece)],
        (number, on_answer): (u32, Callback<bool>),
        (widget_turn, exercise_turn): (bool, bool),
        (current, presented, count, go): (u32, bool, u32, Callback<u32>),
    ) -> Html {
        let piece = |piece: &Piece| match piece {
            Piece::Written(node) => Html::VRef(node.clone()),
            Piece::Widget(kind) => html! {
                <section class="learn-widget" aria-label={lang.text(crate::strings::Msg::LearnTry)} data-widget={kind.name()}>
                    <h2 class="learn-try">{ lang.text(crate::strings::Msg::LearnTry) }</h2>
                    // The costliest part of the page: drawn in a task of its own.
                    if widget_turn {
                        { widget(*kind) }
                    }
                </section>
            },
            Piece::Exercise if exercise_turn => {
                html! { <ExerciseCard chapter={number} onanswer={on_answer.clone()} /> }
            }
            Piece::Exercise => Html::default(),
        };
        let docked = pieces
            .iter()
            .find(|(slide, ..)| *slide == current)
            .and_then(|(_, dock, _)| *dock)
            .filter(|_| presented);
        html! {
            <>
                { for pieces.chunk_by(|a, b| a.0 == b.0).map(|group| {
                    let here = current == group[0].0;
                    let shown = here && presented;
                    let beside = docked == Some(group[0].0);
                    // The same boxes whether read or presented, so no widget is drawn again; a box
                    // shown takes the keyboard's focus, to scroll it.
                    html! {
                        <div class={classes!("chapter-slide", here.then_some("current"), beside.then_some("docked"))}
                            data-testid={if shown { Some("slide") } else if beside { Some("docked-slide") } else { None }}
                            data-index={shown.then(|| current.to_string())}
                            data-count={shown.then(|| count.to_string())} tabindex={(shown || beside).then_some("0")}>
                            { for group.iter().map(|(.., each)| piece(each)) }
                            if let Some(dock) = docked.filter(|_| shown) {
                                { super::dock_link(lang, dock, &go) }
                            }
                        </div>
                    }
                }) }
            </>
        }
    }
}

/// On a slide of prose about a widget, the way to the widget's own slide: shown only where the
/// widget cannot be shown beside the prose (presenter.css says where).
#[cfg(target_arch = "wasm32")]
fn dock_link(lang: crate::strings::Lang, dock: u32, go: &Callback<u32>) -> Html {
    let onclick = go.reform(move |_: MouseEvent| dock);
    html! {
        <p class="dock-link">
            <button type="button" class="secondary" data-testid="dock-link" {onclick}>
                { lang.fill(crate::strings::Msg::SlideDockLink, &[("slide", &dock.to_string())]) }
            </button>
        </p>
    }
}

/// The chapter the page's address names: its path (`learn/4/`), else a fragment from before chapters
/// had their own pages (`learn/#/4`), else chapter 1.
pub fn current_chapter() -> u32 {
    let location = crate::web::window().map(|window| window.location());
    let from_path = location
        .as_ref()
        .and_then(|location| location.pathname().ok())
        .and_then(|path| chapter_from_path(&path));
    from_path.unwrap_or_else(|| {
        location
            .and_then(|location| location.hash().ok())
            .map_or(1, |hash| chapter_from_hash(&hash))
    })
}

//! The tutorial (`#/learn/1` … `#/learn/8`): a table of contents, the chapter with its widget inline,
//! maths in MathML (rendered by the browser, read by screen readers), a check-yourself question whose
//! answer opens on request, and previous/next links with progress.

use std::rc::Rc;

use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::Route;
use crate::bloom::params::FilterParams;
use crate::components::estimate_demo::EstimateDemo;
use crate::components::rate_chart::RateChart;
use crate::hooks::use_lang::use_lang;
use crate::pages::calculator::CalculatorPage;
use crate::pages::playground::PlaygroundPage;
use crate::share::SharedState;
use crate::strings::{fill, Msg};
use crate::tutorial::{
    chapters, facts, walk_through, Block, Widget, CHAPTERS, WALK_ITEMS, WALK_PARAMS,
};

/// Props of [`LearnPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct LearnPageProps {
    /// The chapter, 1 … 8 (others show chapter 1).
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
            };
            html! { <PlaygroundPage inline=true preset={preset} /> }
        }
        Widget::Hashing => html! { <PlaygroundPage inline=true /> },
        Widget::RateChart => {
            let mut playground = walk_through().rebuilt(FilterParams {
                bits: 64,
                hashes: 3,
                ..FilterParams::default()
            });
            for word in crate::bloom::words::pick(4, 17) {
                let _ = playground.insert(word);
            }
            html! { <RateChart playground={Rc::new(playground)} /> }
        }
        Widget::Calculator => {
            html! { <CalculatorPage inline=true preset={AttrValue::Static("n=1M&p=1%25")} /> }
        }
        Widget::Estimate => html! { <EstimateDemo /> },
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
    let all = chapters(lang);
    let chapter = &all[number as usize - 1];
    let facts = use_memo((), |()| facts());
    let args: Vec<(&str, &str)> = facts
        .iter()
        .map(|(key, value)| (*key, value.as_str()))
        .collect();
    let title_of = |n: u32| all[n as usize - 1].title;

    html! {
        <div class="learn">
            <nav class="learn-contents panel" aria-labelledby="learn-contents-heading">
                <h2 id="learn-contents-heading">{ lang.text(Msg::LearnContents) }</h2>
                <ol>
                    { for (1..=CHAPTERS).map(|n| html! {
                        <li key={n} aria-current={(n == number).then_some("page")}>
                            <Link<Route> to={Route::Learn { chapter: n }}>{ title_of(n) }</Link<Route>>
                        </li>
                    }) }
                </ol>
            </nav>
            // A new chapter is a new article: nothing (an opened answer) carries over.
            <article key={number} class="learn-chapter panel" data-testid="chapter" data-chapter={number.to_string()}>
                <p class="learn-progress">
                    <span data-testid="chapter-progress">{ lang.fill(Msg::LearnProgress, &[("i", &number.to_string()), ("n", &CHAPTERS.to_string())]) }</span>
                    <progress max={CHAPTERS.to_string()} value={number.to_string()} aria-hidden="true"></progress>
                </p>
                <h1>{ chapter.title }</h1>
                { for chapter.blocks.iter().map(|block| match block {
                    Block::P(text) => html! { <p>{ fill(text, &args) }</p> },
                    // Our own static MathML, never user text.
                    Block::Math(math) => html! { <div class="math">{ Html::from_html_unchecked(AttrValue::Static(math)) }</div> },
                    Block::Widget(kind) => html! {
                        <section class="learn-widget" aria-label={lang.text(Msg::LearnTry)}>
                            <h2 class="learn-try">{ lang.text(Msg::LearnTry) }</h2>
                            { widget(*kind) }
                        </section>
                    },
                }) }
                <section class="learn-check" aria-labelledby="learn-check-heading">
                    <h2 id="learn-check-heading">{ lang.text(Msg::LearnCheck) }</h2>
                    <p data-testid="check-question">{ fill(chapter.question, &args) }</p>
                    <details data-testid="check-answer">
                        <summary>{ lang.text(Msg::LearnShowAnswer) }</summary>
                        <p>{ fill(chapter.answer, &args) }</p>
                    </details>
                </section>
                <nav class="learn-pager" aria-label={lang.text(Msg::LearnPager)}>
                    if number > 1 {
                        <Link<Route> to={Route::Learn { chapter: number - 1 }} classes="learn-prev">
                            { lang.fill(Msg::LearnPrevious, &[("title", title_of(number - 1))]) }
                        </Link<Route>>
                    }
                    if number < CHAPTERS {
                        <Link<Route> to={Route::Learn { chapter: number + 1 }} classes="learn-next">
                            { lang.fill(Msg::LearnNext, &[("title", title_of(number + 1))]) }
                        </Link<Route>>
                    }
                </nav>
            </article>
        </div>
    }
}

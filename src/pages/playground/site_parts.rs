//! The playground's panels that only the site shows: the bit array's export, statistics, the items,
//! and the side column with the rate chart, sharing, the embed snippet and the best k. An embedded
//! widget leaves them out, and with them their code.

use yew::prelude::*;

use super::slots::{PartInput, Slot};
use crate::components::compared_rate_chart::ComparedRateChart;
use crate::components::embed_panel::{EmbedWidget, COMPACT_FROM};
use crate::components::item_list::ItemList;
use crate::components::optimal_k::OptimalK;
use crate::components::share_panel::SharePanel;
use crate::components::stats_panel::StatsPanel;
use crate::export::download_bits_png;
use crate::hooks::use_compact_query::use_compact_query;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::site_root;
use crate::pages::embed_builder::link_query;
use crate::share::{to_query, SharedState};
use crate::state::playground::PlaygroundAction;
use crate::strings::{Lang, Msg};

/// Draws the site's panel for `input.slot`.
pub fn site_part(input: PartInput) -> Html {
    html! { <SitePart slot={input.slot} playground={input.playground} seed={input.seed} dispatcher={input.dispatcher} /> }
}

/// Props of [`SitePart`].
#[derive(Properties, PartialEq, Clone)]
struct SitePartProps {
    slot: Slot,
    playground: std::rc::Rc<bloom_core::playground::Playground>,
    seed: u32,
    dispatcher: UseReducerDispatcher<crate::state::playground::PlaygroundState>,
}

#[component]
fn SitePart(props: &SitePartProps) -> Html {
    let lang = use_lang();
    let playground = props.playground.clone();
    let on_hashes = use_callback(props.dispatcher.clone(), |hashes, dispatcher| {
        dispatcher.dispatch(PlaygroundAction::SetHashes(hashes))
    });
    match props.slot {
        Slot::ArrayTools => {
            let on_export = Callback::from(move |_: MouseEvent| {
                download_bits_png(&playground);
            });
            html! {
                <button type="button" class="small secondary" data-testid="export-array-png" onclick={on_export}>
                    { lang.text(Msg::ExportArrayPng) }
                </button>
            }
        }
        Slot::Stage => stage_summary(lang, &playground),
        Slot::Stats => html! {
            <section class="panel stats-panel secondary" aria-labelledby="stats-heading">
                <h2 id="stats-heading">{ lang.text(Msg::StatsHeading) }</h2>
                <StatsPanel stats={playground.stats()} />
            </section>
        },
        Slot::Items => html! {
            <section class="panel items-panel secondary" aria-labelledby="items-heading">
                <h2 id="items-heading">
                    { lang.text(Msg::ItemsHeading) }
                    <span class="heading-note">{ " " }{ lang.fill(Msg::ItemsCount, &[("n", &lang.count(playground.items().len() as u64))]) }</span>
                </h2>
                <ItemList playground={playground.clone()} />
            </section>
        },
        Slot::Side => {
            let params = playground.params();
            html! {
                <div class="column side-column secondary">
                    <section class="panel chart-panel secondary" aria-labelledby="chart-heading">
                        <h2 id="chart-heading">{ lang.text(Msg::ChartHeading) }</h2>
                        <ComparedRateChart playground={playground.clone()} />
                    </section>

                    <section class="panel share-panel secondary" aria-labelledby="share-heading">
                        <h2 id="share-heading">{ lang.text(Msg::ShareHeading) }</h2>
                        <SharePanel playground={playground.clone()} seed={props.seed} />
                    </section>

                    <section class="panel embed-panel secondary" aria-labelledby="embed-heading">
                        <h2 id="embed-heading">{ lang.text(Msg::EmbedHeading) }</h2>
                        <EmbedThisLink playground={playground.clone()} seed={props.seed} />
                    </section>

                    <section class="panel optimal-panel secondary" aria-labelledby="optimal-heading">
                        <h2 id="optimal-heading">{ lang.text(Msg::OptimalHeading) }</h2>
                        <OptimalK bits={params.bits} items={playground.items().len() as u64} hashes={params.hashes} onuse={on_hashes} />
                    </section>
                </div>
            }
        }
    }
}

/// Props of [`EmbedThisLink`].
#[derive(Properties, PartialEq)]
struct EmbedThisLinkProps {
    playground: std::rc::Rc<bloom_core::playground::Playground>,
    seed: u32,
}

/// The link to the embed page, opened with the current state (compact once the items are many).
#[component]
fn EmbedThisLink(props: &EmbedThisLinkProps) -> Html {
    let lang = use_lang();
    let state_query = use_memo(
        (props.playground.clone(), props.seed),
        |(playground, seed)| AttrValue::from(to_query(&SharedState::of(playground, *seed))),
    );
    let state_query = use_compact_query((*state_query).clone(), COMPACT_FROM);
    html! {
        <p><a data-testid="embed-this" href={embed_href(EmbedWidget::Playground, &state_query, lang)}>{ lang.text(Msg::EmbedThis) }</a></p>
    }
}

/// The embed page in `lang`, opened with `widget` and its state.
pub fn embed_href(widget: EmbedWidget, state_query: &str, lang: Lang) -> String {
    format!(
        "{}{}embed/#{}",
        site_root(),
        lang.folder(),
        link_query(widget, state_query)
    )
}

/// What the statistics and the item list say, in brief, for the presenter's stage, where those
/// panels are folded away: the chance a new word answers "maybe", then the items, newest first, on
/// one line (the oldest give way to an ellipsis; the whole list is the line's title).
fn stage_summary(lang: Lang, playground: &bloom_core::playground::Playground) -> Html {
    let fpr = playground.stats().false_positive_rate();
    let newest_first = playground
        .items()
        .iter()
        .rev()
        .map(|item| item.text.as_str())
        .collect::<Vec<_>>()
        .join(lang.text(Msg::ListSeparator));
    html! {
        <div class="stage-summary" data-testid="stage-summary">
            <p data-testid="stage-rate">{ lang.text(Msg::StageRate) }{ lang.punctuation_gap() }{ "(X/m)" }<sup>{ "k" }</sup>{ format!("\u{a0}=\u{a0}{}", lang.chance(fpr)) }</p>
            if !playground.items().is_empty() {
                <p data-testid="stage-items" title={newest_first.clone()}>{ lang.text(Msg::ItemsNewestFirst) }{ lang.punctuation_gap() }{ newest_first }</p>
            }
        </div>
    }
}

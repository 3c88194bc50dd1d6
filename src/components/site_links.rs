//! What the site adds beside the widgets that keep their state in the link — the counting filter
//! and the count-min sketch, the scalable filter and the combining page — and their embedded widgets
//! leave out (so an embed carries none of its code): the widget's link with a copy button, the way to
//! embed it, and the way to the other page of the pair.

use yew::prelude::*;

use crate::components::embed_panel::EmbedWidget;
use crate::components::link_share::LinkShare;
use crate::embed::link_query;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::site_root;
use crate::strings::Msg;

/// Props of [`SiteLinks`].
#[derive(Properties, PartialEq, Clone)]
pub struct SiteLinksProps {
    /// The widget's state as a query.
    pub query: AttrValue,
    /// Which widget.
    pub widget: EmbedWidget,
}

/// The share panel and the link to the other page.
#[component]
pub fn SiteLinks(props: &SiteLinksProps) -> Html {
    let lang = use_lang();
    let root = site_root();
    // A sketch is not a filter, and the combining page holds two; today's filters have no pair.
    let (heading, hint, next) = match props.widget {
        EmbedWidget::CountMin => (
            Msg::CmsShareHeading,
            Msg::CmsShareHint,
            Some(("counting/", Msg::CmsToCounting, "counting-link")),
        ),
        EmbedWidget::Scalable => (
            Msg::ShareHeading,
            Msg::CombineShareHint,
            Some(("sets/", Msg::CombineToSets, "sets-link")),
        ),
        EmbedWidget::Sets => (
            Msg::CombineShareHeading,
            Msg::CombineShareHint,
            Some(("scalable/", Msg::CombineToScalable, "scalable-link")),
        ),
        EmbedWidget::Filters => (Msg::ShareHeading, Msg::FiltersShareHint, None),
        _ => (
            Msg::ShareHeading,
            Msg::CountingShareHint,
            Some(("count-min/", Msg::CountingToCountMin, "count-min-link")),
        ),
    };
    html! {
        <>
            <section class="panel share-panel secondary" aria-labelledby="share-heading">
                <h2 id="share-heading">{ lang.text(heading) }</h2>
                <LinkShare query={props.query.clone()} hint={lang.text(hint)} />
                <p><a data-testid="embed-this" href={format!("{root}{}embed/#{}", lang.folder(), link_query(props.widget, &props.query))}>
                    { lang.text(Msg::EmbedThis) }</a></p>
            </section>
            if let Some((folder, label, testid)) = next {
                <p class="next-page"><a href={format!("{root}{}{folder}", lang.folder())} data-testid={testid}>
                    { lang.text(label) }</a></p>
            }
        </>
    }
}

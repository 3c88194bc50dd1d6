//! The embeddable widgets' entries (`embed/playground/`, `embed/chart/`, `embed/calculator/`,
//! `embed/counting/`, `embed/count-min/`, `embed/scalable/`, `embed/sets/`, `embed/shipping/`): one
//! widget on the page with no site around it, the author's look (set by `static/embedded.js`), and its height posted to
//! the parent page. Each is its own small program that links only its widget, so a post with a chart
//! downloads the chart and not the site; none has a router — the widget's state is the page's real
//! `?query`.

use yew::prelude::*;

use crate::hooks::use_embed::{use_framed_presenter, use_height_reporter};
use crate::hooks::use_lang::{use_lang, widget_lang, LangContext, LanguageProvider};
use crate::hooks::use_page_link::{use_page_link, window_link};
use crate::hooks::use_prerendered::use_replace_prerendered;
use crate::hooks::use_presenter::{use_presenter_sheet, Presenter};
use crate::options::PageOptions;
use crate::pages::bugs::LinkedBugCase;
use crate::pages::calculator::CalculatorPage;
use crate::pages::chart_embed::ChartEmbed;
use crate::pages::count_min::LinkedCountMin;
use crate::pages::counting::LinkedCounting;
use crate::pages::filters::LinkedFilters;
use crate::pages::lab::LinkedLab;
use crate::pages::playground::EmbeddedPlayground;
use crate::pages::scalable::LinkedScalable;
use crate::pages::sets::LinkedSets;
use crate::pages::shipping::LinkedShipping;
use crate::routes::EmbedWidget;

/// What every embedded widget has around it: its link, language, theme and height reports; `children`
/// is the widget, `resources` the text files it draws from (its row of the page table's). A hook of
/// the widget's entry rather than a component of its own, so no entry carries a component's
/// machinery for it.
#[hook]
fn use_embed_shell(resources: &'static [&'static str], children: Html) -> Html {
    let link = use_memo((), |()| window_link(true));
    let options = PageOptions::from_query(&link.query);
    let resources: Vec<AttrValue> = resources.iter().copied().map(AttrValue::from).collect();
    // The author's link decides the language; the reader's choices on the site do not leak into
    // someone else's post.
    html! {
        <LanguageProvider link={(*link).clone()} lang={widget_lang(options.lang)} {resources}>
            <EmbedFrame present={options.present}>{ children }</EmbedFrame>
        </LanguageProvider>
    }
}

/// Props of [`EmbedFrame`].
#[derive(Properties, PartialEq)]
struct EmbedFrameProps {
    present: bool,
    children: Html,
}

/// The widget's box, whose height goes to the parent page; drawn once the language's text is here,
/// so the first height reported is the real one.
#[component]
fn EmbedFrame(props: &EmbedFrameProps) -> Html {
    let app = use_node_ref();
    use_height_reporter(app.clone(), true);
    // The widget is drawn: the copy prerendered into its page goes.
    use_replace_prerendered();
    // The link fixes presenter mode (there is no switch inside a post), or the site's chapter that
    // frames the widget, as it is presented. Presented, the widget is its stage: nothing around it
    // to fold away.
    let present = use_framed_presenter(props.present);
    let (presenting, presenter_sheet) = use_presenter_sheet(present);
    let lang = use_lang();
    let link = use_page_link();
    // No switch inside a post: one that does nothing, kept, so the context changes only with the mode.
    let toggle = use_memo((), |()| Callback::noop());
    let presenter = Presenter {
        on: presenting,
        toggle: (*toggle).clone(),
    };
    html! {
        <ContextProvider<LangContext> context={LangContext { lang, link, presenter }}>
            <div ref={app} class={classes!("app", "embed", presenting.then_some("presenter"), presenting.then_some("folded"))}>
                { presenter_sheet }
                <main id="main">{ props.children.clone() }</main>
            </div>
        </ContextProvider<LangContext>>
    }
}

/// A widget as its own entry: the widget's component in the embed shell, with the text files its row
/// of the table names.
macro_rules! embed_apps {
    ($($name:ident: $widget:expr => { $($body:tt)+ }, $doc:literal;)*) => {$(
        #[doc = $doc]
        #[component]
        pub fn $name() -> Html {
            use_embed_shell($widget.resources(), html! { $($body)+ })
        }
    )*};
}

embed_apps! {
    EmbedPlayground: EmbedWidget::Playground => { <EmbeddedPlayground /> }, "The playground widget.";
    EmbedChart: EmbedWidget::Chart => { <ChartEmbed /> }, "The rate chart widget.";
    EmbedCalculator: EmbedWidget::Calculator => { <CalculatorPage embed=true /> }, "The calculator widget.";
    EmbedCounting: EmbedWidget::Counting => { <LinkedCounting /> }, "The counting Bloom filter widget.";
    EmbedCountMin: EmbedWidget::CountMin => { <LinkedCountMin /> }, "The count-min sketch widget.";
    EmbedScalable: EmbedWidget::Scalable => { <LinkedScalable /> }, "The scalable filter widget.";
    EmbedSets: EmbedWidget::Sets => { <LinkedSets /> }, "Two filters combined by union and intersection.";
    EmbedShipping: EmbedWidget::Shipping => { <LinkedShipping /> }, "Partitioned, compressed and cascaded filters (one of them, as the link's `view` says).";
    EmbedLab: EmbedWidget::Lab => { <LinkedLab /> }, "The slides' performance test: its table and chart, run on click.";
    EmbedBugs: EmbedWidget::Bugs => { <LinkedBugCase /> }, "One case of the bug museum (`#case=…`), run on click.";
    EmbedFilters: EmbedWidget::Filters => { <LinkedFilters /> }, "The filters the field uses today, one structure at a time.";
}

//! The page where a blog author gets a widget for their post (`embed/`): which widget, a theme,
//! read-only or not, the `<iframe>` code to paste and a live preview. The playground and the
//! calculator link here with their state, so the widget opens exactly as the author left it; the
//! generator lives on its own page so the pages a reader opens do not carry it.

use yew::prelude::*;

use crate::components::embed_panel::{EmbedPanel, EmbedWidget};
pub use crate::embed::link_query;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::use_page_link;
use crate::strings::Msg;
use crate::url::{build_query, parse_query};

/// The widgets to offer, and the state to give them, from the page's link: `widget=calculator` with
/// the calculator's fields, or a playground state for the playground and the chart. Parameters of the
/// page itself (language, presenter mode) are not state.
pub fn offer(query: &str) -> (Vec<EmbedWidget>, String) {
    let pairs: Vec<(String, String)> = parse_query(query)
        .into_iter()
        .filter_map(|(key, value)| value.ok().map(|value| (key, value)))
        .collect();
    let widget = pairs
        .iter()
        .find(|(key, _)| key == "widget")
        .map(|(_, value)| value.as_str());
    let widgets = match widget {
        Some("calculator") => vec![EmbedWidget::Calculator],
        Some("chart") => vec![EmbedWidget::Chart, EmbedWidget::Playground],
        Some("playground") => vec![EmbedWidget::Playground, EmbedWidget::Chart],
        Some("counting") => vec![EmbedWidget::Counting],
        Some("count-min") => vec![EmbedWidget::CountMin],
        Some("scalable") => vec![EmbedWidget::Scalable],
        Some("sets") => vec![EmbedWidget::Sets, EmbedWidget::Shipping],
        Some("shipping") => vec![EmbedWidget::Shipping],
        Some("lab") => vec![EmbedWidget::Lab],
        Some("bugs") => vec![EmbedWidget::Bugs],
        _ => EmbedWidget::ALL.to_vec(),
    };
    let state = build_query(
        pairs
            .iter()
            .filter(|(key, _)| !matches!(key.as_str(), "widget" | "lang" | "present"))
            .map(|(key, value)| (key.as_str(), value.as_str())),
    );
    (widgets, state)
}

/// The embed page.
#[component]
pub fn EmbedBuilderPage() -> Html {
    let lang = use_lang();
    let link = use_page_link();
    let (widgets, state) = offer(&link.query);
    html! {
        <div class="embed-builder">
            <div class="page-intro">
                <h1>{ lang.text(Msg::EmbedHeading) }</h1>
                <p class="intro">{ lang.text(Msg::EmbedIntro) }</p>
            </div>
            <section class="panel embed-panel" aria-label={lang.text(Msg::EmbedHeading)}>
                <EmbedPanel {widgets} state_query={AttrValue::from(state)} />
            </section>
        </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn offers_the_widgets_of_the_page_that_linked_here() {
        let (widgets, state) = offer("widget=calculator&n=1e6&p=0.01&lang=ja");
        assert_eq!(widgets, vec![EmbedWidget::Calculator]);
        assert_eq!(state, "n=1e6&p=0.01");
        let (widgets, state) = offer(&link_query(EmbedWidget::Playground, "m=16&item=a%26b"));
        assert_eq!(widgets, vec![EmbedWidget::Playground, EmbedWidget::Chart]);
        assert_eq!(state, "m=16&item=a%26b");
        let (widgets, state) = offer("");
        assert_eq!(widgets.len(), 11);
        assert_eq!(state, "");
    }
}

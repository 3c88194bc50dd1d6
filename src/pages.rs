//! One component per route, and the opening every widget page shares ([`use_widget_page`]).

pub mod bugs;
pub mod calculator;
pub mod chart_embed;
pub mod count_min;
pub mod counting;
pub mod embed_builder;
pub mod filters;
pub mod lab;
pub mod learn;
pub mod playground;
pub mod scalable;
pub mod sets;
pub mod shipping;

use yew::prelude::*;

use crate::components::embed_panel::EmbedWidget;
use crate::components::widget_parts::{
    params_row, use_controls, use_site_widget, LinkedProps, WidgetProps,
};
use crate::embed::Controls;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_shortcuts::{use_remote_paging, use_widget_shortcuts, HistoryKeys};
use crate::shortcuts::Shortcut;
use crate::strings::{Lang, Msg};

/// What every widget page with a history starts from (the playground, the counting filter, the
/// count-min sketch, the scalable filter, combining filters).
pub struct WidgetPage {
    /// The page's language.
    pub lang: Lang,
    /// The controls it shows.
    pub controls: Controls,
    /// The item field, which `/` focuses.
    pub item_input: NodeRef,
    /// The panel that shows the last action's outcome, kept in view as it changes.
    pub outcome_ref: NodeRef,
    /// True in a post, where the widget's panels are folded and Reset needs confirming.
    pub embed: bool,
    /// What its Reset, Undo and Redo ask of its reducer.
    pub keys: HistoryKeys,
}

/// The opening of a widget page: its language, its controls (all on the site, those `controls=`
/// asks for when `embed`ded), and the keys every widget answers — `/`, and `keys`' Reset, Undo and
/// Redo — with any other key going to `more`. Not generic, so every widget shares one copy.
#[hook]
pub fn use_widget_page(
    embed: bool,
    keys: HistoryKeys,
    more: Option<Callback<Shortcut, bool>>,
) -> WidgetPage {
    let lang = use_lang();
    let controls = use_controls(embed);
    let item_input = use_node_ref();
    let outcome_ref = use_node_ref();
    use_widget_shortcuts(item_input.clone(), keys.clone(), more);
    WidgetPage {
        lang,
        controls,
        item_input,
        outcome_ref,
        embed,
        keys,
    }
}

/// A widget page whose whole state its link holds: which widget it is, and the state it shows.
pub trait LinkedPage: BaseComponent<Properties = WidgetProps<Self::State>> {
    /// The page's state.
    type State: Linked;
    /// The widget, for its link and the way to embed it.
    const WIDGET: EmbedWidget;
}

/// The widget page `P` as the site shows it: its state saved, and in the link, and beside it its
/// link, the way to embed it and the other pages.
#[component]
pub fn SiteWidget<P: LinkedPage>() -> Html {
    let (state, aside) = use_site_widget::<P::State>(P::WIDGET);
    use_remote_paging();
    html! { <P {state} {aside} /> }
}

/// The widget page `P` as a link opens it, saving nothing: the embedded widget.
#[component]
pub fn LinkedWidget<P: LinkedPage>(props: &LinkedProps) -> Html {
    let state = use_linked::<P::State>(props.preset.clone(), false);
    html! { <P {state} embed=true /> }
}

/// The panel of `page`'s controls, labelled by `title`: its item field (when `controls=` shows
/// the input) above its row of parameters — `fields`, then Reset, Undo and Redo (`can`: whether
/// there is anything to undo and to redo), then on the site `hint`.
pub fn controls_section(
    page: &WidgetPage,
    (title, hint): (Msg, Msg),
    item_field: &dyn Fn() -> Html,
    fields: Html,
    (can_undo, can_redo): (bool, bool),
) -> Html {
    let (lang, controls, embed) = (page.lang, page.controls, page.embed);
    let history = (&page.keys, can_undo, can_redo);
    html! {
        <section class="panel controls" aria-label={lang.text(title)}>
            if controls.input {
                { item_field() }
            }
            { params_row(lang, (controls, embed), fields, history, hint) }
        </section>
    }
}

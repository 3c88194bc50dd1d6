//! Filters at equal memory, laid out or sent another way: standard against partitioned, compressed
//! filters for a budget of bits to send, and a cascade that sends a set exactly. The combining page
//! shows all three below its two sets; the shipping widget shows one (`view=`) or all three. Their
//! settings live in the combining page's reducer ([`crate::state::sets`]) and link.

use yew::prelude::*;

use crate::components::cascade_panel::CascadePanel;
use crate::components::compressed_panel::CompressedPanel;
use crate::components::partition_panel::PartitionPanel;
use crate::components::state_error::StateError;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::use_linked;
use crate::hooks::use_prerendered::use_turn;
use crate::share::sets::SetsView;
use crate::state::sets::{SetsAction, SetsState};
use crate::strings::Msg;

/// Props of [`ShippingParts`].
#[derive(Properties, PartialEq, Clone)]
pub struct ShippingPartsProps {
    /// The state (its comparisons' settings).
    pub state: UseReducerHandle<SetsState>,
    /// Which to show: all three on the site, as the link says when embedded.
    #[prop_or_default]
    pub view: SetsView,
}

/// The three comparisons, or the one `view` names.
#[component]
pub fn ShippingParts(props: &ShippingPartsProps) -> Html {
    let lang = use_lang();
    let state = &props.state;
    let on_partition = use_callback(state.dispatcher(), |settings, dispatcher| {
        dispatcher.dispatch(SetsAction::SetPartition(settings))
    });
    let on_compress = use_callback(state.dispatcher(), |settings, dispatcher| {
        dispatcher.dispatch(SetsAction::SetCompress(settings))
    });
    let on_cascade = use_callback(state.dispatcher(), |settings, dispatcher| {
        dispatcher.dispatch(SetsAction::SetCascade(settings))
    });
    // Each comparison measures real filters: during start-up, one task each.
    let turns = [use_turn(), use_turn(), use_turn()];
    let part = |part: SetsView, heading: Msg, id: &'static str, drawn: bool, body: Html| -> Html {
        if !props.view.shows(part) {
            return Html::default();
        }
        html! {
            <section class="panel wide-panel" aria-labelledby={id} data-testid={format!("{}-section", part.id())}>
                <h2 {id}>{ lang.text(heading) }</h2>
                if drawn {
                    { body }
                }
            </section>
        }
    };
    html! {
        <>
            { part(SetsView::Partitioned, Msg::PartHeading, "partitioned-heading", turns[0],
                html! { <PartitionPanel settings={state.partition} onchange={on_partition} /> }) }
            { part(SetsView::Compressed, Msg::CompHeading, "compressed-heading", turns[1],
                html! { <CompressedPanel settings={state.compress} onchange={on_compress} /> }) }
            { part(SetsView::Cascade, Msg::CascHeading, "cascade-heading", turns[2],
                html! { <CascadePanel settings={state.cascade} onchange={on_cascade} /> }) }
        </>
    }
}

/// Props of [`LinkedShipping`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedShippingProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The comparisons as a link opens them, saving nothing: the embedded widget.
#[component]
pub fn LinkedShipping(props: &LinkedShippingProps) -> Html {
    let lang = use_lang();
    let state = use_linked::<SetsState>(props.preset.clone(), false);
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(SetsAction::DismissIgnored)
    });
    let view = state.view;
    html! {
        <div class="playground sets embedded">
            <div class="page-intro"><h1>{ lang.text(Msg::ShippingTitle) }</h1></div>
            <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} />
            <ShippingParts state={state.clone()} {view} />
        </div>
    }
}

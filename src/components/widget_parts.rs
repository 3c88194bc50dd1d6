//! The parts every widget page shares — the playground, the counting filter, the count-min sketch,
//! the scalable filter and combining filters: the props a page and its linked form take, which
//! controls an embedded widget shows, the title, the item field and the hash-scheme selector. Plain
//! functions rather than components: they keep no state, and each component type costs every entry
//! that shows it more than a plain function does.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::embed_panel::EmbedWidget;
use crate::components::history_buttons::history_buttons;
use crate::components::site_links::SiteLinks;
use crate::embed::Controls;
use crate::hooks::use_linked::{use_linked, Linked};
use crate::hooks::use_page_link::use_page_link;
use crate::hooks::use_shortcuts::HistoryKeys;
use crate::options::PageOptions;
use crate::strings::{scheme_name, Lang, Msg};
use bloom_core::hashing::HashScheme;

/// Props of a widget's page: its state, whether it is embedded, and what the site shows beside it.
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetProps<T: Reducible + PartialEq + 'static> {
    /// The state.
    pub state: UseReducerHandle<T>,
    /// Embedded: controls as the link says.
    #[prop_or_default]
    pub embed: bool,
    /// What the site shows beside the widget (its link, the way to embed it, the other page); a
    /// prop, so the embedded widget does not carry its code.
    #[prop_or_default]
    pub aside: Html,
}

/// Props of a widget as a link opens it.
#[derive(Properties, PartialEq, Clone, Default)]
pub struct LinkedProps {
    /// The state to start from when the link has none, as a link query.
    #[prop_or_default]
    pub preset: Option<AttrValue>,
}

/// The controls a widget shows: all of them on the site, those the link's `controls=` asks for when
/// embedded.
#[hook]
pub fn use_controls(embed: bool) -> Controls {
    let page_link = use_page_link();
    if embed {
        PageOptions::from_query(&page_link.query).controls
    } else {
        Controls::ALL
    }
}

/// A widget as the site shows it: its state from the link, else the last visit (saved as it
/// changes), and what goes beside it — its link, the way to embed it, the other pages.
#[hook]
pub fn use_site_widget<T: Linked>(widget: EmbedWidget) -> (UseReducerHandle<T>, Html) {
    let state = use_linked::<T>(None, true);
    let query = AttrValue::from(<T as Linked>::to_query(&state));
    let aside = html! { <SiteLinks {query} {widget} /> };
    (state, aside)
}

/// The widget's title and introduction. Embedded, the style sheet keeps the title for screen readers
/// only and leaves the introduction out (inside someone's post the widget needs neither on screen,
/// but its page has a title), unless the author's link asks for both (`title=1`).
pub fn widget_heading(lang: Lang, title: Msg, intro: Msg) -> Html {
    html! {
        <div class="page-intro">
            <h1>{ lang.text(title) }</h1>
            <p class="intro">{ lang.text(intro) }</p>
        </div>
    }
}

/// A click that dispatches `action` to `state`.
pub fn on_click<R>(state: &UseReducerHandle<R>, action: R::Action) -> Callback<MouseEvent>
where
    R: Reducible + 'static,
    R::Action: Clone,
{
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

/// A widget's row of parameters: `fields` when `controls=` shows them, then Reset, Undo and Redo
/// when it shows those (`history`: what they do, whether there is anything to undo and to redo);
/// on the site, `hint` under the row.
pub fn params_row(
    lang: Lang,
    (controls, embed): (Controls, bool),
    fields: Html,
    (keys, can_undo, can_redo): (&HistoryKeys, bool, bool),
    hint: Msg,
) -> Html {
    html! {
        <>
            <div class="params">
                if controls.params {
                    { fields }
                }
                if controls.reset {
                    <div class="actions">
                        { history_buttons(lang, keys, can_undo, can_redo) }
                    </div>
                }
            </div>
            if !embed {
                <p class="hint">{ lang.text(hint) }</p>
            }
        </>
    }
}

/// A widget's item field: where it is, what it holds and what typing and Enter do.
pub struct ItemField<'a> {
    /// The input's id.
    pub id: &'static str,
    /// The id of the hint that describes it, if any.
    pub hint: Option<&'static str>,
    /// The input, for `/` and for selecting its text after Enter.
    pub node: &'a NodeRef,
    /// The text in it.
    pub value: AttrValue,
    /// Gets the text as it is typed.
    pub ontext: Callback<String>,
    /// Enter: the field's main action (insert, add).
    pub onenter: Callback<()>,
}

/// The item field: its label, the `<input>` with `buttons` after it on one row, and `below` under
/// the row (a hint, a tutorial's guided queries).
pub fn item_field(lang: Lang, field: ItemField, buttons: Html, below: Html) -> Html {
    let id = field.id;
    html! {
        <div class="field item-field">
            <label for={id}>{ lang.text(Msg::ItemLabel) }</label>
            <div class="item-row">
                { item_input(lang, field) }
                { buttons }
            </div>
            { below }
        </div>
    }
}

/// The two buttons most item fields have: Insert (the main action) and Query.
pub fn insert_query_buttons(
    lang: Lang,
    oninsert: Callback<MouseEvent>,
    onquery: Callback<MouseEvent>,
) -> Html {
    html! {
        <>
            <button type="button" class="primary" data-testid="insert-button" onclick={oninsert}>
                { lang.text(Msg::InsertButton) }
            </button>
            <button type="button" data-testid="query-button" onclick={onquery}>
                { lang.text(Msg::QueryButton) }
            </button>
        </>
    }
}

/// What a widget's item field does: typing, Insert (Enter too) and Query.
pub struct ItemActions<A> {
    /// The text as it is typed.
    pub typed: fn(String) -> A,
    /// Insert, and Enter in the field.
    pub insert: A,
    /// Query.
    pub query: A,
}

/// A widget's item field: the field `id` holding `value`, Insert and Query then `more` buttons,
/// and under it the hint `hint` (its element `hint_id` describes the field); `actions` go to
/// `state`.
pub fn insert_query_field<R>(
    lang: Lang,
    (state, node): (&UseReducerHandle<R>, &NodeRef),
    (id, hint_id, hint): (&'static str, &'static str, Msg),
    value: AttrValue,
    actions: ItemActions<R::Action>,
    more: Html,
) -> Html
where
    R: Reducible + 'static,
    R::Action: Clone,
{
    let ItemActions {
        typed,
        insert,
        query,
    } = actions;
    let enter = insert.clone();
    let field = ItemField {
        id,
        hint: Some(hint_id),
        node,
        value,
        ontext: dispatch_with(state, typed),
        onenter: dispatch_with(state, move |()| enter.clone()),
    };
    let buttons = html! {
        <>
            { insert_query_buttons(lang, on_click(state, insert), on_click(state, query)) }
            { more }
        </>
    };
    let below = html! { <p id={hint_id} class="hint">{ lang.text(hint) }</p> };
    item_field(lang, field, buttons, below)
}

/// A callback that dispatches to `state` the action `make` builds from what it is given.
pub fn dispatch_with<R, T>(
    state: &UseReducerHandle<R>,
    make: impl Fn(T) -> R::Action + 'static,
) -> Callback<T>
where
    R: Reducible + 'static,
    T: 'static,
{
    let state = state.clone();
    Callback::from(move |value| state.dispatch(make(value)))
}

/// The item `<input>`. After Enter the text stays (what it did stays on screen) but selected, so
/// typing replaces it.
pub fn item_input(lang: Lang, field: ItemField) -> Html {
    let ItemField {
        id,
        hint,
        node,
        value,
        ontext,
        onenter,
    } = field;
    let oninput = Callback::from(move |event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        ontext.emit(input.value());
    });
    let onkeydown = {
        let node = node.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && !event.is_composing() {
                event.prevent_default();
                onenter.emit(());
                if let Some(input) = node.cast::<HtmlInputElement>() {
                    input.select();
                }
            }
        })
    };
    html! {
        <input ref={node.clone()} {id} type="text" data-testid="item-input" autocomplete="off" spellcheck="false"
            placeholder={lang.text(Msg::ItemPlaceholder)} aria-describedby={hint} {value} {oninput} {onkeydown} />
    }
}

/// The hash-scheme field: its label and a `<select>` of every scheme, `current` chosen; `onpick`
/// gets the scheme picked.
pub fn scheme_select(
    lang: Lang,
    id: &'static str,
    current: HashScheme,
    onpick: Callback<HashScheme>,
) -> Html {
    let onchange = Callback::from(move |event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        if let Some(scheme) = HashScheme::from_id(&select.value()) {
            onpick.emit(scheme);
        }
    });
    html! {
        <div class="field scheme-field">
            <label for={id}>{ lang.text(Msg::SchemeLabel) }</label>
            <select {id} data-testid="scheme-select" {onchange}>
                { for HashScheme::ALL.iter().map(|&scheme| html! {
                    <option value={scheme.id()} selected={scheme == current}>{ lang.text(scheme_name(scheme)) }</option>
                }) }
            </select>
        </div>
    }
}

/// The cells of the bits one action read, in probe order: filled for a 1, hollow for a 0, the
/// first 0 (the one that decides a "no") ringed.
pub fn read_cells(indexes: &[u32], set: impl Fn(u32) -> bool) -> Html {
    let deciding = indexes.iter().position(|&index| !set(index));
    html! {
        { for indexes.iter().enumerate().map(|(probe, &index)| {
            let class = classes!("read-bit", set(index).then_some("set"), (deciding == Some(probe)).then_some("decides"));
            html! { <span {class} data-index={index.to_string()}></span> }
        }) }
    }
}

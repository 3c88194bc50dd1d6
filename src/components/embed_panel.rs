//! "Embed this": what an author pastes into a post — the widget with the current state, in the form
//! the author's platform takes (frame and script, the `<bloom-widget>` element, a frame alone, or
//! the bare link), with a theme (the page around it by default), a transparent background, an accent
//! colour, the heading shown or not, and read-only mode. A live preview shows exactly what readers
//! will see; the snippet's frame takes the height the widget has when a reader first opens it.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, MessageEvent};
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::components::share_panel::absolute;
use crate::embed::{shares_state, Form, Look, Snippet};
use crate::hooks::use_compact_query::use_compact_query;
use crate::hooks::use_embed::{HEIGHT_MESSAGE, STATE_MESSAGE};
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::site_root;
use crate::hooks::use_saved_playground::with_lang;
pub use crate::routes::EmbedWidget;
use crate::strings::{Lang, Msg};

/// Past this many characters of state, the snippet carries the items compressed (when that is
/// shorter): a few items stay readable in the snippet, a long list does not bloat the author's page.
pub const COMPACT_FROM: usize = 600;

/// The site's own accent colour, the colour picker's start.
const SITE_ACCENT: &str = "#1f4e8c";

/// Props of [`EmbedPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct EmbedPanelProps {
    /// The widgets this page offers (the first is chosen first).
    pub widgets: Vec<EmbedWidget>,
    /// The current state as a query string (without theme or controls).
    pub state_query: AttrValue,
}

/// What the author has chosen.
#[derive(Clone, PartialEq)]
struct Choice {
    widget: EmbedWidget,
    form: Form,
    look: Look,
}

/// Snippet generator, copy button and preview.
#[component]
pub fn EmbedPanel(props: &EmbedPanelProps) -> Html {
    let lang = use_lang();
    let choice = use_state(|| Choice {
        widget: props
            .widgets
            .first()
            .copied()
            .unwrap_or(EmbedWidget::Playground),
        form: Form::Script,
        look: Look::default(),
    });
    let copied = use_state(|| false);
    let (preview, measure) = (use_node_ref(), use_node_ref());
    let reports = use_preview_reports(preview.clone(), measure.clone());
    let preview_height = reports.height;
    // What the author does in the preview (items inserted, m changed) is what the code gives; the
    // preview itself keeps its address meanwhile, so it is not loaded again with each change. A
    // widget chosen after another keeps its state only where it reads it as its own.
    let widget = choice.widget;
    let chosen = chosen_state(&reports, props, widget);
    // A long item list goes into the snippet in the share link's compact form (compressed by the
    // browser): an author's page should not carry kilobytes of items spelled out.
    let state_query = use_compact_query(chosen, COMPACT_FROM).to_string();
    let form = choice.form;
    let mut look = choice.look.clone();
    look.read_only &= widget == EmbedWidget::Playground;
    let state = with_lang(state_query, lang);
    let site = absolute(&site_root());
    let sizeless = Snippet {
        site: &site,
        widget,
        state: &state,
        look: &look,
        title: lang.text(widget.name()),
        height: 0,
    };
    // The frame's height: the widget's as a reader first opens it, measured unseen (until then the
    // preview's, with the author's clicks in it), rounded up.
    let measuring = use_settled(sizeless.address(), reports.dispatcher());
    let first_height = measuring
        .as_ref()
        .filter(|address| **address == sizeless.address())
        .and(reports.first_height);
    let height = first_height
        .or(preview_height)
        .map_or(widget.default_height(), |h| (h as u32).div_ceil(10) * 10);
    let snippet = Snippet { height, ..sizeless };
    let code = snippet.code(form);
    let address = snippet.address();
    let src = use_memo(((*choice).clone(), props.state_query.clone()), move |_| {
        address
    });
    let on_copy = copy_callback(code.clone(), copied.clone());
    let hint = match form {
        Form::Script => Msg::EmbedHint,
        Form::Element => Msg::EmbedHintElement,
        Form::Frame => Msg::EmbedHintFrame,
        Form::Link => Msg::EmbedHintLink,
    };
    html! {
        <div class="embed-generator">
            { choices_view(lang, &props.widgets, &choice) }
            <p id="embed-code-label" class="embed-code-label">{ lang.text(Msg::EmbedCodeLabel) }</p>
            <pre class="embed-code" tabindex="0" aria-labelledby="embed-code-label"><code data-testid="embed-snippet" data-form={form.name()} data-measured={first_height.is_some().to_string()}>{ code }</code></pre>
            <div class="share-row">
                <button type="button" data-testid="embed-copy" onclick={on_copy}>{ lang.text(Msg::EmbedCopy) }</button>
                <span class="hint" role="status">{ if *copied { lang.text(Msg::ShareCopied) } else { "" } }</span>
            </div>
            <p class="hint" data-testid="embed-hint">{ lang.text(hint) }</p>
            <details class="embed-preview" open=true>
                <summary>{ lang.text(Msg::EmbedPreview) }</summary>
                <iframe ref={preview} src={(*src).clone()} title={lang.text(widget.name())} loading="lazy" data-testid="embed-preview"
                    style={format!("height:{}px", preview_height.unwrap_or(widget.default_height() as i32))} />
                if let Some(src) = measuring {
                    <iframe ref={measure} class="embed-measure" {src} title="" aria-hidden="true" tabindex="-1" />
                }
            </details>
        </div>
    }
}

/// The state `widget` opens with: what the author did in the preview, else the page's own state —
/// each only where the widget reads it as its own ([`shares_state`]); else none.
fn chosen_state(
    reports: &PreviewReports,
    props: &EmbedPanelProps,
    widget: EmbedWidget,
) -> AttrValue {
    let own = props.widgets.first().copied();
    match &reports.state {
        Some((from, state)) if shares_state(*from, widget) => AttrValue::from(state.clone()),
        _ if own.is_some_and(|own| shares_state(own, widget)) => props.state_query.clone(),
        _ => AttrValue::default(),
    }
}

/// Copies `code` to the clipboard, and says so in `copied`.
fn copy_callback(code: String, copied: UseStateHandle<bool>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let (code, copied) = (code.clone(), copied.clone());
        let clipboard = crate::web::window().map(|window| window.navigator().clipboard());
        spawn_local(async move {
            if let Some(clipboard) = clipboard {
                copied.set(JsFuture::from(clipboard.write_text(&code)).await.is_ok());
            }
        });
    })
}

/// A change to the author's choice, from an event on one of the controls.
fn change<E: AsRef<Event> + 'static>(
    choice: &UseStateHandle<Choice>,
    apply: impl Fn(&mut Choice, &E) + 'static,
) -> Callback<E> {
    let choice = choice.clone();
    Callback::from(move |event: E| {
        let mut next = (*choice).clone();
        apply(&mut next, &event);
        choice.set(next);
    })
}

/// The value of the select an event came from.
fn selected(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether the checkbox an event came from is ticked.
fn ticked(event: &Event) -> bool {
    event.target_unchecked_into::<HtmlInputElement>().checked()
}

/// The widget (when there is a choice), the form, the theme, the background, the accent colour, the
/// heading, and read-only mode for the playground.
fn choices_view(lang: Lang, widgets: &[EmbedWidget], choice: &UseStateHandle<Choice>) -> Html {
    let Choice { widget, form, look } = (**choice).clone();
    let on_widget = {
        let widgets = widgets.to_vec();
        change(choice, move |next, event: &Event| {
            if let Some(&chosen) = widgets.iter().find(|w| w.path() == selected(event)) {
                next.widget = chosen;
            }
        })
    };
    let on_form = change(choice, |next, event: &Event| {
        if let Some(&chosen) = Form::ALL.iter().find(|f| f.name() == selected(event)) {
            next.form = chosen;
        }
    });
    let on_theme = change(choice, |next, event: &Event| {
        next.look.theme = match selected(event).as_str() {
            "light" => "light",
            "dark" => "dark",
            _ => "auto",
        };
    });
    let on_accent = change(choice, |next, event: &InputEvent| {
        let value = event.target_unchecked_into::<HtmlInputElement>().value();
        next.look.accent = (value != SITE_ACCENT).then(|| value.trim_start_matches('#').to_owned());
    });
    let form_label = |form: Form| match form {
        Form::Script => Msg::EmbedFormScript,
        Form::Element => Msg::EmbedFormElement,
        Form::Frame => Msg::EmbedFormFrame,
        Form::Link => Msg::EmbedFormLink,
    };
    let accent = look
        .accent
        .as_ref()
        .map_or(SITE_ACCENT.to_owned(), |hex| format!("#{hex}"));
    html! {
        <div class="embed-options">
            if widgets.len() > 1 {
                <div class="field">
                    <label for="embed-widget">{ lang.text(Msg::EmbedWidgetLabel) }</label>
                    <select id="embed-widget" data-testid="embed-widget" onchange={on_widget}>
                        { for widgets.iter().map(|&option| html! {
                            <option value={option.path()} selected={option == widget}>{ lang.text(option.name()) }</option>
                        }) }
                    </select>
                </div>
            }
            <div class="field">
                <label for="embed-form">{ lang.text(Msg::EmbedFormLabel) }</label>
                <select id="embed-form" data-testid="embed-form" onchange={on_form}>
                    { for Form::ALL.iter().map(|&option| html! {
                        <option value={option.name()} selected={option == form}>{ lang.text(form_label(option)) }</option>
                    }) }
                </select>
            </div>
            <div class="field">
                <label for="embed-theme">{ lang.text(Msg::EmbedThemeLabel) }</label>
                <select id="embed-theme" data-testid="embed-theme" onchange={on_theme}>
                    <option value="auto" selected={look.theme == "auto"}>{ lang.text(Msg::EmbedThemeAuto) }</option>
                    <option value="light" selected={look.theme == "light"}>{ lang.text(Msg::EmbedThemeLight) }</option>
                    <option value="dark" selected={look.theme == "dark"}>{ lang.text(Msg::EmbedThemeDark) }</option>
                </select>
            </div>
            <div class="field">
                <label for="embed-accent">{ lang.text(Msg::EmbedAccentLabel) }</label>
                <input type="color" id="embed-accent" data-testid="embed-accent" value={accent} oninput={on_accent} />
            </div>
            { toggle("embed-transparent", lang.text(Msg::EmbedTransparent), look.transparent,
                change(choice, |next, event: &Event| next.look.transparent = ticked(event))) }
            { toggle("embed-title", lang.text(Msg::EmbedShowTitle), look.title,
                change(choice, |next, event: &Event| next.look.title = ticked(event))) }
            if widget == EmbedWidget::Playground {
                { toggle("embed-read-only", lang.text(Msg::EmbedReadOnly), look.read_only,
                    change(choice, |next, event: &Event| next.look.read_only = ticked(event))) }
            }
        </div>
    }
}

/// A labelled checkbox with test id `testid`.
fn toggle(
    testid: &'static str,
    label: &'static str,
    checked: bool,
    onchange: Callback<Event>,
) -> Html {
    html! {
        <label class="toggle">
            <input type="checkbox" data-testid={testid} {checked} {onchange} />
            { " " }{ label }
        </label>
    }
}

/// What the preview tells the page: its height and its state as a link's query whenever the author
/// changes it there (only from that frame, only those message types); and the first height of the
/// widget at the snippet's address, which the unseen frame reports.
#[derive(Clone, PartialEq, Default)]
struct PreviewReports {
    height: Option<i32>,
    state: Option<(EmbedWidget, String)>,
    first_height: Option<i32>,
}

/// One report from a frame, or the unseen frame sent to a new address.
enum Report {
    Height(i32),
    State(EmbedWidget, String),
    FirstHeight(i32),
    Measuring,
}

impl Reducible for PreviewReports {
    type Action = Report;

    fn reduce(self: Rc<Self>, report: Report) -> Rc<Self> {
        let mut next = (*self).clone();
        match report {
            Report::Height(height) => next.height = Some(height),
            Report::State(from, state) => next.state = Some((from, state)),
            Report::FirstHeight(height) => next.first_height = Some(height),
            Report::Measuring => next.first_height = None,
        }
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The reports of the preview and of the unseen `measure` frame (see [`PreviewReports`]), as they
/// come.
#[hook]
fn use_preview_reports(preview: NodeRef, measure: NodeRef) -> UseReducerHandle<PreviewReports> {
    let reports = use_reducer_eq(PreviewReports::default);
    {
        let reports = reports.dispatcher();
        use_effect_with((), move |()| {
            let alive = Rc::new(Cell::new(true));
            let listener = {
                let alive = alive.clone();
                Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                    if let Some(report) =
                        reported(&preview, &measure, &event).filter(|_| alive.get())
                    {
                        reports.dispatch(report);
                    }
                })
            };
            let window = crate::web::window();
            if let Some(window) = &window {
                let _ = window
                    .add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
            }
            move || {
                alive.set(false);
                if let Some(window) = window {
                    let _ = window.remove_event_listener_with_callback(
                        "message",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    reports
}

/// How long the snippet's address must stay the same before the unseen frame opens it (the author
/// may be typing).
const SETTLE_MS: i32 = 700;

/// The address the unseen frame opens: `address`, once the author has left it alone for
/// [`SETTLE_MS`] (the height measured at the one before is then forgotten).
#[hook]
fn use_settled(address: String, reports: UseReducerDispatcher<PreviewReports>) -> Option<String> {
    let settled = use_state_eq(|| None::<String>);
    {
        let settled = settled.clone();
        use_effect_with(address, move |address| {
            let address = address.clone();
            let later = Closure::once_into_js(move || {
                reports.dispatch(Report::Measuring);
                settled.set(Some(address));
            });
            let window = crate::web::window();
            let timer = window.as_ref().and_then(|window| {
                window
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        later.unchecked_ref(),
                        SETTLE_MS,
                    )
                    .ok()
            });
            move || {
                if let (Some(window), Some(timer)) = (window, timer) {
                    window.clear_timeout_with_handle(timer);
                }
            }
        });
    }
    (*settled).clone()
}

/// What `event` reports, when it is a height or state message from the preview, or a height from
/// the unseen frame `measure` (a sensible height; a state only from the site's own origin).
fn reported(preview: &NodeRef, measure: &NodeRef, event: &MessageEvent) -> Option<Report> {
    let from = |frame: &NodeRef| match (
        event.source(),
        frame.cast::<HtmlIFrameElement>()?.content_window(),
    ) {
        (Some(source), Some(window)) => Some(js_sys::Object::is(&source, &window)),
        _ => None,
    };
    let (from_preview, from_measure) = (from(preview) == Some(true), from(measure) == Some(true));
    if !from_preview && !from_measure {
        return None;
    }
    let data = event.data();
    let field = |key: &str| js_sys::Reflect::get(&data, &key.into()).ok();
    match field("type")?.as_string()?.as_str() {
        // The unseen frame's prerendered copy shows the widget's first state, not the link's: its
        // height is not the widget's first height (the program's report comes once it has taken over).
        HEIGHT_MESSAGE if from_measure && field("prerendered")?.as_bool() == Some(true) => None,
        HEIGHT_MESSAGE => {
            let height = field("height")?
                .as_f64()
                .filter(|h| h.is_finite() && *h > 0.0 && *h < 20_000.0)?
                as i32;
            Some(if from_measure {
                Report::FirstHeight(height)
            } else {
                Report::Height(height)
            })
        }
        STATE_MESSAGE
            if from_preview
                && crate::web::window()?.location().origin().ok()? == event.origin() =>
        {
            // The widget the preview shows (the author may have chosen another since).
            let src = preview.cast::<HtmlIFrameElement>()?.src();
            let from = EmbedWidget::ALL
                .into_iter()
                .find(|widget| src.contains(&format!("/embed/{}/", widget.path())))?;
            Some(Report::State(from, field("query")?.as_string()?))
        }
        _ => None,
    }
}

//! "Embed this": the `<iframe>` code for a blog post, with the current state, a theme, optional
//! read-only mode, and a few lines of script that let the frame take the height the widget reports.
//! A live preview shows exactly what readers will see.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, MessageEvent};
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::components::share_panel::absolute;
use crate::embed::Controls;
use crate::hooks::use_compact_query::use_compact_query;
use crate::hooks::use_embed::HEIGHT_MESSAGE;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_page_link::site_root;
use crate::hooks::use_saved_playground::with_lang;
pub use crate::routes::EmbedWidget;
use crate::strings::{Lang, Msg};
use crate::url::build_query;

/// Past this many characters of state, the snippet carries the items compressed (when that is
/// shorter): a few items stay readable in the snippet, a long list does not bloat the author's page.
pub const COMPACT_FROM: usize = 600;

/// The snippet for `src`: the frame, and a listener that sizes it from the widget's height messages
/// (only from that frame, only that message type).
pub fn snippet(src: &str, id: &str, title: &str, height: u32) -> String {
    let escape = |text: &str| {
        text.replace('&', "&amp;")
            .replace("\"", "&quot;")
            .replace('<', "&lt;")
    };
    format!(
        "<iframe id=\"{id}\" src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"{height}\" loading=\"lazy\" \
style=\"border:0;max-width:100%\"></iframe>\n<script>\naddEventListener(\"message\", function (event) {{\n  \
var frame = document.getElementById(\"{id}\");\n  if (frame && event.source === frame.contentWindow && event.data \
&& event.data.type === \"{HEIGHT_MESSAGE}\") {{\n    frame.style.height = event.data.height + \"px\";\n  }}\n}});\n</script>",
        src = escape(src),
        title = escape(title),
    )
}

/// Props of [`EmbedPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct EmbedPanelProps {
    /// The widgets this page offers (the first is chosen first).
    pub widgets: Vec<EmbedWidget>,
    /// The current state as a query string (without theme or controls).
    pub state_query: AttrValue,
}

/// Snippet generator, copy button and preview.
#[component]
pub fn EmbedPanel(props: &EmbedPanelProps) -> Html {
    let lang = use_lang();
    let widget = use_state(|| {
        props
            .widgets
            .first()
            .copied()
            .unwrap_or(EmbedWidget::Playground)
    });
    let theme = use_state(|| "auto".to_string());
    let read_only = use_state(|| false);
    let copied = use_state(|| false);
    let preview = use_node_ref();
    let preview_height = use_preview_height(preview.clone());
    // A long item list goes into the snippet in the share link's compact form (compressed by the
    // browser): an author's page should not carry kilobytes of items spelled out.
    let state_query = use_compact_query(props.state_query.clone(), COMPACT_FROM).to_string();
    let read_only_now = *read_only && *widget == EmbedWidget::Playground;
    let src = frame_src(with_lang(state_query, lang), &theme, read_only_now, *widget);
    let id = format!("bloom-tutorial-{}", widget.path());
    let code = snippet(&src, &id, lang.text(widget.name()), widget.default_height());
    let choices = Choices {
        widgets: &props.widgets,
        widget: *widget,
        theme: &theme,
        read_only: *read_only,
        on_widget: {
            let (widget, widgets) = (widget.clone(), props.widgets.clone());
            Callback::from(move |event: Event| {
                let select: HtmlSelectElement = event.target_unchecked_into();
                if let Some(&chosen) = widgets.iter().find(|w| w.path() == select.value()) {
                    widget.set(chosen);
                }
            })
        },
        on_theme: {
            let theme = theme.clone();
            Callback::from(move |event: Event| {
                theme.set(event.target_unchecked_into::<HtmlSelectElement>().value())
            })
        },
        on_read_only: {
            let read_only = read_only.clone();
            Callback::from(move |event: Event| {
                read_only.set(event.target_unchecked_into::<HtmlInputElement>().checked())
            })
        },
    };
    let on_copy = copy_callback(code.clone(), copied.clone());
    let height = preview_height.unwrap_or(widget.default_height() as i32);
    html! {
        <div class="embed-generator">
            { choices_view(lang, choices) }
            <p id="embed-code-label" class="embed-code-label">{ lang.text(Msg::EmbedCodeLabel) }</p>
            <pre class="embed-code" tabindex="0" aria-labelledby="embed-code-label"><code data-testid="embed-snippet">{ code }</code></pre>
            <div class="share-row">
                <button type="button" data-testid="embed-copy" onclick={on_copy}>{ lang.text(Msg::EmbedCopy) }</button>
                <span class="hint" role="status">{ if *copied { lang.text(Msg::ShareCopied) } else { "" } }</span>
            </div>
            <p class="hint">{ lang.text(Msg::EmbedHint) }</p>
            <details class="embed-preview">
                <summary>{ lang.text(Msg::EmbedPreview) }</summary>
                <iframe ref={preview} src={src} title={lang.text(widget.name())} loading="lazy" data-testid="embed-preview"
                    style={format!("height:{height}px")} />
            </details>
        </div>
    }
}

/// The address the frame loads: the widget's page under the site's root (`embed/<widget>/`), with
/// the state in `query`, then the theme and read-only mode when they are not the defaults.
fn frame_src(mut query: String, theme: &str, read_only: bool, widget: EmbedWidget) -> String {
    let mut extra: Vec<(&str, String)> = Vec::new();
    if theme != "auto" {
        extra.push(("theme", theme.to_owned()));
    }
    if read_only {
        extra.push(("controls", Controls::NONE.to_param()));
    }
    let extra_query = build_query(extra.iter().map(|(key, value)| (*key, value.as_str())));
    if !extra_query.is_empty() {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(&extra_query);
    }
    format!(
        "{}{}{query}",
        absolute(&format!("{}embed/{}/", site_root(), widget.path())),
        if query.is_empty() { "" } else { "#" }
    )
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

/// What the author has chosen, and how each choice changes.
struct Choices<'a> {
    widgets: &'a [EmbedWidget],
    widget: EmbedWidget,
    theme: &'a str,
    read_only: bool,
    on_widget: Callback<Event>,
    on_theme: Callback<Event>,
    on_read_only: Callback<Event>,
}

/// The widget (when there is a choice), the theme, and read-only mode for the playground.
fn choices_view(lang: Lang, choices: Choices) -> Html {
    let Choices {
        widgets,
        widget,
        theme,
        read_only,
        ..
    } = choices;
    html! {
        <div class="embed-options">
            if widgets.len() > 1 {
                <div class="field">
                    <label for="embed-widget">{ lang.text(Msg::EmbedWidgetLabel) }</label>
                    <select id="embed-widget" data-testid="embed-widget" onchange={choices.on_widget}>
                        { for widgets.iter().map(|&option| html! {
                            <option value={option.path()} selected={option == widget}>{ lang.text(option.name()) }</option>
                        }) }
                    </select>
                </div>
            }
            <div class="field">
                <label for="embed-theme">{ lang.text(Msg::EmbedThemeLabel) }</label>
                <select id="embed-theme" data-testid="embed-theme" onchange={choices.on_theme}>
                    <option value="auto" selected={theme == "auto"}>{ lang.text(Msg::EmbedThemeAuto) }</option>
                    <option value="light" selected={theme == "light"}>{ lang.text(Msg::EmbedThemeLight) }</option>
                    <option value="dark" selected={theme == "dark"}>{ lang.text(Msg::EmbedThemeDark) }</option>
                </select>
            </div>
            if widget == EmbedWidget::Playground {
                <label class="toggle">
                    <input type="checkbox" data-testid="embed-read-only" checked={read_only} onchange={choices.on_read_only} />
                    { " " }{ lang.text(Msg::EmbedReadOnly) }
                </label>
            }
        </div>
    }
}

/// The preview's height, from its own height messages, as the snippet sizes the frame on an
/// author's page (only from that frame, only that message type).
#[hook]
fn use_preview_height(preview: NodeRef) -> UseStateHandle<Option<i32>> {
    let preview_height = use_state(|| None::<i32>);
    {
        let preview_height = preview_height.clone();
        use_effect_with((), move |()| {
            let alive = Rc::new(Cell::new(true));
            let listener = {
                let alive = alive.clone();
                Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                    if !alive.get() {
                        return;
                    }
                    if let Some(height) = reported_height(&preview, &event) {
                        preview_height.set(Some(height));
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
    preview_height
}

/// The height `event` reports, when it is a height message from the frame in `preview` and a
/// sensible height.
fn reported_height(preview: &NodeRef, event: &MessageEvent) -> Option<i32> {
    let frame = preview.cast::<HtmlIFrameElement>()?;
    let from_preview = match (event.source(), frame.content_window()) {
        (Some(source), Some(window)) => js_sys::Object::is(&source, &window),
        _ => false,
    };
    let data = event.data();
    let kind = js_sys::Reflect::get(&data, &"type".into())
        .ok()
        .and_then(|v| v.as_string());
    let height = js_sys::Reflect::get(&data, &"height".into())
        .ok()
        .and_then(|v| v.as_f64());
    if from_preview && kind.as_deref() == Some(HEIGHT_MESSAGE) {
        height
            .filter(|h| h.is_finite() && *h > 0.0 && *h < 20_000.0)
            .map(|h| h as i32)
    } else {
        None
    }
}

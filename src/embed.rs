//! What an author puts in a post: the widget's address with its state and look, written in the form
//! the author's platform takes — a frame with the site's `widget.js` (sizes it, follows the page's
//! light or dark), the `<bloom-widget>` element, a frame alone for hosts that strip scripts, or the
//! bare link for platforms that take a pasted address (Notion, Medium, Substack). Options an author
//! sets on an embedded playground: which controls show (`controls=input,params` or `controls=none`
//! for a read-only array of preset items; unknown names are ignored). And the way a page sends an
//! author to the embed page with its widget and state (`embed/#widget=counting&…`).

use crate::routes::EmbedWidget;
use crate::url::{build_query, parse_query};

/// How the author's page takes the widget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A frame and the site's `widget.js`: plain HTML, Markdown that allows HTML, Ghost.
    Script,
    /// `<bloom-widget …>` and `widget.js`, with a link inside for readers without scripts.
    Element,
    /// A frame of fixed height and nothing else, for hosts that strip scripts.
    Frame,
    /// The widget's address alone, state in the query, to paste into a platform.
    Link,
}

impl Form {
    /// Every form, in the order the embed page offers them.
    pub const ALL: [Form; 4] = [Form::Script, Form::Element, Form::Frame, Form::Link];

    /// Its name in the embed page's list.
    pub fn name(self) -> &'static str {
        match self {
            Form::Script => "script",
            Form::Element => "element",
            Form::Frame => "frame",
            Form::Link => "link",
        }
    }
}

/// How the widget looks in the author's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    /// `auto` (the page around it), `light` or `dark`.
    pub theme: &'static str,
    /// The post's own background shows through.
    pub transparent: bool,
    /// Buttons' and links' colour, six hex digits; `None` for the site's.
    pub accent: Option<String>,
    /// The widget's heading and introduction shown.
    pub title: bool,
    /// The playground without controls.
    pub read_only: bool,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            theme: "auto",
            transparent: false,
            accent: None,
            title: false,
            read_only: false,
        }
    }
}

impl Look {
    /// The look's parameters, those that differ from the default.
    fn params(&self) -> Vec<(&'static str, String)> {
        let mut params = Vec::new();
        if self.theme != "auto" {
            params.push(("theme", self.theme.to_owned()));
        }
        if self.transparent {
            params.push(("background", "transparent".to_owned()));
        }
        if let Some(accent) = &self.accent {
            params.push(("accent", accent.clone()));
        }
        if self.title {
            params.push(("title", "1".to_owned()));
        }
        if self.read_only {
            params.push(("controls", Controls::NONE.to_param()));
        }
        params
    }
}

/// One widget for one post: where the site is, which widget with which state and look.
#[derive(Debug, Clone, PartialEq)]
pub struct Snippet<'a> {
    /// The site's root, absolute (`https://example.org/bloom/`).
    pub site: &'a str,
    /// The widget.
    pub widget: EmbedWidget,
    /// Its state, as a query.
    pub state: &'a str,
    /// Its look.
    pub look: &'a Look,
    /// The frame's title (the widget's name).
    pub title: &'a str,
    /// The frame's first height, in CSS pixels.
    pub height: u32,
}

impl Snippet<'_> {
    /// The widget's address, state and look in the query (a platform may drop a fragment).
    pub fn address(&self) -> String {
        let look = self.look.params();
        let look = build_query(look.iter().map(|(key, value)| (*key, value.as_str())));
        let query: Vec<&str> = [self.state, look.as_str()]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect();
        let base = format!("{}embed/{}/", self.site, self.widget.path());
        if query.is_empty() {
            base
        } else {
            format!("{base}?{}", query.join("&"))
        }
    }

    /// What the author pastes, in `form`.
    pub fn code(&self, form: Form) -> String {
        let address = escape(&self.address());
        let script = format!(
            "<script src=\"{}widget.js\" async></script>",
            escape(self.site)
        );
        let frame = |address: &str, height: u32| {
            format!(
                "<iframe src=\"{address}\" title=\"{}\" width=\"100%\" height=\"{height}\" loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>",
                escape(self.title),
            )
        };
        match form {
            Form::Script => format!("{}\n{script}", frame(&address, self.height)),
            Form::Frame => {
                // With no script the frame cannot follow the page's colours (a dark reader on a
                // light page would see a dark slab): light unless the author chose dark; and its
                // height keeps room for what a reader's first action shows.
                let fixed = Snippet {
                    look: &Look {
                        theme: if self.look.theme == "auto" {
                            "light"
                        } else {
                            self.look.theme
                        },
                        ..self.look.clone()
                    },
                    ..self.clone()
                };
                let room = if self.widget.grows() { RESULT_ROOM } else { 0 };
                frame(&escape(&fixed.address()), self.height + room)
            }
            Form::Link => self.address(),
            Form::Element => format!(
                "<bloom-widget {}>\n  <a href=\"{address}\">{}</a>\n</bloom-widget>\n{script}",
                self.attributes(),
                escape(self.title)
            ),
        }
    }

    /// The element's attributes: the widget, its state as attributes (`m="16"`, the items as one
    /// comma-separated list) when it can be written so, else as one `state="…"`, and its look.
    fn attributes(&self) -> String {
        let pairs: Vec<(String, String)> = parse_query(self.state)
            .into_iter()
            .filter_map(|(key, value)| value.ok().map(|value| (key, value)))
            .collect();
        let items: Vec<&str> = pairs
            .iter()
            .filter(|(key, _)| key == "item")
            .map(|(_, value)| value.as_str())
            .collect();
        let others: Vec<&(String, String)> =
            pairs.iter().filter(|(key, _)| key != "item").collect();
        let plain_name = |key: &str| {
            key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !ELEMENT_OWN.contains(&key)
        };
        let plain = items
            .iter()
            .all(|item| !item.is_empty() && !item.contains(',') && item.trim() == *item)
            && others.iter().all(|(key, _)| plain_name(key))
            && others
                .iter()
                .enumerate()
                .all(|(at, (key, _))| others[..at].iter().all(|(before, _)| before != key));
        let mut attributes = vec![("kind", self.widget.path().to_owned())];
        if plain {
            attributes.extend(
                others
                    .iter()
                    .map(|(key, value)| (key.as_str(), value.clone())),
            );
            if !items.is_empty() {
                attributes.push(("items", items.join(",")));
            }
        } else if !self.state.is_empty() {
            attributes.push(("state", self.state.to_owned()));
        }
        // The frame's first height where its state makes it other than the widget's own (by more
        // than the few pixels the table's heights keep spare): the page around it is laid out once,
        // not again when the widget arrives.
        if self.height.abs_diff(self.widget.default_height()) > 50 {
            attributes.push(("height", self.height.to_string()));
        }
        let look = self.look.params();
        if self.look.theme == "auto" {
            attributes.push(("theme", "auto".to_owned()));
        }
        attributes.extend(look.iter().map(|(key, value)| (*key, value.clone())));
        attributes
            .iter()
            .map(|(key, value)| format!("{key}=\"{}\"", escape(value)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The height a frame with no script keeps for what a reader's first insert or query shows (a
/// false positive's verdict and who set its bits: 163 px in the playground at 680 px wide).
const RESULT_ROOM: u32 = 180;

/// The attributes `<bloom-widget>` reads itself rather than passing on to the widget's link.
const ELEMENT_OWN: [&str; 12] = [
    "kind", "items", "state", "height", "label", "class", "id", "style", "slot", "hidden",
    "tabindex", "look",
];

/// `text` safe inside a double-quoted attribute or as an element's text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// True when a state `from` one widget reads as the same state `to` another: its own, and the
/// playground's and the chart's (one filter, drawn two ways). Any other widget starts clean rather
/// than report another's keys as ignored.
pub fn shares_state(from: EmbedWidget, to: EmbedWidget) -> bool {
    from == to
        || matches!(
            (from, to),
            (EmbedWidget::Playground, EmbedWidget::Chart)
                | (EmbedWidget::Chart, EmbedWidget::Playground)
        )
}

/// The query of a link to the embed page from a page whose widget and state are given.
pub fn link_query(widget: EmbedWidget, state_query: &str) -> String {
    let mut query = format!("widget={}", widget.path());
    if !state_query.is_empty() {
        query.push('&');
        query.push_str(state_query);
    }
    query
}

/// The playground's control groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Controls {
    /// The item field with Insert, Query and step-through.
    pub input: bool,
    /// m, k and the hash scheme.
    pub params: bool,
    /// "Add 10 random words" and its seed.
    pub random: bool,
    /// Reset, Undo and Redo.
    pub reset: bool,
}

impl Controls {
    /// Every control.
    pub const ALL: Controls = Controls {
        input: true,
        params: true,
        random: true,
        reset: true,
    };
    /// None: a read-only widget.
    pub const NONE: Controls = Controls {
        input: false,
        params: false,
        random: false,
        reset: false,
    };

    /// The names, as written in `controls=`.
    pub const NAMES: [&'static str; 4] = ["input", "params", "random", "reset"];

    /// The controls a query asks for (all when it does not say).
    pub fn from_query(query: &str) -> Self {
        let Some(list) = parse_query(query)
            .into_iter()
            .find_map(|(key, value)| (key == "controls").then(|| value.ok()).flatten())
        else {
            return Self::ALL;
        };
        let names: Vec<&str> = list.split(',').map(str::trim).collect();
        Controls {
            input: names.contains(&"input"),
            params: names.contains(&"params"),
            random: names.contains(&"random"),
            reset: names.contains(&"reset"),
        }
    }

    /// True when any control shows.
    pub fn any(&self) -> bool {
        self.input || self.params || self.random || self.reset
    }

    /// The `controls=` value for these controls.
    pub fn to_param(&self) -> String {
        let shown: Vec<&str> = Self::NAMES
            .into_iter()
            .zip([self.input, self.params, self.random, self.reset])
            .filter_map(|(name, on)| on.then_some(name))
            .collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(",")
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn snippet<'a>(widget: EmbedWidget, state: &'a str, look: &'a Look) -> Snippet<'a> {
        Snippet {
            site: "https://example.org/bloom/",
            widget,
            state,
            look,
            title: "Bloom filter playground",
            height: 700,
        }
    }

    #[test]
    fn each_form_carries_the_state_in_the_query() {
        let look = Look::default();
        let playground = snippet(
            EmbedWidget::Playground,
            "m=16&k=3&item=apple&item=banana",
            &look,
        );
        assert_eq!(
            playground.address(),
            "https://example.org/bloom/embed/playground/?m=16&k=3&item=apple&item=banana"
        );
        assert_eq!(playground.code(Form::Link), playground.address());
        // The frame alone: light (it cannot follow the page with no script) and room for a result.
        assert_eq!(
            playground.code(Form::Frame),
            "<iframe src=\"https://example.org/bloom/embed/playground/?m=16&amp;k=3&amp;item=apple&amp;item=banana&amp;theme=light\" title=\"Bloom filter playground\" width=\"100%\" height=\"880\" loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>"
        );
        assert_eq!(
            playground.code(Form::Script),
            "<iframe src=\"https://example.org/bloom/embed/playground/?m=16&amp;k=3&amp;item=apple&amp;item=banana\" title=\"Bloom filter playground\" width=\"100%\" height=\"700\" loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>\n<script src=\"https://example.org/bloom/widget.js\" async></script>"
        );
        // A chart does not grow, and a theme the author chose stays.
        let dark = Look {
            theme: "dark",
            ..Look::default()
        };
        let chart = snippet(EmbedWidget::Chart, "m=16", &dark);
        assert!(chart.code(Form::Frame).contains("?m=16&amp;theme=dark\""));
        assert!(chart.code(Form::Frame).contains("height=\"700\""));
        assert_eq!(
            playground.code(Form::Element),
            "<bloom-widget kind=\"playground\" m=\"16\" k=\"3\" items=\"apple,banana\" theme=\"auto\">\n  <a href=\"https://example.org/bloom/embed/playground/?m=16&amp;k=3&amp;item=apple&amp;item=banana\">Bloom filter playground</a>\n</bloom-widget>\n<script src=\"https://example.org/bloom/widget.js\" async></script>"
        );
        let empty = snippet(EmbedWidget::Chart, "", &look);
        assert_eq!(empty.address(), "https://example.org/bloom/embed/chart/");
        // A first height that is not the widget's own goes with the element (a chart is 1,050 px).
        assert!(empty
            .code(Form::Element)
            .starts_with("<bloom-widget kind=\"chart\" height=\"700\" theme=\"auto\">"));
    }

    #[test]
    fn the_look_goes_into_the_link_and_the_element() {
        let look = Look {
            theme: "dark",
            transparent: true,
            accent: Some("c0392b".into()),
            title: true,
            read_only: true,
        };
        let playground = snippet(EmbedWidget::Playground, "m=16", &look);
        assert_eq!(
            playground.address(),
            "https://example.org/bloom/embed/playground/?m=16&theme=dark&background=transparent&accent=c0392b&title=1&controls=none"
        );
        assert!(playground.code(Form::Element).starts_with(
            "<bloom-widget kind=\"playground\" m=\"16\" theme=\"dark\" background=\"transparent\" accent=\"c0392b\" title=\"1\" controls=\"none\">"
        ));
    }

    #[test]
    fn a_state_the_element_cannot_spell_out_goes_whole() {
        let look = Look::default();
        for state in ["item=a%2Cb&item=c", "item=%20padded", "m=1&m=2", "kind=x"] {
            let code = snippet(EmbedWidget::Playground, state, &look).code(Form::Element);
            assert!(
                code.starts_with(&format!(
                    "<bloom-widget kind=\"playground\" state=\"{}\" theme=\"auto\">",
                    escape(state)
                )),
                "{state}: {code}"
            );
        }
        // Text that could break out of the markup stays text.
        let code =
            snippet(EmbedWidget::Playground, "item=%3Cscript%3E%22", &look).code(Form::Element);
        assert!(code.contains("items=\"&lt;script&gt;&quot;\""), "{code}");
        assert!(!code.contains("<script>\""));
    }

    #[test]
    fn reads_the_controls_parameter() {
        assert_eq!(Controls::from_query("m=16"), Controls::ALL);
        assert_eq!(Controls::from_query("controls=none"), Controls::NONE);
        let some = Controls::from_query("controls=input,%20reset,bogus");
        assert_eq!(
            some,
            Controls {
                input: true,
                params: false,
                random: false,
                reset: true
            }
        );
        assert_eq!(some.to_param(), "input,reset");
        assert_eq!(Controls::NONE.to_param(), "none");
        assert_eq!(
            Controls::from_query(&format!("controls={}", Controls::ALL.to_param())),
            Controls::ALL
        );
    }

    #[test]
    fn widget_js_knows_every_widget_by_its_name_and_first_height() {
        crate::prerender::install_texts(std::path::Path::new("static/locales")).unwrap();
        let script = std::fs::read_to_string("static/widget.js").unwrap();
        for widget in EmbedWidget::ALL {
            let key = if widget.path().contains('-') {
                format!("'{}'", widget.path())
            } else {
                widget.path().to_owned()
            };
            let row = format!(
                "    {key}: ['{}', {}],",
                crate::strings::Lang::English.text(widget.name()),
                widget.default_height()
            );
            assert!(script.contains(&row), "{row}");
        }
        assert_eq!(script.matches(": ['").count(), EmbedWidget::ALL.len());
    }

    #[test]
    fn a_widgets_page_and_card_are_titled_with_the_name_the_embed_page_gives_it() {
        crate::prerender::install_texts(std::path::Path::new("static/locales")).unwrap();
        for widget in EmbedWidget::ALL {
            let (title, _) = widget.spec().widget_head.unwrap();
            assert_eq!(title, crate::strings::Lang::English.text(widget.name()));
        }
    }
}

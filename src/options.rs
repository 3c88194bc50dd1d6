//! What a link asks of the page besides the filter itself, read once into typed values: the language
//! (`lang=zh`), presenter mode (`present=1`) and which playground controls an embed shows
//! (`controls=input,params`). Anything else is ignored here (an embed's look — `theme=`,
//! `background=`, `accent=`, `title=` — is read before the app runs, by `static/embedded.js`).

use crate::embed::Controls;
use crate::strings::Lang;
use crate::url::parse_query;

/// The options of one link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageOptions {
    /// The language asked for.
    pub lang: Option<Lang>,
    /// Presenter mode from the start.
    pub present: bool,
    /// The playground controls an embed shows (all when the link does not say).
    pub controls: Controls,
}

impl PageOptions {
    /// Reads the options of a query string (`?` optional); malformed values count as absent.
    pub fn from_query(query: &str) -> PageOptions {
        let value = |wanted: &str| {
            parse_query(query)
                .into_iter()
                .find_map(|(key, value)| (key == wanted).then(|| value.ok()).flatten())
        };
        PageOptions {
            lang: value("lang").and_then(|tag| Lang::from_tag(&tag)),
            present: value("present").as_deref() == Some("1"),
            controls: Controls::from_query(query),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn reads_every_option_once() {
        let options =
            PageOptions::from_query("?m=16&lang=ja-JP&theme=dark&present=1&controls=input");
        assert_eq!(options.lang, Some(Lang::Japanese));
        assert!(options.present);
        assert!(options.controls.input && !options.controls.params);
        let plain = PageOptions::from_query("present=yes&lang=%ZZ");
        assert!(!plain.present);
        assert_eq!(plain.lang, None);
        assert_eq!(plain.controls, Controls::ALL);
    }
}

//! The resource files that have arrived. The page fetches a language's files only when it shows
//! that language, reads each once, and keeps it for the page's lifetime: a text is then a
//! `&'static str` that a component can hold without cloning, and switching back to a language costs
//! nothing.

use std::cell::RefCell;

use super::catalog::{Catalog, ParseError};
use super::lang::Lang;

thread_local! {
    // Resource files already read, by language and name. Each is parsed once and kept for the page's
    // lifetime (at most three languages of a few dozen kilobytes), which lets `text` hand out `&'static
    // str` that components can hold without cloning.
    static LOADED: RefCell<Vec<(Lang, String, &'static Catalog)>> = const { RefCell::new(Vec::new()) };
}

/// Reads `json` as the resource `name` of `lang` and keeps it (a second install of the same resource
/// keeps the first).
pub fn install(lang: Lang, name: &str, json: &str) -> Result<&'static Catalog, ParseError> {
    if let Some(catalog) = installed(lang, name) {
        return Ok(catalog);
    }
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog::parse(json)?));
    LOADED.with(|loaded| loaded.borrow_mut().push((lang, name.to_owned(), catalog)));
    Ok(catalog)
}

/// The resource `name` of `lang`, if it has been installed.
pub fn installed(lang: Lang, name: &str) -> Option<&'static Catalog> {
    LOADED.with(|loaded| {
        loaded
            .borrow()
            .iter()
            .find(|(l, n, _)| *l == lang && n == name)
            .map(|(_, _, catalog)| *catalog)
    })
}

impl Lang {
    /// True once this language's `resources` have all been installed.
    pub fn has(self, resources: &[&str]) -> bool {
        resources.iter().all(|name| installed(self, name).is_some())
    }
}

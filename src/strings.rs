//! Every word the page shows, as data: the texts live in JSON files per language under
//! `static/locales/<lang>/`, split by who shows them so each page fetches only what it draws —
//! `widgets.json` (the playground and the chart, wherever they are), `calculator.json`, `site.json`
//! (the site's frame and the playground page's own panels), `pages.json` (the tutorial's interface,
//! the calculator's tables, the widgets' names), `embed.json` (the embed page's choices), `reference.json` (the tutorial's glossary and reading
//! list, which the build writes into every chapter's page and the browser never fetches) and one file
//! per tutorial chapter. Only the language in use is fetched, and kept for the page's lifetime. Code
//! names texts by [`Msg`] id and never holds a sentence.
//!
//! The parts: `lang` (the languages and their names), [`catalog`] (reading a resource file),
//! `loaded` (the files that have arrived), `messages` (the ids, the file each is in, the blanks its
//! callers fill) and `templates` (filling blanks, plural forms, unit words, lists).

pub mod catalog;
mod lang;
mod loaded;
mod messages;
mod templates;

#[cfg(all(test, not(target_arch = "wasm32")))]
pub mod tests;

pub use lang::Lang;
pub use loaded::{install, installed};
pub use messages::{
    scheme_formula, scheme_name, Msg, BUGS, CALCULATOR, COUNTING, DETAILS, EMBED, FILTERS, LAB,
    MEASURED, PAGES, REFERENCE, RESOURCES, SCALABLE, SETS, SITE, WIDGETS,
};
pub use templates::{blanks, fill, keep_spaces, ChanceForm};

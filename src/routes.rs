//! Where each page lives. The site is the playground (the site's root, and `playground/`), the
//! tutorial — one page per chapter, `learn/1/` … `learn/11/` (`learn/` itself is chapter 1) — the
//! calculator (`calculator/`), the counting filter (`counting/`) and count-min sketch (`count-min/`),
//! the scalable filter (`scalable/`), combining filters (`sets/`), the big-N lab (`lab/`), the bug
//! museum (`bugs/`), and the embed page (`embed/`), each in every language: English at the root,
//! Chinese under `zh/` (`zh/learn/4/`), Japanese under `ja/`. Each embeddable widget is a page of its
//! own (`embed/<widget>/`, its language a `lang=` parameter). Every page is a real file,
//! prerendered at build time, so any static host serves it under any sub-path; a page's state is its
//! query. Links from before (`#/learn/4`, `learn/#/4`, `?lang=zh`) are sent on by the page before it
//! draws (`static/moved.js`). Every page and widget is declared once, in the page table ([`table`]).
//! This module is a leaf that pages and entries import, never the other way round.

pub mod table;

pub use table::{
    page_entries, widget_entries, Asset, EmbedWidget, HeadKeys, Kind, PageSpec, Preview, SitePage,
    CHAPTERS, TABLE,
};

use crate::strings::Lang;

impl SitePage {
    /// A link to the page from a page whose way up to the root is `root` (`./`, `../`).
    pub fn href(self, root: &str) -> String {
        format!("{root}{}", self.folder())
    }
}

/// The last folder of `path` (`/zh/count-min/index.html` → `count-min`).
fn last_folder(path: &str) -> &str {
    path.trim_end_matches("index.html")
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default()
}

/// Which of the counting entry's two pages the path `path` is: the count-min sketch under
/// `count-min/`, else the counting filter.
pub fn counting_page_from_path(path: &str) -> SitePage {
    if last_folder(path) == "count-min" {
        SitePage::CountMin
    } else {
        SitePage::Counting
    }
}

/// The chapter a tutorial fragment names (`#/4`, `#4`); chapter 1 for anything else.
pub fn chapter_from_hash(hash: &str) -> u32 {
    hash.trim_start_matches('#')
        .trim_start_matches('/')
        .split(['?', '/'])
        .next()
        .and_then(|number| number.parse::<u32>().ok())
        .filter(|number| (1..=CHAPTERS).contains(number))
        .unwrap_or(1)
}

/// The chapter a page's path names (`/site/learn/4/` → 4); `None` for any other path.
pub fn chapter_from_path(path: &str) -> Option<u32> {
    let mut segments = path.split('/').filter(|segment| !segment.is_empty()).rev();
    let number = segments.next()?.parse::<u32>().ok()?;
    (segments.next() == Some("learn") && (1..=CHAPTERS).contains(&number)).then_some(number)
}

/// The folder of a page in `lang`, below the site's root: `zh/learn/4/` for chapter 4 of the
/// tutorial in Chinese, `calculator/` for the English calculator (`chapter` only counts for the
/// tutorial; without one it is the tutorial's first page, `learn/`).
pub fn page_folder(page: SitePage, chapter: Option<u32>, lang: Lang) -> String {
    match (page, chapter) {
        (SitePage::Learn, Some(number)) => format!("{}learn/{number}/", lang.folder()),
        _ => [lang.folder(), page.folder()].concat(),
    }
}

/// The language of the page at `path` (`/site/zh/learn/4/`), whose way up to the site's root is
/// `root` (`../../../`): the folder just below the root names it; English for any other.
pub fn lang_from_path(path: &str, root: &str) -> Lang {
    let mut folders: Vec<&str> = path.split('/').collect();
    // The last piece is a file's name (`index.html`), or empty after the folder's slash.
    folders.pop();
    let depth = root.split('/').filter(|step| *step == "..").count();
    folders
        .len()
        .checked_sub(depth)
        .and_then(|below_root| folders.get(below_root))
        .and_then(|folder| {
            Lang::ALL
                .into_iter()
                .find(|lang| lang.folder().trim_end_matches('/') == *folder && !folder.is_empty())
        })
        .unwrap_or_default()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn pages_link_from_any_depth() {
        assert_eq!(SitePage::Playground.href("./"), "./");
        assert_eq!(SitePage::Learn.href("./"), "./learn/");
        assert_eq!(SitePage::Calculator.href("../"), "../calculator/");
        assert_eq!(SitePage::Playground.href("../"), "../");
    }

    #[test]
    fn the_counting_entry_draws_the_page_its_folder_names() {
        assert_eq!(
            counting_page_from_path("/site/count-min/"),
            SitePage::CountMin
        );
        assert_eq!(
            counting_page_from_path("/zh/count-min/index.html"),
            SitePage::CountMin
        );
        assert_eq!(counting_page_from_path("/counting/"), SitePage::Counting);
        assert_eq!(counting_page_from_path(""), SitePage::Counting);
        assert_eq!(page_folder(SitePage::Sets, None, Lang::Chinese), "zh/sets/");
        assert_eq!(
            page_folder(SitePage::CountMin, None, Lang::Japanese),
            "ja/count-min/"
        );
    }

    #[test]
    fn chapters_from_fragments() {
        assert_eq!(chapter_from_hash("#/4"), 4);
        assert_eq!(chapter_from_hash("#8"), 8);
        assert_eq!(chapter_from_hash(""), 1);
        assert_eq!(chapter_from_hash("#/10"), 10);
        assert_eq!(chapter_from_hash("#/12"), 12);
        assert_eq!(chapter_from_hash("#/13"), 1);
        assert_eq!(chapter_from_hash("#/x"), 1);
    }

    #[test]
    fn pages_in_each_language() {
        assert_eq!(
            page_folder(SitePage::Learn, Some(4), Lang::Chinese),
            "zh/learn/4/"
        );
        assert_eq!(page_folder(SitePage::Learn, None, Lang::English), "learn/");
        assert_eq!(
            page_folder(SitePage::Calculator, Some(4), Lang::Japanese),
            "ja/calculator/"
        );
        assert_eq!(
            page_folder(SitePage::Playground, None, Lang::Japanese),
            "ja/"
        );
        assert_eq!(page_folder(SitePage::Playground, None, Lang::English), "");
    }

    #[test]
    fn the_language_a_path_names() {
        assert_eq!(lang_from_path("/zh/learn/4/", "../../../"), Lang::Chinese);
        assert_eq!(
            lang_from_path("/site/ja/learn/4/index.html", "../../../"),
            Lang::Japanese
        );
        assert_eq!(lang_from_path("/site/ja/", "../"), Lang::Japanese);
        assert_eq!(lang_from_path("/site/zh/index.html", "../"), Lang::Chinese);
        assert_eq!(lang_from_path("/learn/4/", "../../"), Lang::English);
        assert_eq!(
            lang_from_path("/zh/", "./"),
            Lang::English,
            "a site whose root is zh/"
        );
        assert_eq!(lang_from_path("/", "./"), Lang::English);
        assert_eq!(lang_from_path("", "../../../"), Lang::English);
        assert_eq!(lang_from_path("/ja/x/y/", "../"), Lang::English);
    }

    #[test]
    fn chapters_from_paths() {
        assert_eq!(chapter_from_path("/learn/4/"), Some(4));
        assert_eq!(chapter_from_path("/some/site/learn/8"), Some(8));
        assert_eq!(chapter_from_path("/learn/"), None);
        assert_eq!(chapter_from_path("/learn/10/"), Some(10));
        assert_eq!(chapter_from_path("/learn/12/"), Some(12));
        assert_eq!(chapter_from_path("/learn/13/"), None);
        assert_eq!(chapter_from_path("/calculator/4/"), None);
        assert_eq!(chapter_from_path("/learn/04x/"), None);
    }
}

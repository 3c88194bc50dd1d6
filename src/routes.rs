//! Where each page lives. The site is the playground (the site's root), the tutorial — one page per
//! chapter, `learn/1/` … `learn/8/` (`learn/` itself is chapter 1) — and the calculator
//! (`calculator/`); each embeddable widget is a page of its own (`embed/<widget>/`). Every page is a
//! real file, prerendered at build time, so any static host serves it under any sub-path; a page's
//! state is its `?query`. Links from when the chapter was in the fragment (`learn/#/4`) are sent on
//! by the page before it draws. This module is a leaf that pages and entries import, never the other
//! way round.

use crate::tutorial::CHAPTERS;

/// A page of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitePage {
    /// The playground, at the site's root.
    Playground,
    /// The tutorial.
    Learn,
    /// The sizing calculator.
    Calculator,
    /// Where a blog author gets a widget's code (the widgets themselves are in its sub-folders).
    Embed,
}

impl SitePage {
    /// The page's folder relative to the site's root (`""` for the root itself).
    pub fn folder(self) -> &'static str {
        match self {
            SitePage::Playground => "",
            SitePage::Learn => "learn/",
            SitePage::Calculator => "calculator/",
            SitePage::Embed => "embed/",
        }
    }

    /// A link to the page from a page whose way up to the root is `root` (`./`, `../`).
    pub fn href(self, root: &str) -> String {
        format!("{root}{}", self.folder())
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

/// The page of chapter `number`, linked from a page whose way up to the root is `root`.
pub fn chapter_href(root: &str, number: u32) -> String {
    format!("{root}learn/{number}/")
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
    fn chapters_from_fragments() {
        assert_eq!(chapter_from_hash("#/4"), 4);
        assert_eq!(chapter_from_hash("#8"), 8);
        assert_eq!(chapter_from_hash(""), 1);
        assert_eq!(chapter_from_hash("#/9"), 1);
        assert_eq!(chapter_from_hash("#/x"), 1);
    }

    #[test]
    fn chapters_from_paths() {
        assert_eq!(chapter_from_path("/learn/4/"), Some(4));
        assert_eq!(chapter_from_path("/some/site/learn/8"), Some(8));
        assert_eq!(chapter_from_path("/learn/"), None);
        assert_eq!(chapter_from_path("/learn/9/"), None);
        assert_eq!(chapter_from_path("/calculator/4/"), None);
        assert_eq!(chapter_from_path("/learn/04x/"), None);
        assert_eq!(chapter_href("../../", 3), "../../learn/3/");
    }
}

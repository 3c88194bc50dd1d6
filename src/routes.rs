//! Where each page lives. The site is three pages — the playground (the site's root), the tutorial
//! (`learn/`, chapter in the fragment: `learn/#/4`) and the calculator (`calculator/`) — and each
//! embeddable widget is a page of its own (`embed/<widget>/`). Every page is a real file, so any
//! static host serves it under any sub-path; a page's state is its `?query`. This module is a leaf
//! that pages and entries import, never the other way round.

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

/// The fragment of chapter `number` (`#/4`).
pub fn chapter_hash(number: u32) -> String {
    format!("#/{number}")
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
        assert_eq!(chapter_hash(3), "#/3");
    }
}

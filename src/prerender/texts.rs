//! The words the build reads: every text file of every language installed before a page is
//! rendered, what only a page's head says (`static/meta/<lang>.json`: titles, descriptions, the
//! preview's words), and each chapter's file cut down to what the browser still needs once the
//! chapter's prose is in its page.

use std::path::Path;

use super::html::json_string;
use crate::routes::TABLE;
use crate::strings::catalog::Catalog;
use crate::strings::{install, Lang, RESOURCES};
use crate::tutorial::{self, CHAPTERS};

/// Installs every text file of every language from `locales` (`static/locales/`).
pub fn install_texts(locales: &Path) -> Result<(), String> {
    let names = RESOURCES
        .iter()
        .map(|name| name.to_string())
        .chain((1..=CHAPTERS).map(tutorial::resource));
    for name in names {
        for lang in Lang::ALL {
            let path = locales.join(lang.param()).join(format!("{name}.json"));
            let json = std::fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            install(lang, &name, &json)
                .map_err(|error| format!("{}: {error:?}", path.display()))?;
        }
    }
    Ok(())
}

/// The keys each file of [`PageTexts`] has: each page's title and description (from the page
/// table), the preview picture's words, the note for readers without JavaScript and the line a page
/// shows when its app cannot start (`static/wake.js`).
pub fn page_text_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = TABLE
        .iter()
        .filter_map(|spec| spec.head)
        .flat_map(|head| [Some(head.title), head.description])
        .flatten()
        .collect();
    keys.extend(["PreviewAlt", "NoScriptNote", "StartFailed"]);
    keys
}

/// What only the page's head says, per language (`static/meta/<lang>.json`): each page's title and
/// description, and the words for its preview picture. The app never shows these, so they are not
/// among the files it downloads.
pub struct PageTexts(Vec<(Lang, Catalog)>);

impl PageTexts {
    /// Reads `<lang>.json` of each language from `folder`; each must have every one of
    /// [`page_text_keys`].
    pub fn read(folder: &Path) -> Result<PageTexts, String> {
        let keys = page_text_keys();
        let mut texts = Vec::new();
        for lang in Lang::ALL {
            let path = folder.join(format!("{}.json", lang.param()));
            let json = std::fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            let catalog =
                Catalog::parse(&json).map_err(|error| format!("{}: {error:?}", path.display()))?;
            if let Some(missing) = keys.iter().find(|key| catalog.get(key).is_none()) {
                return Err(format!("{}: no \"{missing}\"", path.display()));
            }
            texts.push((lang, catalog));
        }
        Ok(PageTexts(texts))
    }

    /// The text of `key` in `lang` (empty when there is none).
    pub fn get(&self, lang: Lang, key: &str) -> &str {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .and_then(|(_, catalog)| catalog.get(key))
            .map_or("", |entry| entry.form("other"))
    }
}

/// What the browser needs of a chapter's file (`static/locales/<lang>/chapter-<n>.json`): only the
/// exercise's question, explanation and hint, which "Try another" fills with new numbers. The rest — the
/// prose, the question and answer — is in the chapter's page already, written at build time, and the
/// app keeps it as it is. A glossary link in them (`[[false-negative|false negative]]`) is written
/// as its words: the exercise's texts are shown as plain text.
pub fn chapter_for_browser(json: &str) -> Result<String, String> {
    let catalog = Catalog::parse(json).map_err(|error| format!("{error:?}"))?;
    let entries: Vec<String> = [
        tutorial::EXERCISE,
        tutorial::EXERCISE_EXPLAIN,
        tutorial::EXERCISE_HINT,
    ]
    .iter()
    .filter_map(|key| {
        let text = tutorial::markup::plain(catalog.get(key)?.form("other"));
        Some(format!("{}:{}", json_string(key), json_string(&text)))
    })
    .collect();
    Ok(format!("{{{}}}", entries.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_text_file_has_every_key() {
        let mut keys = page_text_keys();
        keys.sort_unstable();
        let mut before = [
            "PlaygroundTitle",
            "PlaygroundDescription",
            "ChapterTitle",
            "CalculatorTitle",
            "CalculatorDescription",
            "EmbedTitle",
            "EmbedDescription",
            "CountingTitle",
            "CountingDescription",
            "CountMinTitle",
            "CountMinDescription",
            "ScalableTitle",
            "ScalableDescription",
            "SetsTitle",
            "SetsDescription",
            "LabTitle",
            "LabDescription",
            "BugsTitle",
            "BugsDescription",
            "FiltersTitle",
            "FiltersDescription",
            "PreviewAlt",
            "NoScriptNote",
            "StartFailed",
        ];
        before.sort_unstable();
        assert_eq!(keys, before);
        let texts = PageTexts::read(Path::new("static/meta")).expect("complete files");
        for lang in Lang::ALL {
            for key in page_text_keys() {
                assert!(!texts.get(lang, key).trim().is_empty(), "{key} in {lang:?}");
            }
            assert!(texts.get(lang, "ChapterTitle").contains("{chapter}"));
        }
    }

    #[test]
    fn a_chapter_file_for_the_browser_keeps_only_the_exercise_texts() {
        let json = r#"{"p1": "Prose with “quotes” and a \"backslash\\\" {fact}.", "exercise": "Which bit is g_{i}?\nSay \"{word}\".", "exercise_explain": "It is {right}.", "exercise_hint": "Add, then divide.", "question": "Q?", "answer": "A."}"#;
        let trimmed = chapter_for_browser(json).unwrap();
        let catalog = Catalog::parse(&trimmed).unwrap();
        let mut keys: Vec<&str> = catalog.keys().collect();
        keys.sort_unstable();
        assert_eq!(keys, ["exercise", "exercise_explain", "exercise_hint"]);
        assert_eq!(
            catalog.get("exercise").unwrap().form("other"),
            "Which bit is g_{i}?\nSay \"{word}\"."
        );
        for lang in Lang::ALL {
            for number in 1..=CHAPTERS {
                let path = format!(
                    "{}/static/locales/{}/chapter-{number}.json",
                    env!("CARGO_MANIFEST_DIR"),
                    lang.param()
                );
                let source = std::fs::read_to_string(path).unwrap();
                let trimmed = chapter_for_browser(&source).unwrap();
                let (before, after) = (
                    Catalog::parse(&source).unwrap(),
                    Catalog::parse(&trimmed).unwrap(),
                );
                for key in [
                    tutorial::EXERCISE,
                    tutorial::EXERCISE_EXPLAIN,
                    tutorial::EXERCISE_HINT,
                ] {
                    let (written, kept) = (before.get(key).unwrap(), after.get(key).unwrap());
                    assert_eq!(
                        tutorial::markup::plain(written.form("other")),
                        kept.form("other"),
                        "{lang:?} {number} {key}"
                    );
                    assert!(
                        !kept.form("other").contains("[["),
                        "{lang:?} {number} {key}"
                    );
                }
            }
        }
    }
}

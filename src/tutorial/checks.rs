//! What the chapters' tests share. A chapter's prose reads its numbers from `facts` by key, so a
//! test checks the text a reader sees: one fact by key, or a table of keys and the words expected.

use super::exercise::Exercise;
use crate::strings::Lang;
use std::fmt::Debug;
use std::str::FromStr;

/// A chapter's `facts`: every number its prose uses, written in a language.
pub type Facts = fn(Lang) -> Vec<(&'static str, String)>;

/// The fact `key` of a chapter, written in `lang` (a key the chapter lacks fails the test, named).
pub fn fact(facts: Facts, lang: Lang, key: &str) -> String {
    facts(lang)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("no fact {key}"))
}

/// Asserts that each `(key, text)` of `expected` is what the chapter writes for `key` in `lang`
/// (with every language's texts installed, as the page has them).
pub fn assert_facts(facts: Facts, lang: Lang, expected: &[(&str, &str)]) {
    crate::strings::tests::install_all();
    for &(key, text) in expected {
        assert_eq!(fact(facts, lang, key), text, "fact {key}");
    }
}

/// The input `name` (as `name=`) a round of an exercise gives, read as a number.
pub fn given<T: FromStr>(exercise: &Exercise, name: &str) -> T
where
    T::Err: Debug,
{
    exercise
        .given
        .iter()
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no given {name}"))
        .parse()
        .unwrap()
}

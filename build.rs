//! Numbers the interface's texts when the site is built. The page finds a text by its position in its
//! resource file (`static/locales/<lang>/<file>.json`), so that its download carries no key names;
//! this script makes that position a fact the compiler knows. It reads the English files, writes the
//! message ids in their order (`Msg`, into `$OUT_DIR/messages.rs`, which `src/strings/messages.rs`
//! includes), and stops the build — naming the file and the first key out of place — when another
//! language's file does not list exactly the same keys in the same order.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

// The page's own reader of resource files, so the build and the page cannot read a file differently.
#[allow(dead_code)]
#[path = "src/strings/catalog.rs"]
mod catalog;

use catalog::Catalog;

/// The interface's resource files, in the order their messages are numbered. The tutorial's chapters
/// (`chapter-<n>.json`) are looked up by key and are not among them.
const RESOURCES: [&str; 14] = [
    "widgets",
    "calculator",
    "site",
    "details",
    "pages",
    "counting",
    "scalable",
    "sets",
    "lab",
    "bugs",
    "embed",
    "reference",
    "filters",
    "measured",
];

/// The language whose files define the messages and their order.
const SOURCE: &str = "en";

/// How many characters of its English text a message id's documentation quotes.
const QUOTED_CHARS: usize = 100;

fn main() {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let locales = root.join("static/locales");
    let languages = languages(&locales);
    let mut problems = Vec::new();
    let mut generated = String::from("messages! {\n");
    for file in RESOURCES {
        for lang in &languages {
            println!(
                "cargo::rerun-if-changed={}",
                path(&locales, lang, file).display()
            );
        }
        let source = match read(&locales, SOURCE, file) {
            Ok(source) => source,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        let keys: Vec<&str> = source.entries().map(|(key, _)| key).collect();
        problems.extend(check_source(&keys, file));
        for lang in languages.iter().filter(|lang| *lang != SOURCE) {
            match read(&locales, lang, file) {
                Ok(other) => problems.extend(compare(&keys, &other, lang, file)),
                Err(problem) => problems.push(problem),
            }
        }
        generate(&mut generated, file, &source);
    }
    problems.extend(unknown_files(&locales));
    if !problems.is_empty() {
        // Cargo shows each as an error and fails the build once the script has finished.
        for problem in problems {
            println!("cargo::error={problem}");
        }
        return;
    }
    generated.push_str("}\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("messages.rs");
    fs::write(&out, generated).unwrap_or_else(|error| panic!("{}: {error}", out.display()));
}

/// The languages there are files for (the folders under `static/locales/`), sorted.
fn languages(locales: &Path) -> Vec<String> {
    let folders = fs::read_dir(locales)
        .unwrap_or_else(|error| panic!("{}: {error}", locales.display()))
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().into_string().ok());
    let mut languages: Vec<String> = folders.collect();
    languages.sort();
    languages
}

/// Where the resource `file` of `lang` lives.
fn path(locales: &Path, lang: &str, file: &str) -> PathBuf {
    locales.join(lang).join(format!("{file}.json"))
}

/// The resource `file` of `lang` as the build names it in a message, from the crate's root.
fn shown(lang: &str, file: &str) -> String {
    format!("static/locales/{lang}/{file}.json")
}

/// The resource `file` of `lang`, read as the page reads it.
fn read(locales: &Path, lang: &str, file: &str) -> Result<Catalog, String> {
    let json = fs::read_to_string(path(locales, lang, file))
        .map_err(|error| format!("{}: cannot be read: {error}", shown(lang, file)))?;
    Catalog::parse(&json).map_err(|error| {
        format!(
            "{}: expected {} at byte {}",
            shown(lang, file),
            error.expected,
            error.at
        )
    })
}

/// What is wrong with the English file's keys: each must be a message id (a Rust name in
/// UpperCamelCase), given once.
fn check_source(keys: &[&str], file: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (at, key) in keys.iter().enumerate() {
        let id = key.starts_with(|c: char| c.is_ascii_uppercase())
            && key.chars().all(|c| c.is_ascii_alphanumeric());
        if !id {
            problems.push(format!(
                "{}: \"{key}\" is not a message id (letters and digits, starting with a capital)",
                shown(SOURCE, file)
            ));
        }
        if keys[..at].contains(key) {
            problems.push(format!(
                "{}: \"{key}\" is given twice (key {})",
                shown(SOURCE, file),
                at + 1
            ));
        }
    }
    problems
}

/// Where `other` (the file of `lang`) first departs from the English file's `keys`, if it does.
fn compare(keys: &[&str], other: &Catalog, lang: &str, file: &str) -> Option<String> {
    let theirs: Vec<&str> = other.entries().map(|(key, _)| key).collect();
    let same = keys.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
    let number = same + 1;
    let what = match (keys.get(same), theirs.get(same)) {
        (None, None) => return None,
        (Some(wanted), None) => {
            format!("ends after key {same}, where the English file goes on with \"{wanted}\"")
        }
        (None, Some(found)) => {
            format!("has \"{found}\" (key {number}) after the last key of the English file")
        }
        (Some(wanted), _) if !theirs.contains(wanted) => {
            format!("lacks \"{wanted}\", key {number} of the English file")
        }
        (Some(wanted), Some(found)) if !keys.contains(found) => format!(
            "has \"{found}\" as key {number}, which is not a key of the English file \
             (it has \"{wanted}\" there)"
        ),
        (Some(wanted), Some(found)) => {
            format!("has \"{found}\" as key {number}, where the English file has \"{wanted}\"")
        }
    };
    Some(format!(
        "{}: {what}; every language lists the keys of {} in the same order",
        shown(lang, file),
        shown(SOURCE, file)
    ))
}

/// Appends the messages of the English `file` to the generated table, each documented with the
/// start of its text.
fn generate(out: &mut String, file: &str, source: &Catalog) {
    let _ = writeln!(out, "    {file} {{");
    for (key, entry) in source.entries() {
        let text = entry
            .form("other")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let mut quoted: String = text.chars().take(QUOTED_CHARS).collect();
        if quoted.len() < text.len() {
            quoted.push('…');
        }
        // A code span, so that nothing in the text reads as Markdown or a link.
        let doc = format!("`{}`", quoted.replace('`', "'"));
        let _ = writeln!(out, "        #[doc = {doc:?}]\n        {key},");
    }
    out.push_str("    }\n");
}

/// English files that are neither a tutorial chapter nor one of [`RESOURCES`]: their texts would
/// have no id.
fn unknown_files(locales: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(locales.join(SOURCE)) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".json").map(str::to_owned))
        .filter(|name| !name.starts_with("chapter-") && !RESOURCES.contains(&name.as_str()))
        .map(|name| {
            format!(
                "{}: not a resource file the build knows: add it to RESOURCES in build.rs",
                shown(SOURCE, &name)
            )
        })
        .collect()
}

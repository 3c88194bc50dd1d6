//! The site crate's shape, checked by reading its source: imports point one way, down the layers
//! (entries → app → pages → components → tutorial → hooks → state → share/strings/routes →
//! foundations → the core crate), no two files import each other even through others, and a
//! component is no longer than clippy lets a plain function be (clippy's `too_many_lines` does not
//! see inside `#[component]` functions, which a macro rewrites).
//!
//! An import is any `crate::…` path — in a `use`, in code or in a doc link — and any `super::…` path,
//! outside the file's test module: a test may reach anywhere.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, highest first: a module may import its own layer and those below it, never above.
const LAYERS: &[(&str, &[&str])] = &[
    ("entries", &["bin", "prerender"]),
    ("app", &["app", "embed_app"]),
    ("pages", &["pages"]),
    ("components", &["components"]),
    ("tutorial", &["tutorial"]),
    ("hooks", &["hooks"]),
    ("state", &["state"]),
    (
        "share/strings/routes",
        &[
            "share",
            "strings",
            "routes",
            "options",
            "embed",
            "compress",
            "shortcuts",
            "export",
        ],
    ),
    ("foundations", &["format", "url", "web"]),
];

/// Most lines of code in a component: clippy's `too-many-lines-threshold` (clippy.toml).
const MOST_LINES: usize = 80;

/// A module: its path below `crate` (`["pages", "counting"]`).
type Module = Vec<String>;

/// One import: the line it is on and the module it reaches.
struct Import {
    line: usize,
    target: Module,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    out
}

/// The module a file under `src/` defines (`src/bin/*` are all "bin"; `lib.rs` none).
fn module_of(file: &Path) -> Option<Module> {
    let relative = file.strip_prefix(src()).ok()?.with_extension("");
    let parts: Module = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    let root = parts.len() == 1 && matches!(parts[0].as_str(), "lib" | "main");
    (!root).then_some(parts)
}

/// The file's lines with its test modules blanked out (line numbers kept).
fn without_tests(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut i = 0;
    while i < out.len() {
        let here = out[i].trim_start();
        let next = out.get(i + 1).map_or("", |line| line.trim_start());
        if here.starts_with("#[cfg(") && here.contains("test") && next.starts_with("mod ") {
            let end = i + 1 + block_len(&out[i + 1..]);
            out[i..end].iter_mut().for_each(String::clear);
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// How many of `lines` it takes for the braces opened in the first to close (string and character
/// literals and trailing comments left out, so braces in text do not count).
fn block_len(lines: &[String]) -> usize {
    let mut depth = 0i32;
    let mut opened = false;
    for (at, line) in lines.iter().enumerate() {
        for ch in strip_literals(line.trim()).chars() {
            match ch {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return at + 1;
        }
    }
    lines.len()
}

/// The paths a use tree starting at `rest` names (`a::{b, c::D}` names `a::b` and `a::c::D`), each
/// as its segments.
fn use_tree(rest: &str) -> Vec<Vec<String>> {
    fn ident(s: &[u8], at: &mut usize) -> Option<String> {
        let start = *at;
        while *at < s.len() && (s[*at].is_ascii_alphanumeric() || s[*at] == b'_') {
            *at += 1;
        }
        (*at > start).then(|| String::from_utf8_lossy(&s[start..*at]).into_owned())
    }
    fn skip_space(s: &[u8], at: &mut usize) {
        while *at < s.len() && s[*at].is_ascii_whitespace() {
            *at += 1;
        }
    }
    fn tree(s: &[u8], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            skip_space(s, at);
            if s.get(*at) == Some(&b'{') {
                *at += 1;
                loop {
                    skip_space(s, at);
                    match s.get(*at) {
                        Some(b'}') => {
                            *at += 1;
                            return;
                        }
                        Some(b',') => *at += 1,
                        None => return,
                        _ => {
                            let before = *at;
                            tree(s, at, &path, out);
                            if *at == before {
                                *at += 1;
                            }
                        }
                    }
                }
            }
            match ident(s, at) {
                Some(name) if name == "self" => {}
                Some(name) => path.push(name),
                None => break,
            }
            if s.get(*at..*at + 2) == Some(b"::".as_slice()) {
                *at += 2;
            } else {
                break;
            }
        }
        out.push(path);
    }
    let mut out = Vec::new();
    let mut at = 0;
    tree(rest.as_bytes(), &mut at, &[], &mut out);
    out
}

/// The module of `modules` that `path` lands in: its longest prefix that is a module.
fn resolve(path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    (1..=path.len())
        .rev()
        .map(|len| path[..len].to_vec())
        .find(|prefix| modules.contains(prefix))
}

/// Every import of the file that defines `module`, to another file's module.
fn imports(module: &Module, text: &str, modules: &BTreeSet<Module>) -> Vec<Import> {
    let mut out = Vec::new();
    for (index, line) in without_tests(text).iter().enumerate() {
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent(module))] {
            let mut from = 0;
            while let Some(found) = line[from..].find(prefix) {
                let start = from + found;
                from = start + prefix.len();
                let before = line[..start].chars().next_back();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                for tail in use_tree(&line[from..]) {
                    let full: Vec<String> = base.iter().cloned().chain(tail).collect();
                    if let Some(target) = resolve(&full, modules) {
                        if !target.starts_with(module) {
                            out.push(Import {
                                line: index + 1,
                                target,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The module above `module` (`super`).
fn parent(module: &Module) -> Module {
    module[..module.len().saturating_sub(1)].to_vec()
}

/// The layer of `module` (0 the highest), or None when it has none.
fn layer(module: &Module) -> Option<usize> {
    let top = module.first()?;
    LAYERS
        .iter()
        .position(|(_, tops)| tops.contains(&top.as_str()))
}

/// Every file of the site crate with its module and text, multi-line `use` blocks joined onto
/// their first line so a use tree reads whole.
fn sources() -> Vec<(PathBuf, Module, String)> {
    rust_files(&src())
        .into_iter()
        .filter_map(|file| {
            let module = module_of(&file)?;
            let text = std::fs::read_to_string(&file).expect("a readable source file");
            Some((file, module, join_use_blocks(&text)))
        })
        .collect()
}

/// `text` with each `use …;` spread over several lines joined onto its first line, the lines it
/// took left empty so line numbers stay true.
fn join_use_blocks(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut open: Option<usize> = None;
    for line in text.lines() {
        match open {
            Some(first) => {
                out[first].push(' ');
                out[first].push_str(line.trim());
                out.push(String::new());
                if line.contains(';') {
                    open = None;
                }
            }
            None => {
                let trimmed = line.trim_start();
                let is_use = trimmed.starts_with("use ") || trimmed.starts_with("pub use ");
                out.push(line.to_owned());
                if is_use && !line.contains(';') {
                    open = Some(out.len() - 1);
                }
            }
        }
    }
    out.join("\n")
}

fn display(module: &Module) -> String {
    module.join("::")
}

fn relative(file: &Path) -> String {
    file.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or(file)
        .display()
        .to_string()
}

#[test]
fn every_module_has_a_layer() {
    let unplaced: Vec<String> = sources()
        .iter()
        .filter(|(_, module, _)| layer(module).is_none())
        .map(|(file, module, _)| {
            format!(
                "{}: module {} is in no layer",
                relative(file),
                display(module)
            )
        })
        .collect();
    assert!(
        unplaced.is_empty(),
        "add them to LAYERS:\n{}",
        unplaced.join("\n")
    );
}

/// The modules the files define.
fn modules_of(sources: &[(PathBuf, Module, String)]) -> BTreeSet<Module> {
    sources
        .iter()
        .map(|(_, module, _)| module.clone())
        .collect()
}

#[test]
fn imports_point_down_the_layers() {
    let sources = sources();
    let modules = modules_of(&sources);
    let mut wrong = Vec::new();
    for (file, module, text) in &sources {
        for import in imports(module, text, &modules) {
            let (Some(own), Some(theirs)) = (layer(module), layer(&import.target)) else {
                continue;
            };
            if theirs < own {
                wrong.push(format!(
                    "{}:{}: {} ({}) imports {} ({}), a layer above it",
                    relative(file),
                    import.line,
                    display(module),
                    LAYERS[own].0,
                    display(&import.target),
                    LAYERS[theirs].0,
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layer order:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_files_import_each_other() {
    let sources = sources();
    let modules = modules_of(&sources);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (_, module, text) in &sources {
        let targets = imports(module, text, &modules)
            .into_iter()
            .map(|import| import.target);
        graph.entry(module.clone()).or_default().extend(targets);
    }
    let cycles: Vec<String> = strongly_connected(&graph)
        .into_iter()
        .filter(|set| set.len() > 1)
        .map(|set| set.iter().map(display).collect::<Vec<_>>().join(", "))
        .collect();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// Tarjan's strongly connected components of `graph`.
fn strongly_connected(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(walk: &mut Walk<'a>, node: &'a Module) {
        let number = walk.index.len();
        walk.index.insert(node, number);
        walk.low.insert(node, number);
        walk.stack.push(node);
        walk.on_stack.insert(node);
        let graph = walk.graph;
        for next in graph.get(node).into_iter().flatten() {
            let Some((next, _)) = graph.get_key_value(next) else {
                continue;
            };
            if !walk.index.contains_key(next) {
                visit(walk, next);
                let low = walk.low[node].min(walk.low[next]);
                walk.low.insert(node, low);
            } else if walk.on_stack.contains(next) {
                let low = walk.low[node].min(walk.index[next]);
                walk.low.insert(node, low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let mut set = Vec::new();
            while let Some(top) = walk.stack.pop() {
                walk.on_stack.remove(top);
                set.push(top.clone());
                if top == node {
                    break;
                }
            }
            walk.found.push(set);
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            visit(&mut walk, node);
        }
    }
    walk.found
}

/// Lines of code from `start` (a `fn` line) to the end of its body: blank lines and comment-only
/// lines are not counted, as clippy counts.
fn function_lines(lines: &[String], start: usize) -> usize {
    let body = &lines[start..start + block_len(&lines[start..])];
    body.iter()
        .map(|line| line.trim())
        .filter(|code| !code.is_empty() && !code.starts_with("//"))
        .count()
}

/// `code` without its string and character literals and its trailing comment, so braces in text do
/// not count.
fn strip_literals(code: &str) -> String {
    let mut out = String::new();
    let mut chars = code.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' => {
                while let Some(inner) = chars.next() {
                    match inner {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '\'' => {
                // A char literal ('{', '\'') — or a lifetime, which has no closing quote nearby.
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    chars.nth(2);
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.nth(1);
                }
            }
            '/' if chars.peek() == Some(&'/') => break,
            _ => out.push(ch),
        }
    }
    out
}

#[test]
fn components_are_as_short_as_functions() {
    let mut long = Vec::new();
    for file in rust_files(&src()) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        for (index, line) in lines.iter().enumerate() {
            if line.trim() != "#[component]" {
                continue;
            }
            let Some(start) = (index + 1..lines.len()).find(|&i| lines[i].contains("fn ")) else {
                continue;
            };
            let count = function_lines(&lines, start);
            if count > MOST_LINES {
                let name = lines[start].trim();
                long.push(format!(
                    "{}:{}: {count} lines of code (at most {MOST_LINES}): {name}",
                    relative(&file),
                    start + 1
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these components into named parts:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_checks_see_what_they_check() {
    // A back arrow, a cycle and a long component, written here, are each found.
    let modules: BTreeSet<Module> = [vec!["state".into()], vec!["hooks".into(), "use_a".into()]]
        .into_iter()
        .collect();
    let source = "use crate::{format::grouped, hooks::{use_a::{self, Thing}}};\n";
    let found = imports(&vec!["state".into()], source, &modules);
    assert!(!found.is_empty());
    for import in &found {
        assert_eq!(
            (import.line, display(&import.target).as_str()),
            (1, "hooks::use_a")
        );
    }
    assert!(layer(&found[0].target) < layer(&vec!["state".to_owned()]));
    let nested = join_use_blocks("use super::{\n    a,\n    b::C,\n};\nfn f() {}\n");
    assert_eq!(nested.lines().count(), 5);
    assert!(nested.lines().next().unwrap().contains("b::C"));
    let graph: BTreeMap<Module, BTreeSet<Module>> = [
        (vec!["a".into()], [vec!["b".into()]].into_iter().collect()),
        (vec!["b".into()], [vec!["a".into()]].into_iter().collect()),
        (vec!["c".into()], BTreeSet::new()),
    ]
    .into_iter()
    .collect();
    let sizes: Vec<usize> = strongly_connected(&graph).iter().map(Vec::len).collect();
    assert_eq!(sizes.iter().filter(|&&size| size == 2).count(), 1);
    let body: Vec<String> = std::iter::once("fn long() {".to_owned())
        .chain((0..90).map(|i| format!("    let x{i} = '{{'; // {{")))
        .chain(["".to_owned(), "    // a comment".to_owned(), "}".to_owned()])
        .collect();
    assert_eq!(function_lines(&body, 0), 92);
    let tests = without_tests("use crate::a;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\n");
    assert_eq!(
        tests.iter().filter(|line| line.contains("crate::")).count(),
        1
    );
}

//! The page table: every page of the site and every embeddable widget, declared once — its folder,
//! the Trunk entry and program that build it, the keys of its title and description, its languages,
//! whether an author can embed it, the text files it fetches and its link-preview picture. The
//! links between pages, the prerendered pages, the sitemap, the embed page's list of widgets, the
//! files each page asks for and the build's loop over entries all read it (the build through
//! `cargo run --bin pages`).
//!
//! The table is a constant: each column the browser needs (a page's folder, a widget's name) is
//! copied out of it at compile time, so a page carries that column and not the whole table.

use crate::strings::{
    Lang, Msg, BUGS, CALCULATOR, COUNTING, LAB, PAGES, SCALABLE, SETS, SITE, WIDGETS,
};

/// How many chapters the tutorial has (`learn/1/` … `learn/11/`).
pub const CHAPTERS: u32 = 11;

/// A page of the site, in the table's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitePage {
    /// The playground, at the site's root.
    Playground,
    /// The tutorial.
    Learn,
    /// The sizing calculator.
    Calculator,
    /// The counting Bloom filter.
    Counting,
    /// The count-min sketch (drawn by the counting filter's entry).
    CountMin,
    /// The scalable filter.
    Scalable,
    /// Combining filters: union, intersection, partitioned, compressed and cascaded.
    Sets,
    /// The big-N lab.
    Lab,
    /// The bug museum.
    Bugs,
    /// Where a blog author gets a widget's code (the widgets themselves are in its sub-folders).
    Embed,
}

/// A widget that can be embedded, in the table's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmbedWidget {
    /// The playground.
    Playground,
    /// The rate chart.
    Chart,
    /// The calculator.
    Calculator,
    /// The counting Bloom filter.
    Counting,
    /// The count-min sketch.
    CountMin,
    /// The scalable filter.
    Scalable,
    /// Two filters combined by union and intersection.
    Sets,
    /// Partitioned, compressed and cascaded filters (one of them, as its `view` says).
    Shipping,
    /// The slides' performance test from the big-N lab.
    Lab,
    /// One case of the bug museum.
    Bugs,
}

/// What a row of the table is: a page of the site (written in every language, with its own head),
/// or a widget an author embeds (written once; its language is a `lang=` in the author's link).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A page of the site.
    Site(SitePage),
    /// An embeddable widget, with the name the embed page gives it and the height its frame starts
    /// at in an author's page (in CSS pixels, until the widget reports its own).
    Widget(EmbedWidget, Msg, u32),
}

/// What a page's head says, by key in `static/meta/<lang>.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadKeys {
    /// The title's key (the tutorial's, `ChapterTitle`, has a `{chapter}` to fill).
    pub title: &'static str,
    /// The description's key; none for the tutorial, whose pages are described by their first
    /// paragraph.
    pub description: Option<&'static str>,
}

/// The filter a page's link-preview picture shows (`preview/<name>.png`): m, k and how many of the
/// preview words are in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preview {
    /// The picture's file name, without `.png`.
    pub name: &'static str,
    /// m, the bits.
    pub bits: u32,
    /// k, the hash functions.
    pub hashes: u32,
    /// n, the items.
    pub items: usize,
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageSpec {
    /// Which page or widget.
    pub kind: Kind,
    /// Its folder below the language's (`calculator/`, `embed/chart/`; `""` for the root): where
    /// links go.
    pub folder: &'static str,
    /// Its one address below the language's, for search engines and link previews (the playground
    /// is at the root and at `playground/`; the tutorial's chapters are below it, `learn/4/`).
    pub address: &'static str,
    /// The folder of the Trunk entry that builds it (its `index.html` is the page's template).
    pub entry: &'static str,
    /// The program (`[[bin]]` in Cargo.toml) the entry runs.
    pub bin: &'static str,
    /// The keys of its title and description; a widget keeps the title its entry has.
    pub head: Option<HeadKeys>,
    /// The languages it is written in.
    pub languages: &'static [Lang],
    /// The text files it fetches, in the order it asks for them (the tutorial adds its chapter's).
    pub resources: &'static [&'static str],
    /// Its link-preview picture (the tutorial's chapters each have their own).
    pub preview: Option<Preview>,
}

/// A page of the site in every language.
const fn site(
    page: SitePage,
    folder: &'static str,
    entry: &'static str,
    bin: &'static str,
    head: HeadKeys,
    resources: &'static [&'static str],
    preview: Option<Preview>,
) -> PageSpec {
    PageSpec {
        kind: Kind::Site(page),
        folder,
        address: folder,
        entry,
        bin,
        head: Some(head),
        languages: &Lang::ALL,
        resources,
        preview,
    }
}

/// The keys of a page's title and description.
const fn head(title: &'static str, description: &'static str) -> HeadKeys {
    HeadKeys {
        title,
        description: Some(description),
    }
}

/// A link-preview picture.
const fn preview(name: &'static str, bits: u32, hashes: u32, items: usize) -> Option<Preview> {
    Some(Preview {
        name,
        bits,
        hashes,
        items,
    })
}

/// A widget, in its own folder under `embed/` and in English (an author's `lang=` picks another).
const fn widget(
    widget: EmbedWidget,
    folder: &'static str,
    bin: &'static str,
    name: Msg,
    height: u32,
    resources: &'static [&'static str],
) -> PageSpec {
    PageSpec {
        kind: Kind::Widget(widget, name, height),
        folder,
        address: folder,
        entry: folder,
        bin,
        head: None,
        languages: &[Lang::English],
        resources,
        preview: None,
    }
}

/// How many pages the site has.
const SITE_PAGES: usize = 10;
/// How many widgets can be embedded.
const WIDGETS_COUNT: usize = 10;

/// Every page of the site, then every widget: the order the build writes them and the sitemap
/// lists them.
pub const TABLE: [PageSpec; SITE_PAGES + WIDGETS_COUNT] = [
    PageSpec {
        address: "playground/",
        ..site(
            SitePage::Playground,
            "",
            "",
            "playground",
            head("PlaygroundTitle", "PlaygroundDescription"),
            &[WIDGETS, SITE],
            preview("playground", 32, 3, 5),
        )
    },
    site(
        SitePage::Learn,
        "learn/",
        "learn/",
        "learn",
        HeadKeys {
            title: "ChapterTitle",
            description: None,
        },
        &[WIDGETS, CALCULATOR, SITE, PAGES],
        None,
    ),
    site(
        SitePage::Calculator,
        "calculator/",
        "calculator/",
        "calculator",
        head("CalculatorTitle", "CalculatorDescription"),
        &[CALCULATOR, SITE, PAGES, WIDGETS],
        preview("calculator", 64, 4, 10),
    ),
    site(
        SitePage::Counting,
        "counting/",
        "counting/",
        "counting",
        head("CountingTitle", "CountingDescription"),
        &[WIDGETS, COUNTING, SITE],
        preview("counting", 32, 3, 5),
    ),
    site(
        SitePage::CountMin,
        "count-min/",
        "counting/",
        "counting",
        head("CountMinTitle", "CountMinDescription"),
        &[WIDGETS, COUNTING, SITE],
        preview("count-min", 64, 4, 12),
    ),
    site(
        SitePage::Scalable,
        "scalable/",
        "scalable/",
        "scalable",
        head("ScalableTitle", "ScalableDescription"),
        &[WIDGETS, SCALABLE, SITE],
        preview("scalable", 64, 5, 8),
    ),
    site(
        SitePage::Sets,
        "sets/",
        "sets/",
        "sets",
        head("SetsTitle", "SetsDescription"),
        &[WIDGETS, SETS, SITE],
        preview("sets", 32, 3, 7),
    ),
    site(
        SitePage::Lab,
        "lab/",
        "lab/",
        "lab",
        head("LabTitle", "LabDescription"),
        &[WIDGETS, LAB, SITE],
        preview("lab", 64, 7, 9),
    ),
    site(
        SitePage::Bugs,
        "bugs/",
        "bugs/",
        "bugs",
        head("BugsTitle", "BugsDescription"),
        &[WIDGETS, BUGS, SITE],
        preview("bugs", 48, 4, 6),
    ),
    site(
        SitePage::Embed,
        "embed/",
        "embed/",
        "embed-builder",
        head("EmbedTitle", "EmbedDescription"),
        &[WIDGETS, SITE, PAGES],
        preview("embed", 32, 3, 8),
    ),
    widget(
        EmbedWidget::Playground,
        "embed/playground/",
        "embed-playground",
        Msg::EmbedWidgetPlayground,
        720,
        &[WIDGETS],
    ),
    widget(
        EmbedWidget::Chart,
        "embed/chart/",
        "embed-chart",
        Msg::EmbedWidgetChart,
        640,
        &[WIDGETS],
    ),
    widget(
        EmbedWidget::Calculator,
        "embed/calculator/",
        "embed-calculator",
        Msg::EmbedWidgetCalculator,
        720,
        &[CALCULATOR, WIDGETS],
    ),
    widget(
        EmbedWidget::Counting,
        "embed/counting/",
        "embed-counting",
        Msg::EmbedWidgetCounting,
        900,
        &[WIDGETS, COUNTING],
    ),
    widget(
        EmbedWidget::CountMin,
        "embed/count-min/",
        "embed-count-min",
        Msg::EmbedWidgetCountMin,
        900,
        &[WIDGETS, COUNTING],
    ),
    widget(
        EmbedWidget::Scalable,
        "embed/scalable/",
        "embed-scalable",
        Msg::EmbedWidgetScalable,
        1000,
        &[WIDGETS, SCALABLE],
    ),
    widget(
        EmbedWidget::Sets,
        "embed/sets/",
        "embed-sets",
        Msg::EmbedWidgetSets,
        1000,
        &[WIDGETS, SETS],
    ),
    widget(
        EmbedWidget::Shipping,
        "embed/shipping/",
        "embed-shipping",
        Msg::EmbedWidgetShipping,
        900,
        &[WIDGETS, SETS],
    ),
    widget(
        EmbedWidget::Lab,
        "embed/lab/",
        "embed-lab",
        Msg::EmbedWidgetLab,
        1900,
        &[WIDGETS, LAB],
    ),
    widget(
        EmbedWidget::Bugs,
        "embed/bugs/",
        "embed-bugs",
        Msg::EmbedWidgetBugs,
        1400,
        &[WIDGETS, BUGS],
    ),
];

// The columns below read row `page as usize` (a widget's after the site's pages): the rows must be
// in the enums' order, which the compiler checks here.
const _: () = {
    let mut row = 0;
    while row < TABLE.len() {
        let in_order = match TABLE[row].kind {
            Kind::Site(page) => page as usize == row,
            Kind::Widget(widget, _, _) => widget as usize + SITE_PAGES == row,
        };
        assert!(in_order, "the page table's rows are out of order");
        row += 1;
    }
};

/// `text` without its first `skip` and last `drop` bytes (ASCII folders only).
const fn trimmed(text: &'static str, skip: usize, drop: usize) -> &'static str {
    let (_, rest) = text.as_bytes().split_at(skip);
    let (middle, _) = rest.split_at(rest.len() - drop);
    match core::str::from_utf8(middle) {
        Ok(middle) => middle,
        Err(_) => panic!("a folder that is not ASCII"),
    }
}

/// One column of the table, copied out at compile time: `$value` of each of `$count` rows from
/// row `$first`, where `$spec` names the row.
macro_rules! column {
    ($first:expr, $count:expr, $empty:expr, |$spec:ident| $value:expr) => {{
        let empty = $empty;
        let mut out = [empty; $count];
        let mut row = 0;
        while row < $count {
            let $spec = &TABLE[$first + row];
            out[row] = $value;
            row += 1;
        }
        out
    }};
}

/// No text files: what a column of them starts from.
const NO_FILES: &[&str] = &[];
/// The folder of each page of the site.
const FOLDERS: [&str; SITE_PAGES] = column!(0, SITE_PAGES, "", |spec| spec.folder);
/// The text files of each page of the site.
const SITE_RESOURCES: [&[&str]; SITE_PAGES] =
    column!(0, SITE_PAGES, NO_FILES, |spec| spec.resources);
/// Each widget's folder under `embed/` (`embed/chart/` → `chart`).
const WIDGET_PATHS: [&str; WIDGETS_COUNT] = column!(SITE_PAGES, WIDGETS_COUNT, "", |spec| trimmed(
    spec.folder,
    "embed/".len(),
    "/".len()
));
/// The text files of each widget.
const WIDGET_RESOURCES: [&[&str]; WIDGETS_COUNT] =
    column!(SITE_PAGES, WIDGETS_COUNT, NO_FILES, |spec| spec.resources);
/// Each widget's name and its frame's first height.
const FRAMES: [(Msg, u32); WIDGETS_COUNT] = column!(
    SITE_PAGES,
    WIDGETS_COUNT,
    (Msg::EmbedWidgetPlayground, 0),
    |spec| match spec.kind {
        Kind::Widget(_, name, height) => (name, height),
        Kind::Site(_) => panic!("a site page among the widgets"),
    }
);

impl SitePage {
    /// Every page of the site, in the table's order.
    pub const ALL: [SitePage; SITE_PAGES] = column!(0, SITE_PAGES, SitePage::Playground, |spec| {
        match spec.kind {
            Kind::Site(page) => page,
            Kind::Widget(..) => panic!("a widget among the site's pages"),
        }
    });

    /// The page's row of the table.
    pub fn spec(self) -> &'static PageSpec {
        &TABLE[self as usize]
    }

    /// The page's folder relative to the site's root (`""` for the root itself).
    pub const fn folder(self) -> &'static str {
        FOLDERS[self as usize]
    }

    /// The text files the page draws from (the tutorial's chapter adds its own).
    pub const fn resources(self) -> &'static [&'static str] {
        SITE_RESOURCES[self as usize]
    }
}

impl EmbedWidget {
    /// Every widget, in the table's order.
    pub const ALL: [EmbedWidget; WIDGETS_COUNT] = column!(
        SITE_PAGES,
        WIDGETS_COUNT,
        EmbedWidget::Playground,
        |spec| match spec.kind {
            Kind::Widget(widget, _, _) => widget,
            Kind::Site(_) => panic!("a site page among the widgets"),
        }
    );

    /// The widget's row of the table.
    pub fn spec(self) -> &'static PageSpec {
        &TABLE[SITE_PAGES + self as usize]
    }

    /// Its folder under `embed/`.
    pub const fn path(self) -> &'static str {
        WIDGET_PATHS[self as usize]
    }

    /// Its name, as the embed page lists it and an author's frame is titled.
    pub const fn name(self) -> Msg {
        FRAMES[self as usize].0
    }

    /// The height its frame starts at in an author's page, in CSS pixels.
    pub const fn default_height(self) -> u32 {
        FRAMES[self as usize].1
    }

    /// The text files the widget draws from.
    pub const fn resources(self) -> &'static [&'static str] {
        WIDGET_RESOURCES[self as usize]
    }
}

/// The Trunk entries besides the root's, by folder (`learn`, `counting`): each is built into
/// its own folder of dist/.
pub fn page_entries() -> Vec<&'static str> {
    entries(|spec| matches!(spec.kind, Kind::Site(_)))
}

/// The widgets' entries, by folder under `embed/` (`chart`, `count-min`).
pub fn widget_entries() -> Vec<&'static str> {
    entries(|spec| matches!(spec.kind, Kind::Widget(..)))
        .into_iter()
        .map(|entry| entry.trim_start_matches("embed/"))
        .collect()
}

/// Each entry of the rows `keep` takes once, without its final `/` (the root's left out).
fn entries(keep: fn(&PageSpec) -> bool) -> Vec<&'static str> {
    let mut entries: Vec<&'static str> = Vec::new();
    for spec in TABLE.iter().filter(|spec| keep(spec)) {
        let entry = spec.entry.trim_end_matches('/');
        if !entry.is_empty() && !entries.contains(&entry) {
            entries.push(entry);
        }
    }
    entries
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_build_loops_over_the_entries_it_always_built() {
        assert_eq!(
            page_entries(),
            [
                "learn",
                "calculator",
                "counting",
                "scalable",
                "sets",
                "lab",
                "bugs",
                "embed"
            ]
        );
        assert_eq!(
            widget_entries(),
            [
                "playground",
                "chart",
                "calculator",
                "counting",
                "count-min",
                "scalable",
                "sets",
                "shipping",
                "lab",
                "bugs"
            ]
        );
    }

    #[test]
    fn each_column_reads_its_own_row() {
        for page in SitePage::ALL {
            assert_eq!(page.spec().kind, Kind::Site(page));
            assert_eq!(page.folder(), page.spec().folder);
        }
        for widget in EmbedWidget::ALL {
            assert_eq!(widget.spec().folder, format!("embed/{}/", widget.path()));
            assert!(
                matches!(widget.spec().kind, Kind::Widget(w, name, _) if w == widget && name == widget.name())
            );
        }
        assert_eq!(EmbedWidget::CountMin.path(), "count-min");
        assert_eq!(EmbedWidget::Lab.default_height(), 1900);
        assert_eq!(SitePage::Embed.resources(), [WIDGETS, SITE, PAGES]);
        assert_eq!(EmbedWidget::Calculator.resources(), [CALCULATOR, WIDGETS]);
    }

    #[test]
    fn every_entry_runs_the_program_its_page_names() {
        let cargo = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .expect("Cargo.toml");
        for spec in TABLE {
            let path = format!("{}/{}index.html", env!("CARGO_MANIFEST_DIR"), spec.entry);
            let html = std::fs::read_to_string(&path).expect("the entry's page");
            assert!(
                html.contains(&format!("data-bin=\"{}\"", spec.bin)),
                "{path} runs {}",
                spec.bin
            );
            assert!(
                cargo.contains(&format!("name = \"{}\"", spec.bin)),
                "{} in Cargo.toml",
                spec.bin
            );
        }
    }
}

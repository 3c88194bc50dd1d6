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
    Lang, Msg, BUGS, CALCULATOR, COUNTING, EMBED, FILTERS, LAB, MEASURED, PAGES, SCALABLE, SETS,
    SITE, WIDGETS,
};

/// How many chapters the tutorial has (`learn/1/` … `learn/12/`).
pub const CHAPTERS: u32 = 12;

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
    /// The filters the field uses today: split-block, blocked, cuckoo, xor and binary fuse.
    Filters,
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
    /// The filters the field uses today, one structure at a time.
    Filters,
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
    /// Counters in place of bits (a counting filter's page): each a column as tall as its count.
    pub counters: bool,
}

/// A file an entry brings besides its stylesheets, named below `static/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asset {
    /// A script inlined into the page's head.
    Script(&'static str),
    /// A file copied beside the entry's page, fetched when it is needed.
    File(&'static str),
    /// A folder copied beside the entry's page.
    Folder(&'static str),
    /// A web worker: the named program, built for speed (`profile.worker`, wasm-opt -O3) and loaded
    /// only when a run starts.
    Worker(&'static str),
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
    /// The stylesheets its entry inlines after `style.css`, in order, by name in `static/`
    /// (`site` is the site's frame, which widgets leave out).
    pub styles: &'static [&'static str],
    /// What else its entry brings (scripts, files, a worker); see [`Asset`].
    pub assets: &'static [Asset],
    /// A widget's title and description, in English (a widget's page is not translated: its
    /// texts follow the author's `lang=` once the app runs); a page's come from `head`.
    pub widget_head: Option<(&'static str, &'static str)>,
    /// The keys of its title and description; a widget keeps the title its entry has.
    pub head: Option<HeadKeys>,
    /// The languages it is written in.
    pub languages: &'static [Lang],
    /// The text files it fetches, in the order it asks for them (the tutorial adds its chapter's).
    pub resources: &'static [&'static str],
    /// Its link-preview picture (the tutorial's chapters each have their own).
    pub preview: Option<Preview>,
    /// A widget's picture for link previews and oEmbed: the preview of the page it comes from
    /// (`preview/<name>.png`).
    pub picture: Option<&'static str>,
}

/// How a page is built: its entry's folder, the program it runs and its entry's stylesheets.
type Build = (&'static str, &'static str, &'static [&'static str]);

/// How a page is built (see [`Build`]).
const fn build(entry: &'static str, bin: &'static str, styles: &'static [&'static str]) -> Build {
    (entry, bin, styles)
}

/// A page of the site in every language.
const fn site(
    page: SitePage,
    folder: &'static str,
    (entry, bin, styles): Build,
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
        styles,
        assets: &[],
        widget_head: None,
        head: Some(head),
        languages: &Lang::ALL,
        resources,
        preview,
        picture: None,
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
        counters: false,
        items,
    })
}

/// A link-preview picture of a counting filter's counters.
const fn counters_preview(
    name: &'static str,
    bits: u32,
    hashes: u32,
    items: usize,
) -> Option<Preview> {
    Some(Preview {
        name,
        bits,
        hashes,
        counters: true,
        items,
    })
}

/// A widget, in its own folder under `embed/` and in English (an author's `lang=` picks another).
const fn widget(
    widget: EmbedWidget,
    folder: &'static str,
    bin: &'static str,
    (name, height): (Msg, u32),
    styles: &'static [&'static str],
    resources: &'static [&'static str],
    (title, blurb, picture): (&'static str, &'static str, &'static str),
) -> PageSpec {
    PageSpec {
        kind: Kind::Widget(widget, name, height),
        folder,
        address: folder,
        entry: folder,
        bin,
        styles,
        assets: &[],
        widget_head: Some((title, blurb)),
        head: None,
        languages: &[Lang::English],
        resources,
        preview: None,
        picture: Some(picture),
    }
}

/// How many pages the site has.
const SITE_PAGES: usize = 11;
/// How many widgets can be embedded.
const WIDGETS_COUNT: usize = 11;

/// Every page of the site, then every widget: the order the build writes them and the sitemap
/// lists them.
pub const TABLE: [PageSpec; SITE_PAGES + WIDGETS_COUNT] = [
    // The root's entry also brings what any page may fetch later: the text files, presenter mode's
    // stylesheet and QR code (`qr.js`, which fetches `qr.wasm`, built beside it by `make build`), the
    // downloads' script and the note about the site offline; what authors' pages load to hold
    // the widgets (`widget.js`: sizes, light or dark, `<bloom-widget>`), and what keeps a widget
    // there for a reader who comes back offline (`embed-offline.js`).
    PageSpec {
        address: "playground/",
        assets: &[
            Asset::Folder("locales"),
            Asset::File("presenter.css"),
            Asset::File("export.js"),
            Asset::File("offline-note.js"),
            Asset::File("embed-offline.js"),
            Asset::File("widget.js"),
            Asset::File("qr.js"),
        ],
        ..site(
            SitePage::Playground,
            "",
            build("", "playground", &["site"]),
            head("PlaygroundTitle", "PlaygroundDescription"),
            &[WIDGETS, SITE],
            preview("playground", 32, 3, 5),
        )
    },
    // The chapters' framed widgets take the height they report (`frames.js`); their text is laid out
    // as it comes near the screen, then a few blocks per frame (`chapter-layout.js`).
    PageSpec {
        assets: &[Asset::Script("frames.js"), Asset::Script("chapter-layout.js")],
        ..site(
            SitePage::Learn,
            "learn/",
            build("learn/", "learn", &["calculator", "site", "learn"]),
            HeadKeys {
                title: "ChapterTitle",
                description: None,
            },
            &[WIDGETS, CALCULATOR, SITE, PAGES],
            None,
        )
    },
    site(
        SitePage::Calculator,
        "calculator/",
        build("calculator/", "calculator", &["calculator", "site"]),
        head("CalculatorTitle", "CalculatorDescription"),
        &[CALCULATOR, SITE, PAGES, WIDGETS],
        preview("calculator", 64, 4, 10),
    ),
    site(
        SitePage::Counting,
        "counting/",
        build("counting/", "counting", &["counting", "site"]),
        head("CountingTitle", "CountingDescription"),
        &[WIDGETS, COUNTING, SITE],
        // Its counters, not bits: the playground's picture is of the same filter.
        counters_preview("counting", 32, 3, 5),
    ),
    site(
        SitePage::CountMin,
        "count-min/",
        build("counting/", "counting", &["counting", "site"]),
        head("CountMinTitle", "CountMinDescription"),
        &[WIDGETS, COUNTING, SITE],
        preview("count-min", 64, 4, 12),
    ),
    site(
        SitePage::Scalable,
        "scalable/",
        build("scalable/", "scalable", &["combine", "site"]),
        head("ScalableTitle", "ScalableDescription"),
        &[WIDGETS, SCALABLE, SITE],
        preview("scalable", 64, 5, 8),
    ),
    site(
        SitePage::Sets,
        "sets/",
        build("sets/", "sets", &["combine", "site"]),
        head("SetsTitle", "SetsDescription"),
        &[WIDGETS, SETS, SITE],
        preview("sets", 32, 3, 7),
    ),
    // The lab's filters run in a worker off the page's thread (the bug museum's replays too,
    // fetched from `lab/` when a run starts), started by `lab-worker-loader.js`.
    PageSpec {
        assets: &[
            Asset::Worker("lab-worker"),
            Asset::File("lab-worker-loader.js"),
        ],
        ..site(
            SitePage::Lab,
            "lab/",
            build("lab/", "lab", &["lab", "site"]),
            head("LabTitle", "LabDescription"),
            &[WIDGETS, LAB, SITE],
            preview("lab", 64, 7, 9),
        )
    },
    site(
        SitePage::Bugs,
        "bugs/",
        build("bugs/", "bugs", &["bugs", "site"]),
        head("BugsTitle", "BugsDescription"),
        &[WIDGETS, BUGS, SITE],
        preview("bugs", 48, 4, 6),
    ),
    site(
        SitePage::Embed,
        "embed/",
        build("embed/", "embed-builder", &["site", "embed"]),
        head("EmbedTitle", "EmbedDescription"),
        &[WIDGETS, SITE, PAGES, EMBED],
        preview("embed", 32, 3, 8),
    ),
    // Its measurements build filters of a million keys and more in a worker of their own (fetched
    // from `filters/` when a measurement starts), started by `filters-worker-loader.js`.
    PageSpec {
        assets: &[
            Asset::Worker("filters-worker"),
            Asset::File("filters-worker-loader.js"),
        ],
        ..site(
            SitePage::Filters,
            "filters/",
            build("filters/", "filters", &["filters", "measured", "site"]),
            head("FiltersTitle", "FiltersDescription"),
            &[WIDGETS, FILTERS, MEASURED, SITE],
            preview("filters", 64, 8, 6),
        )
    },
    widget(
        EmbedWidget::Playground,
        "embed/playground/",
        "embed-playground",
        (Msg::EmbedWidgetPlayground, 700),
        &["embedded"],
        &[WIDGETS],
        (
            "Bloom filter playground",
            "An interactive Bloom filter playground, embedded from the Bloom filters, interactively tutorial.",
            "playground",
        ),
    ),
    widget(
        EmbedWidget::Chart,
        "embed/chart/",
        "embed-chart",
        (Msg::EmbedWidgetChart, 1050),
        &["embedded"],
        &[WIDGETS],
        (
            "Bloom filter false-positive chart",
            "An interactive Bloom filter chart, embedded from the Bloom filters, interactively tutorial.",
            // The rate chapter's picture: the curve with many items on it.
            "learn-4",
        ),
    ),
    widget(
        EmbedWidget::Calculator,
        "embed/calculator/",
        "embed-calculator",
        (Msg::EmbedWidgetCalculator, 410),
        &["calculator", "embedded"],
        &[CALCULATOR, WIDGETS],
        (
            "Bloom filter sizing calculator",
            "An interactive Bloom filter calculator, embedded from the Bloom filters, interactively tutorial.",
            "calculator",
        ),
    ),
    widget(
        EmbedWidget::Counting,
        "embed/counting/",
        "embed-counting",
        (Msg::EmbedWidgetCounting, 860),
        &["counting", "embedded"],
        &[WIDGETS, COUNTING],
        (
            "Counting Bloom filter",
            "A counting Bloom filter you can delete from, embedded from the Bloom filters, interactively tutorial.",
            "counting",
        ),
    ),
    widget(
        EmbedWidget::CountMin,
        "embed/count-min/",
        "embed-count-min",
        (Msg::EmbedWidgetCountMin, 1420),
        &["counting", "embedded"],
        &[WIDGETS, COUNTING],
        (
            "Count-min sketch",
            "A count-min sketch that counts how often, embedded from the Bloom filters, interactively tutorial.",
            "count-min",
        ),
    ),
    widget(
        EmbedWidget::Scalable,
        "embed/scalable/",
        "embed-scalable",
        (Msg::EmbedWidgetScalable, 1920),
        &["combine", "embedded"],
        &[WIDGETS, SCALABLE],
        (
            "Scalable filter",
            "A scalable Bloom filter that grows as items arrive, embedded from the Bloom filters, interactively tutorial.",
            "scalable",
        ),
    ),
    widget(
        EmbedWidget::Sets,
        "embed/sets/",
        "embed-sets",
        (Msg::EmbedWidgetSets, 1950),
        &["combine", "embedded"],
        &[WIDGETS, SETS],
        (
            "Combining filters",
            "Two Bloom filters combined by union and intersection, embedded from the Bloom filters, interactively tutorial.",
            "sets",
        ),
    ),
    widget(
        EmbedWidget::Shipping,
        "embed/shipping/",
        "embed-shipping",
        (Msg::EmbedWidgetShipping, 2850),
        &["combine", "embedded"],
        &[WIDGETS, SETS],
        (
            "Partitioned, compressed and cascaded filters",
            "Partitioned, compressed and cascaded Bloom filters measured in the browser, embedded from the Bloom filters, interactively tutorial.",
            "sets",
        ),
    ),
    widget(
        EmbedWidget::Lab,
        "embed/lab/",
        "embed-lab",
        (Msg::EmbedWidgetLab, 1840),
        &["lab", "embedded"],
        &[WIDGETS, LAB],
        (
            "The big-N lab: the slides’ fifteen experiments",
            "The slides’ fifteen Bloom filter experiments, run in your browser on click, embedded from the Bloom filters, interactively tutorial.",
            "lab",
        ),
    ),
    widget(
        EmbedWidget::Bugs,
        "embed/bugs/",
        "embed-bugs",
        (Msg::EmbedWidgetBugs, 1420),
        &["bugs", "embedded"],
        &[WIDGETS, BUGS],
        (
            "When the indexes go wrong: one bug case",
            "A real Bloom filter bug replayed in your browser on click, buggy and fixed side by side, embedded from the Bloom filters, interactively tutorial.",
            "bugs",
        ),
    ),
    widget(
        EmbedWidget::Filters,
        "embed/filters/",
        "embed-filters",
        (Msg::EmbedWidgetFilters, 1400),
        &["filters", "embedded"],
        &[WIDGETS, FILTERS],
        (
            "Today’s filters: SBBF, cuckoo, xor",
            "Parquet’s split-block Bloom filter, a blocked, a cuckoo, an xor and a binary fuse filter built from your keys, embedded from the Bloom filters, interactively tutorial.",
            "filters",
        ),
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

    /// The height its frame starts at in an author's page, in CSS pixels: its first state's at
    /// 680 px wide (a post's column), so a frame of that height (oEmbed's, the frame alone) holds it.
    pub const fn default_height(self) -> u32 {
        FRAMES[self as usize].1
    }

    /// True for a widget whose height grows as a reader uses it (what an insert or a query did
    /// appears under it): a frame of fixed height keeps room for that.
    pub const fn grows(self) -> bool {
        matches!(
            self,
            EmbedWidget::Playground
                | EmbedWidget::Counting
                | EmbedWidget::CountMin
                | EmbedWidget::Scalable
                | EmbedWidget::Sets
                | EmbedWidget::Bugs
                | EmbedWidget::Filters
        )
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
                "embed",
                "filters"
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
                "bugs",
                "filters"
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
        assert_eq!(EmbedWidget::Lab.default_height(), 1840);
        assert_eq!(SitePage::Embed.resources(), [WIDGETS, SITE, PAGES, EMBED]);
        assert_eq!(EmbedWidget::Calculator.resources(), [CALCULATOR, WIDGETS]);
    }
}

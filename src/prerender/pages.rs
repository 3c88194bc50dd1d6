//! The pages the build writes, from the page table ([`crate::routes::TABLE`]): each page of the
//! site in every language (the tutorial once per chapter), each widget once; the folders each is
//! written to, its one address, its preview picture, and its markup as the app first draws it.

use yew::LocalServerRenderer;

use super::html::without_markers;
use super::preview::Scene;
use crate::app::{
    BugsApp, CalculatorApp, CountingApp, CountingAppProps, EmbedBuilderApp, FiltersApp, LabApp,
    LearnApp, LearnAppProps, PlaygroundApp, ScalableApp, SetsApp,
};
use crate::embed_app::{
    EmbedBugs, EmbedCalculator, EmbedChart, EmbedCountMin, EmbedCounting, EmbedFilters, EmbedLab,
    EmbedPlayground, EmbedScalable, EmbedSets, EmbedShipping,
};
use crate::routes::{page_folder, EmbedWidget, Kind, PageSpec, SitePage, CHAPTERS, TABLE};
use crate::strings::Lang;
use crate::tutorial::{WALK_ITEMS, WALK_PARAMS};

/// A page the build prerenders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// A page of the site other than the tutorial.
    Site(SitePage),
    /// A chapter of the tutorial.
    Chapter(u32),
    /// An embeddable widget.
    Widget(EmbedWidget),
}

/// Words for the filters the preview pictures show.
const PREVIEW_WORDS: [&str; 20] = [
    "apple", "pear", "plum", "fig", "kiwi", "lime", "date", "grape", "melon", "peach", "lemon",
    "mango", "guava", "olive", "cherry", "papaya", "quince", "banana", "apricot", "lychee",
];

impl Page {
    /// Every page the build writes, in the table's order (the tutorial's chapters in its place).
    pub fn all() -> Vec<Page> {
        let mut pages = Vec::new();
        for spec in &TABLE {
            match spec.kind {
                Kind::Site(SitePage::Learn) => pages.extend((1..=CHAPTERS).map(Page::Chapter)),
                Kind::Site(page) => pages.push(Page::Site(page)),
                Kind::Widget(widget, _, _) => pages.push(Page::Widget(widget)),
            }
        }
        pages
    }

    /// The page's row of the table.
    pub fn spec(self) -> &'static PageSpec {
        match self {
            Page::Site(page) => page.spec(),
            Page::Chapter(_) => SitePage::Learn.spec(),
            Page::Widget(widget) => widget.spec(),
        }
    }

    /// The folder of dist/ holding the page Trunk built for this entry (the template).
    pub fn entry(self) -> &'static str {
        self.spec().entry
    }

    /// The site's page this is, with its chapter; `None` for an embeddable widget.
    pub fn site_page(self) -> Option<(SitePage, Option<u32>)> {
        match self {
            Page::Site(page) => Some((page, None)),
            Page::Chapter(number) => Some((SitePage::Learn, Some(number))),
            Page::Widget(_) => None,
        }
    }

    /// The languages the page is written in: the site's pages in each, a widget once (its language
    /// is a `lang=` in the page that embeds it).
    pub fn languages(self) -> &'static [Lang] {
        self.spec().languages
    }

    /// The folders of dist/ the page in `lang` is written to: its address (below), and the
    /// playground's at the site's root and chapter 1's at `learn/` too.
    pub fn folders(self, lang: Lang) -> Vec<String> {
        let mut folders = vec![self.address(lang)];
        match self {
            Page::Site(page) if page.spec().address != page.folder() => {
                folders.push(page_folder(page, None, lang));
            }
            Page::Chapter(1) => folders.push(page_folder(SitePage::Learn, None, lang)),
            _ => {}
        }
        folders
    }

    /// The page's one address in `lang` (below the site's root): what search engines index and
    /// links preview — `zh/learn/4/`, `playground/` (the site's root shows the playground too),
    /// `embed/chart/`.
    pub fn address(self, lang: Lang) -> String {
        match self {
            Page::Site(page) => [lang.folder(), page.spec().address].concat(),
            Page::Chapter(number) => page_folder(SitePage::Learn, Some(number), lang),
            Page::Widget(widget) => widget.spec().address.to_owned(),
        }
    }

    /// The name and filter of the page's link-preview picture (`preview/<name>.png`); widgets have
    /// none (they are seen inside other pages).
    pub fn preview(self) -> Option<(String, Scene)> {
        let scene = |bits, hashes, items: usize| Scene {
            bits,
            hashes,
            items: PREVIEW_WORDS[..items].to_vec(),
            counters: false,
        };
        let Page::Chapter(number) = self else {
            let preview = self.spec().preview?;
            let picture = Scene {
                counters: preview.counters,
                ..scene(preview.bits, preview.hashes, preview.items)
            };
            return Some((preview.name.to_owned(), picture));
        };
        let picture = match number {
            // Chapter 1's filter as its walk-through leaves it; chapter 2's before the walk's last
            // item (each chapter its own picture).
            1 | 2 => Scene {
                bits: WALK_PARAMS.0,
                hashes: WALK_PARAMS.1,
                items: WALK_ITEMS[..WALK_ITEMS.len() + 1 - number as usize].to_vec(),
                counters: false,
            },
            3 => scene(32, 3, 2),
            4 => scene(64, 3, 20),
            5 => scene(64, 4, 20),
            6 => scene(64, 3, 12),
            // Counting filters and the count-min sketch: counters.
            7 => Scene {
                counters: true,
                ..scene(32, 3, 6)
            },
            8 => scene(32, 4, 6),
            9 => scene(64, 4, 14),
            10 => scene(48, 4, 8),
            11 => scene(48, 3, 5),
            _ => scene(64, 6, 10),
        };
        Some((format!("learn-{number}"), picture))
    }
}

/// The page's markup as the app first draws it in `folder` (texts installed first), without the
/// component markers Yew leaves for hydration: the app replaces this copy rather than adopting it.
pub fn render(page: Page, folder: &str) -> String {
    crate::web::set_rendered_page(folder);
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(runtime) => runtime,
        Err(error) => panic!("no runtime to render with: {error}"),
    };
    let html = runtime.block_on(async move {
        match page {
            Page::Chapter(number) => {
                let props = LearnAppProps {
                    chapter: Some(number),
                };
                LocalServerRenderer::<LearnApp>::with_props(props)
                    .render()
                    .await
            }
            Page::Site(site) => render_site(site).await,
            Page::Widget(widget) => render_widget(widget).await,
        }
    });
    without_markers(&html)
}

/// A page of the site, drawn by its entry's app.
async fn render_site(page: SitePage) -> String {
    match page {
        SitePage::Playground => LocalServerRenderer::<PlaygroundApp>::new().render().await,
        SitePage::Learn => LocalServerRenderer::<LearnApp>::new().render().await,
        SitePage::Calculator => LocalServerRenderer::<CalculatorApp>::new().render().await,
        SitePage::Embed => LocalServerRenderer::<EmbedBuilderApp>::new().render().await,
        SitePage::Counting | SitePage::CountMin => {
            let props = CountingAppProps { page: Some(page) };
            LocalServerRenderer::<CountingApp>::with_props(props)
                .render()
                .await
        }
        SitePage::Scalable => LocalServerRenderer::<ScalableApp>::new().render().await,
        SitePage::Sets => LocalServerRenderer::<SetsApp>::new().render().await,
        SitePage::Lab => LocalServerRenderer::<LabApp>::new().render().await,
        SitePage::Bugs => LocalServerRenderer::<BugsApp>::new().render().await,
        SitePage::Filters => LocalServerRenderer::<FiltersApp>::new().render().await,
    }
}

/// A widget, drawn by its entry's component.
async fn render_widget(widget: EmbedWidget) -> String {
    match widget {
        EmbedWidget::Playground => LocalServerRenderer::<EmbedPlayground>::new().render().await,
        EmbedWidget::Chart => LocalServerRenderer::<EmbedChart>::new().render().await,
        EmbedWidget::Calculator => LocalServerRenderer::<EmbedCalculator>::new().render().await,
        EmbedWidget::Counting => LocalServerRenderer::<EmbedCounting>::new().render().await,
        EmbedWidget::CountMin => LocalServerRenderer::<EmbedCountMin>::new().render().await,
        EmbedWidget::Scalable => LocalServerRenderer::<EmbedScalable>::new().render().await,
        EmbedWidget::Sets => LocalServerRenderer::<EmbedSets>::new().render().await,
        EmbedWidget::Shipping => LocalServerRenderer::<EmbedShipping>::new().render().await,
        EmbedWidget::Lab => LocalServerRenderer::<EmbedLab>::new().render().await,
        EmbedWidget::Bugs => LocalServerRenderer::<EmbedBugs>::new().render().await,
        EmbedWidget::Filters => LocalServerRenderer::<EmbedFilters>::new().render().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_site_page_in_every_language_and_each_widget_once() {
        let mut addresses: Vec<String> = Page::all()
            .into_iter()
            .flat_map(|page| page.languages().iter().map(move |lang| page.address(*lang)))
            .collect();
        // Twenty-two site pages (the playground, twelve chapters, the calculator, the counting filter,
        // the count-min sketch, the scalable filter, combining filters, the lab, the bug museum, the
        // embed page, today's filters) and eleven widgets.
        assert_eq!(addresses.len(), 22 * 3 + 11);
        assert!(addresses.contains(&"zh/learn/4/".to_owned()));
        assert!(addresses.contains(&"ja/playground/".to_owned()));
        assert!(addresses.contains(&"embed/chart/".to_owned()));
        addresses.sort();
        addresses.dedup();
        assert_eq!(addresses.len(), 77, "no two pages share an address");
        assert!(addresses.contains(&"zh/filters/".to_owned()));
        assert!(addresses.contains(&"embed/filters/".to_owned()));
        assert!(addresses.contains(&"ja/lab/".to_owned()));
        assert!(addresses.contains(&"zh/bugs/".to_owned()));
        assert!(addresses.contains(&"embed/bugs/".to_owned()));
        assert!(addresses.contains(&"ja/learn/11/".to_owned()));
        assert!(addresses.contains(&"zh/learn/12/".to_owned()));
        assert!(addresses.contains(&"embed/lab/".to_owned()));
        assert!(addresses.contains(&"zh/sets/".to_owned()));
        assert!(addresses.contains(&"embed/scalable/".to_owned()));
        assert!(addresses.contains(&"ja/count-min/".to_owned()));
        assert_eq!(
            Page::Site(SitePage::Playground).folders(Lang::Chinese),
            ["zh/playground/", "zh/"]
        );
        assert_eq!(
            Page::Chapter(1).folders(Lang::English),
            ["learn/1/", "learn/"]
        );
        assert_eq!(Page::Chapter(2).folders(Lang::Japanese), ["ja/learn/2/"]);
    }

    /// Each page the build writes, as it wrote them before the page table: its entry, languages,
    /// folders, preview picture and title key.
    const PINNED: [&str; 33] = [
        ". | en zh ja | playground/ ./ zh/playground/ zh/ ja/playground/ ja/ | playground 32 3 5 | PlaygroundTitle",
        "learn/ | en zh ja | learn/1/ learn/ zh/learn/1/ zh/learn/ ja/learn/1/ ja/learn/ | learn-1 16 3 3 | ChapterTitle",
        "learn/ | en zh ja | learn/2/ zh/learn/2/ ja/learn/2/ | learn-2 16 3 2 | ChapterTitle",
        "learn/ | en zh ja | learn/3/ zh/learn/3/ ja/learn/3/ | learn-3 32 3 2 | ChapterTitle",
        "learn/ | en zh ja | learn/4/ zh/learn/4/ ja/learn/4/ | learn-4 64 3 20 | ChapterTitle",
        "learn/ | en zh ja | learn/5/ zh/learn/5/ ja/learn/5/ | learn-5 64 4 20 | ChapterTitle",
        "learn/ | en zh ja | learn/6/ zh/learn/6/ ja/learn/6/ | learn-6 64 3 12 | ChapterTitle",
        "learn/ | en zh ja | learn/7/ zh/learn/7/ ja/learn/7/ | learn-7 32 3 6 counters | ChapterTitle",
        "learn/ | en zh ja | learn/8/ zh/learn/8/ ja/learn/8/ | learn-8 32 4 6 | ChapterTitle",
        "learn/ | en zh ja | learn/9/ zh/learn/9/ ja/learn/9/ | learn-9 64 4 14 | ChapterTitle",
        "learn/ | en zh ja | learn/10/ zh/learn/10/ ja/learn/10/ | learn-10 48 4 8 | ChapterTitle",
        "learn/ | en zh ja | learn/11/ zh/learn/11/ ja/learn/11/ | learn-11 48 3 5 | ChapterTitle",
        "learn/ | en zh ja | learn/12/ zh/learn/12/ ja/learn/12/ | learn-12 64 6 10 | ChapterTitle",
        "calculator/ | en zh ja | calculator/ zh/calculator/ ja/calculator/ | calculator 64 4 10 | CalculatorTitle",
        "counting/ | en zh ja | counting/ zh/counting/ ja/counting/ | counting 32 3 5 counters | CountingTitle",
        "counting/ | en zh ja | count-min/ zh/count-min/ ja/count-min/ | count-min 64 4 12 | CountMinTitle",
        "scalable/ | en zh ja | scalable/ zh/scalable/ ja/scalable/ | scalable 64 5 8 | ScalableTitle",
        "sets/ | en zh ja | sets/ zh/sets/ ja/sets/ | sets 32 3 7 | SetsTitle",
        "lab/ | en zh ja | lab/ zh/lab/ ja/lab/ | lab 64 7 9 | LabTitle",
        "bugs/ | en zh ja | bugs/ zh/bugs/ ja/bugs/ | bugs 48 4 6 | BugsTitle",
        "embed/ | en zh ja | embed/ zh/embed/ ja/embed/ | embed 32 3 8 | EmbedTitle",
        "filters/ | en zh ja | filters/ zh/filters/ ja/filters/ | filters 64 8 6 | FiltersTitle",
        "embed/playground/ | en | embed/playground/ | - | -",
        "embed/chart/ | en | embed/chart/ | - | -",
        "embed/calculator/ | en | embed/calculator/ | - | -",
        "embed/counting/ | en | embed/counting/ | - | -",
        "embed/count-min/ | en | embed/count-min/ | - | -",
        "embed/scalable/ | en | embed/scalable/ | - | -",
        "embed/sets/ | en | embed/sets/ | - | -",
        "embed/shipping/ | en | embed/shipping/ | - | -",
        "embed/lab/ | en | embed/lab/ | - | -",
        "embed/bugs/ | en | embed/bugs/ | - | -",
        "embed/filters/ | en | embed/filters/ | - | -",
    ];

    #[test]
    fn the_table_yields_the_pages_the_site_always_had() {
        let listed: Vec<String> = Page::all()
            .into_iter()
            .map(|page| {
                let languages: Vec<&str> =
                    page.languages().iter().map(|lang| lang.param()).collect();
                let folders: Vec<String> = page
                    .languages()
                    .iter()
                    .flat_map(|&lang| page.folders(lang))
                    .map(|folder| {
                        if folder.is_empty() {
                            "./".to_owned()
                        } else {
                            folder
                        }
                    })
                    .collect();
                let preview = page.preview().map_or("-".to_owned(), |(name, scene)| {
                    format!(
                        "{name} {} {} {}{}",
                        scene.bits,
                        scene.hashes,
                        scene.items.len(),
                        if scene.counters { " counters" } else { "" }
                    )
                });
                let entry = if page.entry().is_empty() {
                    "."
                } else {
                    page.entry()
                };
                let title = page.spec().head.map_or("-", |keys| keys.title);
                format!(
                    "{entry} | {} | {} | {preview} | {title}",
                    languages.join(" "),
                    folders.join(" ")
                )
            })
            .collect();
        assert_eq!(listed, PINNED);
    }
}

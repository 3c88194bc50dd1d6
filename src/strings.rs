//! Every word the page shows, as data: the texts live in JSON files per language under
//! `static/locales/<lang>/`, split by who shows them so each page fetches only what it draws —
//! `widgets.json` (the playground and the chart, wherever they are), `calculator.json`, `site.json`
//! (the site's frame and the playground page's own panels), `pages.json` (the tutorial's interface,
//! the calculator's tables, the embed page), `reference.json` (the tutorial's glossary and reading
//! list, which the build writes into every chapter's page and the browser never fetches) and one file
//! per tutorial chapter. Only the language in use is fetched, and kept for the page's lifetime. Code names texts by [`Msg`] id and never holds
//! a sentence.
//! Templates name their blanks (`{item}`, `{bits}`), and [`fill`] puts the values in, so each language
//! orders them as it needs; counts choose a CLDR plural form (English has `one` and `other`, Chinese and
//! Japanese only `other`), and sizes use each language's own unit words.

pub mod catalog;

use std::cell::RefCell;

use crate::format::{binary_size, grouped, SizeUnit};
use bloom_core::hashing::HashScheme;
use catalog::{Catalog, ParseError};

/// A language the page can be shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    /// English.
    #[default]
    English,
    /// 简体中文.
    Chinese,
    /// 日本語.
    Japanese,
}

/// The resource file with the texts the playground and chart widgets show (`widgets.json`).
pub const WIDGETS: &str = "widgets";
/// The resource file with the calculator's texts (`calculator.json`), for the pages and the widget
/// that show it.
pub const CALCULATOR: &str = "calculator";
/// The resource file with the texts the site's playground page adds to the widgets: its frame and
/// its secondary panels (`site.json`).
pub const SITE: &str = "site";
/// The resource file with the texts only the other pages show: the tutorial's interface, the
/// calculator page's tables, the embed page (`pages.json`).
pub const PAGES: &str = "pages";
/// The resource file with what a widget shows only when asked (`details.json`): the step-through,
/// the notice about the parts of a link that were ignored, the list of keyboard shortcuts. It is
/// fetched the first time one of them opens, not with the page.
pub const DETAILS: &str = "details";
/// The resource file with what the build writes into every chapter's page and the browser never
/// fetches (`reference.json`): the glossary and the reading list.
pub const REFERENCE: &str = "reference";
/// The resource file with the counting filter's and the count-min sketch's texts (`counting.json`),
/// for their pages and widgets.
pub const COUNTING: &str = "counting";
/// The resource file with the scalable filter's texts (`scalable.json`), for its page and widget.
pub const SCALABLE: &str = "scalable";
/// The resource file with the texts of combining filters — union and intersection, partitioned,
/// compressed and cascaded filters (`sets.json`) — for their page and widgets.
pub const SETS: &str = "sets";
/// The resource file with the big-N lab's texts (`lab.json`), for its page and widget.
pub const LAB: &str = "lab";
/// The resource file with the bug museum's texts (`bugs.json`), for its page and widget.
pub const BUGS: &str = "bugs";
/// Every resource file but the tutorial's chapters.
pub const RESOURCES: [&str; 11] = [
    WIDGETS, CALCULATOR, SITE, DETAILS, PAGES, REFERENCE, COUNTING, SCALABLE, SETS, LAB, BUGS,
];

thread_local! {
    // Resource files already read, by language and name. Each is parsed once and kept for the page's
    // lifetime (at most three languages of a few dozen kilobytes), which lets `text` hand out `&'static
    // str` that components can hold without cloning.
    static LOADED: RefCell<Vec<(Lang, String, &'static Catalog)>> = const { RefCell::new(Vec::new()) };
}

/// Reads `json` as the resource `name` of `lang` and keeps it (a second install of the same resource
/// keeps the first).
pub fn install(lang: Lang, name: &str, json: &str) -> Result<&'static Catalog, ParseError> {
    if let Some(catalog) = installed(lang, name) {
        return Ok(catalog);
    }
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog::parse(json)?));
    LOADED.with(|loaded| loaded.borrow_mut().push((lang, name.to_owned(), catalog)));
    Ok(catalog)
}

/// The resource `name` of `lang`, if it has been installed.
pub fn installed(lang: Lang, name: &str) -> Option<&'static Catalog> {
    LOADED.with(|loaded| {
        loaded
            .borrow()
            .iter()
            .find(|(l, n, _)| *l == lang && n == name)
            .map(|(_, _, catalog)| *catalog)
    })
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 3] = [Lang::English, Lang::Chinese, Lang::Japanese];

    /// The BCP 47 code, for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh-Hans",
            Lang::Japanese => "ja",
        }
    }

    /// The short form used in links (`lang=zh`) and as the folder of its resource files.
    pub fn param(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh",
            Lang::Japanese => "ja",
        }
    }

    /// The folder the site's pages in this language live in, below the site's root: English at the
    /// root itself (where every link from before the other languages had pages still lands), Chinese
    /// in `zh/`, Japanese in `ja/`.
    pub fn folder(self) -> &'static str {
        match self {
            Lang::English => "",
            Lang::Chinese => "zh/",
            Lang::Japanese => "ja/",
        }
    }

    /// The language of a link parameter or a browser language tag (`zh-CN`, `ja-JP`, `en-GB`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::English),
            "zh" => Some(Lang::Chinese),
            "ja" => Some(Lang::Japanese),
            _ => None,
        }
    }

    /// The language's name in itself, for the switcher (shown before any text file has arrived).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Chinese => "简体中文",
            Lang::Japanese => "日本語",
        }
    }

    /// True once this language's `resources` have all been installed.
    pub fn has(self, resources: &[&str]) -> bool {
        resources.iter().all(|name| installed(self, name).is_some())
    }

    /// The CLDR plural category of a whole number: English says "1 item" but "0 items" and "2 items";
    /// Chinese and Japanese do not inflect ("1 个", "3 件").
    pub fn plural_category(self, count: u64) -> &'static str {
        match (self, count) {
            (Lang::English, 1) => "one",
            _ => "other",
        }
    }

    /// The text of `msg` in this language (its `other` form if it counts); empty until the language's
    /// file has arrived.
    pub fn text(self, msg: Msg) -> &'static str {
        installed(self, msg.resource())
            .and_then(|catalog| catalog.nth(msg.place().1))
            .map_or("", |entry| entry.form("other"))
    }

    /// The text of `msg` with its `{name}` blanks filled from `args`.
    pub fn fill(self, msg: Msg, args: &[(&str, &str)]) -> String {
        fill(self.text(msg), args)
    }

    /// The form of `msg` for `count` things, blanks filled from `args` (which name the count too).
    pub fn plural(self, msg: Msg, count: u64, args: &[(&str, &str)]) -> String {
        let template = installed(self, msg.resource())
            .and_then(|catalog| catalog.nth(msg.place().1))
            .map_or("", |entry| entry.form(self.plural_category(count)));
        fill(template, args)
    }

    /// `text` in this language's quotation marks: “apple” in English and Chinese, 「apple」 in Japanese.
    pub fn quote(self, text: &str) -> String {
        let (open, close) = match self {
            Lang::Japanese => ("「", "」"),
            Lang::English | Lang::Chinese => ("“", "”"),
        };
        [open, text, close].concat()
    }

    /// Numbers joined for reading: "3, 17 and 31", "3、17 和 31", "3、17、31".
    pub fn list(self, numbers: &[u32]) -> String {
        let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
        self.list_words(&words)
    }

    /// Words joined for reading, as [`Lang::list`] joins numbers: "n, m and k", "n、m 和 k".
    pub fn list_words(self, words: &[String]) -> String {
        let (separator, last) = (
            self.text(Msg::ListSeparator),
            self.text(Msg::ListLastSeparator),
        );
        match words {
            [] => String::new(),
            [only] => only.clone(),
            [rest @ .., final_word] => format!("{}{last}{final_word}", rest.join(separator)),
        }
    }

    /// A size in bytes in this language's words, in powers of 1024: "1 byte", "3.43 MiB", "2.23 吉字节".
    pub fn size(self, bytes: f64) -> String {
        let (value, unit) = binary_size(bytes);
        let msg = match unit {
            SizeUnit::Bytes => Msg::UnitBytes,
            SizeUnit::KiB => Msg::UnitKiB,
            SizeUnit::MiB => Msg::UnitMiB,
            SizeUnit::GiB => Msg::UnitGiB,
            SizeUnit::TiB => Msg::UnitTiB,
            SizeUnit::PiB => Msg::UnitPiB,
        };
        let whole = if unit == SizeUnit::Bytes {
            bytes.round() as u64
        } else {
            u64::MAX
        };
        self.plural(msg, whole, &[("n", &value)])
    }

    /// A whole number of bytes in this language's words: "1 byte", "999 bytes", "100 KiB".
    pub fn bytes(self, count: usize) -> String {
        self.size(count as f64)
    }

    /// A count with thousands separators, the way the number reads in this language.
    pub fn count(self, count: u64) -> String {
        grouped(count)
    }
}

/// The name of a hash scheme, as the selector lists it.
pub fn scheme_name(scheme: HashScheme) -> Msg {
    match scheme {
        HashScheme::DoubleHashing => Msg::SchemeDouble,
        HashScheme::EnhancedDoubleHashing => Msg::SchemeEnhanced,
        HashScheme::Independent => Msg::SchemeIndependent,
        HashScheme::Murmur128Split => Msg::SchemeMurmur128,
    }
}

/// The one-line formula of a hash scheme.
pub fn scheme_formula(scheme: HashScheme) -> Msg {
    match scheme {
        HashScheme::DoubleHashing => Msg::SchemeFormulaDouble,
        HashScheme::EnhancedDoubleHashing => Msg::SchemeFormulaEnhanced,
        HashScheme::Independent => Msg::SchemeFormulaIndependent,
        HashScheme::Murmur128Split => Msg::SchemeFormulaMurmur128,
    }
}

/// Replaces each `{name}` in `template` with its value from `args`; unknown blanks are left as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        match after.split_once('}') {
            Some((name, tail)) => {
                match args.iter().find(|(key, _)| *key == name) {
                    Some((_, value)) => out.push_str(value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = tail;
            }
            None => {
                out.push('{');
                out.push_str(after);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{names}` a template uses, sorted and without repeats.
pub fn blanks(template: &str) -> Vec<&str> {
    let mut names: Vec<&str> = template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

macro_rules! messages {
    ($($file:ident { $($id:ident => [$($blank:ident),*],)* })*) => {
        /// A message id: one piece of text the page shows, named in the resource files by the id itself.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Msg { $($(#[allow(missing_docs)] $id,)*)* }

        impl Msg {
            /// Every message id, for checking that each file is complete.
            pub const ALL: &'static [Msg] = &[$($(Msg::$id,)*)*];

            /// The key of this message in the resource files.
            pub fn key(self) -> &'static str {
                match self { $($(Msg::$id => stringify!($id),)*)* }
            }

            /// The resource file the message is in (one of [`RESOURCES`]) and its position there:
            /// each file lists its messages in the order they are declared here (a test checks), so
            /// the page finds a text by its position and its download carries no key names.
            pub fn place(self) -> (&'static str, usize) {
                const FILES: &[(&str, usize)] = &[$((stringify!($file), [$(stringify!($id)),*].len()),)*];
                let mut position = self as usize;
                for &(file, count) in FILES {
                    if position < count {
                        return (file, position);
                    }
                    position -= count;
                }
                ("", 0)
            }

            /// The resource file the message is in: one of [`RESOURCES`].
            pub fn resource(self) -> &'static str {
                self.place().0
            }

            /// The blanks the code fills in this message, sorted: a text may use only these.
            pub fn blanks(self) -> &'static [&'static str] {
                match self { $($(Msg::$id => &[$(stringify!($blank)),*],)*)* }
            }
        }
    };
}

// Each message with the blanks its callers fill, by the file it lives in: what every widget may show,
// what only the site's pages show (its frame, the tutorial's interface, the embed page, the
// playground's secondary panels, the calculator's tables), and what appears only when asked for.
messages! {
    widgets {
        SiteTitle => [],
        PlaygroundTitle => [],
        PlaygroundIntro => [],
        ItemLabel => [],
        ItemPlaceholder => [],
        ItemHint => [],
        InsertButton => [],
        QueryButton => [],
        TourLabel => [],
        TourQuery => [item, n],
        ResetButton => [],
        RandomWordsButton => [],
        SeedLabel => [],
        SeedHint => [],
        BitsLabel => [],
        HashesLabel => [],
        ParamsHint => [],
        ErrorEmptyNumber => [current, max, min, name],
        ErrorNotWholeNumber => [current, max, min, name],
        ErrorOutOfRange => [current, max, min, name, value],
        OutcomeHeading => [],
        OutcomeIdle => [],
        InsertedNew => [indexes, item],
        InsertedNewBits => [bits],
        InsertedNoNewBits => [],
        InsertedSomeAlreadySet => [bits],
        InsertedDuplicate => [item, n, times],
        RefusedBlank => [],
        RefusedTooLong => [limit, size],
        RefusedQueryBlank => [],
        AddedWords => [count, seed, words],
        AddedWordsDuplicates => [count],
        ResetDone => [count],
        Undone => [],
        Redone => [],
        UndoButton => [],
        RedoButton => [],
        Rebuilt => [k, m, n, scheme],
        VerdictBadgeAbsent => [],
        VerdictBadgePresent => [],
        VerdictBadgeFalsePositive => [],
        VerdictAbsent => [bits],
        VerdictAbsentQuery => [indexes, item],
        VerdictBitIs => [bits],
        VerdictBitsAre => [bits],
        VerdictPresent => [k],
        VerdictFalsePositive => [item, k],
        ProvenanceHeading => [],
        ProvenanceRow => [bit, items],
        ArrayHeading => [],
        ArrayLabel => [m, x],
        ArrayLegend => [],
        BitLabelPrefix => [],
        BitLabelProbe => [rows],
        BitNew => [],
        BitDetailHint => [],
        BitDetailSetBy => [index, items],
        BitDetailUnset => [index],
        WorkingsHeading => [],
        WorkingsEmpty => [],
        WorkingsBytes => [count],
        WorkingsMoreBytes => [count],
        WorkingsFnv => [],
        WorkingsMurmur => [],
        WorkingsModulo => [m, value],
        WorkingsRowsHeading => [],
        WorkingsDuplicateIndexes => [],
        SchemeLabel => [],
        SchemeDouble => [],
        SchemeEnhanced => [],
        SchemeIndependent => [],
        SchemeMurmur128 => [],
        SchemeFormulaDouble => [],
        SchemeFormulaEnhanced => [],
        SchemeFormulaIndependent => [],
        SchemeFormulaMurmur128 => [],
        WorkingsMurmur128 => [],
        ChartHeading => [],
        ChartTitle => [k, m],
        ChartAxisItems => [],
        ChartAxisRate => [],
        ChartLogToggle => [],
        ChartLegendApprox => [],
        ChartLegendClassic => [],
        ChartLegendExact => [],
        ChartLegendFill => [],
        ChartLegendMeasured => [probes],
        ChartCurrentN => [n],
        ChartSummary => [approx, classic, exact, fill, measured, n, probes],
        ChartWhyExact => [],
        ChartTableSummary => [],
        ChartTableItems => [],
        ReadoutsHeading => [],
        ReadoutApprox => [],
        ReadoutClassic => [],
        ReadoutExact => [],
        ReadoutFill => [],
        ReadoutMeasured => [],
        ReadoutMeasuredDetail => [high, low, positives, probes],
        StepInsertButton => [],
        StepQueryButton => [],
        EmbedHeading => [],
        EmbedThis => [],
        EmbedWidgetChart => [],
        ListSeparator => [],
        ListLastSeparator => [],
        UnitBytes => [n],
        UnitKiB => [n],
        UnitMiB => [n],
        UnitGiB => [n],
        UnitTiB => [n],
        UnitPiB => [n],
    }
    calculator {
        CalcTitle => [],
        CalcIntro => [],
        CalcItemsLabel => [],
        CalcItemsHint => [],
        CalcRateLabel => [],
        CalcRateHint => [],
        CalcBitsLabel => [],
        CalcBitsHint => [],
        CalcHashesLabel => [],
        CalcHashesHint => [],
        CalcErrorEmpty => [],
        CalcErrorNotANumber => [hint, text],
        CalcErrorUnit => [hint, unit],
        CalcErrorNegative => [name],
        CalcErrorZero => [name],
        CalcErrorNotWhole => [name],
        CalcErrorRateTooHigh => [],
        CalcErrorTooLarge => [],
        CalcTooFew => [],
        CalcNoAnswer => [],
        CalcStale => [],
        CalcResultHeading => [],
        CalcResultItems => [],
        CalcResultRate => [],
        CalcResultBits => [],
        CalcResultHashes => [],
        CalcResultBytes => [],
        CalcResultPerItem => [],
        CalcOneIn => [n],
        CalcBytesExact => [n],
        CalcSolved => [given, solved],
        CalcChecked => [],
        CalcTargetMissed => [bits, extra, k, target],
        CalcHowHeading => [],
        CalcFormulaBits => [m, n, p],
        CalcFormulaHashes => [k, m, n],
        CalcFormulaRate => [k, m, n, p],
        CalcFormulaCapacity => [k, m, n, p],
        CalcFormulaBitsFixedK => [k, m, n, p],
        CalcFormulaHashesForRate => [k, p],
        CalcFormulaCheck => [k, m, n, p, target],
        CalcMemoryHeading => [p],
        CalcMemoryAxisItems => [],
        CalcMemoryDesc => [n, p, per_item, size],
        SizingHeading => [],
        SizingIntro => [],
        BestHeading => [],
        BestIntro => [],
        UrlsHeading => [],
    }
    site {
        NavLabel => [],
        NavLearn => [],
        NavPlayground => [],
        NavCalculator => [],
        NavCounting => [],
        NavCombine => [],
        NavLab => [],
        NavBugs => [],
        CombineShareHint => [],
        CombineToSets => [],
        CombineToScalable => [],
        SkipToContent => [],
        FooterText => [],
        StatsHeading => [],
        StatItems => [],
        StatItemsNote => [insertions],
        StatSetBits => [],
        StatSetBitsValue => [m, x],
        StatFill => [],
        StatFpr => [],
        StatFprOneIn => [n],
        StatExpected => [],
        StatEstimate => [],
        StatEstimateFull => [],
        CompareButton => [],
        CompareHint => [],
        CompareRunning => [trials],
        CompareDone => [probes, trials],
        CompareAt => [exact, n, rates],
        CompareLegend => [scheme],
        CompareNote => [],
        OptimalHeading => [],
        OptimalEmpty => [],
        OptimalChartTitle => [m, n],
        OptimalAxisK => [],
        OptimalReal => [value],
        OptimalBest => [k, rate],
        OptimalDiffer => [],
        OptimalAgree => [],
        OptimalUse => [k],
        OptimalCapped => [],
        OptimalCurrent => [k],
        ShareHeading => [],
        ShareCopy => [],
        ShareFieldLabel => [],
        ShareHint => [],
        ShareStillLong => [],
        ShareCopied => [],
        ShareFailed => [],
        ShareCompact => [compact, plain],
        PresenterOn => [],
        PresenterHint => [],
        ExportSvg => [],
        ExportPng => [],
        ExportArrayPng => [],
        ItemsHeading => [],
        ItemsEmpty => [],
        ItemsTimes => [times],
        ItemsCount => [n],
        ItemsShowMore => [count],
        ItemsShowFewer => [],
        LanguageLabel => [],
    }
    details {
        IgnoredTitle => [],
        IgnoredBits => [range, value],
        IgnoredHashes => [range, value],
        IgnoredScheme => [value],
        IgnoredSeed => [range, value],
        IgnoredBlankItems => [count],
        IgnoredUnreadableItems => [count],
        IgnoredLongItems => [count, limit],
        IgnoredTooManyItems => [count, limit],
        IgnoredCompact => [],
        IgnoredCutOff => [count],
        IgnoredCounterBits => [range, value],
        IgnoredWidth => [range, value],
        IgnoredDepth => [range, value],
        IgnoredExponent => [range, value],
        IgnoredCounts => [count, range],
        IgnoredStreams => [count],
        IgnoredValue => [key, range, value],
        IgnoredUnknown => [key],
        IgnoredDismiss => [],
        StepCountInsert => [i, n],
        StepCountQuery => [i, n],
        StepTextTitle => [],
        StepText => [chars, item],
        StepBytesTitle => [],
        StepBytes => [count],
        StepFnvTitle => [],
        StepFnvStart => [basis, prime],
        StepFnvRound => [byte, product, xor],
        StepFnvEnd => [count, hash],
        StepSecondTitle => [],
        StepIndependent => [k],
        StepIndexTitle => [i],
        StepSetsBit => [bit],
        StepBitAlreadySet => [bit],
        StepBitIsOne => [bit],
        StepBitIsZero => [bit],
        StepResultTitle => [],
        StepInsertDone => [bits, n],
        StepInsertNothingNew => [n],
        StepQueryAbsent => [bits],
        StepQueryPresent => [],
        StepQueryFalsePositive => [],
        StepPrevious => [],
        StepNext => [],
        StepStop => [],
        StepClose => [],
        StepKeys => [],
        KeysTitle => [],
        KeysNote => [],
        KeysClose => [],
        KeyFocusItem => [],
        KeyHelp => [],
        KeyPrevious => [],
        KeyNext => [],
        KeyPresenter => [],
        KeyReset => [],
        KeyUndo => [],
        KeyRedo => [],
        KeyClose => [],
    }
    pages {
        LearnContents => [],
        LearnProgress => [i, n],
        LearnPrevious => [title],
        LearnNext => [title],
        LearnPager => [],
        LearnCheck => [],
        LearnShowAnswer => [],
        LearnTry => [],
        EstimateAdd => [],
        EstimateReset => [],
        EstimateTrue => [],
        EstimateBits => [],
        EstimateGuess => [],
        EstimateCaption => [k, m],
        SizingCell => [k, m, size],
        SizingItems => [],
        SizingTableLabel => [],
        BestTableLabel => [],
        BestBitsPerItem => [],
        BestHashes => [],
        BestRate => [],
        BestCurrent => [b, k, p, rate],
        BestNone => [b, p],
        UrlsClaim => [m, size],
        UrlsWhy => [claim_bits, claim_per_item, factor, per_item],
        UrlsExact => [size],
        UrlsLoad => [],
        EmbedIntro => [],
        EmbedWidgetLabel => [],
        EmbedWidgetPlayground => [],
        EmbedWidgetCalculator => [],
        EmbedWidgetCounting => [],
        EmbedWidgetCountMin => [],
        EmbedWidgetScalable => [],
        EmbedWidgetSets => [],
        EmbedWidgetShipping => [],
        EmbedWidgetLab => [],
        EmbedWidgetBugs => [],
        EmbedThemeLabel => [],
        EmbedThemeAuto => [],
        EmbedThemeLight => [],
        EmbedThemeDark => [],
        EmbedReadOnly => [],
        EmbedCodeLabel => [],
        EmbedCopy => [],
        EmbedHint => [],
        EmbedPreview => [],
        LearnProseMissing => [],
        LearnLabLink => [],
        ChapterTitle1 => [],
        ChapterTitle2 => [],
        ChapterTitle3 => [],
        ChapterTitle4 => [],
        ChapterTitle5 => [],
        ChapterTitle6 => [],
        ChapterTitle7 => [],
        ChapterTitle8 => [],
        ChapterTitle9 => [],
        ChapterTitle10 => [],
        ChapterTitle11 => [],
        ExerciseHeading => [],
        ExerciseCheck => [],
        ExerciseAnother => [],
        ExerciseRight => [],
        ExerciseWrong => [],
        ExerciseYes => [],
        ExerciseNo => [],
        ExerciseNone => [],
        ExerciseNoneOfThem => [],
        ExerciseNumberLabel => [],
        ExerciseChoiceLabel => [],
        ExercisePickLabel => [],
        ExerciseNeedChoice => [],
        ExerciseNeedNumber => [max, min],
        ExerciseBit => [i, state],
        ExerciseBitOn => [],
        ExerciseBitOff => [],
        ExerciseFilter => [],
        ExerciseFilterNamed => [name],
        ExerciseMarked => [],
        ProgressLabel => [done, n],
        ProgressReset => [],
        ProgressDone => [],
        ProgressTried => [],
        PresentChapter => [],
        AnswerKeyHeading => [],
    }
    counting {
        CountingTitle => [],
        CountingIntro => [],
        CountingArrayHeading => [],
        CountingRemoveButton => [],
        CountingItemHint => [],
        CountingBitsLabel => [],
        CountingCounterBitsLabel => [],
        CountingParamsHint => [],
        CounterLabelPrefix => [],
        CounterLabelProbe => [rows],
        CounterLabelStuck => [],
        CounterLabelWrong => [],
        CounterArrayLabel => [m, x],
        CounterLegend => [max],
        CountingEmpty => [],
        CountingInsertBlank => [],
        CountingTooLong => [],
        CountingQueryBlank => [],
        CountingRemoveBlank => [],
        CountingFull => [limit],
        CountingInserted => [changes, item],
        CountingNewlyStuck => [counters, max],
        CountingQueryPresent => [item, k, values],
        CountingQueryFalsePositive => [item, k, values],
        CountingQueryAbsent => [item, zeros],
        CountingQueryFalseNegative => [item, zeros],
        CountingRemoved => [changes, item],
        CountingRemovedAnyway => [changes, item],
        CountingKeptStuck => [counters, item, max],
        CountingFalseNegatives => [count],
        CountingNoFalseNegatives => [counters],
        CountingRemoveAbsent => [item, zeros],
        CountingRemoveNotInserted => [item, values],
        CountingRemoveAnyway => [],
        CountingReset => [count],
        CountingRebuilt => [],
        CountingUndone => [],
        CountingRedone => [],
        CountingStepButton => [],
        CountingStepBefore => [item, k, positions],
        CountingStepChange => [after, before, i, index, k, n],
        CountingStepStays => [after, i, index, k, n],
        CountingStepStuck => [i, index, k, max, n],
        CountingStepRead => [after, i, index, k, n],
        CountingStepPrevious => [],
        CountingStepNext => [],
        CountingStepDone => [],
        CountingStatsHeading => [],
        CountingStatItems => [],
        CountingStatNonZero => [],
        CountingStatFill => [],
        CountingStatRate => [],
        CountingStatMeasured => [],
        CountingMeasuredValue => [positives, probes, rate],
        CountingStatLargest => [],
        CountingStatStuck => [],
        CountingStatDenied => [],
        CountingStatUnremovable => [],
        CountingItemsHeading => [],
        CountingItemsEmpty => [],
        CountingItemDenied => [],
        CountingItemStuck => [],
        CountingOverflowHeading => [],
        CountingOverflowModel => [increments, k, m, n],
        CountingExpectedLargest => [max],
        CountingStickChance => [max],
        CountingOverflowApproximate => [],
        CountingOverflowHint => [c],
        CountingCostHeading => [],
        CountingCostCaption => [n],
        CountingCostFilter => [],
        CountingCostMemory => [],
        CountingCostRate => [],
        CountingCostCounting => [c, k, m],
        CountingCostSameBits => [k],
        CountingCostSameMemory => [k],
        CountingCostBest => [k],
        CountingBitsValue => [bits],
        CountingCostNote => [],
        CountingShareHint => [],
        CountingToCountMin => [],
        CmsTitle => [],
        CmsIntro => [],
        CmsGridHeading => [],
        CmsGridLabel => [],
        CmsRow => [row],
        CmsTooWide => [limit, w],
        CmsCountLabel => [],
        CmsAddButton => [],
        CmsEstimateButton => [],
        CmsItemHint => [],
        CmsExponentLabel => [],
        CmsStreamButton => [count],
        CmsExponentHint => [seed],
        CmsExponentError => [],
        CmsWidthLabel => [],
        CmsDepthLabel => [],
        CmsFromError => [],
        CmsShapeHint => [],
        CmsFromErrorInvalid => [d, w],
        CmsEmpty => [],
        CmsAdded => [count, item],
        CmsEstimateOf => [counters, d, item],
        CmsTrueCount => [],
        CmsExact => [],
        CmsOverBy => [bound, over],
        CmsNeverAdded => [],
        CmsAddBlank => [],
        CmsQueryBlank => [],
        CmsFull => [limit],
        CmsStreamed => [count, distinct, s, seed],
        CmsReset => [],
        CmsRebuilt => [],
        CmsStatsHeading => [],
        CmsStatTotal => [],
        CmsStatDistinct => [],
        CmsStatCounters => [],
        CmsStatEpsilon => [],
        CmsStatDelta => [],
        CmsStatBound => [],
        CmsChartHeading => [],
        CmsChartLabel => [bound, n],
        CmsChartBound => [bound],
        CmsChartTop => [top],
        CmsChartX => [],
        CmsChartEmpty => [],
        CmsOverSummary => [bound, delta, n, over, share],
        CmsTableCaption => [],
        CmsTableItem => [],
        CmsTableTrue => [],
        CmsTableEstimate => [],
        CmsTableOver => [],
        CmsShareHint => [],
        CmsToCounting => [],
    }
    scalable {
        ScalableTitle => [],
        ScalableIntro => [],
        ScalablePresetLabel => [],
        PresetCustom => [],
        PresetRedis => [],
        PresetPybloomSmall => [],
        PresetPybloomLarge => [],
        PresetBloomFilters => [],
        ScalableCapacityLabel => [],
        ScalableRateLabel => [],
        ScalableGrowthLabel => [],
        ScalableTighteningLabel => [],
        ScalableStreamSome => [count],
        ScalableStreamMany => [count],
        ScalableParamsHint => [],
        ScalableItemHint => [],
        ScalableEmpty => [],
        ScalableInserted => [item, stage],
        ScalableInsertedNewStage => [capacity, item, previous, rate, stage],
        ScalableFirstStage => [capacity, item, rate],
        ScalableAlreadyPresent => [item, stage],
        ScalableInsertBlank => [],
        ScalableTooLong => [limit],
        ScalableTooBig => [limit],
        ScalableQueryBlank => [],
        ScalableQueryMaybe => [item, stage],
        ScalableQueryNo => [count, item],
        ScalableQueryEmpty => [item],
        ScalableFalsePositive => [item],
        ScalableStageAnswer => [answer, stage],
        ScalableMaybe => [],
        ScalableNo => [],
        ScalableStreamed => [count, inserted, skipped],
        ScalableNewStages => [count],
        ScalableStreamStopped => [],
        ScalableReset => [],
        ScalableRebuilt => [],
        ScalableUndone => [],
        ScalableRedone => [],
        ScalableStagesHeading => [],
        ScalableStagesEmpty => [],
        ScalableStageTitle => [stage],
        ScalableStageLine => [bits, capacity, hashes, items, rate],
        ScalableStageNow => [now],
        ScalableStageOver => [],
        ScalableStageStrip => [bits],
        ScalableStageLabel => [bits, set, stage],
        ScalableStatsHeading => [],
        ScalableStatItems => [],
        ScalableStatSkipped => [],
        ScalableStatStages => [],
        ScalableStatBits => [],
        ScalableBitsValue => [bits, per_item],
        ScalableStatBound => [],
        ScalableStatLimit => [],
        ScalableStatPromise => [],
        ScalableStatFill => [],
        ScalableStatMeasured => [],
        ScalableMeasuredValue => [high, low, rate],
        ScalableUnderBound => [],
        ScalableOverBound => [],
        ScalableOverPromise => [limit, promise],
        ScalableChartHeading => [],
        ScalableChartLabel => [],
        ScalableChartItems => [],
        ScalableChartRate => [],
        ScalableLegendBound => [],
        ScalableLegendMeasured => [],
        ScalableLegendLimit => [],
        ScalableLegendPromise => [],
        ScalableChartEmpty => [],
        ScalableTableItems => [],
        ScalableTableStages => [],
        ScalableTableBound => [],
        ScalableTableMeasured => [],
        ScalablePresetsHeading => [],
        ScalablePresetsNote => [count, n0, p],
        ScalablePresetsLibrary => [],
        ScalablePresetsRules => [],
        ScalablePresetsPromise => [],
        ScalablePresetsLimit => [],
        ScalablePresetsMeasured => [],
        ScalablePresetsBits => [],
        ScalablePresetsMeasure => [count],
        ScalablePresetsKept => [],
        ScalablePresetsBroken => [],
        ScalablePresetsSource => [],
    }
    sets {
        SetsTitle => [],
        ShippingTitle => [],
        SetsIntro => [],
        SetsParamsHint => [],
        SetNameA => [],
        SetNameB => [],
        SetsAddWords => [count],
        SetsItemsEmpty => [],
        SetsRowsHeading => [],
        SetsRowA => [],
        SetsRowB => [],
        SetsRowOr => [],
        SetsRowAnd => [],
        SetsRowUnion => [],
        SetsRowIntersection => [],
        SetsRowLabel => [m, name, x],
        SetsBitExtra => [],
        SetsOrIsUnion => [count, x],
        SetsAndExtra => [count],
        SetsAndExact => [],
        SetsAndRates => [and, own],
        SetsEstimatesHeading => [],
        SetsEstimateSet => [],
        SetsEstimateTrue => [],
        SetsEstimateValue => [],
        SetsEstimateBand => [trials],
        SetsEstA => [],
        SetsEstB => [],
        SetsEstUnion => [],
        SetsEstIntersection => [],
        SetsEstimateFull => [],
        SetsBandNote => [],
        SetsInserted => [item, set],
        SetsAlreadyIn => [item, set],
        SetsInsertBlank => [],
        SetsTooLong => [limit],
        SetsFull => [limit, set],
        SetsWordsAdded => [set, words],
        SetsQueryBlank => [],
        SetsQueryLine => [a, and, b, item, or],
        SetsMaybe => [],
        SetsNo => [],
        SetsTruthBoth => [],
        SetsTruthA => [],
        SetsTruthB => [],
        SetsTruthNeither => [],
        SetsAndFalsePositive => [item],
        SetsReset => [],
        SetsUndone => [],
        SetsRedone => [],
        SetsRebuilt => [],
        PartHeading => [],
        PartIntro => [],
        PartBitsLabel => [],
        PartHashesLabel => [],
        PartItemsLabel => [],
        PartFigure => [],
        PartStandard => [],
        PartPartitioned => [],
        PartFill => [],
        PartFromFill => [],
        PartFromSlices => [],
        PartExpected => [],
        PartMeasured => [],
        PartNote => [],
        CompHeading => [],
        CompIntro => [],
        CompBudgetLabel => [],
        CompItemsLabel => [],
        CompFilter => [],
        CompBits => [],
        CompHashes => [],
        CompSetShare => [],
        CompDeflated => [],
        CompGolombSize => [],
        CompEntropy => [],
        CompExpected => [],
        CompMeasured => [],
        CompPlain => [],
        CompDeflateRow => [k],
        CompGolombRow => [k],
        CompNone => [],
        CompChartLabel => [],
        CompVerdict => [deflate, golomb, plain],
        CompWhy => [],
        CompSlides => [bpi, least, share],
        CascHeading => [],
        CascIntro => [],
        CascUniverseLabel => [],
        CascRevokedLabel => [],
        CascFirstRateLabel => [],
        CascLevel => [],
        CascBuiltFrom => [],
        CascBits => [],
        CascHashes => [],
        CascFromRevoked => [count],
        CascFromValid => [count],
        CascFromRevokedThrough => [count],
        CascCheck => [correct, total],
        CascCompare => [bitmap, bits, list, per_revoked],
        CascRule => [],
        CascNone => [],
    }
    lab {
        LabTitle => [],
        LabIntro => [],
        LabControlsLabel => [],
        LabRunAll => [],
        LabCancel => [],
        LabScaleLabel => [],
        LabScaleFull => [],
        LabScaleDivided => [divisor],
        LabKeysLabel => [],
        LabKeysWasm => [],
        LabKeysJs => [],
        LabSeedLabel => [],
        LabSettingsHint => [],
        LabProgressLabel => [],
        LabIdle => [],
        LabInserting => [cell, items, memory],
        LabQuerying => [cell, items, memory],
        LabSpeed => [seconds, speed],
        LabFinished => [seconds],
        LabCancelled => [],
        LabTooBig => [],
        LabCannotRun => [],
        LabNoWorker => [],
        LabSlidesHeading => [],
        LabSlidesIntro => [],
        LabTableCaption => [],
        LabColCell => [],
        LabColMemory => [],
        LabColInsert => [],
        LabColQuery => [],
        LabColMeasured => [],
        LabColSlidesX => [],
        LabCellDetail => [items, rate],
        LabRunCell => [],
        LabRunCellLabel => [cell],
        LabPrinted => [value],
        LabAgrees => [],
        LabDiffers => [],
        LabReassembledNote => [],
        LabNotRun => [],
        LabTime => [ms, ns],
        LabTimeTiny => [],
        LabFalsePositives => [count, probes],
        LabInterval => [high, low],
        LabWithinTarget => [],
        LabAboveTarget => [],
        LabCountX => [probes],
        LabCsv => [],
        LabSlidesSource => [],
        LabChartHeading => [],
        LabChartLabel => [],
        LabChartCaption => [],
        ClaimHeading => [],
        ClaimStory => [],
        ClaimBitsPerUrl => [],
        ClaimBitsPerUrlValue => [bits, bytes],
        ClaimFormulaRate => [],
        ClaimFormulaRateValue => [best, crawler, d, k],
        ClaimNeeded => [],
        ClaimNeededValue => [bits, size, times],
        ClaimRun => [items],
        ClaimTableCaption => [],
        ClaimColFilter => [],
        ClaimRowClaimed => [],
        ClaimRowNeeded => [],
        ClaimRowDetail => [bits, items],
        ClaimFormula => [rate],
        RaceHeading => [],
        RaceIntro => [items, rate],
        RaceRun => [],
        RaceMachine => [browser, cores],
        RaceUnknownBrowser => [],
        RaceCaption => [],
        RaceColEntrant => [],
        RaceColInsert => [],
        RaceColQuery => [],
        RaceWasm => [],
        RaceWasmJsKeys => [],
        RaceNative => [],
        RaceBloomfilter => [],
        RaceBloomFilters => [],
        RaceNs => [ns],
        RaceRatio => [ratio],
    }
    bugs {
        BugsTitle => [],
        BugsDescription => [],
        BugsIntro => [],
        BugsHowToRead => [],
        BugsContents => [],
        BugTitle1 => [],
        BugTitle2 => [],
        BugTitle3 => [],
        BugTitle4 => [],
        BugTitle5 => [],
        BugTitle6 => [],
        BugTitle7 => [],
        BugStory1 => [],
        BugStory2 => [],
        BugStory3 => [],
        BugStory4 => [],
        BugStory5 => [],
        BugStory6 => [],
        BugStory7 => [],
        BugReport => [],
        BugShipped => [],
        BugFixedCode => [],
        BugSetupFp => [k, m, n, queries],
        BugSetupFn => [k, m, n],
        BugRun => [],
        BugRunOriginal => [n, queries],
        BugCancel => [],
        BugRunning => [done, total, variant],
        BugQueued => [],
        BugRatesFp => [],
        BugRatesFn => [],
        BugTheory => [],
        BugBuggy => [],
        BugFixed => [],
        BugTheoryValue => [high, low, rate],
        BugTheoryNone => [],
        BugMeasured => [high, low, queried, rate, wrong],
        BugNotMeasured => [],
        BugBroken => [times],
        BugBrokenFn => [wrong],
        BugKept => [],
        BugOriginalHeading => [n, queries],
        BugHistogramCaption => [keys, slices],
        BugHistogramNote => [],
        BugHistogramLine => [empty, ratio, slices, variant],
        BugHistogramWords => [keys, words],
        BugChartLabel => [title],
        BugCancelled => [],
        BugNoWorker => [],
        BugFailed => [],
        BugOverflowCaption => [],
        BugOverflowNeeded => [],
        BugOverflowIn32 => [],
        BugOverflowIn64 => [],
        BugOverflowGuard => [],
        BugVectorsCaption => [],
        BugVectorHash => [],
        BugVectorInput => [],
        BugVectorPublished => [],
        BugVectorOurs => [],
        BugVectorPage => [],
        BugVectorAgrees => [],
        BugEmbedMore => [],
    }
    reference {
        GlossaryHeading => [],
        GlossaryNameFill => [],
        GlossaryNameFalsePositive => [],
        GlossaryNameFalseNegative => [],
        GlossaryNameDoubleHashing => [],
        GlossaryBits => [],
        GlossaryItems => [],
        GlossaryHashes => [],
        GlossaryRate => [],
        GlossaryFill => [],
        GlossaryFalsePositive => [],
        GlossaryFalseNegative => [],
        GlossaryDoubleHashing => [],
        ReadingHeading => [],
        ReadingBloom => [],
        ReadingKirsch => [],
        ReadingBose => [],
        ReadingFan => [],
        ReadingAlmeida => [],
        ReadingSwamidass => [],
        ReadingBroder => [],
        ReadingMitzenmacher => [],
        ReadingCrlite => [],
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
pub mod tests {
    //! The resource files, checked against the code that uses them.
    use super::*;

    /// A resource file of `lang`, as shipped.
    pub fn resource_json(lang: Lang, name: &str) -> String {
        let path = format!(
            "{}/static/locales/{}/{name}.json",
            env!("CARGO_MANIFEST_DIR"),
            lang.param()
        );
        std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path} is missing"))
    }

    /// Installs every language's texts, as the page does once its files arrive.
    pub fn install_all() {
        for lang in Lang::ALL {
            for name in RESOURCES {
                install(lang, name, &resource_json(lang, name)).expect("a resource file parses");
            }
        }
    }

    #[test]
    fn each_file_lists_its_messages_in_the_order_the_code_declares_them() {
        for lang in Lang::ALL {
            for name in RESOURCES {
                let catalog = Catalog::parse(&resource_json(lang, name)).unwrap();
                let wanted: Vec<&str> = Msg::ALL
                    .iter()
                    .filter(|msg| msg.resource() == name)
                    .map(|msg| msg.key())
                    .collect();
                let found: Vec<&str> = catalog.keys().collect();
                assert_eq!(found, wanted, "{lang:?} {name}");
                assert_eq!(catalog.len(), wanted.len(), "{lang:?} {name}: no key twice");
                for msg in Msg::ALL.iter().filter(|msg| msg.resource() == name) {
                    assert_eq!(catalog.nth(msg.place().1), catalog.get(msg.key()));
                }
            }
        }
    }

    #[test]
    fn fill_replaces_named_blanks() {
        assert_eq!(
            fill("bit {bit} of {m}", &[("bit", "3"), ("m", "32")]),
            "bit 3 of 32"
        );
        assert_eq!(fill("{a}{a}", &[("a", "x")]), "xx");
        assert_eq!(fill("keep {unknown} and {", &[]), "keep {unknown} and {");
    }

    #[test]
    fn values_are_not_reinterpreted() {
        // A value that looks like a blank stays as typed.
        assert_eq!(fill("“{item}”", &[("item", "{item}")]), "“{item}”");
    }

    #[test]
    fn every_message_is_in_its_file_in_every_language_and_fills_only_the_blanks_its_callers_give() {
        for lang in Lang::ALL {
            for name in RESOURCES {
                let catalog = Catalog::parse(&resource_json(lang, name)).unwrap();
                for &msg in Msg::ALL.iter().filter(|msg| msg.resource() == name) {
                    let entry = catalog
                        .get(msg.key())
                        .unwrap_or_else(|| panic!("{} is missing in {lang:?} {name}", msg.key()));
                    for form in entry.forms() {
                        // A separator may be only spaces; everything else must say something.
                        if !matches!(msg, Msg::ListSeparator | Msg::ListLastSeparator) {
                            assert!(!form.trim().is_empty(), "{msg:?} in {lang:?}");
                        }
                        for blank in blanks(form) {
                            assert!(
                                msg.blanks().contains(&blank),
                                "{msg:?} in {lang:?} uses {{{blank}}}, which no caller fills"
                            );
                        }
                    }
                    // The main form says everything the code provides (a "one" form may leave out
                    // the 1).
                    assert_eq!(
                        blanks(entry.form("other")),
                        msg.blanks(),
                        "{msg:?} in {lang:?}"
                    );
                }
                // Nothing in the file is left over, or belongs in the other file.
                for key in catalog.keys() {
                    assert!(
                        Msg::ALL
                            .iter()
                            .any(|msg| msg.key() == key && msg.resource() == name),
                        "{key} in {lang:?} {name} is not a message of that file"
                    );
                }
            }
        }
    }

    /// The source files of the playground and chart widgets, which fetch only [`WIDGETS`].
    const WIDGET_SOURCES: [&str; 23] = [
        include_str!("embed_app.rs"),
        include_str!("pages/playground.rs"),
        include_str!("pages/playground/slots.rs"),
        include_str!("pages/chart_embed.rs"),
        include_str!("hooks/use_lang.rs"),
        include_str!("hooks/use_saved_playground.rs"),
        include_str!("hooks/use_embed.rs"),
        include_str!("shortcuts.rs"),
        include_str!("components/bit_array.rs"),
        include_str!("components/bit_cell.rs"),
        include_str!("components/hash_workings.rs"),
        include_str!("components/number_field.rs"),
        include_str!("components/outcome_panel.rs"),
        include_str!("components/rate_chart.rs"),
        include_str!("components/rate_chart/axes.rs"),
        include_str!("components/rate_chart/curves.rs"),
        include_str!("components/rate_chart/legend.rs"),
        include_str!("components/rate_chart/points.rs"),
        include_str!("components/rate_chart/readouts.rs"),
        include_str!("components/rate_chart/table.rs"),
        include_str!("components/rate_point.rs"),
        include_str!("components/state_error.rs"),
        include_str!("components/step_through.rs"),
    ];

    /// The source files of the calculator widget, which fetches [`WIDGETS`] and [`CALCULATOR`].
    const CALCULATOR_SOURCES: [&str; 4] = [
        include_str!("pages/calculator.rs"),
        include_str!("components/calculator_field.rs"),
        include_str!("components/calculator_result.rs"),
        include_str!("components/memory_chart.rs"),
    ];

    /// What the site's playground page adds to the widgets, which fetches [`WIDGETS`] and [`SITE`].
    const PLAYGROUND_PAGE_SOURCES: [&str; 9] = [
        include_str!("app.rs"),
        include_str!("pages/playground/site_parts.rs"),
        include_str!("components/compared_rate_chart.rs"),
        include_str!("components/optimal_k.rs"),
        include_str!("components/share_panel.rs"),
        include_str!("components/stats_panel.rs"),
        include_str!("components/item_list.rs"),
        include_str!("components/shortcut_help.rs"),
        include_str!("hooks/use_presenter.rs"),
    ];

    /// The messages `source` names.
    fn messages_in(source: &str) -> Vec<Msg> {
        source
            .split("Msg::")
            .skip(1)
            .filter_map(|used| {
                let name: String = used
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                Msg::ALL.iter().copied().find(|msg| msg.key() == name)
            })
            .collect()
    }

    #[test]
    fn every_text_a_page_or_widget_shows_is_in_the_files_it_fetches() {
        let strings = include_str!("strings.rs");
        let own = &strings[..strings.find("macro_rules! messages").unwrap()];
        let checks: [(&[&str], &[&str]); 4] = [
            (&WIDGET_SOURCES, &[WIDGETS]),
            (&[own], &[WIDGETS]),
            (&CALCULATOR_SOURCES, &[WIDGETS, CALCULATOR]),
            (&PLAYGROUND_PAGE_SOURCES, &[WIDGETS, SITE]),
        ];
        for (sources, files) in checks {
            for source in sources {
                // A component that fetches the details itself when it opens may show them.
                let fetches_details = source.contains("vec![DETAILS.to_owned()]");
                for msg in messages_in(source) {
                    assert!(
                        files.contains(&msg.resource())
                            || (fetches_details && msg.resource() == DETAILS),
                        "{msg:?} is shown where only {files:?} are fetched"
                    );
                }
            }
        }
    }

    #[test]
    fn translations_are_really_translated() {
        install_all();
        let same = |lang: Lang| {
            Msg::ALL
                .iter()
                .filter(|&&msg| lang.text(msg) == Lang::English.text(msg))
                .count()
        };
        // Formulas, symbols and names stay as they are (m, k, A OR B, (X/m)^k, DEFLATE, the
        // calculator's worked formulas: 34 today); everything else differs.
        assert!(
            same(Lang::Chinese) < 40,
            "{} untranslated",
            same(Lang::Chinese)
        );
        assert!(
            same(Lang::Japanese) < 40,
            "{} untranslated",
            same(Lang::Japanese)
        );
        assert_eq!(Lang::Chinese.text(Msg::InsertButton), "插入");
        assert_eq!(Lang::Japanese.text(Msg::ChartAxisRate), "偽陽性率");
    }

    #[test]
    fn counts_take_each_languages_plural_forms() {
        install_all();
        let items = |lang: Lang, count: u64| {
            lang.plural(
                Msg::IgnoredBlankItems,
                count,
                &[("count", &lang.count(count))],
            )
        };
        assert_eq!(items(Lang::English, 0), "0 empty items");
        assert_eq!(items(Lang::English, 1), "1 empty item");
        assert_eq!(items(Lang::English, 2), "2 empty items");
        assert_eq!(items(Lang::English, 21), "21 empty items");
        for count in [0, 1, 2, 21] {
            assert_eq!(items(Lang::Chinese, count), format!("{count} 个空元素"));
            assert_eq!(items(Lang::Japanese, count), format!("空の要素 {count} 個"));
        }
    }

    #[test]
    fn sizes_in_each_languages_words() {
        install_all();
        assert_eq!(Lang::English.bytes(1), "1 byte");
        assert_eq!(Lang::English.bytes(0), "0 bytes");
        assert_eq!(Lang::English.bytes(21), "21 bytes");
        assert_eq!(Lang::Japanese.quote("apple"), "「apple」");
        assert_eq!(Lang::Chinese.quote("苹果"), "“苹果”");
        assert_eq!(Lang::English.bytes(102_400), "100 KiB");
        assert_eq!(Lang::English.size(2_396_264_595.0), "2.23 GiB");
        assert_eq!(Lang::Chinese.bytes(1), "1 字节");
        assert_eq!(Lang::Chinese.bytes(21), "21 字节");
        assert_eq!(Lang::Chinese.size(3_594_397.0), "3.43 兆字节");
        assert_eq!(Lang::Japanese.bytes(2), "2 バイト");
        assert_eq!(Lang::Japanese.bytes(1 << 20), "1 メビバイト");
        for lang in Lang::ALL {
            assert!(!lang.size(1e18).contains('{'), "{lang:?}");
        }
    }

    #[test]
    fn lists_in_each_language() {
        install_all();
        assert_eq!(Lang::English.list(&[3, 17, 31]), "3, 17 and 31");
        assert_eq!(Lang::Chinese.list(&[3, 17, 31]), "3、17 和 31");
        assert_eq!(Lang::Japanese.list(&[3, 17, 31]), "3、17、31");
        assert_eq!(Lang::English.list(&[5]), "5");
        assert_eq!(Lang::English.list(&[]), "");
    }

    #[test]
    fn language_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Chinese));
        assert_eq!(Lang::from_tag("ja_JP"), Some(Lang::Japanese));
        assert_eq!(Lang::from_tag("EN-gb"), Some(Lang::English));
        assert_eq!(Lang::from_tag("fr"), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.param()), Some(lang));
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }
}

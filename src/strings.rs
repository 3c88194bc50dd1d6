//! Every word the page shows, keyed by message id, so that a translation is a new table rather than a
//! rewrite. Templates name their blanks (`{item}`, `{bits}`); [`fill`] puts the values in. English is
//! the only table today; Chinese and Japanese slot in as more arms of [`Lang::text`].

use crate::bloom::hashing::HashScheme;

/// A language the page can be shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    English,
}

impl Lang {
    /// The BCP 47 code, for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
        }
    }

    /// The text of `msg` in this language.
    pub fn text(self, msg: Msg) -> &'static str {
        match self {
            Lang::English => english(msg),
        }
    }

    /// The text of `msg` with its `{name}` blanks filled from `args`.
    pub fn fill(self, msg: Msg, args: &[(&str, &str)]) -> String {
        fill(self.text(msg), args)
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
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(key, _)| *key == name) {
                    Some((_, value)) => out.push_str(value),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

macro_rules! messages {
    ($($id:ident => $english:expr,)*) => {
        /// A message id: one piece of text the page shows.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Msg { $(#[allow(missing_docs)] $id,)* }

        impl Msg {
            /// Every message id, for checking that each table is complete.
            pub const ALL: &'static [Msg] = &[$(Msg::$id,)*];
        }

        fn english(msg: Msg) -> &'static str {
            match msg { $(Msg::$id => $english,)* }
        }
    };
}

messages! {
    SiteTitle => "Bloom filters, interactively",
    SiteTagline => "Insert words, query them, and watch every bit a hash function touches.",
    NavLabel => "Site",
    NavPlayground => "Playground",
    NavCalculator => "Calculator",
    SkipToContent => "Skip to the content",
    NotFoundTitle => "There is no page here",
    NotFoundBody => "The link may be mistyped. The playground is one click away.",
    FooterText => "Runs entirely in your browser: nothing you type leaves this page.",

    PlaygroundTitle => "Playground",
    PlaygroundIntro => "A Bloom filter is an array of m bits and k hash functions. Inserting an item sets the k bits its hashes point to; a query checks those bits. A 0 means “definitely not inserted”; all 1s means “probably inserted” — and sometimes that is a false positive.",

    ItemLabel => "Item",
    ItemPlaceholder => "Type a word, e.g. apple",
    ItemHint => "Enter inserts. Any text works: emoji, 中文,日本語.",
    InsertButton => "Insert",
    QueryButton => "Query",
    ResetButton => "Reset",
    RandomWordsButton => "Add 10 random words",
    SeedLabel => "Seed",
    SeedHint => "Same seed, same words.",
    BitsLabel => "m (bits)",
    HashesLabel => "k (hash functions)",
    ParamsHint => "Press Enter or leave the field to apply. The items stay; the filter is rebuilt from them.",

    ErrorEmptyNumber => "Type a whole number from {min} to {max}. Still using {name} = {current}.",
    ErrorNotWholeNumber => "That is not a whole number. Type one from {min} to {max}. Still using {name} = {current}.",
    ErrorOutOfRange => "{value} is out of range: {name} must be from {min} to {max}. Still using {name} = {current}.",

    OutcomeHeading => "What just happened",
    OutcomeIdle => "Nothing yet. Type an item and press Insert or Query.",
    InsertedNew => "Inserted “{item}”: set bits {indexes}.",
    InsertedNewBits => "Newly set: {bits}.",
    InsertedNoNewBits => "Every one of those bits was already 1, so the array did not change.",
    InsertedSomeAlreadySet => "Already 1 before: {bits}.",
    InsertedDuplicate => "“{item}” was already inserted, so nothing changed. It has now been inserted {times} times; n counts distinct items and stays {n}.",
    RefusedBlank => "Nothing to insert: the text is empty or only spaces. Type a word first.",
    RefusedTooLong => "That text is {size}, more than the {limit} the playground accepts. Nothing was inserted.",
    RefusedQueryBlank => "Nothing to query: the text is empty or only spaces.",
    AddedWords => "Added {count} words with seed {seed}: {words}.",
    AddedWordsDuplicates => "{count} of them were already in the set.",
    ResetDone => "Reset: {count} items removed and every bit set back to 0.",
    Undone => "Undone: back to the filter before the last change.",
    Redone => "Redone: the change is back.",
    UndoButton => "Undo",
    RedoButton => "Redo",
    Rebuilt => "Rebuilt the filter with m = {m} and k = {k} ({scheme}) from the same {n} items.",

    VerdictBadgeAbsent => "✗ Absent",
    VerdictBadgePresent => "✓ Present",
    VerdictBadgeFalsePositive => "! False positive",
    VerdictAbsent => "Definitely not in the set: {bits} 0. An inserted item would have set every one of its bits.",
    VerdictAbsentQuery => "Query “{item}”: probed bits {indexes}.",
    VerdictBitIs => "bit {bits} is",
    VerdictBitsAre => "bits {bits} are",
    VerdictPresent => "In the set (it was inserted): all {k} of its bits are 1.",
    VerdictFalsePositive => "All {k} bits are set, yet “{item}” was never inserted: a false positive.",
    ProvenanceHeading => "Who set those bits",
    ProvenanceRow => "bit {bit} ← {items}",

    ArrayHeading => "The bit array",
    ArrayLabel => "Bit array: {m} bits, {x} set. Arrow keys move between bits.",
    ArrayLegend => "Filled cells are 1. Outlined cells with a numbered badge are the current item’s bits (badge i = hash g_i). “new” marks bits the last insert set.",
    BitLabelPrefix => "Bit ",
    BitLabelProbe => ", probed by hash row {rows}",
    BitNew => "new",
    BitDetailHint => "Hover over or focus a bit to see which items set it.",
    BitDetailSetBy => "Bit {index} is 1, set by: {items}.",
    BitDetailUnset => "Bit {index} is 0: no inserted item hashes to it.",

    WorkingsHeading => "The current item, worked out",
    WorkingsEmpty => "Type something in the Item field to see its bytes, hashes and bit indexes.",
    WorkingsBytes => "UTF-8 bytes ({count})",
    WorkingsMoreBytes => "… and {count} more bytes",
    WorkingsFnv => "FNV-1a 64",
    WorkingsMurmur => "MurmurHash3 x86_32, seed 0",
    WorkingsModulo => "mod {m} = {value}",
    WorkingsRowsHeading => "Bit indexes",
    WorkingsDuplicateIndexes => "Some indexes repeat: this item really uses fewer than k distinct bits.",

    StatsHeading => "Statistics",
    StatItems => "n, distinct items",
    StatItemsNote => "{insertions} inserts in all; duplicates are not counted twice",
    StatSetBits => "X, bits set",
    StatSetBitsValue => "{x} of {m}",
    StatFill => "Fill ratio X/m",
    StatFpr => "False-positive probability now, (X/m)^k",
    StatFprOneIn => "about 1 in {n}",
    StatExpected => "Formula for this n, (1 − e^(−kn/m))^k",
    StatEstimate => "Estimated n from the bits, −(m/k)·ln(1 − X/m)",
    StatEstimateFull => "∞ — every bit is 1, so the bits can no longer tell how many items went in",

    SchemeLabel => "Hash scheme",
    SchemeDouble => "Double hashing (Kirsch–Mitzenmacher)",
    SchemeEnhanced => "Enhanced double hashing (Dillinger–Manolios)",
    SchemeIndependent => "k independent seeded MurmurHash3",
    SchemeMurmur128 => "MurmurHash3 x64_128, split in two halves",
    SchemeFormulaDouble => "gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m for i = 0 … k − 1, with h₁ = FNV-1a 64 and h₂ = MurmurHash3.",
    SchemeFormulaEnhanced => "g₀ = x = h₁ mod m and y = h₂ mod m; then for each next i: x = (x + y) mod m, y = (y + i) mod m, gᵢ = x. The growing step keeps the indexes apart even when h₂ mod m = 0.",
    SchemeFormulaIndependent => "gᵢ = MurmurHash3(bytes, seed i) mod m: k separate hashes, the ideal double hashing approximates.",
    SchemeFormulaMurmur128 => "One MurmurHash3 x64_128 of the bytes, split into h₁ (low 64 bits) and h₂ (high 64 bits); then gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m.",
    WorkingsMurmur128 => "MurmurHash3 x64_128, seed 0",

    ChartHeading => "False-positive rate as items go in",
    ChartTitle => "False-positive rate against n for m = {m}, k = {k}",
    ChartAxisItems => "n, items inserted",
    ChartAxisRate => "false-positive rate",
    ChartLogToggle => "Log scale",
    ChartLegendApprox => "Approximate (1 − e^(−kn/m))^k",
    ChartLegendClassic => "Classic (1 − (1 − 1/m)^(kn))^k",
    ChartLegendExact => "Exact E[(X/m)^k]",
    ChartLegendFill => "This filter: (X/m)^k after each item",
    ChartLegendMeasured => "Measured on {probes} never-inserted strings (95% interval)",
    ChartCurrentN => "n = {n}",
    ChartSummary => "At n = {n}: approximate {approx}, classic {classic}, exact {exact}; this filter’s (X/m)^k is {fill} and {probes} probe strings measured {measured}.",
    ChartWhyExact => "Why does the exact curve sit above the others when m is small? Both formulas put the average number of set bits into (X/m)^k, but that function curves upward, so fluctuations in X raise its average (Jensen’s inequality) — the exact rate averages over them; as m grows X varies less and the three curves meet.",
    ChartTableSummary => "The chart as a table",
    ChartTableItems => "n",
    ReadoutsHeading => "Rates at the current n",
    ReadoutApprox => "Approximate",
    ReadoutClassic => "Classic",
    ReadoutExact => "Exact",
    ReadoutFill => "This filter, (X/m)^k",
    ReadoutMeasured => "Measured",
    ReadoutMeasuredDetail => "{positives} of {probes} probes; 95% interval {low} – {high}",

    CompareButton => "Compare schemes",
    CompareHint => "Runs random trials of every hash scheme at this m and k for about a second and plots each scheme’s average measured rate.",
    CompareRunning => "Running trials… {trials} so far.",
    CompareDone => "{trials} trials per scheme: {probes} probe strings per point.",
    CompareAt => "At n = {n}: {rates}; exact {exact}.",
    CompareLegend => "Measured: {scheme}",
    CompareNote => "Plain double hashing drifts above the exact curve at small m and large k: when h₂ mod m shares a factor with m, an item’s k indexes cycle over only a few bits. Try m = 1024, k = 16 with the log scale.",

    OptimalHeading => "Choosing k",
    OptimalEmpty => "Insert some items: the best k depends on how many there are.",
    OptimalChartTitle => "False-positive rate against k for m = {m}, n = {n}",
    OptimalAxisK => "k, hash functions",
    OptimalReal => "Real optimum k* = (m/n)·ln 2 = {value}",
    OptimalBest => "Best whole k by the exact rate: {k} (rate {rate})",
    OptimalDiffer => "They differ: rounding k* does not always give the k with the lowest exact rate, because the rate is not symmetric around its minimum and small m shifts it.",
    OptimalAgree => "Here rounding k* gives the same k.",
    OptimalUse => "Use k = {k}",
    OptimalCapped => "The playground allows k up to 16.",
    OptimalCurrent => "You are using k = {k}.",

    CalcTitle => "Sizing calculator",
    CalcIntro => "Fill in what you know and leave the rest blank: the calculator solves for what is missing and shows the formula it used. Any two of n, p and m are enough; add k to fix the number of hash functions.",
    CalcItemsLabel => "n — expected items",
    CalcItemsHint => "e.g. 1e6, 1,000,000 or 1M",
    CalcRateLabel => "p — false-positive rate",
    CalcRateHint => "e.g. 0.001, 0.1% or 1 in 1000",
    CalcBitsLabel => "m — bits",
    CalcBitsHint => "bits (28755176) or a size: 1MiB, 64KiB, 1.5GB, 8Mb (B = bytes, b = bits)",
    CalcHashesLabel => "k — hash functions",
    CalcHashesHint => "a whole number; leave blank for the best k",
    CalcErrorEmpty => "Type a value or leave the field blank.",
    CalcErrorNotANumber => "“{text}” is not a number this calculator reads. {hint}",
    CalcErrorUnit => "“{unit}” is not a unit it knows. {hint}",
    CalcErrorNegative => "{name} cannot be negative.",
    CalcErrorZero => "{name} must be more than zero.",
    CalcErrorNotWhole => "{name} must be a whole number.",
    CalcErrorRateTooHigh => "p must be below 1 (100%): a filter that always says “maybe” needs no bits.",
    CalcErrorTooLarge => "That is more than this calculator handles.",
    CalcTooFew => "Give at least two of n, p and m (k alone fixes nothing).",
    CalcNoAnswer => "These values have no finite answer — for example, that p cannot be reached with this k.",
    CalcStale => "Showing the last answer; fix the field marked above to update it.",
    CalcResultHeading => "Result",
    CalcResultItems => "n, items",
    CalcResultRate => "p, false-positive rate",
    CalcResultBits => "m, bits",
    CalcResultHashes => "k, hash functions",
    CalcResultBytes => "Memory",
    CalcResultPerItem => "Bits per item",
    CalcOneIn => "1 in {n}",
    CalcBytesExact => "{n} bytes",
    CalcTargetMissed => "Rounding k to a whole number lands a hair above the target {target}; {bits} bits (+{extra}) meet it with k = {k}.",
    CalcHowHeading => "How",
    CalcFormulaBits => "m = ⌈−n·ln p / (ln 2)²⌉ = ⌈−{n} × ln {p} / 0.480453⌉ = {m}",
    CalcFormulaHashes => "k = max(1, round((m/n)·ln 2)) = round({m} / {n} × 0.693147) = {k}",
    CalcFormulaRate => "p = (1 − e^(−kn/m))^k = (1 − e^(−{k} × {n} / {m}))^{k} = {p}",
    CalcFormulaCapacity => "n = ⌈m / (−k / ln(1 − e^(ln p / k)))⌉ = ⌈{m} / (−{k} / ln(1 − e^(ln {p} / {k})))⌉ = {n}",
    CalcFormulaBitsFixedK => "With k = {k} fixed: m = ⌈−k·n / ln(1 − p^(1/k))⌉ = ⌈−{k} × {n} / ln(1 − {p}^(1/{k}))⌉ = {m}",
    CalcFormulaHashesForRate => "k = round(log₂(1/p)) = round(log₂(1/{p})) = {k}",
    CalcFormulaCheck => "All four given: with n = {n}, m = {m} and k = {k} the rate is {p} (target {target}).",
    CalcMemoryHeading => "Memory against n at p = {p}",
    CalcMemoryAxisItems => "n, items",
    CalcMemoryAxisBytes => "memory",
    CalcMemoryDesc => "Memory grows in proportion to n: {per_item} bits per item at p = {p}. At n = {n} it is {size}.",

    SizingHeading => "The sizing table",
    SizingIntro => "Bits (m) and hash functions (k) for five set sizes at three false-positive rates, each with its memory. The optimal k depends only on p: 13, 17 and 23 here. Select a cell to load it into the calculator.",
    SizingCell => "m = {m}, k = {k}, {size}",
    SizingItems => "n",
    SizingTableLabel => "m, k and memory for each n and p (scrolls sideways on small screens)",
    BestTableLabel => "Bits per item, best k and rate (scrolls)",

    BestHeading => "Best-practice lookup table",
    BestIntro => "For a whole number of bits per item, the k with the lowest rate (1 − e^(−k/(m/n)))^k — the kind of precomputed table ClickHouse uses for its Bloom filter skip indexes. The highlighted row is the first that reaches the current p.",
    BestBitsPerItem => "bits per item, m/n",
    BestHashes => "best k",
    BestRate => "false-positive rate",
    BestCurrent => "For p = {p}: at least {b} bits per item with k = {k} (rate {rate}).",
    BestNone => "No row in the table reaches p = {p}; it needs more than {b} bits per item.",

    UrlsHeading => "“One billion URLs at 0.01% in 18 MB?”",
    UrlsClaim => "A web-crawler article claims a Bloom filter holds a billion URLs at a 0.01% false-positive rate in 18 MB. The calculator says: m = {m} bits ≈ {size}.",
    UrlsWhy => "18 MB is only {claim_bits} bits — {claim_per_item} bits per URL — while 0.01% needs {per_item} bits per URL whatever the URLs are, so the claim is about {factor} times too small (likely a slip between bits, bytes and a lost factor of 1,000).",
    UrlsExact => "Still, {size} beats storing the URLs themselves: an exact set of 10⁹ URLs at 60–100 bytes each is 60–100 GB.",
    UrlsLoad => "Load n = 10⁹, p = 0.01%",

    IgnoredTitle => "Some parts of this link could not be used and were ignored:",
    IgnoredBits => "m = “{value}”: m must be a whole number from {range}, so the default was used",
    IgnoredHashes => "k = “{value}”: k must be a whole number from {range}, so the default was used",
    IgnoredScheme => "scheme = “{value}”: no such hash scheme, so double hashing was used",
    IgnoredBlankItems => "{count} empty item(s)",
    IgnoredUnreadableItems => "{count} item(s) that are not valid UTF-8 text",
    IgnoredLongItems => "{count} item(s) longer than {limit}",
    IgnoredTooManyItems => "{count} item(s) past the first {limit}",
    IgnoredCompact => "the compact item list (z) could not be decoded",
    IgnoredUnknown => "the unknown parameter “{key}”",
    IgnoredDismiss => "Dismiss",

    ShareHeading => "Share this filter",
    ShareCopy => "Copy link",
    ShareFieldLabel => "Link that restores this exact filter",
    ShareHint => "The link restores m, k, the hash scheme and every item, in order, in any browser. The address bar always holds it too.",
    ShareStillLong => "Even compact it is long: a chat app or server may cut it. This browser keeps the state regardless.",
    ShareCopied => "Copied to the clipboard.",
    ShareFailed => "The browser would not copy; select the link above and copy it yourself.",
    ShareCompact => "The full link would be {plain} — over the 8 kB some servers and apps cut — so this is its compact form ({compact}): the items compressed into one parameter.",

    PresenterOn => "Presenter mode",
    PresenterHint => "Larger type for a projector (p)",
    KeysTitle => "Keyboard shortcuts",
    KeysNote => "Shortcuts never act while you type in a field; press Esc or Tab out of it first.",
    KeysClose => "Close",
    KeyFocusItem => "Jump to the item field",
    KeyHelp => "Show this list",
    KeyPrevious => "Previous step (while stepping through)",
    KeyNext => "Next step (while stepping through)",
    KeyPresenter => "Presenter mode on or off",
    KeyReset => "Reset the filter (u undoes it)",
    KeyUndo => "Undo the last change",
    KeyRedo => "Redo",
    KeyClose => "Close this list, or stop stepping",

    StepInsertButton => "Step through insert",
    StepQueryButton => "Step through query",
    StepCountInsert => "Inserting, step {i} of {n}",
    StepCountQuery => "Querying, step {i} of {n}",
    StepTextTitle => "The text",
    StepText => "We start from the text “{item}” ({chars} characters).",
    StepBytesTitle => "Its UTF-8 bytes",
    StepBytes => "{count} bytes. The hash functions read these bytes, not the characters.",
    StepFnvTitle => "First hash: FNV-1a 64",
    StepFnvStart => "Start from the offset basis {basis}. For each byte: XOR the byte in, then multiply by the prime {prime} (keeping 64 bits).",
    StepFnvRound => "byte {byte}: XOR → {xor}, × prime → {product}",
    StepFnvEnd => "… after all {count} bytes: h₁ = {hash}",
    StepSecondTitle => "Second hash",
    StepIndependent => "{k} MurmurHash3 x86_32 hashes with seeds 0, 1, 2, …",
    StepIndexTitle => "Index g{i}",
    StepSetsBit => "Bit {bit} is 0, so the insert sets it to 1.",
    StepBitAlreadySet => "Bit {bit} is already 1; it stays 1.",
    StepBitIsOne => "Bit {bit} is 1.",
    StepBitIsZero => "Bit {bit} is 0 — this alone proves the item was never inserted.",
    StepResultTitle => "Result",
    StepInsertDone => "Inserted: bits {bits} are new. n is now {n}.",
    StepInsertNothingNew => "Inserted, but every bit was already 1: the array did not change. n is {n}.",
    StepQueryAbsent => "Definitely not in the set: bits {bits} are 0.",
    StepQueryPresent => "All bits are 1 and the item was inserted: in the set.",
    StepQueryFalsePositive => "All bits are 1, yet the item was never inserted: a false positive.",
    StepPrevious => "Previous",
    StepNext => "Next",
    StepStop => "Stop",
    StepClose => "Close",
    StepKeys => "← and → step; Esc stops.",

    EmbedHeading => "Embed in a web page",
    EmbedWidgetLabel => "Widget",
    EmbedWidgetPlayground => "Bloom filter playground",
    EmbedWidgetChart => "Bloom filter false-positive chart",
    EmbedWidgetCalculator => "Bloom filter sizing calculator",
    EmbedThemeLabel => "Theme",
    EmbedThemeAuto => "Follow the reader’s system",
    EmbedThemeLight => "Light",
    EmbedThemeDark => "Dark",
    EmbedReadOnly => "Read-only (no controls; the current items stay)",
    EmbedCodeLabel => "Paste this into your page",
    EmbedCopy => "Copy code",
    EmbedHint => "The frame shows the current state. Its script lets the frame take the height the widget reports; the widget loads everything from this site and sends nothing anywhere else.",
    EmbedPreview => "Preview",

    ExportSvg => "Download SVG",
    ExportPng => "Download PNG",
    ExportArrayPng => "Download the bit array as PNG",

    ItemsHeading => "Inserted items",
    ItemsEmpty => "No items yet.",
    ItemsTimes => "×{times}",
    ItemsCount => "{n} distinct",
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

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
    fn every_message_has_text() {
        for &msg in Msg::ALL {
            assert!(!Lang::English.text(msg).trim().is_empty(), "{msg:?}");
        }
    }
}

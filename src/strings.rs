//! Every word the page shows, keyed by message id, so that a translation is a new table rather than a
//! rewrite. Templates name their blanks (`{item}`, `{bits}`); [`fill`] puts the values in. English is
//! the only table today; Chinese and Japanese slot in as more arms of [`Lang::text`].

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
    SkipToContent => "Skip to the playground",
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
    Rebuilt => "Rebuilt the filter with m = {m} and k = {k} from the same {n} items.",

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
    WorkingsRowsHeading => "Bit indexes by double hashing",
    WorkingsRowsFormula => "gᵢ = ((h₁ mod m) + i × (h₂ mod m)) mod m for i = 0 … k − 1, with h₁ = FNV-1a 64 and h₂ = MurmurHash3.",
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

//! One link codec for every widget. A widget declares its link once, as a [`Codec`]: its settings
//! ([`Field`]s, most made by [`field!`] from a key, a place in the link and a [`Kind`] — how the
//! text reads, how it is written, what range it may take and what a value outside it is reported
//! as) and its repeated parts ([`Part`]s: the items or operations, in order). From that declaration
//! come whether a query carries the widget's state ([`Codec::carried_by`]), the link
//! ([`Codec::write`] and the compact [`Codec::write_compact`]) and the reading ([`Codec::read`]):
//! parts another widget or the shell reads pass silently, unknown ones are reported, and parts left
//! out are counted by why ([`Skip`]) and reported once per reason with their count.

use std::ops::RangeInclusive;

use bloom_core::decimal::parse_fraction;
use bloom_core::params::parse_in_range;
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::text::is_blank;

use crate::format::exact;
use crate::url::{encode_component, parse_query, QueryError};

use super::{Ignored, SHELL_KEYS};

/// How a value a setting cannot use is reported.
#[derive(Clone, Copy)]
pub enum Report {
    /// By a report of its own kind, holding the text as it was given.
    Own(fn(String) -> Ignored),
    /// As a value outside the range its [`Kind`] describes.
    Range,
    /// As a value outside this range.
    Text(&'static str),
}

/// Why a setting's text was not used: a report of its own kind, or the range it is outside of.
pub enum Wrong {
    /// A report of this kind, holding the text.
    Own(fn(String) -> Ignored),
    /// Outside this range (the report names the key and the value).
    Outside(String),
}

/// What a setting's text may be: how it reads, how it is written and what is said of a value it
/// cannot use.
pub trait Kind {
    /// What the text stands for.
    type Value;
    /// The value `text` gives, if it gives one this setting takes.
    fn parse(&self, text: &str) -> Option<Self::Value>;
    /// The text of `value` in a link.
    fn print(&self, value: &Self::Value) -> String;
    /// How a value outside what it takes is reported.
    fn report(&self) -> Report;
    /// What it takes, in words, for a report.
    fn range(&self) -> String;

    /// The value `text` gives, or why it gives none.
    // One copy per kind, not one per setting: the settings' readers call it.
    #[inline(never)]
    fn read(&self, text: &str) -> Result<Self::Value, Wrong> {
        self.parse(text).ok_or_else(|| match self.report() {
            Report::Own(report) => Wrong::Own(report),
            Report::Range => Wrong::Outside(self.range()),
            Report::Text(range) => Wrong::Outside(range.to_owned()),
        })
    }
}

/// A whole number in a range (`8–1024`).
pub struct Whole(pub RangeInclusive<u32>, pub Report);

impl Kind for Whole {
    type Value = u32;

    fn parse(&self, text: &str) -> Option<u32> {
        parse_in_range(text, self.0.clone()).ok()
    }

    fn print(&self, value: &u32) -> String {
        value.to_string()
    }

    fn report(&self) -> Report {
        self.1
    }

    fn range(&self) -> String {
        range_text(self.0.clone())
    }
}

/// A fraction (`0.01`, `1%`) from the first to the second, both included.
pub struct Fraction(pub (f64, f64));

impl Kind for Fraction {
    type Value = f64;

    fn parse(&self, text: &str) -> Option<f64> {
        let (low, high) = self.0;
        parse_fraction(text).filter(|value| (low..=high).contains(value))
    }

    fn print(&self, value: &f64) -> String {
        exact(*value)
    }

    fn report(&self) -> Report {
        Report::Range
    }

    fn range(&self) -> String {
        let (low, high) = self.0;
        format!("{}–{}", exact(low), exact(high))
    }
}

/// One of a few whole numbers, written plainly (`1`, `10`, `100`).
pub struct OneOf(pub &'static [u32]);

impl Kind for OneOf {
    type Value = u32;

    fn parse(&self, text: &str) -> Option<u32> {
        text.parse().ok().filter(|value| self.0.contains(value))
    }

    fn print(&self, value: &u32) -> String {
        value.to_string()
    }

    fn report(&self) -> Report {
        Report::Range
    }

    fn range(&self) -> String {
        let values: Vec<String> = self.0.iter().map(u32::to_string).collect();
        values.join(", ")
    }
}

/// One of a list of named choices (a scheme, a preset), written by its name.
pub struct Names<T: 'static>(pub &'static [T], pub fn(T) -> &'static str, pub Report);

impl<T: Copy> Kind for Names<T> {
    type Value = T;

    fn parse(&self, text: &str) -> Option<T> {
        self.0
            .iter()
            .copied()
            .find(|choice| (self.1)(*choice) == text)
    }

    fn print(&self, value: &T) -> String {
        (self.1)(*value).to_owned()
    }

    fn report(&self) -> Report {
        self.2
    }

    fn range(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|choice| (self.1)(*choice)).collect();
        names.join(", ")
    }
}

/// A [`Field`] for the setting `$key` held at `link.$place`, whose text is of [`Kind`] `$kind`,
/// written [`When`] the last argument says.
macro_rules! field {
    ($key:literal, $($place:ident).+, $kind:expr, $($when:tt)+) => {
        $crate::share::codec::Field {
            key: $key,
            read: |link, text| {
                link.$($place).+ = $crate::share::codec::Kind::read(&$kind, text)?;
                Ok(())
            },
            write: |link| $crate::share::codec::Kind::print(&$kind, &link.$($place).+),
            when: $crate::share::codec::When::$($when)+,
        }
    };
}
pub(crate) use field;

/// What a `query` (the text last asked, whose answer is on screen) may be, for a report: in every
/// language, the bytes of a text not only spaces.
pub const QUERY_RANGE: &str = "1–1048576 B";

/// The `query` field of a widget's link: the text last asked, at `$place` (an `Option<String>`),
/// written only when there is one; a blank or unreadable one is reported.
macro_rules! query_field {
    ($($place:ident).+) => {
        $crate::share::codec::query_field!("query", $($place).+)
    };
    ($key:literal, $($place:ident).+) => {
        $crate::share::codec::Field {
            key: $key,
            read: |link, text| {
                link.$($place).+ = Some($crate::share::codec::item(text.to_owned()).map_err(|_| {
                    $crate::share::codec::Wrong::Outside($crate::share::codec::QUERY_RANGE.into())
                })?);
                Ok(())
            },
            write: |link| link.$($place).+.clone().unwrap_or_default(),
            when: $crate::share::codec::When::If(|link| link.$($place).+.is_some()),
        }
    };
}
pub(crate) use query_field;

/// The `step` field of a widget's link: how far a step-through of what is on screen has gone (0,
/// before its first probe, to at most `$most`), at `$place` (an `Option<u32>`) — written only while
/// stepping and when `$shown` says the link holds what is stepped through (a query, an action's
/// outcome), so the phone opens the step the wall shows.
macro_rules! step_field {
    ($($place:ident).+, $most:expr, $shown:expr) => {
        $crate::share::codec::Field {
            key: "step",
            read: |link, text| {
                let steps = $crate::share::codec::Whole(0..=$most, $crate::share::codec::Report::Range);
                link.$($place).+ = Some($crate::share::codec::Kind::read(&steps, text)?);
                Ok(())
            },
            write: |link| link.$($place).+.map(|step| step.to_string()).unwrap_or_default(),
            when: $crate::share::codec::When::If(|link| link.$($place).+.is_some() && $shown(link)),
        }
    };
}
pub(crate) use step_field;

/// The functions a widget's link module offers — `to_query`, `has_state` and `from_query` — for a
/// link of type `$link` declared by `$codec`.
macro_rules! link_functions {
    ($link:ty, $codec:ident) => {
        /// The link query for `link`.
        pub fn to_query(link: &$link) -> String {
            $codec.write(link)
        }

        /// True when the query carries this widget's state (so the link, not saved state, decides).
        pub fn has_state(query: &str) -> bool {
            $codec.carried_by(query)
        }

        /// True when the query chooses how this widget is shown (see [`Codec::shown`]).
        pub fn shown_by(query: &str) -> bool {
            $codec.shown_by(query)
        }

        /// Reads a link query; never fails: what cannot be used is left at its default and listed.
        pub fn from_query(query: &str) -> ($link, Vec<$crate::share::Ignored>) {
            $codec.read(query, None)
        }
    };
}
pub(crate) use link_functions;

/// When a setting is written into a link.
pub enum When<L> {
    /// Always.
    Always,
    /// When its text is not the default link's.
    UnlessDefault,
    /// When this holds of the link.
    If(fn(&L) -> bool),
}

/// One setting of a link: a single value, the last one given wins.
pub struct Field<L> {
    /// Its name in a link.
    pub key: &'static str,
    /// Stores the value `text` gives, or says why it gives none this setting takes.
    pub read: fn(&mut L, &str) -> Result<(), Wrong>,
    /// Its text in a link.
    pub write: fn(&L) -> String,
    /// When the link holds it.
    pub when: When<L>,
}

/// One kind of repeated part (an item, an operation), kept in the order the link gives them.
pub struct Part<L> {
    /// Its name in a link.
    pub key: &'static str,
    /// Keeps one part (its value, or why that could not be decoded), or says why it is left out.
    pub read: fn(&mut L, Result<String, QueryError>) -> Result<(), Skip>,
}

/// Why a repeated part was left out.
#[derive(Debug)]
pub enum Skip {
    /// Empty or only spaces.
    Blank,
    /// Not valid percent-encoded UTF-8.
    Unreadable,
    /// Longer than [`MAX_ITEM_BYTES`].
    Long,
    /// Past the widget's limit.
    Dropped,
    /// Its count was out of range (a count-min `add`).
    Count,
    /// Not a stream a count-min sketch can run.
    Stream,
    /// A value of its own kind that is reported on its own.
    Wrong(Ignored),
}

/// How a setting whose value is not valid percent-encoded UTF-8 is reported.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// As the setting's value, empty (and a part of unknown name as unknown).
    AsEmpty,
    /// By the part's name alone, known or not, with nothing said of its range.
    ByName,
}

/// What a link's reader does once every part is read: given the link, the keys of the settings that
/// were read, and the report so far.
pub type Finish<L> = fn(&mut L, &[&'static str], &mut Vec<Ignored>);

/// The compact form of a link's items: one payload whose inflated text holds them, separated by NUL,
/// each read by the first of [`Codec::parts`].
#[derive(Clone, Copy)]
pub struct Compact {
    /// Its name in a link.
    pub key: &'static str,
    /// True when a payload can be decoded (so its inflated text is the items).
    pub decodes: fn(&str) -> bool,
}

/// A widget's link, declared once.
pub struct Codec<L: 'static> {
    /// The settings written before the repeated parts.
    pub head: &'static [Field<L>],
    /// The repeated parts.
    pub parts: &'static [Part<L>],
    /// Writes every repeated part, in order (with the keys of [`Codec::parts`]).
    pub write_parts: fn(&L, &mut Query),
    /// The settings written after the repeated parts.
    pub tail: &'static [Field<L>],
    /// Settings that only choose how the state is shown: written last, and alone they do not make a
    /// link carry state.
    pub shown: &'static [Field<L>],
    /// The compact form of the items, if the link has one.
    pub compact: Option<Compact>,
    /// What needs the whole link read (settings that depend on each other); it is given the keys of
    /// the settings that were read.
    pub finish: Option<Finish<L>>,
    /// How an unreadable setting is reported.
    pub unreadable: Unreadable,
}

impl<L: 'static> Codec<L> {
    /// A link with nothing declared in it, to complete a declaration (`..Codec::EMPTY`).
    pub const EMPTY: Self = Codec {
        head: &[],
        parts: &[],
        write_parts: |_, _| {},
        tail: &[],
        shown: &[],
        compact: None,
        finish: None,
        unreadable: Unreadable::AsEmpty,
    };
}

impl<L: Default> Codec<L> {
    /// The setting named `key`, if this link has one.
    fn field(&self, key: &str) -> Option<&Field<L>> {
        for fields in [self.head, self.tail, self.shown] {
            if let Some(field) = fields.iter().find(|field| field.key == key) {
                return Some(field);
            }
        }
        None
    }

    /// True when `key` is one of the parameters that carry this widget's state.
    fn carries(&self, key: &str) -> bool {
        let setting = |fields: &[Field<L>]| fields.iter().any(|field| field.key == key);
        setting(self.head)
            || setting(self.tail)
            || self.parts.iter().any(|part| part.key == key)
            || self.compact.is_some_and(|compact| compact.key == key)
    }

    /// True when `query` holds any of this widget's parameters (so the link, not saved state,
    /// decides); [`Codec::shown`] settings do not count.
    pub fn carried_by(&self, query: &str) -> bool {
        parse_query(query).iter().any(|(key, _)| self.carries(key))
    }

    /// True when `query` holds any of the [`Codec::shown`] settings.
    pub fn shown_by(&self, query: &str) -> bool {
        parse_query(query)
            .iter()
            .any(|(key, _)| self.shown.iter().any(|field| field.key == key))
    }

    /// The link query for `link`.
    pub fn write(&self, link: &L) -> String {
        let mut query = Query::default();
        write_fields(self.head, link, &mut query);
        (self.write_parts)(link, &mut query);
        write_fields(self.tail, link, &mut query);
        write_fields(self.shown, link, &mut query);
        query.text
    }

    /// The compact link query: the settings as usual, and the items as one `payload` (already
    /// compressed and base64url-encoded) under [`Codec::compact`]'s key.
    pub fn write_compact(&self, link: &L, payload: &str) -> String {
        let mut query = Query::default();
        write_fields(self.head, link, &mut query);
        if let Some(compact) = self.compact {
            query.pair(compact.key, payload);
        }
        write_fields(self.tail, link, &mut query);
        write_fields(self.shown, link, &mut query);
        query.text
    }

    /// Reads `query`; `inflated` is the text the compact payload inflated to (`None` when it could
    /// not be inflated). Never fails: what cannot be used is left at its default and reported.
    pub fn read(&self, query: &str, inflated: Option<&str>) -> (L, Vec<Ignored>) {
        self.read_over(L::default(), query, inflated)
    }

    /// Reads `query` as [`Codec::read`] does, over `base` (a chapter's own filter) instead of the
    /// defaults: what the link leaves out is the base's.
    pub fn read_over(&self, base: L, query: &str, inflated: Option<&str>) -> (L, Vec<Ignored>) {
        let mut link = base;
        let mut reading = Reading::default();
        for (key, value) in parse_query(query) {
            if let Some(field) = self.field(&key) {
                match value {
                    Err(_) if self.unreadable == Unreadable::ByName => reading.nameless(&key),
                    // A value that cannot be decoded reads as empty, which no setting takes.
                    value => {
                        let text = value.unwrap_or_default();
                        match (field.read)(&mut link, &text) {
                            Ok(()) => reading.given.push(field.key),
                            Err(wrong) => reading.wrong(field.key, wrong, &text),
                        }
                    }
                }
            } else if let Some(part) = self.parts.iter().find(|part| part.key == key) {
                reading.skip((part.read)(&mut link, value));
            } else if let Some(compact) = self.compact.filter(|compact| compact.key == key) {
                let decodes = value.map(|payload| (compact.decodes)(&payload));
                let items = reading.compact(decodes, inflated);
                for item in items.split('\0').filter(|_| !items.is_empty()) {
                    reading.skip((self.parts[0].read)(&mut link, Ok(item.to_owned())));
                }
            } else {
                reading.other(&key, value.is_ok(), self.unreadable);
            }
        }
        if let Some(finish) = self.finish {
            finish(&mut link, &reading.given, &mut reading.ignored);
        }
        (link, reading.report())
    }
}

fn write_fields<L: Default>(fields: &[Field<L>], link: &L, query: &mut Query) {
    for field in fields {
        let text = (field.write)(link);
        let written = match field.when {
            When::Always => true,
            When::UnlessDefault => text != (field.write)(&L::default()),
            When::If(holds) => holds(link),
        };
        if written {
            query.pair(field.key, &text);
        }
    }
}

/// A link query being written: `key=value` pairs joined by `&`, both percent-encoded.
#[derive(Default)]
pub struct Query {
    text: String,
}

impl Query {
    /// Adds `key=value`.
    pub fn pair(&mut self, key: &str, value: &str) {
        if !self.text.is_empty() {
            self.text.push('&');
        }
        self.text.push_str(&encode_component(key));
        self.text.push('=');
        self.text.push_str(&encode_component(value));
    }
}

/// What a reading has found so far: the reports in order, the parts left out by reason, and the
/// settings read.
#[derive(Default)]
struct Reading {
    ignored: Vec<Ignored>,
    given: Vec<&'static str>,
    /// Counted by reason, in [`Skip`]'s order up to [`Skip::Stream`].
    counts: [usize; 6],
}

impl Reading {
    fn wrong(&mut self, key: &str, wrong: Wrong, text: &str) {
        self.ignored.push(match wrong {
            Wrong::Own(report) => report(text.to_owned()),
            Wrong::Outside(range) => outside(key, text, range),
        });
    }

    /// A part reported by its name alone.
    fn nameless(&mut self, key: &str) {
        self.ignored.push(outside(&short(key), "", String::new()));
    }

    /// A parameter this widget does not read: nothing when the shell reads it, else reported as
    /// unknown (its name cut to 40 characters, so a hostile link cannot fill the report).
    fn other(&mut self, key: &str, readable: bool, unreadable: Unreadable) {
        if SHELL_KEYS.contains(&key) {
        } else if !readable && unreadable == Unreadable::ByName {
            self.nameless(key);
        } else {
            self.ignored.push(Ignored::Unknown(short(key)));
        }
    }

    /// The text of a compact payload's items: empty while it is still being inflated (`inflated` is
    /// then empty), and empty, reported, when it cannot be decoded.
    fn compact<'a>(
        &mut self,
        decodes: Result<bool, QueryError>,
        inflated: Option<&'a str>,
    ) -> &'a str {
        inflated.filter(|_| decodes == Ok(true)).unwrap_or_else(|| {
            self.ignored.push(Ignored::Compact);
            ""
        })
    }

    fn skip(&mut self, read: Result<(), Skip>) {
        let reason = match read {
            Ok(()) => return,
            Err(Skip::Wrong(report)) => return self.ignored.push(report),
            Err(Skip::Count) => 0,
            Err(Skip::Stream) => 1,
            Err(Skip::Blank) => 2,
            Err(Skip::Unreadable) => 3,
            Err(Skip::Long) => 4,
            Err(Skip::Dropped) => 5,
        };
        self.counts[reason] += 1;
    }

    /// The reports, then each reason parts were left out for with its count.
    fn report(mut self) -> Vec<Ignored> {
        let [counts, streams, blank, unreadable, long, dropped] = self.counts;
        for (count, reason) in [
            (counts, Ignored::Counts as fn(usize) -> Ignored),
            (streams, Ignored::Streams),
            (blank, Ignored::BlankItems),
            (unreadable, Ignored::UnreadableItems),
            (long, Ignored::LongItems),
            (dropped, |dropped| Ignored::TooManyItems { dropped }),
        ] {
            if count > 0 {
                self.ignored.push(reason(count));
            }
        }
        self.ignored
    }
}

/// A value outside what the setting `key` may be (`range`).
pub fn outside(key: &str, text: &str, range: String) -> Ignored {
    Ignored::Value {
        key: key.to_owned(),
        value: short(text),
        range,
    }
}

/// At most 40 characters of `text`, for a report.
pub fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `text` as an item: not blank and not too long.
pub fn item(text: String) -> Result<String, Skip> {
    if is_blank(&text) {
        Err(Skip::Blank)
    } else if text.len() > MAX_ITEM_BYTES {
        Err(Skip::Long)
    } else {
        Ok(text)
    }
}

/// Room for one more when `kept` are kept and the limit is `limit`.
pub fn room(kept: usize, limit: usize) -> Result<(), Skip> {
    if kept >= limit {
        Err(Skip::Dropped)
    } else {
        Ok(())
    }
}

/// The value a part could decode, or [`Skip::Unreadable`].
pub fn readable(value: Result<String, QueryError>) -> Result<String, Skip> {
    value.map_err(|_| Skip::Unreadable)
}

/// Reads one operation of a link (an item inserted or removed) onto `operations`, within `limit`:
/// the text must decode, be an item, and find room.
pub fn push_operation<T>(
    operations: &mut Vec<T>,
    limit: usize,
    value: Result<String, QueryError>,
    operation: fn(String) -> T,
) -> Result<(), Skip> {
    let text = readable(value)?;
    room(operations.len(), limit)?;
    operations.push(operation(item(text)?));
    Ok(())
}

/// A whole-number range as a report writes it: `8–1024`.
pub fn range_text(range: RangeInclusive<u32>) -> String {
    format!("{}–{}", range.start(), range.end())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// A small link: one setting before the items, the items, one after, one that only chooses
    /// what is shown.
    #[derive(Debug, Default, PartialEq)]
    struct Sample {
        size: u32,
        items: Vec<String>,
        rate: f64,
        view: u32,
    }

    static SAMPLE: Codec<Sample> = Codec {
        head: &[field!("n", size, Whole(1..=9, Report::Range), Always)],
        parts: &[Part {
            key: "item",
            read: |sample, value| {
                let text = item(readable(value)?)?;
                room(sample.items.len(), 2)?;
                sample.items.push(text);
                Ok(())
            },
        }],
        write_parts: |sample, query| {
            for item in &sample.items {
                query.pair("item", item);
            }
        },
        tail: &[field!("p", rate, Fraction((0.0, 0.5)), UnlessDefault)],
        shown: &[field!("view", view, OneOf(&[0, 1]), UnlessDefault)],
        ..Codec::EMPTY
    };

    #[test]
    fn the_declared_keys_decide_whether_a_query_carries_state() {
        for key in ["n", "item", "p"] {
            assert!(SAMPLE.carried_by(&format!("{key}=x")), "{key}");
        }
        // A setting that only chooses what is shown, the shell's and unknown ones do not.
        for query in ["view=1", "lang=zh&present=1", "zzz=1", ""] {
            assert!(!SAMPLE.carried_by(query), "{query}");
        }
        // Which it tells apart.
        assert!(SAMPLE.shown_by("lang=zh&view=1"));
        for query in ["n=1", "lang=zh&present=1", "zzz=1", ""] {
            assert!(!SAMPLE.shown_by(query), "{query}");
        }
    }

    #[test]
    fn reading_follows_the_declaration_and_reports_what_it_cannot_use() {
        let (sample, ignored) = SAMPLE.read(
            "n=12&item=a&item=%20&zzz=1&p=%FF&item=b&item=c&lang=zh&view=1",
            None,
        );
        assert_eq!(
            sample,
            Sample {
                size: 0,
                items: vec!["a".into(), "b".into()],
                rate: 0.0,
                view: 1,
            }
        );
        assert_eq!(
            ignored,
            vec![
                outside("n", "12", "1–9".into()),
                Ignored::Unknown("zzz".into()),
                outside("p", "", "0–0.5".into()),
                Ignored::BlankItems(1),
                Ignored::TooManyItems { dropped: 1 },
            ]
        );
    }

    #[test]
    fn writing_follows_the_declaration_in_its_order() {
        let mut sample = Sample {
            size: 3,
            items: vec!["a b".into()],
            ..Sample::default()
        };
        // Settings at their defaults are left out when so declared.
        assert_eq!(SAMPLE.write(&sample), "n=3&item=a%20b");
        sample.rate = 0.25;
        sample.view = 1;
        assert_eq!(SAMPLE.write(&sample), "n=3&item=a%20b&p=0.25&view=1");
        assert_eq!(SAMPLE.read(&SAMPLE.write(&sample), None), (sample, vec![]));
    }
}

//! The playground's state as a link: `m=20&k=3&scheme=double&item=apple&item=banana`, one `item` per
//! insert in order, each UTF-8 and percent-encoded so commas, `&`, emoji and CJK survive. Past
//! [`PLAIN_LINK_LIMIT`] bytes the items move into one `z` parameter, DEFLATE-compressed and
//! base64url-encoded (the browser's own `CompressionStream` compresses, so the page carries only the
//! decompressor). Reading a link never fails: whatever cannot be used is dropped, sane values take
//! its place, and the reader gets the list of what was ignored.

pub mod bugs;
pub mod codec;
pub mod count_min;
pub mod counting;
pub mod exercise;
pub mod filters;
pub mod lab;
pub mod scalable;
pub mod sets;

use crate::url::{parse_query, QueryError};
use bloom_core::hashing::HashScheme;
use bloom_core::params::{FilterParams, BITS_RANGE, HASHES_RANGE};
use bloom_core::playground::Playground;
use bloom_core::words::{DEFAULT_SEED, SEED_RANGE};
use codec::{
    field, item, readable, room, Codec, Compact, Field, Names, Part, Report, Skip, When, Whole,
    Wrong,
};

/// Past this many bytes a link is offered in its compact form (some servers and chat tools cut
/// longer URLs; 8 kB is the common limit).
pub const PLAIN_LINK_LIMIT: usize = 8 * 1024;
/// Items read from one link at most; the rest are reported as dropped.
pub const MAX_LINK_ITEMS: usize = 10_000;
/// The compact payload may not inflate past this (a defence against "zip bombs").
pub const MAX_INFLATED_BYTES: usize = 16 << 20;

/// What a playground link holds: everything the playground shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedState {
    /// m, k and the scheme.
    pub params: FilterParams,
    /// Every insert, in order (an item inserted twice appears twice).
    pub items: Vec<String>,
    /// The seed "Add random words" uses next.
    pub seed: u32,
    /// The text last queried, whose verdict is on screen (`query=grape`).
    pub query: Option<String>,
    /// A step-through part-way (`steps=query.3.grape`): what the class sees on the wall is what a
    /// student's phone opens.
    pub steps: Option<LinkedSteps>,
}

impl Default for SharedState {
    fn default() -> Self {
        Self {
            params: FilterParams::default(),
            items: Vec::new(),
            seed: DEFAULT_SEED,
            query: None,
            steps: None,
        }
    }
}

/// Which action is being stepped through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// An insert.
    Insert,
    /// A query.
    Query,
}

impl StepKind {
    /// Its name in a link.
    pub fn id(self) -> &'static str {
        match self {
            StepKind::Insert => "insert",
            StepKind::Query => "query",
        }
    }
}

/// A step-through as a link holds it: the action, the step shown and the text stepped through. The
/// filter is the link's as it is before the action, until the result step: there an inserted item
/// is the link's last, and a reader takes it out to step to it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedSteps {
    /// Insert or query.
    pub kind: StepKind,
    /// The step shown, from 0 (written from 1, as the panel numbers it).
    pub position: usize,
    /// The text inserted or queried.
    pub text: String,
}

/// The most steps a step-through has: its leading steps, one per index (k ≤ 16) and the result.
const MOST_STEPS: usize = 21;

impl LinkedSteps {
    /// `query.3.grape`: the action, the step's number from 1, the text (which may hold dots).
    fn write(&self) -> String {
        [
            self.kind.id(),
            ".",
            &(self.position + 1).to_string(),
            ".",
            &self.text,
        ]
        .concat()
    }

    fn read(text: &str) -> Option<Self> {
        let mut pieces = text.splitn(3, '.');
        let kind = match pieces.next()? {
            "insert" => StepKind::Insert,
            "query" => StepKind::Query,
            _ => return None,
        };
        let number: usize = pieces.next()?.parse().ok()?;
        let text = item(pieces.next()?.to_owned()).ok()?;
        (1..=MOST_STEPS).contains(&number).then(|| Self {
            kind,
            position: number - 1,
            text,
        })
    }
}

impl SharedState {
    /// The state of a playground whose random words come from `seed` next: each distinct item as
    /// often as it was inserted, in first-insert order.
    pub fn of(playground: &Playground, seed: u32) -> Self {
        Self {
            seed,
            query: None,
            steps: None,
            params: playground.params(),
            items: playground
                .items()
                .iter()
                .flat_map(|item| std::iter::repeat_n(item.text.clone(), item.times as usize))
                .collect(),
        }
    }

    /// A playground with these parameters and items.
    pub fn playground(&self) -> Playground {
        let mut playground = Playground::new(self.params);
        for item in &self.items {
            // Items in a SharedState were checked when the link was read; nothing here can fail.
            let _ = playground.insert(item);
        }
        playground
    }
}

/// One part of a link that was not used, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ignored {
    /// `m` was not a whole number in range (the text).
    Bits(String),
    /// `k` was not a whole number in range.
    Hashes(String),
    /// `scheme` named no known scheme.
    Scheme(String),
    /// `seed` was not a whole number in range.
    Seed(String),
    /// This many `item`s were empty or only spaces.
    BlankItems(usize),
    /// This many `item`s were not valid percent-encoded UTF-8.
    UnreadableItems(usize),
    /// This many `item`s were longer than an item may be.
    LongItems(usize),
    /// Items past [`MAX_LINK_ITEMS`].
    TooManyItems {
        /// How many were dropped.
        dropped: usize,
    },
    /// The compact `z` payload could not be decoded.
    Compact,
    /// The compact `z` payload breaks off part-way (the link was cut short); the items before the
    /// break were kept, and this many are in the playground.
    CutOff {
        /// Items restored.
        restored: usize,
    },
    /// `c` was not a whole number in range.
    CounterBits(String),
    /// `w` was not a whole number in range.
    Width(String),
    /// `d` was not a whole number in range.
    Depth(String),
    /// `s` was not an exponent in range.
    Exponent(String),
    /// This many `add`s had a count out of range.
    Counts(usize),
    /// This many `stream`s could not be read.
    Streams(usize),
    /// A setting outside what it may be.
    Value {
        /// The parameter's name.
        key: String,
        /// Its text (empty when it was not readable).
        value: String,
        /// What it may be.
        range: String,
    },
    /// A parameter this page does not know (its name).
    Unknown(String),
}

/// Parameters other pages, the shell or an embed's page script (`static/embedded.js`: theme,
/// background, accent, heading, the host's look) read from the same link, and the slide and the
/// exercise of a presented chapter whose widget reads the chapter's link; not "unknown" here.
pub(crate) const SHELL_KEYS: [&str; 10] = [
    "present",
    "slide",
    // A chapter's exercise (`share::exercise`), beside the chapter's widget in its link.
    "exercise",
    "theme",
    "controls",
    "lang",
    "background",
    "accent",
    "title",
    "look",
];

/// What `steps` may be, for a report (as it is written, in every language).
const STEPS_RANGE: &str = "insert.1–21.…, query.1–21.…";

/// m, as every filter's link reads it.
pub const BITS: Whole = Whole(BITS_RANGE, Report::Own(Ignored::Bits));
/// k, as every filter's link reads it.
pub const HASHES: Whole = Whole(HASHES_RANGE, Report::Own(Ignored::Hashes));
/// The hash scheme, by its name.
pub const SCHEME: Names<HashScheme> = Names(
    &HashScheme::ALL,
    HashScheme::id,
    Report::Own(Ignored::Scheme),
);
/// The seed of the random words.
const SEED: Whole = Whole(SEED_RANGE, Report::Own(Ignored::Seed));

/// The playground's link, declared once: m, k, the scheme and the seed (left out when it is the
/// first one), then one `item` per insert — or, compact, all items in one `z`.
pub static PLAYGROUND: Codec<SharedState> = Codec {
    head: &[
        field!("m", params.bits, BITS, Always),
        field!("k", params.hashes, HASHES, Always),
        field!("scheme", params.scheme, SCHEME, Always),
        field!("seed", seed, SEED, UnlessDefault),
    ],
    parts: &[Part {
        key: "item",
        read: read_item,
    }],
    // What is on screen besides the filter: the last query's verdict and a step-through part-way.
    tail: &[
        codec::query_field!(query),
        Field {
            key: "steps",
            read: |state, text| {
                state.steps = Some(
                    LinkedSteps::read(text).ok_or_else(|| Wrong::Outside(STEPS_RANGE.into()))?,
                );
                Ok(())
            },
            write: |state| {
                state
                    .steps
                    .as_ref()
                    .map(LinkedSteps::write)
                    .unwrap_or_default()
            },
            when: When::If(|state| state.steps.is_some()),
        },
    ],
    write_parts: |state, query| {
        for item in &state.items {
            query.pair("item", item);
        }
    },
    compact: Some(Compact {
        key: "z",
        decodes: |payload| base64url_decode_cut(payload).is_some(),
    }),
    ..Codec::EMPTY
};

/// Keeps one `item` (NUL, which no item contains and the compact form separates items with, counts
/// as blank).
fn read_item(state: &mut SharedState, value: Result<String, QueryError>) -> Result<(), Skip> {
    let text = readable(value)?;
    room(state.items.len(), MAX_LINK_ITEMS)?;
    if text.contains('\0') {
        return Err(Skip::Blank);
    }
    state.items.push(item(text)?);
    Ok(())
}

/// The plain link query for `state`.
pub fn to_query(state: &SharedState) -> String {
    PLAYGROUND.write(state)
}

/// The text the compact form compresses: the items joined by NUL, which no item contains (it is not
/// typable and is refused in links).
pub fn compact_items(state: &SharedState) -> String {
    state.items.join("\0")
}

/// The compact link query: m, k and scheme as usual, and in one `z` parameter the raw DEFLATE of
/// [`compact_items`] (RFC 1951, as `CompressionStream("deflate-raw")` writes it).
pub fn compact_query(state: &SharedState, deflated: &[u8]) -> String {
    PLAYGROUND.write_compact(state, &base64url_encode(deflated))
}

/// True when the query carries playground state (so it wins over saved state).
pub fn has_state(query: &str) -> bool {
    PLAYGROUND.carried_by(query)
}

/// The compressed bytes of a link's `z` parameter, for the browser to inflate; `None` when the link
/// has none or it is not base64url (which [`from_query`] reports).
pub fn compressed_items(query: &str) -> Option<Vec<u8>> {
    parse_query(query)
        .into_iter()
        .find_map(|(key, value)| (key == "z").then_some(value.ok()?))
        .and_then(|payload| base64url_decode_cut(&payload))
}

/// [`base64url_decode`] of a payload that may have been cut short: a dangling last character (which
/// alone cannot make a byte) is left out.
fn base64url_decode_cut(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let dangling = text.is_ascii() && text.len() % 4 == 1;
    base64url_decode(
        text.get(..text.len() - usize::from(dangling))
            .unwrap_or(text),
    )
}

/// The item text of an inflated `z` payload: all of it when the data is `complete`; when it broke
/// off, the whole items before the break (the last one may be cut, so it is left out). `None` when
/// complete data is not UTF-8.
pub fn inflated_text(mut bytes: Vec<u8>, complete: bool) -> Option<String> {
    if complete {
        return String::from_utf8(bytes).ok();
    }
    let valid = match std::str::from_utf8(&bytes) {
        Ok(text) => text.len(),
        Err(error) => error.valid_up_to(),
    };
    bytes.truncate(valid);
    let mut text = String::from_utf8(bytes).ok()?;
    text.truncate(text.rfind('\0').unwrap_or(0));
    Some(text)
}

/// Reads a link query whose `z` items, if any, have not been inflated: those are left out (and not
/// reported, since they are on their way). Never fails.
pub fn from_query(query: &str) -> (SharedState, Vec<Ignored>) {
    from_query_inflated(query, Some(""))
}

/// Reads a link query. `inflated` is the text the `z` parameter inflated to (`None` when it could not
/// be inflated). Never fails: unusable parts are replaced by defaults and listed.
pub fn from_query_inflated(query: &str, inflated: Option<&str>) -> (SharedState, Vec<Ignored>) {
    PLAYGROUND.read(query, inflated)
}

/// Reads a link query as [`from_query_inflated`] does, for a widget whose own filter is `preset`
/// (a chapter's): what the link leaves out — m, k, the scheme, the seed — is the preset's, and the
/// items are the link's alone.
pub fn from_query_over(
    preset: &SharedState,
    query: &str,
    inflated: Option<&str>,
) -> (SharedState, Vec<Ignored>) {
    let base = SharedState {
        params: preset.params,
        seed: preset.seed,
        ..SharedState::default()
    };
    PLAYGROUND.read_over(base, query, inflated)
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for position in 0..=chunk.len() {
            out.push(BASE64URL[(group >> (18 - 6 * position) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url without padding; `None` for any character outside the alphabet or a bad length.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return None;
    }
    let value = |byte: u8| BASE64URL.iter().position(|&c| c == byte).map(|v| v as u32);
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        let mut group = 0u32;
        for (position, &byte) in chunk.iter().enumerate() {
            group |= value(byte)? << (18 - 6 * position);
        }
        for position in 0..chunk.len() - 1 {
            out.push((group >> (16 - 8 * position)) as u8);
        }
    }
    Some(out)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::text::is_blank;
    use proptest::prelude::*;

    fn state(bits: u32, hashes: u32, scheme: HashScheme, items: &[&str]) -> SharedState {
        SharedState {
            params: FilterParams {
                bits,
                hashes,
                scheme,
            },
            items: items.iter().map(|item| item.to_string()).collect(),
            ..SharedState::default()
        }
    }

    #[test]
    fn the_last_query_and_a_step_part_way_travel_in_the_link() {
        let mut shared = state(16, 3, HashScheme::DoubleHashing, &["apple"]);
        shared.query = Some("grape".into());
        shared.steps = Some(LinkedSteps {
            kind: StepKind::Insert,
            position: 2,
            text: "v1.2 🌸".into(),
        });
        let query = to_query(&shared);
        assert_eq!(
            query,
            "m=16&k=3&scheme=double&item=apple&query=grape&steps=insert.3.v1.2%20%F0%9F%8C%B8"
        );
        assert_eq!(from_query(&query), (shared, vec![]));
        assert!(has_state("query=grape"));
        // A step that no step-through has, an action that is neither, a blank text: reported.
        let (read, ignored) = from_query(
            "m=16&steps=query.0.x&steps=remove.2.x&query=%20&steps=query.22.x&steps=query.3.",
        );
        assert_eq!((read.query, read.steps), (None, None));
        assert_eq!(ignored.len(), 5, "{ignored:?}");
        assert!(
            matches!(&ignored[0], Ignored::Value { key, range, .. } if key == "steps" && range == STEPS_RANGE)
        );
    }

    #[test]
    fn a_chapter_link_that_names_only_items_keeps_the_chapters_filter() {
        let chapter = state(16, 3, HashScheme::DoubleHashing, &["apple", "banana"]);
        // Items and a query: the chapter's m and k, the link's items alone.
        let (read, ignored) =
            from_query_over(&chapter, "item=pear&item=mango&query=melon", Some(""));
        assert_eq!(ignored, vec![]);
        assert_eq!((read.params.bits, read.params.hashes), (16, 3));
        assert_eq!(read.items, vec!["pear".to_string(), "mango".to_string()]);
        assert_eq!(read.query.as_deref(), Some("melon"));
        // What the link names wins; an unusable m is the chapter's, and reported.
        let (read, ignored) = from_query_over(&chapter, "m=64&item=pear", Some(""));
        assert_eq!((read.params.bits, read.params.hashes), (64, 3));
        assert!(ignored.is_empty());
        let (read, ignored) = from_query_over(&chapter, "m=abc&item=pear", Some(""));
        assert_eq!(read.params.bits, 16);
        assert_eq!(ignored.len(), 1);
        // The site's playground reads over its own defaults, as before.
        assert_eq!(
            from_query_over(&SharedState::default(), "item=pear", Some("")),
            from_query("item=pear")
        );
    }

    #[test]
    fn plain_links_look_as_documented() {
        let shared = state(20, 3, HashScheme::DoubleHashing, &["apple", "banana"]);
        assert_eq!(
            to_query(&shared),
            "m=20&k=3&scheme=double&item=apple&item=banana"
        );
        let awkward = state(32, 3, HashScheme::Independent, &["a,b&c=d", "🌸", "布隆"]);
        let query = to_query(&awkward);
        assert!(query.contains("item=a%2Cb%26c%3Dd"));
        assert_eq!(from_query(&query), (awkward, vec![]));
    }

    #[test]
    fn hostile_links_are_read_with_defaults_and_reported() {
        let (shared, ignored) = from_query(
            "m=abc&k=-1&scheme=rot13&item=&item=%20&item=%FF&item=ok&utm_source=x&present=1",
        );
        assert_eq!(shared.params, FilterParams::default());
        assert_eq!(shared.items, vec!["ok".to_string()]);
        assert_eq!(
            ignored,
            vec![
                Ignored::Bits("abc".into()),
                Ignored::Hashes("-1".into()),
                Ignored::Scheme("rot13".into()),
                Ignored::Unknown("utm_source".into()),
                Ignored::BlankItems(2),
                Ignored::UnreadableItems(1),
            ]
        );
    }

    #[test]
    fn a_million_items_are_cut_to_the_limit() {
        let query = (0..1_000_000)
            .map(|i| format!("item={i}"))
            .collect::<Vec<_>>()
            .join("&");
        let (shared, ignored) = from_query(&query);
        assert_eq!(shared.items.len(), MAX_LINK_ITEMS);
        assert_eq!(
            ignored,
            vec![Ignored::TooManyItems {
                dropped: 1_000_000 - MAX_LINK_ITEMS
            }]
        );
    }

    /// Raw DEFLATE as the browser's `CompressionStream("deflate-raw")` writes it.
    fn to_compact_query(state: &SharedState) -> String {
        let deflated = miniz_oxide::deflate::compress_to_vec(compact_items(state).as_bytes(), 9);
        compact_query(state, &deflated)
    }

    /// Reads a link as the page does: inflate `z` (as `DecompressionStream` would), then read.
    fn read(query: &str) -> (SharedState, Vec<Ignored>) {
        let inflated = compressed_items(query).and_then(|bytes| {
            miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED_BYTES).ok()
        });
        let text = inflated.and_then(|bytes| String::from_utf8(bytes).ok());
        from_query_inflated(query, text.as_deref())
    }

    #[test]
    fn the_seed_travels_in_the_link_unless_it_is_the_first_one() {
        let mut shared = state(64, 3, HashScheme::DoubleHashing, &["apple"]);
        assert!(!to_query(&shared).contains("seed"));
        shared.seed = 42;
        let query = to_query(&shared);
        assert!(query.contains("seed=42"), "{query}");
        assert_eq!(from_query(&query), (shared, Vec::new()));
        let (read, ignored) = from_query("m=64&seed=abc");
        assert_eq!(read.seed, DEFAULT_SEED);
        assert_eq!(ignored, vec![Ignored::Seed("abc".into())]);
        assert!(has_state("seed=5"));
    }

    #[test]
    fn a_payload_cut_short_keeps_its_whole_items() {
        let state = state(
            64,
            3,
            HashScheme::DoubleHashing,
            &["apple", "banana", "cherry"],
        );
        let text = compact_items(&state);
        // Cut inside "cherry": apple and banana are whole.
        let cut = text.as_bytes()[..text.len() - 3].to_vec();
        assert_eq!(inflated_text(cut, false).as_deref(), Some("apple\0banana"));
        // Cut inside a multi-byte character and before any separator: nothing whole.
        let mut broken = "🌸🌸".as_bytes().to_vec();
        broken.pop();
        assert_eq!(inflated_text(broken.clone(), false).as_deref(), Some(""));
        assert_eq!(inflated_text(broken, true), None);
        assert_eq!(inflated_text(text.clone().into_bytes(), true), Some(text));
        // A payload cut to a length no whole base64 can have still decodes its whole groups.
        assert_eq!(base64url_decode_cut("YWJjZA"), Some(b"abcd".to_vec()));
        assert_eq!(base64url_decode_cut("YWJjZ"), Some(b"abc".to_vec()));
        assert_eq!(base64url_decode("YWJjZ"), None);
    }

    #[test]
    fn compact_links_round_trip_and_are_shorter() {
        let items: Vec<String> = (0..3000)
            .map(|i| format!("https://example.com/page/{i}"))
            .collect();
        let shared = SharedState {
            items,
            ..SharedState::default()
        };
        let plain = to_query(&shared);
        let compact = to_compact_query(&shared);
        assert!(plain.len() > PLAIN_LINK_LIMIT);
        assert!(
            compact.len() * 4 < plain.len(),
            "{} vs {}",
            compact.len(),
            plain.len()
        );
        assert_eq!(read(&compact), (shared.clone(), vec![]));
        // Before the items arrive the link gives its parameters and nothing to complain about.
        let (pending, ignored) = from_query(&compact);
        assert_eq!(
            (pending.params, pending.items.len(), ignored),
            (shared.params, 0, vec![])
        );
        let (_, ignored) = read("z=!!!");
        assert_eq!(ignored, vec![Ignored::Compact]);
    }

    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(plain.as_bytes()), encoded);
            assert_eq!(base64url_decode(encoded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("Z"), None);
        assert_eq!(base64url_decode("Zm+v"), None);
    }

    #[test]
    fn playground_round_trip_keeps_duplicates() {
        let mut playground = Playground::new(FilterParams {
            bits: 64,
            hashes: 4,
            scheme: HashScheme::EnhancedDoubleHashing,
        });
        for word in ["apple", "banana", "apple"] {
            playground.insert(word).unwrap();
        }
        let shared = SharedState::of(&playground, 7);
        assert_eq!(shared.items, vec!["apple", "apple", "banana"]);
        assert_eq!(shared.seed, 7);
        let back = shared.playground();
        assert_eq!(back.items(), playground.items());
        assert_eq!(back.filter(), playground.filter());
    }

    fn arbitrary_state() -> impl Strategy<Value = SharedState> {
        (
            8u32..=1024,
            1u32..=16,
            proptest::sample::select(HashScheme::ALL.to_vec()),
            proptest::collection::vec(
                "[^\u{0}]{1,12}".prop_filter("not blank", |s| !is_blank(s)),
                0..20,
            ),
            SEED_RANGE,
            proptest::option::of("[^\u{0}]{1,12}".prop_filter("not blank", |s| !is_blank(s))),
            proptest::option::of((0usize..20, any::<bool>())),
        )
            .prop_map(
                |(bits, hashes, scheme, items, seed, query, steps)| SharedState {
                    params: FilterParams {
                        bits,
                        hashes,
                        scheme,
                    },
                    steps: steps.map(|(position, insert)| LinkedSteps {
                        kind: if insert {
                            StepKind::Insert
                        } else {
                            StepKind::Query
                        },
                        position,
                        text: query.clone().unwrap_or_else(|| "fox".into()),
                    }),
                    items,
                    seed,
                    query,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100_000))]
        #[test]
        fn reading_any_link_never_panics(query in ".{0,80}") {
            let (shared, _) = from_query(&query);
            prop_assert!((8..=1024).contains(&shared.params.bits));
            prop_assert!((1..=16).contains(&shared.params.hashes));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]
        #[test]
        fn encode_then_decode_is_the_identity(shared in arbitrary_state()) {
            prop_assert_eq!(from_query(&to_query(&shared)), (shared.clone(), vec![]));
            prop_assert_eq!(read(&to_compact_query(&shared)), (shared, vec![]));
        }

        #[test]
        fn structured_garbage_never_panics(parts in proptest::collection::vec(("(m|k|scheme|item|z|x)", "[%0-9A-Za-z+_\u{1F338}-]{0,10}"), 0..12)) {
            let query = parts.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
            let _ = from_query(&query);
        }
    }
}

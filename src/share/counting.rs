//! The counting filter's state as a link: `m=32&k=3&scheme=double&c=4&add=apple&add=pear&del=apple`,
//! one `add` per insert and one `del` per removal, in the order they happened — removals matter in
//! order, since a wrong one changes what later queries answer — and the last query, whose answer is
//! on screen (`query=grape`), so a class's QR code opens the verdict the wall shows — or, when what is
//! on screen is what the last insert or removal did, `last=shown`, so the code opens that too — and,
//! while that action is stepped through, how many of its probes are shown done (`step=2`), so the
//! phone opens the step the wall shows.
//! Reading never fails: what cannot be used is dropped and listed, as for the playground's links.

use bloom_core::counting::{CountingParams, Operation, COUNTER_BITS_RANGE, MAX_OPERATIONS};
use bloom_core::params::HASHES_RANGE;

use super::codec::{
    field, link_functions, push_operation, query_field, step_field, Codec, Field, Part, Report,
    When, Whole, Wrong,
};
use super::{Ignored, BITS, HASHES, SCHEME};

/// What a counting filter's link holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CountingLink {
    /// m, k, the scheme and c.
    pub params: CountingParams,
    /// Every insert and removal, in order.
    pub operations: Vec<Operation>,
    /// The text last queried, whose answer is on screen.
    pub query: Option<String>,
    /// What the last insert or removal did is on screen (and no query's answer).
    pub last_shown: bool,
    /// The step-through of what is on screen: how many of its probes are shown done.
    pub step: Option<u32>,
}

/// The counting filter's link, declared once: m, k, the scheme and c, then one `add` or `del` per
/// insert or removal.
pub static COUNTING: Codec<CountingLink> = Codec {
    head: &[
        field!("m", params.filter.bits, BITS, Always),
        field!("k", params.filter.hashes, HASHES, Always),
        field!("scheme", params.filter.scheme, SCHEME, Always),
        field!("c", params.counter_bits, COUNTER_BITS, Always),
    ],
    parts: &[
        Part {
            key: "add",
            read: |link, value| {
                push_operation(
                    &mut link.operations,
                    MAX_OPERATIONS,
                    value,
                    Operation::Insert,
                )
            },
        },
        Part {
            key: "del",
            read: |link, value| {
                push_operation(
                    &mut link.operations,
                    MAX_OPERATIONS,
                    value,
                    Operation::Remove,
                )
            },
        },
    ],
    tail: &[
        query_field!(query),
        Field {
            key: "last",
            read: |link, text| {
                if text != LAST_SHOWN {
                    return Err(Wrong::Outside(LAST_SHOWN.into()));
                }
                link.last_shown = true;
                Ok(())
            },
            write: |_| LAST_SHOWN.into(),
            when: When::If(|link| link.last_shown && link.query.is_none()),
        },
        step_field!(step, *HASHES_RANGE.end(), |link: &CountingLink| link
            .last_shown
            || link.query.is_some()),
    ],
    write_parts: |link, query| {
        for operation in &link.operations {
            match operation {
                Operation::Insert(text) => query.pair("add", text),
                Operation::Remove(text) => query.pair("del", text),
            }
        }
    },
    ..Codec::EMPTY
};

link_functions!(CountingLink, COUNTING);

/// The value of `last`: what the last insert or removal did is on screen.
const LAST_SHOWN: &str = "shown";

/// c, the bits per counter.
const COUNTER_BITS: Whole = Whole(COUNTER_BITS_RANGE, Report::Own(Ignored::CounterBits));

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bloom_core::hashing::HashScheme;
    use bloom_core::params::FilterParams;

    #[test]
    fn a_link_keeps_every_operation_in_order() {
        let link = CountingLink {
            params: CountingParams {
                filter: FilterParams {
                    bits: 16,
                    hashes: 2,
                    scheme: HashScheme::Independent,
                },
                counter_bits: 2,
            },
            operations: vec![
                Operation::Insert("apple".into()),
                Operation::Insert("a&b=c 猫 🙂".into()),
                Operation::Remove("apple".into()),
                Operation::Remove("<script>".into()),
            ],
            query: None,
            last_shown: false,
            step: None,
        };
        let query = to_query(&link);
        assert!(query.starts_with("m=16&k=2&scheme=independent&c=2&add=apple&add=a%26b%3Dc"));
        assert_eq!(from_query(&query), (link, Vec::new()));
    }

    #[test]
    fn the_last_query_travels_after_the_operations() {
        let link = CountingLink {
            operations: vec![Operation::Insert("apple".into())],
            query: Some("grape 🍇".into()),
            ..CountingLink::default()
        };
        let query = to_query(&link);
        assert!(
            query.ends_with("&add=apple&query=grape%20%F0%9F%8D%87"),
            "{query}"
        );
        assert_eq!(from_query(&query), (link, Vec::new()));
        // A blank query is dropped and reported.
        let (read, ignored) = from_query("add=apple&query=%20");
        assert_eq!(read.query, None);
        assert!(matches!(&ignored[..], [Ignored::Value { key, .. }] if key == "query"));
    }

    #[test]
    fn the_last_operation_shown_travels_as_last_shown() {
        let link = CountingLink {
            operations: vec![
                Operation::Insert("apple".into()),
                Operation::Remove("fig".into()),
            ],
            last_shown: true,
            ..CountingLink::default()
        };
        let query = to_query(&link);
        assert!(query.ends_with("&add=apple&del=fig&last=shown"), "{query}");
        assert_eq!(from_query(&query), (link, Vec::new()));
        // A query's answer on screen is what the link says: no `last`.
        let asked = CountingLink {
            query: Some("kiwi".into()),
            last_shown: true,
            ..CountingLink::default()
        };
        assert!(!to_query(&asked).contains("last="));
        // Any other value is dropped and reported.
        let (read, ignored) = from_query("add=apple&last=yes");
        assert!(!read.last_shown);
        assert!(matches!(&ignored[..], [Ignored::Value { key, .. }] if key == "last"));
    }

    #[test]
    fn a_step_part_way_travels_with_what_it_steps_through() {
        let link = CountingLink {
            operations: vec![Operation::Insert("apple".into())],
            query: Some("pear".into()),
            step: Some(2),
            ..CountingLink::default()
        };
        let query = to_query(&link);
        assert!(query.ends_with("&add=apple&query=pear&step=2"), "{query}");
        assert_eq!(from_query(&query), (link, Vec::new()));
        let shown = CountingLink {
            operations: vec![Operation::Insert("apple".into())],
            last_shown: true,
            step: Some(0),
            ..CountingLink::default()
        };
        assert!(to_query(&shown).ends_with("&last=shown&step=0"));
        // Nothing on screen to step through: no step.
        let idle = CountingLink {
            step: Some(1),
            ..CountingLink::default()
        };
        assert!(!to_query(&idle).contains("step="));
        // Past any k, or not a number: dropped and reported.
        for wrong in ["17", "-1", "two"] {
            let (read, ignored) = from_query(&format!("add=apple&last=shown&step={wrong}"));
            assert_eq!(read.step, None);
            assert!(
                matches!(&ignored[..], [Ignored::Value { key, .. }] if key == "step"),
                "{wrong}"
            );
        }
    }

    #[test]
    fn a_bad_link_loses_only_its_bad_parts() {
        let (link, ignored) =
            from_query("m=5000&c=9&add=&add=pear&del=%E0%A4&zzz=1&present=1&lang=zh");
        assert_eq!(link.params, CountingParams::default());
        assert_eq!(link.operations, vec![Operation::Insert("pear".into())]);
        assert_eq!(
            ignored,
            vec![
                Ignored::Bits("5000".into()),
                Ignored::CounterBits("9".into()),
                Ignored::Unknown("zzz".into()),
                Ignored::BlankItems(1),
                Ignored::UnreadableItems(1),
            ]
        );
        assert!(has_state("c=3"));
        assert!(!has_state("present=1"));
    }

    #[test]
    fn a_link_holds_at_most_the_operations_a_filter_keeps() {
        let query: String = (0..MAX_OPERATIONS + 5)
            .map(|i| format!("add=w{i}&"))
            .collect();
        let (link, ignored) = from_query(&query);
        assert_eq!(link.operations.len(), MAX_OPERATIONS);
        assert_eq!(ignored, vec![Ignored::TooManyItems { dropped: 5 }]);
    }
}

//! The counting filter's state as a link: `m=32&k=3&scheme=double&c=4&add=apple&add=pear&del=apple`,
//! one `add` per insert and one `del` per removal, in the order they happened — removals matter in
//! order, since a wrong one changes what later queries answer. Reading never fails: what cannot be
//! used is dropped and listed, as for the playground's links.

use crate::url::{build_query, parse_query};
use bloom_core::counting::{CountingParams, Operation, COUNTER_BITS_RANGE, MAX_OPERATIONS};
use bloom_core::hashing::HashScheme;
use bloom_core::params::{parse_bits, parse_hashes, parse_in_range};
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::text::is_blank;

use super::{Ignored, SHELL_KEYS};

/// What a counting filter's link holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CountingLink {
    /// m, k, the scheme and c.
    pub params: CountingParams,
    /// Every insert and removal, in order.
    pub operations: Vec<Operation>,
}

/// The link query for `link`.
pub fn to_query(link: &CountingLink) -> String {
    let filter = link.params.filter;
    let (m, k, c) = (
        filter.bits.to_string(),
        filter.hashes.to_string(),
        link.params.counter_bits.to_string(),
    );
    let head = [
        ("m", m.as_str()),
        ("k", k.as_str()),
        ("scheme", filter.scheme.id()),
        ("c", c.as_str()),
    ];
    build_query(
        head.into_iter()
            .chain(link.operations.iter().map(|operation| match operation {
                Operation::Insert(text) => ("add", text.as_str()),
                Operation::Remove(text) => ("del", text.as_str()),
            })),
    )
}

/// True when the query carries counting-filter state.
pub fn has_state(query: &str) -> bool {
    parse_query(query)
        .iter()
        .any(|(key, _)| matches!(key.as_str(), "m" | "k" | "scheme" | "c" | "add" | "del"))
}

/// Reads a link query; never fails.
pub fn from_query(query: &str) -> (CountingLink, Vec<Ignored>) {
    let mut link = CountingLink::default();
    let mut ignored = Vec::new();
    let (mut blank, mut unreadable, mut long, mut dropped) = (0, 0, 0, 0);
    for (key, value) in parse_query(query) {
        match (key.as_str(), value) {
            ("m", Ok(text)) => match parse_bits(&text) {
                Ok(bits) => link.params.filter.bits = bits,
                Err(_) => ignored.push(Ignored::Bits(text)),
            },
            ("k", Ok(text)) => match parse_hashes(&text) {
                Ok(hashes) => link.params.filter.hashes = hashes,
                Err(_) => ignored.push(Ignored::Hashes(text)),
            },
            ("scheme", Ok(text)) => match HashScheme::from_id(&text) {
                Some(scheme) => link.params.filter.scheme = scheme,
                None => ignored.push(Ignored::Scheme(text)),
            },
            ("c", Ok(text)) => match parse_in_range(&text, COUNTER_BITS_RANGE) {
                Ok(bits) => link.params.counter_bits = bits,
                Err(_) => ignored.push(Ignored::CounterBits(text)),
            },
            ("m", Err(_)) => ignored.push(Ignored::Bits(String::new())),
            ("k", Err(_)) => ignored.push(Ignored::Hashes(String::new())),
            ("scheme", Err(_)) => ignored.push(Ignored::Scheme(String::new())),
            ("c", Err(_)) => ignored.push(Ignored::CounterBits(String::new())),
            (verb @ ("add" | "del"), Ok(text)) => {
                if link.operations.len() >= MAX_OPERATIONS {
                    dropped += 1;
                } else if is_blank(&text) {
                    blank += 1;
                } else if text.len() > MAX_ITEM_BYTES {
                    long += 1;
                } else if verb == "add" {
                    link.operations.push(Operation::Insert(text));
                } else {
                    link.operations.push(Operation::Remove(text));
                }
            }
            ("add" | "del", Err(_)) => unreadable += 1,
            (key, _) if SHELL_KEYS.contains(&key) => {}
            (key, _) => ignored.push(Ignored::Unknown(key.chars().take(40).collect())),
        }
    }
    super::push_counts(&mut ignored, blank, unreadable, long, dropped);
    (link, ignored)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
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
        };
        let query = to_query(&link);
        assert!(query.starts_with("m=16&k=2&scheme=independent&c=2&add=apple&add=a%26b%3Dc"));
        assert_eq!(from_query(&query), (link, Vec::new()));
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

//! Which case a link to the bug museum shows: `case=correlated`. On the site the page shows all seven
//! and the link's case is the one scrolled to; an embed shows that case alone (the first when the
//! link names none).

use crate::url::{build_query, parse_query};
use bloom_core::bugs::Case;

use super::{Ignored, SHELL_KEYS};

/// True when `query` names a case.
pub fn has_state(query: &str) -> bool {
    parse_query(query).iter().any(|(key, _)| key == "case")
}

/// The case `query` names, and what it held that could not be used.
pub fn from_query(query: &str) -> (Option<Case>, Vec<Ignored>) {
    let mut case = None;
    let mut ignored = Vec::new();
    for (key, value) in parse_query(query) {
        let value = value.unwrap_or_default();
        match key.as_str() {
            "case" => match Case::from_id(&value) {
                Some(named) => case = Some(named),
                None => ignored.push(Ignored::Value {
                    key: "case".to_owned(),
                    value: value.chars().take(40).collect(),
                    range: Case::ALL.map(Case::id).join(", "),
                }),
            },
            key if SHELL_KEYS.contains(&key) => {}
            _ => ignored.push(Ignored::Unknown(key.chars().take(40).collect())),
        }
    }
    (case, ignored)
}

/// The link query that names `case`.
pub fn to_query(case: Option<Case>) -> String {
    case.map_or_else(String::new, |case| build_query([("case", case.id())]))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_case_round_trips_and_bad_ones_are_listed() {
        for case in Case::ALL {
            assert_eq!(from_query(&to_query(Some(case))), (Some(case), Vec::new()));
        }
        let (case, ignored) = from_query("case=%3Cscript%3E&zzz=1&lang=zh");
        assert_eq!(case, None);
        assert_eq!(ignored.len(), 2);
        assert!(matches!(&ignored[0], Ignored::Value { value, .. } if value == "<script>"));
        assert!(has_state("case=x") && !has_state("lang=zh"));
    }
}

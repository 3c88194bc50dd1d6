//! Which case a link to the bug museum shows: `case=correlated`. On the site the page shows all seven
//! and the link's case is the one scrolled to; an embed shows that case alone (the first when the
//! link names none).

use bloom_core::bugs::Case;

use super::codec::{Codec, Field, Kind, Names, Report, When};
use super::Ignored;

/// The bug museum's link, declared once: the case, when one is named.
pub static BUGS: Codec<Option<Case>> = Codec {
    head: &[Field {
        key: "case",
        read: |case, text| {
            *case = Some(CASES.read(text)?);
            Ok(())
        },
        write: |case| case.map_or("", Case::id).to_owned(),
        when: When::UnlessDefault,
    }],
    ..Codec::EMPTY
};

/// The cases, by name.
const CASES: Names<Case> = Names(&Case::ALL, Case::id, Report::Range);

/// True when `query` names a case.
pub fn has_state(query: &str) -> bool {
    BUGS.carried_by(query)
}

/// The case `query` names, and what it held that could not be used.
pub fn from_query(query: &str) -> (Option<Case>, Vec<Ignored>) {
    BUGS.read(query, None)
}

/// The link query that names `case`.
pub fn to_query(case: Option<Case>) -> String {
    BUGS.write(&case)
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

//! Which case a link to the bug museum shows, and which of its runs were on screen:
//! `case=correlated&ran=classroom`. On the site the page shows all seven and the link's case is the
//! one scrolled to; an embed shows that case alone (the first when the link names none). A link with
//! `ran=` measures the case again as it opens (the runs are seeded: the same counts), so a phone
//! that scans a presented chapter sees the result the wall shows.

use bloom_core::bugs::{Case, Scale};

use super::codec::{Codec, Field, Kind, Names, Report, When, Wrong};
use super::Ignored;

/// A link to the museum: the case, and the scales it was run at (classroom first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BugsLink {
    /// The case named.
    pub case: Option<Case>,
    /// Measured at the classroom's scale.
    pub ran_classroom: bool,
    /// Measured at the report's own scale.
    pub ran_original: bool,
}

impl BugsLink {
    /// The scales the link's case was run at.
    pub fn ran(&self) -> impl Iterator<Item = Scale> {
        [
            (self.ran_classroom, Scale::Classroom),
            (self.ran_original, Scale::Original),
        ]
        .into_iter()
        .filter_map(|(ran, scale)| ran.then_some(scale))
    }
}

/// What `ran` may be, for a report (as it is written, in every language).
const RAN_RANGE: &str = "classroom, original, classroom.original";

/// The bug museum's link, declared once: the case, when one is named, and its runs.
pub static BUGS: Codec<BugsLink> = Codec {
    head: &[
        Field {
            key: "case",
            read: |link, text| {
                link.case = Some(CASES.read(text)?);
                Ok(())
            },
            write: |link| link.case.map_or("", Case::id).to_owned(),
            when: When::UnlessDefault,
        },
        Field {
            key: "ran",
            read: |link, text| {
                let mut scales = text.split('.');
                let (classroom, original) = scales
                    .try_fold((false, false), |(c, o), scale| match scale {
                        "classroom" => Some((true, o)),
                        "original" => Some((c, true)),
                        _ => None,
                    })
                    .ok_or_else(|| Wrong::Outside(RAN_RANGE.into()))?;
                link.ran_classroom = classroom;
                link.ran_original = original;
                Ok(())
            },
            write: |link| {
                let names: Vec<&str> = link
                    .ran()
                    .map(|scale| match scale {
                        Scale::Classroom => "classroom",
                        Scale::Original => "original",
                    })
                    .collect();
                names.join(".")
            },
            when: When::If(|link| link.case.is_some() && link.ran().next().is_some()),
        },
    ],
    finish: Some(|link, _, _| {
        // Runs belong to a case.
        if link.case.is_none() {
            link.ran_classroom = false;
            link.ran_original = false;
        }
    }),
    ..Codec::EMPTY
};

/// The cases, by name.
const CASES: Names<Case> = Names(&Case::ALL, Case::id, Report::Range);

/// True when `query` names a case.
pub fn has_state(query: &str) -> bool {
    BUGS.carried_by(query)
}

/// The case and runs `query` names, and what it held that could not be used.
pub fn from_query(query: &str) -> (BugsLink, Vec<Ignored>) {
    BUGS.read(query, None)
}

/// The link query for `link`.
pub fn to_query(link: &BugsLink) -> String {
    BUGS.write(link)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn named(case: Case) -> BugsLink {
        BugsLink {
            case: Some(case),
            ..BugsLink::default()
        }
    }

    #[test]
    fn a_case_round_trips_and_bad_ones_are_listed() {
        for case in Case::ALL {
            assert_eq!(
                from_query(&to_query(&named(case))),
                (named(case), Vec::new())
            );
        }
        let (link, ignored) = from_query("case=%3Cscript%3E&zzz=1&lang=zh");
        assert_eq!(link.case, None);
        assert_eq!(ignored.len(), 2);
        assert!(matches!(&ignored[0], Ignored::Value { value, .. } if value == "<script>"));
        assert!(has_state("case=x") && !has_state("lang=zh"));
    }

    #[test]
    fn a_case_carries_the_scales_it_was_run_at() {
        let ran = BugsLink {
            ran_original: true,
            ..named(Case::SharedFactor)
        };
        assert_eq!(to_query(&ran), "case=shared-factor&ran=original");
        assert_eq!(from_query(&to_query(&ran)), (ran, Vec::new()));
        let both = BugsLink {
            ran_classroom: true,
            ..ran
        };
        assert_eq!(to_query(&both), "case=shared-factor&ran=classroom.original");
        assert_eq!(from_query(&to_query(&both)).0, both);
        // Not run: no `ran`; a run with no case, or a scale there is not, is dropped.
        assert_eq!(to_query(&named(Case::SharedFactor)), "case=shared-factor");
        assert_eq!(from_query("ran=classroom").0, BugsLink::default());
        let (link, ignored) = from_query("case=shared-factor&ran=huge");
        assert_eq!(link, named(Case::SharedFactor));
        assert!(
            matches!(&ignored[..], [Ignored::Value { key, range, .. }] if key == "ran" && range == RAN_RANGE)
        );
    }
}

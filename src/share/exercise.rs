//! A chapter's exercise in a link (`exercise=`): which round it is on, what the reader chose, pressed
//! or typed, whether they checked it and whether a wrong answer's working was shown — so a class's
//! phones open the question the wall shows, answered as it is there. One parameter, its parts joined
//! by `~`: the round first, then `c2` (the option chosen), `p0-15` (the cells pressed; `p` alone,
//! none), `t46` (the number typed), `k` (checked) and `s` (the working shown).
//! `exercise=3~p0-15~k` is round 3, cells 0 and 15 pressed, checked.

/// The key of the parameter.
pub const KEY: &str = "exercise";
/// Cells a link may press (a picture of the exercises has at most 64).
const MAX_PRESSED: usize = 64;
/// Characters of a typed answer a link may carry (a whole number, as the field reads it).
const MAX_TYPED: usize = 12;

/// What a reader has done with a chapter's exercise, as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExerciseLink {
    /// The round (each gives another question).
    pub round: u32,
    /// The option chosen, from 0.
    pub choice: Option<usize>,
    /// The cells pressed, if the reader touched the picture.
    pub pressed: Option<Vec<u32>>,
    /// The answer typed.
    pub typed: String,
    /// Whether the answer was checked.
    pub checked: bool,
    /// Whether the worked answer was shown after a wrong answer (not only its hint).
    pub shown: bool,
}

impl ExerciseLink {
    /// The parameter's value, or `None` when there is nothing to carry (round 0, untouched).
    pub fn to_value(&self) -> Option<String> {
        if *self == ExerciseLink::default() {
            return None;
        }
        let mut value = self.round.to_string();
        let mut part = |tag: &str, text: &str| {
            value.push('~');
            value.push_str(tag);
            value.push_str(text);
        };
        if let Some(choice) = self.choice {
            part("c", &choice.to_string());
        }
        if let Some(pressed) = &self.pressed {
            let cells: Vec<String> = pressed.iter().map(u32::to_string).collect();
            part("p", &cells.join("-"));
        }
        let typed = typed_part(&self.typed);
        if !typed.is_empty() {
            part("t", &typed);
        }
        if self.checked {
            part("k", "");
        }
        if self.shown {
            part("s", "");
        }
        Some(value)
    }

    /// Reads a value; `None` when its round is not a number. A part it cannot read is left out,
    /// not the whole.
    pub fn from_value(value: &str) -> Option<ExerciseLink> {
        let mut parts = value.split('~');
        let mut link = ExerciseLink {
            round: parts.next()?.parse().ok()?,
            ..ExerciseLink::default()
        };
        for part in parts {
            let (tag, rest) = (part.bytes().next(), part.get(1..).unwrap_or_default());
            match tag {
                Some(b'c') => link.choice = rest.parse().ok().filter(|&choice: &usize| choice < 16),
                Some(b'p') => {
                    let cells: Option<Vec<u32>> = rest
                        .split('-')
                        .filter(|cell| !cell.is_empty())
                        .take(MAX_PRESSED + 1)
                        .map(|cell| cell.parse().ok().filter(|&cell: &u32| cell < 1024))
                        .collect();
                    link.pressed = cells.filter(|cells| cells.len() <= MAX_PRESSED);
                }
                Some(b't') => link.typed = typed_part(rest),
                Some(b'k') if rest.is_empty() => link.checked = true,
                Some(b's') if rest.is_empty() => link.shown = true,
                _ => {}
            }
        }
        Some(link)
    }

    /// The exercise in a link's query: its parameter, if any.
    pub fn from_query(query: &str) -> Option<ExerciseLink> {
        query
            .trim_start_matches('?')
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .rfind(|(key, _)| *key == KEY)
            .and_then(|(_, value)| ExerciseLink::from_value(value))
    }
}

/// A typed answer as a link carries it: digits, a sign, a point or a comma, at most
/// [`MAX_TYPED`] of them (what the number field reads; anything else is dropped).
fn typed_part(typed: &str) -> String {
    typed
        .trim()
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '-' | '.' | ','))
        .take(MAX_TYPED)
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_link_reads_back_what_it_wrote() {
        let cases = [
            ExerciseLink {
                round: 3,
                pressed: Some(vec![0, 15]),
                checked: true,
                ..ExerciseLink::default()
            },
            ExerciseLink {
                round: 0,
                choice: Some(2),
                ..ExerciseLink::default()
            },
            ExerciseLink {
                round: 7,
                pressed: Some(Vec::new()),
                typed: "46".into(),
                checked: true,
                ..ExerciseLink::default()
            },
            ExerciseLink {
                round: 2,
                choice: Some(1),
                checked: true,
                shown: true,
                ..ExerciseLink::default()
            },
        ];
        for link in cases {
            let value = link.to_value().expect("something to carry");
            assert_eq!(ExerciseLink::from_value(&value), Some(link), "{value}");
        }
        assert_eq!(
            ExerciseLink {
                round: 3,
                pressed: Some(vec![0, 15]),
                checked: true,
                ..ExerciseLink::default()
            }
            .to_value()
            .as_deref(),
            Some("3~p0-15~k")
        );
        assert_eq!(ExerciseLink::default().to_value(), None);
    }

    #[test]
    fn wild_values_lose_only_their_bad_parts() {
        assert_eq!(ExerciseLink::from_value(""), None);
        assert_eq!(ExerciseLink::from_value("x~k"), None);
        let link = ExerciseLink::from_value("2~c999~p1-x-3~t<script>4~k~zz~é").unwrap();
        assert_eq!(link.round, 2);
        assert_eq!(link.choice, None);
        assert_eq!(link.pressed, None);
        assert_eq!(link.typed, "4");
        assert!(link.checked);
        let many = format!(
            "1~p{}",
            (0..100)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join("-")
        );
        assert_eq!(ExerciseLink::from_value(&many).unwrap().pressed, None);
        assert_eq!(
            ExerciseLink::from_query("?slide=10&exercise=4~c1&present=1"),
            Some(ExerciseLink {
                round: 4,
                choice: Some(1),
                ..ExerciseLink::default()
            })
        );
    }
}

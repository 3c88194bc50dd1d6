//! A step-through of the last action, one probe (or one stage) at a time, as the counting,
//! scalable and combining pages walk it: where it stands, how it moves, and which key moves it.
//! The playground's richer walk through the hashing itself is [`super::step_through`].

use crate::shortcuts::Shortcut;

/// How the step-through moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepMove {
    /// Show the last action from before its first probe.
    Start,
    /// One probe on.
    Next,
    /// One probe back.
    Previous,
    /// Leave the step-through.
    End,
}

/// Where a step-through of `last` probes stands after `step` from `at` (`None`: not stepping): from
/// 0, before the first probe, to `last`, every probe done. Nothing to step through (`last` 0) is
/// never stepped.
pub fn moved(step: StepMove, at: Option<usize>, last: usize) -> Option<usize> {
    match (step, at) {
        _ if last == 0 => None,
        (StepMove::Start, _) => Some(0),
        (StepMove::Next, Some(at)) => Some((at + 1).min(last)),
        (StepMove::Previous, Some(at)) => Some(at.saturating_sub(1)),
        (StepMove::End, _) | (_, None) => None,
    }
}

/// Where a step-through of `last` probes at `at` goes after `step`, and whether the action has now
/// been stepped through (it was, `stepped`, or it is being): `None` when it stays where it is.
pub fn stepped(
    step: StepMove,
    at: Option<usize>,
    last: usize,
    stepped: bool,
) -> Option<(Option<usize>, bool)> {
    let position = moved(step, at, last);
    (position != at).then_some((position, stepped || position.is_some()))
}

/// A state whose last action steps through: `step: Option<usize>`, `stepped: bool` and
/// `steps(&self)`, its last position (0 when there is nothing to step through).
pub trait SteppedThrough {
    /// Where the step-through is (`None`: not stepping).
    fn position(&self) -> Option<usize>;
    /// True when → would start a step-through: there is one, not yet taken.
    fn startable(&self) -> bool;
    /// Its last position: every probe done (0 when there is nothing to step through).
    fn last(&self) -> usize;
}

/// For `$state`, with the fields and method [`SteppedThrough`] names: opening at a link's step
/// (`stepped_to`), moving (`step_moved`), and the trait.
macro_rules! stepped_through {
    ($state:ty) => {
        impl $state {
            /// This state stepping through what is on screen at `step` (a link's), when it has that
            /// many steps; otherwise as it is.
            fn stepped_to(self, step: Option<u32>) -> Self {
                match step.and_then(|step| usize::try_from(step).ok()) {
                    Some(step) if self.steps() > 0 && step <= self.steps() => Self {
                        step: Some(step),
                        stepped: true,
                        ..self
                    },
                    _ => self,
                }
            }

            /// This state with its step-through moved by `step`, or `None` when it stays where it is.
            fn step_moved(&self, step: $crate::state::action_steps::StepMove) -> Option<Self> {
                $crate::state::action_steps::stepped(step, self.step, self.steps(), self.stepped)
                    .map(|(step, stepped)| Self {
                        step,
                        stepped,
                        ..self.clone()
                    })
            }
        }

        impl $crate::state::action_steps::SteppedThrough for $state {
            fn position(&self) -> Option<usize> {
                self.step
            }

            fn startable(&self) -> bool {
                self.steps() > 0 && !self.stepped
            }

            fn last(&self) -> usize {
                self.steps()
            }
        }
    };
}
pub(crate) use stepped_through;

/// The move `shortcut` makes: while stepping (`at` a step of `last`), → on, ← back and Esc out —
/// at the last step on is not the steps' (a remote's PageDown shows the rest of what happened, or,
/// in a chapter's frame, turns the slide); otherwise → starts a step-through of the last action
/// when there is one not yet stepped through (`startable`) — after that, in a chapter's frame, →
/// turns the slides.
pub fn key_move(
    shortcut: Shortcut,
    (at, last): (Option<usize>, usize),
    startable: bool,
) -> Option<StepMove> {
    let stepping = at.is_some();
    match shortcut {
        Shortcut::Next | Shortcut::Forward if at.is_some_and(|at| at >= last) => None,
        Shortcut::Next | Shortcut::Forward if stepping => Some(StepMove::Next),
        Shortcut::Next if startable => Some(StepMove::Start),
        Shortcut::Previous | Shortcut::Back if stepping => Some(StepMove::Previous),
        Shortcut::Close | Shortcut::LeaveField if stepping => Some(StepMove::End),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_through_runs_from_before_the_first_probe_to_after_the_last() {
        assert_eq!(moved(StepMove::Start, None, 3), Some(0));
        assert_eq!(moved(StepMove::Next, Some(2), 3), Some(3));
        assert_eq!(moved(StepMove::Next, Some(3), 3), Some(3));
        assert_eq!(moved(StepMove::Previous, Some(0), 3), Some(0));
        assert_eq!(moved(StepMove::End, Some(2), 3), None);
        assert_eq!(moved(StepMove::Next, None, 3), None);
        assert_eq!(moved(StepMove::Start, None, 0), None);
    }

    #[test]
    fn keys_step_only_when_there_is_something_to_step() {
        let (idle, midway, at_end) = ((None, 3), (Some(1), 3), (Some(3), 3));
        assert_eq!(key_move(Shortcut::Next, idle, true), Some(StepMove::Start));
        assert_eq!(key_move(Shortcut::Next, idle, false), None);
        assert_eq!(key_move(Shortcut::Forward, idle, true), None);
        assert_eq!(
            key_move(Shortcut::Forward, midway, false),
            Some(StepMove::Next)
        );
        // At the last step on is not the steps': it goes to the page (or the slides around).
        assert_eq!(key_move(Shortcut::Forward, at_end, false), None);
        assert_eq!(key_move(Shortcut::Next, at_end, false), None);
        assert_eq!(
            key_move(Shortcut::Back, at_end, false),
            Some(StepMove::Previous)
        );
        assert_eq!(
            key_move(Shortcut::LeaveField, midway, false),
            Some(StepMove::End)
        );
        assert_eq!(key_move(Shortcut::Close, idle, true), None);
    }
}

//! The row of a step-through of the last action (the counting, scalable and combining pages): the
//! button that starts it, then what each step says with Previous and Next — Done at the last — in
//! a bar whose buttons stay where they are from step to step.

use yew::prelude::*;

use crate::shortcuts::Shortcut;
use crate::state::action_steps::{key_move, StepMove, SteppedThrough};
use crate::strings::{Lang, Msg};

/// The words of a page's step-through: the button that starts it, Previous, Next and Done.
pub struct StepLabels {
    /// The button that starts it.
    pub start: Msg,
    /// One step back.
    pub previous: Msg,
    /// One step on.
    pub next: Msg,
    /// Leave it, at its last step.
    pub done: Msg,
}

/// The step-through's row: before it starts, the button that starts it — when there is anything to
/// step through (`last`, the position with every probe done, above 0); while stepping at `step`,
/// what `line` says of it, Previous, and Next (Done at `last`). `onmove` moves it.
fn step_row(
    lang: Lang,
    labels: &StepLabels,
    (step, last): (Option<usize>, usize),
    line: impl FnOnce(usize) -> String,
    onmove: &Callback<StepMove>,
) -> Html {
    if last == 0 {
        return Html::default();
    }
    let press = |step: StepMove| onmove.reform(move |_: MouseEvent| step);
    let Some(step) = step else {
        return html! {
            <div class="step-row action-steps">
                <button type="button" data-testid="step-button" onclick={press(StepMove::Start)}>
                    { lang.text(labels.start) }
                </button>
            </div>
        };
    };
    html! {
        <div class="step-row action-steps stepping" role="group" aria-label={lang.text(labels.start)}>
            <p class="step-text" data-testid="step-text" data-step={step.to_string()} aria-live="polite">{ line(step) }</p>
            <button type="button" data-testid="step-previous" onclick={press(StepMove::Previous)} disabled={step == 0}>
                { lang.text(labels.previous) }
            </button>
            if step >= last {
                <button type="button" class="primary" data-testid="step-done" onclick={press(StepMove::End)}>
                    { lang.text(labels.done) }
                </button>
            } else {
                <button type="button" class="primary" data-testid="step-next" onclick={press(StepMove::Next)}>
                    { lang.text(labels.next) }
                </button>
            }
        </div>
    }
}

/// A page's state and its action for a move of its step-through.
pub type Stepper<'a, R> = (
    &'a UseReducerHandle<R>,
    fn(StepMove) -> <R as Reducible>::Action,
);

/// The step-through row of the page whose state is `state`, moved by its action `make`, each step
/// saying what `line` says of it.
pub fn stepped_row<R: Reducible + SteppedThrough + 'static>(
    lang: Lang,
    labels: &StepLabels,
    (state, make): Stepper<'_, R>,
    line: impl FnOnce(usize) -> String,
) -> Html {
    let place = (state.position(), state.last());
    step_row(lang, labels, place, line, &mover(state, make))
}

/// The callback that moves the step-through of `state`, by the action `make` gives for a move.
fn mover<R: Reducible + 'static>(
    state: &UseReducerHandle<R>,
    make: fn(StepMove) -> R::Action,
) -> Callback<StepMove> {
    let dispatcher = state.dispatcher();
    Callback::from(move |step| dispatcher.dispatch(make(step)))
}

/// A page's action made from its state (the query of `q`, the insert of `i`).
type ActionOf<R> = fn(&R) -> <R as Reducible>::Action;

/// The keys of a page whose last query steps through, besides those every widget has: `q` asks the
/// query `query` gives and steps through it from the start, and `i` the insert `insert` gives
/// (where the page steps through inserts); `→` starts a step-through of the last action (once),
/// and while stepping `→` or a remote's PageDown goes on, `←` or PageUp back, `Esc` stops. `make`
/// is the page's action for a move.
pub fn query_step_keys<R: Reducible + SteppedThrough + 'static>(
    state: &UseReducerHandle<R>,
    (query, insert): (ActionOf<R>, Option<ActionOf<R>>),
    make: fn(StepMove) -> R::Action,
) -> Callback<Shortcut, bool> {
    let state = state.clone();
    Callback::from(move |shortcut| {
        let action = match shortcut {
            Shortcut::StepQuery => Some(query),
            Shortcut::StepInsert => insert,
            _ => None,
        };
        if let Some(action) = action {
            state.dispatch(action(&state));
            state.dispatch(make(StepMove::Start));
            return true;
        }
        match key_move(
            shortcut,
            (state.position(), state.last()),
            state.startable(),
        ) {
            Some(step) => {
                state.dispatch(make(step));
                true
            }
            None => false,
        }
    })
}

//! A chapter's predict-then-check exercise: the question with its numbers, the rows of bits it is
//! about, a way to answer (options, cells to press, or a number), Check, and the explanation with the
//! reader's own numbers. A wrong answer gets a hint first — the way to the answer, not the answer —
//! so the reader (or a class) can try again; the worked answer comes when asked for. "Try another"
//! draws new values. The exercise and its answer key come from
//! the tutorial (`tutorial::exercise` and each chapter's module); this only shows them.

use std::rc::Rc;

use yew::prelude::*;

use crate::share::{self, exercise::ExerciseLink};
use crate::strings::{fill, installed, Lang, Msg, PAGES};
use crate::tutorial::exercise::{read_number, Answer, Checked, Exercise, Kind, Picture};
use crate::tutorial::{exercise_round, resource, EXERCISE, EXERCISE_EXPLAIN, EXERCISE_HINT};

/// Props of [`ExerciseCard`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExerciseCardProps {
    /// The chapter, 1 … 11.
    pub chapter: u32,
    /// Told each checked answer: whether it was right.
    #[prop_or_default]
    pub onanswer: Callback<bool>,
}

/// What the reader has done with the current round.
#[derive(Debug, Clone, PartialEq, Default)]
struct ExerciseState {
    round: u32,
    choice: Option<usize>,
    /// Cells pressed, if the reader has touched the row (else the round's own start).
    pressed: Option<Vec<u32>>,
    typed: String,
    checked: Option<Rc<Checked>>,
    /// A wrong answer's worked answer was asked for (until the answer changes).
    shown: bool,
    /// Check was pressed with nothing to check.
    missing: bool,
    /// The link said the answer was checked: it is, once the page's texts are here.
    check_pending: bool,
}

impl ExerciseState {
    /// The state a link gives (the wall's, on a class's phones).
    fn from_link(link: ExerciseLink) -> ExerciseState {
        ExerciseState {
            round: link.round,
            choice: link.choice,
            pressed: link.pressed,
            typed: link.typed,
            check_pending: link.checked,
            shown: link.shown,
            ..ExerciseState::default()
        }
    }

    /// A new answer: nothing said of the last one stands. Inlined as the three assignments it
    /// replaced were: a call in each arm of the reducer costs the tutorial's download 38 bytes.
    #[inline(always)]
    fn answer_changed(&mut self) {
        self.checked = None;
        self.shown = false;
        self.missing = false;
    }

    /// What a link carries of it.
    fn link(&self) -> ExerciseLink {
        ExerciseLink {
            round: self.round,
            choice: self.choice,
            pressed: self.pressed.clone(),
            typed: self.typed.clone(),
            checked: self.checked.is_some() || self.check_pending,
            shown: self.shown,
        }
    }
}

enum ExerciseAction {
    Choose(usize),
    Toggle {
        start: Vec<u32>,
        bit: u32,
    },
    Type(String),
    Checked(Option<Rc<Checked>>),
    /// Show the worked answer after a wrong one.
    Show,
    Another,
}

impl Reducible for ExerciseState {
    type Action = ExerciseAction;

    fn reduce(self: Rc<Self>, action: ExerciseAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ExerciseAction::Choose(choice) => {
                next.choice = Some(choice);
                next.answer_changed();
            }
            ExerciseAction::Toggle { start, bit } => {
                let mut pressed = next.pressed.take().unwrap_or(start);
                match pressed.iter().position(|&b| b == bit) {
                    Some(at) => {
                        pressed.remove(at);
                    }
                    None => pressed.push(bit),
                }
                next.pressed = Some(pressed);
                next.answer_changed();
            }
            ExerciseAction::Type(text) => {
                next.typed = text;
                next.answer_changed();
            }
            ExerciseAction::Checked(checked) => {
                next.missing = checked.is_none();
                next.checked = checked;
                // Checked again (by a link, the wall's working shown too), the answer is as it was.
                next.shown = self.shown && self.check_pending;
                next.check_pending = false;
            }
            ExerciseAction::Show => next.shown = next.checked.is_some(),
            ExerciseAction::Another => {
                next = ExerciseState {
                    round: self.round.wrapping_add(1),
                    ..ExerciseState::default()
                };
            }
        }
        Rc::new(next)
    }
}

/// The reader's answer as typed or chosen, if there is one to check.
fn answer(exercise: &Exercise, state: &ExerciseState) -> Option<Answer> {
    match &exercise.kind {
        Kind::Choice { .. } => state.choice.map(Answer::Choice),
        Kind::Pick { pressed, .. } => Some(Answer::Pick(
            state.pressed.clone().unwrap_or_else(|| pressed.clone()),
        )),
        // Any whole number is an answer, in the range or not: 46 for a bit of 32 is the sum before
        // its remainder, a mistake the explanation shows, rather than a question refused.
        Kind::Number { .. } => read_number(&state.typed).map(Answer::Number),
    }
}

/// A row of bits to read, with the query's bits outlined.
fn picture(lang: Lang, picture: &Picture) -> Html {
    let label = match picture.name {
        Some(name) => lang.fill(Msg::ExerciseFilterNamed, &[("name", name)]),
        None => lang.text(Msg::ExerciseFilter).to_owned(),
    };
    html! {
        <figure class="exercise-picture">
            <figcaption>{ label }</figcaption>
            <ol class="exercise-bits" data-testid="exercise-picture">
                { for picture.bits.iter().enumerate().map(|(index, &set)| {
                    let index = index as u32;
                    let marked = picture.marked.contains(&index);
                    let state = lang.text(if set { Msg::ExerciseBitOn } else { Msg::ExerciseBitOff });
                    html! {
                        <li class={classes!("exercise-bit", set.then_some("set"), marked.then_some("marked"))}>
                            <span class="visually-hidden">{ lang.fill(Msg::ExerciseBit, &[("i", &index.to_string()), ("state", state)]) }</span>
                            <span class="exercise-bit-value" aria-hidden="true">{ if set { "1" } else { "0" } }</span>
                            <span class="exercise-bit-index" aria-hidden="true">{ index }</span>
                        </li>
                    }
                }) }
            </ol>
            if !picture.marked.is_empty() {
                <p class="exercise-note">{ lang.text(Msg::ExerciseMarked) }</p>
            }
        </figure>
    }
}

/// The id of the exercise's `part` in chapter `chapter` (unique on the page).
fn part_id(chapter: u32, part: &str) -> String {
    format!("exercise-{chapter}-{part}")
}

/// A text of the chapter's file with `facts` filled in.
type FillText<'a> = &'a dyn Fn(&str, &[(&str, String)]) -> String;

/// One chapter's exercise.
#[component]
pub fn ExerciseCard(props: &ExerciseCardProps) -> Html {
    let lang = crate::hooks::use_lang::use_lang();
    let query = crate::hooks::use_page_link::use_page_link().query;
    let state = use_reducer(move || {
        ExerciseState::from_link(ExerciseLink::from_query(&query).unwrap_or_default())
    });
    let chapter = props.chapter;
    // Its yes and no come from the page's texts: drawn again once they are here.
    let has_texts = lang.has(&[PAGES]);
    let exercise = use_memo(
        (chapter, state.round, lang, has_texts),
        |(chapter, round, lang, _)| exercise_round(*chapter, *round, *lang),
    );
    let prose = installed(lang, &resource(chapter));
    let text = |key: &str, facts: &[(&str, String)]| {
        let args: Vec<(&str, &str)> = facts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        prose
            .and_then(|prose| prose.get(key))
            .map(|entry| fill(entry.form("other"), &args))
            .unwrap_or_default()
    };
    let id = |part: &str| part_id(chapter, part);

    let on_check = {
        let (state, exercise, onanswer) = (state.clone(), exercise.clone(), props.onanswer.clone());
        Callback::from(move |()| {
            let checked =
                answer(&exercise, &state).map(|answer| Rc::new(exercise.check(&answer, lang)));
            if let Some(checked) = &checked {
                onanswer.emit(checked.right);
            }
            state.dispatch(ExerciseAction::Checked(checked));
        })
    };
    let on_another = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(ExerciseAction::Another))
    };
    use_linked_check(state.clone(), exercise.clone(), has_texts, lang);
    let said = use_node_ref();
    // The button goes once pressed: the focus goes to what it showed, not to the page.
    let on_show = {
        let (state, said) = (state.clone(), said.clone());
        Callback::from(move |_: MouseEvent| {
            state.dispatch(ExerciseAction::Show);
            if let Some(said) = said.cast::<web_sys::HtmlElement>() {
                let _ = said.focus();
            }
        })
    };
    let (verdict, feedback) = feedback(lang, &exercise, &state, &text, on_show);
    // In a class's QR code (static/qr.js): the round, the answer, whether it was checked.
    let link_state = state
        .link()
        .to_value()
        .map(|value| format!("{}={value}", share::exercise::KEY));
    use_feedback_in_view(said.clone(), state.checked.as_ref().map(Rc::as_ptr));
    // Checked, on a slide the explanation stands beside the way to answer (`presenter.css`), unless
    // that is five options or more: in a column they would be taller than the explanation.
    let many_options = matches!(&exercise.kind, Kind::Choice { options, .. } if options.len() >= 5);
    let beside = (state.checked.is_some() && !many_options).then_some("beside");
    html! {
        <section class={classes!("exercise", beside)} data-testid="exercise" data-state={verdict} data-given={exercise.given()} data-link-state={link_state} aria-labelledby={id("heading")}>
            <h2 id={id("heading")}>{ lang.text(Msg::ExerciseHeading) }</h2>
            <p class="exercise-question" data-testid="exercise-question">{ text(EXERCISE, &exercise.facts) }</p>
            { for exercise.pictures.iter().map(|shown| picture(lang, shown)) }
            // The way to answer and its buttons, one block: on a slide the explanation stands
            // beside it.
            <div class="exercise-answer">
                { controls(lang, chapter, &exercise.kind, &state, &on_check) }
                <div class="actions">
                    <button type="button" class="primary" data-testid="exercise-check" onclick={on_check.reform(|_: MouseEvent| ())}>{ lang.text(Msg::ExerciseCheck) }</button>
                    // Pressed before the app has arrived, the exercise waits for the new question
                    // (`static/wake.js`): an answer typed meanwhile would be to the old one.
                    <button type="button" data-testid="exercise-another" data-wake="hold" onclick={on_another}>{ lang.text(Msg::ExerciseAnother) }</button>
                </div>
            </div>
            <p ref={said} class={classes!("exercise-feedback", verdict)} data-testid="exercise-feedback" role="status" tabindex="-1">{ feedback }</p>
            { answer_key(lang, &exercise, &text) }
        </section>
    }
}

/// Checks the answer a link said was checked, once the page's texts are here (the explanation is
/// in them). Not a reader's answer: the chapter is not marked answered for it.
#[hook]
fn use_linked_check(
    state: UseReducerHandle<ExerciseState>,
    exercise: Rc<Exercise>,
    has_texts: bool,
    lang: Lang,
) {
    let due = state.check_pending && has_texts;
    use_effect_with(due, move |&due| {
        if due {
            let checked =
                answer(&exercise, &state).map(|answer| Rc::new(exercise.check(&answer, lang)));
            state.dispatch(ExerciseAction::Checked(checked));
        }
    });
}

/// Brings the feedback into view once an answer is checked: on a phone it can be under the fold.
#[hook]
fn use_feedback_in_view(node: NodeRef, checked: Option<*const Checked>) {
    use_effect_with(checked, move |checked| {
        if let (Some(_), Some(element)) = (checked, node.cast::<web_sys::Element>()) {
            crate::hooks::use_keep_in_view::bring_into_view(&element);
        }
    });
}

/// The way to answer: options to choose from, cells to press, or a number to type (Enter in it
/// does `check`).
fn controls(
    lang: Lang,
    chapter: u32,
    kind: &Kind,
    state: &UseReducerHandle<ExerciseState>,
    check: &Callback<()>,
) -> Html {
    match kind {
        Kind::Choice { options, .. } => html! {
            <fieldset class="exercise-choices">
                <legend>{ lang.text(Msg::ExerciseChoiceLabel) }</legend>
                { for options.iter().enumerate().map(|(position, option)| {
                    let checked = state.choice == Some(position);
                    let state = state.clone();
                    let onchange = Callback::from(move |_: Event| state.dispatch(ExerciseAction::Choose(position)));
                    html! {
                        <label class="exercise-choice">
                            <input type="radio" name={part_id(chapter, "choice")} data-testid="exercise-option" {checked} {onchange} />
                            <span>{ option.clone() }</span>
                        </label>
                    }
                }) }
            </fieldset>
        },
        Kind::Pick { bits, pressed, .. } => pick_controls(lang, *bits, pressed, state),
        Kind::Number { .. } => {
            let oninput = {
                let state = state.clone();
                Callback::from(move |event: InputEvent| {
                    let input: web_sys::HtmlInputElement = event.target_unchecked_into();
                    state.dispatch(ExerciseAction::Type(input.value()));
                })
            };
            // Enter checks the number, as Check does.
            let onkeydown = {
                let check = check.clone();
                Callback::from(move |event: KeyboardEvent| {
                    if event.key() == "Enter" && !event.is_composing() {
                        check.emit(());
                    }
                })
            };
            let id = part_id(chapter, "number");
            html! {
                <p class="exercise-number">
                    <label for={id.clone()}>{ lang.text(Msg::ExerciseNumberLabel) }</label>
                    <input {id} type="text" inputmode="numeric" autocomplete="off" data-testid="exercise-input"
                        value={state.typed.clone()} {oninput} {onkeydown} maxlength="12" />
                </p>
            }
        }
    }
}

/// A row of `bits` cells to press, starting from `pressed` until the reader touches one.
fn pick_controls(
    lang: Lang,
    bits: u32,
    pressed: &[u32],
    state: &UseReducerHandle<ExerciseState>,
) -> Html {
    let now = state.pressed.clone().unwrap_or_else(|| pressed.to_vec());
    html! {
        <fieldset class="exercise-pick">
            <legend>{ lang.text(Msg::ExercisePickLabel) }</legend>
            <div class="exercise-bits" role="group">
                { for (0..bits).map(|bit| {
                    let on = now.contains(&bit);
                    let onclick = {
                        let (state, start) = (state.clone(), pressed.to_vec());
                        Callback::from(move |_: MouseEvent| state.dispatch(ExerciseAction::Toggle { start: start.clone(), bit }))
                    };
                    let value = lang.text(if on { Msg::ExerciseBitOn } else { Msg::ExerciseBitOff });
                    html! {
                        <button type="button" class={classes!("exercise-bit", on.then_some("set"))} data-testid="exercise-cell"
                            aria-pressed={if on { "true" } else { "false" }} {onclick}>
                            // Named by its hidden words (its index and value); the big digits are for the eye.
                            <span class="visually-hidden">{ lang.fill(Msg::ExerciseBit, &[("i", &bit.to_string()), ("state", value)]) }</span>
                            <span class="exercise-bit-value" aria-hidden="true">{ if on { "1" } else { "0" } }</span>
                            <span class="exercise-bit-index" aria-hidden="true">{ bit }</span>
                        </button>
                    }
                }) }
            </div>
        </fieldset>
    }
}

/// The verdict (`right`, `wrong` or `unanswered`, for the page's styles) and what the reader is
/// told: once checked, the explanation — or, for a wrong answer until `show` is pressed, the answer
/// given, the hint and the way on —, or else what is missing.
fn feedback(
    lang: Lang,
    exercise: &Exercise,
    state: &ExerciseState,
    text: FillText,
    show: Callback<MouseEvent>,
) -> (&'static str, Html) {
    // Chinese and Japanese sentences follow a full stop without a space.
    let space = if lang == Lang::English { " " } else { "" };
    match &state.checked {
        Some(checked) if checked.right || state.shown => (
            if checked.right { "right" } else { "wrong" },
            html! {
                <>
                    <strong>{ lang.text(if checked.right { Msg::ExerciseRight } else { Msg::ExerciseWrong }) }</strong>
                    { space }
                    { text(EXERCISE_EXPLAIN, &checked.facts) }
                </>
            },
        ),
        Some(checked) => {
            let answer = checked
                .facts
                .iter()
                .find(|(name, _)| *name == "answer")
                .map_or("", |(_, value)| value.as_str());
            (
                "wrong",
                html! {
                    <>
                        <strong>{ lang.text(Msg::ExerciseWrong) }</strong>
                        { space }
                        { lang.fill(Msg::ExerciseYourAnswer, &[("answer", answer)]) }
                        { space }
                        <span data-testid="exercise-hint">{ text(EXERCISE_HINT, &checked.facts) }</span>
                        { space }
                        // On a slide the button says it (its words give the question room).
                        <span class="exercise-again">{ lang.text(Msg::ExerciseTryAgain) }</span>
                        { " " }
                        <button type="button" class="exercise-show" data-testid="exercise-show" onclick={show}>
                            { lang.text(Msg::ExerciseReveal) }
                        </button>
                    </>
                },
            )
        }
        None if state.missing => (
            "unanswered",
            html! {
                { match &exercise.kind {
                    Kind::Number { range, .. } => lang.fill(Msg::ExerciseNeedNumber, &[("min", &range.0.to_string()), ("max", &range.1.to_string())]),
                    _ => lang.text(Msg::ExerciseNeedChoice).to_owned(),
                } }
            },
        ),
        None => ("unanswered", html! {}),
    }
}

/// The answer key of the round, for a printed handout (shown only in print): the right answer, and
/// its working with the reader's answer left as a blank line.
fn answer_key(lang: Lang, exercise: &Exercise, text: FillText) -> Html {
    let mut facts = exercise.check(&exercise.right_answer(), lang).facts;
    let right = facts
        .iter()
        .find(|(k, _)| *k == "right")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    for (name, value) in &mut facts {
        if *name == "answer" || *name == "p_answer" {
            *value = "____".to_owned();
        }
    }
    html! {
        <div class="exercise-key" aria-hidden="true" data-testid="exercise-key">
            <h3>{ lang.text(Msg::AnswerKeyHeading) }</h3>
            <p><strong>{ right }</strong></p>
            <p>{ text(EXERCISE_EXPLAIN, &facts) }</p>
        </div>
    }
}

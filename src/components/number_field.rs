//! A whole-number field that only hands on values in range. A refused value stays in the field with a
//! message beside it, and the last good value stays in use, so a typo loses nothing.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::strings::{Lang, Msg};
use bloom_core::params::{parse_in_range, ParamError};

/// Props of [`NumberField`].
#[derive(Properties, PartialEq, Clone)]
pub struct NumberFieldProps {
    /// Element id (the error message uses `{id}-error`).
    pub id: AttrValue,
    /// Visible label.
    pub label: AttrValue,
    /// The short name used in messages, e.g. "m".
    pub name: AttrValue,
    /// `data-testid` of the input.
    pub testid: AttrValue,
    /// The value in use.
    pub value: u32,
    /// Smallest accepted value.
    pub min: u32,
    /// Largest accepted value.
    pub max: u32,
    /// Called with a valid new value (on Enter or change).
    pub onapply: Callback<u32>,
    /// Greyed out and not editable (while a run that depends on the value is under way).
    #[prop_or_default]
    pub disabled: bool,
}

/// Reads the field: hands on a value in range, or keeps the problem and what was typed.
fn apply_typed(
    input: NodeRef,
    error: UseStateHandle<Option<(ParamError, String)>>,
    props: &NumberFieldProps,
) -> Callback<()> {
    let (min, max, onapply) = (props.min, props.max, props.onapply.clone());
    Callback::from(move |()| {
        let Some(element) = input.cast::<HtmlInputElement>() else {
            return;
        };
        let typed = element.value();
        // A number field reports letters as "bad input" with an empty value.
        let result = if element.validity().bad_input() {
            Err(ParamError::NotWholeNumber)
        } else {
            parse_in_range(&typed, min..=max)
        };
        match result {
            Ok(value) => {
                error.set(None);
                onapply.emit(value);
            }
            Err(problem) => error.set(Some((problem, typed))),
        }
    })
}

/// What the field says about a refused value: the range, the value still in use, what was typed.
fn error_message(
    lang: Lang,
    props: &NumberFieldProps,
    problem: &ParamError,
    typed: &str,
) -> String {
    let (min, max, current) = (
        props.min.to_string(),
        props.max.to_string(),
        props.value.to_string(),
    );
    let args = [
        ("min", min.as_str()),
        ("max", max.as_str()),
        ("name", props.name.as_str()),
        ("current", current.as_str()),
        ("value", typed.trim()),
    ];
    let msg = match problem {
        ParamError::Empty => Msg::ErrorEmptyNumber,
        ParamError::NotWholeNumber => Msg::ErrorNotWholeNumber,
        ParamError::OutOfRange { .. } => Msg::ErrorOutOfRange,
    };
    lang.fill(msg, &args)
}

/// A labelled number input with range checking and an inline error.
#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let lang = use_lang();
    let input = use_node_ref();
    let error = use_state(|| None::<(ParamError, String)>);

    let apply = apply_typed(input.clone(), error.clone(), props);
    let onchange = {
        let apply = apply.clone();
        Callback::from(move |_: Event| apply.emit(()))
    };
    let onkeydown = Callback::from(move |event: KeyboardEvent| {
        if event.key() == "Enter" {
            event.prevent_default();
            apply.emit(());
        }
    });

    let error_id = format!("{}-error", props.id);
    let message = (*error)
        .as_ref()
        .map(|(problem, typed)| error_message(lang, props, problem, typed));

    html! {
        <div class={classes!("field", "number-field", message.is_some().then_some("has-error"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input
                ref={input}
                id={props.id.clone()}
                disabled={props.disabled}
                type="number"
                inputmode="numeric"
                min={props.min.to_string()}
                max={props.max.to_string()}
                step="1"
                value={props.value.to_string()}
                data-testid={props.testid.clone()}
                aria-invalid={message.is_some().then_some("true")}
                aria-describedby={message.is_some().then(|| error_id.clone())}
                {onchange}
                {onkeydown}
            />
            if let Some(message) = message {
                <p id={error_id} class="field-error" role="alert" data-testid={format!("{}-error", props.testid)}>
                    { message }
                </p>
            }
        </div>
    }
}

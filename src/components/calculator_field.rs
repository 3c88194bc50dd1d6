//! One calculator field: a text input (so `1M`, `0.1%` and `64KiB` can be typed), its hint, and the
//! reason when what was typed cannot be read.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::quantity::QuantityError;

/// Props of [`CalculatorField`].
#[derive(Properties, PartialEq, Clone)]
pub struct CalculatorFieldProps {
    /// Element id and `data-testid` stem (`{id}` for the input, `{id}-error` for the message).
    pub id: AttrValue,
    /// Visible label.
    pub label: AttrValue,
    /// The short name for messages ("n").
    pub name: AttrValue,
    /// Accepted forms.
    pub hint: AttrValue,
    /// The text typed.
    pub text: AttrValue,
    /// The parse result (`None` when empty).
    pub parsed: Option<Result<f64, QuantityError>>,
    /// Called with the new text on every edit.
    pub onedit: Callback<String>,
}

/// A labelled text field with its hint and error.
#[component]
pub fn CalculatorField(props: &CalculatorFieldProps) -> Html {
    let lang = use_lang();
    let oninput = {
        let onedit = props.onedit.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            onedit.emit(input.value());
        })
    };
    let error = match &props.parsed {
        Some(Err(error)) => Some(match error {
            QuantityError::Empty => lang.text(Msg::CalcErrorEmpty).to_string(),
            QuantityError::NotANumber => lang.fill(
                Msg::CalcErrorNotANumber,
                &[("text", props.text.trim()), ("hint", &props.hint)],
            ),
            QuantityError::UnknownUnit(unit) => {
                lang.fill(Msg::CalcErrorUnit, &[("unit", unit), ("hint", &props.hint)])
            }
            QuantityError::Negative => lang.fill(Msg::CalcErrorNegative, &[("name", &props.name)]),
            QuantityError::Zero => lang.fill(Msg::CalcErrorZero, &[("name", &props.name)]),
            QuantityError::NotWhole => lang.fill(Msg::CalcErrorNotWhole, &[("name", &props.name)]),
            QuantityError::RateTooHigh => lang.text(Msg::CalcErrorRateTooHigh).to_string(),
            QuantityError::TooLarge => lang.text(Msg::CalcErrorTooLarge).to_string(),
        }),
        _ => None,
    };
    let hint_id = format!("{}-hint", props.id);
    let error_id = format!("{}-error", props.id);
    let described = if error.is_some() {
        format!("{hint_id} {error_id}")
    } else {
        hint_id.clone()
    };
    html! {
        <div class={classes!("field", "calc-field", error.is_some().then_some("has-error"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input
                id={props.id.clone()}
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                data-testid={props.id.clone()}
                value={props.text.clone()}
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={described}
                {oninput}
            />
            <p id={hint_id} class="hint">{ props.hint.clone() }</p>
            if let Some(error) = error {
                <p id={error_id.clone()} class="field-error" role="alert" data-testid={error_id}>{ error }</p>
            }
        </div>
    }
}

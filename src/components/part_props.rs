//! Props that several parts take alike, declared once: the lab's state (its table, chart, claim and
//! race), the playground's filter (its item list and compared chart), and a panel of settings with
//! the callback that receives new ones (the compressed, partitioned and cascade panels). One props
//! type for many parts is also one builder in the wasm instead of one a part.

use std::rc::Rc;

use std::ops::RangeInclusive;

use yew::prelude::*;

use crate::components::number_field::NumberField;
use crate::state::lab::LabState;
use crate::strings::{Lang, Msg};
use bloom_core::playground::Playground;

/// Props of a part of the lab.
#[derive(Properties, PartialEq, Clone)]
pub struct LabProps {
    /// The lab.
    pub state: UseReducerHandle<LabState>,
}

/// Props of a part that shows the playground's filter and nothing else.
#[derive(Properties, PartialEq, Clone)]
pub struct PlaygroundProps {
    /// The filter, its items and live points.
    pub playground: Rc<Playground>,
}

/// Props of a panel of number fields: the settings it shows and where changed settings go.
#[derive(Properties, PartialEq, Clone)]
pub struct SettingsProps<S: PartialEq + Clone + 'static> {
    /// The settings.
    pub settings: S,
    /// New settings.
    pub onchange: Callback<S>,
}

/// One number field of a settings panel.
pub struct SettingField {
    /// The input's element id.
    pub id: &'static str,
    /// Its `data-testid`.
    pub testid: &'static str,
    /// The short name its messages use ("m", "|U|").
    pub name: &'static str,
    /// Its visible label.
    pub label: Msg,
    /// The value in use.
    pub value: u32,
    /// The values it accepts.
    pub range: RangeInclusive<u32>,
    /// Called with a new value (the panel's [`SettingsProps::change`]).
    pub onapply: Callback<u32>,
}

/// A settings panel's introduction, then its fields in a row, followed by `more` (a selector).
pub fn setting_fields(lang: Lang, intro: Msg, fields: &[SettingField], more: Html) -> Html {
    html! {
        <>
        <p>{ lang.text(intro) }</p>
        <div class="params">
            { for fields.iter().map(|field| html! {
                <NumberField id={field.id} testid={field.testid} name={field.name} label={lang.text(field.label)} value={field.value}
                    min={*field.range.start()} max={*field.range.end()} onapply={field.onapply.clone()} />
            }) }
            { more }
        </div>
        </>
    }
}

impl<S: PartialEq + Copy + 'static> SettingsProps<S> {
    /// A field's callback: the value it applies, put into the settings by `update` and sent on.
    pub fn change(&self, update: fn(S, u32) -> S) -> Callback<u32> {
        let (settings, onchange) = (self.settings, self.onchange.clone());
        Callback::from(move |value: u32| onchange.emit(update(settings, value)))
    }
}

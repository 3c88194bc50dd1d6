//! Props that several parts take alike, declared once: the lab's state (its table, chart, claim and
//! race), the playground's filter (its item list and compared chart), and a panel of settings with
//! the callback that receives new ones (the compressed, partitioned and cascade panels). One props
//! type for many parts is also one builder in the wasm instead of one a part.

use std::rc::Rc;

use yew::prelude::*;

use crate::state::lab::LabState;
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

impl<S: PartialEq + Copy + 'static> SettingsProps<S> {
    /// A field's callback: the value it applies, put into the settings by `update` and sent on.
    pub fn change(&self, update: fn(S, u32) -> S) -> Callback<u32> {
        let (settings, onchange) = (self.settings, self.onchange.clone());
        Callback::from(move |value: u32| onchange.emit(update(settings, value)))
    }
}

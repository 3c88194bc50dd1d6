//! Presenter mode (for a projector): larger type and bit array, more contrast, secondary panels
//! hidden. The shell owns the switch and provides it as a context.

use yew::prelude::*;

/// Whether presenter mode is on, and how to switch it.
#[derive(Clone, PartialEq, Default)]
pub struct Presenter {
    /// On or off.
    pub on: bool,
    /// Switches it.
    pub toggle: Callback<()>,
}

/// The presenter switch (off, and inert, when no shell provides one).
#[hook]
pub fn use_presenter() -> Presenter {
    use_context::<Presenter>().unwrap_or_default()
}

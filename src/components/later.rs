//! A costly part of a page drawn a task after the rest while the prerendered copy still covers the
//! page (see `hooks::use_prerendered`), so that the app's start-up is a few short tasks rather than
//! one long one. Once the copy is gone (and in tests, and when the build renders the page) it draws
//! its part at once.

use yew::prelude::*;

use crate::hooks::use_prerendered::{covered, hold, release};

/// Props of [`Later`].
#[derive(Properties, PartialEq)]
pub struct LaterProps {
    /// The part.
    pub children: Html,
}

/// Draws its part in a task of its own during start-up, at once otherwise.
#[component]
pub fn Later(props: &LaterProps) -> Html {
    // Whether this part waits is decided once, when it first appears.
    let waits = *use_state(covered);
    let drawn = use_state(|| !waits);
    {
        let draw = drawn.setter();
        use_effect_with(*drawn, move |&drawn| {
            let number = (!drawn).then(|| hold(Callback::from(move |()| draw.set(true))));
            // Drawn (this runs after its first draw with the part), or gone before its turn.
            move || {
                if let Some(number) = number {
                    release(number);
                }
            }
        });
    }
    if *drawn {
        props.children.clone()
    } else {
        Html::default()
    }
}

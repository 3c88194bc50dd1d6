//! The language the page speaks, provided once at the top of the app as a context so that every
//! component can look up its text without threading a prop through each level.

use yew::prelude::*;

use crate::strings::Lang;

/// The current language; English when no provider is mounted (as in component tests).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

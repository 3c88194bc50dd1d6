//! A reducer whose whole state fits in its link. The trait says how a widget's state is read from a
//! link query, written back to one, and kept between visits; the `use_linked` hook (one layer up)
//! drives it, so the state layer knows nothing of hooks. Most widgets hold their link as a plain
//! value and build the state from it: [`linked_through_link!`] writes their impl once.

use yew::prelude::*;

/// A reducer whose state a link holds.
pub trait Linked: Reducible + Default + Clone + PartialEq + 'static {
    /// Where the site keeps the last state in `localStorage`.
    const STORAGE_KEY: &'static str;
    /// True when `query` carries this widget's state.
    fn has_state(query: &str) -> bool;
    /// True when `query` chooses how this widget is shown (the shipping widget's `view=`).
    fn shown_by(_query: &str) -> bool {
        false
    }
    /// The state `query` describes; with `report`, listing what could not be used.
    fn from_query(query: &str, report: bool) -> Self;
    /// The action that loads `query` into a running widget.
    fn load(query: &str) -> Self::Action;
    /// The link query for this state.
    fn to_query(&self) -> String;
}

/// [`Linked`] for a state built from its link value by `from_link(&link, ignored)`, giving it back by
/// `link()`, and loaded by `Action::Load(link, ignored)`: the link codec is the module
/// `crate::share::$codec` (its `has_state`, `from_query` and `to_query`; and with a last argument
/// `shown_by`, its `shown_by`, for a widget whose link may choose only what is shown).
macro_rules! linked_through_link {
    ($state:ty, $action:ident, $storage_key:literal, $codec:ident $(, $shown:ident)?) => {
        impl $crate::state::linked::Linked for $state {
            const STORAGE_KEY: &'static str = $storage_key;

            fn has_state(query: &str) -> bool {
                $crate::share::$codec::has_state(query)
            }

            $(
                fn $shown(query: &str) -> bool {
                    $crate::share::$codec::shown_by(query)
                }
            )?

            fn from_query(query: &str, report: bool) -> Self {
                let (link, ignored) = $crate::share::$codec::from_query(query);
                Self::from_link(&link, if report { ignored } else { Vec::new() })
            }

            fn load(query: &str) -> $action {
                let (link, ignored) = $crate::share::$codec::from_query(query);
                $action::Load(link, ignored)
            }

            fn to_query(&self) -> String {
                $crate::share::$codec::to_query(&self.link())
            }
        }
    };
}
pub(crate) use linked_through_link;

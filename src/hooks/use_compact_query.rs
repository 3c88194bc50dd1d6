//! A state's link query, in the share link's compact form once it is long: the items DEFLATE-compressed
//! by the browser into one `z` parameter. Compression is asynchronous; until the browser answers (and
//! when it cannot), the plain query stands.

use yew::platform::spawn_local;
use yew::prelude::*;

use crate::compress::compact_link;
use crate::share::from_query;

/// `state_query` itself while it is at most `from` bytes long or has no items; past that, its compact
/// form as soon as the browser has made it (if it is shorter).
#[hook]
pub fn use_compact_query(state_query: AttrValue, from: usize) -> AttrValue {
    let compact = use_state(|| None::<(AttrValue, AttrValue)>);
    {
        let compact = compact.clone();
        use_effect_with(state_query.clone(), move |state_query| {
            let (shared, _) = from_query(state_query);
            if state_query.len() > from && !shared.items.is_empty() {
                let state_query = state_query.clone();
                spawn_local(async move {
                    if let Some(shorter) = compact_link(&shared).await {
                        if shorter.len() < state_query.len() {
                            compact.set(Some((state_query, shorter.into())));
                        }
                    }
                });
            }
        });
    }
    match &*compact {
        // An answer for an older state is not this state's.
        Some((plain, shorter)) if *plain == state_query => shorter.clone(),
        _ => state_query,
    }
}

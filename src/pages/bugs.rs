//! The bug museum: seven real Bloom filter bugs, each replayed with its buggy and its fixed index
//! derivation against the theory. The site shows all seven (a link's `case=` is scrolled to); an
//! embed shows the one its link names.

use yew::prelude::*;

use crate::components::bug_case::{title, BugCase};
use crate::components::state_error::StateError;
use crate::hooks::use_bug_runs::use_bug_runs;
use crate::hooks::use_lang::use_lang;
use crate::hooks::use_linked::use_linked;
use crate::hooks::use_page_link::site_root;
use crate::state::bugs::{BugsAction, BugsState};
use crate::strings::Msg;
use bloom_core::bugs::Case;

/// The museum's state, from the link; what cancels its runs; and the notice of what in the link was
/// ignored: the same for the page and for an embed.
#[hook]
fn use_museum() -> (UseReducerHandle<BugsState>, Callback<()>, Html) {
    let state = use_linked::<BugsState>(None, false);
    let cancel = use_bug_runs(state.clone());
    let on_dismiss = use_callback(state.dispatcher(), |(), dispatcher| {
        dispatcher.dispatch(BugsAction::DismissIgnored)
    });
    let notice = html! { <StateError ignored={state.ignored.clone()} ondismiss={on_dismiss} /> };
    (state, cancel, notice)
}

/// The page, all seven cases.
#[component]
pub fn SiteBugs() -> Html {
    let lang = use_lang();
    let (state, cancel, notice) = use_museum();
    {
        // A link that names a case opens at it.
        let case = state.case;
        use_effect_with(case, move |case| {
            if let Some(element) = case.and_then(|case| {
                crate::web::window()?
                    .document()?
                    .get_element_by_id(case.id())
            }) {
                element.scroll_into_view();
            }
        });
    }
    html! {
        <div class="bugs">
            <div class="page-intro">
                <h1>{ lang.text(Msg::BugsTitle) }</h1>
                <p class="intro">{ lang.text(Msg::BugsIntro) }</p>
                <p>{ lang.text(Msg::BugsHowToRead) }</p>
            </div>
            { notice }
            <nav class="panel bug-contents" aria-label={lang.text(Msg::BugsContents)}>
                <h2>{ lang.text(Msg::BugsContents) }</h2>
                <ol>
                    { for Case::ALL.into_iter().map(|case| html! {
                        <li><a href={format!("#{}", case.id())}>{ lang.text(title(case)) }</a></li>
                    }) }
                </ol>
            </nav>
            { for Case::ALL.into_iter().map(|case| html! {
                <BugCase key={case.id()} state={state.clone()} {case} oncancel={cancel.clone()} />
            }) }
        </div>
    }
}

/// One case, as an embed shows it: the case the link names (else the first), and a link to the rest.
#[component]
pub fn LinkedBugCase() -> Html {
    let lang = use_lang();
    let (state, cancel, notice) = use_museum();
    let case = state.case.unwrap_or(Case::ModuloBias);
    html! {
        <div class="bugs embedded">
            { notice }
            <BugCase state={state.clone()} {case} oncancel={cancel} level={1} />
            <p class="bug-more"><a href={format!("{}{}bugs/", site_root(), lang.folder())} target="_top">{ lang.text(Msg::BugEmbedMore) }</a></p>
        </div>
    }
}

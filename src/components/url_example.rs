//! "One billion URLs at 0.01% in 18 MB?" — a claim from a web-crawler article, answered by the
//! calculator's own formulas. Every number here is computed, none typed.

use yew::prelude::*;

use crate::format::{count, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::crawler::CLAIM_BYTES;
use bloom_core::sizing::{bytes, optimal_bits};

/// The claim: n = 10⁹ URLs, p = 0.01%, in 18 MB.
const URLS: f64 = 1e9;
const RATE: f64 = 1e-4;

/// Props of [`UrlExample`].
#[derive(Properties, PartialEq, Clone)]
pub struct UrlExampleProps {
    /// Loads n and p into the calculator.
    pub onload: Callback<(f64, f64)>,
}

/// The worked example.
#[component]
pub fn UrlExample(props: &UrlExampleProps) -> Html {
    let lang = use_lang();
    let bits = optimal_bits(URLS, RATE);
    let memory = lang.size(bytes(bits));
    let claimed_bits = CLAIM_BYTES * 8.0;
    let onclick = {
        let onload = props.onload.clone();
        Callback::from(move |_: MouseEvent| onload.emit((URLS, RATE)))
    };
    html! {
        <div class="url-example" data-testid="url-example">
            <p>{ lang.fill(Msg::UrlsClaim, &[("m", &significant(bits)), ("size", &memory)]) }</p>
            <p>{ lang.fill(Msg::UrlsWhy, &[
                ("claim_bits", &significant(claimed_bits)),
                ("claim_per_item", &significant(claimed_bits / URLS)),
                ("per_item", &significant(bits / URLS)),
                ("factor", &count((bits / claimed_bits).round())),
            ]) }</p>
            <p>{ lang.fill(Msg::UrlsExact, &[("size", &memory)]) }</p>
            <button type="button" data-testid="url-example-load" {onclick}>{ lang.text(Msg::UrlsLoad) }</button>
        </div>
    }
}

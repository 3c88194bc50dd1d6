//! n̂ = −(m/k)·ln(1 − X/m) against the true n, ten words at a time, until the filter is full and the
//! estimate runs off to infinity. Its own small filter, independent of the playground.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::figure_parts::column_heads;

use crate::format::significant;
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::params::FilterParams;
use bloom_core::playground::Playground;
use bloom_core::words::pick;

// The filter chapter 6's prose works through, click for click.
use crate::tutorial::chapter6::{DEMO_BITS as BITS, DEMO_HASHES as HASHES, DEMO_STEP as STEP};

fn empty() -> Playground {
    Playground::new(FilterParams {
        bits: BITS,
        hashes: HASHES,
        ..FilterParams::default()
    })
}

/// The estimate table with its two buttons.
#[component]
pub fn EstimateDemo() -> Html {
    let lang = use_lang();
    let filter = use_state(|| Rc::new(empty()));
    let rounds = use_state(|| 0u64);
    let add = {
        let (filter, rounds) = (filter.clone(), rounds.clone());
        Callback::from(move |_: MouseEvent| {
            let mut next = (**filter).clone();
            // Words from several seeds, numbered so that every round adds ten new items.
            for word in pick(*rounds, STEP) {
                let _ = next.insert(&format!("{word} {}", *rounds));
            }
            filter.set(Rc::new(next));
            rounds.set(*rounds + 1);
        })
    };
    let reset = {
        let (filter, rounds) = (filter.clone(), rounds.clone());
        Callback::from(move |_: MouseEvent| {
            filter.set(Rc::new(empty()));
            rounds.set(0);
        })
    };
    // The newest round first, under the buttons: a phone keeps it on the screen tap after tap.
    let rows: Vec<Html> = filter
        .points()
        .iter()
        .rev()
        .filter(|point| point.items % STEP as u64 == 0)
        .map(|point| {
            let estimate = bloom_core::estimate::items_from_set_bits(point.set_bits, BITS, HASHES);
            html! {
                <tr key={point.items}>
                    <td data-testid="estimate-true">{ point.items }</td>
                    <td>{ point.set_bits }</td>
                    <td data-testid="estimate-guess">{ estimate.map_or("∞".to_string(), significant) }</td>
                </tr>
            }
        })
        .collect();
    html! {
        <div class="estimate-demo" data-testid="estimate-demo">
            <div class="share-row">
                <button type="button" class="primary" data-testid="estimate-add" onclick={add}>{ lang.text(Msg::EstimateAdd) }</button>
                <button type="button" data-testid="estimate-reset" onclick={reset}>{ lang.text(Msg::EstimateReset) }</button>
            </div>
            <table class="best-table">
                <caption>{ lang.fill(Msg::EstimateCaption, &[("m", &BITS.to_string()), ("k", &HASHES.to_string())]) }</caption>
                { column_heads(lang, &[Msg::EstimateTrue, Msg::EstimateBits, Msg::EstimateGuess]) }
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

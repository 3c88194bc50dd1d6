//! The message shown when a link could not be used in full: exactly which parts were ignored and what
//! was used instead. It can be dismissed; nothing else depends on it.

use std::ops::RangeInclusive;

use yew::prelude::*;

use crate::format::grouped;
use crate::hooks::use_lang::{use_lang, use_resources};
use crate::share::{Ignored, MAX_LINK_ITEMS};
use crate::strings::{Lang, Msg, DETAILS};
use bloom_core::count_min::{COUNT_RANGE, DEPTH_RANGE, EXPONENT_TENTHS_RANGE, WIDTH_RANGE};
use bloom_core::counting::COUNTER_BITS_RANGE;
use bloom_core::params::{BITS_RANGE, HASHES_RANGE};
use bloom_core::playground::MAX_ITEM_BYTES;
use bloom_core::words::SEED_RANGE;

/// Props of [`StateError`].
#[derive(Properties, PartialEq, Clone)]
pub struct StateErrorProps {
    /// What was ignored.
    pub ignored: Vec<Ignored>,
    /// Closes the message.
    pub ondismiss: Callback<()>,
}

/// A value the link gave outside the `range` the widget takes.
fn out_of_range(lang: Lang, msg: Msg, value: &str, range: &RangeInclusive<u32>) -> String {
    let range = format!("{}–{}", range.start(), range.end());
    lang.fill(msg, &[("value", value), ("range", &range)])
}

/// `count` parts of the link, in the language's plural form.
fn counted(lang: Lang, msg: Msg, count: usize) -> String {
    lang.plural(msg, count as u64, &[("count", &grouped(count as u64))])
}

/// One ignored part of the link, and what was used instead, in words.
fn describe(lang: Lang, ignored: &Ignored) -> String {
    match ignored {
        Ignored::Bits(text) => out_of_range(lang, Msg::IgnoredBits, text, &BITS_RANGE),
        Ignored::Hashes(text) => out_of_range(lang, Msg::IgnoredHashes, text, &HASHES_RANGE),
        Ignored::Scheme(text) => lang.fill(Msg::IgnoredScheme, &[("value", text)]),
        Ignored::Seed(text) => out_of_range(lang, Msg::IgnoredSeed, text, &SEED_RANGE),
        Ignored::BlankItems(count) => counted(lang, Msg::IgnoredBlankItems, *count),
        Ignored::UnreadableItems(count) => counted(lang, Msg::IgnoredUnreadableItems, *count),
        Ignored::LongItems(count) => lang.plural(
            Msg::IgnoredLongItems,
            *count as u64,
            &[
                ("count", &grouped(*count as u64)),
                ("limit", &lang.bytes(MAX_ITEM_BYTES)),
            ],
        ),
        Ignored::TooManyItems { dropped } => lang.plural(
            Msg::IgnoredTooManyItems,
            *dropped as u64,
            &[
                ("count", &grouped(*dropped as u64)),
                ("limit", &grouped(MAX_LINK_ITEMS as u64)),
            ],
        ),
        Ignored::Compact => lang.text(Msg::IgnoredCompact).to_string(),
        Ignored::CutOff { restored } => counted(lang, Msg::IgnoredCutOff, *restored),
        Ignored::CounterBits(text) => {
            out_of_range(lang, Msg::IgnoredCounterBits, text, &COUNTER_BITS_RANGE)
        }
        Ignored::Width(text) => out_of_range(lang, Msg::IgnoredWidth, text, &WIDTH_RANGE),
        Ignored::Depth(text) => out_of_range(lang, Msg::IgnoredDepth, text, &DEPTH_RANGE),
        Ignored::Exponent(text) => lang.fill(
            Msg::IgnoredExponent,
            &[
                ("value", text),
                ("range", &format!("0–{}", EXPONENT_TENTHS_RANGE.end() / 10)),
            ],
        ),
        Ignored::Counts(count) => lang.plural(
            Msg::IgnoredCounts,
            *count as u64,
            &[
                ("count", &grouped(*count as u64)),
                (
                    "range",
                    &format!(
                        "{}–{}",
                        grouped(*COUNT_RANGE.start()),
                        grouped(*COUNT_RANGE.end())
                    ),
                ),
            ],
        ),
        Ignored::Streams(count) => counted(lang, Msg::IgnoredStreams, *count),
        Ignored::Value { key, value, range } => lang.fill(
            Msg::IgnoredValue,
            &[("key", key), ("value", value), ("range", range)],
        ),
        Ignored::Unknown(key) => lang.fill(Msg::IgnoredUnknown, &[("key", key)]),
    }
}

/// The dismissible list of ignored link parts.
#[component]
pub fn StateError(props: &StateErrorProps) -> Html {
    let lang = use_lang();
    // Its texts are fetched only when a link had something to ignore.
    let wanted = if props.ignored.is_empty() {
        Vec::new()
    } else {
        vec![DETAILS.to_owned()]
    };
    let (texts_here, _) = use_resources(lang, wanted);
    if props.ignored.is_empty() || !texts_here {
        return Html::default();
    }
    let ondismiss = props.ondismiss.reform(|_: MouseEvent| ());
    html! {
        <div class="state-error" data-testid="state-error" role="alert">
            <p class="state-error-title">{ lang.text(Msg::IgnoredTitle) }</p>
            <ul>
                { for props.ignored.iter().map(|part| html! { <li>{ describe(lang, part) }</li> }) }
            </ul>
            <button type="button" data-testid="state-error-dismiss" onclick={ondismiss}>{ lang.text(Msg::IgnoredDismiss) }</button>
        </div>
    }
}

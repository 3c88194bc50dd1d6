//! Live statistics of the filter. Each value is computed by the core from n, X, m and k; the
//! `data-value` attributes carry the plain numbers for anyone checking the page from outside.

use yew::prelude::*;

use crate::format::{exact, grouped, one_in, percent, significant};
use crate::hooks::use_lang::use_lang;
use crate::strings::Msg;
use bloom_core::playground::Stats;

/// Props of [`StatsPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct StatsPanelProps {
    /// The figures to show.
    pub stats: Stats,
}

/// n, X, X/m, (X/m)^k, the formula's rate, and n̂.
#[component]
pub fn StatsPanel(props: &StatsPanelProps) -> Html {
    let lang = use_lang();
    let stats = props.stats;
    let fpr = stats.false_positive_rate();
    let expected = stats.expected_false_positive_rate();
    let fill = stats.fill_ratio();
    let estimate = stats.estimated_items();
    let odds = |rate: f64| {
        one_in(rate)
            .map(|n| format!(" · {}", lang.fill(Msg::StatFprOneIn, &[("n", &n)])))
            .unwrap_or_default()
    };
    html! {
        <dl class="stats">
            <div class="stat">
                <dt>{ lang.text(Msg::StatItems) }</dt>
                <dd data-testid="stat-n" data-value={stats.items.to_string()}>
                    <span class="stat-value">{ grouped(stats.items) }</span>
                    <span class="stat-note">{ lang.plural(Msg::StatItemsNote, stats.insertions, &[("insertions", &grouped(stats.insertions))]) }</span>
                </dd>
            </div>
            <div class="stat">
                <dt>{ lang.text(Msg::StatSetBits) }</dt>
                <dd data-testid="stat-set-bits" data-value={stats.set_bits.to_string()}>
                    <span class="stat-value">
                        { lang.fill(Msg::StatSetBitsValue, &[("x", &stats.set_bits.to_string()), ("m", &stats.bits.to_string())]) }
                    </span>
                </dd>
            </div>
            <div class="stat">
                <dt>{ lang.text(Msg::StatFill) }</dt>
                <dd data-testid="stat-fill" data-value={exact(fill)}>
                    <span class="stat-value">{ significant(fill) }</span>
                    <span class="stat-note">{ percent(fill) }</span>
                </dd>
            </div>
            <div class="stat">
                <dt>{ lang.text(Msg::StatFpr) }</dt>
                <dd data-testid="stat-fpr" data-value={exact(fpr)}>
                    <span class="stat-value">{ significant(fpr) }</span>
                    <span class="stat-note">{ percent(fpr) }{ odds(fpr) }</span>
                </dd>
            </div>
            <div class="stat">
                <dt>{ lang.text(Msg::StatExpected) }</dt>
                <dd data-testid="stat-expected-fpr" data-value={exact(expected)}>
                    <span class="stat-value">{ significant(expected) }</span>
                    <span class="stat-note">{ percent(expected) }</span>
                </dd>
            </div>
            <div class="stat">
                <dt>{ lang.text(Msg::StatEstimate) }</dt>
                <dd data-testid="stat-estimate" data-value={estimate.map_or("Infinity".to_string(), exact)}>
                    if let Some(n) = estimate {
                        <span class="stat-value">{ significant(n) }</span>
                    } else {
                        <span class="stat-value">{ "∞" }</span>
                        <span class="stat-note">{ lang.text(Msg::StatEstimateFull) }</span>
                    }
                </dd>
            </div>
        </dl>
    }
}

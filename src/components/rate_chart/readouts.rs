//! What the rate chart reads out at the current n: every rate as a number (with the exact value in
//! `data-value` for tests and tools), the measured rate's count and 95% interval, and the same in
//! one sentence for screen readers.

use yew::prelude::*;

use crate::format::{exact, grouped, significant, significant_column};
use crate::strings::{Lang, Msg};
use bloom_core::rate_readings::{Predicted, RateReadings};

/// The readouts at the current n, with the measured rate's count and interval.
pub(super) fn readouts(lang: Lang, readings: &RateReadings) -> Html {
    let predicted = readings.predicted;
    let observed = readings.observed;
    let measured = observed.measured;
    let rate = measured.rate();
    let (low, high) = measured.interval();
    // One column of rates, each with its three figures (0.150 under 0.205).
    let number = significant_column;
    html! {
        <>
            <h3 class="readouts-heading">{ lang.fill(Msg::ReadoutsHeading, &[("n", &grouped(observed.items))]) }</h3>
            <dl class="readouts">
                <div><dt>{ lang.text(Msg::ReadoutApprox) }</dt>
                    <dd data-testid="fpr-approx" data-value={exact(predicted.approximate)}>{ number(predicted.approximate) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutClassic) }</dt>
                    <dd data-testid="fpr-classic" data-value={exact(predicted.classic)}>{ number(predicted.classic) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutExact) }</dt>
                    <dd data-testid="fpr-exact" data-value={exact(predicted.exact)}>{ number(predicted.exact) }</dd></div>
                <div><dt>{ lang.text(Msg::ReadoutFill) }</dt>
                    <dd data-testid="fpr-fill" data-value={exact(observed.fill)}>{ number(observed.fill) }</dd></div>
                <div class="wide"><dt>{ lang.text(Msg::ReadoutMeasured) }</dt>
                    <dd data-testid="fpr-measured" data-value={exact(rate)} data-probes={measured.probes.to_string()}>
                        { number(rate) }
                        <span class="stat-note">{ " " }{ lang.fill(Msg::ReadoutMeasuredDetail, &[
                            ("positives", &grouped(u64::from(measured.positives))),
                            ("probes", &grouped(u64::from(measured.probes))),
                            ("low", &number(low)),
                            ("high", &number(high)),
                        ]) }</span>
                    </dd></div>
            </dl>
            { short_probes_note(lang, readings) }
        </>
    }
}

/// Why the measured rate sits above the filter's own (X/m)^k, when its whole interval does and
/// some probes test fewer than k different bits: those pass more easily than (X/m)^k assumes.
fn short_probes_note(lang: Lang, readings: &RateReadings) -> Html {
    let observed = readings.observed;
    let (low, _) = observed.measured.interval();
    if readings.short_probes == 0 || low <= observed.fill {
        return Html::default();
    }
    html! {
        <p class="explain" data-testid="short-probes-note" data-value={readings.short_probes.to_string()}>
            { lang.fill(Msg::ReadoutShortProbes, &[
                ("short", &grouped(u64::from(readings.short_probes))),
                ("probes", &grouped(u64::from(observed.measured.probes))),
                ("k", &readings.hashes().to_string()),
            ]) }
        </p>
    }
}

/// The chart in one sentence, for screen readers: every rate at the current n.
pub(super) fn summary(lang: Lang, readings: &RateReadings, probes_text: &str) -> String {
    let Predicted {
        approximate,
        classic,
        exact,
    } = readings.predicted;
    let [approx, classic, exact, fill, measured] = [
        approximate,
        classic,
        exact,
        readings.observed.fill,
        readings.observed.measured.rate(),
    ]
    .map(significant);
    lang.fill(
        Msg::ChartSummary,
        &[
            ("n", &grouped(readings.observed.items)),
            ("approx", &approx),
            ("classic", &classic),
            ("exact", &exact),
            ("fill", &fill),
            ("probes", probes_text),
            ("measured", &measured),
        ],
    )
}

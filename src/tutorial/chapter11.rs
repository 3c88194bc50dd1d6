//! Chapter 11: when it goes wrong. The formula holds only if each item's k indexes are independent and
//! uniform over the m bits; real libraries broke that with a biased remainder, an index too narrow for
//! its array, a second hash made from the first, bits thrown away, a size that wrapped, a hash that
//! was not the hash it named, and a step that shared a factor with m. The chapter works through the
//! last one — which the playground itself shows — with one case of the bug museum inline, and says
//! how to test a filter of one's own.

use super::exercise::{nth, Exercise, Kind};
// What independent, even indexes promise: chapter 4's p ≈ (1 − e^(−kn/m))^k.
use super::figures::{self, Figure};
use super::formulas::chapter4 as math;
use super::Block::{self, Math, PageLink, Widget as W, H, P};
use super::Widget;
use crate::format::{grouped, significant};
use crate::routes::SitePage;
use crate::strings::Lang;
use bloom_core::bugs::{shared_factor, Case};
use bloom_core::sizing::rate;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    Math(math::APPROX),
    P("p1b"),
    Block::Figure(cycles),
    H("h1"),
    P("p2"),
    P("p3"),
    H("h2"),
    P("p4"),
    P("p5"),
    H("h3"),
    P("p6"),
    P("p7"),
    W(Widget::Bugs),
    P("p8"),
    Block::Exercise,
    H("h4"),
    P("p9"),
    P("p10"),
    PageLink(SitePage::Bugs, "p_museum"),
];

/// The figure's ring: m, the hashes, the first bit and two steps, one sharing no factor with m
/// and one sharing 4.
pub const FIGURE_RING: (u32, u32, u32, [u32; 2]) = (16, 6, 1, [3, 4]);

/// Plain double hashing round a ring of 16 bits with k = 6, from bit 1: a step of 3 sets six
/// different bits, a step of 4 comes back to bit 1 after four and sets only four.
fn cycles(_lang: Lang) -> Figure {
    let (bits, hashes, start, steps) = FIGURE_RING;
    Figure {
        caption: "figure",
        svg: figures::ring_cycles(
            bits,
            start,
            steps,
            hashes,
            [&format!("h₂ = {}", steps[0]), &format!("h₂ = {}", steps[1])],
        ),
    }
}

/// The case the chapter shows inline.
pub const INLINE_CASE: Case = Case::SharedFactor;

/// The widget's link state: the inline case (only the build writes the frame).
#[cfg(not(target_arch = "wasm32"))]
pub fn widget_query() -> String {
    crate::share::bugs::to_query(&crate::share::bugs::BugsLink {
        case: Some(INLINE_CASE),
        ..Default::default()
    })
}

/// Every number the chapter's prose uses, computed now and written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    let (items, bits, hashes) = shared_factor::CLASSROOM;
    let theory = rate(items as f64, bits as f64, f64::from(hashes));
    // The fill after n items: about half, at the best k.
    let fill = 1.0 - (-(f64::from(hashes)) * items as f64 / bits as f64).exp();
    // Keys whose step is a multiple of m/2, m/4, …, m/16 test 1, 2, 4, 8 or 16 bits: the extra rate
    // those few keys add, one in m of them per multiple.
    let extra: f64 = (0..5)
        .map(|level| {
            let tested = 1u32 << level;
            let keys = if level == 0 {
                1.0
            } else {
                f64::from(tested / 2)
            };
            keys / bits as f64 * fill.powi(tested as i32)
        })
        .sum();
    let (ring_bits, ring_hashes, ring_start, ring_steps) = FIGURE_RING;
    let shared = gcd(ring_steps[1], ring_bits);
    vec![
        ("fig_m", ring_bits.to_string()),
        ("fig_k", ring_hashes.to_string()),
        ("fig_start", ring_start.to_string()),
        ("fig_step_a", ring_steps[0].to_string()),
        ("fig_step_b", ring_steps[1].to_string()),
        ("fig_gcd", shared.to_string()),
        (
            "fig_cycle",
            (ring_bits / shared).min(ring_hashes).to_string(),
        ),
        ("m", grouped(bits)),
        ("k", hashes.to_string()),
        ("n", grouped(items)),
        ("theory", lang.chance(theory)),
        ("fill", significant(fill)),
        ("extra", lang.chance(extra)),
        ("times", significant(((theory + extra) / theory).round())),
        ("queries", grouped(shared_factor::CLASSROOM_QUERIES)),
    ]
}

/// The blanks of the exercise's texts (`exercise` and `exercise_explain`).
pub const EXERCISE_BLANKS: &[&str] = &["m", "k", "step", "gcd", "cycle", "right", "answer"];

/// The greatest common divisor of `a` and `b`, by Euclid's algorithm (gcd(0, b) = b).
fn gcd(a: u32, b: u32) -> u32 {
    if a == 0 {
        b
    } else {
        gcd(b % a, a)
    }
}

/// Round `round` of the chapter's exercise (its numbers need no language): how many different bits
/// a key sets when plain double hashing's step shares a factor with m.
pub fn exercise(round: u32, _lang: Lang) -> Exercise {
    // The indexes cycle after m / gcd(step, m) steps, so the key sets min(k, that) different bits.
    let (m, k, step) = nth(
        &[
            (64u32, 8u32, 16u32),
            (48, 6, 18),
            (128, 10, 96),
            (96, 8, 36),
            (256, 12, 64),
            (48, 7, 40),
        ],
        round,
    );
    let gcd = gcd(step, m);
    let cycle = m / gcd;
    let right = cycle.min(k);
    Exercise {
        chapter: 11,
        round,
        pictures: Vec::new(),
        kind: Kind::Number {
            right: f64::from(right),
            tolerance: 0.0,
            range: (1, u64::from(k)),
        },
        facts: vec![
            ("m", m.to_string()),
            ("k", k.to_string()),
            ("step", step.to_string()),
            ("gcd", gcd.to_string()),
            ("cycle", cycle.to_string()),
            ("right", right.to_string()),
        ],
        given: vec![format!("m={m}"), format!("k={k}"), format!("step={step}")],
        number_fact: None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::tutorial::checks;
    use crate::tutorial::exercise::fact_of;
    #[test]
    fn the_figure_counts_the_bits_each_step_sets() {
        let (bits, hashes, start, steps) = FIGURE_RING;
        // Walk each step by hand and collect the bits it lands on.
        let walked = |step: u32| {
            let mut seen: Vec<u32> = (0..hashes).map(|i| (start + i * step) % bits).collect();
            seen.sort_unstable();
            seen.dedup();
            seen
        };
        assert_eq!(walked(steps[0]).len() as u32, hashes);
        assert_eq!(walked(steps[1]), vec![1, 5, 9, 13]);
        let facts = facts(Lang::English);
        let fact = |key: &str| fact_of(&facts, key);
        assert_eq!(fact("fig_gcd"), "4");
        assert_eq!(fact("fig_cycle"), "4");
        let drawn = cycles(Lang::English).svg;
        assert!(drawn.contains(">0 1 4 7 10 13<") && drawn.contains(">1 5 9 13<"));
    }

    #[test]
    fn the_exercise_counts_the_bits_a_key_really_sets() {
        crate::strings::tests::install_all();
        // Walk the indexes a + i·step mod m for i < k and count the different ones.
        for round in 0..6 {
            let eleven = exercise(round, Lang::English);
            let (m, k, step): (u32, u32, u32) = (
                checks::given(&eleven, "m"),
                checks::given(&eleven, "k"),
                checks::given(&eleven, "step"),
            );
            let mut seen: Vec<u32> = (0..k).map(|i| (5 + i * step) % m).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(fact_of(&eleven.facts, "right"), seen.len().to_string());
        }
    }
}

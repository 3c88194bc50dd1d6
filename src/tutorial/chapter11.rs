//! Chapter 11: when it goes wrong. The formula holds only if each item's k indexes are independent and
//! uniform over the m bits; real libraries broke that with a biased remainder, an index too narrow for
//! its array, a second hash made from the first, bits thrown away, a size that wrapped, a hash that
//! was not the hash it named, and a step that shared a factor with m. The chapter works through the
//! last one — which the playground itself shows — with one case of the bug museum inline, and says
//! how to test a filter of one's own.

use super::Block::{self, Exercise, PageLink, Widget as W, H, P};
use super::Widget;
use crate::format::{chance, grouped, significant};
use crate::routes::SitePage;
use crate::strings::Lang;
use bloom_core::bugs::{shared_factor, Case};
use bloom_core::sizing::rate;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
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
    Exercise,
    H("h4"),
    P("p9"),
    P("p10"),
    PageLink(SitePage::Bugs, "p_museum"),
];

/// The case the chapter shows inline.
pub const INLINE_CASE: Case = Case::SharedFactor;

/// The widget's link state: the inline case (only the build writes the frame).
#[cfg(not(target_arch = "wasm32"))]
pub fn widget_query() -> String {
    crate::share::bugs::to_query(Some(INLINE_CASE))
}

/// Every number the chapter's prose uses, computed now and written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
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
    vec![
        ("m", grouped(bits)),
        ("k", hashes.to_string()),
        ("n", grouped(items)),
        ("theory", chance(theory)),
        ("fill", significant(fill)),
        ("extra", chance(extra)),
        ("times", significant(((theory + extra) / theory).round())),
        ("queries", grouped(shared_factor::CLASSROOM_QUERIES)),
    ]
}

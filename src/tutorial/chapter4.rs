//! Chapter 4: false positives — the probability a bit stays 0, the approximate rate and the exact one.

use super::Block::{self, Math, Widget as W, P};
use super::Widget;
use crate::bloom::fpr;
use crate::format::significant;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    Math(MATH_ZERO),
    P("p2"),
    Math(MATH_FPR),
    P("p3"),
    Math(MATH_EXACT),
    W(Widget::RateChart),
];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    vec![
        ("small_approx", significant(fpr::approximate(16, 3, 3))),
        ("small_exact", significant(fpr::exact(16, 3, 3))),
        ("big_approx", significant(fpr::approximate(1024, 3, 100))),
        ("big_exact", significant(fpr::exact(1024, 3, 100))),
    ]
}

const MATH_ZERO: &str = r#"<math display="block"><mrow><mi>P</mi><mo>(</mo><mi>b</mi><mo>=</mo><mn>0</mn><mo>)</mo><mo>=</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><mi>m</mi></mfrac><mo>)</mo></mrow><mrow><mi>k</mi><mi>n</mi></mrow></msup><mo>≈</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup></mrow></math>"#;
const MATH_FPR: &str = r#"<math display="block"><mrow><mi>p</mi><mo>≈</mo><msup><mrow><mo>(</mo><mn>1</mn><mo>−</mo><msup><mi>e</mi><mrow><mo>−</mo><mi>k</mi><mi>n</mi><mo>/</mo><mi>m</mi></mrow></msup><mo>)</mo></mrow><mi>k</mi></msup></mrow></math>"#;
const MATH_EXACT: &str = r#"<math display="block"><mrow><mi>p</mi><mo>=</mo><mi>E</mi><mo>[</mo><msup><mrow><mo>(</mo><mi>X</mi><mo>/</mo><mi>m</mi><mo>)</mo></mrow><mi>k</mi></msup><mo>]</mo></mrow></math>"#;

//! Chapter 6: counting what you stored — estimating n from the number of set bits.

use super::Block::{self, Math, Widget as W, P};
use super::Widget;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), Math(MATH_ESTIMATE), P("p2"), W(Widget::Estimate)];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    Vec::new()
}

const MATH_ESTIMATE: &str = r#"<math display="block"><mrow><mover><mi>n</mi><mo>^</mo></mover><mo>=</mo><mo>−</mo><mfrac><mi>m</mi><mi>k</mi></mfrac><mi>ln</mi><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mi>X</mi><mi>m</mi></mfrac><mo>)</mo></mrow></math>"#;

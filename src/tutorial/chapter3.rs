//! Chapter 3: hash functions — FNV-1a and MurmurHash3, and k indexes from two hashes (Kirsch–Mitzenmacher).

use super::Block::{self, Math, Widget as W, P};
use super::Widget;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), Math(MATH_DOUBLE), P("p2"), W(Widget::Hashing)];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    Vec::new()
}

const MATH_DOUBLE: &str = r#"<math display="block"><mrow><msub><mi>g</mi><mi>i</mi></msub><mo>=</mo><mo>(</mo><msub><mi>h</mi><mn>1</mn></msub><mo>+</mo><mi>i</mi><mo>·</mo><msub><mi>h</mi><mn>2</mn></msub><mo>)</mo><mo>mod</mo><mi>m</mi><mo>,</mo><mspace width="0.5em"/><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>k</mi><mo>−</mo><mn>1</mn></mrow></math>"#;

//! Chapter 8: beyond the basic filter — counting and scalable filters, union and intersection.

use super::Block::{self, P};
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), P("p2")];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    Vec::new()
}

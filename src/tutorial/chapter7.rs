//! Chapter 7: filters that count.

use super::Block;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[];

/// Every number the chapter's prose uses.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    Vec::new()
}

//! Chapter 7: where they are used — crawlers, databases, browsers, caches.

use super::Block::{self, P};
use crate::bloom::sizing;
use crate::format::significant;
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), P("p2"), P("p3"), P("p4"), P("p5"), P("p6"), P("p7")];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    vec![("leveldb_rate", significant(sizing::rate(1.0, 10.0, 6.0)))]
}

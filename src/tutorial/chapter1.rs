//! Chapter 1: the problem — remembering a huge set in little memory, and what a filter gives up for it.

use super::Block::{self, P};
use crate::bloom::sizing::{bytes, optimal_bits};
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[P("p1"), P("p2")];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(lang: Lang) -> Vec<(&'static str, String)> {
    vec![("billion_1pct", lang.size(bytes(optimal_bits(1e9, 0.01))))]
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_billion_items_at_one_percent_take_a_gibibyte_and_a_bit() {
        crate::strings::tests::install_all();
        let fact = |lang| facts(lang).into_iter().find(|(k, _)| *k == "billion_1pct").unwrap().1;
        // 1e9 · 9.585 bits / 8 / 2^30 = 1.116 GiB.
        assert_eq!(fact(Lang::English), "1.12 GiB");
        assert_eq!(fact(Lang::Japanese), "1.12 ギビバイト");
    }
}

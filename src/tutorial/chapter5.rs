//! Chapter 5: choosing m and k — the optimum k, the size for a target rate, and the sizing calculator.

use super::Block::{self, Math, Widget as W, P};
use super::Widget;
use crate::bloom::sizing::{optimal_bits, optimal_hashes};
use crate::format::{count, significant};
use crate::strings::Lang;

/// The chapter's blocks, in order.
pub const BLOCKS: &[Block] = &[
    P("p1"),
    Math(MATH_OPTIMAL_K),
    P("p2"),
    Math(MATH_SIZE),
    P("p3"),
    W(Widget::Calculator),
];

/// Every number the chapter's prose uses, written in `lang`.
pub fn facts(_lang: Lang) -> Vec<(&'static str, String)> {
    vec![
        ("bits_1pct", significant(optimal_bits(1e6, 0.01) / 1e6)),
        (
            "k_1pct",
            count(optimal_hashes(optimal_bits(1e6, 0.01), 1e6)),
        ),
        ("bits_01pct", significant(optimal_bits(1e6, 0.001) / 1e6)),
        ("log_factor", significant(1.0 / std::f64::consts::LN_2)),
        (
            "bits_per_decade",
            significant(10f64.log2() / std::f64::consts::LN_2),
        ),
        ("bits_001pct", significant(optimal_bits(1e6, 1e-4) / 1e6)),
    ]
}

const MATH_OPTIMAL_K: &str = r#"<math display="block"><mrow><msup><mi>k</mi><mo>*</mo></msup><mo>=</mo><mfrac><mi>m</mi><mi>n</mi></mfrac><mi>ln</mi><mn>2</mn></mrow></math>"#;
const MATH_SIZE: &str = r#"<math display="block"><mrow><mi>m</mi><mo>=</mo><mo>−</mo><mfrac><mrow><mi>n</mi><mi>ln</mi><mi>p</mi></mrow><msup><mrow><mo>(</mo><mi>ln</mi><mn>2</mn><mo>)</mo></mrow><mn>2</mn></msup></mfrac><mo>≈</mo><mn>1.44</mn><mo>·</mo><msub><mi>log</mi><mn>2</mn></msub><mo>(</mo><mn>1</mn><mo>/</mo><mi>p</mi><mo>)</mo><mo>·</mo><mi>n</mi></mrow></math>"#;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn fact(lang: Lang, key: &str) -> String {
        facts(lang)
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap()
    }

    #[test]
    fn the_sizing_facts_match_an_independent_computation() {
        // m/n = −ln p / (ln 2)², k = (m/n)·ln 2: at p = 1%, 9.585… bits and 6.64… → 7 hashes.
        assert_eq!(fact(Lang::English, "k_1pct"), "7");
        assert_eq!(fact(Lang::English, "bits_1pct"), "9.59");
        assert_eq!(fact(Lang::English, "bits_001pct"), "19.2");
        assert_eq!(fact(Lang::English, "bits_per_decade"), "4.79");
    }
}

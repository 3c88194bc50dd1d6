//! What the core's tests share: numbers compared to within rounding, and items hashed once the way
//! the filters hash them.

use crate::hashing::ItemHashes;

/// Asserts `left` equals `right` to within a few units in the last place: the same formula may
/// round its last bit differently where the optimiser inlines it.
pub fn assert_close(left: f64, right: f64) {
    assert!(
        (left - right).abs() <= 4.0 * f64::EPSILON * right.abs(),
        "{left} ≠ {right}"
    );
}

/// Each text's two hashes, in order.
pub fn hashed<S: AsRef<str>>(texts: impl IntoIterator<Item = S>) -> Vec<ItemHashes> {
    texts
        .into_iter()
        .map(|text| ItemHashes::of(text.as_ref()))
        .collect()
}

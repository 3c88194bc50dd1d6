//! Sorting the short lists the page sorts — a filter's k indexes, the dozen rows of a chart's table —
//! by insertion. The standard library's general sort is stamped out again for every element type
//! (about 3 KB of wasm each); one small loop serves them all, and for a few dozen values it is as fast.

/// `values` in ascending order with repeats removed.
pub fn sort_distinct<T: Ord + Copy>(values: &mut Vec<T>) {
    for i in 1..values.len() {
        let value = values[i];
        let mut j = i;
        while j > 0 && values[j - 1] > value {
            values[j] = values[j - 1];
            j -= 1;
        }
        values[j] = value;
    }
    values.dedup();
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sorts_and_drops_repeats() {
        let mut values = vec![5u32, 3, 9, 3, 0, 5];
        sort_distinct(&mut values);
        assert_eq!(values, [0, 3, 5, 9]);
        let mut empty: Vec<u64> = Vec::new();
        sort_distinct(&mut empty);
        assert!(empty.is_empty());
    }

    proptest! {
        #[test]
        fn agrees_with_the_standard_sort(mut values in proptest::collection::vec(0u32..50, 0..60)) {
            let mut expected = values.clone();
            expected.sort_unstable();
            expected.dedup();
            sort_distinct(&mut values);
            prop_assert_eq!(values, expected);
        }
    }
}

//! Predict-then-check exercises, one per chapter: the reader answers first, then the page checks and
//! explains the right answer with the reader's own numbers. Each exercise is drawn from a round
//! number, so "Try another" gives new values; round 0 is the one printed on the page.

/// The blanks chapter `number`'s exercise texts may use (`exercise` and `exercise_explain`).
/// `{answer}` is the reader's answer and `{right}` the right one, both as a reader would write them.
pub fn blanks(number: u32) -> &'static [&'static str] {
    match number {
        1 => &["n", "rate", "set_size", "bits_per_item", "right", "answer"],
        2 => &["word", "m", "k", "positions", "already", "ones", "right", "answer"],
        3 => &["word", "m", "h1", "h2", "i", "sum", "right", "answer"],
        4 => &["word", "m", "k", "positions", "set_count", "right", "answer"],
        5 => &["m", "n", "k_real", "k_lo", "k_hi", "p_lo", "p_hi", "right", "answer", "p_answer"],
        6 => &["m", "k", "x", "estimate", "n", "right", "answer"],
        7 => &["bits_per_key", "k", "right", "answer"],
        _ => &["a_items", "b_items", "m", "k", "a_bits", "b_bits", "right", "answer"],
    }
}

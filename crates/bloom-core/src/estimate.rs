//! Estimating how many items a filter holds from its bits alone (Swamidass and Baldi, 2007). After n
//! items the expected fraction of zero bits is about e^(−kn/m); solving X/m = 1 − e^(−kn/m) for n
//! gives n̂ = −(m/k)·ln(1 − X/m). When every bit is set the estimate is unbounded.

/// n̂ = −(m/k)·ln(1 − X/m), or `None` when X = m (the estimate is infinite: a full filter says
/// nothing about how many items went in).
pub fn items_from_set_bits(set_bits: u32, bits: u32, hashes: u32) -> Option<f64> {
    if bits == 0 || hashes == 0 || set_bits >= bits {
        return None;
    }
    let fill = f64::from(set_bits) / f64::from(bits);
    Some(-(f64::from(bits) / f64::from(hashes)) * (-fill).ln_1p())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn empty_filter_estimates_zero() {
        assert_eq!(items_from_set_bits(0, 32, 3), Some(0.0));
    }

    #[test]
    fn matches_hand_computation() {
        // m = 32, k = 3, X = 16: −(32/3)·ln(0.5) = 7.39357…
        let estimate = items_from_set_bits(16, 32, 3).unwrap();
        assert!((estimate - 32.0 / 3.0 * std::f64::consts::LN_2).abs() < 1e-12);
        assert!((estimate - 7.393_570).abs() < 1e-5);
    }

    #[test]
    fn full_filter_is_unbounded() {
        assert_eq!(items_from_set_bits(32, 32, 3), None);
    }

    #[test]
    fn inverts_the_expected_fill() {
        // Feed in the expected X for n items and get n back.
        let (bits, hashes, items) = (1024u32, 4u32, 100.0f64);
        let expected_set =
            f64::from(bits) * (1.0 - (-f64::from(hashes) * items / f64::from(bits)).exp());
        let fill = expected_set / f64::from(bits);
        let estimate = -(f64::from(bits) / f64::from(hashes)) * (1.0 - fill).ln();
        assert!((estimate - items).abs() < 1e-9);
        // And the integer version lands near it.
        let rounded = items_from_set_bits(expected_set.round() as u32, bits, hashes).unwrap();
        assert!((rounded - items).abs() < 1.0);
    }
}

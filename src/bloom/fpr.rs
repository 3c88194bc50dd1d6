//! False-positive rates. A query for an item never inserted is a false positive when all k of its
//! bits happen to be set. With X of m bits set, one probe hits a set bit with probability X/m, so k
//! independent probes all do with probability (X/m)^k; before any insert, the expected fraction of set
//! bits after n items is 1 − (1 − 1/m)^(kn) ≈ 1 − e^(−kn/m), which gives the textbook estimate.

/// The rate implied by the filter as it is now: (X/m)^k, for X set bits out of m.
pub fn from_fill(set_bits: u32, bits: u32, hashes: u32) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    (f64::from(set_bits) / f64::from(bits)).powi(hashes as i32)
}

/// The textbook approximation for n items: (1 − e^(−kn/m))^k.
pub fn approximate(bits: u32, hashes: u32, items: u64) -> f64 {
    if bits == 0 {
        return 0.0;
    }
    let exponent = -f64::from(hashes) * items as f64 / f64::from(bits);
    (1.0 - exponent.exp()).powi(hashes as i32)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn from_fill_is_fraction_to_the_k() {
        assert_eq!(from_fill(0, 32, 3), 0.0);
        assert_eq!(from_fill(32, 32, 3), 1.0);
        assert_eq!(from_fill(16, 32, 3), 0.125);
        assert!((from_fill(10, 32, 2) - 0.09765625).abs() < 1e-15);
    }

    #[test]
    fn approximate_matches_hand_computation() {
        // m = 32, k = 3, n = 4: (1 − e^(−12/32))^3 = (1 − 0.687289…)^3 = 0.030579…
        let expected = (1.0 - (-0.375f64).exp()).powi(3);
        assert!((approximate(32, 3, 4) - expected).abs() < 1e-15);
        assert!((approximate(32, 3, 4) - 0.030_579_35).abs() < 1e-6);
        assert_eq!(approximate(32, 3, 0), 0.0);
    }

    #[test]
    fn approximate_grows_with_n() {
        let rates: Vec<f64> = (0..50).map(|n| approximate(64, 4, n)).collect();
        assert!(rates.windows(2).all(|pair| pair[0] < pair[1]));
    }
}

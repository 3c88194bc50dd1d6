//! The web crawler's to-visit filter ("Probabilistic to-visit Queue", a Rust crawler's write-up):
//! its sizing, its index derivation and its claim that "1 billion elements, with a false positive
//! rate of 0.01 %, can be stored in just over 18 MB", tested.
//!
//! Its `Filter::new(n, p)` takes m = ⌊−n·ln p/(ln 2)²⌋ bits and d = ⌈−ln p/ln 2⌉ hashes; its `hash`
//! takes one MurmurHash3 x64_128 of the URL's bytes and splits it into the low and high 64 bits
//! h1, h2; bit i is `(h1 as u128 + h2 as u128 * i as u128) as usize % size` — on a 64-bit machine
//! ((h1 + i·h2) mod 2⁶⁴) mod m, which [`crate::derivation::LabScheme::Crawler`] computes.
//!
//! The claim does not survive the arithmetic: 18 MB for 10⁹ URLs is 0.144 bits per URL, which no k
//! brings below a 99.9 % false-positive rate; 0.01 % needs 19.17 bits per URL, 2.40 GB, 133 times
//! the claim.

use super::derivation::LabScheme;
use super::keys::KeyShape;
use super::lab::CellSpec;
use super::sizing;

/// The URLs the claim is about.
pub const CLAIM_ITEMS: f64 = 1e9;
/// The rate it claims.
pub const CLAIM_RATE: f64 = 0.000_1;
/// "just over 18mb": 18 MB, megabytes of 10⁶ bytes as the write-up's unit says (the chapter on uses,
/// the calculator and the lab all read it so).
pub const CLAIM_BYTES: f64 = 18e6;
/// The URLs the lab measures with, at the claim's bits per URL and at the bits the rate needs.
pub const MEASURED_ITEMS: u64 = 10_000_000;

/// The crawler's `Filter::new(n, p)`: m = ⌊−n·ln p/(ln 2)²⌋, d = ⌈−ln p/ln 2⌉.
pub fn crawler_size(items: f64, rate: f64) -> (f64, u32) {
    let ln2 = std::f64::consts::LN_2;
    let bits = (-items * rate.ln() / (ln2 * ln2)).floor();
    let hashes = (-rate.ln() / ln2).ceil() as u32;
    (bits, hashes)
}

/// The claim and what it really gives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClaimCheck {
    /// Bits per URL in 18 MB for 10⁹ URLs.
    pub claimed_bits_per_item: f64,
    /// The crawler's d for 0.01 %.
    pub crawler_hashes: u32,
    /// The rate 18 MB gives with the crawler's d, by the formula.
    pub rate_with_crawler_hashes: f64,
    /// The best whole k for the claimed bits per URL.
    pub best_hashes: u32,
    /// The rate 18 MB gives with that best k.
    pub best_rate: f64,
    /// The bits 0.01 % really needs for 10⁹ URLs (the crawler's own formula, the calculator's m).
    pub needed_bits: f64,
    /// Those bits in bytes.
    pub needed_bytes: f64,
}

impl ClaimCheck {
    /// The figures for the crawler's claim.
    pub fn of_claim() -> Self {
        let claimed_bits = CLAIM_BYTES * 8.0;
        let claimed_bits_per_item = claimed_bits / CLAIM_ITEMS;
        let (needed_bits, crawler_hashes) = crawler_size(CLAIM_ITEMS, CLAIM_RATE);
        let rate_with_crawler_hashes =
            sizing::rate(CLAIM_ITEMS, claimed_bits, f64::from(crawler_hashes));
        let best_hashes = sizing::optimal_hashes(claimed_bits, CLAIM_ITEMS) as u32;
        Self {
            claimed_bits_per_item,
            crawler_hashes,
            rate_with_crawler_hashes,
            best_hashes,
            best_rate: sizing::rate(CLAIM_ITEMS, claimed_bits, f64::from(best_hashes)),
            needed_bits,
            needed_bytes: sizing::bytes(needed_bits),
        }
    }

    /// How many times the claimed memory the rate needs.
    pub fn shortfall(&self) -> f64 {
        self.needed_bytes / CLAIM_BYTES
    }
}

/// The two cells the lab measures the claim with, both with the crawler's derivation and 10⁷
/// synthetic URLs: at the claim's 0.144 bits per URL, and at the bits 0.01 % needs.
pub fn claim_cells(seed: u32) -> [CellSpec; 2] {
    let check = ClaimCheck::of_claim();
    let items = MEASURED_ITEMS;
    let (needed_bits, hashes) = crawler_size(items as f64, CLAIM_RATE);
    let cell = |bits: f64| CellSpec {
        items,
        target: CLAIM_RATE,
        bits: bits as u64,
        hashes,
        scheme: LabScheme::Crawler,
        shape: KeyShape::Url,
        seed,
        strangers: items,
    };
    [
        cell((check.claimed_bits_per_item * items as f64).round()),
        cell(needed_bits),
    ]
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::lab::{CellRun, LabFilter, Phase};

    #[test]
    fn the_claim_is_checked_with_independent_arithmetic() {
        let check = ClaimCheck::of_claim();
        // 18 × 10⁶ bytes × 8 / 10⁹ URLs.
        assert!((check.claimed_bits_per_item - 0.144).abs() < 1e-12);
        // ⌈log₂ 10⁴⌉ = ⌈13.29⌉.
        assert_eq!(check.crawler_hashes, 14);
        assert_eq!(check.best_hashes, 1);
        // k = 1: 1 − e^(−1/0.144) = 0.99904 (Python).
        assert!((check.best_rate - 0.999_036_024_274_266).abs() < 1e-12);
        assert!(check.rate_with_crawler_hashes > 0.999_999);
        // 10⁹ · ln 10⁴ / (ln 2)² = 19,170,116,754.7…, cut down.
        assert_eq!(check.needed_bits, 19_170_116_754.0);
        assert_eq!(check.needed_bytes, 2_396_264_595.0);
        // 2,396,264,595 / 18,000,000.
        assert!((check.shortfall() - 133.126).abs() < 0.001);
    }

    #[test]
    fn claim_cells_use_the_crawlers_sizing() {
        let [claimed, needed] = claim_cells(1);
        assert_eq!(claimed.bits, 1_440_000);
        assert_eq!(needed.bits, 191_701_167);
        assert_eq!((claimed.hashes, needed.hashes), (14, 14));
        assert_eq!(claimed.scheme, LabScheme::Crawler);
    }

    /// The crawler's own expression, in 128-bit arithmetic as it wrote it, truncated to a 64-bit
    /// `usize`.
    fn crawler_bit(h1: u64, h2: u64, i: u64, size: u64) -> u64 {
        ((u128::from(h1) + u128::from(h2) * u128::from(i)) as u64) % size
    }

    #[test]
    fn the_derivation_matches_murmur3_x64_128_reference_vectors() {
        // MurmurHash3_x64_128, seed 0, (h1, h2) as Python's mmh3.hash64 gives them.
        let vectors: [(&str, u64, u64); 3] = [
            ("hello", 0xcbd8_a7b3_41bd_9b02, 0x5b1e_906a_48ae_1d19),
            (
                "The quick brown fox jumps over the lazy dog",
                0xe34b_bc7b_bc07_1b6c,
                0x7a43_3ca9_c49a_9347,
            ),
            (
                "https://www.rust-lang.org/",
                0xbf25_5e5e_a5d7_dc1d,
                0x67d6_c683_b124_2eec,
            ),
        ];
        for (text, h1, h2) in vectors {
            for size in [1_440_000u64, 191_701_173, 97] {
                let filter = LabFilter::new(size, 14, LabScheme::Crawler).unwrap();
                let expected: Vec<u64> = (0..14).map(|i| crawler_bit(h1, h2, i, size)).collect();
                assert_eq!(
                    filter.indexes(text.as_bytes()),
                    expected,
                    "{text} in {size}"
                );
            }
        }
    }

    #[test]
    fn at_the_claimed_size_nearly_everything_is_a_false_positive() {
        // A tenth of the lab's run, same bits per URL: the rate is already above 99 %.
        let check = ClaimCheck::of_claim();
        let items = 200_000u64;
        let spec = CellSpec {
            items,
            bits: (check.claimed_bits_per_item * items as f64).round() as u64,
            strangers: items,
            ..claim_cells(1)[0]
        };
        let mut run = CellRun::new(spec).unwrap();
        while run.advance_generated(u64::MAX) != Phase::Done {}
        assert!(run.false_positives() as f64 / items as f64 > 0.99);
    }
}

//! The partitioned Bloom filter: the m bits split into k slices of m/k, and hash i sets one bit in
//! slice i only. Every item then sets exactly k distinct bits, and a slice's fill alone gives its
//! share of the false-positive rate: p = ∏ (Xᵢ / (m/k)). The price is a slightly fuller filter — a
//! slice fills as 1 − (1 − k/m)ⁿ, a touch above the standard 1 − (1 − 1/m)^(kn) — so at equal memory
//! its rate is a little higher (Almeida et al., 2007, use it for each stage of a scalable filter).

use super::bit_array::BitArray;
use super::hashing::ItemHashes;
use super::measure::Measurement;

/// The k indexes of an item whose base hashes are `hashes` in a partitioned filter of `bits` bits:
/// index i = i·⌊m/k⌋ + [`mixed`](hashes, i) mod ⌊m/k⌋. Bits past k·⌊m/k⌋ are never used.
pub fn indexes(hashes: ItemHashes, bits: u32, hash_count: u32) -> Vec<u32> {
    let slice = slice_bits(bits, hash_count);
    (0..hash_count)
        .map(|i| i * slice + reduce(mixed(hashes, i), slice))
        .collect()
}

/// The i-th 64-bit value of an item: SplitMix64's finaliser of h_fnv + i·(φ ⊕ h_murmur), with φ the
/// golden-ratio constant 0x9E3779B97F4A7C15. Plain double hashing reduced modulo a small range has
/// only range² possible index patterns (a slice of 11 bits: 121), which makes a small filter's rate
/// several times the formula; mixing before reducing keeps the k indexes as good as independent.
pub fn mixed(hashes: ItemHashes, i: u32) -> u64 {
    let step = 0x9E37_79B9_7F4A_7C15 ^ u64::from(hashes.murmur);
    let mut z = hashes.fnv.wrapping_add(u64::from(i).wrapping_mul(step));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// ⌊x·range / 2⁶⁴⌋: a 64-bit value onto 0 … range − 1 (Lemire's multiply-shift).
pub fn reduce(value: u64, range: u32) -> u32 {
    ((u128::from(value) * u128::from(range)) >> 64) as u32
}

/// ⌊m/k⌋, the bits of one slice (at least 1).
pub fn slice_bits(bits: u32, hash_count: u32) -> u32 {
    (bits / hash_count.max(1)).max(1)
}

/// A filter laid out one way or the other, for comparing the two on the same items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Every hash may set any of the m bits (index i = [`mixed`](hashes, i) mod m).
    Standard,
    /// Hash i sets a bit in slice i.
    Partitioned,
}

impl Layout {
    /// The k indexes of an item under this layout.
    pub fn indexes(self, hashes: ItemHashes, bits: u32, hash_count: u32) -> Vec<u32> {
        match self {
            Layout::Standard => (0..hash_count)
                .map(|i| reduce(mixed(hashes, i), bits.max(1)))
                .collect(),
            Layout::Partitioned => indexes(hashes, bits, hash_count),
        }
    }

    /// How many of `probes` a filter of `array` (m bits, k hashes, this layout) answers "maybe"
    /// for: all k of their bits are set.
    pub fn positives(
        self,
        array: &BitArray,
        (bits, hash_count): (u32, u32),
        probes: &[ItemHashes],
    ) -> u32 {
        probes
            .iter()
            .filter(|&&probe| {
                self.indexes(probe, bits, hash_count)
                    .iter()
                    .all(|&index| array.get(index))
            })
            .count() as u32
    }
}

/// One side of the comparison: a filter of one layout after the same n items.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutResult {
    /// The layout.
    pub layout: Layout,
    /// The bits after the items went in.
    pub bits: BitArray,
    /// X, the set bits.
    pub set_bits: u32,
    /// (X/m)^k: the rate the fill predicts for the standard layout.
    pub rate_from_fill: f64,
    /// ∏ (Xᵢ/slice): the rate the slices' fills give (for the standard layout, the same as above).
    pub rate_from_slices: f64,
    /// The expected rate before any item is hashed: (1 − e^(−kn/m))^k for the standard layout,
    /// (1 − (1 − k/m)ⁿ)^k for the partitioned one.
    pub expected_rate: f64,
    /// The rate measured on never-inserted probes.
    pub measured: Measurement,
}

/// The generated item number `index` of the layout and compression comparisons ("item 0", "item 1",
/// …): the same n items for every reader and every layout, so a figure can be checked again.
pub fn generated_item(index: u32) -> String {
    format!("item {index}")
}

/// The same items in a standard and a partitioned filter of the same m and k, and the rates each
/// gives on the same probes.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The standard filter.
    pub standard: LayoutResult,
    /// The partitioned filter.
    pub partitioned: LayoutResult,
}

impl Comparison {
    /// Inserts `items` into both layouts of m = `bits`, k = `hash_count` and queries `probes`
    /// (hashed once each).
    pub fn run(bits: u32, hash_count: u32, items: &[ItemHashes], probes: &[ItemHashes]) -> Self {
        let side = |layout| measure(layout, bits, hash_count, items, probes);
        Self {
            standard: side(Layout::Standard),
            partitioned: side(Layout::Partitioned),
        }
    }
}

fn measure(
    layout: Layout,
    bits: u32,
    hash_count: u32,
    items: &[ItemHashes],
    probes: &[ItemHashes],
) -> LayoutResult {
    let mut array = BitArray::new(bits);
    for &item in items {
        for index in layout.indexes(item, bits, hash_count) {
            array.set(index);
        }
    }
    let positives = layout.positives(&array, (bits, hash_count), probes);
    let set_bits = array.count_ones();
    let (m, k, n) = (f64::from(bits), f64::from(hash_count), items.len() as f64);
    let rate_from_fill = (f64::from(set_bits) / m).powf(k);
    let (rate_from_slices, expected_rate) = match layout {
        Layout::Standard => (rate_from_fill, (1.0 - (-k * n / m).exp()).powf(k)),
        Layout::Partitioned => {
            let slice = slice_bits(bits, hash_count);
            let product = (0..hash_count)
                .map(|i| {
                    let ones = (i * slice..(i + 1) * slice)
                        .filter(|&index| array.get(index))
                        .count();
                    ones as f64 / f64::from(slice)
                })
                .product();
            let slice_fill = 1.0 - (1.0 - 1.0 / f64::from(slice)).powf(n);
            (product, slice_fill.powf(k))
        }
    };
    LayoutResult {
        layout,
        bits: array,
        set_bits,
        rate_from_fill,
        rate_from_slices,
        expected_rate,
        measured: Measurement {
            positives,
            probes: probes.len() as u32,
        },
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::checks::hashed;
    use crate::measure::playground_probe;

    #[test]
    fn generated_items_are_numbered_and_distinct() {
        assert_eq!(generated_item(0), "item 0");
        assert_eq!(generated_item(4_000), "item 4000");
        assert_ne!(generated_item(1), generated_item(10));
    }

    #[test]
    fn each_hash_sets_a_bit_in_its_own_slice() {
        for text in ["apple", "pear", "", "日本語"] {
            let found = indexes(ItemHashes::of(text), 100, 4);
            for (i, index) in found.iter().enumerate() {
                assert!((i as u32 * 25..(i as u32 + 1) * 25).contains(index));
            }
        }
        // m not a multiple of k: the last m mod k bits stay unused.
        assert_eq!(slice_bits(103, 4), 25);
        assert!(indexes(ItemHashes::of("fig"), 103, 4)
            .iter()
            .all(|&i| i < 100));
    }

    #[test]
    fn the_slices_product_is_the_partitioned_rate_and_matches_the_measurement() {
        let items = hashed((0..400).map(generated_item));
        let probes = hashed((0..20_000).map(playground_probe));
        let comparison = Comparison::run(4_000, 5, &items, &probes);
        for side in [&comparison.standard, &comparison.partitioned] {
            let (low, high) = side.measured.interval();
            assert!(
                (low..=high).contains(&side.rate_from_slices),
                "{:?}: {} outside {low}…{high}",
                side.layout,
                side.rate_from_slices
            );
            assert!((side.expected_rate - side.rate_from_slices).abs() < 0.004);
        }
        // Exactly k bits per item in the partitioned layout, never fewer.
        let one = Comparison::run(64, 4, &items[..1], &probes[..1]);
        assert_eq!(one.partitioned.set_bits, 4);
    }

    #[test]
    fn expected_rates_match_a_hand_computation() {
        // m = 1000, k = 5, n = 100: standard (1 − e^(−0.5))^5, partitioned (1 − 0.995^100)^5.
        let items = hashed((0..100).map(generated_item));
        let comparison = Comparison::run(1_000, 5, &items, &[]);
        let standard = (1.0 - (-0.5f64).exp()).powi(5);
        let partitioned = (1.0 - 0.995f64.powi(100)).powi(5);
        assert!((comparison.standard.expected_rate - standard).abs() < 1e-12);
        assert!((comparison.partitioned.expected_rate - partitioned).abs() < 1e-12);
        assert!(partitioned > standard);
    }
}

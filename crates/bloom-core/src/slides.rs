//! The performance test of the Chinese slides "布隆过滤器 (Bloom Filter)" (卢学裕, Youku): three
//! groups of five runs — target rates FP1 = 0.01 %, FP2 = 0.001 %, FP3 = 0.00001 %, each at
//! N = 50W, 100W, 300W, 500W and 1000W items (W = 万 = 10,000) — and, per cell, the vector size m in
//! units of W bits, the memory in MB, the number of hashes k and a count the slides label only "X".
//!
//! What survives of the slides is text extracted from the deck, and the table came out scattered:
//! the first two or three cells of each row sit in their row, the rest of the values appear later in
//! the text, interleaved (the 1000W column's three m values on one line, the 300W and 500W memory
//! figures on others, the k values in runs of 13s, 17s and 23s). Every value is there once the
//! columns are reassembled, which [`SlideCell::reassembled`] records. Lost outright: the times
//! (the slides print none) and what the "X" counts measured — five triples, one per N, in the ratio
//! 10 : 1 and ≈ 100 : 1 that the three targets have, so almost certainly false positives counted
//! over a probe set of about 3.7 × 10⁸ keys whose size the text does not give.

/// One cell as the slides printed it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlideCell {
    /// N, the items inserted.
    pub items: u64,
    /// The target false-positive rate.
    pub target: f64,
    /// m as printed, in units of W = 10,000 bits (958W = 9,580,000 … 9,589,999 bits).
    pub bits_w: u32,
    /// The memory as printed, in MB (2²⁰ bytes), rounded down.
    pub memory_mb: u32,
    /// k as printed.
    pub hashes: u32,
    /// The count in the row "X" (false positives over a probe set of unstated size).
    pub count_x: u32,
    /// Whether the cell's values were found outside its row and put back (see the module's note).
    pub reassembled: bool,
}

/// The three targets: FP1, FP2, FP3.
pub const TARGETS: [f64; 3] = [0.000_1, 0.000_01, 0.000_000_1];
/// The five N of each group: 50W, 100W, 300W, 500W, 1000W.
pub const ITEMS: [u64; 5] = [500_000, 1_000_000, 3_000_000, 5_000_000, 10_000_000];

const fn cell(
    group: usize,
    column: usize,
    bits_w: u32,
    memory_mb: u32,
    hashes: u32,
    count_x: u32,
    reassembled: bool,
) -> SlideCell {
    SlideCell {
        items: ITEMS[column],
        target: TARGETS[group],
        bits_w,
        memory_mb,
        hashes,
        count_x,
        reassembled,
    }
}

/// The fifteen cells, group by group (FP1's five, then FP2's, then FP3's), N ascending.
pub const CELLS: [SlideCell; 15] = [
    cell(0, 0, 958, 1, 13, 37_091, false),
    cell(0, 1, 1_917, 2, 13, 36_958, false),
    cell(0, 2, 5_751, 6, 13, 36_585, true),
    cell(0, 3, 9_585, 11, 13, 36_569, true),
    cell(0, 4, 19_170, 22, 13, 36_533, true),
    cell(1, 0, 1_198, 1, 17, 3_691, false),
    cell(1, 1, 2_396, 2, 17, 3_770, false),
    cell(1, 2, 7_188, 8, 17, 3_689, false),
    cell(1, 3, 11_981, 14, 17, 3_701, true),
    cell(1, 4, 23_962, 28, 17, 3_552, true),
    cell(2, 0, 1_677, 1, 23, 38, false),
    cell(2, 1, 3_355, 3, 23, 47, false),
    cell(2, 2, 10_064, 11, 23, 38, true),
    cell(2, 3, 16_773, 19, 23, 45, true),
    cell(2, 4, 33_547, 39, 23, 41, true),
];

/// The slides' name of a target (FP1, FP2, FP3), by its index in [`TARGETS`].
pub fn group_name(group: usize) -> &'static str {
    ["FP1", "FP2", "FP3"].get(group).copied().unwrap_or("FP")
}

/// N in the slides' unit: 500,000 → "50W".
pub fn items_w(items: u64) -> String {
    format!("{}W", items / 10_000)
}

/// How a computed cell compares with what the slides printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Agreement {
    /// m/10⁴ is within one unit of the printed W figure (the slides round some and cut others).
    pub bits: bool,
    /// The same k.
    pub hashes: bool,
    /// m/8 bytes in MB, rounded down, is the printed figure (±1 for the rounding of m itself).
    pub memory: bool,
}

impl SlideCell {
    /// Compares a filter of `bits` bits and `hashes` hashes with the printed cell.
    pub fn agreement(&self, bits: u64, hashes: u32) -> Agreement {
        let w = bits as f64 / 10_000.0;
        let mb = bits as f64 / 8.0 / f64::from(1u32 << 20);
        Agreement {
            bits: (w - f64::from(self.bits_w)).abs() < 1.0,
            hashes: hashes == self.hashes,
            memory: (mb - f64::from(self.memory_mb)).abs() < 1.0,
        }
    }

    /// The probe set the "X" count implies if the filter met its target exactly: count ÷ target.
    pub fn implied_probes(&self) -> f64 {
        f64::from(self.count_x) / self.target
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::lab::CellSpec;

    #[test]
    fn every_printed_cell_agrees_with_the_calculator() {
        for cell in CELLS {
            let spec = CellSpec::sized(cell.items, cell.target, 1).unwrap();
            let agreement = cell.agreement(spec.bits, spec.hashes);
            assert_eq!(
                agreement,
                Agreement {
                    bits: true,
                    hashes: true,
                    memory: true
                },
                "{cell:?} against m = {}, k = {}",
                spec.bits,
                spec.hashes
            );
        }
    }

    #[test]
    fn the_printed_m_is_n_times_log2_e_times_log2_one_over_f() {
        // The slides' own formula, m = n·log₂e·log₂(1/f), computed independently of the core.
        for cell in CELLS {
            let bits = cell.items as f64 * std::f64::consts::LOG2_E * (1.0 / cell.target).log2();
            assert!(
                (bits / 10_000.0 - f64::from(cell.bits_w)).abs() < 1.0,
                "{cell:?}: {bits}"
            );
        }
    }

    #[test]
    fn a_mismatch_is_reported() {
        let cell = CELLS[0];
        assert_eq!(
            cell.agreement(9_700_000, 12),
            Agreement {
                bits: false,
                hashes: false,
                memory: true
            }
        );
    }

    #[test]
    fn the_x_counts_imply_one_probe_set() {
        // count ÷ target is about 3.7 × 10⁸ in every cell: one probe set of that size.
        for cell in CELLS {
            let probes = cell.implied_probes();
            assert!((3.4e8..4.8e8).contains(&probes), "{cell:?}: {probes}");
        }
        assert_eq!(items_w(10_000_000), "1000W");
        assert_eq!(group_name(2), "FP3");
    }
}

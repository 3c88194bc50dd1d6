//! The symbol's grid: function patterns, format and version information, data placement, masks and
//! the penalty that chooses between them.

use alloc::vec;
use alloc::vec::Vec;

use crate::EcLevel;

/// A symbol being laid out: its modules and which of them belong to function patterns (and so are
/// neither data nor masked).
pub(crate) struct Matrix {
    size: usize,
    dark: Vec<bool>,
    function: Vec<bool>,
}

/// The 15 format bits: level and mask with 10 BCH bits, XORed with 101010000010010 so that no
/// combination is all zeros.
pub(crate) fn format_bits(level: EcLevel, mask: u8) -> u32 {
    bch(level.format_bits() << 3 | u32::from(mask), 10, 0x537) ^ 0x5412
}

/// The 18 version bits (versions 7 and up): the version with 12 BCH bits.
pub(crate) fn version_bits(version: u8) -> u32 {
    bch(version.into(), 12, 0x1F25)
}

/// Appends to `data` its remainder modulo `generator` (of degree `degree`), a systematic BCH code.
fn bch(data: u32, degree: u32, generator: u32) -> u32 {
    let mut remainder = data << degree;
    for bit in (degree..32).rev() {
        if remainder >> bit & 1 != 0 {
            remainder ^= generator << (bit - degree);
        }
    }
    data << degree | remainder
}

/// The row and column of the alignment patterns' centres: 6, then evenly spaced up to 6 modules from
/// the far edge. The spacing is even (so the centres fall on dark timing modules), the gap next to 6
/// takes what is left over, and version 32 is the standard's one exception to rounding it up.
pub(crate) fn alignment_positions(version: u8) -> Vec<usize> {
    if version < 2 {
        return Vec::new();
    }
    let v = usize::from(version);
    let count = v / 7 + 2;
    let last = 4 * v + 10;
    let step = if v == 32 {
        26
    } else {
        (last - 6).div_ceil(2 * (count - 1)) * 2
    };
    let mut positions: Vec<usize> = (0..count - 1).map(|i| last - i * step).collect();
    positions.push(6);
    positions.reverse();
    positions
}

/// Whether mask pattern `mask` inverts the module in row `i`, column `j` (the standard's formulas).
fn mask_inverts(mask: u8, i: usize, j: usize) -> bool {
    let (sum, product) = (i + j, i * j);
    match mask {
        0 => sum.is_multiple_of(2),
        1 => i.is_multiple_of(2),
        2 => j.is_multiple_of(3),
        3 => sum.is_multiple_of(3),
        4 => (i / 2 + j / 3).is_multiple_of(2),
        5 => product % 2 + product % 3 == 0,
        6 => (product % 2 + product % 3).is_multiple_of(2),
        _ => (sum % 2 + product % 3).is_multiple_of(2),
    }
}

impl Matrix {
    /// A blank symbol of `version` with every function pattern drawn and the format area reserved.
    pub(crate) fn new(version: u8) -> Self {
        let size = 4 * usize::from(version) + 17;
        let mut matrix = Matrix {
            size,
            dark: vec![false; size * size],
            function: vec![false; size * size],
        };
        let far = size as isize - 4;
        for (x, y) in [(3, 3), (far, 3), (3, far)] {
            matrix.finder(x, y);
        }
        let positions = alignment_positions(version);
        for &y in &positions {
            for &x in &positions {
                // The three centres that fall on a finder are left out (drawn before the timing
                // lines, which other centres lie on).
                if !matrix.function[y * size + x] {
                    matrix.alignment(x, y);
                }
            }
        }
        for i in 8..size - 8 {
            matrix.set(i, 6, i % 2 == 0);
            matrix.set(6, i, i % 2 == 0);
        }
        matrix.set(8, size - 8, true);
        // Reserved now so that data placement skips it; the real bits come with the mask.
        matrix.draw_format(0);
        if version >= 7 {
            matrix.draw_version(version_bits(version));
        }
        matrix
    }

    fn set(&mut self, x: usize, y: usize, dark: bool) {
        let i = y * self.size + x;
        self.dark[i] = dark;
        self.function[i] = true;
    }

    /// A finder pattern centred on (`cx`, `cy`) with its light separator, clipped to the symbol.
    fn finder(&mut self, cx: isize, cy: isize) {
        for dy in -4..=4_isize {
            for dx in -4..=4_isize {
                let (x, y) = (cx + dx, cy + dy);
                if (0..self.size as isize).contains(&x) && (0..self.size as isize).contains(&y) {
                    let ring = dx.abs().max(dy.abs());
                    self.set(x as usize, y as usize, ring != 2 && ring != 4);
                }
            }
        }
    }

    /// A 5 × 5 alignment pattern centred on (`cx`, `cy`).
    fn alignment(&mut self, cx: usize, cy: usize) {
        for y in cy - 2..=cy + 2 {
            for x in cx - 2..=cx + 2 {
                self.set(x, y, x.abs_diff(cx).max(y.abs_diff(cy)) != 1);
            }
        }
    }

    /// Both copies of the format bits: down the column right of the top-left finder (bit 0 at the
    /// top) and on along the row below it to bit 14 at the left edge, skipping the timing lines;
    /// again with bits 0 to 7 below the top-right finder and 8 to 14 right of the bottom-left one.
    pub(crate) fn draw_format(&mut self, bits: u32) {
        let size = self.size;
        for i in 0..15 {
            let dark = bits >> i & 1 != 0;
            let (x, y) = match i {
                0..=5 => (8, i),
                6 | 7 => (8, i + 1),
                8 => (7, 8),
                _ => (14 - i, 8),
            };
            self.set(x, y, dark);
            let (x, y) = if i < 8 {
                (size - 1 - i, 8)
            } else {
                (8, size - 15 + i)
            };
            self.set(x, y, dark);
        }
    }

    /// Both copies of the version bits: 6 × 3 above the bottom-left finder and its mirror image left
    /// of the top-right one.
    fn draw_version(&mut self, bits: u32) {
        for i in 0..18 {
            let dark = bits >> i & 1 != 0;
            let (a, b) = (self.size - 11 + i % 3, i / 3);
            self.set(a, b, dark);
            self.set(b, a, dark);
        }
    }

    /// Places the codewords, most significant bit first, in two-module columns that zigzag up and
    /// down from the bottom-right corner, skipping function modules and the vertical timing line.
    /// Modules left over (remainder bits) stay light before masking.
    pub(crate) fn place(&mut self, codewords: &[u8]) {
        let size = self.size;
        let mut bit = 0;
        let mut upward = true;
        let mut right = size - 1;
        loop {
            for step in 0..size {
                let y = if upward { size - 1 - step } else { step };
                for x in [right, right - 1] {
                    let i = y * size + x;
                    if !self.function[i] {
                        self.dark[i] = codewords
                            .get(bit / 8)
                            .is_some_and(|byte| byte << (bit % 8) & 0x80 != 0);
                        bit += 1;
                    }
                }
            }
            if right < 3 {
                break;
            }
            upward = !upward;
            right -= 2;
            if right == 6 {
                right = 5;
            }
        }
    }

    /// XORs a mask over the data modules (applying it twice undoes it).
    pub(crate) fn apply_mask(&mut self, mask: u8) {
        for (i, dark) in self.dark.iter_mut().enumerate() {
            if !self.function[i] && mask_inverts(mask, i / self.size, i % self.size) {
                *dark = !*dark;
            }
        }
    }

    /// The standard's penalty score: runs of five or more (N1 = 3), 2 × 2 blocks of one colour
    /// (N2 = 3), finder-like 1:1:3:1:1 patterns beside four light modules (N3 = 40) and the
    /// imbalance of dark and light (N4 = 10 per 5 % away from half).
    pub(crate) fn penalty(&self) -> u32 {
        let size = self.size;
        let at = |x: usize, y: usize| self.dark[y * size + x];
        let mut score = 0;
        for a in 0..size {
            score += line_penalty((0..size).map(|b| at(b, a)));
            score += line_penalty((0..size).map(|b| at(a, b)));
        }
        for y in 1..size {
            for x in 1..size {
                let colour = at(x, y);
                if at(x - 1, y) == colour && at(x, y - 1) == colour && at(x - 1, y - 1) == colour {
                    score += 3;
                }
            }
        }
        let dark = self.dark.iter().filter(|&&dark| dark).count();
        let total = size * size;
        score + 10 * ((dark * 20).abs_diff(total * 10) / total) as u32
    }

    /// The finished modules, row by row.
    pub(crate) fn into_modules(self) -> Vec<bool> {
        self.dark
    }
}

/// Rules N1 and N3 along one row or column. The quiet zone counts as light for N3, so the line is
/// seen with light modules before it (the history starts empty) and four after it.
fn line_penalty(line: impl Iterator<Item = bool>) -> u32 {
    let mut score = 0;
    let mut run = 0;
    let mut previous = None;
    // The last 11 modules seen, the newest in the lowest bit.
    let mut history = 0_u16;
    for (dark, inside) in line.map(|dark| (dark, true)).chain([(false, false); 4]) {
        if inside {
            run = if previous == Some(dark) { run + 1 } else { 1 };
            previous = Some(dark);
            score += match run {
                5 => 3,
                6.. => 1,
                _ => 0,
            };
        }
        history = (history << 1 | u16::from(dark)) & 0x7FF;
        if history == 0b000_0101_1101 || history == 0b101_1101_0000 {
            score += 40;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EcLevel::{H, L, M, Q};
    use alloc::format;
    use alloc::string::String;

    fn bits(text: &str) -> u32 {
        u32::from_str_radix(text, 2).unwrap()
    }

    #[test]
    fn format_information_matches_the_standard() {
        // ISO/IEC 18004 Annex C, table C.1: masks 0 to 7 for each level.
        let table = [
            (
                L,
                "111011111000100 111001011110011 111110110101010 111100010011101 \
                 110011000101111 110001100011000 110110001000001 110100101110110",
            ),
            (
                M,
                "101010000010010 101000100100101 101111001111100 101101101001011 \
                 100010111111001 100000011001110 100111110010111 100101010100000",
            ),
            (
                Q,
                "011010101011111 011000001101000 011111100110001 011101000000110 \
                 010010010110100 010000110000011 010111011011010 010101111101101",
            ),
            (
                H,
                "001011010001001 001001110111110 001110011100111 001100111010000 \
                 000011101100010 000001001010101 000110100001100 000100000111011",
            ),
        ];
        for (level, strings) in table {
            for (mask, string) in (0..).zip(strings.split_whitespace()) {
                assert_eq!(
                    format_bits(level, mask),
                    bits(string),
                    "{level:?} mask {mask}"
                );
            }
        }
    }

    #[test]
    fn version_information_matches_the_standard() {
        // ISO/IEC 18004 Annex D, table D.1.
        assert_eq!(version_bits(7), bits("000111110010010100"));
        assert_eq!(version_bits(8), bits("001000010110111100"));
        assert_eq!(version_bits(40), bits("101000110001101001"));
    }

    #[test]
    fn alignment_positions_match_the_standard() {
        // ISO/IEC 18004 Annex E, table E.1.
        assert!(alignment_positions(1).is_empty());
        assert_eq!(alignment_positions(2), [6, 18]);
        assert_eq!(alignment_positions(6), [6, 34]);
        assert_eq!(alignment_positions(7), [6, 22, 38]);
        assert_eq!(alignment_positions(14), [6, 26, 46, 66]);
        assert_eq!(alignment_positions(16), [6, 26, 50, 74]);
        assert_eq!(alignment_positions(22), [6, 26, 50, 74, 98]);
        // (jsQR 1.4.0 has 74 for the fourth centre, cozmo/jsQR#251; the standard has 78.)
        assert_eq!(alignment_positions(23), [6, 30, 54, 78, 102]);
        assert_eq!(alignment_positions(28), [6, 26, 50, 74, 98, 122]);
        assert_eq!(alignment_positions(32), [6, 34, 60, 86, 112, 138]);
        assert_eq!(alignment_positions(36), [6, 24, 50, 76, 102, 128, 154]);
        assert_eq!(alignment_positions(40), [6, 30, 58, 86, 114, 142, 170]);
        for version in 2..=40 {
            let positions = alignment_positions(version);
            assert_eq!(positions.len(), usize::from(version) / 7 + 2);
            assert_eq!(*positions.last().unwrap(), 4 * usize::from(version) + 10);
            assert!(positions
                .windows(2)
                .all(|pair| pair[1] > pair[0] + 4 && pair[1] % 2 == 0));
        }
    }

    #[test]
    fn every_mask_changes_only_data_modules() {
        let mut matrix = Matrix::new(7);
        let blank = matrix.dark.clone();
        for mask in 0..8 {
            matrix.apply_mask(mask);
            let changed = (0..blank.len())
                .filter(|&i| matrix.dark[i] != blank[i])
                .count();
            assert!(
                changed > 0
                    && (0..blank.len()).all(|i| matrix.dark[i] == blank[i] || !matrix.function[i])
            );
            matrix.apply_mask(mask);
            assert_eq!(matrix.dark, blank);
        }
        // Mask 1 inverts even rows; mask 2 every third column.
        assert!(mask_inverts(1, 0, 5) && !mask_inverts(1, 1, 5));
        assert!(mask_inverts(2, 5, 3) && !mask_inverts(2, 5, 4));
    }

    #[test]
    fn line_penalties() {
        let line = |text: &str| {
            line_penalty(
                text.bytes()
                    .map(|b| b == b'1')
                    .collect::<Vec<_>>()
                    .into_iter(),
            )
        };
        // 21 light modules: one run of 21 is 3 + 16.
        assert_eq!(line(&"0".repeat(21)), 19);
        // Alternating: no run of five and no finder-like pattern.
        assert_eq!(line(&"01".repeat(10)), 0);
        // A finder row at the edge has light (the quiet zone) before it and a light run after it:
        // N3 twice, and N1 for the 14 light modules.
        assert_eq!(line("101110100000000000000"), 40 + 40 + 3 + 9);
        // 1:1:3:1:1 without four light modules on either side does not count.
        assert_eq!(line("110101110101101011010"), 0);
    }

    #[test]
    fn penalty_counts_blocks_and_balance() {
        // An all-dark 21 × 21 grid: 42 lines of one run (19 each), 400 blocks, 50 % off balance.
        let matrix = Matrix {
            size: 21,
            dark: vec![true; 441],
            function: vec![false; 441],
        };
        assert_eq!(matrix.penalty(), 42 * 19 + 400 * 3 + 100);
    }

    #[test]
    fn data_modules_match_the_codeword_counts() {
        for version in 1..=40_u8 {
            let matrix = Matrix::new(version);
            let data_modules = matrix.function.iter().filter(|&&f| !f).count();
            // Remainder bits (ISO/IEC 18004 table 1): 7 in versions 2 to 6, 3 in 14 to 20 and 28 to
            // 34, 4 in 21 to 27, none elsewhere.
            let remainder = match version {
                2..=6 => 7,
                14..=20 | 28..=34 => 3,
                21..=27 => 4,
                _ => 0,
            };
            assert_eq!(
                data_modules,
                crate::total_codewords(version) * 8 + remainder,
                "version {version}"
            );
        }
    }

    /// Reads a finished symbol back as a reader would: unmask, walk the two-module columns (right to
    /// left, skipping the timing column, up then down) and collect the bits.
    fn read_codewords(code: &crate::QrCode) -> Vec<u8> {
        let layout = Matrix::new(code.version());
        let size = layout.size;
        let columns: Vec<usize> = (0..size).rev().filter(|&x| x != 6).collect();
        let mut bits = Vec::new();
        for (strip, pair) in columns.chunks(2).enumerate() {
            for step in 0..size {
                let y = if strip % 2 == 0 {
                    size - 1 - step
                } else {
                    step
                };
                for &x in pair {
                    if !layout.function[y * size + x] {
                        bits.push(
                            code.is_dark(x as u32, y as u32) ^ mask_inverts(code.mask(), y, x),
                        );
                    }
                }
            }
        }
        bits.chunks_exact(8)
            .map(|byte| byte.iter().fold(0, |acc, &bit| acc << 1 | u8::from(bit)))
            .collect()
    }

    #[test]
    fn symbols_read_back_to_their_data() {
        let alpha: Vec<u8> = (0..30)
            .scan(1, |x, _| {
                Some(std::mem::replace(x, crate::reed_solomon::multiply(*x, 2)))
            })
            .collect();
        for (len, level) in [(0, M), (17, L), (100, H), (321, Q), (1000, M), (2000, L)] {
            let data: Vec<u8> = (0..len).map(|i| (i * 7 + len) as u8).collect();
            let code = crate::encode_with(&data, level).unwrap();
            let codewords = read_codewords(&code);
            let (count, ec) = crate::blocks(code.version(), level);
            let total = crate::total_codewords(code.version());
            assert_eq!(codewords.len(), total);
            // Undo the interleaving: block b's i-th codeword, long blocks last.
            let short = total / count;
            let short_blocks = count - total % count;
            let mut blocks: Vec<Vec<u8>> = vec![Vec::new(); count];
            let mut next = codewords.iter();
            for i in 0..short - ec + 1 {
                for (b, block) in blocks.iter_mut().enumerate() {
                    if i < short - ec || b >= short_blocks {
                        block.push(*next.next().unwrap());
                    }
                }
            }
            let mut stream = Vec::new();
            for block in &blocks {
                stream.extend_from_slice(block);
            }
            for _ in 0..ec {
                for block in &mut blocks {
                    block.push(*next.next().unwrap());
                }
            }
            // Each block with its error correction is a Reed–Solomon codeword: zero syndromes.
            for block in &blocks {
                for &root in &alpha[..ec] {
                    let value = block
                        .iter()
                        .fold(0, |acc, &c| crate::reed_solomon::multiply(acc, root) ^ c);
                    assert_eq!(value, 0);
                }
            }
            // Byte mode, the count, the data, the terminator.
            let header = if code.version() < 10 { 2 } else { 3 };
            let count_field = if header == 2 {
                usize::from(stream[0] & 15) << 4 | usize::from(stream[1] >> 4)
            } else {
                usize::from(stream[0] & 15) << 12
                    | usize::from(stream[1]) << 4
                    | usize::from(stream[2] >> 4)
            };
            assert_eq!((stream[0] >> 4, count_field), (4, len));
            let decoded: Vec<u8> = (0..len)
                .map(|i| stream[header + i - 1] << 4 | stream[header + i] >> 4)
                .collect();
            assert_eq!(decoded, data);
            assert_eq!(stream[header + len - 1] & 15, 0, "terminator");
        }
    }

    /// The penalty computed the slow, literal way, on text rows: runs, 2 × 2 squares, the two
    /// finder-like strings inside the line padded with four light modules, and the dark share.
    fn literal_penalty(matrix: &Matrix) -> u32 {
        let size = matrix.size;
        let cell = |x: usize, y: usize| if matrix.dark[y * size + x] { '1' } else { '0' };
        let rows = (0..size).map(|y| (0..size).map(|x| cell(x, y)).collect::<String>());
        let columns = (0..size).map(|x| (0..size).map(|y| cell(x, y)).collect::<String>());
        let mut score = 0;
        for line in rows.chain(columns) {
            let bytes = line.as_bytes();
            for run in bytes.chunk_by(|a, b| a == b).filter(|run| run.len() >= 5) {
                score += 3 + (run.len() as u32 - 5);
            }
            let padded = format!("0000{line}0000");
            for i in 0..padded.len() - 10 {
                if ["00001011101", "10111010000"].contains(&&padded[i..i + 11]) {
                    score += 40;
                }
            }
        }
        for y in 0..size - 1 {
            for x in 0..size - 1 {
                let c = cell(x, y);
                if cell(x + 1, y) == c && cell(x, y + 1) == c && cell(x + 1, y + 1) == c {
                    score += 3;
                }
            }
        }
        let dark = matrix.dark.iter().filter(|&&d| d).count() as f64;
        let percent = dark * 100.0 / (size * size) as f64;
        score + 10 * ((percent - 50.0).abs() / 5.0).floor() as u32
    }

    #[test]
    fn penalty_matches_a_literal_reading_of_the_rules() {
        for (version, seed) in [(1, 1_u8), (3, 2), (7, 3), (12, 4)] {
            let mut matrix = Matrix::new(version);
            let codewords: Vec<u8> = (0..crate::total_codewords(version))
                .map(|i| (i as u8).wrapping_mul(seed.wrapping_mul(37)) ^ seed)
                .collect();
            matrix.place(&codewords);
            for mask in 0..8 {
                matrix.apply_mask(mask);
                matrix.draw_format(format_bits(EcLevel::Q, mask));
                assert_eq!(
                    matrix.penalty(),
                    literal_penalty(&matrix),
                    "version {version} mask {mask}"
                );
                matrix.apply_mask(mask);
            }
        }
    }
}

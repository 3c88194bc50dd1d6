//! A QR code encoder (ISO/IEC 18004) for byte data, small enough to ship inside a page's wasm.
//! A QR code is a square of dark and light modules: three finder patterns in its corners, with timing
//! and alignment patterns, let a reader find and sample the grid, and two copies of 15 bits of format
//! information name the error-correction level and the mask. The rest carries the data as 8-bit
//! codewords followed by Reed–Solomon codewords that repair damage, with one of eight masks XORed
//! over them so that no area looks like a finder or a flat patch; the encoder keeps the mask with
//! the lowest penalty.

#![forbid(unsafe_code)]
// No standard library, only an allocator: the encoder is fetched by a page as a wasm module of its
// own (`crates/qr-module`), where std's panic and formatting machinery would weigh more than it.
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod matrix;
mod reed_solomon;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

/// How much of the symbol is given to error correction: roughly 7 % (L), 15 % (M), 25 % (Q) or 30 %
/// (H) of the codewords can be damaged and still be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EcLevel {
    /// Low: about 7 % of the codewords recoverable.
    L,
    /// Medium: about 15 %.
    M,
    /// Quartile: about 25 %.
    Q,
    /// High: about 30 %.
    H,
}

impl EcLevel {
    /// The level's two bits in the format information, which the standard does not number in order
    /// of strength.
    fn format_bits(self) -> u32 {
        [1, 0, 3, 2][self as usize]
    }
}

/// The data does not fit in a QR code (version 40) at the level asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong {
    /// The number of bytes given.
    pub len: usize,
    /// The most bytes a version-40 symbol holds at that level.
    pub max: usize,
}

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bytes do not fit in a QR code (at most {} bytes)",
            self.len, self.max
        )
    }
}

impl core::error::Error for TooLong {}

/// An encoded symbol: a square of modules, without the quiet zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrCode {
    version: u8,
    level: EcLevel,
    mask: u8,
    /// Row by row, `true` for a dark module.
    modules: Vec<bool>,
}

impl QrCode {
    /// Modules per side: 21 for version 1, four more per version up to 177 for version 40.
    pub fn size(&self) -> u32 {
        4 * u32::from(self.version) + 17
    }

    /// The version, 1 to 40.
    pub fn version(&self) -> u8 {
        self.version
    }

    /// The error-correction level.
    pub fn level(&self) -> EcLevel {
        self.level
    }

    /// The data mask chosen, 0 to 7.
    pub fn mask(&self) -> u8 {
        self.mask
    }

    /// Whether the module in column `x`, row `y` (from the top left) is dark; `false` outside the
    /// symbol, which is where the light quiet zone is.
    pub fn is_dark(&self, x: u32, y: u32) -> bool {
        let size = self.size();
        x < size && y < size && self.modules[(y * size + x) as usize]
    }

    /// An SVG path `d` attribute drawing every dark module as a unit square in module coordinates
    /// (the symbol spans 0 to `size()`): each horizontal run of dark modules is one rectangle. The
    /// caller adds the quiet zone of 4 modules around it through the viewBox.
    pub fn svg_path(&self) -> String {
        let size = self.size();
        let mut path = String::new();
        for y in 0..size {
            let mut x = 0;
            while x < size {
                let start = x;
                while self.is_dark(x, y) {
                    x += 1;
                }
                if x == start {
                    x += 1;
                    continue;
                }
                let width = x - start;
                path.push('M');
                push_number(&mut path, start);
                path.push(' ');
                push_number(&mut path, y);
                path.push('h');
                push_number(&mut path, width);
                path.push_str("v1h-");
                push_number(&mut path, width);
                path.push('z');
            }
        }
        path
    }
}

/// Writes a number in decimal without `core::fmt`, whose machinery would otherwise be linked into the
/// wasm only for this.
fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// Encodes bytes in the smallest version that holds them at level M, then raises the level to Q or H
/// when the data still fits that version (more protection for free); data too long for M even in
/// version 40 is encoded at L.
pub fn encode(data: &[u8]) -> Result<QrCode, TooLong> {
    let Some(version) = smallest_version(data.len(), EcLevel::M) else {
        return encode_with(data, EcLevel::L);
    };
    let level = [EcLevel::H, EcLevel::Q]
        .into_iter()
        .find(|&level| capacity(version, level) >= data.len())
        .unwrap_or(EcLevel::M);
    Ok(build(data, version, level))
}

/// Encodes bytes at the given level in the smallest version that holds them.
pub fn encode_with(data: &[u8], level: EcLevel) -> Result<QrCode, TooLong> {
    match smallest_version(data.len(), level) {
        Some(version) => Ok(build(data, version, level)),
        None => Err(TooLong {
            len: data.len(),
            max: capacity(40, level),
        }),
    }
}

/// The most bytes a symbol of `version` (1 to 40) holds at `level` in byte mode.
pub fn capacity(version: u8, level: EcLevel) -> usize {
    let count_bits = if version < 10 { 8 } else { 16 };
    // 4 bits of mode indicator and the character count come before the data.
    (data_codewords(version, level) * 8 - 4 - count_bits) / 8
}

fn smallest_version(len: usize, level: EcLevel) -> Option<u8> {
    (1..=40).find(|&version| capacity(version, level) >= len)
}

/// Error-correction codewords per block, by level (L, M, Q, H) and version (1 to 40), as in the
/// standard's table of error-correction characteristics.
const EC_PER_BLOCK: [[u8; 40]; 4] = [
    [
        7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
        30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ],
    [
        13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
        30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
        17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
        30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
];

/// Blocks the codewords are split into (groups 1 and 2 together), by level and version. The standard's
/// table also lists how many blocks are in each group and their lengths, but those follow: the
/// codewords divide as evenly as possible, the longer blocks (group 2) one codeword longer and last.
const BLOCKS: [[u8; 40]; 4] = [
    [
        1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13,
        14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
        25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
    [
        1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29,
        34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ],
    [
        1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35,
        37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ],
];

/// The block layout of a version at a level: (blocks, error-correction codewords per block).
fn blocks(version: u8, level: EcLevel) -> (usize, usize) {
    let (row, column) = (level as usize, usize::from(version) - 1);
    (
        usize::from(BLOCKS[row][column]),
        usize::from(EC_PER_BLOCK[row][column]),
    )
}

/// All codewords of a version: the modules left once the function patterns, format and version
/// information are drawn, in whole bytes (the 0 to 7 bits over are remainder bits). Counted rather
/// than tabulated to keep the table out of the wasm.
fn total_codewords(version: u8) -> usize {
    let v = usize::from(version);
    let side = 4 * v + 17;
    // Three finders with separators (8 × 8 each), both format copies and the dark module (31), and
    // the two timing lines between the finders.
    let mut modules = side * side - 3 * 64 - 31 - 2 * (side - 16);
    if v >= 2 {
        let per_side = v / 7 + 2;
        // Alignment patterns not on a finder, 25 modules each, less the 5 of each one that crosses a
        // timing line (already counted there).
        modules -= 25 * (per_side * per_side - 3) - 10 * (per_side - 2);
    }
    if v >= 7 {
        modules -= 36;
    }
    modules / 8
}

fn data_codewords(version: u8, level: EcLevel) -> usize {
    let (blocks, ec) = blocks(version, level);
    total_codewords(version) - blocks * ec
}

/// The data codewords: mode indicator 0100 (byte), the byte count, the bytes, the terminator, then
/// the pad codewords 0xEC and 0x11 in turn. In byte mode every field after the mode indicator is a
/// whole number of bytes, so the stream is assembled in 4-bit nibbles and the 4-bit terminator ends
/// it on a byte boundary with no further bit padding (it always fits: see `capacity`).
fn data_stream(data: &[u8], version: u8, level: EcLevel) -> Vec<u8> {
    let count_nibbles = if version < 10 { 2 } else { 4 };
    let mut nibbles = vec![0b0100];
    nibbles.extend(
        (0..count_nibbles)
            .rev()
            .map(|i| (data.len() >> (4 * i)) as u8 & 15),
    );
    nibbles.extend(data.iter().flat_map(|&byte| [byte >> 4, byte & 15]));
    nibbles.push(0);
    let mut stream: Vec<u8> = nibbles
        .chunks(2)
        .map(|pair| pair[0] << 4 | pair[1])
        .collect();
    let len = data_codewords(version, level);
    let pad = [0xEC, 0x11].into_iter().cycle().take(len - stream.len());
    stream.extend(pad);
    stream
}

/// Splits the data codewords into blocks, appends each block's Reed–Solomon codewords, and
/// interleaves them (the first codeword of every block, then the second…, data before error
/// correction) so that a burst of damage is spread over many blocks.
fn interleave(data: &[u8], version: u8, level: EcLevel) -> Vec<u8> {
    let total = total_codewords(version);
    let (count, ec_len) = blocks(version, level);
    let short_data = total / count - ec_len;
    let short_blocks = count - total % count;
    let generator = reed_solomon::generator(ec_len);
    let mut rest = data;
    let blocks: Vec<(&[u8], Vec<u8>)> = (0..count)
        .map(|i| {
            let (block, tail) = rest.split_at(short_data + usize::from(i >= short_blocks));
            rest = tail;
            (block, reed_solomon::remainder(block, &generator))
        })
        .collect();
    let mut out = Vec::with_capacity(total);
    for i in 0..=short_data {
        out.extend(blocks.iter().filter_map(|(block, _)| block.get(i)));
    }
    for i in 0..ec_len {
        out.extend(blocks.iter().map(|(_, ec)| ec[i]));
    }
    out
}

/// Lays out a symbol and keeps the mask with the lowest penalty.
fn build(data: &[u8], version: u8, level: EcLevel) -> QrCode {
    let codewords = interleave(&data_stream(data, version, level), version, level);
    let mut symbol = matrix::Matrix::new(version);
    symbol.place(&codewords);
    let mut best = (u32::MAX, 0);
    for mask in 0..8 {
        symbol.apply_mask(mask);
        // The format information is part of what the penalty scores.
        symbol.draw_format(matrix::format_bits(level, mask));
        best = best.min((symbol.penalty(), mask));
        symbol.apply_mask(mask);
    }
    let mask = best.1;
    symbol.apply_mask(mask);
    symbol.draw_format(matrix::format_bits(level, mask));
    QrCode {
        version,
        level,
        mask,
        modules: symbol.into_modules(),
    }
}

#[cfg(test)]
mod tests {
    use super::EcLevel::{H, L, M, Q};
    use super::*;
    use alloc::string::ToString;

    const LEVELS: [EcLevel; 4] = [L, M, Q, H];

    /// Deterministic pseudo-random bytes (xorshift), so that the tests see varied data.
    fn bytes(len: usize, seed: u32) -> Vec<u8> {
        let mut state = seed.wrapping_mul(2_654_435_761) | 1;
        (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state as u8
            })
            .collect()
    }

    #[test]
    fn capacities_match_the_standard() {
        // ISO/IEC 18004 table 7, byte mode, levels L, M, Q, H.
        let table: [(u8, [usize; 4]); 9] = [
            (1, [17, 14, 11, 7]),
            (2, [32, 26, 20, 14]),
            (3, [53, 42, 32, 24]),
            (4, [78, 62, 46, 34]),
            (5, [106, 84, 60, 44]),
            (6, [134, 106, 74, 58]),
            (7, [154, 122, 86, 64]),
            (10, [271, 213, 151, 119]),
            (40, [2953, 2331, 1663, 1273]),
        ];
        for (version, capacities) in table {
            for (level, expected) in LEVELS.into_iter().zip(capacities) {
                assert_eq!(capacity(version, level), expected, "{version}-{level:?}");
            }
        }
        for level in LEVELS {
            assert!((2..=40).all(|v| capacity(v, level) > capacity(v - 1, level)));
        }
    }

    #[test]
    fn codeword_counts_and_blocks_match_the_standard() {
        // ISO/IEC 18004 table 1: codewords per version.
        let totals = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346];
        assert!((1..=10).all(|v| total_codewords(v) == totals[usize::from(v) - 1]));
        assert_eq!(total_codewords(40), 3706);
        // Table 9: (blocks, (total, data) codewords per block) in groups 1 and 2.
        let groups = |version, level| {
            let total = total_codewords(version);
            let (count, ec) = blocks(version, level);
            let long = total % count;
            (
                (count - long, total / count, total / count - ec),
                (long, total / count + 1, total / count + 1 - ec),
            )
        };
        assert_eq!(groups(1, M), ((1, 26, 16), (0, 27, 17)));
        assert_eq!(groups(5, Q), ((2, 33, 15), (2, 34, 16)));
        assert_eq!(groups(10, M), ((4, 69, 43), (1, 70, 44)));
        assert_eq!(groups(40, L), ((19, 148, 118), (6, 149, 119)));
        assert_eq!(groups(40, H), ((20, 45, 15), (61, 46, 16)));
        assert_eq!(data_codewords(40, M), 2334);
        for v in 1..=40 {
            let data = LEVELS.map(|level| data_codewords(v, level));
            assert!(
                data[0] > data[1] && data[1] > data[2] && data[2] > data[3],
                "version {v}"
            );
        }
    }

    #[test]
    fn data_stream_layout() {
        // Mode 0100, count 00000101, "hello", terminator 0000, then pad codewords up to 16 (1-M).
        let mut expected = vec![0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0];
        expected.extend([0xEC, 0x11].repeat(5).into_iter().take(9));
        assert_eq!(data_stream(b"hello", 1, M), expected);
        // From version 10 the count takes 16 bits.
        assert_eq!(
            data_stream(&[0xAB; 260], 10, L)[..4],
            [0x40, 0x10, 0x4A, 0xBA]
        );
        // Full symbols end on the terminator, with no pad codewords.
        let full = data_stream(&[0xFF; 14], 1, M);
        assert_eq!(full.len(), 16);
        assert_eq!(full[15], 0xF0);
    }

    #[test]
    fn interleaving_takes_one_codeword_from_each_block_in_turn() {
        // 5-Q: blocks of 15, 15, 16 and 16 data codewords, 18 error-correction codewords each.
        let data: Vec<u8> = (0..62).collect();
        let out = interleave(&data, 5, Q);
        assert_eq!(out.len(), 134);
        assert_eq!(out[..8], [0, 15, 30, 46, 1, 16, 31, 47]);
        // The 16th codewords of the long blocks come last among the data.
        assert_eq!(out[58..62], [44, 60, 45, 61]);
        let first_ec = reed_solomon::remainder(&data[..15], &reed_solomon::generator(18));
        assert_eq!(out[62], first_ec[0]);
        assert_eq!(
            out[133],
            reed_solomon::remainder(&data[46..], &reed_solomon::generator(18))[17]
        );
    }

    const FINDER: [&str; 7] = [
        "1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111",
    ];
    const ALIGNMENT: [&str; 5] = ["11111", "10001", "10101", "10001", "11111"];

    /// Reads the two format-information copies bit by bit (bit 0 first) from the positions drawn in
    /// the standard's figure.
    fn format_copies(code: &QrCode) -> (u32, u32) {
        let s = code.size();
        let first = [
            (8, 0),
            (8, 1),
            (8, 2),
            (8, 3),
            (8, 4),
            (8, 5),
            (8, 7),
            (8, 8),
            (7, 8),
        ]
        .into_iter()
        .chain((0..6).rev().map(|x| (x, 8)));
        let second = (0..8)
            .map(|i| (s - 1 - i, 8))
            .chain((s - 7..s).map(|y| (8, y)));
        let read = |cells: &mut dyn Iterator<Item = (u32, u32)>| {
            cells.enumerate().fold(0, |acc, (i, (x, y))| {
                acc | u32::from(code.is_dark(x, y)) << i
            })
        };
        (read(&mut first.into_iter()), read(&mut second.into_iter()))
    }

    /// Checks everything in a symbol that is not data.
    fn check_structure(code: &QrCode) {
        let s = code.size();
        assert_eq!(s, 21 + 4 * (u32::from(code.version()) - 1));
        for (ox, oy) in [(0, 0), (s - 7, 0), (0, s - 7)] {
            for y in 0..7 {
                for x in 0..7 {
                    assert_eq!(
                        code.is_dark(ox + x, oy + y),
                        FINDER[y as usize].as_bytes()[x as usize] == b'1'
                    );
                }
            }
            // Separators: light all round inside the symbol.
            for i in 0..8 {
                for (x, y) in [
                    (ox + i, oy.max(1) - 1),
                    (ox + i, oy + 7),
                    (ox.max(1) - 1, oy + i),
                    (ox + 7, oy + i),
                ] {
                    let inside_finder = (ox..ox + 7).contains(&x) && (oy..oy + 7).contains(&y);
                    assert!(inside_finder || !code.is_dark(x, y), "separator at {x},{y}");
                }
            }
        }
        for i in 8..s - 8 {
            assert_eq!(code.is_dark(i, 6), i % 2 == 0, "timing row at {i}");
            assert_eq!(code.is_dark(6, i), i % 2 == 0, "timing column at {i}");
        }
        assert!(code.is_dark(8, s - 8), "dark module");
        let positions = matrix::alignment_positions(code.version());
        for &cy in &positions {
            for &cx in &positions {
                let corner =
                    (cx < 9 || cx > s as usize - 9) && cy < 9 || cx < 9 && cy > s as usize - 9;
                if corner {
                    continue;
                }
                for (dy, row) in ALIGNMENT.iter().enumerate() {
                    for (dx, cell) in row.bytes().enumerate() {
                        assert_eq!(
                            code.is_dark((cx + dx - 2) as u32, (cy + dy - 2) as u32),
                            cell == b'1'
                        );
                    }
                }
            }
        }
        let (first, second) = format_copies(code);
        assert_eq!(first, second, "format copies");
        let decoded: Vec<(EcLevel, u8)> = LEVELS
            .into_iter()
            .flat_map(|level| (0..8).map(move |mask| (level, mask)))
            .filter(|&(level, mask)| matrix::format_bits(level, mask) == first)
            .collect();
        assert_eq!(decoded, [(code.level(), code.mask())]);
        if code.version() >= 7 {
            let (mut bottom_left, mut top_right) = (0, 0);
            for column in 0..6 {
                for row in 0..3 {
                    let i = column * 3 + row;
                    bottom_left |= u32::from(code.is_dark(column, s - 11 + row)) << i;
                    top_right |= u32::from(code.is_dark(s - 11 + row, column)) << i;
                }
            }
            assert_eq!(bottom_left, matrix::version_bits(code.version()));
            assert_eq!(top_right, bottom_left);
        }
    }

    /// A spread of lengths: every version boundary at M near the small end, then larger jumps.
    const LENGTHS: [usize; 24] = [
        0, 1, 7, 8, 14, 15, 26, 27, 42, 62, 84, 85, 106, 107, 122, 123, 213, 214, 500, 1000, 2331,
        2332, 2500, 2953,
    ];

    #[test]
    fn symbols_are_well_formed_and_as_small_as_possible() {
        for (seed, len) in LENGTHS.into_iter().enumerate() {
            let data = bytes(len, seed as u32);
            let code = encode(&data).unwrap();
            check_structure(&code);
            let (version, level) = (code.version(), code.level());
            if len <= 2331 {
                // The smallest version at M, then the strongest level that still fits it.
                assert!(
                    capacity(version, M) >= len && (version == 1 || capacity(version - 1, M) < len),
                    "{len}"
                );
                let strongest = [H, Q, M]
                    .into_iter()
                    .find(|&l| capacity(version, l) >= len)
                    .unwrap();
                assert_eq!(level, strongest, "{len} bytes");
            } else {
                assert_eq!(level, L, "{len} bytes");
                assert!(
                    capacity(version, L) >= len && capacity(version - 1, L) < len,
                    "{len}"
                );
            }
        }
    }

    #[test]
    fn every_level_can_be_forced() {
        for (seed, level) in LEVELS.into_iter().enumerate() {
            for len in [0, 20, 100, 400] {
                let code = encode_with(&bytes(len, seed as u32), level).unwrap();
                assert_eq!(code.level(), level);
                check_structure(&code);
                let v = code.version();
                assert!(capacity(v, level) >= len && (v == 1 || capacity(v - 1, level) < len));
            }
        }
        // Levels are kept as asked even where a stronger one would fit.
        assert_eq!(encode_with(b"hi", L).unwrap().level(), L);
    }

    #[test]
    fn empty_input_is_version_1() {
        let code = encode(b"").unwrap();
        assert_eq!((code.version(), code.size(), code.level()), (1, 21, H));
        check_structure(&code);
    }

    #[test]
    fn too_long_data_is_refused() {
        let error = encode(&[b'a'; 2954]).unwrap_err();
        assert_eq!(
            error,
            TooLong {
                len: 2954,
                max: 2953
            }
        );
        assert_eq!(
            error.to_string(),
            "2954 bytes do not fit in a QR code (at most 2953 bytes)"
        );
        assert_eq!(
            encode_with(&[0; 1274], H).unwrap_err(),
            TooLong {
                len: 1274,
                max: 1273
            }
        );
        assert_eq!(encode(&[0; 2953]).unwrap().version(), 40);
    }

    #[test]
    fn svg_path_draws_exactly_the_dark_modules() {
        for len in [0, 30, 300] {
            let code = encode(&bytes(len, 3)).unwrap();
            let path = code.svg_path();
            // The top-left finder's top row is the first run: 7 dark modules, then its separator.
            assert!(path.starts_with("M0 0h7v1h-7zM"), "{}", &path[..20]);
            let s = code.size();
            let mut dark = vec![false; (s * s) as usize];
            for rectangle in path.split('z').filter(|r| !r.is_empty()) {
                let rest = rectangle.strip_prefix('M').unwrap();
                let (x, rest) = rest.split_once(' ').unwrap();
                let (y, rest) = rest.split_once('h').unwrap();
                let (width, back) = rest.split_once("v1h-").unwrap();
                assert_eq!(width, back);
                let (x, y, width): (u32, u32, u32) = (
                    x.parse().unwrap(),
                    y.parse().unwrap(),
                    width.parse().unwrap(),
                );
                for i in x..x + width {
                    assert!(!dark[(y * s + i) as usize], "drawn twice");
                    dark[(y * s + i) as usize] = true;
                }
                // Runs are maximal: light modules on either side.
                assert!(!code.is_dark(x.wrapping_sub(1), y) && !code.is_dark(x + width, y));
            }
            let expected: Vec<bool> = (0..s * s).map(|i| code.is_dark(i % s, i / s)).collect();
            assert_eq!(dark, expected);
        }
    }

    #[test]
    fn push_number_writes_decimal() {
        let mut out = String::new();
        for n in [0, 7, 10, 176, 4_294_967_295] {
            push_number(&mut out, n);
            out.push(',');
        }
        assert_eq!(out, "0,7,10,176,4294967295,");
    }
}

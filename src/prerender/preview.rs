//! The picture a shared link previews with (Open Graph and Twitter cards, 1200 × 630): a page's
//! filter as its widget first shows it — the bit array with the bits its items set, the last item's
//! bits marked — above the false-positive rate (1 − e^(−kn/m))^k against n, with the filter's n
//! marked on it. Drawn from the filter itself (the same hashes the page runs), without words, so one
//! picture serves every language; written as a PNG at build time.

use bloom_core::counting::{CountingFilter, CountingParams};
use bloom_core::filter::BloomFilter;
use bloom_core::fpr::approximate;
use bloom_core::params::FilterParams;

/// Width and height of a preview, in pixels (the size link previews show large).
pub const SIZE: (u32, u32) = (1200, 630);
/// Drawn this many times larger and averaged down, so edges and the curve are smooth.
const SUPERSAMPLE: u32 = 2;

type Rgb = [u8; 3];
const BACKGROUND: Rgb = [0xfb, 0xfb, 0xfa];
const BAND: Rgb = [0x1f, 0x4e, 0x8c];
const EMPTY_BIT: Rgb = [0xe8, 0xea, 0xee];
const SET_BIT: Rgb = [0x1f, 0x3a, 0x5f];
const LAST_ITEM: Rgb = [0xd9, 0x6a, 0x1c];
const AXIS: Rgb = [0x6b, 0x72, 0x80];
const GRID: Rgb = [0xdf, 0xe2, 0xe7];
const UNDER_CURVE: Rgb = [0xdc, 0xe7, 0xf5];
const CURVE: Rgb = [0x1f, 0x4e, 0x8c];

/// A filter to draw: its size, its hash count and the items in it, in the order they went in.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// m, the bits (at most 64 are drawn, in up to two rows).
    pub bits: u32,
    /// k, the hash functions.
    pub hashes: u32,
    /// The items inserted.
    pub items: Vec<&'static str>,
    /// A counting filter's counters in place of the bits: each a column of as many blocks as its
    /// count (at most 32 drawn, in one row).
    pub counters: bool,
}

/// An RGB picture being drawn.
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<Rgb>,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![BACKGROUND; (width * height) as usize],
        }
    }

    /// Fills the rectangle from (`x`, `y`), `w` × `h`, clipped to the canvas.
    fn fill(&mut self, x: f64, y: f64, w: f64, h: f64, color: Rgb) {
        let (x0, y0) = (x.max(0.0) as u32, y.max(0.0) as u32);
        let x1 = ((x + w).max(0.0) as u32).min(self.width);
        let y1 = ((y + h).max(0.0) as u32).min(self.height);
        for row in y0..y1 {
            let start = (row * self.width) as usize;
            self.pixels[start + x0 as usize..start + x1.max(x0) as usize].fill(color);
        }
    }

    /// A disc of `radius` around (`cx`, `cy`).
    fn disc(&mut self, cx: f64, cy: f64, radius: f64, color: Rgb) {
        let (top, bottom) = ((cy - radius).floor(), (cy + radius).ceil());
        let mut y = top;
        while y <= bottom {
            let dy = y + 0.5 - cy;
            if dy.abs() <= radius {
                let half = (radius * radius - dy * dy).sqrt();
                self.fill(cx - half, y, 2.0 * half, 1.0, color);
            }
            y += 1.0;
        }
    }

    /// A line `width` wide through `points`.
    fn polyline(&mut self, points: &[(f64, f64)], width: f64, color: Rgb) {
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            let steps = ((x1 - x0).hypot(y1 - y0) / (width / 4.0)).ceil().max(1.0) as u32;
            for step in 0..=steps {
                let t = f64::from(step) / f64::from(steps);
                self.disc(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2.0, color);
            }
        }
    }

    /// The canvas shrunk by `factor` in each direction, each pixel the mean of the ones it covers.
    fn shrunk(&self, factor: u32) -> Canvas {
        let (width, height) = (self.width / factor, self.height / factor);
        let mut pixels = Vec::with_capacity((width * height) as usize);
        let area = factor * factor;
        for y in 0..height {
            for x in 0..width {
                let mut sum = [0_u32; 3];
                for dy in 0..factor {
                    for dx in 0..factor {
                        let pixel = self.pixels
                            [((y * factor + dy) * self.width + x * factor + dx) as usize];
                        for (total, channel) in sum.iter_mut().zip(pixel) {
                            *total += u32::from(channel);
                        }
                    }
                }
                pixels.push(sum.map(|total| ((total + area / 2) / area) as u8));
            }
        }
        Canvas {
            width,
            height,
            pixels,
        }
    }
}

/// A length in the picture's pixels, in the supersampled canvas's.
fn s(value: f64) -> f64 {
    value * f64::from(SUPERSAMPLE)
}

/// The preview of `scene`, as PNG bytes.
pub fn draw(scene: &Scene) -> Vec<u8> {
    let (width, height) = (SIZE.0 * SUPERSAMPLE, SIZE.1 * SUPERSAMPLE);
    let mut canvas = Canvas::new(width, height);
    canvas.fill(0.0, 0.0, f64::from(width), s(16.0), BAND);
    let bits_bottom = if scene.counters {
        draw_counters(&mut canvas, scene)
    } else {
        draw_bits(&mut canvas, scene)
    };
    draw_rate(&mut canvas, scene, bits_bottom + 40.0);
    png(&canvas.shrunk(SUPERSAMPLE))
}

/// The colour of bit `index`: the last item's, set, or empty.
fn cell_color(filter: &BloomFilter, last: &[u32], index: u32) -> [u8; 3] {
    if last.contains(&index) {
        LAST_ITEM
    } else if filter.bits().get(index) {
        SET_BIT
    } else {
        EMPTY_BIT
    }
}

/// The bit array, with the bits the items set and the last item's marked: one row of up to 32
/// cells, a second for the rest (m ≤ 64). Returns where the rows end (from the top, in the
/// picture's pixels).
fn draw_bits(canvas: &mut Canvas, scene: &Scene) -> f64 {
    let mut filter = BloomFilter::new(scene.bits, scene.hashes);
    for item in &scene.items {
        filter.insert(item);
    }
    let last = scene
        .items
        .last()
        .map_or(Vec::new(), |item| filter.indexes(item));
    let shown = scene.bits.min(64);
    let per_row = shown.min(32);
    let gap = 6.0;
    let cell = ((1200.0 - 2.0 * 60.0 + gap) / f64::from(per_row) - gap).min(64.0);
    let row_width = f64::from(per_row) * (cell + gap) - gap;
    let left = (1200.0 - row_width) / 2.0;
    for index in 0..shown {
        let (row, column) = (index / per_row, index % per_row);
        let (x, y) = (
            left + f64::from(column) * (cell + gap),
            56.0 + f64::from(row) * (cell + gap),
        );
        canvas.fill(
            s(x),
            s(y),
            s(cell),
            s(cell),
            cell_color(&filter, &last, index),
        );
    }
    let rows = shown.div_ceil(per_row);
    56.0 + f64::from(rows) * (cell + gap)
}

/// The row of counters: each a base cell, set if its count is not 0, under a column of as many
/// blocks as its count, the last item's top block marked. Returns where the row ends.
fn draw_counters(canvas: &mut Canvas, scene: &Scene) -> f64 {
    let params = CountingParams {
        filter: FilterParams {
            bits: scene.bits,
            hashes: scene.hashes,
            ..FilterParams::default()
        },
        ..CountingParams::default()
    };
    let mut filter = CountingFilter::new(params);
    for item in &scene.items {
        let _ = filter.insert(item);
    }
    let last = scene
        .items
        .last()
        .map_or(Vec::new(), |item| filter.indexes(item));
    let (shown, gap) = (scene.bits.min(32), 6.0);
    let (cell, block) = counter_geometry(shown);
    let left = (1200.0 - (f64::from(shown) * (cell + gap) - gap)) / 2.0;
    let counters = &filter.counters()[..shown as usize];
    let tallest = counters.iter().copied().max().unwrap_or(0).max(1);
    let base = 56.0 + f64::from(tallest) * (block + 4.0);
    for (index, &count) in (0..shown).zip(counters) {
        let x = left + f64::from(index) * (cell + gap);
        let color = if count > 0 { SET_BIT } else { EMPTY_BIT };
        canvas.fill(s(x), s(base), s(cell), s(block), color);
        for level in 1..=count {
            let top = level == count && last.contains(&index);
            let y = base - f64::from(level) * (block + 4.0);
            canvas.fill(
                s(x),
                s(y),
                s(cell),
                s(block),
                if top { LAST_ITEM } else { SET_BIT },
            );
        }
    }
    base + block + gap
}

/// A counter's width and a block's height, for `shown` counters in a row.
fn counter_geometry(shown: u32) -> (f64, f64) {
    let cell = ((1200.0 - 2.0 * 60.0 + 6.0) / f64::from(shown) - 6.0).min(64.0);
    (cell, (cell * 0.5).min(24.0))
}

/// The rate against n, from no items to as many as bits, below `top`, with this filter's n marked.
fn draw_rate(canvas: &mut Canvas, scene: &Scene, top: f64) {
    let (chart_left, chart_right, chart_bottom) = (90.0, 1110.0, 590.0);
    let chart_height = chart_bottom - top;
    for quarter in 0..=4 {
        let y = chart_bottom - chart_height * f64::from(quarter) / 4.0;
        canvas.fill(
            s(chart_left),
            s(y) - 1.0,
            s(chart_right - chart_left),
            2.0,
            GRID,
        );
    }
    let n_max = f64::from(scene.bits);
    let at = |n: u64| {
        let rate = approximate(scene.bits, scene.hashes, n);
        (
            chart_left + (chart_right - chart_left) * n as f64 / n_max,
            chart_bottom - chart_height * rate,
        )
    };
    let points: Vec<(f64, f64)> = (0..=u64::from(scene.bits)).map(at).collect();
    // Under the curve, one column of pixels at a time, its top on the line between two points.
    for pair in points.windows(2) {
        let ((x0, y0), (x1, y1)) = ((s(pair[0].0), s(pair[0].1)), (s(pair[1].0), s(pair[1].1)));
        let mut x = x0.floor();
        while x < x1 {
            let t = ((x + 0.5 - x0) / (x1 - x0)).clamp(0.0, 1.0);
            let top = y0 + (y1 - y0) * t;
            canvas.fill(x, top, 1.0, s(chart_bottom) - top, UNDER_CURVE);
            x += 1.0;
        }
    }
    let scaled: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (s(x), s(y))).collect();
    canvas.polyline(&scaled, s(6.0), CURVE);
    canvas.fill(s(chart_left) - 2.0, s(top), s(3.0), s(chart_height), AXIS);
    canvas.fill(
        s(chart_left),
        s(chart_bottom),
        s(chart_right - chart_left),
        s(3.0),
        AXIS,
    );
    let (x, y) = at(scene.items.len() as u64);
    canvas.disc(s(x), s(y), s(13.0), BACKGROUND);
    canvas.disc(s(x), s(y), s(10.0), LAST_ITEM);
}

/// `canvas` as a PNG file: 8-bit RGB, no filtering, compressed with zlib.
fn png(canvas: &Canvas) -> Vec<u8> {
    let mut raw = Vec::with_capacity((canvas.width * 3 + 1) as usize * canvas.height as usize);
    for row in canvas.pixels.chunks(canvas.width as usize) {
        raw.push(0);
        raw.extend(row.iter().flatten());
    }
    let mut header = Vec::new();
    header.extend(canvas.width.to_be_bytes());
    header.extend(canvas.height.to_be_bytes());
    header.extend([8, 2, 0, 0, 0]);
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut file, b"IHDR", &header);
    chunk(
        &mut file,
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9),
    );
    chunk(&mut file, b"IEND", &[]);
    file
}

/// Appends a PNG chunk: length, type, data, and the CRC-32 of type and data.
fn chunk(file: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    file.extend((data.len() as u32).to_be_bytes());
    file.extend(kind);
    file.extend(data);
    let crc = crc32(kind.iter().chain(data));
    file.extend(crc.to_be_bytes());
}

/// CRC-32 (ISO-HDLC, as PNG and zlib use it), bit by bit: a preview is drawn once per build.
fn crc32<'a>(bytes: impl Iterator<Item = &'a u8>) -> u32 {
    let mut crc = !0_u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk-through's filter: m = 16, k = 3, three fruits, its bits drawn.
    fn walk() -> Scene {
        Scene {
            bits: 16,
            hashes: 3,
            items: vec!["pear", "cherry", "mango"],
            counters: false,
        }
    }

    /// The colour at (`x`, `y`) of a picture's pixel rows (each led by its filter byte).
    fn pixel_at(raw: &[u8], x: f64, y: f64) -> Rgb {
        let at = y as usize * (1200 * 3 + 1) + 1 + x as usize * 3;
        [raw[at], raw[at + 1], raw[at + 2]]
    }

    /// The pixel rows of a preview: its one IDAT chunk, inflated.
    fn pixel_rows(file: &[u8]) -> Vec<u8> {
        let length = u32::from_be_bytes(file[33..37].try_into().unwrap()) as usize;
        assert_eq!(&file[37..41], b"IDAT");
        miniz_oxide::inflate::decompress_to_vec_zlib(&file[41..41 + length]).expect("zlib data")
    }

    #[test]
    fn crc_of_the_check_string() {
        // The catalogue's check value for CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789".iter()), 0xcbf4_3926);
    }

    #[test]
    fn a_preview_is_a_png_of_the_card_size_that_inflates_to_its_pixels() {
        let scene = walk();
        let file = draw(&scene);
        assert_eq!(&file[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&file[12..16], b"IHDR");
        assert_eq!(u32::from_be_bytes(file[16..20].try_into().unwrap()), 1200);
        assert_eq!(u32::from_be_bytes(file[20..24].try_into().unwrap()), 630);
        let raw = pixel_rows(&file);
        assert_eq!(raw.len(), 630 * (1200 * 3 + 1));
        assert!(file.ends_with(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]));
    }

    #[test]
    fn the_last_items_bits_are_marked_and_the_others_set() {
        let scene = walk();
        let mut filter = BloomFilter::new(16, 3);
        filter.insert("pear");
        filter.insert("cherry");
        filter.insert("mango");
        let last = filter.indexes("mango");
        let file = draw(&scene);
        let raw = pixel_rows(&file);
        // The centre of cell `index` in the single row of 16.
        let gap = 6.0;
        let cell = 64.0_f64;
        let row_width = 16.0 * (cell + gap) - gap;
        let left = (1200.0 - row_width) / 2.0;
        let pixel = |index: u32| {
            let x = left + f64::from(index) * (cell + gap) + cell / 2.0;
            pixel_at(&raw, x, 56.0 + cell / 2.0)
        };
        let colors: Vec<_> = (0..16).map(pixel).collect();
        for index in 0..16 {
            assert_eq!(
                colors[index as usize],
                cell_color(&filter, &last, index),
                "bit {index}"
            );
        }
        // Each of the three kinds is drawn: the marked, the set and the empty.
        // (A counting filter's picture of the same filter is another: see below.)
        for kind in [LAST_ITEM, SET_BIT, EMPTY_BIT] {
            assert!(colors.contains(&kind), "{kind:?} among {colors:?}");
        }
    }

    #[test]
    fn a_counting_filters_picture_stacks_each_counter_as_high_as_its_count() {
        let items = vec!["pear", "cherry", "mango", "plum", "fig"];
        let counting = Scene {
            bits: 32,
            hashes: 3,
            items: items.clone(),
            counters: true,
        };
        let bits = Scene {
            counters: false,
            ..counting.clone()
        };
        assert_ne!(draw(&counting), draw(&bits), "not the playground's picture");
        let mut filter = CountingFilter::new(CountingParams {
            filter: FilterParams {
                bits: 32,
                hashes: 3,
                ..FilterParams::default()
            },
            ..CountingParams::default()
        });
        for item in &items {
            filter.insert(item).unwrap();
        }
        let counters = filter.counters();
        let tallest = f64::from(*counters.iter().max().unwrap());
        assert!(tallest >= 2.0, "some counter is shared: {counters:?}");
        let raw = pixel_rows(&draw(&counting));
        let (cell, block) = counter_geometry(32);
        let left = (1200.0 - (32.0 * (cell + 6.0) - 6.0)) / 2.0;
        let base = 56.0 + tallest * (block + 4.0);
        let pixel = |index: usize, level: f64| {
            let x = left + index as f64 * (cell + 6.0) + cell / 2.0;
            pixel_at(&raw, x, base - level * (block + 4.0) + block / 2.0)
        };
        for (index, &count) in counters.iter().enumerate() {
            // Its base, then a block for each count, then nothing above.
            let expected_base = if count > 0 { SET_BIT } else { EMPTY_BIT };
            assert_eq!(pixel(index, 0.0), expected_base, "counter {index}'s base");
            for level in 1..=count {
                assert_ne!(
                    pixel(index, f64::from(level)),
                    BACKGROUND,
                    "counter {index} level {level}"
                );
            }
            if f64::from(count) < tallest {
                assert_eq!(
                    pixel(index, f64::from(count) + 1.0),
                    BACKGROUND,
                    "counter {index} above {count}"
                );
            }
        }
    }
}

//! The count-min sketch (Cormode and Muthukrishnan, 2005): a counting filter that answers "how
//! often?" instead of "is it there?". d rows of w counters; row r sends an item to column
//! g_r = (h1 + r·h2) mod w, the playground's double hashing with the row as i. Adding an item with a
//! count adds it to one counter per row; the estimate is the smallest of those d counters. Other items
//! only ever add to them, so the estimate is never below the true count, and with w = ⌈e/ε⌉ and
//! d = ⌈ln(1/δ)⌉ it exceeds it by more than ε·N (N the stream's total) with chance at most δ.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use super::hashing::{DoubleHashing, ItemHashes};
use super::playground::MAX_ITEM_BYTES;
use super::text::is_blank;
use super::words::{SplitMix64, WORDS};

/// The widths w the page accepts.
pub const WIDTH_RANGE: RangeInclusive<u32> = 1..=4096;
/// The depths d the page accepts.
pub const DEPTH_RANGE: RangeInclusive<u32> = 1..=12;
/// w when the page opens: narrow enough to draw every counter and to see collisions.
pub const DEFAULT_WIDTH: u32 = 16;
/// d when the page opens.
pub const DEFAULT_DEPTH: u32 = 4;
/// The counts one "add" accepts.
pub const COUNT_RANGE: RangeInclusive<u64> = 1..=1_000_000;
/// The Zipf exponents a stream accepts, in tenths (0.0 … 3.0).
pub const EXPONENT_TENTHS_RANGE: RangeInclusive<u32> = 0..=30;
/// The exponent a stream uses first, in tenths: s = 1.1, close to word frequencies in text.
pub const DEFAULT_EXPONENT_TENTHS: u32 = 11;
/// How many words one press of "Stream" feeds.
pub const STREAM_LENGTH: u32 = 1_000;
/// Most operations one sketch keeps; a link with more is cut.
pub const MAX_OPERATIONS: usize = 10_000;

/// The sketch's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CountMinParams {
    /// w, counters per row.
    pub width: u32,
    /// d, rows.
    pub depth: u32,
}

impl Default for CountMinParams {
    fn default() -> Self {
        Self {
            width: DEFAULT_WIDTH,
            depth: DEFAULT_DEPTH,
        }
    }
}

impl CountMinParams {
    /// The shape for an error of at most ε·N with chance at least 1 − δ: w = ⌈e/ε⌉, d = ⌈ln(1/δ)⌉.
    /// `None` when ε or δ is not in (0, 1) or the shape falls outside the page's ranges.
    pub fn from_error(epsilon: f64, delta: f64) -> Option<Self> {
        if !(epsilon > 0.0 && epsilon < 1.0 && delta > 0.0 && delta < 1.0) {
            return None;
        }
        let width = (std::f64::consts::E / epsilon).ceil();
        let depth = (1.0 / delta).ln().ceil().max(1.0);
        let params = Self {
            width: width as u32,
            depth: depth as u32,
        };
        (width <= f64::from(*WIDTH_RANGE.end())
            && depth <= f64::from(*DEPTH_RANGE.end())
            && WIDTH_RANGE.contains(&params.width))
        .then_some(params)
    }

    /// ε = e/w, the error per item of stream the shape promises.
    pub fn epsilon(self) -> f64 {
        std::f64::consts::E / f64::from(self.width.max(1))
    }

    /// δ = e^(−d), the chance of missing that promise.
    pub fn delta(self) -> f64 {
        (-f64::from(self.depth)).exp()
    }

    /// ε and δ as short as they can be written and still give this shape back through
    /// [`CountMinParams::from_error`]: each rounded up at two significant figures, then three, up
    /// to nine (ε = e/16 is 0.17, not 0.169893; δ = e^(−4) is 0.019, as 0.018 would ask for 5 rows).
    /// For w of 1 or 2, where ε = e/w is over 1 and no ε gives the shape, e/w and e^(−d) as they are.
    pub fn written_error(self) -> (f64, f64) {
        let exact = (self.epsilon(), self.delta());
        (2..=9)
            .map(|figures| (round_up(exact.0, figures), round_up(exact.1, figures)))
            .find(|&(epsilon, delta)| Self::from_error(epsilon, delta) == Some(self))
            .unwrap_or(exact)
    }

    /// The columns of `text`, one per row: g_r = (h1 mod w + r·(h2 mod w)) mod w.
    pub fn columns(self, text: &str) -> Vec<u32> {
        DoubleHashing::new(ItemHashes::of(text), self.width).indexes(self.depth)
    }
}

/// One thing done to the sketch, as the link and the undo history keep it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountMinOperation {
    /// `text` was added `count` times.
    Add {
        /// The item.
        text: String,
        /// How many times.
        count: u64,
    },
    /// A stream of [`STREAM_LENGTH`] words was fed, drawn by `seed` with Zipf exponent
    /// `exponent_tenths`/10.
    Stream {
        /// The seed.
        seed: u32,
        /// The exponent in tenths.
        exponent_tenths: u32,
    },
}

/// Why an add was refused; nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddError {
    /// Blank text.
    Blank,
    /// Longer than any item can be.
    TooLong,
    /// The sketch keeps no more operations.
    Full,
}

/// An item's estimate beside its true count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Estimate {
    /// Its column in each row.
    pub columns: Vec<u32>,
    /// The counter it reads in each row.
    pub counters: Vec<u64>,
    /// The smallest of them.
    pub estimate: u64,
    /// How many times it really was added.
    pub truth: u64,
}

impl Estimate {
    /// The rows whose counter is the smallest (the ones the estimate comes from).
    pub fn minimum_rows(&self) -> Vec<u32> {
        (0..self.counters.len() as u32)
            .filter(|&row| self.counters[row as usize] == self.estimate)
            .collect()
    }
}

/// One distinct item after the stream: how far off its estimate is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The item.
    pub text: String,
    /// Its true count.
    pub truth: u64,
    /// Estimate − truth, never negative.
    pub over: u64,
}

/// See [`CountMinSketch::shared_rows`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SharedRows {
    /// Items whose d columns are one column.
    pub one_counter: usize,
    /// Pairs of items with the same d columns.
    pub pairs: usize,
}

/// A count-min sketch with the true counts kept beside it, so the page can show how far off it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountMinSketch {
    params: CountMinParams,
    /// Row by row: row r's counters are `counters[r·w .. (r+1)·w]`.
    counters: Vec<u64>,
    total: u64,
    truth: Vec<(String, u64)>,
    positions: HashMap<String, usize>,
    operations: Vec<CountMinOperation>,
}

impl Default for CountMinSketch {
    fn default() -> Self {
        Self::new(CountMinParams::default())
    }
}

impl CountMinSketch {
    /// An empty sketch.
    pub fn new(params: CountMinParams) -> Self {
        Self {
            params,
            counters: vec![0; params.width as usize * params.depth as usize],
            total: 0,
            truth: Vec::new(),
            positions: HashMap::new(),
            operations: Vec::new(),
        }
    }

    /// The sketch after `operations`, in order, from empty (adds that would be refused are
    /// skipped, counts clamped into [`COUNT_RANGE`]).
    pub fn replay(params: CountMinParams, operations: &[CountMinOperation]) -> Self {
        let mut sketch = Self::new(params);
        for operation in operations.iter().take(MAX_OPERATIONS) {
            match operation {
                CountMinOperation::Add { text, count } => {
                    let _ = sketch.add(text, *count);
                }
                CountMinOperation::Stream {
                    seed,
                    exponent_tenths,
                } => {
                    let _ = sketch.stream(*seed, *exponent_tenths);
                }
            }
        }
        sketch
    }

    /// The same operations in another shape.
    pub fn rebuilt(&self, params: CountMinParams) -> Self {
        Self::replay(params, &self.operations)
    }

    /// w and d.
    pub fn params(&self) -> CountMinParams {
        self.params
    }

    /// Row `row`'s counters.
    pub fn row(&self, row: u32) -> &[u64] {
        let width = self.params.width as usize;
        let start = row as usize * width;
        self.counters.get(start..start + width).unwrap_or(&[])
    }

    /// N, the stream's total so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Every operation, in order.
    pub fn operations(&self) -> &[CountMinOperation] {
        &self.operations
    }

    /// How many distinct items were added.
    pub fn distinct(&self) -> usize {
        self.truth.len()
    }

    /// Adds `text` `count` times (the count clamped into [`COUNT_RANGE`]).
    pub fn add(&mut self, text: &str, count: u64) -> Result<Estimate, AddError> {
        if is_blank(text) {
            return Err(AddError::Blank);
        }
        if text.len() > MAX_ITEM_BYTES {
            return Err(AddError::TooLong);
        }
        if self.operations.len() >= MAX_OPERATIONS {
            return Err(AddError::Full);
        }
        let count = count.clamp(*COUNT_RANGE.start(), *COUNT_RANGE.end());
        self.count(text, count);
        self.operations.push(CountMinOperation::Add {
            text: text.to_owned(),
            count,
        });
        Ok(self.estimate(text))
    }

    fn count(&mut self, text: &str, count: u64) {
        let width = self.params.width as usize;
        for (row, column) in self.params.columns(text).into_iter().enumerate() {
            let counter = &mut self.counters[row * width + column as usize];
            *counter = counter.saturating_add(count);
        }
        self.total = self.total.saturating_add(count);
        match self.positions.get(text) {
            Some(&position) => self.truth[position].1 += count,
            None => {
                self.positions.insert(text.to_owned(), self.truth.len());
                self.truth.push((text.to_owned(), count));
            }
        }
    }

    /// Feeds [`STREAM_LENGTH`] words drawn by [`zipf_stream`]; returns how many distinct words the
    /// stream held.
    pub fn stream(&mut self, seed: u32, exponent_tenths: u32) -> Result<usize, AddError> {
        if self.operations.len() >= MAX_OPERATIONS {
            return Err(AddError::Full);
        }
        let exponent_tenths = exponent_tenths.min(*EXPONENT_TENTHS_RANGE.end());
        let words = zipf_stream(u64::from(seed), exponent_tenths, STREAM_LENGTH as usize);
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            self.count(word, 1);
            if !seen.contains(&word) {
                seen.push(word);
            }
        }
        self.operations.push(CountMinOperation::Stream {
            seed,
            exponent_tenths,
        });
        Ok(seen.len())
    }

    /// The estimate of `text`: the smallest of its d counters, beside its true count.
    pub fn estimate(&self, text: &str) -> Estimate {
        let columns = self.params.columns(text);
        let counters: Vec<u64> = columns
            .iter()
            .enumerate()
            .map(|(row, &column)| self.row(row as u32)[column as usize])
            .collect();
        Estimate {
            estimate: counters.iter().copied().min().unwrap_or(0),
            truth: self
                .positions
                .get(text)
                .map_or(0, |&position| self.truth[position].1),
            columns,
            counters,
        }
    }

    /// Every distinct item with its over-estimate, most frequent first (ties in first-added order).
    pub fn errors(&self) -> Vec<Error> {
        let mut errors: Vec<Error> = self
            .truth
            .iter()
            .map(|(text, truth)| Error {
                text: text.clone(),
                truth: *truth,
                over: self.estimate(text).estimate - truth,
            })
            .collect();
        errors.sort_by_key(|error| std::cmp::Reverse(error.truth));
        errors
    }

    /// What the rows' one double hash costs among the items added: how many of them have one
    /// counter in every row (h2 a multiple of w, 1 item in w), and how many pairs of them have the
    /// same counters in every row (h1 and h2 alike mod w, 1 pair in w²) — where rows hashed each on
    /// its own would make these 1 in w^(d−1) and 1 in w^d. Either way, an item that shares every
    /// counter with a frequent one is over by at least that one's count.
    pub fn shared_rows(&self) -> SharedRows {
        // g₀ and g₁ give h1 and h2 mod w, and so every column: two items have the same columns
        // exactly when their first two are the same, and one column when g₁ = g₀.
        let firsts: Vec<(u32, u32)> = self
            .truth
            .iter()
            .map(|(text, _)| {
                let columns = self.params.columns(text);
                (columns[0], columns.get(1).copied().unwrap_or(columns[0]))
            })
            .collect();
        // Each item against every later one: a few hundred distinct items in a stream's sketch.
        let pairs = firsts
            .iter()
            .enumerate()
            .map(|(i, first)| {
                firsts[i + 1..]
                    .iter()
                    .filter(|other| *other == first)
                    .count()
            })
            .sum();
        SharedRows {
            one_counter: firsts.iter().filter(|(g0, g1)| g0 == g1).count(),
            pairs,
        }
    }

    /// ε·N, the over-estimate the shape promises to stay within (with chance 1 − δ).
    pub fn bound(&self) -> f64 {
        self.params.epsilon() * self.total as f64
    }
}

/// The over-estimate chart's geometry: one bar per item (most frequent first, left to right) whose
/// height is its over-estimate, and a line at the bound ε·N, in a `width` × `height` drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorChart {
    /// Per item: its left edge, top, width and height.
    pub bars: Vec<(f64, f64, f64, f64)>,
    /// Per item: true when its over-estimate exceeds the bound.
    pub over_bound: Vec<bool>,
    /// The height of the bound's line from the top.
    pub bound_y: f64,
    /// The over-estimate at the top of the drawing.
    pub top_value: f64,
}

impl ErrorChart {
    /// The chart of `errors` against `bound`.
    pub fn new(errors: &[Error], bound: f64, width: f64, height: f64) -> Self {
        let largest = errors.iter().map(|error| error.over).max().unwrap_or(0) as f64;
        // Room above the tallest bar and the bound, so neither touches the top.
        let top_value = (largest.max(bound) * 1.1).max(1.0);
        let y = |value: f64| height - value / top_value * height;
        let step = width / errors.len().max(1) as f64;
        let bar_width = (step * 0.8).max(0.5);
        Self {
            bars: errors
                .iter()
                .enumerate()
                .map(|(position, error)| {
                    let top = y(error.over as f64);
                    (
                        position as f64 * step + (step - bar_width) / 2.0,
                        top,
                        bar_width,
                        height - top,
                    )
                })
                .collect(),
            over_bound: errors
                .iter()
                .map(|error| error.over as f64 > bound)
                .collect(),
            bound_y: y(bound),
            top_value,
        }
    }
}

/// `length` words from [`WORDS`], the word of rank r (r = 1 for the list's first) drawn with
/// chance proportional to 1/r^s, s = `exponent_tenths`/10: a Zipf distribution, as word counts in
/// text roughly follow. The same seed always gives the same stream.
pub fn zipf_stream(seed: u64, exponent_tenths: u32, length: usize) -> Vec<&'static str> {
    let exponent = f64::from(exponent_tenths) / 10.0;
    let mut cumulative = Vec::with_capacity(WORDS.len());
    let mut sum = 0.0;
    for rank in 1..=WORDS.len() {
        sum += (rank as f64).powf(-exponent);
        cumulative.push(sum);
    }
    let mut rng = SplitMix64::new(seed);
    (0..length)
        .map(|_| {
            // 53 random bits: a uniform value in [0, 1), scaled to the total weight.
            let uniform = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
            let rank = cumulative.partition_point(|&weight| weight <= uniform);
            WORDS[rank.min(WORDS.len() - 1)]
        })
        .collect()
}

/// `value` (positive) rounded up at `figures` significant figures.
fn round_up(value: f64, figures: i32) -> f64 {
    let scale = 10f64.powi(figures - 1 - value.log10().floor() as i32);
    (value * scale).ceil() / scale
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn shared_rows_count_what_the_one_double_hash_makes_alike() {
        // The first stream at w = 16, d = 4: 5 of its 129 items are over the bound, 3.9 % against
        // δ = 1.8 %. "apple", the most frequent, has counter 15 in every row (its h2 mod 16 is 0),
        // and "banana" and "grape" have the same four counters.
        let params = CountMinParams {
            width: 16,
            depth: 4,
        };
        let mut sketch = CountMinSketch::new(params);
        sketch.stream(1, 11).unwrap();
        assert_eq!(params.columns("apple"), vec![15, 15, 15, 15]);
        assert_eq!(params.columns("banana"), params.columns("grape"));
        // By hand: every item against every other, and each against itself.
        let items: Vec<&str> = sketch.truth.iter().map(|(text, _)| text.as_str()).collect();
        let mut pairs = 0;
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                pairs += usize::from(params.columns(a) == params.columns(b));
            }
        }
        let one_counter = items
            .iter()
            .filter(|text| {
                let mut columns = params.columns(text);
                columns.dedup();
                columns.len() == 1
            })
            .count();
        let shared = sketch.shared_rows();
        assert_eq!(shared, SharedRows { one_counter, pairs });
        assert!(shared.one_counter >= 1 && shared.pairs >= 1, "{shared:?}");
        let over = sketch
            .errors()
            .iter()
            .filter(|e| e.over as f64 > sketch.bound())
            .count();
        assert_eq!((over, sketch.distinct()), (5, 129));
    }

    #[test]
    fn the_written_error_gives_its_shape_back_for_every_shape() {
        for width in 3..=*WIDTH_RANGE.end() {
            for depth in DEPTH_RANGE {
                let params = CountMinParams { width, depth };
                let (epsilon, delta) = params.written_error();
                assert_eq!(
                    CountMinParams::from_error(epsilon, delta),
                    Some(params),
                    "{params:?}"
                );
            }
        }
        let sixteen = CountMinParams {
            width: 16,
            depth: 4,
        }
        .written_error();
        assert_eq!(sixteen, (0.17, 0.019));
        assert_eq!(
            CountMinParams {
                width: 272,
                depth: 5
            }
            .written_error(),
            (0.01, 0.0068)
        );
    }

    #[test]
    fn the_shape_follows_from_epsilon_and_delta() {
        // ⌈e/0.01⌉ = ⌈271.83⌉ = 272 and ⌈ln 100⌉ = ⌈4.605⌉ = 5.
        assert_eq!(
            CountMinParams::from_error(0.01, 0.01),
            Some(CountMinParams {
                width: 272,
                depth: 5
            })
        );
        assert_eq!(
            CountMinParams::from_error(0.1, 0.05),
            Some(CountMinParams {
                width: 28,
                depth: 3
            })
        );
        for (epsilon, delta) in [(0.0, 0.1), (0.1, 1.0), (f64::NAN, 0.1), (1e-9, 0.1)] {
            assert_eq!(CountMinParams::from_error(epsilon, delta), None);
        }
        let params = CountMinParams::default();
        assert!((params.epsilon() - std::f64::consts::E / 16.0).abs() < 1e-15);
        assert!((params.delta() - (-4.0f64).exp()).abs() < 1e-15);
    }

    #[test]
    fn rows_use_the_playgrounds_double_hashing() {
        let params = CountMinParams {
            width: 32,
            depth: 3,
        };
        for word in ["apple", "pear", "plum"] {
            assert_eq!(
                params.columns(word),
                crate::hashing::bit_indexes(word, 32, 3)
            );
        }
    }

    #[test]
    fn an_item_alone_is_counted_exactly() {
        let mut sketch = CountMinSketch::default();
        let estimate = sketch.add("apple", 7).unwrap();
        assert_eq!(estimate.estimate, 7);
        assert_eq!(estimate.truth, 7);
        assert_eq!(sketch.total(), 7);
        assert_eq!(sketch.add(" ", 3), Err(AddError::Blank));
        assert_eq!(sketch.operations().len(), 1);
        let zero = sketch.add("pear", 0).unwrap();
        assert_eq!(zero.truth, 1, "a count below 1 is taken as 1");
    }

    #[test]
    fn a_stream_is_reproducible_and_zipf_shaped() {
        let first = zipf_stream(3, 11, 5_000);
        assert_eq!(first, zipf_stream(3, 11, 5_000));
        assert_ne!(first, zipf_stream(4, 11, 5_000));
        // Rank 1 against rank 2 and rank 10: about 2^1.1 = 2.14 and 10^1.1 = 12.6 times as often.
        let count = |word: &str| first.iter().filter(|w| **w == word).count() as f64;
        let (one, two, ten) = (count(WORDS[0]), count(WORDS[1]), count(WORDS[9]));
        assert!((one / two - 2.14).abs() < 0.5, "{one} / {two}");
        assert!((one / ten - 12.6).abs() < 5.0, "{one} / {ten}");
        // Exponent 0 is uniform: every word's share near 1/|WORDS|.
        let flat = zipf_stream(3, 0, 30_000);
        let share = flat.iter().filter(|w| **w == WORDS[0]).count() as f64 / 30_000.0;
        assert!((share * WORDS.len() as f64 - 1.0).abs() < 0.35, "{share}");
    }

    #[test]
    fn the_errors_mostly_stay_under_the_bound() {
        let mut sketch = CountMinSketch::new(CountMinParams::from_error(0.05, 0.01).unwrap());
        for seed in 0..5 {
            sketch.stream(seed, 11).unwrap();
        }
        assert_eq!(sketch.total(), 5 * u64::from(STREAM_LENGTH));
        let errors = sketch.errors();
        let over = errors
            .iter()
            .filter(|error| error.over as f64 > sketch.bound())
            .count();
        // δ = e^−5 < 1 %: with 150 words, at most a couple may be over (usually none).
        assert!(over <= 3, "{over} of {}", errors.len());
        assert!(errors.windows(2).all(|pair| pair[0].truth >= pair[1].truth));
    }

    #[test]
    fn replaying_gives_the_same_sketch() {
        let mut sketch = CountMinSketch::default();
        sketch.add("apple", 3).unwrap();
        sketch.stream(7, 20).unwrap();
        sketch.add("pear", 1).unwrap();
        let replayed = CountMinSketch::replay(sketch.params(), sketch.operations());
        assert_eq!(replayed, sketch);
    }

    #[test]
    fn the_chart_puts_the_bound_and_bars_on_one_scale() {
        let errors = [
            Error {
                text: "a".into(),
                truth: 9,
                over: 0,
            },
            Error {
                text: "b".into(),
                truth: 5,
                over: 20,
            },
        ];
        let chart = ErrorChart::new(&errors, 10.0, 200.0, 100.0);
        // Top = 20·1.1 = 22: the bound sits at 100 − 10/22·100, bar b is 20/22 of the height.
        assert!((chart.top_value - 22.0).abs() < 1e-12);
        assert!((chart.bound_y - (100.0 - 1000.0 / 22.0)).abs() < 1e-9);
        assert!((chart.bars[1].3 - 2000.0 / 22.0).abs() < 1e-9);
        assert_eq!(chart.bars[0].3, 0.0);
        assert_eq!(chart.over_bound, vec![false, true]);
        assert!((chart.bars[1].0 - 110.0).abs() < 1e-9);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn the_estimate_never_falls_below_the_true_count(
            adds in proptest::collection::vec(("[a-e]{1,3}", 1u64..50), 1..40),
            width in 1u32..40,
            depth in 1u32..6,
        ) {
            let mut sketch = CountMinSketch::new(CountMinParams { width, depth });
            for (text, count) in &adds {
                sketch.add(text, *count).unwrap();
            }
            for (text, _) in &adds {
                let truth: u64 = adds.iter().filter(|(t, _)| t == text).map(|(_, c)| c).sum();
                let estimate = sketch.estimate(text);
                prop_assert_eq!(estimate.truth, truth);
                prop_assert!(estimate.estimate >= truth);
                prop_assert!(estimate.estimate <= sketch.total());
            }
        }
    }
}

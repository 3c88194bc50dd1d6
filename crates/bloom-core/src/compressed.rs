//! Compressed Bloom filters (Mitzenmacher, 2002). A filter sized for the fewest bits has about half
//! its bits set, and a string of fair coin flips does not compress: what travels over a network is
//! all m bits. But if what counts is the bits *sent*, z, a larger and sparser filter — m > z bits,
//! fewer hashes, most bits zero — can compress to z bits and still answer with a lower
//! false-positive rate. Here real filters are built and squeezed two ways: with DEFLATE, which
//! looks for repeated byte strings and so gains little on scattered bits, and with a Golomb–Rice
//! code of the gaps between set bits (Golomb, 1966), which comes within a few percent of the
//! entropy bound m·H(X/m) that an ideal coder would reach.

use super::bit_array::BitArray;
use super::hashing::ItemHashes;
use super::measure::Measurement;
use super::partitioned::Layout;

/// The bit budgets z a visitor can choose.
pub const BUDGET_RANGE: std::ops::RangeInclusive<u32> = 64..=400_000;
/// How many times z the sparser filters may grow.
pub const MAX_GROWTH: u32 = 16;
/// The largest k tried for the sparser filters: the gains are at small k, and each k costs a
/// bisection of real compressions.
pub const MAX_SPARSE_HASHES: u32 = 6;

/// One filter of the comparison, built and compressed.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// m.
    pub bits: u32,
    /// k.
    pub hashes: u32,
    /// X, the set bits.
    pub set_bits: u32,
    /// The DEFLATEd size, in bits (whole bytes).
    pub compressed_bits: u32,
    /// The Golomb–Rice coded size, in bits.
    pub golomb_bits: u32,
    /// m·H(X/m): what an ideal coder would need.
    pub entropy_bits: f64,
    /// (1 − e^(−kn/m))^k.
    pub expected_rate: f64,
    /// The rate measured on never-inserted probes.
    pub measured: Measurement,
}

/// DEFLATE (raw, RFC 1951) of `bytes`, at level 6 as gzip compresses by default (level 9 gains a
/// few bytes on a filter's bits at twice the time).
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(bytes, 6)
}

/// Which coder squeezes the filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coder {
    /// DEFLATE (LZ77 and Huffman codes over bytes), as zip and gzip.
    Deflate,
    /// Golomb–Rice code of the gaps between set bits.
    Golomb,
}

impl Coder {
    /// The size `bits` take with this coder, in bits.
    pub fn size(self, bits: &BitArray) -> u32 {
        match self {
            Coder::Deflate => deflate(&bits.to_bytes()).len() as u32 * 8,
            Coder::Golomb => golomb_size(bits),
        }
    }
}

/// The Rice parameter for `ones` set bits among `bits`: 2^r near ln 2 times the mean gap, the
/// choice that makes a geometric gap's code shortest (Gallager and van Voorhis, 1975).
pub fn rice_parameter(ones: u32, bits: u32) -> u32 {
    let mean_gap = f64::from(bits) / f64::from(ones.max(1));
    (mean_gap * std::f64::consts::LN_2).log2().floor().max(0.0) as u32
}

/// The set bits as a Golomb–Rice code: a 5-bit r, then for each set bit its gap g ≥ 1 from the
/// previous one (the first from −1) as q = ⌊(g − 1)/2^r⌋ ones, a zero, and the low r bits of g − 1.
pub fn golomb_encode(bits: &BitArray) -> Vec<bool> {
    let r = rice_parameter(bits.count_ones(), bits.len());
    let mut code: Vec<bool> = (0..5).rev().map(|bit| r >> bit & 1 == 1).collect();
    let mut previous: i64 = -1;
    for index in bits.ones() {
        let value = (i64::from(index) - previous - 1) as u64;
        previous = i64::from(index);
        code.extend(std::iter::repeat_n(true, (value >> r) as usize));
        code.push(false);
        code.extend((0..r).rev().map(|bit| value >> bit & 1 == 1));
    }
    code
}

/// The set bits' indexes back from [`golomb_encode`]'s code.
pub fn golomb_decode(code: &[bool]) -> Vec<u32> {
    let mut bits = code.iter().copied();
    let r = (0..5).fold(0u32, |r, _| {
        r << 1 | u32::from(bits.next().unwrap_or(false))
    });
    let mut indexes = Vec::new();
    let mut previous: i64 = -1;
    loop {
        let mut quotient = 0u64;
        loop {
            match bits.next() {
                Some(true) => quotient += 1,
                Some(false) => break,
                None => return indexes,
            }
        }
        let low = (0..r).fold(0u64, |low, _| {
            low << 1 | u64::from(bits.next().unwrap_or(false))
        });
        previous += ((quotient << r) | low) as i64 + 1;
        indexes.push(previous as u32);
    }
}

/// The length of [`golomb_encode`]'s code, without writing it.
pub fn golomb_size(bits: &BitArray) -> u32 {
    let r = rice_parameter(bits.count_ones(), bits.len());
    let mut previous: i64 = -1;
    let mut size = 5u64;
    for index in bits.ones() {
        let value = (i64::from(index) - previous - 1) as u64;
        previous = i64::from(index);
        size += (value >> r) + 1 + u64::from(r);
    }
    size.min(u64::from(u32::MAX)) as u32
}

/// H(p) = −p·log₂ p − (1 − p)·log₂(1 − p), the bits per bit of a coin that lands 1 with chance p.
pub fn binary_entropy(p: f64) -> f64 {
    if p <= 0.0 || p >= 1.0 {
        return 0.0;
    }
    -p * p.log2() - (1.0 - p) * (1.0 - p).log2()
}

/// The bits of a filter of m = `bits`, k = `hashes` holding `items`.
fn build(bits: u32, hashes: u32, items: &[ItemHashes]) -> BitArray {
    let mut array = BitArray::new(bits);
    for &item in items {
        for index in Layout::Standard.indexes(item, bits, hashes) {
            array.set(index);
        }
    }
    array
}

/// The filter of m = `bits`, k = `hashes` holding `items`, compressed, and measured on `probes`.
pub fn row(bits: u32, hashes: u32, items: &[ItemHashes], probes: &[ItemHashes]) -> Row {
    let array = build(bits, hashes, items);
    let positives = Layout::Standard.positives(&array, (bits, hashes), probes);
    let set_bits = array.count_ones();
    let (m, k, n) = (f64::from(bits), f64::from(hashes), items.len() as f64);
    Row {
        bits,
        hashes,
        set_bits,
        compressed_bits: deflate(&array.to_bytes()).len() as u32 * 8,
        golomb_bits: golomb_size(&array),
        entropy_bits: m * binary_entropy(f64::from(set_bits) / m),
        expected_rate: (1.0 - (-k * n / m).exp()).powf(k),
        measured: Measurement {
            positives,
            probes: probes.len() as u32,
        },
    }
}

/// The plain filter of exactly z = `budget` bits with the best whole k for its items.
pub fn plain(budget: u32, items: &[ItemHashes], probes: &[ItemHashes]) -> Row {
    let n = items.len().max(1) as f64;
    let hashes = (f64::from(budget) / n * std::f64::consts::LN_2)
        .round()
        .clamp(1.0, 32.0) as u32;
    row(budget, hashes, items, probes)
}

/// The largest filter with k = `hashes` (m a whole number of bytes, z ≤ m ≤ 16·z) that `coder`
/// squeezes into `budget` bits, found by bisection on real compressions; `None` when not even
/// m = z fits.
pub fn largest_fitting(
    budget: u32,
    hashes: u32,
    coder: Coder,
    items: &[ItemHashes],
    probes: &[ItemHashes],
) -> Option<Row> {
    let mut search = Search::new(budget, hashes, coder);
    loop {
        if let Some(found) = search.step(items) {
            return found.map(|bytes| row(bytes * 8, hashes, items, probes));
        }
    }
}

/// A bisection of [`largest_fitting`] under way, one real compression a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Search {
    budget: u32,
    hashes: u32,
    coder: Coder,
    /// The largest size (bytes) known to fit, once `low_fits`; the smallest tried first.
    low: u32,
    /// The largest size (bytes) that may still fit.
    high: u32,
    /// Whether m = z has been found to fit.
    low_fits: bool,
}

impl Search {
    fn new(budget: u32, hashes: u32, coder: Coder) -> Self {
        Self {
            budget,
            hashes,
            coder,
            low: budget.div_ceil(8),
            high: budget / 8 * MAX_GROWTH,
            low_fits: false,
        }
    }

    /// Compresses one more filter: the largest size that fits (in bytes) once found, `Some(None)`
    /// when not even m = z fits, `None` while the search goes on.
    fn step(&mut self, items: &[ItemHashes]) -> Option<Option<u32>> {
        let fits =
            |bytes: u32| self.coder.size(&build(bytes * 8, self.hashes, items)) <= self.budget;
        if !self.low_fits {
            if !fits(self.low) {
                return Some(None);
            }
            self.low_fits = true;
        } else if self.low < self.high {
            // The last size that fits (compression is nearly monotone in m).
            let middle = self.low + (self.high - self.low).div_ceil(2);
            if fits(middle) {
                self.low = middle;
            } else {
                self.high = middle - 1;
            }
        }
        (self.low >= self.high).then_some(Some(self.low))
    }
}

/// Each of `rates` as a share of the largest (0 … 1), for bars drawn side by side on one scale.
pub fn bar_shares(rates: &[f64]) -> Vec<f64> {
    let largest = rates.iter().copied().fold(0.0, f64::max);
    rates
        .iter()
        .map(|rate| if largest > 0.0 { rate / largest } else { 0.0 })
        .collect()
}

/// The comparison for z = `budget`: the plain filter, then for each k from 1 to the plain one's
/// (at most [`MAX_SPARSE_HASHES`]), the largest filter that each coder squeezes into z bits.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The plain filter of z bits.
    pub plain: Row,
    /// For k = 1, 2, …: the largest filter DEFLATE fits in z bits.
    pub deflate: Vec<Option<Row>>,
    /// For k = 1, 2, …: the largest filter the gap code fits in z bits.
    pub golomb: Vec<Option<Row>>,
}

impl Comparison {
    /// Builds, compresses and measures every filter of the comparison.
    pub fn run(budget: u32, items: &[ItemHashes], probes: &[ItemHashes]) -> Self {
        let mut steps = Stepwise::new(budget);
        loop {
            if let Some(done) = steps.step(items, probes) {
                return done;
            }
        }
    }

    /// The row with the lowest measured rate for `coder`.
    pub fn best(&self, coder: Coder) -> Option<&Row> {
        let rows = match coder {
            Coder::Deflate => &self.deflate,
            Coder::Golomb => &self.golomb,
        };
        rows.iter()
            .flatten()
            .min_by(|a, b| a.measured.rate().total_cmp(&b.measured.rate()))
    }
}

/// [`Comparison::run`] a filter at a time, so a page can spread its dozens of compressions over
/// several short tasks: each [`Stepwise::step`] builds and compresses one filter (or measures one
/// found), and the last gives the comparison, the same as `run`'s.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepwise {
    budget: u32,
    plain: Option<Row>,
    deflate: Vec<Option<Row>>,
    golomb: Vec<Option<Row>>,
    /// The bisection under way, with its coder's k.
    search: Option<Search>,
    /// The size the last search found, for the next step to measure.
    found: Option<Option<u32>>,
}

impl Stepwise {
    /// The comparison for z = `budget`, nothing built yet.
    pub fn new(budget: u32) -> Self {
        Self {
            budget,
            plain: None,
            deflate: Vec::new(),
            golomb: Vec::new(),
            search: None,
            found: None,
        }
    }

    /// Does the next piece of work on the same `items` and `probes` every time: the comparison
    /// once every filter is built and measured.
    pub fn step(&mut self, items: &[ItemHashes], probes: &[ItemHashes]) -> Option<Comparison> {
        let Some(base) = &self.plain else {
            self.plain = Some(plain(self.budget, items, probes));
            return None;
        };
        let sparse = base.hashes.min(MAX_SPARSE_HASHES);
        if let Some(search) = self.search.as_mut() {
            if let Some(found) = self.found.take() {
                let measured = found.map(|bytes| row(bytes * 8, search.hashes, items, probes));
                match search.coder {
                    Coder::Deflate => self.deflate.push(measured),
                    Coder::Golomb => self.golomb.push(measured),
                }
                self.search = None;
            } else {
                self.found = search.step(items);
            }
            return None;
        }
        let next = if (self.deflate.len() as u32) < sparse {
            (Coder::Deflate, self.deflate.len() as u32 + 1)
        } else if (self.golomb.len() as u32) < sparse {
            (Coder::Golomb, self.golomb.len() as u32 + 1)
        } else {
            return Some(Comparison {
                plain: base.clone(),
                deflate: self.deflate.clone(),
                golomb: self.golomb.clone(),
            });
        };
        self.search = Some(Search::new(self.budget, next.1, next.0));
        None
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::checks::hashed;
    use crate::measure::playground_probe;

    #[test]
    fn deflate_round_trips_filter_bits() {
        let items = hashed((0..300).map(|i| format!("item {i}")));
        let filter = row(6_000, 2, &items, &[]);
        let mut array = BitArray::new(6_000);
        for &item in &items {
            for index in Layout::Standard.indexes(item, 6_000, 2) {
                array.set(index);
            }
        }
        let bytes = array.to_bytes();
        let packed = deflate(&bytes);
        assert_eq!(packed.len() as u32 * 8, filter.compressed_bits);
        assert_eq!(
            miniz_oxide::inflate::decompress_to_vec(&packed).unwrap(),
            bytes
        );
    }

    /// The bisection as first written, in one loop: the comparison worked out a step at a time
    /// must find the very same filters.
    fn bisected(budget: u32, hashes: u32, coder: Coder, items: &[ItemHashes]) -> Option<u32> {
        let fits = |bytes: u32| coder.size(&build(bytes * 8, hashes, items)) <= budget;
        let (mut low, mut high) = (budget.div_ceil(8), budget / 8 * MAX_GROWTH);
        if !fits(low) {
            return None;
        }
        while low < high {
            let middle = low + (high - low).div_ceil(2);
            if fits(middle) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        Some(low)
    }

    #[test]
    fn a_step_at_a_time_finds_what_one_loop_finds() {
        let items = hashed((0..200).map(|i| format!("item {i}")));
        let probes = hashed((0..500).map(playground_probe));
        for budget in [64, 1_000, 1_600] {
            let mut steps = Stepwise::new(budget);
            let mut count = 1;
            let comparison = loop {
                match steps.step(&items, &probes) {
                    Some(done) => break done,
                    None => count += 1,
                }
            };
            // The plain filter, then per coder and k a search of several compressions and a
            // measurement: many short steps, not one long one.
            assert!(
                count > 4 * comparison.deflate.len(),
                "{budget}: {count} steps"
            );
            assert_eq!(comparison, Comparison::run(budget, &items, &probes));
            assert_eq!(comparison.plain, plain(budget, &items, &probes));
            for (coder, rows) in [
                (Coder::Deflate, &comparison.deflate),
                (Coder::Golomb, &comparison.golomb),
            ] {
                assert_eq!(
                    rows.len() as u32,
                    comparison.plain.hashes.min(MAX_SPARSE_HASHES)
                );
                for (index, found) in rows.iter().enumerate() {
                    let hashes = index as u32 + 1;
                    let expected = bisected(budget, hashes, coder, &items)
                        .map(|bytes| row(bytes * 8, hashes, &items, &probes));
                    assert_eq!(found, &expected, "{budget} {coder:?} k = {hashes}");
                }
            }
        }
    }

    #[test]
    fn bars_share_one_scale() {
        assert_eq!(bar_shares(&[0.02, 0.01, 0.005]), [1.0, 0.5, 0.25]);
        assert_eq!(bar_shares(&[0.0, 0.0]), [0.0, 0.0]);
    }

    #[test]
    fn entropy_by_hand() {
        assert_eq!(binary_entropy(0.5), 1.0);
        assert!((binary_entropy(0.1) - 0.468_995_593_589_281).abs() < 1e-12);
        assert_eq!(binary_entropy(0.0), 0.0);
    }

    #[test]
    fn the_gap_code_round_trips_and_nears_the_entropy() {
        let items = hashed((0..500).map(|i| format!("item {i}")));
        for (bits, hashes) in [(20_000, 1), (9_000, 3), (64, 4)] {
            let mut array = BitArray::new(bits);
            for &item in &items {
                for index in Layout::Standard.indexes(item, bits, hashes) {
                    array.set(index);
                }
            }
            let code = golomb_encode(&array);
            assert_eq!(code.len() as u32, golomb_size(&array));
            assert_eq!(golomb_decode(&code), array.ones().collect::<Vec<_>>());
        }
        let sparse = row(20_000, 1, &items, &[]);
        assert!(
            f64::from(sparse.golomb_bits) < sparse.entropy_bits * 1.05,
            "{sparse:?}"
        );
    }

    #[test]
    fn a_half_full_filter_does_not_compress_and_a_sparse_one_wins_with_the_gap_code() {
        let items = hashed((0..1_000).map(|i| format!("item {i}")));
        let probes = hashed((0..20_000).map(playground_probe));
        let comparison = Comparison::run(8_000, &items, &probes);
        let plain = &comparison.plain;
        assert_eq!(plain.hashes, 6);
        // About half the bits set: neither coder can shrink it below z.
        assert!(plain.compressed_bits >= 8_000, "{plain:?}");
        assert!(plain.golomb_bits >= 8_000, "{plain:?}");
        assert!((f64::from(plain.set_bits) / 8_000.0 - 0.5).abs() < 0.03);
        // The gap code's best sparse filter halves the rate…
        let golomb = comparison.best(Coder::Golomb).unwrap();
        assert!(golomb.bits > 8_000 && golomb.hashes < plain.hashes && golomb.golomb_bits <= 8_000);
        assert!(
            golomb.measured.rate() < plain.measured.rate() * 0.75,
            "{golomb:?}"
        );
        // …while DEFLATE, far above the entropy of a sparse filter, gains nothing.
        let deflate = comparison.best(Coder::Deflate).unwrap();
        assert!(deflate.compressed_bits <= 8_000);
        assert!(
            deflate.measured.rate() >= plain.measured.rate() * 0.9,
            "{deflate:?}"
        );
        for row in comparison.deflate.iter().flatten() {
            assert!(f64::from(row.compressed_bits) > row.entropy_bits * 1.05);
        }
    }
}

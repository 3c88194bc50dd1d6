//! When the indexes go wrong. The formula (1 − e^(−kn/m))^k assumes each item's k indexes are
//! independent and uniform over the m bits. Well-known libraries have shipped filters whose indexes
//! were not — a biased remainder, an index too narrow for its array, a second hash computed from the
//! first, hash bits thrown away, a size that wrapped, a hash that was not the hash it claimed, a step
//! that shared a factor with m — and their measured false-positive rates were tens or hundreds of
//! times the promise. Each case here keeps the buggy and the fixed derivation side by side, as small
//! functions, scaled down so a browser replays it in seconds.

/// Compiles a case's two derivations, `shown/<case>_buggy.rs` and `shown/<case>_fixed.rs`, into its
/// module (as `shown`, which the case's module re-exports with their documentation) and keeps their
/// text as `BUGGY_CODE` and `FIXED_CODE`: the page shows the file the compiler read, so the code on
/// the page is the code that runs. The files hold the code alone — every byte of them is in the
/// page's download.
macro_rules! shown_derivations {
    ($case:literal) => {
        /// The case's two derivations, compiled from the files the page shows (the case's module
        /// re-exports them with their documentation, which stays out of the files and the page).
        mod shown {
            use super::*;
            include!(concat!("shown/", $case, "_buggy.rs"));
            include!(concat!("shown/", $case, "_fixed.rs"));
        }

        /// The buggy derivation's file: the code the page shows.
        pub const BUGGY_CODE: &str = include_str!(concat!("shown/", $case, "_buggy.rs"));

        /// The fixed derivation's file: the code the page shows.
        pub const FIXED_CODE: &str = include_str!(concat!("shown/", $case, "_fixed.rs"));
    };
}

pub mod correlated;
pub mod dropped_bits;
pub mod modulo_bias;
pub mod shared_factor;
pub mod size_overflow;
pub mod truncated;
pub mod wrong_fnv;

use super::sizing;

/// The seven cases, in the order the page tells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Case {
    /// Guava 1119: x mod m with x uniform below a power of two that m does not divide.
    ModuloBias,
    /// Spark SPARK-47547: a 32-bit index on an array of more than 2³¹ bits.
    Truncated,
    /// bloomfilter.js 15 / 26: the second hash computed from the first.
    Correlated,
    /// Caffeine 85: an index built from a few bits of the hash.
    DroppedBits,
    /// RedisBloom 9: a size of 2³² bits kept in 32 bits.
    SizeOverflow,
    /// "Bloom Filters by Example": FNV computed in doubles.
    WrongFnv,
    /// Double hashing with a step that shares a factor with m.
    SharedFactor,
}

impl Case {
    /// Every case, in the page's order.
    pub const ALL: [Case; 7] = [
        Case::ModuloBias,
        Case::Truncated,
        Case::Correlated,
        Case::DroppedBits,
        Case::SizeOverflow,
        Case::WrongFnv,
        Case::SharedFactor,
    ];

    /// 1 … 7.
    pub fn number(self) -> usize {
        Case::ALL.iter().position(|&case| case == self).unwrap_or(0) + 1
    }

    /// The stable short name (links, the page's `data-case`, the worker's messages).
    pub fn id(self) -> &'static str {
        match self {
            Case::ModuloBias => "modulo-bias",
            Case::Truncated => "narrow-index",
            Case::Correlated => "correlated",
            Case::DroppedBits => "dropped-bits",
            Case::SizeOverflow => "size-overflow",
            Case::WrongFnv => "wrong-fnv",
            Case::SharedFactor => "shared-factor",
        }
    }

    /// The case named `id`.
    pub fn from_id(id: &str) -> Option<Case> {
        Case::ALL.into_iter().find(|case| case.id() == id)
    }

    /// What the measured rate counts: strangers answered "maybe" (false positives), or — for the
    /// wrong hash — members answered "no" (false negatives), which a Bloom filter promises never
    /// to give.
    pub fn counts(self) -> Counted {
        match self {
            Case::WrongFnv => Counted::FalseNegatives,
            _ => Counted::FalsePositives,
        }
    }

    /// Whether the page runs the case itself (it takes well under a millisecond) rather than in
    /// the lab's worker.
    pub fn runs_in_page(self) -> bool {
        matches!(self, Case::SizeOverflow | Case::WrongFnv)
    }

    /// Whether uniformity is the issue, so the page draws where the indexes land.
    pub fn has_histogram(self) -> bool {
        matches!(self, Case::ModuloBias | Case::Truncated | Case::DroppedBits)
    }

    /// Whether the case can also be run at the original report's full size.
    pub fn has_original_scale(self) -> bool {
        self == Case::Correlated
    }

    /// The public report: how it is cited, and where it is.
    pub fn report(self) -> (&'static str, &'static str) {
        match self {
            Case::ModuloBias => (
                "google/guava #1119",
                "https://github.com/google/guava/issues/1119",
            ),
            Case::Truncated => (
                "apache/spark #50933 (SPARK-47547)",
                "https://github.com/apache/spark/pull/50933",
            ),
            Case::Correlated => (
                "jasondavies/bloomfilter.js #26",
                "https://github.com/jasondavies/bloomfilter.js/pull/26",
            ),
            Case::DroppedBits => (
                "ben-manes/caffeine #85",
                "https://github.com/ben-manes/caffeine/issues/85",
            ),
            Case::SizeOverflow => (
                "RedisBloom/RedisBloom #9",
                "https://github.com/RedisBloom/RedisBloom/issues/9",
            ),
            Case::WrongFnv => (
                "Bloom Filters by Example",
                "https://llimllib.github.io/bloomfilter-tutorial/",
            ),
            Case::SharedFactor => (
                "Dillinger & Manolios, 2004",
                "https://www.khoury.northeastern.edu/~pete/pub/bloom-filters-verification.pdf",
            ),
        }
    }
}

/// What a case's rate counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Never-inserted keys answered "maybe", out of the strangers queried.
    FalsePositives,
    /// Inserted keys answered "no", out of the members queried.
    FalseNegatives,
}

/// The buggy derivation or its fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// As the library shipped it.
    Buggy,
    /// As it was fixed.
    Fixed,
}

impl Variant {
    /// Both, buggy first.
    pub const BOTH: [Variant; 2] = [Variant::Buggy, Variant::Fixed];

    /// The stable short name.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Buggy => "buggy",
            Variant::Fixed => "fixed",
        }
    }

    /// The variant named `id`.
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::BOTH.into_iter().find(|variant| variant.id() == id)
    }
}

/// How big a replay is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Scale {
    /// Scaled down: seconds in a browser.
    #[default]
    Classroom,
    /// The report's own parameters (only where [`Case::has_original_scale`]).
    Original,
}

/// A replay's filter and workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// n, items inserted.
    pub items: u64,
    /// m.
    pub bits: u64,
    /// k.
    pub hashes: u32,
    /// Keys queried: never-inserted strangers, or (false negatives) the members again.
    pub queries: u64,
}

impl Setup {
    /// The formula's false-positive rate for this n, m and k: (1 − e^(−kn/m))^k.
    pub fn formula_rate(&self) -> f64 {
        sizing::rate(self.items as f64, self.bits as f64, f64::from(self.hashes))
    }
}

/// The case's replay at `scale` (the classroom's where the case has no other).
pub fn setup(case: Case, scale: Scale) -> Setup {
    let (items, bits, hashes, queries) = match (case, scale) {
        (Case::ModuloBias, _) => (3_419, modulo_bias::BITS, 10, 2_000_000),
        (Case::Truncated, _) => (15_000, 143_776, 7, 200_000),
        (Case::Correlated, Scale::Original) => {
            let (items, bits, hashes) = correlated::ORIGINAL;
            (items, bits, hashes, 10_000_000)
        }
        (Case::Correlated, Scale::Classroom) => {
            let (items, bits, hashes) = correlated::CLASSROOM;
            (items, bits, hashes, 1_000_000)
        }
        (Case::DroppedBits, _) => {
            let (items, bits, hashes) = dropped_bits::CLASSROOM;
            (items, bits, hashes, 100_000)
        }
        (Case::SizeOverflow, _) => {
            let (items, bits, hashes) = size_overflow::CLASSROOM;
            (items, bits, hashes, 10_000)
        }
        (Case::WrongFnv, _) => {
            let (items, bits, hashes) = wrong_fnv::CLASSROOM;
            (items, bits, hashes, items)
        }
        (Case::SharedFactor, _) => {
            let (items, bits, hashes) = shared_factor::CLASSROOM;
            (items, bits, hashes, shared_factor::CLASSROOM_QUERIES)
        }
    };
    Setup {
        items,
        bits,
        hashes,
        queries,
    }
}

/// The rate the theory promises for the case's count: the formula's false-positive rate, or no
/// false negatives at all.
pub fn promised_rate(case: Case, setup: &Setup) -> f64 {
    match case.counts() {
        Counted::FalsePositives => setup.formula_rate(),
        Counted::FalseNegatives => 0.0,
    }
}

/// Calls `visit` with each of the key's k indexes under the case's derivation until it returns
/// false; returns whether it never did. (For the cases the worker runs; the page's two have their
/// own replays.)
#[inline]
pub fn for_each_index(
    case: Case,
    variant: Variant,
    key: &[u8],
    bits: u64,
    hashes: u32,
    visit: impl FnMut(u64) -> bool,
) -> bool {
    let mut visit = visit;
    match (case, variant) {
        (Case::ModuloBias, Variant::Buggy) => modulo_bias::buggy(key, bits, hashes).all(&mut visit),
        (Case::ModuloBias, Variant::Fixed) => modulo_bias::fixed(key, bits, hashes).all(&mut visit),
        (Case::Truncated, Variant::Buggy) => truncated::buggy(key, bits, hashes).all(&mut visit),
        (Case::Truncated, Variant::Fixed) => truncated::fixed(key, bits, hashes).all(&mut visit),
        (Case::Correlated, Variant::Buggy) => correlated::buggy(key, bits, hashes).all(&mut visit),
        (Case::Correlated, Variant::Fixed) => correlated::fixed(key, bits, hashes).all(&mut visit),
        (Case::DroppedBits, Variant::Buggy) => {
            dropped_bits::buggy(key, bits, hashes).all(&mut visit)
        }
        (Case::DroppedBits, Variant::Fixed) => {
            dropped_bits::fixed(key, bits, hashes).all(&mut visit)
        }
        (Case::SharedFactor, Variant::Buggy) => {
            shared_factor::buggy(key, bits, hashes).all(&mut visit)
        }
        (Case::SharedFactor, Variant::Fixed) => {
            shared_factor::fixed(key, bits, hashes).all(&mut visit)
        }
        // The page replays these two itself; as a derivation, each is its fixed one.
        (Case::SizeOverflow, _) => size_overflow::fixed(key, bits, hashes).all(&mut visit),
        (Case::WrongFnv, _) => {
            wrong_fnv::indexes(wrong_fnv::fnv1_32(key), key, bits, hashes).all(&mut visit)
        }
    }
}

/// How far above its promise a measured rate is: measured / promised (`None` when nothing was
/// promised, or the measurement is inside what the promise allows).
pub fn times_the_promise(case: Case, setup: &Setup, tally: &Tally) -> Option<f64> {
    let promise = promised_rate(case, setup);
    let (_, high) = likely_counts(promise, tally.queried);
    (tally.wrong > high && promise > 0.0).then(|| tally.rate() / promise)
}

/// Whether a measured count is inside the counts the promise allows 99 % of the time.
pub fn keeps_the_promise(case: Case, setup: &Setup, tally: &Tally) -> bool {
    let (low, high) = likely_counts(promised_rate(case, setup), tally.queried);
    (low..=high).contains(&tally.wrong)
}

/// The rate chart's scale, as powers of ten: from the decade of the smallest positive value shown
/// (not below 10⁻⁸) to the decade above the largest (not above 1), at least two decades wide.
pub fn chart_decades(values: &[f64]) -> (i32, i32) {
    let positive = || values.iter().copied().filter(|&value| value > 0.0);
    if positive().next().is_none() {
        return (-2, 0);
    }
    let smallest = positive().fold(1.0f64, f64::min).max(1e-8);
    let largest = positive().fold(1e-8f64, f64::max).min(1.0);
    let top = (largest.log10().ceil() as i32).min(0);
    let bottom = (smallest.log10().floor() as i32).min(top - 2);
    (bottom, top)
}

/// The derivation as the page shows it: the function compiled into its module, word for word, read
/// from the file it is compiled from (its doc lines left out).
pub fn code(case: Case, variant: Variant) -> &'static str {
    let file = match (case, variant) {
        (Case::ModuloBias, Variant::Buggy) => modulo_bias::BUGGY_CODE,
        (Case::ModuloBias, Variant::Fixed) => modulo_bias::FIXED_CODE,
        (Case::Truncated, Variant::Buggy) => truncated::BUGGY_CODE,
        (Case::Truncated, Variant::Fixed) => truncated::FIXED_CODE,
        (Case::Correlated, Variant::Buggy) => correlated::BUGGY_CODE,
        (Case::Correlated, Variant::Fixed) => correlated::FIXED_CODE,
        (Case::DroppedBits, Variant::Buggy) => dropped_bits::BUGGY_CODE,
        (Case::DroppedBits, Variant::Fixed) => dropped_bits::FIXED_CODE,
        (Case::SizeOverflow, Variant::Buggy) => size_overflow::BUGGY_CODE,
        (Case::SizeOverflow, Variant::Fixed) => size_overflow::FIXED_CODE,
        (Case::WrongFnv, Variant::Buggy) => wrong_fnv::BUGGY_CODE,
        (Case::WrongFnv, Variant::Fixed) => wrong_fnv::FIXED_CODE,
        (Case::SharedFactor, Variant::Buggy) => shared_factor::BUGGY_CODE,
        (Case::SharedFactor, Variant::Fixed) => shared_factor::FIXED_CODE,
    };
    file.trim_end()
}

/// Counts out of trials, with the 95 % interval of the rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Keys that gave the wrong answer.
    pub wrong: u64,
    /// Keys queried.
    pub queried: u64,
}

impl Tally {
    /// wrong / queried.
    pub fn rate(&self) -> f64 {
        self.wrong as f64 / self.queried.max(1) as f64
    }

    /// The 95 % Wilson interval of the rate.
    pub fn interval(&self) -> (f64, f64) {
        super::measure::wilson_interval(self.wrong, self.queried)
    }
}

/// What a case's histogram counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistogramView {
    /// The m bits cut into this many equal slices: a multiple of three for the modulo bias (its
    /// thirds), forty otherwise.
    Slices(usize),
    /// The bit positions 0 … 63 inside the first this many 64-bit words.
    WordPositions(u64),
}

/// How a case's histogram is drawn.
pub fn histogram_view(case: Case) -> HistogramView {
    match case {
        Case::ModuloBias => HistogramView::Slices(48),
        Case::DroppedBits => HistogramView::WordPositions(256),
        _ => HistogramView::Slices(40),
    }
}

/// Keys whose indexes a case's histogram counts: enough for a few dozen in each bar.
pub fn histogram_keys(case: Case) -> u64 {
    match case {
        Case::DroppedBits => 32_768,
        _ => 2_000,
    }
}

/// How many bars a histogram has.
pub fn histogram_bins(view: HistogramView) -> usize {
    match view {
        HistogramView::Slices(bins) => bins.max(1),
        HistogramView::WordPositions(_) => 64,
    }
}

/// What a histogram shows at a glance: its fullest bar against the average, and how many bars no
/// index reached.
pub fn spread(counts: &[u64]) -> (f64, usize) {
    let total: u64 = counts.iter().sum();
    let mean = total as f64 / counts.len().max(1) as f64;
    let fullest = counts.iter().copied().max().unwrap_or(0) as f64;
    let empty = counts.iter().filter(|&&count| count == 0).count();
    (if mean > 0.0 { fullest / mean } else { 0.0 }, empty)
}

/// Where the indexes of the case's [`histogram_keys`] keys land, counted as its
/// [`histogram_view`] says.
pub fn histogram(case: Case, variant: Variant) -> Vec<u64> {
    let setup = setup(case, Scale::Classroom);
    let view = histogram_view(case);
    let bins = histogram_bins(view);
    let mut counts = vec![0u64; bins];
    let mut key = Vec::new();
    for index in 0..histogram_keys(case) {
        super::keys::write_key(
            super::keys::KeyShape::Short,
            super::keys::KeyRole::Member,
            case.number() as u32,
            index,
            &mut key,
        );
        for_each_index(case, variant, &key, setup.bits, setup.hashes, |bit| {
            let bin = match view {
                HistogramView::Slices(_) => {
                    Some((u128::from(bit) * bins as u128 / u128::from(setup.bits)) as usize)
                }
                HistogramView::WordPositions(words) => {
                    (bit / 64 < words).then_some((bit % 64) as usize)
                }
            };
            if let Some(bin) = bin {
                counts[bin.min(bins - 1)] += 1;
            }
            true
        });
    }
    counts
}

/// The counts a rate p gives in `trials` trials with 99 % probability: the 0.5 % and 99.5 %
/// quantiles of the binomial — exact (as a Poisson) for small means, normal for large ones.
pub fn likely_counts(rate: f64, trials: u64) -> (u64, u64) {
    let mean = rate * trials as f64;
    if mean <= 0.0 {
        return (0, 0);
    }
    if mean < 200.0 {
        // Poisson: add up P(X = c) = e^(−λ)·λ^c/c! until the tails are passed.
        let (mut cdf, mut term, mut count) = (0.0, (-mean).exp(), 0u64);
        let mut low = None;
        loop {
            cdf += term;
            if low.is_none() && cdf >= 0.005 {
                low = Some(count);
            }
            if cdf >= 0.995 {
                return (low.unwrap_or(count), count);
            }
            count += 1;
            term *= mean / count as f64;
        }
    }
    let spread = 2.575_829_3 * (mean * (1.0 - rate)).sqrt();
    (
        (mean - spread).floor().max(0.0) as u64,
        (mean + spread).ceil() as u64,
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_code_shown_is_the_code_run() {
        let modules = [
            ("modulo_bias", include_str!("bugs/modulo_bias.rs")),
            ("truncated", include_str!("bugs/truncated.rs")),
            ("correlated", include_str!("bugs/correlated.rs")),
            ("dropped_bits", include_str!("bugs/dropped_bits.rs")),
            ("size_overflow", include_str!("bugs/size_overflow.rs")),
            ("wrong_fnv", include_str!("bugs/wrong_fnv.rs")),
            ("shared_factor", include_str!("bugs/shared_factor.rs")),
        ];
        for (case, (name, source)) in Case::ALL.into_iter().zip(modules) {
            for variant in Variant::BOTH {
                let shown = code(case, variant);
                assert!(shown.starts_with("pub fn"), "{case:?} {variant:?}");
                assert!(shown.ends_with("\n}"), "{case:?} {variant:?}");
                assert!(
                    source.contains(&format!("shown_derivations!(\"{name}\");")),
                    "{case:?}: its module does not compile what it shows"
                );
            }
        }
    }

    #[test]
    fn the_chart_spans_the_decades_of_its_values() {
        assert_eq!(chart_decades(&[9.5e-4, 1.86e-3, 1e-3]), (-4, -2));
        assert_eq!(chart_decades(&[0.024, 1.0]), (-2, 0));
        assert_eq!(chart_decades(&[0.0, 1e-12, 5e-7]), (-8, -6));
        assert_eq!(chart_decades(&[]), (-2, 0));
    }

    #[test]
    fn ids_round_trip() {
        for case in Case::ALL {
            assert_eq!(Case::from_id(case.id()), Some(case));
        }
        assert_eq!(Case::ALL.map(Case::number), [1, 2, 3, 4, 5, 6, 7]);
        for variant in Variant::BOTH {
            assert_eq!(Variant::from_id(variant.id()), Some(variant));
        }
    }

    #[test]
    fn likely_counts_cover_the_mean() {
        // Poisson(1): P(X ≤ 0) = 0.37 ≥ 0.005, P(X ≤ 4) = 0.9963 ≥ 0.995 > P(X ≤ 3) = 0.981.
        assert_eq!(likely_counts(1e-6, 1_000_000), (0, 4));
        // Poisson(10): 0.5 % quantile 3 (P(X ≤ 2) = 0.0028, P(X ≤ 3) = 0.0103), 99.5 %: 19.
        assert_eq!(likely_counts(1e-5, 1_000_000), (3, 19));
        let (low, high) = likely_counts(0.01, 1_000_000);
        assert!(low < 10_000 && high > 10_000 && high - low < 600);
    }

    #[test]
    fn modulo_bias_puts_twice_the_mass_in_the_low_third() {
        // The page's 48 slices, added up by thirds.
        let thirds = |counts: Vec<u64>| -> Vec<f64> {
            counts
                .chunks(16)
                .map(|third| third.iter().sum::<u64>() as f64)
                .collect()
        };
        let buggy = thirds(histogram(Case::ModuloBias, Variant::Buggy));
        assert!((1.85..2.15).contains(&(buggy[0] / buggy[1])), "{buggy:?}");
        assert!((buggy[1] / buggy[2] - 1.0).abs() < 0.08, "{buggy:?}");
        let fixed = thirds(histogram(Case::ModuloBias, Variant::Fixed));
        assert!((fixed[0] / fixed[1] - 1.0).abs() < 0.08, "{fixed:?}");
    }

    #[test]
    fn the_narrow_index_fills_only_its_reach() {
        // 40 slices of 143,776 bits: 2¹⁵ reaches into the tenth.
        let counts = histogram(Case::Truncated, Variant::Buggy);
        assert!(counts[..9].iter().all(|&c| c > 0), "{counts:?}");
        assert!(counts[10..].iter().all(|&c| c == 0), "{counts:?}");
        assert_eq!(spread(&counts).1, 30);
        let fixed = histogram(Case::Truncated, Variant::Fixed);
        assert_eq!(spread(&fixed).1, 0);
    }

    #[test]
    fn the_overlapping_bits_leave_two_positions_in_a_word() {
        let counts = histogram(Case::DroppedBits, Variant::Buggy);
        assert_eq!(spread(&counts).1, 62, "{counts:?}");
        assert_eq!(spread(&histogram(Case::DroppedBits, Variant::Fixed)).1, 0);
    }
}

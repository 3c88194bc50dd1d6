//! The scalable Bloom filter (Almeida, Baquero, Preguiça and Hutchison, 2007): when n is not known in
//! advance, start with a filter (a *stage*) sized for n₀ items at rate P₀; when it holds its n₀,
//! add a stage s times larger (the growth) built for a rate r times smaller (the tightening ratio),
//! so stage i holds n₀·sⁱ items at Pᵢ = P₀·rⁱ. A query asks every stage. A never-inserted item is a
//! false positive when some stage says "maybe", so the whole filter's rate is at most
//! 1 − ∏(1 − Pᵢ) ≤ Σ P₀·rⁱ = P₀/(1 − r), however many stages it grows.

use super::bit_array::BitArray;
use super::chart::{path, Frame, Scale};
use super::hashing::ItemHashes;
use super::measure::{playground_probe, Measurement, PLAYGROUND_PROBES};
use super::partitioned::{self, Layout};

/// The first stage's capacities a visitor can choose.
pub const CAPACITY_RANGE: std::ops::RangeInclusive<u32> = 1..=100_000;
/// The growth factors s a visitor can choose.
pub const GROWTH_RANGE: std::ops::RangeInclusive<u32> = 1..=8;
/// The tightening ratios r, in hundredths, a visitor can choose (0.01 … 0.99).
pub const TIGHTENING_RANGE: std::ops::RangeInclusive<u32> = 1..=99;
/// The most items a visitor's filter takes (typed and streamed together).
pub const MAX_ITEMS: u32 = 200_000;
/// The most bits all stages together may take (32 Mbit, 4 MiB): a guard against a growth that
/// would fill the visitor's memory.
pub const MAX_TOTAL_BITS: u64 = 1 << 25;
/// How many items one press of "stream" adds.
pub const STREAM_BATCH: u32 = 10_000;

/// How a library chooses the first stage's rate from the rate the user asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstRate {
    /// P₀ is the rate asked for: the whole filter may reach P₀/(1 − r), more than was asked.
    AsAsked,
    /// P₀ = p·(1 − r), so that the limit P₀/(1 − r) is exactly the rate asked for.
    Tightened,
    /// P₀ = p·r: the limit is p·r/(1 − r), the rate asked for only when r = 1/2.
    TimesRatio,
}

/// How one stage turns its capacity n and rate P into bits and hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageSizing {
    /// k = ⌈log₂(1/P)⌉ slices, each ⌈n·|ln P| / (k·(ln 2)²)⌉ bits, one hash per slice (Almeida et
    /// al.; pybloom-live and npm `bloom-filters` size their stages so).
    Slices,
    /// One array of ⌊n·bpe⌋ bits rounded up to a multiple of 64, bpe = |ln P|/(ln 2)², and
    /// k = ⌈ln 2 · bpe⌉ hashes (RedisBloom's layers).
    Standard,
}

/// A library's scalable filter, reproduced by its documented parameters (read from its own source:
/// see each variant), or Almeida et al.'s design with s and r free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Preset {
    /// Almeida et al.: s and r as the visitor sets them, P₀ = p·(1 − r), one slice per hash.
    #[default]
    Custom,
    /// RedisBloom `BF.RESERVE key p n0 EXPANSION 2` (src/sb.c, src/bloom.c): the first layer at
    /// p·½ (`ERROR_TIGHTENING_RATIO` 0.5), each next at half the one before and `EXPANSION` times
    /// larger; a layer is one array of ⌊n·bpe⌋ bits rounded up to 64, bpe = ln(1/P)/(ln 2)², with
    /// k = ⌈ln 2 · bpe⌉; an insert checks every layer first.
    Redis,
    /// pybloom-live `ScalableBloomFilter(mode=SMALL_SET_GROWTH)` (pybloom_live/pybloom.py): s = 2,
    /// ratio 0.9, the first filter at p·(1 − 0.9), each ⌈log₂(1/P)⌉ slices of
    /// ⌈n·|ln P|/(k·(ln 2)²)⌉ bits, full when it holds its capacity; an insert checks first.
    PybloomSmall,
    /// pybloom-live `ScalableBloomFilter(mode=LARGE_SET_GROWTH)`: s = 4, otherwise as above.
    PybloomLarge,
    /// npm `bloom-filters` 3 `ScalableBloomFilter(initial_size, initial_error_rate, ratio = 0.8)`
    /// (src/bloom/scalable-bloom-filter.ts): s = 2 (`_s`), the first filter at the rate given, each
    /// next `_ratio` times it, partitioned filters; an insert does not check first. (Its stages'
    /// capacities and the "half the bits set" test for full are approximated here by n₀·2ⁱ.)
    BloomFiltersJs,
}

impl Preset {
    /// Every preset, in the order the selector lists them.
    pub const ALL: [Preset; 5] = [
        Preset::Custom,
        Preset::Redis,
        Preset::PybloomSmall,
        Preset::PybloomLarge,
        Preset::BloomFiltersJs,
    ];

    /// Its name in a link.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Custom => "custom",
            Preset::Redis => "redis",
            Preset::PybloomSmall => "pybloom-small",
            Preset::PybloomLarge => "pybloom-large",
            Preset::BloomFiltersJs => "bloom-filters",
        }
    }

    /// The preset named `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|preset| preset.id() == id)
    }

    /// The library's s, r, first-stage rule and stage sizing (`None` for [`Preset::Custom`]).
    pub fn rules(self) -> Option<(u32, f64, FirstRate, StageSizing)> {
        match self {
            Preset::Custom => None,
            Preset::Redis => Some((2, 0.5, FirstRate::TimesRatio, StageSizing::Standard)),
            Preset::PybloomSmall => Some((2, 0.9, FirstRate::Tightened, StageSizing::Slices)),
            Preset::PybloomLarge => Some((4, 0.9, FirstRate::Tightened, StageSizing::Slices)),
            Preset::BloomFiltersJs => Some((2, 0.8, FirstRate::AsAsked, StageSizing::Slices)),
        }
    }

    /// `params` with this preset's rules (the capacity and rate stay the visitor's).
    pub fn apply(self, params: ScalableParams) -> ScalableParams {
        match self.rules() {
            None => ScalableParams {
                first_rate: FirstRate::Tightened,
                sizing: StageSizing::Slices,
                checks_first: true,
                ..params
            },
            Some((growth, tightening, first_rate, sizing)) => ScalableParams {
                growth,
                tightening,
                first_rate,
                sizing,
                checks_first: self != Preset::BloomFiltersJs,
                ..params
            },
        }
    }
}

/// Everything that fixes a scalable filter's stages.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScalableParams {
    /// n₀: how many items the first stage holds before the next is added.
    pub capacity: u32,
    /// The rate the user asks for (what a library promises).
    pub rate: f64,
    /// s: each stage holds s times the items of the one before.
    pub growth: u32,
    /// r: each stage's rate is r times the one before.
    pub tightening: f64,
    /// Where P₀ comes from.
    pub first_rate: FirstRate,
    /// How a stage is sized.
    pub sizing: StageSizing,
    /// True when an insert first asks every stage and writes nothing if one says "maybe".
    pub checks_first: bool,
}

impl Default for ScalableParams {
    fn default() -> Self {
        Self {
            capacity: 32,
            rate: 0.01,
            growth: 2,
            tightening: 0.8,
            first_rate: FirstRate::Tightened,
            sizing: StageSizing::Slices,
            checks_first: true,
        }
    }
}

/// One stage's plan: how many items, at what rate, in how many bits with how many hashes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageShape {
    /// nᵢ = n₀·sⁱ.
    pub capacity: u64,
    /// Pᵢ = P₀·rⁱ.
    pub rate: f64,
    /// mᵢ.
    pub bits: u64,
    /// kᵢ.
    pub hashes: u32,
    /// One array, or one slice per hash.
    pub layout: Layout,
}

impl ScalableParams {
    /// P₀, the first stage's rate.
    pub fn first_stage_rate(&self) -> f64 {
        match self.first_rate {
            FirstRate::AsAsked => self.rate,
            FirstRate::Tightened => self.rate * (1.0 - self.tightening),
            FirstRate::TimesRatio => self.rate * self.tightening,
        }
    }

    /// P₀/(1 − r): the bound the rate never exceeds however many stages are added.
    pub fn limit(&self) -> f64 {
        self.first_stage_rate() / (1.0 - self.tightening)
    }

    /// Stage `index`'s capacity n₀·sⁱ, rate P₀·rⁱ, bits and hashes.
    pub fn stage(&self, index: u32) -> StageShape {
        let capacity = u64::from(self.capacity)
            .saturating_mul(u64::from(self.growth).saturating_pow(index))
            .max(1);
        let rate = self.first_stage_rate() * self.tightening.powi(index as i32);
        let (bits, hashes) = stage_size(self.sizing, capacity as f64, rate);
        StageShape {
            capacity,
            rate,
            bits,
            hashes,
            layout: match self.sizing {
                StageSizing::Slices => Layout::Partitioned,
                StageSizing::Standard => Layout::Standard,
            },
        }
    }
}

/// Bits and hashes of a stage for `capacity` items at `rate`, as `sizing` says.
pub fn stage_size(sizing: StageSizing, capacity: f64, rate: f64) -> (u64, u32) {
    let ln2_squared = std::f64::consts::LN_2 * std::f64::consts::LN_2;
    let rate = rate.clamp(f64::MIN_POSITIVE, 0.999);
    match sizing {
        StageSizing::Slices => {
            let hashes = (-rate.log2()).ceil().max(1.0);
            let slice = (capacity * -rate.ln() / (hashes * ln2_squared))
                .ceil()
                .max(1.0);
            ((slice * hashes) as u64, hashes as u32)
        }
        StageSizing::Standard => {
            let per_entry = -rate.ln() / ln2_squared;
            let bits = ((capacity * per_entry).floor().max(1.0) as u64).div_ceil(64) * 64;
            let hashes = (std::f64::consts::LN_2 * per_entry).ceil().max(1.0);
            (bits, hashes as u32)
        }
    }
}

/// 1 − ∏(1 − Pᵢ) over the given stage rates: the most the filter's rate can be with these stages.
pub fn compound_bound(rates: impl IntoIterator<Item = f64>) -> f64 {
    1.0 - rates.into_iter().map(|rate| 1.0 - rate).product::<f64>()
}

/// One stage as built: its plan, its bits and how many items it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// The plan.
    pub shape: StageShape,
    /// The bits.
    pub bits: BitArray,
    /// Items inserted into this stage.
    pub items: u32,
    /// The number of the first insert attempt (an added or streamed item, counted from 0 whether
    /// it went in or a stage already answered for it) that went into this stage.
    first_attempt: u32,
}

impl Stage {
    fn new(shape: StageShape, first_attempt: u32) -> Self {
        Self {
            shape,
            bits: BitArray::new(shape.bits as u32),
            items: 0,
            first_attempt,
        }
    }

    fn layout(&self) -> Layout {
        self.shape.layout
    }

    /// The stage's indexes for an item with base hashes `hashes`.
    pub fn indexes(&self, hashes: ItemHashes) -> Vec<u32> {
        self.layout()
            .indexes(hashes, self.bits.len(), self.shape.hashes)
    }

    /// True when all its bits for the item are set.
    pub fn contains(&self, hashes: ItemHashes) -> bool {
        self.indexes(hashes)
            .iter()
            .all(|&index| self.bits.get(index))
    }

    /// True once it holds its capacity.
    pub fn is_full(&self) -> bool {
        u64::from(self.items) >= self.shape.capacity
    }

    /// The rate its fill gives: ∏ over slices of their fill (standard: (X/m)^k).
    pub fn rate_from_fill(&self) -> f64 {
        let k = self.shape.hashes;
        match self.layout() {
            Layout::Standard => {
                (f64::from(self.bits.count_ones()) / f64::from(self.bits.len())).powi(k as i32)
            }
            Layout::Partitioned => {
                let slice = partitioned::slice_bits(self.bits.len(), k);
                (0..k)
                    .map(|i| {
                        let ones = (i * slice..(i + 1) * slice)
                            .filter(|&index| self.bits.get(index))
                            .count();
                        ones as f64 / f64::from(slice)
                    })
                    .product()
            }
        }
    }
}

/// What a visitor did, in order: the one source of truth (changing a parameter replays it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScalableOperation {
    /// Insert a typed item.
    Add(String),
    /// Insert the next `count` generated items (`stream 0`, `stream 1`, …).
    Stream(u32),
}

/// The generated item number `index` of the stream.
pub fn streamed_item(index: u32) -> String {
    format!("stream {index}")
}

/// What an insert did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// It went into stage `stage` (0-based) at `indexes`; `new_stage` when that stage was added
    /// for it.
    Inserted {
        /// The stage.
        stage: usize,
        /// Its indexes there.
        indexes: Vec<u32>,
        /// True when the stage was just added.
        new_stage: bool,
    },
    /// A stage already answered "maybe", so nothing was written (as the libraries do: an insert
    /// first checks).
    AlreadyPresent {
        /// The first stage that answered.
        stage: usize,
    },
}

/// Why an insert was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalableError {
    /// The next stage would pass [`MAX_TOTAL_BITS`] or the filter holds [`MAX_ITEMS`].
    TooBig,
}

/// The measured rate after a number of items, for the chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatePoint {
    /// Items inserted so far.
    pub items: u32,
    /// Stages so far.
    pub stages: u32,
    /// The compound bound of those stages.
    pub bound: f64,
    /// The measured rate.
    pub measured: Measurement,
}

/// A scalable filter with its operations and the measurements taken as it grew.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalableFilter {
    params: ScalableParams,
    stages: Vec<Stage>,
    operations: Vec<ScalableOperation>,
    streamed: u32,
    already_present: u32,
    /// The insert attempts a stage already answered for, in order: they set no bit.
    skipped: Vec<u32>,
    points: Vec<RatePoint>,
}

impl ScalableFilter {
    /// An empty filter (no stage until the first insert).
    pub fn new(params: ScalableParams) -> Self {
        Self {
            params,
            stages: Vec::new(),
            operations: Vec::new(),
            streamed: 0,
            already_present: 0,
            skipped: Vec::new(),
            points: Vec::new(),
        }
    }

    /// A filter after `operations`, in order (those that no longer fit are dropped).
    pub fn replay(
        params: ScalableParams,
        operations: &[ScalableOperation],
        probes: &Probes,
    ) -> Self {
        let mut filter = Self::new(params);
        for operation in operations {
            let done = match operation {
                ScalableOperation::Add(text) => filter.add(text, probes).map(|_| ()),
                ScalableOperation::Stream(count) => filter.stream(*count, probes),
            };
            if done.is_err() {
                break;
            }
        }
        filter
    }

    /// The parameters.
    pub fn params(&self) -> ScalableParams {
        self.params
    }

    /// The stages, oldest first.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// What was done, in order.
    pub fn operations(&self) -> &[ScalableOperation] {
        &self.operations
    }

    /// The measured rate each time a stage filled, and now.
    pub fn points(&self) -> &[RatePoint] {
        &self.points
    }

    /// Inserts skipped because some stage already answered "maybe" (repeats, and new items that
    /// were false positives: a filter that checks first never learns of them).
    pub fn already_present(&self) -> u32 {
        self.already_present
    }

    /// True when `text` was added or streamed in (whether or not a stage already answered for it).
    pub fn was_inserted(&self, text: &str) -> bool {
        let streamed = text
            .strip_prefix("stream ")
            .and_then(|number| number.parse::<u32>().ok())
            .is_some_and(|number| number < self.streamed && streamed_item(number) == text);
        streamed
            || self.operations.iter().any(
                |operation| matches!(operation, ScalableOperation::Add(added) if added == text),
            )
    }

    /// Items inserted in all.
    pub fn items(&self) -> u32 {
        self.stages.iter().map(|stage| stage.items).sum()
    }

    /// Bits of all stages together.
    pub fn total_bits(&self) -> u64 {
        self.stages
            .iter()
            .map(|stage| u64::from(stage.bits.len()))
            .sum()
    }

    /// 1 − ∏(1 − Pᵢ) over the stages built so far.
    pub fn bound(&self) -> f64 {
        compound_bound(self.stages.iter().map(|stage| stage.shape.rate))
    }

    /// 1 − ∏(1 − fill rate of stage i): what the stages' bits give now.
    pub fn rate_from_fill(&self) -> f64 {
        compound_bound(self.stages.iter().map(Stage::rate_from_fill))
    }

    /// The items, in order, that set bit `index` of stage `stage`: of those inserted into that stage
    /// (not those a stage already answered for), the ones among whose indexes it is.
    pub fn setters_of(&self, stage: usize, index: u32) -> Vec<String> {
        let Some(at) = self.stages.get(stage) else {
            return Vec::new();
        };
        let end = self
            .stages
            .get(stage + 1)
            .map_or(self.items() + self.already_present, |next| {
                next.first_attempt
            });
        let mut setters = Vec::new();
        let (mut attempt, mut streamed) = (0_u32, 0_u32);
        for operation in &self.operations {
            let texts: Box<dyn Iterator<Item = String>> = match operation {
                ScalableOperation::Add(text) => Box::new(std::iter::once(text.clone())),
                ScalableOperation::Stream(count) => {
                    // Only the part of a long stream that reaches this stage is written out.
                    let skip = at.first_attempt.saturating_sub(attempt).min(*count);
                    let first = streamed + skip;
                    attempt += skip;
                    streamed += count;
                    Box::new((first..streamed).map(streamed_item))
                }
            };
            for text in texts {
                if attempt >= end {
                    return setters;
                }
                if attempt >= at.first_attempt
                    && self.skipped.binary_search(&attempt).is_err()
                    && at.indexes(ItemHashes::of(&text)).contains(&index)
                {
                    setters.push(text);
                }
                attempt += 1;
            }
        }
        setters
    }

    /// For each stage, whether it answers "maybe" for `text`, with its indexes.
    pub fn query(&self, text: &str) -> Vec<(bool, Vec<u32>)> {
        let hashes = ItemHashes::of(text);
        self.stages
            .iter()
            .map(|stage| {
                let indexes = stage.indexes(hashes);
                let maybe = indexes.iter().all(|&index| stage.bits.get(index));
                (maybe, indexes)
            })
            .collect()
    }

    /// Inserts `text` (recorded as an operation).
    pub fn add(&mut self, text: &str, probes: &Probes) -> Result<Added, ScalableError> {
        let added = self.insert(ItemHashes::of(text), probes)?;
        self.operations
            .push(ScalableOperation::Add(text.to_owned()));
        Ok(added)
    }

    /// Inserts the stream's next `count` items (as far as they fit).
    pub fn stream(&mut self, count: u32, probes: &Probes) -> Result<(), ScalableError> {
        let mut done = 0;
        let mut result = Ok(());
        while done < count {
            let item = streamed_item(self.streamed + done);
            if let Err(error) = self.insert(ItemHashes::of(&item), probes) {
                result = Err(error);
                break;
            }
            done += 1;
        }
        if done > 0 {
            self.streamed += done;
            self.operations.push(ScalableOperation::Stream(done));
        }
        result
    }

    fn insert(&mut self, hashes: ItemHashes, probes: &Probes) -> Result<Added, ScalableError> {
        let attempt = self.items() + self.already_present;
        if self.params.checks_first {
            if let Some(stage) = self.stages.iter().position(|stage| stage.contains(hashes)) {
                self.skipped.push(attempt);
                self.already_present += 1;
                return Ok(Added::AlreadyPresent { stage });
            }
        }
        if self.items() >= MAX_ITEMS {
            return Err(ScalableError::TooBig);
        }
        let new_stage = self.stages.last().is_none_or(Stage::is_full);
        if new_stage {
            let shape = self.params.stage(self.stages.len() as u32);
            if self.total_bits() + shape.bits > MAX_TOTAL_BITS {
                return Err(ScalableError::TooBig);
            }
            self.stages.push(Stage::new(shape, attempt));
        }
        let last = self.stages.len() - 1;
        let stage = &mut self.stages[last];
        let indexes = stage.indexes(hashes);
        for &index in &indexes {
            stage.bits.set(index);
        }
        stage.items += 1;
        if stage.is_full() {
            self.record(probes);
        }
        Ok(Added::Inserted {
            stage: last,
            indexes,
            new_stage,
        })
    }

    /// Measures the rate now on `probes`.
    pub fn measure(&self, probes: &Probes) -> Measurement {
        let positives = probes
            .hashes
            .iter()
            .filter(|&&probe| self.stages.iter().any(|stage| stage.contains(probe)))
            .count() as u32;
        Measurement {
            positives,
            probes: probes.hashes.len() as u32,
        }
    }

    fn record(&mut self, probes: &Probes) {
        let point = RatePoint {
            items: self.items(),
            stages: self.stages.len() as u32,
            bound: self.bound(),
            measured: self.measure(probes),
        };
        self.points.push(point);
    }
}

/// One library's rules tried on the same stream: its promise beside what its arithmetic allows and
/// what it measures.
#[derive(Debug, Clone, PartialEq)]
pub struct PresetReport {
    /// The library.
    pub preset: Preset,
    /// Its parameters at the visitor's n₀ and p.
    pub params: ScalableParams,
    /// P₀/(1 − r): what the arithmetic allows however far it grows.
    pub limit: f64,
    /// The bound of the stages built.
    pub bound: f64,
    /// Measured on the probes after the stream.
    pub measured: Measurement,
    /// Bits per item inserted.
    pub bits_per_item: f64,
}

/// Every preset at n₀ = `capacity` and p = `rate`, each fed the same `count` streamed items and
/// measured on `probes`.
pub fn preset_reports(capacity: u32, rate: f64, count: u32, probes: &Probes) -> Vec<PresetReport> {
    Preset::ALL
        .into_iter()
        .map(|preset| {
            let params = preset.apply(ScalableParams {
                capacity,
                rate,
                ..ScalableParams::default()
            });
            let mut filter = ScalableFilter::new(params);
            // A growth past memory stops the stream; the report then covers the items that fit.
            let _ = filter.stream(count, probes);
            PresetReport {
                preset,
                params,
                limit: params.limit(),
                bound: filter.bound(),
                measured: filter.measure(probes),
                bits_per_item: filter.total_bits() as f64 / f64::from(filter.items().max(1)),
            }
        })
        .collect()
}

/// Where the chart of the rate as the filter grows draws: items on a log scale, the rate on a
/// linear one from 0 to a little above the highest of the limit, the promise and every measured
/// interval.
#[derive(Debug, Clone, PartialEq)]
pub struct GrowthChart {
    /// The drawing area.
    pub frame: Frame,
    /// Items inserted → x.
    pub x: Scale,
    /// Rate → y.
    pub y: Scale,
}

impl GrowthChart {
    /// The chart of `points` for a filter whose limit is `limit` and promise `promise`, `width`
    /// pixels wide.
    pub fn new(points: &[RatePoint], limit: f64, promise: f64, width: f64) -> Self {
        let frame = Frame::new(width, 0.45);
        let most_items = points.iter().map(|point| point.items).max().unwrap_or(1);
        let fewest = points.iter().map(|point| point.items).min().unwrap_or(1);
        let highest = points
            .iter()
            .map(|point| point.measured.interval().1.max(point.bound))
            .fold(limit.max(promise), f64::max);
        Self {
            x: frame.horizontal(
                (f64::from(fewest.max(1)) / 2.0, f64::from(most_items) * 2.0),
                true,
            ),
            y: frame.vertical((0.0, highest * 1.1), false),
            frame,
        }
    }

    /// The bound as steps: flat while a stage fills, up when the next is added.
    pub fn bound_path(&self, points: &[RatePoint]) -> String {
        let steps = points.windows(2).flat_map(|pair| {
            [
                (f64::from(pair[1].items), pair[0].bound),
                (f64::from(pair[1].items), pair[1].bound),
            ]
        });
        let first = points
            .first()
            .map(|point| (f64::from(point.items), point.bound));
        path(first.into_iter().chain(steps), &self.x, &self.y)
    }
}

/// Never-inserted strings, hashed once, that measure a filter's rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probes {
    hashes: Vec<ItemHashes>,
}

impl Probes {
    /// The site's standard probes (`\u{1}probe:0` …), as many as the playground uses.
    pub fn standard() -> Self {
        Self::first(PLAYGROUND_PROBES)
    }

    /// The first `count` standard probes.
    pub fn first(count: u32) -> Self {
        Self {
            hashes: (0..count)
                .map(|index| ItemHashes::of(&playground_probe(index)))
                .collect(),
        }
    }

    /// The probes' base hashes.
    pub fn hashes(&self) -> &[ItemHashes] {
        &self.hashes
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn stages_follow_the_geometric_plan_exactly() {
        let params = ScalableParams {
            capacity: 10,
            rate: 0.01,
            growth: 4,
            tightening: 0.9,
            first_rate: FirstRate::AsAsked,
            sizing: StageSizing::Slices,
            checks_first: true,
        };
        let mut capacity = 10u64;
        let mut rate = 0.01f64;
        for index in 0..8 {
            let stage = params.stage(index);
            assert_eq!(stage.capacity, capacity);
            assert!((stage.rate - rate).abs() <= rate * 1e-12, "stage {index}");
            capacity *= 4;
            rate *= 0.9;
        }
        assert!((params.limit() - 0.1).abs() < 1e-15);
    }

    #[test]
    fn sliced_stages_match_a_hand_computation() {
        // n = 100, P = 0.001: k = ⌈log₂ 1000⌉ = 10, slice = ⌈100·6.9078/(10·0.48045)⌉ = 144.
        assert_eq!(stage_size(StageSizing::Slices, 100.0, 0.001), (1_440, 10));
        // Standard: ⌊100·14.3776⌋ = 1437 bits, rounded up to 1472 = 23·64; k = ⌈0.6931·14.3776⌉ = 10.
        assert_eq!(stage_size(StageSizing::Standard, 100.0, 0.001), (1_472, 10));
    }

    #[test]
    fn the_compound_bound_stays_under_the_limit() {
        for (first_rate, tightening) in [(0.01, 0.5), (0.001, 0.9), (0.1, 0.8)] {
            let rates: Vec<f64> = (0..200)
                .map(|i| first_rate * f64::powi(tightening, i))
                .collect();
            let bound = compound_bound(rates.iter().copied());
            let limit = first_rate / (1.0 - tightening);
            assert!(bound < limit);
            assert!(bound > limit * (1.0 - limit));
        }
        assert_eq!(compound_bound([0.5, 0.5]), 0.75);
    }

    #[test]
    fn a_stage_bit_names_the_items_that_went_into_that_stage_and_hash_to_it() {
        let probes = Probes::first(200);
        for checks_first in [true, false] {
            let params = ScalableParams {
                capacity: 4,
                rate: 0.2,
                checks_first,
                ..ScalableParams::default()
            };
            // Typed items, a stream, a repeat and another stream, against the same texts added one
            // by one with each insert's stage and indexes written down.
            let mut filter = ScalableFilter::new(params);
            let mut by_hand = ScalableFilter::new(params);
            let mut expected: std::collections::HashMap<(usize, u32), Vec<String>> =
                std::collections::HashMap::new();
            let mut streamed = 0;
            let mut note = |by_hand: &mut ScalableFilter, text: String| {
                if let Added::Inserted { stage, indexes, .. } = by_hand.add(&text, &probes).unwrap()
                {
                    for index in indexes {
                        let setters = expected.entry((stage, index)).or_default();
                        if !setters.contains(&text) {
                            setters.push(text.clone());
                        }
                    }
                }
            };
            for step in ["apple", "pear", "#5", "apple", "fig", "#40", "plum"] {
                if let Some(count) = step.strip_prefix('#') {
                    let count: u32 = count.parse().unwrap();
                    filter.stream(count, &probes).unwrap();
                    for number in streamed..streamed + count {
                        note(&mut by_hand, streamed_item(number));
                    }
                    streamed += count;
                } else {
                    filter.add(step, &probes).unwrap();
                    note(&mut by_hand, step.to_owned());
                }
            }
            assert_eq!(filter.stages(), by_hand.stages());
            assert!(filter.stages().len() >= 3, "several stages");
            if checks_first {
                assert!(filter.already_present() > 0, "a repeat is skipped");
            }
            for (stage, at) in filter.stages().iter().enumerate() {
                for index in 0..at.bits.len() {
                    let setters = filter.setters_of(stage, index);
                    let mut setters_once = setters.clone();
                    setters_once.dedup();
                    let want = expected.get(&(stage, index)).cloned().unwrap_or_default();
                    assert_eq!(setters_once, want, "stage {stage}, bit {index}");
                    assert_eq!(at.bits.get(index), !setters.is_empty());
                }
            }
            assert!(filter.setters_of(99, 0).is_empty());
        }
    }

    #[test]
    fn stages_are_added_as_each_fills_and_a_query_finds_every_item() {
        let probes = Probes::first(2_000);
        let params = ScalableParams::default();
        let mut filter = ScalableFilter::new(params);
        let mut inserted = Vec::new();
        for index in 0..200 {
            let text = format!("word {index}");
            if let Added::Inserted { .. } = filter.add(&text, &probes).unwrap() {
                inserted.push(text);
            }
        }
        // 32 + 64 = 96 < items ≤ 224: three stages.
        assert_eq!(filter.stages().len(), 3);
        for (index, stage) in filter.stages().iter().enumerate() {
            assert_eq!(stage.shape, params.stage(index as u32));
            if index < 2 {
                assert!(stage.is_full());
            }
        }
        for text in &inserted {
            assert!(filter.query(text).iter().any(|(maybe, _)| *maybe), "{text}");
        }
        assert_eq!(filter.points().len(), 2);
        assert!(filter.bound() < params.limit());
    }

    #[test]
    fn the_measured_rate_stays_under_the_bound_as_items_stream_in() {
        let probes = Probes::standard();
        let mut filter = ScalableFilter::new(ScalableParams::default());
        filter.stream(STREAM_BATCH, &probes).unwrap();
        // A streamed item is new, so each one skipped was a false positive at the time.
        assert_eq!(filter.items() + filter.already_present(), STREAM_BATCH);
        let skipped = Measurement {
            positives: filter.already_present(),
            probes: STREAM_BATCH,
        };
        assert!(skipped.positives > 0 && skipped.interval().0 < filter.bound());
        // What the stages' bits give is what the probes measure.
        let (low, high) = filter.measure(&probes).interval();
        assert!((low..=high).contains(&filter.rate_from_fill()));
        assert!(filter.stages().len() >= 8);
        for point in filter.points() {
            let (low, _) = point.measured.interval();
            assert!(low <= point.bound, "{point:?}");
        }
        assert_eq!(
            filter,
            ScalableFilter::replay(
                filter.params(),
                &[ScalableOperation::Stream(STREAM_BATCH)],
                &probes
            )
        );
    }

    #[test]
    fn the_chart_holds_every_point_and_the_limit() {
        let probes = Probes::first(1_000);
        let mut filter = ScalableFilter::new(ScalableParams::default());
        filter.stream(1_000, &probes).unwrap();
        let params = filter.params();
        let chart = GrowthChart::new(filter.points(), params.limit(), params.rate, 640.0);
        for point in filter.points() {
            let x = chart.x.map(f64::from(point.items)).unwrap();
            assert!(chart.frame.left < x && x < chart.frame.right);
            let y = chart.y.map(point.measured.interval().1).unwrap();
            assert!(chart.frame.top < y && y <= chart.frame.bottom);
        }
        assert!(chart.y.map(params.limit()).unwrap() > chart.frame.top);
        assert!(chart.bound_path(filter.points()).starts_with('M'));
    }

    #[test]
    fn bloom_filters_allows_five_times_its_promise_while_redis_and_pybloom_keep_theirs() {
        let reports = preset_reports(32, 0.01, 2_000, &Probes::first(2_000));
        let limit = |preset| {
            reports
                .iter()
                .find(|report| report.preset == preset)
                .unwrap()
                .limit
        };
        // RedisBloom: P₀ = p·½ and r = ½, so the limit is p itself.
        assert!((limit(Preset::Redis) - 0.01).abs() < 1e-12);
        // bloom-filters: P₀ = p and r = 0.8, so the limit is p/0.2 = 5p.
        assert!((limit(Preset::BloomFiltersJs) - 0.05).abs() < 1e-12);
        // pybloom-live: P₀ = p·(1 − r), so the limit is p itself.
        assert!((limit(Preset::PybloomSmall) - 0.01).abs() < 1e-12);
        assert!((limit(Preset::PybloomLarge) - 0.01).abs() < 1e-12);
        for report in &reports {
            assert!(report.bound < report.limit);
            assert!(report.bits_per_item > 0.0);
        }
    }

    #[test]
    fn a_runaway_growth_is_refused_not_allocated() {
        let params = ScalableParams {
            capacity: 100_000,
            rate: 1e-9,
            growth: 8,
            ..ScalableParams::default()
        };
        let mut filter = ScalableFilter::new(params);
        let probes = Probes::first(10);
        // The first stage alone (≈ 4.3 Mbit) fits; after it fills, the next would not.
        assert!(filter.add("one", &probes).is_ok());
        let result = filter.stream(MAX_ITEMS, &probes);
        assert_eq!(result, Err(ScalableError::TooBig));
        assert!(filter.total_bits() <= MAX_TOTAL_BITS);
    }
}

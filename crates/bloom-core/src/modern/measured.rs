//! Every structure of the chapter measured on real filters of a million keys (or ten million): how
//! many bits each key costs, the false-positive rate it reaches, and the nanoseconds a build and a
//! query take — the space chart's points and the race's times. The keys are 64-bit integers, as a
//! Parquet column of `INT64` holds them, each given to a structure as its 8 little-endian bytes and
//! hashed the way that structure's page hashes text: the standard and blocked filters with FNV-1a
//! and MurmurHash3, the split-block filter with xxHash64 as Parquet does, the fingerprint filters
//! with the two mixed into one 64-bit key. Members and strangers never meet: members are even,
//! strangers odd.
//!
//! The page's worker and the page exchange one line of text per measurement, integers only (see
//! [`Request`] and [`Report`]), as the lab's do.

use super::blocked::{self, BlockedBloom, CACHE_LINE_BITS};
use super::cuckoo::{self, CuckooFilter};
use super::fuse::{self, BinaryFuseFilter};
use super::peel::BuildOptions;
use super::sbbf::{self, Sbbf};
use super::xor::{self, XorFilter};
use crate::derivation::LabScheme;
use crate::hashing::ItemHashes;
use crate::lab::LabFilter;
use crate::measure::wilson_interval;
use crate::partitioned::mixed;

/// The structures measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contender {
    /// The classic Bloom filter: k bits anywhere in m, k = (m/n)·ln 2 rounded.
    Bloom,
    /// A blocked Bloom filter: the k bits of a key in one 512-bit block (a cache line), the best
    /// whole k for its blocks' uneven loads.
    Blocked,
    /// Parquet's split-block filter: eight bits in one 256-bit block.
    SplitBlock,
    /// A cuckoo filter of 4-slot buckets, filled until its first failed insert or its n keys.
    Cuckoo,
    /// An xor filter.
    Xor,
    /// A binary fuse filter.
    BinaryFuse,
}

impl Contender {
    /// Every structure, in the table's order.
    pub const ALL: [Contender; 6] = [
        Contender::Bloom,
        Contender::Blocked,
        Contender::SplitBlock,
        Contender::Cuckoo,
        Contender::Xor,
        Contender::BinaryFuse,
    ];

    /// The stable short name (in messages and the table's `data-structure`).
    pub fn id(self) -> &'static str {
        match self {
            Contender::Bloom => "bloom",
            Contender::Blocked => "blocked",
            Contender::SplitBlock => "sbbf",
            Contender::Cuckoo => "cuckoo",
            Contender::Xor => "xor",
            Contender::BinaryFuse => "fuse",
        }
    }

    /// The structure named `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|contender| contender.id() == id)
    }

    /// True when the size is a bit array of 2^size bits (else a fingerprint of `size` bits).
    pub fn sized_in_bits(self) -> bool {
        matches!(
            self,
            Contender::Bloom | Contender::Blocked | Contender::SplitBlock
        )
    }
}

/// The slots of the measured cuckoo filter's buckets.
pub const CUCKOO_SLOTS: u8 = 4;
/// The load the measured cuckoo filter's buckets are sized for: Fan et al.'s ≈ 95 % for b = 4
/// (the table is the next power of two of buckets above n/(b·0.955)).
pub const CUCKOO_SIZING_LOAD: f64 = 0.955;
/// The most keys a measurement builds from (a binary fuse filter of 2²⁵ keys is the largest the
/// core builds).
pub const MOST_KEYS: u64 = 1 << 25;
/// The most strangers a measurement queries.
pub const MOST_STRANGERS: u64 = 1 << 27;
/// The largest bit array measured: 2^30 bits, 128 MiB.
pub const MOST_BITS_LOG2: u32 = 30;

/// One measurement: a structure, its size, its keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Which structure.
    pub contender: Contender,
    /// log₂ of its bits (the bit arrays) or its fingerprint's bits (cuckoo, xor, binary fuse).
    pub size: u32,
    /// n, the keys inserted (a cuckoo filter may take fewer: its first failure ends the build).
    pub keys: u64,
    /// The keys never inserted that are queried.
    pub strangers: u64,
    /// Which keys: the same seed gives every structure the same keys.
    pub seed: u32,
}

/// Why a measurement cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecError {
    /// No keys, or more than [`MOST_KEYS`].
    Keys,
    /// No strangers, or more than [`MOST_STRANGERS`].
    Strangers,
    /// A bit array outside 2⁶ … 2³⁰ bits, or a fingerprint outside 2 … 16 bits.
    Size,
    /// The static table could not be built (its peeling failed at every attempt).
    Unbuildable,
}

/// The space chart's points: each structure at two sizes, n = 1,000,000. The bit arrays at 2²³
/// and 2²⁴ bits (8.4 and 16.8 bits per key, Parquet's power-of-two sizes), the fingerprint filters
/// with the published 8- and 16-bit fingerprints (a cuckoo table of 2¹⁸ buckets of 4 is then the
/// same memory as the bit arrays).
pub const SPACE_POINTS: [(Contender, u32); 12] = [
    (Contender::Bloom, 23),
    (Contender::Bloom, 24),
    (Contender::Blocked, 23),
    (Contender::Blocked, 24),
    (Contender::SplitBlock, 23),
    (Contender::SplitBlock, 24),
    (Contender::Cuckoo, 8),
    (Contender::Cuckoo, 16),
    (Contender::Xor, 8),
    (Contender::Xor, 16),
    (Contender::BinaryFuse, 8),
    (Contender::BinaryFuse, 16),
];
/// The space chart's n, and its strangers.
pub const SPACE_KEYS: u64 = 1_000_000;
/// The race's larger n: the three bit arrays at 2²⁷ bits each (13.4 bits per key, 16 MiB), far
/// beyond any processor cache.
pub const RACE_KEYS: u64 = 10_000_000;
/// The race's bit arrays at [`RACE_KEYS`]: log₂ of their bits.
pub const RACE_BITS_LOG2: u32 = 27;

/// The space chart's measurements, with `seed`'s keys.
pub fn space_specs(seed: u32) -> Vec<Spec> {
    SPACE_POINTS
        .iter()
        .map(|&(contender, size)| Spec {
            contender,
            size,
            keys: SPACE_KEYS,
            strangers: SPACE_KEYS,
            seed,
        })
        .collect()
}

/// The race at ten million keys: the standard, blocked and split-block filters on the same keys.
pub fn race_specs(seed: u32) -> Vec<Spec> {
    [Contender::Bloom, Contender::Blocked, Contender::SplitBlock]
        .into_iter()
        .map(|contender| Spec {
            contender,
            size: RACE_BITS_LOG2,
            keys: RACE_KEYS,
            strangers: RACE_KEYS,
            seed,
        })
        .collect()
}

impl Spec {
    /// Whether it can be measured.
    pub fn check(&self) -> Result<(), SpecError> {
        if self.keys == 0 || self.keys > MOST_KEYS {
            return Err(SpecError::Keys);
        }
        if self.strangers == 0 || self.strangers > MOST_STRANGERS {
            return Err(SpecError::Strangers);
        }
        let sizes = if self.contender.sized_in_bits() {
            8..=MOST_BITS_LOG2
        } else {
            2..=16
        };
        if !sizes.contains(&self.size) {
            return Err(SpecError::Size);
        }
        Ok(())
    }

    /// The bit arrays' m (0 for the fingerprint filters).
    pub fn bits(&self) -> u64 {
        if self.contender.sized_in_bits() {
            1 << self.size.min(MOST_BITS_LOG2)
        } else {
            0
        }
    }

    /// k: the bits a key sets in the standard and blocked filters (eight in the split-block
    /// filter; none in the others).
    pub fn hashes(&self) -> u32 {
        match self.contender {
            Contender::Bloom => standard_hashes(self.bits(), self.keys),
            Contender::Blocked => blocked_hashes(self.bits(), self.keys),
            Contender::SplitBlock => 8,
            _ => 0,
        }
    }

    /// The cuckoo table's buckets for n keys: a power of two, at most [`CUCKOO_SIZING_LOAD`] full.
    pub fn buckets(&self) -> u32 {
        let wanted = (self.keys as f64 / (f64::from(CUCKOO_SLOTS) * CUCKOO_SIZING_LOAD)).ceil();
        (wanted as u32).max(1).next_power_of_two()
    }
}

/// k = (m/n)·ln 2 rounded, at least 1.
fn standard_hashes(bits: u64, keys: u64) -> u32 {
    let best = bits as f64 / keys.max(1) as f64 * std::f64::consts::LN_2;
    (best.round() as u32).clamp(1, 32)
}

/// The whole k with the lowest rate for a blocked filter of `bits` in 512-bit blocks holding `keys`.
fn blocked_hashes(bits: u64, keys: u64) -> u32 {
    let blocks = (bits / u64::from(CACHE_LINE_BITS)).max(1);
    (1..=24u32)
        .map(|k| (k, blocked::rate(keys, blocks, CACHE_LINE_BITS, k)))
        .fold((1, f64::INFINITY), |best, (k, rate)| {
            if rate < best.1 {
                (k, rate)
            } else {
                best
            }
        })
        .0
}

/// The core compiled natively, measuring [`space_specs`] and [`race_specs`] with seed 1 (`make
/// bench`, `benches/modern.rs`: the best of three runs on the reference machine, two cores of an
/// x86-64 server): each structure, its size, n, and nanoseconds per key built and per query. For
/// scale beside the browser's figures, which the page measures where it runs.
pub const NATIVE_NS: [(Contender, u32, u64, f64, f64); 15] = [
    (Contender::Bloom, 23, SPACE_KEYS, 8.2, 29.6),
    (Contender::Bloom, 24, SPACE_KEYS, 33.1, 37.5),
    (Contender::Blocked, 23, SPACE_KEYS, 25.7, 36.3),
    (Contender::Blocked, 24, SPACE_KEYS, 46.2, 42.8),
    (Contender::SplitBlock, 23, SPACE_KEYS, 8.1, 23.4),
    (Contender::SplitBlock, 24, SPACE_KEYS, 10.9, 20.1),
    (Contender::Cuckoo, 8, SPACE_KEYS, 68.5, 36.5),
    (Contender::Cuckoo, 16, SPACE_KEYS, 69.4, 35.1),
    (Contender::Xor, 8, SPACE_KEYS, 352.3, 41.3),
    (Contender::Xor, 16, SPACE_KEYS, 310.1, 36.5),
    (Contender::BinaryFuse, 8, SPACE_KEYS, 239.9, 35.6),
    (Contender::BinaryFuse, 16, SPACE_KEYS, 232.3, 30.2),
    (Contender::Bloom, 27, RACE_KEYS, 52.1, 63.3),
    (Contender::Blocked, 27, RACE_KEYS, 90.6, 78.4),
    (Contender::SplitBlock, 27, RACE_KEYS, 19.9, 38.0),
];

/// The native nanoseconds per key built and per query of `spec`, when `make bench` measured it.
pub fn native_ns(spec: &Spec) -> Option<(f64, f64)> {
    NATIVE_NS
        .iter()
        .find(|&&(contender, size, keys, _, _)| {
            (contender, size, keys) == (spec.contender, spec.size, spec.keys)
        })
        .map(|&(_, _, _, build, query)| (build, query))
}

/// The value of key `index`: members even, strangers odd, the seed in the top bits.
pub fn key_value(seed: u32, index: u64, stranger: bool) -> u64 {
    (u64::from(seed) << 40) | (index << 1) | u64::from(stranger)
}

/// A key's bytes: its value's 8 little-endian bytes (Parquet's plain encoding of an `INT64`).
pub fn key_bytes(seed: u32, index: u64, stranger: bool) -> [u8; 8] {
    key_value(seed, index, stranger).to_le_bytes()
}

/// The playground's two hashes of a key's bytes.
fn item_hashes(bytes: &[u8; 8]) -> ItemHashes {
    ItemHashes::of_bytes(bytes)
}

/// The 64-bit key of the fingerprint filters (as [`super::key_of`] makes it from text).
fn fingerprint_key(bytes: &[u8; 8]) -> u64 {
    mixed(item_hashes(bytes), 0)
}

/// What a measurement found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    /// What was measured.
    pub spec: Spec,
    /// The structure's memory in bits (its bit array, buckets or cells).
    pub bits: u64,
    /// The keys it holds (a cuckoo filter stops at its first failed insert).
    pub inserted: u64,
    /// Strangers answered "maybe".
    pub false_positives: u64,
    /// Microseconds to build it (inserting every key, or peeling).
    pub build_micros: u64,
    /// Microseconds to query the strangers.
    pub query_micros: u64,
    /// k, the bits a key sets in a bit array (0 in the others).
    pub hashes: u32,
    /// The rate the structure's formula gives for what was built ([`formula_rate`]): worked out
    /// where it was measured, so a page that shows it needs none of the formulas.
    pub formula: f64,
}

impl Measured {
    /// Bits of memory per key held.
    pub fn bits_per_key(&self) -> f64 {
        self.bits as f64 / self.inserted.max(1) as f64
    }

    /// The measured false-positive rate.
    pub fn rate(&self) -> f64 {
        self.false_positives as f64 / self.spec.strangers.max(1) as f64
    }

    /// Its 95 % Wilson interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.false_positives, self.spec.strangers)
    }

    /// The cuckoo table's load (keys held over slots; 1 for the others).
    pub fn load(&self) -> f64 {
        match self.spec.contender {
            Contender::Cuckoo => {
                let slots = self.bits / u64::from(self.spec.size.max(1));
                self.inserted as f64 / slots.max(1) as f64
            }
            _ => 1.0,
        }
    }

    /// Nanoseconds per key of the build.
    pub fn build_ns(&self) -> f64 {
        self.build_micros as f64 * 1e3 / self.inserted.max(1) as f64
    }

    /// Nanoseconds per query.
    pub fn query_ns(&self) -> f64 {
        self.query_micros as f64 * 1e3 / self.spec.strangers.max(1) as f64
    }
}

/// The rate the formula of `spec`'s structure gives for `inserted` keys in `bits` bits.
pub fn formula_rate(spec: &Spec, bits: u64, inserted: u64) -> f64 {
    let fingerprint = spec.size.min(16) as u8;
    match spec.contender {
        Contender::Bloom => {
            let k = f64::from(spec.hashes());
            (1.0 - (-k * inserted as f64 / bits as f64).exp()).powf(k)
        }
        // With the exact one-block law: Jensen's few per cent show at a million keys.
        Contender::Blocked => blocked::exact_rate(
            inserted,
            bits / u64::from(CACHE_LINE_BITS),
            CACHE_LINE_BITS,
            spec.hashes(),
        ),
        Contender::SplitBlock => sbbf::rate(inserted, bits / 256),
        Contender::Cuckoo => {
            let load = inserted as f64 / (bits / u64::from(spec.size.max(1))).max(1) as f64;
            cuckoo::rate(fingerprint, CUCKOO_SLOTS, load)
        }
        Contender::Xor => xor::rate(fingerprint),
        Contender::BinaryFuse => fuse::rate(fingerprint),
    }
}

/// A built structure, for its queries.
enum Built {
    Bloom(LabFilter),
    Blocked(BlockedBloom),
    SplitBlock(Sbbf),
    Cuckoo(CuckooFilter),
    Xor(XorFilter),
    BinaryFuse(BinaryFuseFilter),
}

impl Built {
    fn bits(&self) -> u64 {
        match self {
            Built::Bloom(filter) => filter.bits(),
            Built::Blocked(filter) => filter.bit_count(),
            Built::SplitBlock(filter) => filter.byte_count() as u64 * 8,
            Built::Cuckoo(filter) => {
                u64::from(filter.capacity()) * u64::from(filter.fingerprint_bits())
            }
            Built::Xor(filter) => cell_bits(filter),
            Built::BinaryFuse(filter) => cell_bits(filter),
        }
    }

    fn contains(&self, bytes: &[u8; 8]) -> bool {
        match self {
            Built::Bloom(filter) => filter.contains(bytes),
            Built::Blocked(filter) => filter.contains_hashes(item_hashes(bytes)),
            Built::SplitBlock(filter) => filter.contains_hash(sbbf::hash_bytes(bytes)),
            Built::Cuckoo(filter) => filter.contains(fingerprint_key(bytes)),
            Built::Xor(filter) => filter.contains(fingerprint_key(bytes)),
            Built::BinaryFuse(filter) => filter.contains(fingerprint_key(bytes)),
        }
    }
}

/// An xor or binary fuse filter's memory: its cells times f.
fn cell_bits(table: &super::peel::Fingerprints) -> u64 {
    table.cells().len() as u64 * u64::from(table.fingerprint_bits())
}

/// Builds the structure of `spec` from its keys: the number it holds.
fn build(spec: &Spec) -> Result<(Built, u64), SpecError> {
    let keys = || (0..spec.keys).map(|index| key_bytes(spec.seed, index, false));
    let options = BuildOptions {
        fingerprint_bits: spec.size as u8,
        seed: u64::from(spec.seed),
        ..BuildOptions::default()
    };
    Ok(match spec.contender {
        Contender::Bloom => {
            let mut filter = LabFilter::new(spec.bits(), spec.hashes(), LabScheme::Crawler)
                .map_err(|_| SpecError::Size)?;
            keys().for_each(|bytes| filter.insert(&bytes));
            (Built::Bloom(filter), spec.keys)
        }
        Contender::Blocked => {
            let mut filter = BlockedBloom::with_bits(spec.bits(), CACHE_LINE_BITS, spec.hashes())
                .map_err(|_| SpecError::Size)?;
            keys().for_each(|bytes| filter.insert_hashes(item_hashes(&bytes)));
            (Built::Blocked(filter), spec.keys)
        }
        Contender::SplitBlock => {
            let mut filter = Sbbf::with_bytes((spec.bits() / 8) as usize);
            keys().for_each(|bytes| filter.insert_hash(sbbf::hash_bytes(&bytes)));
            (Built::SplitBlock(filter), spec.keys)
        }
        Contender::Cuckoo => {
            let mut filter = CuckooFilter::new(
                spec.buckets(),
                CUCKOO_SLOTS,
                spec.size as u8,
                u64::from(spec.seed),
            )
            .map_err(|_| SpecError::Size)?;
            let held = keys()
                .take_while(|bytes| filter.insert(fingerprint_key(bytes)).is_ok())
                .count() as u64;
            (Built::Cuckoo(filter), held)
        }
        Contender::Xor | Contender::BinaryFuse => {
            let hashed: Vec<u64> = keys().map(|bytes| fingerprint_key(&bytes)).collect();
            let built = if spec.contender == Contender::Xor {
                XorFilter::build(&hashed, options).map(Built::Xor)
            } else {
                BinaryFuseFilter::build(&hashed, options).map(Built::BinaryFuse)
            };
            (built.map_err(|_| SpecError::Unbuildable)?, spec.keys)
        }
    })
}

/// Measures `spec`, timing with `clock` (milliseconds, as `performance.now()` gives them).
pub fn measure(spec: Spec, mut clock: impl FnMut() -> f64) -> Result<Measured, SpecError> {
    spec.check()?;
    let start = clock();
    let (built, inserted) = build(&spec)?;
    let built_at = clock();
    let false_positives = (0..spec.strangers)
        .filter(|&index| built.contains(&key_bytes(spec.seed, index, true)))
        .count() as u64;
    let queried_at = clock();
    let micros = |milliseconds: f64| (milliseconds * 1e3).max(0.0) as u64;
    let bits = built.bits();
    Ok(Measured {
        spec,
        bits,
        inserted,
        false_positives,
        build_micros: micros(built_at - start),
        query_micros: micros(queried_at - built_at),
        hashes: spec.hashes(),
        formula: formula_rate(&spec, bits, inserted),
    })
}

/// A request from the page: `measure <id> <structure> <size> <keys> <strangers> <seed>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The page's number for it, echoed in the report.
    pub id: u32,
    /// What to measure.
    pub spec: Spec,
}

impl Request {
    /// The line sent.
    pub fn encode(&self) -> String {
        let spec = self.spec;
        format!(
            "measure {} {} {} {} {} {}",
            self.id,
            spec.contender.id(),
            spec.size,
            spec.keys,
            spec.strangers,
            spec.seed
        )
    }

    /// The request a line holds, if it holds one.
    pub fn decode(line: &str) -> Option<Self> {
        let mut words = line.split(' ');
        if words.next()? != "measure" {
            return None;
        }
        let id = words.next()?.parse().ok()?;
        let contender = Contender::from_id(words.next()?)?;
        let size = words.next()?.parse().ok()?;
        let keys = words.next()?.parse().ok()?;
        let strangers = words.next()?.parse().ok()?;
        let seed = words.next()?.parse().ok()?;
        words.next().is_none().then_some(Self {
            id,
            spec: Spec {
                contender,
                size,
                keys,
                strangers,
                seed,
            },
        })
    }
}

/// What the worker says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Report {
    /// Loaded and listening.
    Ready,
    /// `measured <id> <bits> <inserted> <false positives> <build µs> <query µs> <k> <formula>`,
    /// the formula's rate as the 64 bits of its `f64` (exact, and no float printer on either side).
    Measured {
        /// The request's number.
        id: u32,
        /// What it found (its spec is the request's: the page keeps it).
        bits: u64,
        /// Keys held.
        inserted: u64,
        /// Strangers answered "maybe".
        false_positives: u64,
        /// Build time.
        build_micros: u64,
        /// Query time.
        query_micros: u64,
        /// k.
        hashes: u32,
        /// The formula's rate, as `f64::to_bits`.
        formula_bits: u64,
    },
    /// `failed <id>`: the spec could not be measured.
    Failed {
        /// The request's number.
        id: u32,
    },
}

impl Report {
    /// The report of `measured` for request `id`.
    pub fn of(id: u32, measured: &Measured) -> Self {
        Report::Measured {
            id,
            bits: measured.bits,
            inserted: measured.inserted,
            false_positives: measured.false_positives,
            build_micros: measured.build_micros,
            query_micros: measured.query_micros,
            hashes: measured.hashes,
            formula_bits: measured.formula.to_bits(),
        }
    }

    /// The line sent.
    pub fn encode(&self) -> String {
        match *self {
            Report::Ready => "ready".to_owned(),
            Report::Measured {
                id,
                bits,
                inserted,
                false_positives,
                build_micros,
                query_micros,
                hashes,
                formula_bits,
            } => format!(
                "measured {id} {bits} {inserted} {false_positives} {build_micros} {query_micros} \
                 {hashes} {formula_bits}"
            ),
            Report::Failed { id } => format!("failed {id}"),
        }
    }

    /// The report a line holds, if it holds one.
    pub fn decode(line: &str) -> Option<Self> {
        let mut words = line.split(' ');
        let report = match words.next()? {
            "ready" => Report::Ready,
            "failed" => Report::Failed {
                id: words.next()?.parse().ok()?,
            },
            "measured" => {
                let id = words.next()?.parse().ok()?;
                let mut number = || words.next()?.parse::<u64>().ok();
                Report::Measured {
                    id,
                    bits: number()?,
                    inserted: number()?,
                    false_positives: number()?,
                    build_micros: number()?,
                    query_micros: number()?,
                    hashes: u32::try_from(number()?).ok()?,
                    formula_bits: number()?,
                }
            }
            _ => return None,
        };
        words.next().is_none().then_some(report)
    }

    /// The measurement of `spec` this report gives, if it gives one.
    pub fn measured(&self, spec: Spec) -> Option<Measured> {
        match *self {
            Report::Measured {
                bits,
                inserted,
                false_positives,
                build_micros,
                query_micros,
                hashes,
                formula_bits,
                ..
            } => Some(Measured {
                spec,
                bits,
                inserted,
                false_positives,
                build_micros,
                query_micros,
                hashes,
                formula: f64::from_bits(formula_bits),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(contender: Contender, size: u32) -> Spec {
        Spec {
            contender,
            size,
            keys: 20_000,
            strangers: 200_000,
            seed: 7,
        }
    }

    fn measured(spec: Spec) -> Measured {
        measure(spec, || 0.0).expect("measurable")
    }

    #[test]
    fn members_and_strangers_are_different_keys() {
        assert_ne!(key_value(1, 5, false), key_value(1, 5, true));
        assert_eq!(key_value(1, 5, false) % 2, 0);
        assert_eq!(key_value(1, 5, true) % 2, 1);
        assert_ne!(key_value(1, 5, false), key_value(2, 5, false));
    }

    #[test]
    fn every_structure_holds_its_keys_and_its_rate_lies_where_its_formula_says() {
        // Bit arrays of 2^18 bits hold 20,000 keys at 13.1 bits each.
        for (contender, size) in [
            (Contender::Bloom, 18),
            (Contender::Blocked, 18),
            (Contender::SplitBlock, 18),
            (Contender::Cuckoo, 8),
            (Contender::Xor, 8),
            (Contender::BinaryFuse, 8),
        ] {
            let spec = small(contender, size);
            let found = measured(spec);
            assert_eq!(found.inserted, spec.keys, "{contender:?} holds every key");
            let (low, high) = found.interval();
            let formula = found.formula;
            // Twice the interval's width: the formulas are the large-filter limits.
            let slack = high - low;
            assert!(
                formula >= low - slack && formula <= high + slack,
                "{contender:?}: measured {} in [{low}, {high}], formula {formula}",
                found.rate()
            );
        }
    }

    #[test]
    fn no_member_is_ever_denied() {
        for &(contender, size) in &SPACE_POINTS {
            let spec = Spec {
                keys: 3_000,
                ..small(contender, if contender.sized_in_bits() { 16 } else { size })
            };
            let (built, held) = build(&spec).expect("built");
            assert_eq!(held, spec.keys);
            assert!((0..spec.keys).all(|index| built.contains(&key_bytes(spec.seed, index, false))));
        }
    }

    #[test]
    fn sizes_are_the_memory_each_structure_really_takes() {
        let bits = |contender, size| measured(small(contender, size)).bits;
        assert_eq!(bits(Contender::Bloom, 18), 1 << 18);
        assert_eq!(bits(Contender::SplitBlock, 18), 1 << 18);
        // 20,000 keys in 4-slot buckets at most 95.5 % full: 5,236 buckets, rounded up to 8,192.
        assert_eq!(bits(Contender::Cuckoo, 8), 8_192 * 4 * 8);
        // An xor filter has 1.23·n + 32 cells (rounded to three equal segments).
        let xor_cells = xor::segment_length(20_000, xor::SIZE_FACTOR) * 3;
        assert_eq!(bits(Contender::Xor, 8), xor_cells * 8);
        let per_key = bits(Contender::BinaryFuse, 8) as f64 / 20_000.0;
        assert!((8.0..10.5).contains(&per_key), "{per_key}");
    }

    #[test]
    fn k_is_the_best_for_each_bit_array() {
        let spec = |contender| Spec {
            contender,
            size: 23,
            keys: SPACE_KEYS,
            strangers: 1,
            seed: 1,
        };
        // 8.39 bits per key: (m/n)·ln 2 = 5.81, so 6.
        assert_eq!(spec(Contender::Bloom).hashes(), 6);
        // A blocked filter's best whole k, by trying each against the exact formula.
        let blocked = spec(Contender::Blocked).hashes();
        let rate = |k| blocked::rate(SPACE_KEYS, (1 << 23) / 512, 512, k);
        assert!(rate(blocked) <= rate(blocked - 1) && rate(blocked) <= rate(blocked + 1));
        assert_eq!(spec(Contender::Cuckoo).buckets(), 1 << 18);
    }

    #[test]
    fn every_measurement_the_page_makes_has_its_native_figures() {
        for spec in space_specs(1).into_iter().chain(race_specs(1)) {
            assert!(native_ns(&spec).is_some(), "{spec:?}");
        }
        assert_eq!(native_ns(&small(Contender::Xor, 8)), None);
    }

    #[test]
    fn bad_specs_are_refused() {
        let spec = small(Contender::Xor, 8);
        assert_eq!(Spec { keys: 0, ..spec }.check(), Err(SpecError::Keys));
        assert_eq!(
            Spec {
                strangers: 0,
                ..spec
            }
            .check(),
            Err(SpecError::Strangers)
        );
        assert_eq!(Spec { size: 17, ..spec }.check(), Err(SpecError::Size));
        let bloom = small(Contender::Bloom, 31);
        assert_eq!(measure(bloom, || 0.0), Err(SpecError::Size));
    }

    #[test]
    fn messages_round_trip() {
        let request = Request {
            id: 4,
            spec: small(Contender::BinaryFuse, 16),
        };
        assert_eq!(request.encode(), "measure 4 fuse 16 20000 200000 7");
        assert_eq!(Request::decode(&request.encode()), Some(request));
        assert_eq!(Request::decode("measure 4 fuse 16 20000 200000"), None);
        assert_eq!(Request::decode("measure 4 bloomier 16 1 1 1"), None);
        let found = measure(small(Contender::Cuckoo, 8), || 0.0).expect("measured");
        let report = Report::of(4, &found);
        assert_eq!(Report::decode(&report.encode()), Some(report));
        assert_eq!(report.measured(found.spec), Some(found));
        assert_eq!(Report::decode("failed 3"), Some(Report::Failed { id: 3 }));
        assert_eq!(Report::decode("ready"), Some(Report::Ready));
        assert_eq!(Report::decode("measured 1 2 3"), None);
    }
}

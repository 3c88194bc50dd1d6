//! What the lab's page and its worker say to each other: one line of text per message, integers
//! only (times in microseconds), so neither side needs a float printer or parser and both ends are
//! tested here, natively.
//!
//! Page → worker: `run <id> <n> <m> <k> <scheme> <shape> <seed> <keys> <strangers>`.
//! Worker → page: `ready`, `progress <id> <done> <total> <µs>`, `done <id> <insert µs> <query µs>
//! <false positives> <bits set>`, `failed <id> <reason>`.
//! Cancelling is not a message: the page ends the worker, which stops at once whatever it is doing.

use super::derivation::LabScheme;
use super::keys::KeyShape;
use super::lab::{CellSpec, LabError};

/// Where the keys of a run are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum KeySource {
    /// Inside the worker's wasm: the timings measure the filter.
    #[default]
    Worker,
    /// In JavaScript, each key a JS string copied into wasm memory before it is hashed: what the
    /// boundary costs.
    JavaScript,
}

impl KeySource {
    /// The stable short name.
    pub fn id(self) -> &'static str {
        match self {
            KeySource::Worker => "wasm",
            KeySource::JavaScript => "js",
        }
    }

    /// The source named `id`.
    pub fn from_id(id: &str) -> Option<Self> {
        [KeySource::Worker, KeySource::JavaScript]
            .into_iter()
            .find(|source| source.id() == id)
    }
}

fn shape_id(shape: KeyShape) -> &'static str {
    match shape {
        KeyShape::Short => "short",
        KeyShape::Url => "url",
    }
}

fn shape_from_id(id: &str) -> Option<KeyShape> {
    [KeyShape::Short, KeyShape::Url]
        .into_iter()
        .find(|&shape| shape_id(shape) == id)
}

/// A run the page asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunRequest {
    /// The page's number for the run, echoed in every report.
    pub id: u32,
    /// The cell (its target is the page's business; the worker ignores it).
    pub spec: CellSpec,
    /// Where the keys are made.
    pub keys: KeySource,
}

impl RunRequest {
    /// The message.
    pub fn encode(&self) -> String {
        let spec = &self.spec;
        format!(
            "run {} {} {} {} {} {} {} {} {}",
            self.id,
            spec.items,
            spec.bits,
            spec.hashes,
            spec.scheme.id(),
            shape_id(spec.shape),
            spec.seed,
            self.keys.id(),
            spec.strangers
        )
    }

    /// The request a message holds, if it is one; the target is set to a placeholder.
    pub fn decode(message: &str) -> Option<Self> {
        let mut words = message.split(' ');
        if words.next()? != "run" {
            return None;
        }
        let id = words.next()?.parse().ok()?;
        let items = words.next()?.parse().ok()?;
        let bits = words.next()?.parse().ok()?;
        let hashes = words.next()?.parse().ok()?;
        let scheme = LabScheme::from_id(words.next()?)?;
        let shape = shape_from_id(words.next()?)?;
        let seed = words.next()?.parse().ok()?;
        let keys = KeySource::from_id(words.next()?)?;
        let strangers = words.next()?.parse().ok()?;
        if words.next().is_some() {
            return None;
        }
        Some(Self {
            id,
            spec: CellSpec {
                items,
                target: 0.5,
                bits,
                hashes,
                scheme,
                shape,
                seed,
                strangers,
            },
            keys,
        })
    }
}

/// The message that asks the race's JavaScript worker to time the library `library` (its npm name)
/// on `spec`'s keys, m and k: `race <id> <library> <n> <m> <k> <seed>`. It answers with the same
/// [`Report`]s as the lab's worker (bits set: 0, the libraries do not say).
pub fn race_request(id: u32, library: &str, spec: &CellSpec) -> String {
    format!(
        "race {id} {library} {} {} {} {}",
        spec.items, spec.bits, spec.hashes, spec.seed
    )
}

/// What the worker reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Report {
    /// Loaded and listening.
    Ready,
    /// `done` of `total` keys handled, `micros` after the run started.
    Progress {
        /// The run.
        id: u32,
        /// Keys handled (inserted, then queried).
        done: u64,
        /// 2n.
        total: u64,
        /// Microseconds since the run started.
        micros: u64,
    },
    /// The run finished.
    Done {
        /// The run.
        id: u32,
        /// Microseconds inserting.
        insert_micros: u64,
        /// Microseconds querying.
        query_micros: u64,
        /// Strangers answered "maybe".
        false_positives: u64,
        /// Bits set.
        ones: u64,
    },
    /// The run could not start.
    Failed {
        /// The run.
        id: u32,
        /// Why.
        reason: LabError,
    },
}

fn error_id(error: LabError) -> &'static str {
    match error {
        LabError::Bits => "bits",
        LabError::Hashes => "hashes",
        LabError::Items => "items",
        LabError::Rate => "rate",
    }
}

fn error_from_id(id: &str) -> Option<LabError> {
    [
        LabError::Bits,
        LabError::Hashes,
        LabError::Items,
        LabError::Rate,
    ]
    .into_iter()
    .find(|&error| error_id(error) == id)
}

impl Report {
    /// The message.
    pub fn encode(&self) -> String {
        match *self {
            Report::Ready => "ready".to_owned(),
            Report::Progress {
                id,
                done,
                total,
                micros,
            } => format!("progress {id} {done} {total} {micros}"),
            Report::Done {
                id,
                insert_micros,
                query_micros,
                false_positives,
                ones,
            } => format!("done {id} {insert_micros} {query_micros} {false_positives} {ones}"),
            Report::Failed { id, reason } => format!("failed {id} {}", error_id(reason)),
        }
    }

    /// The report a message holds, if it is one.
    pub fn decode(message: &str) -> Option<Self> {
        let words: Vec<&str> = message.split(' ').collect();
        let number = |index: usize| -> Option<u64> { words.get(index)?.parse().ok() };
        let id = || -> Option<u32> { words.get(1)?.parse().ok() };
        let report = match (words.first().copied()?, words.len()) {
            ("ready", 1) => Report::Ready,
            ("progress", 5) => Report::Progress {
                id: id()?,
                done: number(2)?,
                total: number(3)?,
                micros: number(4)?,
            },
            ("done", 6) => Report::Done {
                id: id()?,
                insert_micros: number(2)?,
                query_micros: number(3)?,
                false_positives: number(4)?,
                ones: number(5)?,
            },
            ("failed", 3) => Report::Failed {
                id: id()?,
                reason: error_from_id(words[2])?,
            },
            _ => return None,
        };
        Some(report)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_request_round_trips() {
        let request = RunRequest {
            id: 7,
            spec: CellSpec {
                items: 10_000_000,
                target: 0.5,
                bits: 335_477_044,
                hashes: 23,
                scheme: LabScheme::Crawler,
                shape: KeyShape::Url,
                seed: 42,
                strangers: 10_000_000,
            },
            keys: KeySource::JavaScript,
        };
        assert_eq!(
            request.encode(),
            "run 7 10000000 335477044 23 crawler url 42 js 10000000"
        );
        assert_eq!(RunRequest::decode(&request.encode()), Some(request));
    }

    #[test]
    fn malformed_requests_are_refused() {
        for message in [
            "",
            "run",
            "run 1 2 3 4 site short 5",
            "run 1 2 3 4 site short 5 wasm 6 extra",
            "run x 2 3 4 site short 5 wasm",
            "run 1 2 3 4 triple short 5 wasm",
            "run 1 -2 3 4 site short 5 wasm",
            "walk 1 2 3 4 site short 5 wasm",
        ] {
            assert_eq!(RunRequest::decode(message), None, "{message:?}");
        }
    }

    #[test]
    fn a_race_request_names_the_library() {
        let spec = crate::race::race_cell(4);
        assert_eq!(
            race_request(2, "bloomfilter", &spec),
            "race 2 bloomfilter 1000000 9585059 7 4"
        );
    }

    #[test]
    fn reports_round_trip() {
        for report in [
            Report::Ready,
            Report::Progress {
                id: 3,
                done: 1_000,
                total: 20_000_000,
                micros: 123_456,
            },
            Report::Done {
                id: 3,
                insert_micros: 1,
                query_micros: 2,
                false_positives: 3,
                ones: 4,
            },
            Report::Failed {
                id: 9,
                reason: LabError::Bits,
            },
        ] {
            assert_eq!(Report::decode(&report.encode()), Some(report));
        }
        assert_eq!(Report::decode("progress 1 2 3"), None);
        assert_eq!(Report::decode("failed 1 why"), None);
        assert_eq!(Report::decode("ready now"), None);
    }
}

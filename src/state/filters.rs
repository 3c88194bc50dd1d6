//! The filters the field uses today, as a reducer: one structure of [`bloom_core::modern`] built
//! from the keys typed so far, what the last action did (the block and bits a key chose, the
//! buckets and kicks of a cuckoo insert, the peeling order of a static filter, the three cells a
//! query xors), a step-through of it, and undo and redo. Every state is its shape and operations
//! replayed, so a link restores it exactly (a cuckoo filter's kicks come from a seeded generator),
//! and a change of structure keeps the keys: the same items in each.

use bloom_core::hashing::ItemHashes;
use bloom_core::modern::blocked::BlockedBloom;
use bloom_core::modern::cuckoo::{Candidates, CuckooFilter, Kick, Slot};
use bloom_core::modern::fuse::BinaryFuseFilter;
use bloom_core::modern::peel::{BuildOptions, CellLayout, Fingerprints, PeelStep, ThreeCellFilter};
use bloom_core::modern::sbbf::{self, Sbbf};
use bloom_core::modern::xor::XorFilter;
use bloom_core::playground::{InsertError, MAX_ITEM_BYTES};
use bloom_core::text::is_blank;

pub use super::action_steps::StepMove;
use super::history::HistoryAction;
use crate::share::filters::{FilterOperation, FiltersLink, Shape, Structure};
use crate::share::Ignored;

super::reduced_by_next!(FiltersState, FiltersAction);
super::action_steps::stepped_through!(FiltersState);
super::linked::linked_through_link!(
    FiltersState,
    FiltersAction,
    "bloom-tutorial.filters",
    filters
);

/// Two states are the same when they show the same: the structures are their shapes and
/// operations replayed.
impl PartialEq for FiltersState {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.shape,
            &self.operations,
            &self.text,
            &self.outcome,
            self.step,
            &self.past,
            &self.future,
            &self.ignored,
        ) == (
            &other.shape,
            &other.operations,
            &other.text,
            &other.outcome,
            other.step,
            &other.past,
            &other.future,
            &other.ignored,
        )
    }
}

/// The seed of the cuckoo filter's choice of whom to kick: fixed, so a link replays the same kicks.
pub const CUCKOO_SEED: u64 = 0x5eed;
/// Earlier states Undo can go back to.
pub const HISTORY_LIMIT: usize = 100;

/// The key a cuckoo, xor or binary fuse filter stores for a text: the playground's two hashes of its
/// UTF-8 bytes mixed ([`bloom_core::modern::key_of`]), the key the page shows in each of them.
pub fn key_of(text: &str) -> u64 {
    bloom_core::modern::key_of(text)
}

/// A structure with the keys in it.
#[derive(Debug, Clone)]
pub enum Model {
    /// A split-block filter.
    Sbbf(Sbbf),
    /// A blocked filter.
    Blocked(BlockedBloom),
    /// A cuckoo filter.
    Cuckoo(CuckooFilter),
    /// An xor filter built from every key (`None`: it would not peel).
    Xor(Option<XorFilter>),
    /// A binary fuse filter built from every key (`None`: it would not peel).
    Fuse(Option<BinaryFuseFilter>),
}

/// Where a text lands in a structure: what a query or an insert of it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Probe {
    /// Its xxHash64, its block (from the top 32 bits) and a bit in each of the block's 8 words.
    Sbbf {
        /// xxHash64 (seed 0) of the UTF-8 bytes.
        hash: u64,
        /// The block and the eight bits.
        probe: sbbf::Probe,
    },
    /// Its block and the k offsets inside it.
    Blocked {
        /// The block.
        block: u32,
        /// The offsets, in probe order.
        offsets: Vec<u32>,
    },
    /// Its fingerprint and two buckets.
    Cuckoo(Candidates),
    /// Its three cells in a table of the xor family, their values and its fingerprint.
    Cells {
        /// The three cells.
        cells: [u32; 3],
        /// Their values.
        values: [u16; 3],
        /// The fingerprint their xor must equal.
        fingerprint: u16,
    },
    /// A static table that could not be built: nothing to read.
    Unbuilt,
}

impl Probe {
    /// Steps of a query's step-through: the block then each word (SBBF); the block then each bit
    /// (blocked); the fingerprint and buckets, then each bucket (cuckoo); each cell xored in turn
    /// (xor, binary fuse).
    pub fn query_steps(&self) -> usize {
        match self {
            Self::Sbbf { .. } => 1 + 8,
            Self::Blocked { offsets, .. } => 1 + offsets.len(),
            Self::Cuckoo(_) | Self::Cells { .. } => 3,
            Self::Unbuilt => 0,
        }
    }
}

/// What an insert did beyond its probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Bits set (SBBF, blocked).
    Bits,
    /// A cuckoo insert: the kicks, then the slot where the last fingerprint carried came to rest.
    Nested {
        /// The kicks, in order (none when a candidate bucket had room).
        kicks: Vec<Kick>,
        /// The free slot found.
        rested: Slot,
    },
    /// A cuckoo insert that found no free slot within the bound: every kick tried, then undone.
    Full {
        /// The kicks tried.
        kicks: Vec<Kick>,
    },
    /// A static table built again from every key: the peeling order and the seeds tried.
    Built {
        /// Keys in peeling order, with their cells (filled in the reverse order).
        order: Vec<PeelStep>,
        /// Seeds tried, the last one included.
        attempts: u32,
    },
    /// A static table whose keys would not peel with any seed tried.
    Unbuildable,
    /// A static table that holds the key already: a set holds a key once.
    Already,
}

impl Placement {
    /// Steps of an insert's step-through after the probe's first one.
    fn steps(&self, probe: &Probe) -> usize {
        match self {
            Self::Bits => probe.query_steps(),
            Self::Nested { kicks, .. } => 1 + kicks.len() + 1,
            Self::Full { kicks } => 1 + kicks.len(),
            // Each key peeled, then each cell filled.
            Self::Built { order, .. } => 2 * order.len(),
            Self::Unbuildable | Self::Already => 0,
        }
    }
}

/// Why an action did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Empty, only spaces, or longer than an item may be.
    Text(InsertError),
    /// Only a cuckoo filter removes.
    NoRemoval,
    /// The key was never inserted (or is gone): removing it would take another key's fingerprint.
    NotInserted,
    /// The link's limit of keys is reached.
    Full,
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FiltersOutcome {
    /// An insert: where the key went.
    Inserted {
        /// The text.
        text: String,
        /// Where it landed.
        probe: Probe,
        /// What else happened.
        placement: Placement,
    },
    /// A query and its answer.
    Queried {
        /// The text.
        text: String,
        /// What it read.
        probe: Probe,
        /// "Maybe present".
        maybe: bool,
    },
    /// A cuckoo removal: one copy of the fingerprint gone from the bucket that held it.
    Removed {
        /// The text.
        text: String,
        /// Its fingerprint and buckets.
        probe: Probe,
        /// The bucket and slot it was taken from.
        from: Slot,
    },
    /// Nothing done, and why.
    Refused(Refusal),
    /// The structure or its size changed: the same keys in the new one.
    Reshaped,
    /// Every key cleared (Undo brings them back).
    Cleared,
    /// Undo or Redo.
    Travelled {
        /// True for Undo.
        back: bool,
    },
}

/// A shape and its operations: what a state is rebuilt from, and what Undo keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The structure and its size.
    pub shape: Shape,
    /// Every insert and removal, in order.
    pub operations: Vec<FilterOperation>,
}

/// The page's state.
#[derive(Debug, Clone)]
pub struct FiltersState {
    /// The structure and its size.
    pub shape: Shape,
    /// Every insert and removal that changed it, in order.
    pub operations: Vec<FilterOperation>,
    /// The keys in the structure now: every insert, less what removals took (a key inserted twice
    /// is there twice in a cuckoo filter).
    pub keys: Vec<String>,
    /// The structure with its keys.
    pub model: Model,
    /// The structure before the last action, for its step-through.
    pub before: Option<Model>,
    /// The text in the field.
    pub text: String,
    /// What the last action did.
    pub outcome: Option<FiltersOutcome>,
    /// Where the step-through of the last action is (`None`: not stepping).
    pub step: Option<usize>,
    /// True once the last action has been stepped through (→ then no longer starts it again).
    pub stepped: bool,
    /// Earlier states, oldest first.
    pub past: Vec<Snapshot>,
    /// States undone, the next Redo last.
    pub future: Vec<Snapshot>,
    /// What the link could not use.
    pub ignored: Vec<Ignored>,
}

impl Default for FiltersState {
    fn default() -> Self {
        Self::from_link(&FiltersLink::default(), Vec::new())
    }
}

/// What a visitor does.
#[derive(Debug, Clone, PartialEq)]
pub enum FiltersAction {
    /// The field's text changed.
    SetText(String),
    /// Insert the field's text.
    Insert,
    /// Query the field's text.
    Query,
    /// Remove the field's text (cuckoo).
    Remove,
    /// Another structure or size, the same keys.
    SetShape(Shape),
    /// Clear every key.
    Reset,
    /// Move the step-through.
    Step(StepMove),
    /// Undo or redo.
    History(HistoryAction),
    /// Replace everything with a link's state, listing what was ignored.
    Load(FiltersLink, Vec<Ignored>),
    /// Forget what the link could not use (its message was read).
    DismissIgnored,
}

impl FiltersState {
    /// The state a link describes: its shape and operations replayed, then its query answered and
    /// stepped to its step.
    pub fn from_link(link: &FiltersLink, ignored: Vec<Ignored>) -> Self {
        let (model, operations, keys) = replay(link.shape, &link.operations);
        let mut state = Self {
            shape: link.shape,
            operations,
            keys,
            model,
            before: None,
            text: String::new(),
            outcome: None,
            step: None,
            stepped: false,
            past: Vec::new(),
            future: Vec::new(),
            ignored,
        };
        if let Some(query) = link.query.clone() {
            state.text.clone_from(&query);
            state.outcome = Some(state.queried(query));
            return state.stepped_to(link.step);
        }
        state
    }

    /// The link of this state: its shape, operations, and the query on screen with its step.
    pub fn link(&self) -> FiltersLink {
        let query = match &self.outcome {
            Some(FiltersOutcome::Queried { text, .. }) => Some(text.clone()),
            _ => None,
        };
        FiltersLink {
            shape: self.shape,
            step: self
                .step
                .filter(|_| query.is_some())
                .map(|step| step as u32),
            query,
            operations: self.operations.clone(),
        }
    }

    /// Steps of the last action's step-through (0: nothing to step through).
    pub fn steps(&self) -> usize {
        match &self.outcome {
            Some(FiltersOutcome::Queried { probe, .. } | FiltersOutcome::Removed { probe, .. }) => {
                probe.query_steps()
            }
            Some(FiltersOutcome::Inserted {
                probe, placement, ..
            }) => placement.steps(probe),
            _ => 0,
        }
    }

    /// The state after `action`, or `None` when nothing changes.
    pub fn next(&self, action: FiltersAction) -> Option<Self> {
        match action {
            FiltersAction::SetText(text) => (text != self.text).then(|| Self {
                text,
                ..self.clone()
            }),
            FiltersAction::Insert => Some(self.inserted()),
            FiltersAction::Query => Some(self.settled(match text_refusal(&self.text) {
                Some(refusal) => FiltersOutcome::Refused(refusal),
                None => self.queried(self.text.clone()),
            })),
            FiltersAction::Remove => Some(self.removed()),
            FiltersAction::SetShape(shape) => (shape != self.shape).then(|| {
                let operations = if shape.structure.removes() {
                    self.operations.clone()
                } else {
                    self.keys
                        .iter()
                        .cloned()
                        .map(FilterOperation::Add)
                        .collect()
                };
                self.changed(shape, operations, FiltersOutcome::Reshaped)
            }),
            FiltersAction::Reset => (!self.operations.is_empty())
                .then(|| self.changed(self.shape, Vec::new(), FiltersOutcome::Cleared)),
            FiltersAction::Step(step) => self.step_moved(step),
            FiltersAction::History(direction) => self.travelled(direction == HistoryAction::Undo),
            FiltersAction::Load(link, ignored) => (link != self.link() || !ignored.is_empty())
                .then(|| Self::from_link(&link, ignored)),
            FiltersAction::DismissIgnored => (!self.ignored.is_empty()).then(|| Self {
                ignored: Vec::new(),
                ..self.clone()
            }),
        }
    }

    /// This state with `outcome` on screen and nothing else changed.
    fn settled(&self, outcome: FiltersOutcome) -> Self {
        Self {
            outcome: Some(outcome),
            step: None,
            stepped: false,
            before: None,
            ..self.clone()
        }
    }

    /// What a query of `text` reads and answers.
    fn queried(&self, text: String) -> FiltersOutcome {
        FiltersOutcome::Queried {
            probe: self.model.probe(&text),
            maybe: self.model.contains(&text),
            text,
        }
    }

    fn inserted(&self) -> Self {
        if let Some(refusal) = text_refusal(&self.text) {
            return self.settled(FiltersOutcome::Refused(refusal));
        }
        if self.operations.len() >= crate::share::filters::MAX_OPERATIONS {
            return self.settled(FiltersOutcome::Refused(Refusal::Full));
        }
        let text = self.text.clone();
        let mut model = self.model.clone();
        let mut operations = self.operations.clone();
        let mut keys = self.keys.clone();
        let probe = self.model.probe(&text);
        let placement = match &mut model {
            Model::Sbbf(filter) => {
                filter.insert_str(&text);
                Placement::Bits
            }
            Model::Blocked(filter) => {
                filter.insert(&text);
                Placement::Bits
            }
            Model::Cuckoo(filter) => match filter.insert(key_of(&text)) {
                Ok(report) => Placement::Nested {
                    kicks: report.kicks,
                    rested: report.rested,
                },
                Err(failure) => Placement::Full {
                    kicks: failure.kicks,
                },
            },
            Model::Xor(_) | Model::Fuse(_) => {
                if keys.contains(&text) {
                    Placement::Already
                } else {
                    operations.push(FilterOperation::Add(text.clone()));
                    keys.push(text.clone());
                    let (built, placement) = rebuilt(self.shape, &keys);
                    model = built;
                    placement
                }
            }
        };
        let changed = match &placement {
            Placement::Bits | Placement::Nested { .. } => {
                operations.push(FilterOperation::Add(text.clone()));
                keys.push(text.clone());
                true
            }
            Placement::Built { .. } | Placement::Unbuildable => true,
            Placement::Full { .. } | Placement::Already => false,
        };
        // A static table's probe is read in the table built with the key.
        let probe = match &model {
            Model::Xor(_) | Model::Fuse(_) => model.probe(&text),
            _ => probe,
        };
        let outcome = FiltersOutcome::Inserted {
            text,
            probe,
            placement,
        };
        if !changed {
            return self.settled(outcome);
        }
        let mut next = self.remembered();
        next.before = Some(self.model.clone());
        next.model = model;
        next.operations = operations;
        next.keys = keys;
        next.outcome = Some(outcome);
        next.step = None;
        next.stepped = false;
        next
    }

    fn removed(&self) -> Self {
        if let Some(refusal) = text_refusal(&self.text) {
            return self.settled(FiltersOutcome::Refused(refusal));
        }
        let Model::Cuckoo(filter) = &self.model else {
            return self.settled(FiltersOutcome::Refused(Refusal::NoRemoval));
        };
        let text = self.text.clone();
        if !self.keys.contains(&text) {
            return self.settled(FiltersOutcome::Refused(Refusal::NotInserted));
        }
        let candidates = filter.candidates(key_of(&text));
        let from = [candidates.first, candidates.second]
            .into_iter()
            .find_map(|bucket| {
                let slot = filter
                    .bucket(bucket)
                    .iter()
                    .position(|&f| f == candidates.fingerprint)?;
                Some(Slot {
                    bucket,
                    slot: slot as u8,
                })
            });
        let (Some(from), mut filter) = (from, filter.clone()) else {
            // Inserted, yet its fingerprint is in neither bucket: cannot happen while removals
            // only take inserted keys; nothing is changed.
            return self.settled(FiltersOutcome::Refused(Refusal::NotInserted));
        };
        filter.remove(key_of(&text));
        let mut next = self.remembered();
        next.before = Some(self.model.clone());
        next.model = Model::Cuckoo(filter);
        next.operations.push(FilterOperation::Remove(text.clone()));
        take_key(&mut next.keys, &text);
        next.outcome = Some(FiltersOutcome::Removed {
            text,
            probe: Probe::Cuckoo(candidates),
            from,
        });
        next.step = None;
        next.stepped = false;
        next
    }

    /// This state with its shape and operations kept for Undo, and Redo's forgotten.
    fn remembered(&self) -> Self {
        let mut next = self.clone();
        next.past.push(self.snapshot());
        if next.past.len() > HISTORY_LIMIT {
            next.past.remove(0);
        }
        next.future.clear();
        next
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            shape: self.shape,
            operations: self.operations.clone(),
        }
    }

    /// This state rebuilt as `shape` with `operations`, the change kept for Undo.
    fn changed(
        &self,
        shape: Shape,
        operations: Vec<FilterOperation>,
        outcome: FiltersOutcome,
    ) -> Self {
        let mut next = self.remembered();
        let (model, operations, keys) = replay(shape, &operations);
        next.shape = shape;
        next.model = model;
        next.operations = operations;
        next.keys = keys;
        next.before = None;
        next.outcome = Some(outcome);
        next.step = None;
        next
    }

    fn travelled(&self, back: bool) -> Option<Self> {
        let mut next = self.clone();
        let (from, to) = if back {
            (&mut next.past, &mut next.future)
        } else {
            (&mut next.future, &mut next.past)
        };
        let snapshot = from.pop()?;
        to.push(self.snapshot());
        let (model, operations, keys) = replay(snapshot.shape, &snapshot.operations);
        next.shape = snapshot.shape;
        next.model = model;
        next.operations = operations;
        next.keys = keys;
        next.before = None;
        next.outcome = Some(FiltersOutcome::Travelled { back });
        next.step = None;
        Some(next)
    }
}

/// Why `text` cannot be inserted or asked about, if it cannot.
fn text_refusal(text: &str) -> Option<Refusal> {
    if is_blank(text) {
        Some(Refusal::Text(InsertError::Blank))
    } else if text.len() > MAX_ITEM_BYTES {
        Some(Refusal::Text(InsertError::TooLong))
    } else {
        None
    }
}

/// One copy of `text` taken from `keys` (the last inserted), if there is one.
fn take_key(keys: &mut Vec<String>, text: &str) -> bool {
    let at = keys.iter().rposition(|key| key == text);
    if let Some(at) = at {
        keys.remove(at);
    }
    at.is_some()
}

/// The structure `shape` with `operations` done in order, the operations it took and the keys they
/// leave: a cuckoo insert that finds no room, a removal of a key not there, and a static table's
/// repeated key change nothing and are left out.
pub fn replay(
    shape: Shape,
    operations: &[FilterOperation],
) -> (Model, Vec<FilterOperation>, Vec<String>) {
    let mut model = Model::empty(shape);
    let mut kept = Vec::with_capacity(operations.len());
    let mut keys: Vec<String> = Vec::with_capacity(operations.len());
    match &mut model {
        Model::Sbbf(filter) => {
            for text in added(operations) {
                filter.insert_str(text);
                keys.push(text.clone());
            }
        }
        Model::Blocked(filter) => {
            for text in added(operations) {
                filter.insert(text);
                keys.push(text.clone());
            }
        }
        Model::Cuckoo(filter) => {
            for operation in operations {
                let done = match operation {
                    FilterOperation::Add(text) => {
                        let done = filter.insert(key_of(text)).is_ok();
                        if done {
                            keys.push(text.clone());
                        }
                        done
                    }
                    FilterOperation::Remove(text) => {
                        keys.contains(text)
                            && filter.remove(key_of(text))
                            && take_key(&mut keys, text)
                    }
                };
                if done {
                    kept.push(operation.clone());
                }
            }
        }
        Model::Xor(_) | Model::Fuse(_) => {
            // What the operations leave, each key once.
            let mut left: Vec<String> = Vec::new();
            for operation in operations {
                match operation {
                    FilterOperation::Add(text) => left.push(text.clone()),
                    FilterOperation::Remove(text) => {
                        take_key(&mut left, text);
                    }
                }
            }
            for key in left {
                if !keys.contains(&key) {
                    kept.push(FilterOperation::Add(key.clone()));
                    keys.push(key);
                }
            }
            model = rebuilt(shape, &keys).0;
        }
    }
    // A bit array takes every insert and nothing else.
    if matches!(model, Model::Sbbf(_) | Model::Blocked(_)) {
        kept = keys.iter().cloned().map(FilterOperation::Add).collect();
    }
    (model, kept, keys)
}

/// The texts `operations` insert, in order.
fn added(operations: &[FilterOperation]) -> impl Iterator<Item = &String> {
    operations.iter().filter_map(|operation| match operation {
        FilterOperation::Add(text) => Some(text),
        FilterOperation::Remove(_) => None,
    })
}

/// The static table of `shape` built from `keys` (distinct), and how.
fn rebuilt(shape: Shape, keys: &[String]) -> (Model, Placement) {
    let keys: Vec<u64> = keys.iter().map(|text| key_of(text)).collect();
    let options = BuildOptions {
        fingerprint_bits: shape.fingerprint_bits as u8,
        ..BuildOptions::default()
    };
    fn placed<L: CellLayout>(
        built: Result<(ThreeCellFilter<L>, Vec<PeelStep>), bloom_core::modern::peel::BuildError>,
    ) -> (Option<ThreeCellFilter<L>>, Placement) {
        match built {
            Ok((filter, order)) => {
                let attempts = filter.attempts();
                (Some(filter), Placement::Built { order, attempts })
            }
            Err(_) => (None, Placement::Unbuildable),
        }
    }
    if shape.structure == Structure::Fuse {
        let (filter, placement) = placed(BinaryFuseFilter::build_distinct_traced(&keys, options));
        (Model::Fuse(filter), placement)
    } else {
        let (filter, placement) = placed(XorFilter::build_distinct_traced(&keys, options));
        (Model::Xor(filter), placement)
    }
}

impl Model {
    /// The empty structure of `shape`.
    pub fn empty(shape: Shape) -> Self {
        match shape.structure {
            Structure::Sbbf => Self::Sbbf(Sbbf::with_bytes(shape.sbbf_bytes as usize)),
            Structure::Blocked => Self::Blocked(blocked(shape)),
            Structure::Cuckoo => Self::Cuckoo(cuckoo(shape)),
            Structure::Xor | Structure::Fuse => rebuilt(shape, &[]).0,
        }
    }

    /// True when the structure says "maybe" for `text`.
    pub fn contains(&self, text: &str) -> bool {
        match self {
            Self::Sbbf(filter) => filter.contains_str(text),
            Self::Blocked(filter) => filter.contains(text),
            Self::Cuckoo(filter) => filter.contains(key_of(text)),
            Self::Xor(filter) => filter.as_ref().is_some_and(|f| f.contains(key_of(text))),
            Self::Fuse(filter) => filter.as_ref().is_some_and(|f| f.contains(key_of(text))),
        }
    }

    /// Where `text` lands.
    pub fn probe(&self, text: &str) -> Probe {
        match self {
            Self::Sbbf(filter) => {
                let hash = sbbf::hash_str(text);
                Probe::Sbbf {
                    hash,
                    probe: filter.probe(hash),
                }
            }
            Self::Blocked(filter) => {
                let hashes = ItemHashes::of(text);
                Probe::Blocked {
                    block: filter.block_of_hashes(hashes),
                    offsets: filter.offsets_of_hashes(hashes),
                }
            }
            Self::Cuckoo(filter) => Probe::Cuckoo(filter.candidates(key_of(text))),
            Self::Xor(Some(filter)) => {
                let key = key_of(text);
                cells_probe(filter, filter.cells_of(key), key)
            }
            Self::Fuse(Some(filter)) => {
                let key = key_of(text);
                cells_probe(filter, filter.cells_of(key), key)
            }
            Self::Xor(None) | Self::Fuse(None) => Probe::Unbuilt,
        }
    }

    /// The table of a static structure, when it could be built.
    pub fn table(&self) -> Option<&Fingerprints> {
        match self {
            Self::Xor(filter) => filter.as_deref(),
            Self::Fuse(filter) => filter.as_deref(),
            _ => None,
        }
    }
}

/// A key's three cells in `table`, their values and its fingerprint.
fn cells_probe(table: &Fingerprints, cells: [u32; 3], key: u64) -> Probe {
    Probe::Cells {
        cells,
        values: cells.map(|cell| table.cells()[cell as usize]),
        fingerprint: table.fingerprint(key),
    }
}

/// The blocked filter of `shape`: the link's ranges and the page's fields admit only shapes that
/// build, so the default's stands in for one that would not (no message is formatted for it).
fn blocked(shape: Shape) -> BlockedBloom {
    BlockedBloom::with_bits(
        u64::from(shape.blocked_bits),
        shape.block_bits,
        shape.blocked_hashes,
    )
    .ok()
    .or_else(|| BlockedBloom::with_bits(1024, 512, 6).ok())
    .unwrap_or_else(|| unreachable!())
}

/// The cuckoo filter of `shape` (as for [`blocked`], the default's in place of one that would not
/// build).
fn cuckoo(shape: Shape) -> CuckooFilter {
    CuckooFilter::new(
        shape.buckets,
        shape.slots as u8,
        shape.fingerprint_bits as u8,
        CUCKOO_SEED,
    )
    .ok()
    .or_else(|| CuckooFilter::new(8, 4, 8, CUCKOO_SEED).ok())
    .unwrap_or_else(|| unreachable!())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::share::filters::{from_query, to_query};
    use crate::state::history::run;
    use std::rc::Rc;

    fn typed(text: &str, action: FiltersAction) -> Vec<FiltersAction> {
        vec![FiltersAction::SetText(text.into()), action]
    }

    fn state_of(query: &str) -> Rc<FiltersState> {
        let (link, ignored) = from_query(query);
        assert_eq!(ignored, Vec::new(), "{query}");
        Rc::new(FiltersState::from_link(&link, Vec::new()))
    }

    fn inserted(state: Rc<FiltersState>, words: &[&str]) -> Rc<FiltersState> {
        let actions = words
            .iter()
            .flat_map(|word| typed(word, FiltersAction::Insert))
            .collect();
        run(state, actions)
    }

    fn words(state: &FiltersState) -> Vec<u32> {
        let Model::Sbbf(filter) = &state.model else {
            panic!("a split-block filter");
        };
        filter.words().map(|word| word.value).collect()
    }

    #[test]
    fn an_sbbf_insert_sets_one_bit_in_each_word_of_the_block_its_hash_picks() {
        let empty = state_of("kind=sbbf&bytes=64");
        let state = inserted(empty, &["apple"]);
        let hash = sbbf::hash_str("apple");
        let block = (((hash >> 32) * 2) >> 32) as usize;
        let key = hash as u32;
        let expected: Vec<u32> = (0..16)
            .map(|word| {
                if word / 8 == block {
                    1 << (key.wrapping_mul(sbbf::SALT[word % 8]) >> 27)
                } else {
                    0
                }
            })
            .collect();
        assert_eq!(words(&state), expected);
        let Some(FiltersOutcome::Inserted { probe, .. }) = &state.outcome else {
            panic!("inserted");
        };
        assert!(matches!(probe, Probe::Sbbf { probe, .. } if probe.block as usize == block));
        assert_eq!(state.steps(), 9);
        let queried = run(state, typed("apple", FiltersAction::Query));
        assert!(matches!(
            queried.outcome,
            Some(FiltersOutcome::Queried { maybe: true, .. })
        ));
    }

    #[test]
    fn a_blocked_insert_keeps_every_bit_of_a_key_in_one_block() {
        let state = inserted(state_of("kind=blocked&m=1024&block=256&k=5"), &["pear"]);
        let Some(FiltersOutcome::Inserted {
            probe: Probe::Blocked { block, offsets },
            ..
        }) = &state.outcome
        else {
            panic!("a blocked insert");
        };
        let Model::Blocked(filter) = &state.model else {
            panic!("blocked");
        };
        let positions: Vec<u64> = offsets
            .iter()
            .map(|&offset| u64::from(*block) * 256 + u64::from(offset))
            .collect();
        assert_eq!(filter.positions("pear"), positions);
        assert!(offsets.iter().all(|&offset| offset < 256));
        assert_eq!(state.steps(), 6);
    }

    #[test]
    fn a_full_cuckoo_table_refuses_an_insert_and_is_left_as_it_was() {
        let mut state = state_of("kind=cuckoo&buckets=2&slots=1&fp=8");
        let mut full = None;
        for word in bloom_core::words::WORDS.iter().take(20) {
            let next = run(state.clone(), typed(word, FiltersAction::Insert));
            if let Some(FiltersOutcome::Inserted {
                placement: Placement::Full { kicks },
                ..
            }) = &next.outcome
            {
                full = Some((state.clone(), next.clone(), kicks.len()));
                break;
            }
            state = next;
        }
        let (before, after, kicks) = full.expect("two slots fill");
        assert_eq!(
            after.operations, before.operations,
            "the refused key is not kept"
        );
        let table = |state: &FiltersState| match &state.model {
            Model::Cuckoo(filter) => filter.buckets().map(<[u16]>::to_vec).collect::<Vec<_>>(),
            _ => panic!("cuckoo"),
        };
        assert_eq!(table(&after), table(&before));
        assert_eq!(
            kicks,
            bloom_core::modern::cuckoo::DEFAULT_MAX_KICKS as usize
        );
        assert_eq!(after.steps(), 1 + kicks);
    }

    #[test]
    fn a_link_replays_a_cuckoo_table_with_its_kicks_exactly() {
        let state = inserted(
            state_of("kind=cuckoo&buckets=4&slots=2&fp=6"),
            &["apple", "pear", "plum", "fig", "kiwi", "lime", "date"],
        );
        let kicked = state.operations.len();
        assert!(kicked >= 6, "{kicked}");
        let link = to_query(&state.link());
        let again = state_of(&link);
        let table = |state: &FiltersState| match &state.model {
            Model::Cuckoo(filter) => filter.buckets().map(<[u16]>::to_vec).collect::<Vec<_>>(),
            _ => panic!("cuckoo"),
        };
        assert_eq!(table(&again), table(&state), "{link}");
    }

    #[test]
    fn only_an_inserted_key_leaves_a_cuckoo_filter_and_only_a_cuckoo_filter_removes() {
        let state = inserted(state_of("kind=cuckoo"), &["apple", "apple"]);
        let refused = run(state.clone(), typed("pear", FiltersAction::Remove));
        assert_eq!(
            refused.outcome,
            Some(FiltersOutcome::Refused(Refusal::NotInserted))
        );
        let once = run(state, typed("apple", FiltersAction::Remove));
        assert!(matches!(once.outcome, Some(FiltersOutcome::Removed { .. })));
        assert_eq!(once.keys, ["apple"]);
        assert!(once.model.contains("apple"), "one copy is left");
        let twice = run(once, vec![FiltersAction::Remove]);
        assert!(twice.keys.is_empty());
        assert!(!twice.model.contains("apple"));
        let sbbf = inserted(state_of("kind=sbbf"), &["apple"]);
        let refused = run(sbbf, vec![FiltersAction::Remove]);
        assert_eq!(
            refused.outcome,
            Some(FiltersOutcome::Refused(Refusal::NoRemoval))
        );
    }

    #[test]
    fn a_static_table_is_built_again_from_every_key_and_answers_for_each() {
        for kind in ["xor", "fuse"] {
            let keys = ["apple", "pear", "plum", "fig", "kiwi"];
            let state = inserted(state_of(&format!("kind={kind}&fp=8")), &keys);
            assert!(keys.iter().all(|key| state.model.contains(key)), "{kind}");
            let Some(FiltersOutcome::Inserted {
                placement: Placement::Built { order, attempts },
                probe:
                    Probe::Cells {
                        cells,
                        values,
                        fingerprint,
                    },
                ..
            }) = &state.outcome
            else {
                panic!("{kind}: built");
            };
            assert_eq!((order.len(), state.steps()), (5, 10));
            assert!(*attempts >= 1);
            assert_eq!(values[0] ^ values[1] ^ values[2], *fingerprint, "{kind}");
            let table = state.model.table().unwrap();
            assert_eq!(cells.map(|cell| table.cells()[cell as usize]), *values);
            let again = run(state, typed("apple", FiltersAction::Insert));
            assert!(matches!(
                again.outcome,
                Some(FiltersOutcome::Inserted {
                    placement: Placement::Already,
                    ..
                })
            ));
            assert_eq!(again.operations.len(), 5);
        }
    }

    #[test]
    fn a_new_structure_keeps_the_keys_and_undo_brings_back_the_old() {
        let state = inserted(state_of("kind=cuckoo"), &["apple", "pear"]);
        let state = run(state, typed("apple", FiltersAction::Remove));
        let shape = Shape {
            structure: Structure::Xor,
            ..state.shape
        };
        let xor = run(state.clone(), vec![FiltersAction::SetShape(shape)]);
        assert_eq!(xor.keys, ["pear"]);
        assert!(xor.model.contains("pear"));
        let back = run(xor, vec![FiltersAction::History(HistoryAction::Undo)]);
        assert_eq!(back.shape, state.shape);
        assert_eq!(back.operations, state.operations);
        let cleared = run(back, vec![FiltersAction::Reset]);
        assert!(cleared.keys.is_empty());
        let restored = run(
            cleared,
            vec![
                FiltersAction::History(HistoryAction::Undo),
                FiltersAction::History(HistoryAction::Redo),
                FiltersAction::History(HistoryAction::Undo),
            ],
        );
        assert_eq!(restored.keys, ["pear"]);
    }

    #[test]
    fn a_link_opens_its_query_at_its_step_and_refuses_bad_text() {
        let state = state_of("kind=sbbf&bytes=32&add=a0&add=a1&query=a1&step=4");
        assert!(matches!(
            state.outcome,
            Some(FiltersOutcome::Queried { maybe: true, .. })
        ));
        assert_eq!(state.step, Some(4));
        assert_eq!(
            to_query(&state.link()),
            "kind=sbbf&bytes=32&add=a0&add=a1&query=a1&step=4"
        );
        let stepped = run(state, vec![FiltersAction::Step(StepMove::Next); 9]);
        assert_eq!(stepped.step, Some(9));
        for text in ["", "   ", &"x".repeat(MAX_ITEM_BYTES + 1)] {
            let refused = run(stepped.clone(), typed(text, FiltersAction::Insert));
            assert!(matches!(
                refused.outcome,
                Some(FiltersOutcome::Refused(Refusal::Text(_)))
            ));
            assert_eq!(refused.operations, stepped.operations);
        }
    }
}

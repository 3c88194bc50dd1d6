//! Peeling a 3-hypergraph, the construction shared by xor and binary fuse filters. Each key is an
//! edge joining three cells of an array; the filter must store in the cells values whose xor over a
//! key's three cells is the key's fingerprint. A cell touched by one key only can be solved last:
//! remove that key and repeat. If every key comes off this way, the cells are filled in the reverse
//! order, each from the two cells already fixed. If some keys remain (a 2-core), the hash is seeded
//! afresh and the whole tried again — rarely needed once there are about 1.23 cells per key (xor) or
//! 1.125 with the fuse filter's overlapping segments.

use super::fmix64;
use crate::words::SplitMix64;

/// How many seeds a build tries before giving up, as in Graf and Lemire's code.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 100;
/// The most distinct keys a filter takes (2²⁵, some 33 million), so that no count typed by a
/// visitor exhausts memory.
pub const MAX_KEYS: usize = 1 << 25;
/// The most cells an array may have (2²⁶: 128 MiB of 16-bit cells, and 512 MiB of counts while
/// peeling), enough for [`MAX_KEYS`] keys at 1.23 cells each.
pub const MAX_CELLS: usize = 1 << 26;

/// Why a static filter could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildError {
    /// Fingerprints of 1 to 16 bits.
    FingerprintBits,
    /// More than [`MAX_KEYS`] keys.
    TooManyKeys,
    /// More than [`MAX_CELLS`] cells.
    TooLarge,
    /// No seed among `attempts` gave a peelable hypergraph (the array is too small for the keys).
    Unpeelable {
        /// Seeds tried.
        attempts: u32,
    },
}

/// One key coming off the hypergraph: the cell it was the only key of, and its three cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeelStep {
    /// The key.
    pub key: u64,
    /// The cell solved for it (filled in the reverse of the peeling order).
    pub cell: u32,
    /// Its three cells under the seed that worked.
    pub cells: [u32; 3],
}

/// What a build chooses: fingerprint width, first seed, attempts allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// f, 1–16 bits (8 and 16 are the published variants).
    pub fingerprint_bits: u8,
    /// Seeds the generator of per-attempt hash seeds.
    pub seed: u64,
    /// Attempts before [`BuildError::Unpeelable`].
    pub max_attempts: u32,
}

impl Default for BuildOptions {
    fn default() -> Self {
        Self {
            fingerprint_bits: 8,
            seed: 0,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }
}

/// A solved array and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The cells' values.
    pub cells: Vec<u16>,
    /// The hash seed that peeled.
    pub seed: u64,
    /// Seeds tried, the last one included.
    pub attempts: u32,
    /// Keys in peeling order, with their cells.
    pub order: Vec<PeelStep>,
}

/// The fingerprint of a seeded hash: h ⊕ (h >> 32), its low f bits.
pub fn fingerprint(hash: u64, fingerprint_bits: u8) -> u16 {
    ((hash ^ (hash >> 32)) & ((1u64 << fingerprint_bits) - 1)) as u16
}

/// What a peeled filter keeps (xor and binary fuse alike): its cells of f-bit values, how many keys
/// it was built from, and the seed that peeled after how many tries. A key is "maybe present" when
/// the xor of its three cells is its fingerprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprints {
    cells: Vec<u16>,
    fingerprint_bits: u8,
    seed: u64,
    attempts: u32,
    keys: u32,
}

impl Fingerprints {
    /// The table `solved` found for `keys` distinct keys at `fingerprint_bits`.
    pub(super) fn of(solved: &mut Solved, fingerprint_bits: u8, keys: usize) -> Self {
        Self {
            cells: std::mem::take(&mut solved.cells),
            fingerprint_bits,
            seed: solved.seed,
            attempts: solved.attempts,
            keys: keys as u32,
        }
    }

    /// The fingerprint of `key`.
    pub fn fingerprint(&self, key: u64) -> u16 {
        fingerprint(seeded_hash(key, self.seed), self.fingerprint_bits)
    }

    /// True when the xor of `cells` (a key's three) is `key`'s fingerprint: "maybe present".
    pub fn holds(&self, key: u64, cells: [u32; 3]) -> bool {
        let xor = cells
            .iter()
            .fold(0, |acc, &cell| acc ^ self.cells[cell as usize]);
        xor == self.fingerprint(key)
    }

    /// The cells' values.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The distinct keys built from.
    pub fn len(&self) -> u32 {
        self.keys
    }

    /// True when built from no key.
    pub fn is_empty(&self) -> bool {
        self.keys == 0
    }

    /// f.
    pub fn fingerprint_bits(&self) -> u8 {
        self.fingerprint_bits
    }

    /// Seeds tried before the hypergraph peeled.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// The hash seed that peeled.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Bits per key: cells·f / n (infinite with no key).
    pub fn bits_per_item(&self) -> f64 {
        self.cells.len() as f64 * f64::from(self.fingerprint_bits) / f64::from(self.keys)
    }
}

/// Where a filter of the xor family puts a key's three cells: the xor filter's three equal segments,
/// the binary fuse filter's many short overlapping ones.
pub trait CellLayout: Copy {
    /// The layout for `keys` distinct keys, or why none fits.
    fn for_keys(keys: u64) -> Result<Self, BuildError>;
    /// Cells in the array.
    fn array_length(&self) -> usize;
    /// The three cells of a seeded hash.
    fn cells(&self, hash: u64) -> [u32; 3];
}

/// A built filter of the xor family: its table and where its layout puts a key's three cells. A key
/// is "maybe present" when the xor of its three cells is its fingerprint. Static: it has no insert,
/// since a new key would need the whole array solved again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreeCellFilter<L> {
    table: Fingerprints,
    layout: L,
}

/// The table's cells, keys, f and seed, as [`Fingerprints`] gives them.
impl<L> std::ops::Deref for ThreeCellFilter<L> {
    type Target = Fingerprints;

    fn deref(&self) -> &Fingerprints {
        &self.table
    }
}

impl<L: CellLayout> ThreeCellFilter<L> {
    /// Builds the filter of `keys` (repeats count once).
    pub fn build(keys: &[u64], options: BuildOptions) -> Result<Self, BuildError> {
        Self::build_traced(keys, options).map(|(filter, _)| filter)
    }

    /// Builds it and keeps the peeling order, each key with its three cells, for a step-through.
    pub fn build_traced(
        keys: &[u64],
        options: BuildOptions,
    ) -> Result<(Self, Vec<PeelStep>), BuildError> {
        let keys = distinct(keys);
        let layout = L::for_keys(keys.len() as u64)?;
        Self::build_on(&keys, layout, options)
    }

    /// Builds it from keys its caller knows are distinct, keeping the peeling order: as
    /// [`ThreeCellFilter::build_traced`] without the sort that makes them so (a page that holds a
    /// set of texts need not carry one). Two equal keys would never peel: the build then fails.
    pub fn build_distinct_traced(
        keys: &[u64],
        options: BuildOptions,
    ) -> Result<(Self, Vec<PeelStep>), BuildError> {
        let layout = L::for_keys(keys.len() as u64)?;
        Self::build_on(keys, layout, options)
    }

    /// Builds the filter of `keys` (distinct) on `layout`.
    pub(super) fn build_on(
        keys: &[u64],
        layout: L,
        options: BuildOptions,
    ) -> Result<(Self, Vec<PeelStep>), BuildError> {
        let mut solved = solve(keys, layout.array_length(), options, |hash| {
            layout.cells(hash)
        })?;
        let filter = Self {
            table: Fingerprints::of(&mut solved, options.fingerprint_bits, keys.len()),
            layout,
        };
        Ok((filter, solved.order))
    }

    /// The key's three cells.
    pub fn cells_of(&self, key: u64) -> [u32; 3] {
        self.layout.cells(seeded_hash(key, self.seed()))
    }

    /// True when the xor of the key's three cells is its fingerprint: "maybe present".
    pub fn contains(&self, key: u64) -> bool {
        self.holds(key, self.cells_of(key))
    }

    /// Where the filter puts a key's cells.
    pub fn layout(&self) -> L {
        self.layout
    }
}

/// The seeded hash of a key: fmix64(key + seed).
pub fn seeded_hash(key: u64, seed: u64) -> u64 {
    fmix64(key.wrapping_add(seed))
}

/// The keys sorted, each once: a repeated key would be two identical edges, which never peel.
pub fn distinct(keys: &[u64]) -> Vec<u64> {
    let mut keys = keys.to_vec();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The peeling order of the edges `cells` (key index, the cell it came off by), or `None` when a
/// 2-core remains.
pub fn peel(cells: &[[u32; 3]], cell_count: usize) -> Option<Vec<(u32, u32)>> {
    let mut degree = vec![0u32; cell_count];
    // The xor of the indexes of the keys on a cell: the one key left once the degree is 1.
    let mut keys_xor = vec![0u32; cell_count];
    for (index, edge) in cells.iter().enumerate() {
        for &cell in edge {
            degree[cell as usize] += 1;
            keys_xor[cell as usize] ^= index as u32;
        }
    }
    let mut stack: Vec<u32> = (0..cell_count as u32)
        .filter(|&c| degree[c as usize] == 1)
        .collect();
    let mut order = Vec::with_capacity(cells.len());
    while let Some(cell) = stack.pop() {
        if degree[cell as usize] != 1 {
            continue;
        }
        let index = keys_xor[cell as usize];
        order.push((index, cell));
        for &other in &cells[index as usize] {
            degree[other as usize] -= 1;
            keys_xor[other as usize] ^= index;
            if degree[other as usize] == 1 {
                stack.push(other);
            }
        }
    }
    (order.len() == cells.len()).then_some(order)
}

/// Builds the array for distinct `keys` with `cell_count` cells, where `cells_of` maps a seeded hash
/// to its three (distinct) cells: peel, and on failure retry with the next seed.
pub fn solve(
    keys: &[u64],
    cell_count: usize,
    options: BuildOptions,
    cells_of: impl Fn(u64) -> [u32; 3],
) -> Result<Solved, BuildError> {
    let bits = options.fingerprint_bits;
    if !(1..=16).contains(&bits) {
        return Err(BuildError::FingerprintBits);
    }
    if keys.len() > MAX_KEYS {
        return Err(BuildError::TooManyKeys);
    }
    if cell_count > MAX_CELLS {
        return Err(BuildError::TooLarge);
    }
    let mut seeds = SplitMix64::new(options.seed);
    for attempt in 1..=options.max_attempts {
        let seed = seeds.next_u64();
        let hashes: Vec<u64> = keys.iter().map(|&key| seeded_hash(key, seed)).collect();
        let edges: Vec<[u32; 3]> = hashes.iter().map(|&hash| cells_of(hash)).collect();
        let Some(order) = peel(&edges, cell_count) else {
            continue;
        };
        let mut cells = vec![0u16; cell_count];
        for &(index, cell) in order.iter().rev() {
            let edge = edges[index as usize];
            // The solved cell is still 0, so xor-ing all three leaves the other two.
            let others = edge.iter().fold(0, |acc, &c| acc ^ cells[c as usize]);
            cells[cell as usize] = fingerprint(hashes[index as usize], bits) ^ others;
        }
        let order = order
            .into_iter()
            .map(|(index, cell)| PeelStep {
                key: keys[index as usize],
                cell,
                cells: edges[index as usize],
            })
            .collect();
        return Ok(Solved {
            cells,
            seed,
            attempts: attempt,
            order,
        });
    }
    Err(BuildError::Unpeelable {
        attempts: options.max_attempts,
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_chain_peels_from_its_ends_and_a_cycle_does_not_peel() {
        // Edges {0,1,2}, {2,3,4}: cells 0, 1, 3, 4 have degree 1; both keys come off.
        let order = peel(&[[0, 1, 2], [2, 3, 4]], 5).unwrap();
        assert_eq!(order.len(), 2);
        // Four edges over four cells, every cell of degree 3: a 2-core, nothing comes off.
        let core = [[0, 1, 2], [1, 2, 3], [0, 2, 3], [0, 1, 3]];
        assert_eq!(peel(&core, 4), None);
    }

    #[test]
    fn every_peeling_order_is_valid_for_the_edges() {
        // Each key's cell must have had no other unpeeled key on it when it came off.
        let edges: Vec<[u32; 3]> = (0..40u32)
            .map(|i| [i, 40 + (i * 7) % 40, 80 + (i * 13) % 40])
            .collect();
        let order = peel(&edges, 120).unwrap();
        let mut peeled = vec![false; edges.len()];
        for &(index, cell) in &order {
            assert!(edges[index as usize].contains(&cell));
            let others = edges
                .iter()
                .enumerate()
                .filter(|&(j, edge)| !peeled[j] && j != index as usize && edge.contains(&cell))
                .count();
            assert_eq!(
                others, 0,
                "cell {cell} still shared when key {index} came off"
            );
            peeled[index as usize] = true;
        }
    }

    #[test]
    fn an_impossible_array_reports_its_attempts_without_panicking() {
        // Three keys, three cells: every cell has degree 3 in the only possible edge set.
        let result = solve(&[1, 2, 3], 3, BuildOptions::default(), |_| [0, 1, 2]);
        assert_eq!(result, Err(BuildError::Unpeelable { attempts: 100 }));
        let bad = BuildOptions {
            fingerprint_bits: 17,
            ..BuildOptions::default()
        };
        assert_eq!(
            solve(&[], 3, bad, |_| [0, 1, 2]),
            Err(BuildError::FingerprintBits)
        );
        assert_eq!(distinct(&[3, 1, 3, 2, 1]), vec![1, 2, 3]);
    }

    /// Checks, for f = 8 and 16, that the filter of 10,000 keys on layout `L` finds them all and
    /// that the share of random keys (a random 64-bit key equals one of them with probability
    /// below 10⁻¹²) it calls "maybe" has 2^(−f) in its 95 % interval.
    fn measures_two_to_the_minus_f<L: CellLayout>(key_seed: u64) {
        let keys = crate::modern::testing::distinct_keys(key_seed, 10_000);
        for (bits, probes) in [(8u8, 400_000u32), (16, 4_000_000)] {
            let options = crate::modern::testing::options(bits, key_seed + 1);
            let filter = ThreeCellFilter::<L>::build(&keys, options).unwrap();
            assert!(keys.iter().all(|&key| filter.contains(key)));
            let mut rng = SplitMix64::new(99);
            let positives = (0..probes)
                .filter(|_| filter.contains(rng.next_u64()))
                .count();
            let (low, high) = crate::measure::wilson_interval(positives as u64, u64::from(probes));
            let rate = super::super::xor::rate(bits);
            assert!(
                (low..=high).contains(&rate),
                "f = {bits}: {rate} outside {low}…{high}"
            );
        }
    }

    #[test]
    fn the_measured_rate_is_two_to_the_minus_f_in_both_layouts() {
        measures_two_to_the_minus_f::<super::super::xor::Segments>(1);
        measures_two_to_the_minus_f::<super::super::fuse::Layout>(4);
    }

    /// True when the filter of `keys` on layout `L` finds every one of them.
    fn finds_every_key<L: CellLayout>(keys: &[u64], bits: u8, seed: u64) -> bool {
        let filter =
            ThreeCellFilter::<L>::build(keys, crate::modern::testing::options(bits, seed)).unwrap();
        keys.iter().all(|&key| filter.contains(key))
    }

    proptest::proptest! {
        #[test]
        fn every_key_built_from_is_found_in_both_layouts(
            keys in proptest::collection::vec(proptest::prelude::any::<u64>(), 0..400),
            bits in proptest::sample::select(vec![8u8, 16]),
            seed in proptest::prelude::any::<u64>(),
        ) {
            proptest::prop_assert!(finds_every_key::<super::super::xor::Segments>(&keys, bits, seed));
            proptest::prop_assert!(finds_every_key::<super::super::fuse::Layout>(&keys, bits, seed));
        }
    }
}

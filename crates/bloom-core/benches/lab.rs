//! `make bench`, the lab's native half: the race's filter (n = 1,000,000, p = 1 %, the short keys
//! the browser's entrants use) inserted and queried by this project's core compiled natively, the
//! slides' fifteen cells, and the bug museum's replays (each case's buggy and fixed run, as the lab's
//! worker runs them). Prints a table, and the race's native times as one JSON line in
//! `target/lab-native.json` for the browser half of the benchmark (`e2e/race.mjs`) to print beside
//! its own.

use std::time::Instant;

use std::hint::black_box;

use bloom_core::bugs::{self, Case, Scale, Variant};
use bloom_core::derivation::LabScheme;
use bloom_core::hashing::fnv1a_64;
use bloom_core::keys::{write_key, KeyRole, KeyShape};
use bloom_core::lab::{CellResult, CellRun, CellSpec, LabFilter, Phase};
use bloom_core::murmur;
use bloom_core::race::race_cell;
use bloom_core::slides::CELLS;

/// Runs a cell with generated keys and times its two phases.
fn run(spec: CellSpec) -> CellResult {
    let mut run = CellRun::new(spec).expect("a valid cell");
    let start = Instant::now();
    while let Phase::Inserting(_) = run.advance_generated(u64::MAX) {}
    let inserted = Instant::now();
    while run.advance_generated(u64::MAX) != Phase::Done {}
    let queried = Instant::now();
    CellResult {
        spec,
        insert_ms: (inserted - start).as_secs_f64() * 1e3,
        query_ms: (queried - inserted).as_secs_f64() * 1e3,
        false_positives: run.false_positives(),
        ones: run.filter().ones(),
    }
}

/// Nanoseconds per key of `work` over the race's n keys (role `role`), best of three.
fn per_key(role: KeyRole, mut work: impl FnMut(&[u8])) -> f64 {
    let items = 1_000_000u64;
    let mut key = Vec::with_capacity(32);
    (0..3)
        .map(|_| {
            let start = Instant::now();
            for index in 0..items {
                write_key(KeyShape::Short, role, 1, index, &mut key);
                work(&key);
            }
            start.elapsed().as_secs_f64() * 1e9 / items as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Where a key's time goes in the race's filter: making it, hashing it, and the filter's memory —
/// the same work on a filter small enough for the first-level cache, then on the race's 1.2 MB.
fn breakdown() {
    let race = race_cell(1);
    let mut sink = 0u64;
    let keys = per_key(KeyRole::Member, |key| sink ^= key.len() as u64);
    let hashed = per_key(KeyRole::Member, |key| {
        sink ^= fnv1a_64(key) % race.bits + u64::from(murmur::x86_32(key, 0));
    });
    let mut small = LabFilter::new(1 << 15, race.hashes, LabScheme::Site).expect("a valid filter");
    let small_insert = per_key(KeyRole::Member, |key| small.insert(key));
    let small_query = per_key(KeyRole::Stranger, |key| {
        sink ^= u64::from(small.contains(key))
    });
    let mut large =
        LabFilter::new(race.bits, race.hashes, LabScheme::Site).expect("a valid filter");
    let large_insert = per_key(KeyRole::Member, |key| large.insert(key));
    let large_query = per_key(KeyRole::Stranger, |key| {
        sink ^= u64::from(large.contains(key))
    });
    black_box(sink);
    println!("\nwhere a key's time goes (native, n = 1,000,000, k = 7; ns per key)");
    println!("  writing the key (\"1-123456\")                      {keys:>6.1}");
    println!("  + FNV-1a 64 mod m and MurmurHash3 x86_32            {hashed:>6.1}");
    println!("  insert / query, 32 Kbit filter (4 KB, in L1)       {small_insert:>6.1} / {small_query:.1}");
    println!("  insert / query, the race's 9,585,059 bits (1.2 MB) {large_insert:>6.1} / {large_query:.1}");
}

fn main() {
    // The race: the best of five runs, as the browser's half takes.
    let best = (0..5)
        .map(|_| run(race_cell(1)))
        .min_by(|a, b| (a.insert_ms + a.query_ms).total_cmp(&(b.insert_ms + b.query_ms)))
        .expect("five runs");
    println!(
        "native race (n = 1,000,000, p = 1 %): {:.1} ns per insert, {:.1} ns per query, measured {:.4} %",
        best.ns_per_insert(),
        best.ns_per_query(),
        best.measured() * 100.0
    );
    let json = format!(
        "{{\"impl\":\"native\",\"nsInsert\":{:.3},\"nsQuery\":{:.3},\"measured\":{}}}\n",
        best.ns_per_insert(),
        best.ns_per_query(),
        best.measured()
    );
    let _ = std::fs::create_dir_all("target");
    std::fs::write("target/lab-native.json", json).expect("target/ is writable");

    breakdown();

    println!(
        "\n{:>8} {:>10} {:>12} {:>3} {:>10} {:>10} {:>12} {:>6}",
        "N", "target", "m", "k", "ns/insert", "ns/query", "measured", "FPs"
    );
    let start = Instant::now();
    for cell in CELLS {
        let spec = CellSpec::sized(cell.items, cell.target, 1).expect("the slides' cells fit");
        let result = run(spec);
        println!(
            "{:>8} {:>10e} {:>12} {:>3} {:>10.1} {:>10.1} {:>12.3e} {:>6}",
            cell.items,
            cell.target,
            spec.bits,
            spec.hashes,
            result.ns_per_insert(),
            result.ns_per_query(),
            result.measured(),
            result.false_positives
        );
    }
    println!(
        "all fifteen cells natively: {:.1} s",
        start.elapsed().as_secs_f64()
    );
    bug_museum();
}

/// Each worker-run case of the bug museum at each of its scales: the time a run takes, its count and
/// how it stands against the promise's 99 % range.
fn bug_museum() {
    println!(
        "
bug museum (native; the page runs the same in the lab's worker)"
    );
    println!(
        "{:<14} {:<9} {:>9} {:>10} {:>12}  {:<7} {:>9} {:>8}  result",
        "case", "scale", "n", "m", "queries", "variant", "ms", "wrong"
    );
    for case in Case::ALL.into_iter().filter(|case| !case.runs_in_page()) {
        for scale in [Scale::Classroom, Scale::Original] {
            if scale == Scale::Original && !case.has_original_scale() {
                continue;
            }
            let setup = bugs::setup(case, scale);
            let (low, high) = bugs::likely_counts(bugs::promised_rate(case, &setup), setup.queries);
            for variant in Variant::BOTH {
                let result = run(CellSpec::bug_case(case, variant, &setup));
                let standing = if (low..=high).contains(&result.false_positives) {
                    "inside the promise's range".to_owned()
                } else {
                    format!("outside {low}–{high}")
                };
                println!(
                    "{:<14} {:<9} {:>9} {:>10} {:>12}  {:<7} {:>9.1} {:>8}  {standing}",
                    case.id(),
                    format!("{scale:?}").to_lowercase(),
                    setup.items,
                    setup.bits,
                    setup.queries,
                    variant.id(),
                    result.insert_ms + result.query_ms,
                    result.false_positives
                );
            }
        }
    }
}

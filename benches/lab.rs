//! `make bench`, the lab's native half: the race's filter (n = 1,000,000, p = 1 %, the short keys
//! the browser's entrants use) inserted and queried by this project's core compiled natively, and
//! the slides' fifteen cells. Prints a table, and the race's native times as one JSON line in
//! `target/lab-native.json` for the browser half of the benchmark (`e2e/race.mjs`) to print beside
//! its own.

use std::time::Instant;

use bloom_tutorial::bloom::lab::{CellResult, CellRun, CellSpec, Phase};
use bloom_tutorial::bloom::race::race_cell;
use bloom_tutorial::bloom::slides::CELLS;

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
}

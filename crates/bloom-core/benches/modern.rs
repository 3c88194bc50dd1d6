//! `make bench`, the filters page's native half: every point of the space chart (six structures at
//! two sizes, n = 1,000,000) and the race of the three bit arrays at n = 10,000,000, measured by the
//! same core compiled natively — the figures the page shows beside the browser's. Prints a table
//! (the best of three runs of each, by its build plus query time).

use std::time::Instant;

use bloom_core::modern::measured::{measure, race_specs, space_specs, Measured, Spec};

fn best_of_three(spec: Spec) -> Measured {
    let clock = Instant::now();
    (0..3)
        .map(|_| measure(spec, || clock.elapsed().as_secs_f64() * 1e3).expect("measurable"))
        .min_by_key(|found| found.build_micros + found.query_micros)
        .expect("three runs")
}

fn main() {
    println!(
        "{:>8} {:>4} {:>10} {:>9} {:>12} {:>12} {:>10} {:>10}",
        "", "size", "n", "bits/key", "measured", "formula", "ns/build", "ns/query"
    );
    for spec in space_specs(1).into_iter().chain(race_specs(1)) {
        let found = best_of_three(spec);
        println!(
            "{:>8} {:>4} {:>10} {:>9.3} {:>12.3e} {:>12.3e} {:>10.1} {:>10.1}",
            spec.contender.id(),
            spec.size,
            found.inserted,
            found.bits_per_key(),
            found.rate(),
            found.formula,
            found.build_ns(),
            found.query_ns()
        );
    }
}

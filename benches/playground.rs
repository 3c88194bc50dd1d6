//! `make bench`: how long the core's operations take, natively, at the playground's largest settings.
//! Prints the median of several timed runs for each operation; no external benchmarking crate, so
//! the build stays small and offline-friendly.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bloom_tutorial::bloom::hashing::bit_indexes;
use bloom_tutorial::bloom::params::FilterParams;
use bloom_tutorial::bloom::playground::{Playground, Verdict};

/// Runs `operation` `runs` times (after one warm-up) and returns the median duration.
fn median<T>(runs: usize, mut operation: impl FnMut() -> T) -> Duration {
    black_box(operation());
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(operation());
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    times[runs / 2]
}

fn report(name: &str, per: &str, count: u32, time: Duration) {
    let each = time / count;
    println!(
        "{name:<48} {:>12.3?} per {per} ({count} in {time:.3?})",
        each
    );
}

fn main() {
    let params = FilterParams {
        bits: 1024,
        hashes: 16,
    };
    let words: Vec<String> = (0..1000).map(|i| format!("word number {i}")).collect();

    let time = median(21, || {
        let mut playground = Playground::new(params);
        for word in &words {
            let _ = playground.insert(word);
        }
        playground
    });
    report(
        "insert, m = 1024, k = 16",
        "insert",
        words.len() as u32,
        time,
    );

    let mut full = Playground::new(params);
    for word in &words[..100] {
        let _ = full.insert(word);
    }
    let time = median(21, || {
        words
            .iter()
            .filter(|word| matches!(full.query(word), Verdict::Absent { .. }))
            .count()
    });
    report(
        "query, m = 1024, k = 16, n = 100",
        "query",
        words.len() as u32,
        time,
    );

    let time = median(21, || {
        full.rebuilt(FilterParams {
            bits: 512,
            hashes: 8,
        })
    });
    report("rebuild 100 items for a new m and k", "rebuild", 1, time);

    let huge = "Bloom filter 布隆 🌸 ".repeat(4000);
    let time = median(21, || bit_indexes(&huge, 1024, 16));
    report(
        &format!("hash a {} kB paste (k = 16)", huge.len() / 1000),
        "keystroke",
        1,
        time,
    );

    let time = median(21, || full.stats());
    report("statistics (X, FPR, estimate)", "render", 1, time);
}

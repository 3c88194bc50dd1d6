//! `make bench`: how long the core's operations take, natively, at the playground's largest settings
//! (m = 1024, k = 16). Prints the median of several timed runs for each; no benchmarking crate, so
//! the build stays small. The browser runs the same code as WebAssembly, typically 1.5–3× slower.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bloom_core::cascade::{universe, Cascade};
use bloom_core::compressed::Comparison as Compression;
use bloom_core::count_min::{CountMinParams, CountMinSketch};
use bloom_core::counting::{CountingFilter, CountingParams, Operation, MAX_OPERATIONS};
use bloom_core::fpr;
use bloom_core::hashing::{HashScheme, ItemHashes};
use bloom_core::measure::ProbeSet;
use bloom_core::overflow;
use bloom_core::params::FilterParams;
use bloom_core::playground::{Playground, Verdict};
use bloom_core::scalable::{preset_reports, Probes, ScalableFilter, ScalableParams, STREAM_BATCH};
use bloom_core::sets::estimate_bands;

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
    println!("{name:<58} {each:>12.3?} per {per} ({count} in {time:.3?})");
}

fn main() {
    let params = FilterParams {
        bits: 1024,
        hashes: 16,
        ..FilterParams::default()
    };
    let words: Vec<String> = (0..1000).map(|i| format!("word number {i}")).collect();

    for scheme in HashScheme::ALL {
        let time = median(11, || ProbeSet::playground(1024, 16, scheme));
        report(
            &format!("hash the 10,000-string probe set ({})", scheme.id()),
            "(m, k, scheme)",
            1,
            time,
        );
    }

    let empty = Playground::new(params);
    let time = median(21, || {
        let mut playground = empty.clone();
        for word in &words[..200] {
            let _ = playground.insert(word);
        }
        playground
    });
    report(
        "insert incl. provenance + measured rate (10,000 probes)",
        "insert",
        200,
        time,
    );

    let mut full = empty.clone();
    for word in &words[..100] {
        let _ = full.insert(word);
    }
    let time = median(21, || {
        words
            .iter()
            .filter(|word| matches!(full.query(word), Verdict::Absent { .. }))
            .count()
    });
    report("query, n = 100", "query", words.len() as u32, time);

    let time = median(11, || {
        full.rebuilt(FilterParams {
            bits: 512,
            hashes: 8,
            ..params
        })
    });
    report(
        "rebuild 100 items for a new m and k (incl. probe set)",
        "rebuild",
        1,
        time,
    );

    let huge = "Bloom filter 布隆 🌸 ".repeat(4000);
    let time = median(21, || HashScheme::DoubleHashing.indexes(&huge, 1024, 16));
    report(
        &format!("hash a {} kB paste", huge.len() / 1000),
        "keystroke",
        1,
        time,
    );

    let n_half = fpr::items_at_rate(1024, 16, 0.5).ceil() as u64;
    let time = median(11, || fpr::exact_curve(1024, 16, n_half * 2));
    report(
        &format!("exact curve, n = 0…{}", n_half * 2),
        "curve",
        1,
        time,
    );
    let time = median(11, || fpr::exact_by_hashes(1024, 100, 20));
    report("exact rate for k = 1…20 at n = 100", "chart", 1, time);

    counting(&words);
    growing_and_combining();
}

/// The scalable filter and the combining page at their first settings: what a click costs.
fn growing_and_combining() {
    let probes = Probes::standard();
    let time = median(5, || {
        let mut filter = ScalableFilter::new(ScalableParams::default());
        filter.stream(STREAM_BATCH, &probes)
    });
    report(
        "scalable: stream 10,000 items, measured at each stage",
        "click",
        1,
        time,
    );
    let time = median(3, || preset_reports(32, 0.01, 10_000, &probes));
    report(
        "scalable: five libraries' rules, 10,000 items each",
        "click",
        1,
        time,
    );
    let params = FilterParams {
        bits: 1024,
        hashes: 3,
        ..FilterParams::default()
    };
    let time = median(5, || estimate_bands(params, 200, 200, 50, 200, 1));
    report(
        "sets: estimate bands, 200 trials of |A| = |B| = 200",
        "change",
        1,
        time,
    );
    let hashed = |texts: Vec<String>| -> Vec<ItemHashes> {
        texts.iter().map(|text| ItemHashes::of(text)).collect()
    };
    let items = hashed((0..1_000).map(|i| format!("item {i}")).collect());
    let probe_hashes = probes.hashes().to_vec();
    let time = median(3, || Compression::run(8_000, &items, &probe_hashes));
    report(
        "compressed: z = 8,000 bits, n = 1,000, both coders",
        "change",
        1,
        time,
    );
    let one = &items[..1];
    let time = median(3, || Compression::run(32_000, one, &probe_hashes));
    report(
        "compressed: the largest z (32,000 bits) for one item, the slowest",
        "change",
        1,
        time,
    );
    let (revoked, valid) = universe(20_000, 500, 1);
    let (revoked, valid) = (hashed(revoked), hashed(valid));
    let time = median(5, || Cascade::build(&revoked, &valid, 0.01));
    report("cascade: |U| = 20,000, |R| = 500", "change", 1, time);
}

/// The counting filter and the count-min sketch at their largest settings: what a click costs.
fn counting(words: &[String]) {
    let params = CountingParams {
        filter: FilterParams {
            bits: 1024,
            hashes: 16,
            ..FilterParams::default()
        },
        counter_bits: 4,
    };
    let mut filter = CountingFilter::new(params);
    for word in &words[..200] {
        let _ = filter.insert(word);
    }
    let time = median(11, || filter.measured_positives());
    report(
        "counting: measured rate (10,000 probes, m = 1024, k = 16)",
        "change",
        1,
        time,
    );
    let time = median(11, || {
        let mut copy = filter.clone();
        copy.remove("never inserted", true)
    });
    report(
        "counting: remove anyway + false negatives, n = 200",
        "click",
        1,
        time,
    );
    let operations: Vec<Operation> = words
        .iter()
        .cycle()
        .take(MAX_OPERATIONS)
        .map(|word| Operation::Insert(word.clone()))
        .collect();
    let time = median(5, || CountingFilter::replay(params, &operations));
    report(
        "counting: replay a link of 10,000 operations",
        "link",
        1,
        time,
    );
    // The overflow panel near its exact limit (m·nk·(2^c − 1) ≤ 300,000) and past it (independent counters).
    for (items, hashes, bits, label) in [
        (20, 3, 256, "n = 20, k = 3, m = 256 (exact)"),
        (200, 16, 1024, "n = 200, k = 16, m = 1024 (approximation)"),
    ] {
        let time = median(5, || overflow::expected_largest(items * hashes, bits, 15));
        report(
            &format!("overflow: expected largest counter, {label}"),
            "change",
            1,
            time,
        );
    }
    let time = median(5, || overflow::some_counter_reaches(60, 32, 15));
    report(
        "overflow: chance some counter sticks, n = 20, k = 3, m = 32",
        "change",
        1,
        time,
    );
    let time = median(11, || {
        let mut sketch = CountMinSketch::new(CountMinParams {
            width: 272,
            depth: 5,
        });
        sketch.stream(1, 11)
    });
    report(
        "count-min: one stream of 1,000 words (w = 272, d = 5)",
        "click",
        1,
        time,
    );
}

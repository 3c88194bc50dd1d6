//! Parquet's split-block Bloom filter, bit for bit against two other engines: files written by
//! Arrow C++ (through pyarrow) and by DuckDB, kept in `tests/fixtures/` (its README says how they
//! were made). For each column the test reads the filter's bytes from where the column chunk's
//! metadata points and checks that `modern::sbbf` builds the same bytes from the same values.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use bloom_core::modern::sbbf::{self, Sbbf};

mod modern_common;
use modern_common::{rebuilt_size, stored_filters};

/// The distinct values of every fixture column.
const VALUES: i64 = 3_000;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The hashes of each column's values, in the files' column order: name, id, small.
fn column_hashes() -> [Vec<u64>; 3] {
    [
        (0..VALUES)
            .map(|i| sbbf::hash_str(&format!("user-{i}")))
            .collect(),
        (0..VALUES)
            .map(|i| sbbf::hash_i64(i * 2_654_435_761 - 5_000_000_000))
            .collect(),
        (0..VALUES as i32)
            .map(|i| sbbf::hash_i32(i * 7 - 9_000))
            .collect(),
    ]
}

fn assert_rebuilt(name: &str) {
    let stored = stored_filters(&fixture(name));
    assert_eq!(stored.len(), 3, "{name}: three columns with filters");
    for (column, (data, hashes)) in ["name", "id", "small"]
        .iter()
        .zip(stored.iter().zip(column_hashes()))
    {
        rebuilt_size(data, &hashes, &format!("{name} {column}"));
    }
}

#[test]
fn arrow_cpps_filters_are_ours_byte_for_byte() {
    assert_rebuilt("pyarrow_bloom.parquet");
    // Asked for 3,000 values at 1 %, Arrow sized its filters as the spec's formula does.
    for data in stored_filters(&fixture("pyarrow_bloom.parquet")) {
        let size = Sbbf::from_file_bytes(&data).unwrap().byte_count();
        assert_eq!(size, sbbf::bytes_for(3_000, 0.01).unwrap());
    }
}

#[test]
fn duckdbs_filters_are_ours_byte_for_byte() {
    assert_rebuilt("duckdb_bloom.parquet");
}

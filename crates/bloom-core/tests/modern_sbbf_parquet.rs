//! Parquet's split-block Bloom filter, bit for bit against a real writer: the `parquet` crate writes
//! a file with Bloom filters for a column of strings, one of INT64 and one of INT32; the test reads
//! each filter's bytes back from where the column chunk's metadata says they are, and checks that
//! `modern::sbbf` builds the very same bytes from the same values. It runs natively only (the writer
//! is a dev-dependency for the host).
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;
use std::sync::Arc;

use bloom_core::modern::sbbf::{self, Sbbf};
use parquet::basic::{Repetition, Type as PhysicalType};
use parquet::data_type::{ByteArray, ByteArrayType, DataType, Int32Type, Int64Type};
use parquet::file::properties::{ReaderProperties, WriterProperties};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::serialized_reader::ReadOptionsBuilder;
use parquet::file::writer::{SerializedFileWriter, SerializedRowGroupWriter};
use parquet::schema::types::{ColumnPath, Type};

mod modern_common;
use modern_common::{rebuilt_size, stored_filters};

/// Distinct values per column.
const VALUES: usize = 5_000;
/// The rate asked of every filter.
const RATE: f64 = 0.01;

/// The column values: "user-0" …, and two sequences of distinct integers spread over their range.
struct Columns {
    names: Vec<String>,
    ids: Vec<i64>,
    smalls: Vec<i32>,
}

impl Columns {
    fn new() -> Self {
        let count = VALUES as i64;
        Self {
            names: (0..VALUES).map(|i| format!("user-{i}")).collect(),
            ids: (0..count)
                .map(|i| i * 2_654_435_761 - 5_000_000_000)
                .collect(),
            smalls: (0..count as i32).map(|i| i * 7 - 9_000).collect(),
        }
    }
}

/// A file name of this process's own in the system's temporary folder.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> Self {
        let folder = std::env::temp_dir().join(format!("bloom-core-modern-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        Self(folder.join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        let _ = self.0.parent().map(std::fs::remove_dir);
    }
}

fn schema() -> Arc<Type> {
    let column = |name: &str, physical| {
        Arc::new(
            Type::primitive_type_builder(name, physical)
                .with_repetition(Repetition::REQUIRED)
                .build()
                .unwrap(),
        )
    };
    Arc::new(
        Type::group_type_builder("schema")
            .with_fields(vec![
                column("name", PhysicalType::BYTE_ARRAY),
                column("id", PhysicalType::INT64),
                column("small", PhysicalType::INT32),
            ])
            .build()
            .unwrap(),
    )
}

/// Writes `values` as the row group's next column, of Parquet type `T`.
fn write_column<T: DataType>(
    row_group: &mut SerializedRowGroupWriter<'_, std::fs::File>,
    values: &[T::T],
) {
    let mut column = row_group.next_column().unwrap().unwrap();
    column.typed::<T>().write_batch(values, None, None).unwrap();
    column.close().unwrap();
}

/// Writes the three columns with Bloom filters at 1 %: the strings and the INT32s sized for the
/// values they hold, the INT64s for the writer's default of a million values, which it then folds
/// down to the smallest filter that still meets the rate.
fn write(path: &PathBuf, columns: &Columns) {
    let properties = WriterProperties::builder()
        .set_bloom_filter_enabled(true)
        .set_bloom_filter_fpp(RATE)
        .set_column_bloom_filter_max_ndv(ColumnPath::from("name"), VALUES as u64)
        .set_column_bloom_filter_max_ndv(ColumnPath::from("small"), VALUES as u64)
        .build();
    let file = std::fs::File::create(path).unwrap();
    let mut writer = SerializedFileWriter::new(file, schema(), Arc::new(properties)).unwrap();
    let mut row_group = writer.next_row_group().unwrap();
    let names: Vec<ByteArray> = columns.names.iter().map(|s| s.as_str().into()).collect();
    write_column::<ByteArrayType>(&mut row_group, &names);
    write_column::<Int64Type>(&mut row_group, &columns.ids);
    write_column::<Int32Type>(&mut row_group, &columns.smalls);
    row_group.close().unwrap();
    writer.close().unwrap();
}

#[test]
fn our_filters_are_the_parquet_writers_byte_for_byte() {
    let columns = Columns::new();
    let temp = TempFile::new("bloom.parquet");
    write(&temp.0, &columns);
    let stored = stored_filters(&temp.0);
    let hashes: [Vec<u64>; 3] = [
        columns.names.iter().map(|s| sbbf::hash_str(s)).collect(),
        columns.ids.iter().map(|&v| sbbf::hash_i64(v)).collect(),
        columns.smalls.iter().map(|&v| sbbf::hash_i32(v)).collect(),
    ];
    let mut sizes = Vec::new();
    for (column, (data, hashes)) in ["name", "id", "small"]
        .iter()
        .zip(stored.iter().zip(&hashes))
    {
        sizes.push(rebuilt_size(data, hashes, column));
    }
    // Sized for the values it holds, the writer's filter is the spec formula's size (5,000 values
    // at 1 %: folding once would leave 6.5 bits per value, far above 1 %).
    assert_eq!(sizes[0], sbbf::bytes_for(VALUES as u64, RATE).unwrap());
    assert_eq!(sizes[2], sizes[0]);
    // Sized for a million, it was folded — adjacent blocks OR-ed together — and the smaller filter
    // is still ours built directly at that size.
    assert!(sizes[1] < sbbf::bytes_for(1 << 20, RATE).unwrap());
}

#[test]
fn the_crates_own_reader_sees_the_same_filter() {
    let columns = Columns::new();
    let temp = TempFile::new("reader.parquet");
    write(&temp.0, &columns);
    let options = ReadOptionsBuilder::new()
        .with_reader_properties(
            ReaderProperties::builder()
                .set_read_bloom_filter(true)
                .build(),
        )
        .build();
    let file = std::fs::File::open(&temp.0).unwrap();
    let reader = SerializedFileReader::new_with_options(file, options).unwrap();
    let row_group = reader.get_row_group(0).unwrap();
    let theirs = row_group.get_column_bloom_filter(0).expect("a filter");
    let mut bitset = Vec::new();
    theirs.write_bitset(&mut bitset).unwrap();
    let ours = Sbbf::from_bytes(&bitset).unwrap();
    for name in &columns.names {
        assert!(ours.contains_str(name) && theirs.check(&name.as_str()));
    }
    // The two agree on values never written, false positives included.
    for i in 0..20_000 {
        let absent = format!("absent-{i}");
        assert_eq!(ours.contains_str(&absent), theirs.check(&absent.as_str()));
    }
}

proptest::proptest! {
    #[test]
    fn any_strings_set_the_same_bits_as_the_crates_filter(
        values in proptest::collection::vec(".{0,24}", 0..120),
        bytes in 0usize..8_192,
    ) {
        let mut theirs = parquet::bloom_filter::Sbbf::new_with_num_of_bytes(bytes);
        let mut ours = Sbbf::with_bytes(bytes);
        for value in &values {
            theirs.insert(value.as_str());
            ours.insert_str(value);
        }
        let mut bitset = Vec::new();
        theirs.write_bitset(&mut bitset).unwrap();
        proptest::prop_assert!(ours.to_bytes() == bitset);
        let mut data = Vec::new();
        theirs.write(&mut data).unwrap();
        proptest::prop_assert!(ours.to_file_bytes() == data);
    }
}

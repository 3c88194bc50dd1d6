//! What the split-block filter's file tests share: reading each column's filter from a Parquet file,
//! and building ours from the same values to compare.

use std::path::Path;

use bloom_core::modern::sbbf::Sbbf;

use parquet::file::reader::{FileReader, SerializedFileReader};

/// Each column's filter as stored (header and bitset) in the first row group of the file at
/// `path`, from the column chunk's bloom_filter_offset and bloom_filter_length.
pub fn stored_filters(path: &Path) -> Vec<Vec<u8>> {
    let file = std::fs::read(path).unwrap();
    let reader = SerializedFileReader::new(std::fs::File::open(path).unwrap()).unwrap();
    let row_group = reader.metadata().row_group(0);
    row_group
        .columns()
        .iter()
        .map(|column| {
            let offset = column.bloom_filter_offset().expect("a filter offset") as usize;
            let length = column.bloom_filter_length().expect("a filter length") as usize;
            file[offset..offset + length].to_vec()
        })
        .collect()
}

/// The size of the stored filter `data`, once checked that ours, of that size and with `hashes`
/// inserted, has the same bytes: the size is the writer's choice; everything else must follow from
/// the values. `column` names the column in a failure.
pub fn rebuilt_size(data: &[u8], hashes: &[u64], column: &str) -> usize {
    let size = Sbbf::from_file_bytes(data).unwrap().byte_count();
    let mut ours = Sbbf::with_bytes(size);
    assert_eq!(ours.byte_count(), size, "{column}: a power of two");
    hashes.iter().for_each(|&hash| ours.insert_hash(hash));
    assert!(ours.to_file_bytes() == data, "{column}: the filters differ");
    size
}

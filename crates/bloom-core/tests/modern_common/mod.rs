//! What the split-block filter's file tests share: reading each column's filter from a Parquet file.

use std::path::Path;

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

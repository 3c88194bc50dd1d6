//! An interactive Bloom filter tutorial. The filter and its maths live in [`bloom`], free of web code;
//! the rest turns it into a page.

pub mod bloom;

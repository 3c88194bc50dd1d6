pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (base, step) = base_and_step(key, bits);
    (0..u64::from(hashes)).map(move |i| (base + i * step) % bits)
}

pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (item, words) = (item(key), (bits / 64).max(1) as u32);
    (0..hashes as usize).map(move |i| {
        let hash = seeded(item, i);
        let word = hash & (words - 1);
        let bit = (hash >> 8) & 63;
        u64::from(word) * 64 + u64::from(bit)
    })
}

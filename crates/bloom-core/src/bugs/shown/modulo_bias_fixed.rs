pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (h1, h2) = murmur::x64_128(key, 0);
    (1..=u64::from(hashes))
        .map(move |i| (h1.wrapping_add(i.wrapping_mul(h2)) & (u64::MAX >> 1)) % bits)
}

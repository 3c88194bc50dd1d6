pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let h1 = murmur3_x86_32(key, 0);
    let h2 = murmur3_x86_32(key, h1);
    let (h1, h2) = (h1 as i16, h2 as i16);
    (1..=hashes as i16).map(move |i| {
        let mut combined = h1.wrapping_add(i.wrapping_mul(h2));
        if combined < 0 {
            combined = !combined;
        }
        combined as u64 % bits
    })
}

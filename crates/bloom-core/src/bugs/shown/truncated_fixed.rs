pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let h1 = murmur3_x86_32(key, 0);
    let h2 = murmur3_x86_32(key, h1);
    let (h1, h2) = (i64::from(h1 as i32), i64::from(h2 as i32));
    let mut combined = h1.wrapping_mul(i64::from(i32::MAX));
    (0..hashes).map(move |_| {
        combined = combined.wrapping_add(h2);
        let index = if combined < 0 { !combined } else { combined };
        index as u64 % bits
    })
}

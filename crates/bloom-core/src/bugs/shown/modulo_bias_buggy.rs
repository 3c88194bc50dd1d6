pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (low, _) = murmur::x64_128(key, 0);
    let (h1, h2) = (low as i32, (low >> 32) as i32);
    (1..=hashes as i32).map(move |i| {
        let mut combined = h1.wrapping_add(i.wrapping_mul(h2));
        if combined < 0 {
            combined = !combined;
        }
        // Uniform below 2³¹; its top 16 bits are uniform below 2¹⁶.
        let x = (combined >> 15) as u64;
        x % bits
    })
}

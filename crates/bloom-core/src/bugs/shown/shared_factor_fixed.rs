/// Enhanced double hashing from the same two hashes: g_0 = h1, then g_i = g_(i−1) + s, s += i
/// (mod m). The step changes every time, so no gcd can trap it in a short cycle.
pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (mut index, mut step) = base_and_step(key, bits);
    (0..u64::from(hashes)).map(move |i| {
        if i > 0 {
            index = (index + step) % bits;
            step = (step + i) % bits;
        }
        index
    })
}

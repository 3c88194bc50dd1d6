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

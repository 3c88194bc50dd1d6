pub fn fixed(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let hash = crate::hashing::fnv1a_64(key);
    let m = bits as i64;
    let mut a = i64::from((hash >> 32) as i32).rem_euclid(m);
    let mut b = i64::from(hash as i32).rem_euclid(m);
    (0..i64::from(hashes)).map(move |i| {
        if i > 0 {
            a = (a + b) % m;
            b = (b + i) % m;
        }
        a as u64
    })
}

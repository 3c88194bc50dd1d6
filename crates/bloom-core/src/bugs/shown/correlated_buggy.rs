pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let a = fnv_1a(key);
    let b = fnv_1a_b(a);
    let (a, b, m) = (i64::from(a as i32), i64::from(b as i32), bits as i64);
    (0..i64::from(hashes)).map(move |i| (a + i * b).rem_euclid(m) as u64)
}

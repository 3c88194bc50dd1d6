/// Plain double hashing, the playground's: g_i = (h1 + i·h2) mod m, h1 = FNV-1a 64 mod m,
/// h2 = MurmurHash3 mod m.
pub fn buggy(key: &[u8], bits: u64, hashes: u32) -> impl Iterator<Item = u64> {
    let (base, step) = base_and_step(key, bits);
    (0..u64::from(hashes)).map(move |i| (base + i * step) % bits)
}

pub fn fnv1_32(key: &[u8]) -> u32 {
    key.iter().fold(OFFSET, |hash, &byte| {
        hash.wrapping_mul(PRIME) ^ u32::from(byte)
    })
}

/// FNV-1, 32-bit: for each byte, multiply by the prime (mod 2³²), then XOR the byte in.
pub fn fnv1_32(key: &[u8]) -> u32 {
    key.iter().fold(OFFSET, |hash, &byte| {
        hash.wrapping_mul(PRIME) ^ u32::from(byte)
    })
}

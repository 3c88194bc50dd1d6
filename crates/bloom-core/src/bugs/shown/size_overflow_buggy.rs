pub fn buggy_modulus(bits: u64) -> u64 {
    u64::from(1u16.wrapping_shl(exponent(bits)))
}

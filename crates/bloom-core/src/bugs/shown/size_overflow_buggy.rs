/// The scaled-down bug: the modulus `1 << b` in 16-bit arithmetic, where a shift by 16 wraps to a
/// shift by 0 (as x86 does with 32 in 32 bits).
pub fn buggy_modulus(bits: u64) -> u64 {
    u64::from(1u16.wrapping_shl(exponent(bits)))
}

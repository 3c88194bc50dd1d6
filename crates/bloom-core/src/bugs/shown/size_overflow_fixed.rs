pub fn fixed_modulus(bits: u64) -> u64 {
    1u64 << exponent(bits).min(63)
}

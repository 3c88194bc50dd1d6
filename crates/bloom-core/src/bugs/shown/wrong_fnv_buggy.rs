pub fn fnv1_32_in_doubles(key: &[u8]) -> u32 {
    key.iter().fold(OFFSET, |hash, &byte| {
        let product = f64::from(hash) * f64::from(PRIME);
        // A double below 2⁵⁶ is a whole number; its remainder mod 2³² is exact.
        let reduced = product % 4_294_967_296.0;
        (reduced as u32) ^ u32::from(byte)
    })
}

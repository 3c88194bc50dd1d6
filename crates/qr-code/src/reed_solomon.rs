//! Reed–Solomon error correction over GF(256) with the field polynomial x⁸ + x⁴ + x³ + x² + 1
//! (0x11D), as QR codes use it.

use alloc::vec;
use alloc::vec::Vec;

/// Multiplies in GF(256), shift and add with reduction by 0x11D: slower than log tables but with no
/// tables to ship, and a symbol needs only tens of thousands of products.
pub(crate) fn multiply(a: u8, b: u8) -> u8 {
    let mut product = 0_u8;
    for bit in (0..8).rev() {
        let carry = product & 0x80 != 0;
        product <<= 1;
        if carry {
            product ^= 0x1D;
        }
        if b >> bit & 1 != 0 {
            product ^= a;
        }
    }
    product
}

/// The generator polynomial of degree `degree`, (x − α⁰)(x − α¹)…(x − α^(degree−1)) with α = 2,
/// highest coefficient first (always 1).
pub(crate) fn generator(degree: usize) -> Vec<u8> {
    let mut polynomial = vec![1];
    let mut root = 1;
    for _ in 0..degree {
        // Multiply by (x + root): subtraction is addition (XOR) in GF(256).
        polynomial.push(0);
        for i in (1..polynomial.len()).rev() {
            polynomial[i] ^= multiply(polynomial[i - 1], root);
        }
        root = multiply(root, 2);
    }
    polynomial
}

/// The error-correction codewords of a block: the remainder of data(x)·x^degree divided by the
/// generator, by long division.
pub(crate) fn remainder(data: &[u8], generator: &[u8]) -> Vec<u8> {
    let mut remainder = vec![0; generator.len() - 1];
    for &byte in data {
        let factor = byte ^ remainder[0];
        remainder.rotate_left(1);
        let last = remainder.len() - 1;
        remainder[last] = 0;
        for (coefficient, &g) in remainder.iter_mut().zip(&generator[1..]) {
            *coefficient ^= multiply(g, factor);
        }
    }
    remainder
}

#[cfg(test)]
mod tests {
    use super::*;

    /// α^i for i in 0..255, built by repeated doubling.
    fn powers() -> Vec<u8> {
        let mut powers = vec![1_u8];
        for _ in 1..255 {
            powers.push(multiply(*powers.last().unwrap(), 2));
        }
        powers
    }

    /// The value of a polynomial (highest coefficient first) at `x`, by Horner's rule.
    fn evaluate(polynomial: &[u8], x: u8) -> u8 {
        polynomial.iter().fold(0, |acc, &c| multiply(acc, x) ^ c)
    }

    #[test]
    fn multiplication_is_a_field() {
        // x⁷ · x = x⁸ = x⁴ + x³ + x² + 1 modulo 0x11D.
        assert_eq!(multiply(0x80, 2), 0x1D);
        assert_eq!(multiply(0x53, 0xCA), multiply(0xCA, 0x53));
        for a in 1..=255_u8 {
            assert_eq!(multiply(a, 1), a);
            assert_eq!(multiply(a, 0), 0);
            assert_eq!(
                (1..=255_u8).filter(|&b| multiply(a, b) == 1).count(),
                1,
                "{a} has one inverse"
            );
        }
        // α = 2 generates the multiplicative group: its 255 powers are all distinct.
        let mut seen = powers();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 255);
    }

    #[test]
    fn generator_polynomials_match_the_standard() {
        // ISO/IEC 18004 Annex A, as exponents of α.
        let alpha = powers();
        let expect = |exponents: &[usize]| exponents.iter().map(|&e| alpha[e]).collect::<Vec<u8>>();
        assert_eq!(generator(7), expect(&[0, 87, 229, 146, 149, 238, 102, 21]));
        assert_eq!(
            generator(10),
            expect(&[0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
        );
    }

    #[test]
    fn annex_i_example() {
        // "01234567" as 1-M in numeric mode: the standard's worked example.
        let data = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
            0xEC, 0x11,
        ];
        let ec = remainder(&data, &generator(10));
        assert_eq!(
            ec,
            [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        );
    }

    #[test]
    fn codewords_are_multiples_of_the_generator() {
        let alpha = powers();
        let mut seed = 7_u32;
        for degree in [7, 10, 13, 17, 22, 26, 28, 30] {
            let data: Vec<u8> = (0..40)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect();
            let mut codeword = data.clone();
            codeword.extend(remainder(&data, &generator(degree)));
            // Every root of the generator is a root of the codeword: all syndromes are zero.
            for &root in &alpha[..degree] {
                assert_eq!(evaluate(&codeword, root), 0, "degree {degree}");
            }
            assert_ne!(evaluate(&codeword, alpha[degree]), 0, "degree {degree}");
        }
    }
}

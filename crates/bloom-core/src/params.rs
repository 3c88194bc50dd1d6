//! The two knobs of a filter, m (bits) and k (hash functions), and how typed values become them. The
//! playground keeps m small enough to draw every bit, and k small enough to write every hash row.

use std::ops::RangeInclusive;

use super::hashing::HashScheme;

/// The m the playground accepts: enough to see collisions, few enough to draw every bit.
pub const BITS_RANGE: RangeInclusive<u32> = 8..=1024;
/// The k the playground accepts.
pub const HASHES_RANGE: RangeInclusive<u32> = 1..=16;
/// m when the page opens.
pub const DEFAULT_BITS: u32 = 32;
/// k when the page opens.
pub const DEFAULT_HASHES: u32 = 3;

/// m, k (always within their ranges) and the hash scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterParams {
    /// m, the number of bits.
    pub bits: u32,
    /// k, the number of hash functions.
    pub hashes: u32,
    /// How the k indexes are made.
    pub scheme: HashScheme,
}

impl Default for FilterParams {
    fn default() -> Self {
        Self {
            bits: DEFAULT_BITS,
            hashes: DEFAULT_HASHES,
            scheme: HashScheme::default(),
        }
    }
}

/// Why a typed value was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamError {
    /// Nothing was typed (a number field also reads as empty when it holds no valid number).
    Empty,
    /// Not a whole number: letters, a fraction, an exponent.
    NotWholeNumber,
    /// A whole number outside the allowed range.
    OutOfRange {
        /// Smallest accepted value.
        min: u32,
        /// Largest accepted value.
        max: u32,
    },
}

/// Parses a typed whole number and checks it against `range`.
pub fn parse_in_range(input: &str, range: RangeInclusive<u32>) -> Result<u32, ParamError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(ParamError::Empty);
    }
    let out_of_range = ParamError::OutOfRange {
        min: *range.start(),
        max: *range.end(),
    };
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        // Written with a point or an exponent ("1e12", "2.0", "1.5"): a whole number in that form
        // is judged by its size, so 1e12 is "too large", not "not a whole number".
        return match scientific_whole(trimmed) {
            Some(Whole::Zero) if range.contains(&0) => Ok(0),
            Some(Whole::Value(value))
                if value <= u64::from(u32::MAX) && range.contains(&(value as u32)) =>
            {
                Ok(value as u32)
            }
            Some(_) => Err(out_of_range),
            None => Err(ParamError::NotWholeNumber),
        };
    }
    if trimmed.starts_with('-') {
        // Any negative whole number ("-0" included) is below the range; say so rather than
        // "not a number".
        return match digits.bytes().all(|byte| byte == b'0') {
            true if range.contains(&0) => Ok(0),
            _ => Err(out_of_range),
        };
    }
    // Too many digits for u32 is simply a very large number.
    match digits.parse::<u32>() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ => Err(out_of_range),
    }
}

/// A whole number read from decimal or exponent notation.
enum Whole {
    Zero,
    /// Positive; saturates at `u64::MAX` (far past every range).
    Value(u64),
    /// Below zero.
    Negative,
}

/// `text` as a whole number written as `[+-]digits[.digits][e[+-]digits]`, or `None` when it is not
/// one (not in that form, or with a fraction). Digits only, no float parsing: the page then carries
/// no float parser for a field that takes whole numbers.
fn scientific_whole(text: &str) -> Option<Whole> {
    // Splitting with `strip_prefix` and `split_once` (never by index) keeps the panicking string
    // slicer, and its message formatting, out of every page.
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let mut exponent: i64 = match exponent {
        None => 0,
        Some(part) => {
            let (sign, digits) = match part.strip_prefix('-') {
                Some(digits) => (-1, digits),
                None => (1, part.strip_prefix('+').unwrap_or(part)),
            };
            if digits.is_empty() || !all_digits(digits) {
                return None;
            }
            sign * digits.bytes().fold(0i64, |value, byte| {
                (value * 10 + i64::from(byte - b'0')).min(1 << 40)
            })
        }
    };
    // The significant digits, and the power of ten they are scaled by.
    let mut digits: Vec<u8> = whole
        .bytes()
        .chain(fraction.bytes())
        .map(|b| b - b'0')
        .skip_while(|&digit| digit == 0)
        .collect();
    exponent -= fraction.len() as i64;
    if digits.is_empty() {
        return Some(Whole::Zero);
    }
    // A negative power must only remove zeros, or the number has a fraction.
    while exponent < 0 {
        if digits.pop()? != 0 {
            return None;
        }
        exponent += 1;
    }
    if negative {
        return Some(Whole::Negative);
    }
    let mut value: u64 = 0;
    for digit in digits.into_iter().chain((0..exponent.min(20)).map(|_| 0)) {
        value = value.saturating_mul(10).saturating_add(u64::from(digit));
    }
    Some(Whole::Value(value))
}

/// Parses m.
pub fn parse_bits(input: &str) -> Result<u32, ParamError> {
    parse_in_range(input, BITS_RANGE)
}

/// Parses k.
pub fn parse_hashes(input: &str) -> Result<u32, ParamError> {
    parse_in_range(input, HASHES_RANGE)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Asserts that `parse` gives each input of `cases` its expected answer.
    fn reads(
        parse: fn(&str) -> Result<u32, ParamError>,
        cases: &[(&str, Result<u32, ParamError>)],
    ) {
        for (input, expected) in cases {
            assert_eq!(&parse(input), expected, "{input}");
        }
    }

    #[test]
    fn accepts_the_range_and_nothing_else() {
        let range_error = Err(ParamError::OutOfRange { min: 8, max: 1024 });
        reads(
            parse_bits,
            &[
                ("32", Ok(32)),
                (" 8 ", Ok(8)),
                ("+1024", Ok(1024)),
                ("0", range_error.clone()),
                ("7", range_error.clone()),
                ("1025", range_error.clone()),
                ("-5", range_error.clone()),
                ("99999999999999999999999", range_error),
            ],
        );
        reads(
            parse_hashes,
            &[
                ("1000", Err(ParamError::OutOfRange { min: 1, max: 16 })),
                ("16", Ok(16)),
            ],
        );
    }

    #[test]
    fn a_whole_number_with_a_point_or_an_exponent_is_judged_by_its_size() {
        assert_eq!(parse_hashes("1E1"), Ok(10));
        let too_large = Err(ParamError::OutOfRange { min: 8, max: 1024 });
        reads(
            parse_bits,
            &[
                ("1e3", Ok(1000)),
                ("64.0", Ok(64)),
                ("1e12", too_large.clone()),
                ("1e400", too_large.clone()),
                ("-1e3", too_large),
            ],
        );
    }

    #[test]
    fn refuses_what_is_not_a_whole_number() {
        assert_eq!(parse_bits(""), Err(ParamError::Empty));
        assert_eq!(parse_bits("   "), Err(ParamError::Empty));
        for input in [
            "abc",
            "12.5",
            "1.25e1",
            "inf",
            "-infinity",
            "NaN",
            "-",
            "+",
            "3 2",
            "٣٢",
            "0x20",
        ] {
            assert_eq!(
                parse_bits(input),
                Err(ParamError::NotWholeNumber),
                "{input}"
            );
        }
    }

    proptest! {
        #[test]
        fn never_panics_and_only_returns_values_in_range(input in ".*") {
            if let Ok(value) = parse_bits(&input) {
                prop_assert!(BITS_RANGE.contains(&value));
            }
        }
    }
}

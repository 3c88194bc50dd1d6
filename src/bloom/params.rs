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
        let spelled_out = trimmed.to_ascii_lowercase().contains(['i', 'n']);
        return match trimmed.parse::<f64>() {
            // Past f64's range ("1e400") is simply very large too.
            Ok(value) if value.is_infinite() && !spelled_out => Err(out_of_range),
            Ok(value) if value.is_finite() && value.fract() == 0.0 => {
                if value >= f64::from(*range.start()) && value <= f64::from(*range.end()) {
                    Ok(value as u32)
                } else {
                    Err(out_of_range)
                }
            }
            _ => Err(ParamError::NotWholeNumber),
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

    #[test]
    fn accepts_the_range_and_nothing_else() {
        assert_eq!(parse_bits("32"), Ok(32));
        assert_eq!(parse_bits(" 8 "), Ok(8));
        assert_eq!(parse_bits("+1024"), Ok(1024));
        let range_error = ParamError::OutOfRange { min: 8, max: 1024 };
        assert_eq!(parse_bits("0"), Err(range_error.clone()));
        assert_eq!(parse_bits("7"), Err(range_error.clone()));
        assert_eq!(parse_bits("1025"), Err(range_error.clone()));
        assert_eq!(parse_bits("-5"), Err(range_error.clone()));
        assert_eq!(parse_bits("99999999999999999999999"), Err(range_error));
        assert_eq!(
            parse_hashes("1000"),
            Err(ParamError::OutOfRange { min: 1, max: 16 })
        );
        assert_eq!(parse_hashes("16"), Ok(16));
    }

    #[test]
    fn a_whole_number_with_a_point_or_an_exponent_is_judged_by_its_size() {
        assert_eq!(parse_bits("1e3"), Ok(1000));
        assert_eq!(parse_bits("64.0"), Ok(64));
        assert_eq!(parse_hashes("1E1"), Ok(10));
        let too_large = ParamError::OutOfRange { min: 8, max: 1024 };
        assert_eq!(parse_bits("1e12"), Err(too_large.clone()));
        assert_eq!(parse_bits("1e400"), Err(too_large.clone()));
        assert_eq!(parse_bits("-1e3"), Err(too_large));
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

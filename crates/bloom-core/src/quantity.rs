//! Reading the numbers people type into the calculator: `1e6`, `1,000,000` and `1M` for counts;
//! `0.001`, `0.1%`, `1 in 1000` and `1/1000` for rates; bits as a plain number or a size such as
//! `64KiB`, `1.5GB` or `8Mb` — an upper-case B is bytes, a lower-case b bits, `Ki`/`Mi`/`Gi` powers of
//! 1024 and `k`/`M`/`G` powers of 1000.

/// Why a typed value was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuantityError {
    /// Nothing typed.
    Empty,
    /// Not a number in any accepted form.
    NotANumber,
    /// A unit or suffix that is not understood (the text of it).
    UnknownUnit(String),
    /// Below zero.
    Negative,
    /// Zero where a positive value is needed.
    Zero,
    /// A fraction where a whole number is needed.
    NotWhole,
    /// A rate of 1 (100%) or more.
    RateTooHigh,
    /// Beyond what the calculator handles.
    TooLarge,
}

/// Largest n the calculator accepts.
pub const MAX_ITEMS: f64 = 1e15;
/// Largest m, in bits (one petabyte).
pub const MAX_BITS: f64 = 8e15;
/// Largest k.
pub const MAX_HASHES: f64 = 100.0;

/// Splits "12.5 MiB" into the number and the rest, after dropping thousands separators.
fn split_number(input: &str) -> Result<(f64, &str), QuantityError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(QuantityError::Empty);
    }
    let end = trimmed
        .char_indices()
        .find(|&(position, c)| {
            let exponent_sign = matches!(c, '+' | '-')
                && position > 0
                && matches!(trimmed.as_bytes()[position - 1], b'e' | b'E');
            !(c.is_ascii_digit()
                || matches!(c, '.' | ',' | '_')
                || exponent_sign
                || (position == 0 && matches!(c, '+' | '-'))
                || (matches!(c, 'e' | 'E')
                    && position > 0
                    && exponent_follows(&trimmed[position + 1..])))
        })
        .map_or(trimmed.len(), |(position, _)| position);
    let (number, rest) = trimmed.split_at(end);
    let number = strip_separators(number)?;
    if number.is_empty() || number == "+" || number == "-" {
        return Err(QuantityError::NotANumber);
    }
    let value: f64 = number.parse().map_err(|_| QuantityError::NotANumber)?;
    if !value.is_finite() {
        return Err(QuantityError::TooLarge);
    }
    Ok((value, rest.trim()))
}

/// True when the text after an `e` is an exponent (digits, optionally signed).
fn exponent_follows(rest: &str) -> bool {
    let digits = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    digits.starts_with(|c: char| c.is_ascii_digit())
}

/// Removes `_` anywhere and `,` used as a thousands separator (groups of exactly three digits).
fn strip_separators(number: &str) -> Result<String, QuantityError> {
    let number = number.replace('_', "");
    if !number.contains(',') {
        return Ok(number);
    }
    let (whole, fraction) = number
        .split_once('.')
        .map_or((number.as_str(), None), |(w, f)| (w, Some(f)));
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or("");
    let first_digits = first.trim_start_matches(['+', '-']);
    let well_formed = (1..=3).contains(&first_digits.len())
        && groups.all(|group| group.len() == 3 && group.bytes().all(|b| b.is_ascii_digit()))
        && fraction.is_none_or(|f| !f.contains(','));
    if !well_formed {
        return Err(QuantityError::NotANumber);
    }
    Ok(number.replace(',', ""))
}

/// A decimal SI multiplier for a count suffix.
fn count_multiplier(suffix: &str) -> Option<f64> {
    match suffix {
        "" => Some(1.0),
        "k" | "K" => Some(1e3),
        "M" => Some(1e6),
        "G" => Some(1e9),
        "T" => Some(1e12),
        _ => None,
    }
}

fn positive_whole(value: f64, max: f64) -> Result<f64, QuantityError> {
    if value < 0.0 {
        Err(QuantityError::Negative)
    } else if value == 0.0 {
        Err(QuantityError::Zero)
    } else if value > max {
        Err(QuantityError::TooLarge)
    } else if (value - value.round()).abs() > 1e-9 * value.max(1.0) {
        Err(QuantityError::NotWhole)
    } else {
        Ok(value.round())
    }
}

/// n: a whole number of items, e.g. `1e6`, `1,000,000`, `1M`, `2.5k`.
pub fn parse_items(input: &str) -> Result<f64, QuantityError> {
    let (value, suffix) = split_number(input)?;
    let multiplier =
        count_multiplier(suffix).ok_or_else(|| QuantityError::UnknownUnit(suffix.to_owned()))?;
    positive_whole(value * multiplier, MAX_ITEMS)
}

/// k: a whole number of hash functions.
pub fn parse_hashes(input: &str) -> Result<f64, QuantityError> {
    let (value, suffix) = split_number(input)?;
    if !suffix.is_empty() {
        return Err(QuantityError::UnknownUnit(suffix.to_owned()));
    }
    positive_whole(value, MAX_HASHES)
}

/// p: `0.001`, `1e-3`, `0.1%`, `1 in 1000` or `1/1000`; strictly between 0 and 1.
pub fn parse_rate(input: &str) -> Result<f64, QuantityError> {
    let trimmed = input.trim();
    let lower = trimmed.to_ascii_lowercase();
    let ratio = lower.split_once(" in ").or_else(|| lower.split_once('/'));
    let value = if let Some((numerator, denominator)) = ratio {
        let (numerator, rest) = split_number(numerator)?;
        if !rest.is_empty() {
            return Err(QuantityError::NotANumber);
        }
        let (denominator, suffix) = split_number(denominator)?;
        let multiplier = count_multiplier(suffix)
            .ok_or_else(|| QuantityError::UnknownUnit(suffix.to_owned()))?;
        let denominator = denominator * multiplier;
        if denominator == 0.0 {
            return Err(QuantityError::Zero);
        }
        numerator / denominator
    } else {
        let (value, suffix) = split_number(trimmed)?;
        match suffix {
            "" => value,
            "%" => value / 100.0,
            other => return Err(QuantityError::UnknownUnit(other.to_owned())),
        }
    };
    if value < 0.0 {
        Err(QuantityError::Negative)
    } else if value == 0.0 {
        Err(QuantityError::Zero)
    } else if value >= 1.0 {
        Err(QuantityError::RateTooHigh)
    } else {
        Ok(value)
    }
}

/// m in bits: a plain number of bits, or a size with a unit (`b`/`bit(s)` bits, `B`/`byte(s)` bytes,
/// with `k`, `M`, `G`, `T` = 1000ⁿ or `Ki`, `Mi`, `Gi`, `Ti` = 1024ⁿ).
pub fn parse_bits(input: &str) -> Result<f64, QuantityError> {
    let (value, unit) = split_number(input)?;
    let unknown = || QuantityError::UnknownUnit(unit.to_owned());
    let (prefix, base) = match unit {
        "" | "bit" | "bits" => ("", 'b'),
        "byte" | "bytes" => ("", 'B'),
        _ => {
            let base = unit.chars().last().ok_or_else(unknown)?;
            if !matches!(base, 'b' | 'B') {
                return Err(unknown());
            }
            (&unit[..unit.len() - 1], base)
        }
    };
    let scale = match prefix {
        "" => 1.0,
        "k" | "K" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        "Ki" | "ki" | "KI" => 1024.0,
        "Mi" => 1024.0 * 1024.0,
        "Gi" => 1024.0 * 1024.0 * 1024.0,
        "Ti" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return Err(unknown()),
    };
    let bits_per_unit = if base == 'B' { 8.0 } else { 1.0 };
    positive_whole(value * scale * bits_per_unit, MAX_BITS)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Asserts that `parse` reads each input of `values` as its value (to within 10⁻¹⁵) and turns
    /// down each input of `errors` with its error.
    fn reads(
        parse: fn(&str) -> Result<f64, QuantityError>,
        values: &[(&str, f64)],
        errors: &[(&str, QuantityError)],
    ) {
        for &(input, expected) in values {
            let got = parse(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
            assert!((got - expected).abs() < 1e-15, "{input}: {got}");
        }
        for (input, error) in errors {
            assert_eq!(parse(input).as_ref(), Err(error), "{input}");
        }
    }

    #[test]
    fn counts() {
        reads(
            parse_items,
            &[
                ("1e6", 1e6),
                ("1,000,000", 1e6),
                ("1M", 1e6),
                ("1 M", 1e6),
                ("2.5k", 2500.0),
                ("1G", 1e9),
                ("500000", 5e5),
                (" 42 ", 42.0),
                ("1_000", 1000.0),
                ("1E3", 1000.0),
            ],
            &[
                ("", QuantityError::Empty),
                ("abc", QuantityError::NotANumber),
                ("-5", QuantityError::Negative),
                ("0", QuantityError::Zero),
                ("1.5", QuantityError::NotWhole),
                ("1,00", QuantityError::NotANumber),
                ("1e99", QuantityError::TooLarge),
                ("10 apples", QuantityError::UnknownUnit("apples".into())),
                ("1m", QuantityError::UnknownUnit("m".into())),
            ],
        );
    }

    #[test]
    fn rates() {
        reads(
            parse_rate,
            &[
                ("0.001", 0.001),
                ("1e-3", 0.001),
                ("0.1%", 0.001),
                ("0.1 %", 0.001),
                ("1 in 1000", 0.001),
                ("1 in 1,000", 0.001),
                ("1 in 1k", 0.001),
                ("1/1000", 0.001),
                ("1 IN 1000", 0.001),
                ("0.01%", 0.0001),
            ],
            &[
                ("1", QuantityError::RateTooHigh),
                ("100%", QuantityError::RateTooHigh),
                ("2", QuantityError::RateTooHigh),
                ("0", QuantityError::Zero),
                ("-0.1", QuantityError::Negative),
                ("abc", QuantityError::NotANumber),
                ("1 in 0", QuantityError::Zero),
                ("", QuantityError::Empty),
                ("5 pct", QuantityError::UnknownUnit("pct".into())),
            ],
        );
    }

    #[test]
    fn sizes_in_bits() {
        reads(
            parse_bits,
            &[
                ("28755176", 28_755_176.0),
                ("1MiB", 8.0 * 1_048_576.0),
                ("64KiB", 8.0 * 65_536.0),
                ("1.5GB", 1.2e10),
                ("8Mb", 8e6),
                ("1 kB", 8000.0),
                ("100 bits", 100.0),
                ("2 bytes", 16.0),
                ("1Gib", 1_073_741_824.0),
            ],
            &[
                ("1.5", QuantityError::NotWhole),
                ("1XB", QuantityError::UnknownUnit("XB".into())),
                ("12 parsecs", QuantityError::UnknownUnit("parsecs".into())),
                ("-1MB", QuantityError::Negative),
                ("2PB", QuantityError::UnknownUnit("PB".into())),
            ],
        );
    }

    #[test]
    fn hashes() {
        assert_eq!(parse_hashes("7"), Ok(7.0));
        assert_eq!(parse_hashes("0"), Err(QuantityError::Zero));
        assert_eq!(parse_hashes("101"), Err(QuantityError::TooLarge));
        assert_eq!(parse_hashes("2.5"), Err(QuantityError::NotWhole));
        assert_eq!(
            parse_hashes("3k"),
            Err(QuantityError::UnknownUnit("k".into()))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn never_panics_and_returns_sane_values(input in ".{0,24}") {
            if let Ok(n) = parse_items(&input) { prop_assert!((1.0..=MAX_ITEMS).contains(&n) && n.fract() == 0.0); }
            if let Ok(p) = parse_rate(&input) { prop_assert!(p > 0.0 && p < 1.0); }
            if let Ok(m) = parse_bits(&input) { prop_assert!((1.0..=MAX_BITS).contains(&m) && m.fract() == 0.0); }
            if let Ok(k) = parse_hashes(&input) { prop_assert!((1.0..=MAX_HASHES).contains(&k)); }
        }

        #[test]
        fn numeric_looking_strings_never_panic(input in "[-+0-9.,_eEkKMGTib %/in]{0,16}") {
            let _ = (parse_items(&input), parse_rate(&input), parse_bits(&input), parse_hashes(&input));
        }
    }
}

//! Decimal text of an `f64` with a fixed number of digits after the point, written with integer
//! arithmetic: scaled by 10^d, rounded, and the point put back in. The standard library's exact float
//! formatter does the same with arbitrary precision, at a cost of many kilobytes in every page that
//! draws a chart; to a tenth of a pixel, or twelve decimals of a percentage, the integer way is exact
//! enough, and it rounds ties away from zero.

/// `value` with exactly `decimals` digits after the point (at most 12), rounded half away from zero:
/// 12.34567 → "12.346" for 3. Written with integer arithmetic, so the page does not carry the standard
/// library's exact float formatter (which is large) for what is mostly chart coordinates.
pub fn fixed(value: f64, decimals: u32) -> String {
    if !value.is_finite() {
        return non_finite_or_zero(value);
    }
    let decimals = decimals.min(12);
    let scale = 10_u64.pow(decimals);
    let scaled = (value.abs() * scale as f64).round();
    if scaled >= 9.0e15 {
        // Past the range where an f64 holds every whole number: the whole part is all that counts.
        let sign = if value < 0.0 { "-" } else { "" };
        return format!("{sign}{}", whole_part(value.abs()));
    }
    let scaled = scaled as u64;
    let sign = if value < 0.0 && scaled != 0 { "-" } else { "" };
    let whole = scaled / scale;
    if decimals == 0 {
        return format!("{sign}{whole}");
    }
    let fraction = (scaled % scale).to_string();
    let padding = "0".repeat(decimals as usize - fraction.len());
    format!("{sign}{whole}.{padding}{fraction}")
}

/// The digits of `value`'s whole part (`value` finite, ≥ 0). From 2^53 up every f64 is a whole number
/// m × 2^e (m < 2^53); its digits come from doubling m e times in base-10⁹ limbs, exactly, without the
/// 128-bit formatter (and its division) in every page.
fn whole_part(value: f64) -> String {
    const TWO_53: f64 = 9_007_199_254_740_992.0;
    const LIMB: u64 = 1_000_000_000;
    if value < TWO_53 {
        return (value as u64).to_string();
    }
    let bits = value.to_bits();
    let doublings = ((bits >> 52) & 0x7ff).saturating_sub(1075);
    let mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
    // Least significant limb first.
    let mut limbs = vec![mantissa % LIMB, mantissa / LIMB];
    for _ in 0..doublings {
        let mut carry = 0;
        for limb in &mut limbs {
            let doubled = *limb * 2 + carry;
            *limb = doubled % LIMB;
            carry = doubled / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut text = String::new();
    for limb in limbs.iter().rev() {
        let digits = limb.to_string();
        if !text.is_empty() {
            text.push_str(&"0".repeat(9 - digits.len()));
        }
        if !text.is_empty() || *limb != 0 {
            text.push_str(&digits);
        }
    }
    text
}

/// "0", "∞", "−∞" or "—" (not a number), written out so the page does not carry the standard
/// library's shortest-float formatter for them.
pub fn non_finite_or_zero(value: f64) -> String {
    if value.is_nan() {
        "—".into()
    } else if value == f64::INFINITY {
        "∞".into()
    } else if value == f64::NEG_INFINITY {
        "−∞".into()
    } else {
        "0".into()
    }
}

/// A plain decimal as people type a small fraction — `0.01`, `.5`, `1%`, `０．５％` — read with integer
/// arithmetic (the standard library's float parser carries some ten kilobytes of tables into every
/// page that uses it). `None` for anything else: signs, exponents, letters, more than 15 digits.
pub fn parse_fraction(text: &str) -> Option<f64> {
    let text: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10).unwrap_or(c),
            '．' => '.',
            '％' => '%',
            other => other,
        })
        .collect();
    let (number, percent) = match text.strip_suffix('%') {
        Some(number) => (number.trim_end(), true),
        None => (text.as_str(), false),
    };
    let (whole, decimals) = number.split_once('.').unwrap_or((number, ""));
    let digits = whole.len() + decimals.len();
    if digits == 0
        || digits > 15
        || !whole
            .chars()
            .chain(decimals.chars())
            .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let mantissa: u64 = format!("{whole}{decimals}").parse().ok()?;
    let places = decimals.len() as i32 + if percent { 2 } else { 0 };
    // Dividing by an exact power of ten rounds once, as the standard parser's result does.
    Some(mantissa as f64 / 10f64.powi(places))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn fractions_read_as_the_standard_parser_reads_them() {
        for text in [
            "0.01", "0.5", "1", "0.001", "12.75", "0.3", "0.1", "7", "0.000001",
        ] {
            assert_eq!(parse_fraction(text), text.parse::<f64>().ok(), "{text}");
        }
        assert_eq!(parse_fraction(" 1% "), Some(0.01));
        assert_eq!(parse_fraction(".5"), Some(0.5));
        assert_eq!(parse_fraction("０．５"), Some(0.5));
        assert_eq!(parse_fraction("５％"), Some(0.05));
        for text in [
            "",
            ".",
            "%",
            "-1",
            "1e-3",
            "abc",
            "1.2.3",
            "inf",
            "NaN",
            "1234567890123456",
        ] {
            assert_eq!(parse_fraction(text), None, "{text}");
        }
    }

    #[test]
    fn fixed_matches_the_standard_formatter() {
        for (value, decimals) in [
            (12.34567, 3),
            (0.0, 2),
            (12.0, 0),
            (-7.26, 1),
            (1e-9, 12),
            (123_456.789, 2),
            (0.999_96, 4),
        ] {
            let expected = format!("{value:.prec$}", prec = decimals as usize);
            assert_eq!(fixed(value, decimals), expected, "{value} to {decimals}");
        }
        assert_eq!(fixed(-0.04, 1), "0.0", "no negative zero");
        // An exact tie rounds away from zero (the standard formatter rounds it to even).
        assert_eq!(fixed(7.25, 1), "7.3");
        assert_eq!(fixed(f64::INFINITY, 1), "∞");
        assert_eq!(fixed(1e20, 1), "100000000000000000000");
        // Whole numbers past 2^53, up to the largest f64, digit for digit as the standard formatter.
        for value in [
            9.0e15,
            2f64.powi(53),
            2f64.powi(53) + 2.0,
            1e20,
            123_456_789e30,
            2f64.powi(200),
            f64::MAX,
        ] {
            assert_eq!(fixed(value, 0), format!("{value:.0}"), "{value:e}");
            assert_eq!(fixed(-value, 2), format!("-{value:.0}"), "{value:e}");
        }
    }
}

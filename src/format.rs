//! How numbers are written for people. Probabilities get three significant figures and switch to
//! powers of ten when tiny; counts get thousands separators. Attributes for machines get the
//! shortest text that reads back as the same number ([`exact`]); drawing coordinates a tenth of a
//! pixel ([`coord`]).

pub use bloom_core::decimal::{fixed, non_finite_or_zero};

/// The shortest decimal that reads back as exactly `value` ("0.1", "1e-7", "Infinity"), for the
/// `data-value` attributes scripts and tests read. In the browser it is JavaScript's own
/// `String(value)`, so a page does not carry the standard library's float formatter (about 6 KB
/// gzipped); natively, Rust's (which differs only in writing no exponent).
pub fn exact(value: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        String::from(
            js_sys::Number::from(value)
                .to_string_with_radix(10)
                .unwrap_or_default(),
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        value.to_string()
    }
}

/// A drawing coordinate, to a tenth of a pixel.
pub fn coord(value: f64) -> String {
    fixed(value, 1)
}

/// 10 to a whole power, written as people write it: "10⁻³"; 10⁰ and 10¹ as "1" and "10".
pub fn power_of_ten(exponent: i32) -> String {
    match exponent {
        0 => "1".into(),
        1 => "10".into(),
        _ => format!("10{}", superscript(exponent)),
    }
}

/// Digits 0–9 as superscripts, for exponents like 10⁻⁷.
fn superscript(number: i32) -> String {
    number
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}

/// A number with three significant figures, trailing zeros dropped: 0.0527, 12.3, 3.21 × 10⁻⁷, and
/// powers of ten from a million up.
pub fn significant(value: f64) -> String {
    three_figures(value, trim_zeros)
}

/// A number with three significant figures, every one written: 0.150 under 0.205 in a column of
/// rates, not 0.15 (which reads as less precise than its neighbours); 3.20 × 10⁻⁷.
pub fn significant_column(value: f64) -> String {
    three_figures(value, |text| text)
}

/// `value` to three significant figures, its digits passed through `trim`.
fn three_figures(value: f64, trim: fn(String) -> String) -> String {
    if value == 0.0 || !value.is_finite() {
        return non_finite_or_zero(value);
    }
    let exponent = value.abs().log10().floor() as i32;
    if !(-3..=5).contains(&exponent) {
        let mantissa = value / 10f64.powi(exponent);
        // Rounding may carry the mantissa to 10.0.
        let (mantissa, exponent) = if (mantissa.abs() * 100.0).round() >= 1000.0 {
            (mantissa / 10.0, exponent + 1)
        } else {
            (mantissa, exponent)
        };
        return format!(
            "{}\u{a0}×\u{a0}10{}",
            trim(fixed(mantissa, 2)),
            superscript(exponent)
        );
    }
    // Rounding may carry to the next power (0.9996 → 1.00): then one decimal fewer.
    let decimals = (2 - exponent).max(0) as u32;
    let text = fixed(value, decimals);
    let digits = text
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|&digit| digit == '0')
        .count();
    trim(if decimals > 0 && digits > 3 {
        fixed(value, decimals - 1)
    } else {
        text
    })
}

fn trim_zeros(text: String) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A fraction as a percentage with three significant figures, `gap` between the number and the sign:
/// 0.0527 → "5.27 %" with a space (English), "5.27%" with none (Chinese, Japanese). Pages write it
/// through `Lang::percent`, which knows the gap.
pub fn percent(fraction: f64, gap: &str) -> String {
    format!("{}{gap}%", significant(fraction * 100.0))
}

/// A fraction as a percentage with three significant figures and no space, as the tutorial's prose
/// and exercises write it: 0.0579 → "5.79%".
pub fn percent_compact(fraction: f64) -> String {
    format!("{}%", significant(fraction * 100.0))
}

/// A fraction as a percentage written out in full, as tables of rates print them: 1e-7 → "0.00001%".
pub fn percent_plain(fraction: f64) -> String {
    let text = fixed(fraction * 100.0, 12);
    format!("{}%", trim_zeros(text))
}

/// A chance as the widgets write it: a percentage from 0.1 % up ("45.3 %", `gap` before the sign), a
/// power of ten below ("3.07 × 10⁻¹⁴"), so a tiny chance keeps its digits.
pub fn chance(probability: f64, gap: &str) -> String {
    if probability >= 1e-3 || probability == 0.0 {
        percent(probability, gap)
    } else {
        significant(probability)
    }
}

/// A whole number with thousands separators: 102400 → "102,400".
pub fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// "1 in N" for a probability, with N rounded: 0.0527 → Some("19"); `None` for 0.
pub fn one_in(probability: f64) -> Option<String> {
    (probability > 0.0 && probability.is_finite()).then(|| {
        let n = (1.0 / probability).round();
        if n < 1e15 {
            grouped(n as u64)
        } else {
            significant(n)
        }
    })
}

/// The unit a memory size is written in: bytes, then powers of 1024.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeUnit {
    /// Whole bytes, below 1 KiB.
    Bytes,
    /// 2¹⁰ bytes.
    KiB,
    /// 2²⁰ bytes.
    MiB,
    /// 2³⁰ bytes.
    GiB,
    /// 2⁴⁰ bytes.
    TiB,
    /// 2⁵⁰ bytes and up.
    PiB,
}

/// A size in decimal megabytes, as an article that writes "18mb" means it: 18,000,000 → "18 MB". The
/// symbol is the same in every language.
pub fn megabytes(bytes: f64) -> String {
    format!("{} MB", significant(bytes / 1e6))
}

/// A memory size as a number and its unit, in powers of 1024: 3,594,397 → ("3.43", MiB). The words
/// for the unit belong to the language (`Lang::size`).
pub fn binary_size(bytes: f64) -> (String, SizeUnit) {
    const UNITS: [SizeUnit; 5] = [
        SizeUnit::KiB,
        SizeUnit::MiB,
        SizeUnit::GiB,
        SizeUnit::TiB,
        SizeUnit::PiB,
    ];
    if bytes < 1024.0 {
        return (grouped(bytes.max(0.0).round() as u64), SizeUnit::Bytes);
    }
    let mut value = bytes;
    let mut unit = SizeUnit::Bytes;
    for next in UNITS {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = next;
    }
    (significant(value), unit)
}

/// A large number for people: grouped digits up to 10¹⁵, else three significant figures.
pub fn count(value: f64) -> String {
    if (0.0..1e15).contains(&value) && value.fract() == 0.0 {
        grouped(value as u64)
    } else {
        significant(value)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Each `(input, written)` of `cases` through `write`.
    fn each<T: Copy + std::fmt::Debug>(write: fn(T) -> String, cases: &[(T, &str)]) {
        for &(input, written) in cases {
            assert_eq!(write(input), written, "{input:?}");
        }
    }

    #[test]
    fn chances_keep_their_digits_when_tiny() {
        each(
            |probability| chance(probability, " "),
            &[
                (0.4531, "45.3 %"),
                (0.001, "0.1 %"),
                (3.07e-14, "3.07\u{a0}×\u{a0}10⁻¹⁴"),
                (0.0, "0 %"),
                (1.0, "100 %"),
            ],
        );
    }

    #[test]
    fn significant_figures() {
        each(
            significant,
            &[
                (0.052734375, "0.0527"),
                (0.125, "0.125"),
                (1.0, "1"),
                (12.345, "12.3"),
                (7.3935699, "7.39"),
                (0.0, "0"),
                (0.000321, "3.21\u{a0}×\u{a0}10⁻⁴"),
                (0.00000321, "3.21\u{a0}×\u{a0}10⁻⁶"),
                (9.999e-7, "1\u{a0}×\u{a0}10⁻⁶"),
                (123_456.0, "123456"),
                (1_234_567.0, "1.23\u{a0}×\u{a0}10⁶"),
            ],
        );
    }

    #[test]
    fn significant_figures_in_a_column_keep_their_zeros() {
        each(
            significant_column,
            &[
                (0.15, "0.150"),
                (0.205, "0.205"),
                (0.37, "0.370"),
                (1.0, "1.00"),
                (0.0, "0"),
                (0.9996, "1.00"),
                (0.09996, "0.100"),
                (0.000321, "3.21\u{a0}×\u{a0}10⁻⁴"),
                (0.00032, "3.20\u{a0}×\u{a0}10⁻⁴"),
                (123_456.0, "123456"),
            ],
        );
    }

    #[test]
    fn plain_percentages() {
        each(
            percent_plain,
            &[
                (1e-4, "0.01%"),
                (1e-5, "0.001%"),
                (1e-7, "0.00001%"),
                (0.25, "25%"),
            ],
        );
    }

    #[test]
    fn powers_of_ten() {
        each(
            power_of_ten,
            &[(-3, "10⁻³"), (0, "1"), (1, "10"), (12, "10¹²")],
        );
    }

    #[test]
    fn percentages_and_odds() {
        assert_eq!(percent(0.052734375, " "), "5.27 %");
        assert_eq!(percent(1.0, " "), "100 %");
        assert_eq!(percent(0.205, ""), "20.5%");
        assert_eq!(megabytes(18e6), "18 MB");
        assert_eq!(megabytes(1_500_000.0), "1.5 MB");
        assert_eq!(chance(0.001, ""), "0.1%");
        assert_eq!(one_in(0.052734375).as_deref(), Some("19"));
        assert_eq!(one_in(0.0), None);
        assert_eq!(one_in(1e-7).as_deref(), Some("10,000,000"));
    }

    #[test]
    fn grouping_and_sizes() {
        each(
            grouped,
            &[
                (0, "0"),
                (999, "999"),
                (102_400, "102,400"),
                (1_234_567, "1,234,567"),
            ],
        );
        assert_eq!(binary_size(5.0), ("5".into(), SizeUnit::Bytes));
        assert_eq!(binary_size(102_400.0), ("100".into(), SizeUnit::KiB));
        assert_eq!(binary_size(1_048_576.0), ("1".into(), SizeUnit::MiB));
    }

    #[test]
    fn sizes_and_counts() {
        assert_eq!(binary_size(512.0), ("512".into(), SizeUnit::Bytes));
        assert_eq!(binary_size(3_594_397.0), ("3.43".into(), SizeUnit::MiB));
        assert_eq!(binary_size(2_396_264_595.0), ("2.23".into(), SizeUnit::GiB));
        assert_eq!(binary_size(1024.0), ("1".into(), SizeUnit::KiB));
        assert_eq!(binary_size(1e20).1, SizeUnit::PiB);
        assert_eq!(count(28_755_176.0), "28,755,176");
        assert_eq!(count(1.917e20), "1.92\u{a0}×\u{a0}10²⁰");
    }
}

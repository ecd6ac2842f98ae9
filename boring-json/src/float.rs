//! Decimal floats to `f64`, exactly (correctly rounded, ties to even).
//!
//! The tokenizer accumulates up to 19 significant digits while it checks
//! the number's grammar, so the common case costs no second scan:
//! Clinger's fast path applies when the significand is at most 2^53 and
//! the power of ten at most 22 (both exact `f64`s, so one multiplication
//! or division rounds once, correctly). Every other number — 17-digit
//! coordinates, large exponents, more than 19 digits — goes to
//! `fast_float2`, an exact Eisel–Lemire parser with a big-decimal
//! fallback for the rare ambiguous cases, over the already checked text.

/// 10^0 … 10^22, every one exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// A decimal number as the tokenizer saw it: `significand × 10^scale`
/// when `exact` (every significant digit is in `significand`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decimal {
    pub(crate) negative: bool,
    pub(crate) significand: u64,
    pub(crate) scale: i64,
    pub(crate) exact: bool,
}

/// The `f64` nearest to `text` (a number already checked against the
/// JSON grammar), whose digits `decimal` holds; `None` only if the text
/// is not a number, which the grammar check rules out.
#[inline]
pub(crate) fn parse(text: &[u8], decimal: Decimal) -> Option<f64> {
    if decimal.exact && decimal.significand <= 1 << 53 {
        let m = decimal.significand as f64;
        let v = match decimal.scale {
            0..=22 => Some(m * POW10[decimal.scale as usize]),
            -22..=-1 => Some(m / POW10[(-decimal.scale) as usize]),
            _ => None,
        };
        if let Some(v) = v {
            return Some(if decimal.negative { -v } else { v });
        }
    }
    fast_float2::parse(text).ok()
}

#[cfg(test)]
mod tests {
    use super::{parse, Decimal};

    /// The decimal the tokenizer would build, for these simple texts.
    fn decimal(text: &str) -> Decimal {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = rest.split_once(['e', 'E']).unwrap_or((rest, "0"));
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = format!("{int}{frac}");
        let digits = digits.trim_start_matches('0');
        let exact = digits.len() <= 19;
        let significand = if exact {
            digits.parse().unwrap_or(0)
        } else {
            0
        };
        let scale = exponent.parse::<i64>().unwrap() - frac.len() as i64;
        Decimal {
            negative,
            significand,
            scale,
            exact,
        }
    }

    #[test]
    fn agrees_with_the_standard_parser_bit_for_bit() {
        for text in [
            "0.5",
            "-65.6136169999",
            "-65.613616999999977",
            "1e22",
            "1e23",
            "1.5e-7",
            "123456789012345.5",
            "-0.0",
            "9007199254740993.0",
            "2.2250738585072011e-308",
            "4.9406564584124654e-324",
            "1.7976931348623157e308",
            "0.1000000000000000055511151231257827021181583404541015625",
            "7.2057594037927933e16",
            "123456789012345678901234567890e-10",
        ] {
            let general: f64 = text.parse().unwrap();
            let v = parse(text.as_bytes(), decimal(text)).unwrap();
            assert_eq!(v.to_bits(), general.to_bits(), "{text}");
        }
    }
}

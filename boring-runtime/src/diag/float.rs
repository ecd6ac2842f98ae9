//! Floats in diagnostic notation: the shortest decimal that reads back as
//! the same value at the float's own width, laid out like Python's `repr`
//! (`1.5`, `100000.0`, `1e+300`, `5.960464477539063e-08`), which is also how
//! RFC 8949 Appendix A writes them.

use alloc::format;
use alloc::string::String;

use crate::wire::float::f16_to_f64;

/// A float as written on the wire.
#[derive(Debug, Clone, Copy)]
pub(super) enum WireFloat {
    Half(u16),
    Single(f32),
    Double(f64),
}

impl WireFloat {
    /// The value widened to `f64` (exactly).
    fn widened(self) -> f64 {
        match self {
            WireFloat::Half(bits) => f16_to_f64(bits),
            WireFloat::Single(v) => f64::from(v),
            WireFloat::Double(v) => v,
        }
    }

    /// The RFC 8949 §8.1 encoding indicator.
    pub(super) fn indicator(self) -> &'static str {
        match self {
            WireFloat::Half(_) => "_1",
            WireFloat::Single(_) => "_2",
            WireFloat::Double(_) => "_3",
        }
    }
}

/// Appends `value` to `out`: shortest at its own width, or as the shortest
/// double when `widen` is set.
pub(super) fn write_float(out: &mut String, value: WireFloat, widen: bool) {
    let wide = value.widened();
    if wide.is_nan() {
        out.push_str("NaN");
        return;
    }
    if wide.is_sign_negative() {
        out.push('-');
    }
    if wide.is_infinite() {
        out.push_str("Infinity");
        return;
    }
    if wide == 0.0 {
        out.push_str("0.0");
        return;
    }
    let scientific = match value {
        _ if widen => format!("{:e}", wide.abs()),
        WireFloat::Double(v) => format!("{:e}", v.abs()),
        WireFloat::Single(v) => format!("{:e}", v.abs()),
        WireFloat::Half(bits) => shortest_half(bits & 0x7fff),
    };
    layout(out, &scientific);
}

/// The shortest scientific form (`d.ddde±x`) that rounds back to the
/// positive, finite, non-zero binary16 value `bits`. Rust cannot format a
/// half, so this tries 1 to 5 significant digits: `{:.p$e}` gives the
/// nearest decimal of each length, and if any decimal of that length rounds
/// back, the nearest one does. Five digits always suffice for binary16.
fn shortest_half(bits: u16) -> String {
    let value = f16_to_f64(bits);
    for precision in 0..4 {
        let candidate = format!("{value:.precision$e}");
        if candidate
            .parse::<f64>()
            .is_ok_and(|back| rounds_to_half(back, bits))
        {
            return candidate;
        }
    }
    format!("{value:.4e}")
}

/// Whether round-to-nearest-even from `x` to binary16 gives `bits`
/// (positive and finite). Rounding the decimal to `f64` first cannot change
/// the outcome: every binary16 rounding boundary is exactly representable.
fn rounds_to_half(x: f64, bits: u16) -> bool {
    let exponent = i32::from(bits >> 10);
    let mantissa = bits & 0x3ff;
    let value = f16_to_f64(bits);
    // Spacing of binary16 values at this exponent.
    let ulp = pow2(if exponent == 0 { -24 } else { exponent - 25 });
    // Below a power of two (other than the smallest normal) the spacing
    // halves.
    let below = if mantissa == 0 && exponent > 1 {
        ulp / 2.0
    } else {
        ulp
    };
    let (low, high) = (value - below / 2.0, value + ulp / 2.0);
    let even = mantissa & 1 == 0;
    (low < x && x < high) || (even && (x == low || x == high))
}

/// 2^`k` for the small exponents binary16 needs (`powi` is not in `core`).
fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// Lays out Rust's scientific form `d.ddde±x` as Python's `repr` does:
/// positional for decimal exponents from -4 to 15 (with `.0` on integral
/// values), otherwise `d.ddde±xx` with at least two exponent digits.
fn layout(out: &mut String, scientific: &str) {
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let count = digits.len();
    if (-4..16).contains(&exponent) {
        if exponent < 0 {
            out.push_str("0.");
            for _ in 0..(-exponent - 1) {
                out.push('0');
            }
            out.push_str(digits);
        } else {
            let whole = exponent as usize + 1;
            if count <= whole {
                out.push_str(digits);
                for _ in count..whole {
                    out.push('0');
                }
                out.push_str(".0");
            } else {
                let (int, frac) = digits.split_at(whole);
                out.push_str(int);
                out.push('.');
                out.push_str(frac);
            }
        }
    } else {
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push(if exponent < 0 { '-' } else { '+' });
        let magnitude = exponent.unsigned_abs();
        if magnitude < 10 {
            out.push('0');
        }
        out.push_str(&format!("{magnitude}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(value: WireFloat) -> String {
        let mut out = String::new();
        write_float(&mut out, value, false);
        out
    }

    #[test]
    fn python_repr_layout() {
        for (value, text) in [
            (1.5, "1.5"),
            (100000.0, "100000.0"),
            (1e300, "1e+300"),
            (1e16, "1e+16"),
            (1234567890123456.0, "1234567890123456.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-5, "1.5e-05"),
            (-4.1, "-4.1"),
            (5.960464477539063e-08, "5.960464477539063e-08"),
            (f64::MAX, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (-0.0, "-0.0"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(show(WireFloat::Double(value)), text);
        }
    }

    #[test]
    fn half_and_single_are_shortest_at_their_width() {
        assert_eq!(show(WireFloat::Half(0x0001)), "6e-08");
        assert_eq!(show(WireFloat::Half(0x0400)), "6.104e-05");
        // 65500 is nearer to 65504 than to either neighbour (65472, infinity).
        assert_eq!(show(WireFloat::Half(0x7bff)), "65500.0");
        assert_eq!(show(WireFloat::Half(0x3555)), "0.3333");
        assert_eq!(show(WireFloat::Half(0xfc00)), "-Infinity");
        assert_eq!(show(WireFloat::Single(1.1)), "1.1");
        assert_eq!(show(WireFloat::Single(16777216.0)), "16777216.0");
        assert_eq!(show(WireFloat::Single(f32::MAX)), "3.4028235e+38");
        let mut widened = String::new();
        write_float(&mut widened, WireFloat::Half(0x0001), true);
        assert_eq!(widened, "5.960464477539063e-08");
    }

    #[test]
    fn every_half_prints_a_decimal_that_reads_back() {
        for bits in 0..0x7c00u16 {
            let text = show(WireFloat::Half(bits));
            let back: f64 = text.parse().unwrap_or(f64::NAN);
            assert!(
                bits == 0 || rounds_to_half(back, bits),
                "{bits:#06x} printed as {text}"
            );
            assert!(text.len() <= 12, "{bits:#06x} printed as {text}");
        }
    }
}

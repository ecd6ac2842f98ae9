//! The exact fast path for decimal floats (Clinger's): a significand of at
//! most 2^53 and a power of ten of at most 22 are both exact `f64`s, so
//! one multiplication or division rounds once, correctly.

/// 10^0 … 10^22, every one exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The value of `text`, a number already checked against the JSON
/// grammar, when the fast path applies; `None` sends the caller to the
/// general parser.
#[inline]
pub(crate) fn fast(text: &[u8]) -> Option<f64> {
    let (negative, mut rest) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let mut significand: u64 = 0;
    let mut digits = 0u32;
    let mut scale: i32 = 0;
    let mut in_fraction = false;
    while let Some((&b, tail)) = rest.split_first() {
        match b {
            b'0'..=b'9' => {
                // Leading zeros add nothing; 19 digits always fit a u64.
                if significand != 0 || b != b'0' {
                    digits += 1;
                    if digits > 19 {
                        return None;
                    }
                }
                significand = significand * 10 + u64::from(b - b'0');
                if in_fraction {
                    scale -= 1;
                }
            }
            b'.' => in_fraction = true,
            _ => break,
        }
        rest = tail;
    }
    if let Some((_, exponent)) = rest.split_first() {
        let (sign, digits) = match exponent.split_first() {
            Some((b'-', d)) => (-1, d),
            Some((b'+', d)) => (1, d),
            _ => (1, exponent),
        };
        if digits.len() > 4 {
            return None;
        }
        let e = digits
            .iter()
            .fold(0i32, |acc, &d| acc * 10 + i32::from(d - b'0'));
        scale += sign * e;
    }
    if significand > 1 << 53 {
        return None;
    }
    let m = significand as f64;
    let v = match scale {
        0..=22 => m * POW10[scale as usize],
        -22..=-1 => m / POW10[(-scale) as usize],
        _ => return None,
    };
    Some(if negative { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::fast;

    #[test]
    fn agrees_with_the_general_parser() {
        for text in [
            "0.5",
            "-65.6136169999",
            "1e22",
            "1.5e-7",
            "123456789012345.5",
            "-0.0",
            "9007199254740993.0",
        ] {
            let general: f64 = text.parse().unwrap();
            if let Some(v) = fast(text.as_bytes()) {
                assert_eq!(v.to_bits(), general.to_bits(), "{text}");
            }
        }
        assert!(fast(b"9007199254740993.0").is_none());
        assert!(fast(b"1e23").is_none());
        assert_eq!(fast(b"2.5"), Some(2.5));
    }
}

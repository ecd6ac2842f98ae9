//! Half-precision conversion and the exactness tests behind the `Shortest`
//! float policy, written by hand since `f16` is not stable.

/// Widens IEEE 754 binary16 bits to an `f64` exactly.
pub fn f16_to_f64(bits: u16) -> f64 {
    let sign = u64::from(bits >> 15) << 63;
    let exp = u64::from((bits >> 10) & 0x1f);
    let mant = u64::from(bits & 0x3ff);
    match exp {
        // Subnormal: mant · 2^-24, exact in f64 (a power-of-two scaling).
        0 => {
            let magnitude = mant as f64 * f64::from_bits((1023 - 24) << 52);
            f64::from_bits(sign | magnitude.to_bits())
        }
        0x1f => f64::from_bits(sign | 0x7ff0_0000_0000_0000 | (mant << 42)),
        _ => f64::from_bits(sign | ((exp + 1023 - 15) << 52) | (mant << 42)),
    }
}

/// The binary16 bits of `value` when the conversion is exact (NaN excluded).
pub fn f64_to_f16_exact(value: f64) -> Option<u16> {
    if value.is_nan() {
        return None;
    }
    let bits = value.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    if value.is_infinite() {
        return Some(sign | 0x7c00);
    }
    if value == 0.0 {
        return Some(sign);
    }
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let mant = bits & 0x000f_ffff_ffff_ffff;
    let half = if (-14..=15).contains(&exp) {
        // Normal half: 10 mantissa bits must hold the whole mantissa.
        if mant & ((1u64 << 42) - 1) != 0 {
            return None;
        }
        sign | (((exp + 15) as u16) << 10) | ((mant >> 42) as u16)
    } else if (-24..-14).contains(&exp) {
        // Subnormal half: value = m · 2^-24 with m < 1024.
        let full = mant | (1u64 << 52);
        let shift = 52 - (exp + 24);
        if full & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        sign | ((full >> shift) as u16)
    } else {
        return None;
    };
    Some(half)
}

/// `value` as an `f32` when the conversion keeps every bit of meaning (NaN
/// excluded: the caller decides what a NaN becomes).
pub fn f64_to_f32_exact(value: f64) -> Option<f32> {
    let narrow = value as f32;
    (f64::from(narrow) == value || (value.is_infinite() && narrow.is_infinite())).then_some(narrow)
}

/// Whether `value`'s bits survive a round trip through `f32` exactly,
/// including NaN payloads and the sign of zero.
pub fn f64_bits_fit_f32(value: f64) -> bool {
    if value.is_nan() {
        let bits = value.to_bits();
        // A NaN narrows exactly when its payload's low 29 bits are zero and
        // it is quiet-preserving; compare the round-tripped bits.
        let narrow = f32::from_bits(
            (((bits >> 63) as u32) << 31) | 0x7f80_0000 | ((bits >> 29) as u32 & 0x007f_ffff),
        );
        return bits & ((1 << 29) - 1) == 0 && widen_f32_bits(narrow) == bits;
    }
    let narrow = value as f32;
    f64::from(narrow).to_bits() == value.to_bits()
}

/// The bits of the `f64` that an `f32` widens to, NaN payload included.
pub fn widen_f32_bits(value: f32) -> u64 {
    let bits = value.to_bits();
    if value.is_nan() {
        (u64::from(bits >> 31) << 63)
            | 0x7ff0_0000_0000_0000
            | (u64::from(bits & 0x007f_ffff) << 29)
    } else {
        f64::from(value).to_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_half_round_trips_through_f64() {
        for bits in 0..=u16::MAX {
            let wide = f16_to_f64(bits);
            if wide.is_nan() {
                continue;
            }
            assert_eq!(f64_to_f16_exact(wide), Some(bits), "bits {bits:#06x}");
        }
    }

    #[test]
    fn inexact_values_do_not_narrow() {
        assert_eq!(f64_to_f16_exact(0.1), None);
        assert_eq!(f64_to_f16_exact(100000.0), None);
        assert_eq!(f64_to_f16_exact(65504.0), Some(0x7bff));
        assert_eq!(f64_to_f16_exact(5.960464477539063e-8), Some(0x0001));
        assert_eq!(f64_to_f32_exact(100000.0), Some(100000.0));
        assert_eq!(f64_to_f32_exact(0.1), None);
    }

    #[test]
    fn f32_fit_keeps_nan_payload_and_signed_zero() {
        assert!(f64_bits_fit_f32(-0.0));
        assert!(f64_bits_fit_f32(f64::from_bits(0x7ff8_0000_0000_0000)));
        assert!(!f64_bits_fit_f32(f64::from_bits(0x7ff8_0000_0000_0001)));
        assert!(!f64_bits_fit_f32(0.1));
    }
}

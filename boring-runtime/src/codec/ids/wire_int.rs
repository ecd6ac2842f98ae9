//! Integers of any size as CBOR holds them: a plain head (major 0 or 1) or
//! a bignum (tag 2 or 3 over a big-endian magnitude), read without
//! converting, so that each target type decides what fits it.

use alloc::borrow::Cow;

use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Reader};

/// The magnitude of a [`WireInt`].
#[derive(Debug)]
pub(crate) enum Magnitude<'de> {
    /// The argument of a major 0 or 1 head.
    Small(u64),
    /// A bignum's big-endian bytes, leading zeros included as read.
    Big(Cow<'de, [u8]>),
}

/// An integer as read: `magnitude`, or `−1 − magnitude` when `negative`.
#[derive(Debug)]
pub(crate) struct WireInt<'de> {
    /// Major type 1 or tag 3.
    pub(crate) negative: bool,
    pub(crate) magnitude: Magnitude<'de>,
}

#[cfg(any(feature = "rust_decimal", feature = "num-bigint"))]
impl WireInt<'_> {
    /// The value, when it fits `i128`.
    pub(crate) fn to_i128(&self) -> Option<i128> {
        let m = match &self.magnitude {
            Magnitude::Small(m) => i128::from(*m),
            Magnitude::Big(digits) => {
                let digits = significant(digits);
                if digits.len() > 16 {
                    return None;
                }
                let m = digits
                    .iter()
                    .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
                i128::try_from(m).ok()?
            }
        };
        Some(if self.negative { -1 - m } else { m })
    }

    /// The value for an error message: the number itself when it fits
    /// `i128`, else its size (the digits of a long bignum would not help).
    pub(crate) fn describe(&self) -> alloc::string::String {
        match (self.to_i128(), &self.magnitude) {
            (Some(v), _) => alloc::format!("{v}"),
            (None, Magnitude::Big(digits)) => alloc::format!(
                "a {}bignum of {} bytes",
                if self.negative { "negative " } else { "" },
                significant(digits).len()
            ),
            // Every plain head fits `i128`.
            (None, Magnitude::Small(m)) => alloc::format!("{m}"),
        }
    }
}

/// `digits` without its leading zero bytes (empty for zero).
#[cfg(any(feature = "rust_decimal", feature = "num-bigint"))]
fn significant(digits: &[u8]) -> &[u8] {
    let start = digits.iter().position(|&b| b != 0).unwrap_or(digits.len());
    &digits[start..]
}

/// Reads an integer of any size: a plain head, or tag 2/3 over a byte
/// string of any length (definite or chunked). A bignum tag over anything
/// else is `BadTagContent` at the tag; another item is `UnexpectedType`.
/// Like the runtime's integer readers, it reads through a stringref
/// namespace (tag 256) opened around the integer.
pub(crate) fn read_int<'de>(r: &mut Reader<'de>) -> Result<WireInt<'de>, Error> {
    let at = r.position();
    let (negative, magnitude) = match r.head()? {
        Head::Unsigned(m) => (false, Magnitude::Small(m)),
        Head::Negative(m) => (true, Magnitude::Small(m)),
        Head::Tag(tag @ (2 | 3)) => {
            r.enter()?;
            if !matches!(r.peek_head()?, Head::Bytes(_)) {
                return Err(Error::new(ErrorKind::BadTagContent { tag }, at));
            }
            let digits = r.byte_buf()?;
            r.leave();
            (tag == 3, Magnitude::Big(digits))
        }
        Head::Tag(256) => {
            r.enter_namespace()?;
            let value = read_int(r);
            r.leave_namespace();
            return value;
        }
        other => return Err(r.unexpected("integer", &other, at)),
    };
    Ok(WireInt {
        negative,
        magnitude,
    })
}

/// Conversions to and from `num_bigint::BigInt`, shared by the
/// `num-bigint` and `bigdecimal` features (the latter without the former
/// names the same crate through its re-export).
#[cfg(any(feature = "bigdecimal", feature = "num-bigint"))]
pub(crate) mod big {
    #[cfg(not(feature = "num-bigint"))]
    use ::bigdecimal::num_bigint as num;
    #[cfg(feature = "num-bigint")]
    use ::num_bigint as num;

    use alloc::borrow::Cow;
    use num::{BigInt, BigUint, Sign};

    use super::{Magnitude, WireInt};
    use crate::error::Error;
    use crate::profile::FloatPolicy;
    use crate::wire::{Major, Reader, Sink, Writer};

    /// The `BigInt` of an integer as read. A bignum's bytes are charged to
    /// the output budget before the number is built from them.
    pub(crate) fn to_bigint(r: &mut Reader<'_>, v: &WireInt<'_>) -> Result<BigInt, Error> {
        Ok(match &v.magnitude {
            Magnitude::Small(m) if v.negative => BigInt::from(-1 - i128::from(*m)),
            Magnitude::Small(m) => BigInt::from(*m),
            Magnitude::Big(digits) => {
                r.charge_output(digits.len())?;
                let m = BigInt::from_bytes_be(Sign::Plus, digits);
                // `!m` is −1 − m.
                if v.negative {
                    !m
                } else {
                    m
                }
            }
        })
    }

    /// Writes `v` as a plain integer when CBOR's magnitude (`v`, or
    /// `−1 − v` for a negative) is below 2^64, or below 2^62 for a
    /// decimal's mantissa (`in_decimal`), where the reference switches to
    /// bignums; else as tag 2/3 over the minimal big-endian magnitude.
    pub(crate) fn write_bigint<S: Sink>(
        w: &mut Writer<S>,
        v: &BigInt,
        in_decimal: bool,
    ) -> Result<(), Error> {
        let limit_bits = if in_decimal { 62 } else { 64 };
        // A standalone big integer is a bignum even when small, as the
        // reference writes its big integers, unless the profile writes
        // numbers shortest (a decimal's mantissa follows its own rule).
        if !in_decimal && w.options().float_policy != FloatPolicy::Shortest {
            if let Some(m) = magnitude_u128(v) {
                return w.bignum(v.sign() == Sign::Minus, m);
            }
        }
        // Most values fit a machine word: no allocation for them.
        if let Ok(small) = i64::try_from(v) {
            let m = if small < 0 {
                !(small as u64)
            } else {
                small as u64
            };
            if !in_decimal || m < 1 << 62 {
                return w.i64(small);
            }
        }
        let negative = v.sign() == Sign::Minus;
        let magnitude: Cow<'_, BigUint> = if negative {
            Cow::Owned((!v).into_parts().1)
        } else {
            Cow::Borrowed(v.magnitude())
        };
        if magnitude.bits() <= limit_bits {
            if let Ok(m) = u64::try_from(&*magnitude) {
                let major = if negative {
                    Major::Negative
                } else {
                    Major::Unsigned
                };
                return w.head(major, m);
            }
        }
        // Beyond the plain range the magnitude is not zero, so its bytes
        // have no leading zero: the one form every profile accepts.
        w.tag(if negative { 3 } else { 2 })?;
        w.bytes(&magnitude.to_bytes_be())
    }

    /// CBOR's magnitude of `v` (`v`, or `−1 − v` for a negative) when it
    /// fits 128 bits.
    fn magnitude_u128(v: &BigInt) -> Option<u128> {
        if v.sign() == Sign::Minus {
            u128::try_from(&(-(v + 1u8))).ok()
        } else {
            u128::try_from(v).ok()
        }
    }
}

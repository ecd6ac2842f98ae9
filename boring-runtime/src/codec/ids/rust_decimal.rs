//! `rust_decimal::Decimal` as a decimal fraction (tag 4), its scale kept.

use ::rust_decimal::Decimal;

use super::decimal::{read_decimal, write_decimal_head, write_small_mantissa, DecimalParts};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// The largest scale a `Decimal` holds.
const MAX_SCALE: u32 = 28;

/// The type named in `OutOfRange` errors.
const TARGET: &str = "rust_decimal::Decimal";

/// `4([-scale, mantissa])`: 1.50 is `c4 82 21 18 96`, 1.5 is `c4 82 20 0f`.
/// The mantissa is a plain integer while −2^62 ≤ m < 2^62, else a bignum,
/// in every profile, as the reference writes it.
impl Encode for Decimal {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_decimal_head(w, -i128::from(self.scale()))?;
        write_small_mantissa(w, self.mantissa())
    }
}

/// Reads any decimal fraction whose value a `Decimal` holds exactly: a
/// positive exponent gives an integer at scale 0, a scale above 28 is
/// brought down by dropping trailing zero digits. The rest is
/// `OutOfRange` at the tag, never rounded.
impl<'de> Decode<'de> for Decimal {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let parts = read_decimal(r)?;
        exact(&parts).ok_or_else(|| parts.out_of_range(TARGET, at))
    }
}

/// The `Decimal` equal to `parts`, if there is one. The scale is kept
/// when the type allows it. A positive exponent (`1E+3`) has no scale to
/// keep: the value becomes an integer of scale 0. A scale beyond 28 is
/// brought down by dropping trailing zero digits of the mantissa, which
/// keeps the value exact; when there are not enough of them there is no
/// such `Decimal`, nor when the mantissa needs more than 96 bits.
fn exact(parts: &DecimalParts<'_>) -> Option<Decimal> {
    let mut mantissa = parts.mantissa.to_i128()?;
    if parts.exponent >= 0 {
        if mantissa == 0 {
            return Some(Decimal::ZERO);
        }
        let factor = 10i128.checked_pow(parts.exponent.unsigned_abs())?;
        return Decimal::try_from_i128_with_scale(mantissa.checked_mul(factor)?, 0).ok();
    }
    let mut scale = parts.exponent.unsigned_abs();
    if mantissa == 0 {
        // Zero has every scale; without this the loop below would not end.
        scale = scale.min(MAX_SCALE);
    }
    while scale > MAX_SCALE && mantissa % 10 == 0 {
        mantissa /= 10;
        scale -= 1;
    }
    Decimal::try_from_i128_with_scale(mantissa, scale).ok()
}

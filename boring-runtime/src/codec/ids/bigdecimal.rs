//! `bigdecimal::BigDecimal` as a decimal fraction (tag 4), its scale kept.

use ::bigdecimal::BigDecimal;

use super::decimal::{read_decimal, write_decimal_head};
use super::wire_int::big::{to_bigint, write_bigint};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// `4([-scale, mantissa])`, as the reference writes `java.math.BigDecimal`:
/// the mantissa a plain integer while −2^62 ≤ m < 2^62, else a bignum, in
/// every profile. A scale whose negation does not fit 32 bits (the
/// exponent range the reference reads) is `Unencodable`.
impl Encode for BigDecimal {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let (digits, scale) = self.as_bigint_and_scale();
        write_decimal_head(w, -i128::from(scale))?;
        write_bigint(w, &digits, true)
    }
}

/// Reads any decimal fraction: an exponent in the 32-bit range and a
/// mantissa of any length (bounded by the reader's limits), scale kept.
impl<'de> Decode<'de> for BigDecimal {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let parts = read_decimal(r)?;
        let digits = to_bigint(r, &parts.mantissa)?;
        Ok(BigDecimal::new(digits, -i64::from(parts.exponent)))
    }
}

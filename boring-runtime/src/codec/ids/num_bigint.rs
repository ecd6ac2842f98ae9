//! `num_bigint::BigInt` and `BigUint`: bignums (tags 2 and 3) even when
//! small, as the reference writes its big integers (`5` is `c2 41 05`);
//! under the shortest float policy (the canonical profiles) a value in the
//! CBOR integer range (−2^64 … 2^64 − 1) is a plain integer instead.

use ::num_bigint::{BigInt, BigUint};

use super::wire_int::big::{to_bigint, write_bigint};
use super::wire_int::{read_int, Magnitude};
use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// Tag 2 (positive) or 3 (−1 − m) over the minimal big-endian magnitude
/// (2^64 is `c2 49 01 00…00`); see the module for the shortest policy.
impl Encode for BigInt {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_bigint(w, self, false)
    }
}

/// Reads a plain integer or a bignum of any length (bounded by the
/// reader's limits).
impl<'de> Decode<'de> for BigInt {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let v = read_int(r)?;
        to_bigint(r, &v)
    }
}

/// As [`BigInt`]: tag 2 over the minimal big-endian magnitude.
impl Encode for BigUint {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_bigint(w, &BigInt::from(self.clone()), false)
    }
}

/// Reads a non-negative plain integer or tag-2 bignum of any length; a
/// negative integer (major type 1, tag 3) is `OutOfRange`.
impl<'de> Decode<'de> for BigUint {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let v = read_int(r)?;
        if v.negative {
            return Err(Error::out_of_range(v.describe(), "num_bigint::BigUint", at));
        }
        Ok(match &v.magnitude {
            Magnitude::Small(m) => BigUint::from(*m),
            Magnitude::Big(digits) => {
                r.charge_output(digits.len())?;
                BigUint::from_bytes_be(digits)
            }
        })
    }
}

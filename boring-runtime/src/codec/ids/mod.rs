//! Numbers and identifiers of other crates, each behind an optional feature
//! named as the crate: `uuid` (tag 37), `rust_decimal` and `bigdecimal`
//! (decimal fractions, tag 4), `num-bigint` (integers, bignums as tags 2
//! and 3).
//!
//! The content rules of those tags live here, feature or not: `Value`
//! decoding checks tag 4 and 37 content with the same functions the typed
//! decoders use, so that both accept exactly the same documents.

#[cfg(feature = "bigdecimal")]
mod bigdecimal;
#[cfg(feature = "num-bigint")]
mod num_bigint;
#[cfg(feature = "rust_decimal")]
mod rust_decimal;
#[cfg(feature = "uuid")]
mod uuid;

#[cfg(any(
    feature = "rust_decimal",
    feature = "bigdecimal",
    feature = "num-bigint"
))]
mod wire_int;

/// The byte length of a UUID, the content of tag 37.
pub(crate) const UUID_LEN: usize = 16;

/// A decimal fraction's exponent when it is in the range the reference
/// reads (a 32-bit `int`, the scale of `java.math.BigDecimal`).
pub(crate) fn decimal_exponent(exponent: i128) -> Option<i32> {
    i32::try_from(exponent).ok()
}

/// The tag of a decimal fraction, `[exponent, mantissa]`.
#[cfg(any(feature = "rust_decimal", feature = "bigdecimal"))]
const DECIMAL: u64 = 4;

/// The mantissas the reference writes as plain integers; a mantissa outside
/// this range is written as a bignum in every profile.
#[cfg(feature = "rust_decimal")]
const PLAIN_MANTISSA: core::ops::Range<i128> = -(1 << 62)..(1 << 62);

/// Reading and writing the frame of a decimal fraction, shared by the
/// decimal types.
#[cfg(any(feature = "rust_decimal", feature = "bigdecimal"))]
pub(crate) mod decimal {
    use super::wire_int::{read_int, WireInt};
    use super::{decimal_exponent, DECIMAL};
    use crate::error::{Error, ErrorKind};
    use crate::wire::{Head, Reader, Sink, Writer};

    /// A decimal fraction as read: `mantissa × 10^exponent`.
    #[derive(Debug)]
    pub(crate) struct DecimalParts<'de> {
        pub(crate) exponent: i32,
        pub(crate) mantissa: WireInt<'de>,
    }

    #[cfg(feature = "rust_decimal")]
    impl DecimalParts<'_> {
        /// The value for an `OutOfRange` error: `<mantissa>e<exponent>`,
        /// the mantissa described in parentheses when it is too long to
        /// print.
        pub(crate) fn describe(&self) -> alloc::string::String {
            match self.mantissa.to_i128() {
                Some(m) => alloc::format!("{m}e{}", self.exponent),
                None => alloc::format!("({})e{}", self.mantissa.describe(), self.exponent),
            }
        }

        /// `OutOfRange` at `at` (the tag) for a decimal that `target`
        /// cannot hold exactly.
        pub(crate) fn out_of_range(&self, target: &'static str, at: usize) -> Error {
            Error::out_of_range(self.describe(), target, at)
        }
    }

    /// Writes the tag, the array head and the exponent of a decimal
    /// fraction; the caller writes the mantissa. An exponent outside the
    /// 32-bit range is refused before anything is written: the reference
    /// refuses to read it.
    pub(crate) fn write_decimal_head<S: Sink>(
        w: &mut Writer<S>,
        exponent: i128,
    ) -> Result<(), Error> {
        let Some(exponent) = decimal_exponent(exponent) else {
            return Err(w.error(ErrorKind::Unencodable(
                "a decimal exponent outside the 32-bit range",
            )));
        };
        w.tag(DECIMAL)?;
        w.array(2)?;
        w.i64(exponent.into())
    }

    #[cfg(feature = "rust_decimal")]
    /// Writes a mantissa that fits `i128`: a plain integer inside
    /// [`PLAIN_MANTISSA`], else a bignum with the minimal magnitude.
    pub(crate) fn write_small_mantissa<S: Sink>(
        w: &mut Writer<S>,
        mantissa: i128,
    ) -> Result<(), Error> {
        if super::PLAIN_MANTISSA.contains(&mantissa) {
            // In range, so it fits `i64`.
            w.i64(mantissa as i64)
        } else if mantissa >= 0 {
            w.bignum(false, mantissa as u128)
        } else {
            w.bignum(true, (-1 - mantissa) as u128)
        }
    }

    /// Reads a decimal fraction: tag 4 over `[exponent, mantissa]`, the
    /// exponent a plain integer in the 32-bit range, the mantissa a plain
    /// integer or a bignum of any length. Another tag (a bigfloat, tag 5,
    /// among them) or none is `WrongTag`; any other content is
    /// `BadTagContent` at the tag, as `Value` decoding reports it.
    pub(crate) fn read_decimal<'de>(r: &mut Reader<'de>) -> Result<DecimalParts<'de>, Error> {
        r.namespaced(read_fraction)
    }

    /// [`read_decimal`] inside whatever namespaces wrap the item.
    fn read_fraction<'de>(r: &mut Reader<'de>) -> Result<DecimalParts<'de>, Error> {
        let at = r.position();
        r.expect_tag(DECIMAL)?;
        let bad = || Error::new(ErrorKind::BadTagContent { tag: DECIMAL }, at);
        r.enter()?;
        if !matches!(r.peek_head()?, Head::Array(_)) {
            return Err(bad());
        }
        let mut parts = r.array()?;
        if !parts.next(r)? {
            return Err(bad());
        }
        let exponent = match r.head()? {
            Head::Unsigned(v) => i128::from(v),
            Head::Negative(n) => -1 - i128::from(n),
            _ => return Err(bad()),
        };
        let exponent = decimal_exponent(exponent).ok_or_else(bad)?;
        if !parts.next(r)? {
            return Err(bad());
        }
        let mantissa = match r.peek_head()? {
            Head::Unsigned(_) | Head::Negative(_) | Head::Tag(2 | 3) => read_int(r)?,
            _ => return Err(bad()),
        };
        if parts.next(r)? {
            return Err(bad());
        }
        r.leave();
        Ok(DecimalParts { exponent, mantissa })
    }
}

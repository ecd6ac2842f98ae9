//! Integers (bignums included), floats, booleans and null.

use alloc::borrow::Cow;

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::wire::head::{Head, Simple};

impl<'de> Reader<'de> {
    /// The fast path of the integer readers: a major type 0 or 1 head read
    /// straight from the bytes, as (negative, argument). `None`, consuming
    /// nothing, for anything else (tags, other types, errors), which the
    /// general path then handles.
    #[inline(always)]
    fn int_head(&mut self) -> Option<(bool, u64)> {
        let at = self.pos;
        let initial = *self.input.get(at)?;
        if initial >> 5 > 1 {
            return None;
        }
        let input = self.input;
        let (value, len) = match initial & 0x1f {
            info @ 0..=23 => (u64::from(info), 1),
            24 => (u64::from(*input.get(at + 1)?), 2),
            25 => (u64::from(u16::from_be_bytes(be(input, at + 1)?)), 3),
            26 => (u64::from(u32::from_be_bytes(be(input, at + 1)?)), 5),
            27 => (u64::from_be_bytes(be(input, at + 1)?), 9),
            _ => return None,
        };
        self.pos = at + len;
        Some((initial >> 5 == 1, value))
    }

    /// An unsigned integer's value when the next item is one in a head of
    /// up to nine bytes, consumed; `None` (nothing consumed) otherwise.
    /// Inline in callers that then take their own general path.
    #[cfg(feature = "serde")]
    #[inline(always)]
    pub(crate) fn unsigned_head(&mut self) -> Option<u64> {
        let initial = *self.input.get(self.pos)?;
        // One- and two-byte heads (every byte of a `Vec<u8>`) by compares,
        // which predict better than the jump table on mixed widths.
        if initial < 24 {
            self.pos += 1;
            return Some(u64::from(initial));
        }
        if initial == 24 {
            let value = *self.input.get(self.pos + 1)?;
            self.pos += 2;
            return Some(u64::from(value));
        }
        if initial >> 5 != 0 {
            return None;
        }
        self.int_head().map(|(_, value)| value)
    }

    /// The next `N` bytes when the first is `initial`, consumed; `None`
    /// (nothing consumed) otherwise. The fast path of fixed-width floats.
    #[inline(always)]
    fn fixed<const N: usize>(&mut self, initial: u8) -> Option<[u8; N]> {
        let bytes: [u8; N] = self.input.get(self.pos..self.pos + N)?.try_into().ok()?;
        if bytes[0] != initial {
            return None;
        }
        self.pos += N;
        Some(bytes)
    }

    /// An unsigned integer that fits `u64`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not an integer;
    /// [`ErrorKind::OutOfRange`] for a negative one or a bignum past
    /// `u64::MAX`; [`ErrorKind::BadTagContent`] for a bignum tag over anything
    /// but a byte string; and malformed input ([`Reader`](Reader#errors)).
    #[inline]
    pub fn u64(&mut self) -> Result<u64, Error> {
        // Inline in callers as `i64` is: the common head costs a few
        // instructions; negatives and the rest go out of line.
        let at = self.pos;
        if let Some((negative, v)) = self.int_head() {
            if !negative {
                return Ok(v);
            }
            self.pos = at;
        }
        self.u64_general()
    }

    /// [`Reader::u64`] past the fast path: negatives, bignums, other types
    /// and malformed input.
    #[inline(never)]
    fn u64_general(&mut self) -> Result<u64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Unsigned(v) => Ok(v),
            Head::Negative(n) => Err(Error::out_of_range(-1 - i128::from(n), "u64", at)),
            Head::Tag(2 | 3) => self
                .bignum_tail(at)
                .and_then(|v| u64::try_from(v).map_err(|_| Error::out_of_range(v, "u64", at))),
            other => self.nested(other, at, "integer", Self::u64),
        }
    }

    /// A signed integer that fits `i64`.
    ///
    /// # Errors
    ///
    /// As [`Reader::i128`], and [`ErrorKind::OutOfRange`] for an integer
    /// outside `i64`.
    #[inline]
    pub fn i64(&mut self) -> Result<i64, Error> {
        // Small enough to inline into its callers, so that the common head
        // costs a few instructions and no returned `Result` goes through
        // memory; the rest is out of line.
        let at = self.pos;
        if let Some((negative, n)) = self.int_head() {
            if let Ok(n) = i64::try_from(n) {
                return Ok(if negative { -1 - n } else { n });
            }
            self.pos = at;
        }
        self.i64_general()
    }

    /// [`Reader::i64`] past the fast path: integers beyond `i64`, bignums,
    /// other types and malformed input.
    #[inline(never)]
    fn i64_general(&mut self) -> Result<i64, Error> {
        let at = self.pos;
        let v = self.i128()?;
        i64::try_from(v).map_err(|_| Error::out_of_range(v, "i64", at))
    }

    /// Any integer that fits `i128`, including bignums (tags 2 and 3).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not an integer;
    /// [`ErrorKind::OutOfRange`] for a bignum outside `i128`;
    /// [`ErrorKind::BadTagContent`] for a bignum tag over anything but a byte
    /// string; and malformed input ([`Reader`](Reader#errors)).
    pub fn i128(&mut self) -> Result<i128, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Unsigned(v) => Ok(i128::from(v)),
            Head::Negative(n) => Ok(-1 - i128::from(n)),
            Head::Tag(2 | 3) => self.bignum_tail(at),
            other => self.nested(other, at, "integer", Self::i128),
        }
    }

    /// Any non-negative integer that fits `u128`, including bignums.
    ///
    /// # Errors
    ///
    /// As [`Reader::i128`], and [`ErrorKind::OutOfRange`] for a negative
    /// integer or a bignum past `u128::MAX`.
    pub fn u128(&mut self) -> Result<u128, Error> {
        let at = self.pos;
        match self.peek_head()? {
            Head::Tag(2) => {
                self.head()?;
                let digits = self.bytes_in_tag(2, at)?;
                magnitude(&digits).ok_or_else(|| Error::out_of_range(too_big(&digits), "u128", at))
            }
            _ => {
                let v = self.i128()?;
                u128::try_from(v).map_err(|_| Error::out_of_range(v, "u128", at))
            }
        }
    }

    pub(super) fn bignum_tail(&mut self, at: usize) -> Result<i128, Error> {
        let tag = match self.input[at] & 0x1f {
            2 => 2,
            _ => 3,
        };
        let digits = self.bytes_in_tag(tag, at)?;
        let m = match magnitude(&digits) {
            Some(m) => i128::try_from(m).map_err(|_| match (tag, m.checked_add(1)) {
                (2, _) => Error::out_of_range(m, "i128", at),
                (_, Some(n)) => Error::out_of_range(alloc::format!("-{n}"), "i128", at),
                (_, None) => Error::out_of_range(too_big(&digits), "i128", at),
            })?,
            None => return Err(Error::out_of_range(too_big(&digits), "i128", at)),
        };
        Ok(if tag == 2 { m } else { -1 - m })
    }

    pub(super) fn bytes_in_tag(&mut self, tag: u64, at: usize) -> Result<Cow<'de, [u8]>, Error> {
        self.enter()?;
        let content = match self.peek_head()? {
            Head::Bytes(_) => self.byte_buf()?,
            _ => return Err(Error::new(ErrorKind::BadTagContent { tag }, at)),
        };
        self.leave();
        Ok(content)
    }

    /// A float of any width, widened to `f64`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a float (integers
    /// are refused); and malformed input ([`Reader`](Reader#errors)).
    #[inline]
    pub fn f64(&mut self) -> Result<f64, Error> {
        // The double's own head inlines into the caller; every other item
        // goes out of line, so that the common read stays a few
        // instructions and returns in registers.
        match self.fixed::<9>(0xfb) {
            Some(bytes) => Ok(f64::from_be_bytes([
                bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
            ])),
            None => self.f64_other(),
        }
    }

    /// [`Reader::f64`] past its fast path.
    #[inline(never)]
    fn f64_other(&mut self) -> Result<f64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::F64(v)) => Ok(v),
            Head::Simple(Simple::F32(v)) => Ok(f64::from(v)),
            Head::Simple(Simple::F16(bits)) => Ok(crate::wire::float::f16_to_f64(bits)),
            other => self.nested(other, at, "float", Self::f64),
        }
    }

    /// A float that an `f32` holds exactly (half and single always; a double
    /// only when it narrows without loss).
    ///
    /// # Errors
    ///
    /// As [`Reader::f64`], and [`ErrorKind::OutOfRange`] for a double that an
    /// `f32` does not hold exactly (NaNs excepted).
    #[inline]
    pub fn f32(&mut self) -> Result<f32, Error> {
        // Split as `f64` is.
        match self.fixed::<5>(0xfa) {
            Some(bytes) => Ok(f32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]])),
            None => self.f32_other(),
        }
    }

    /// [`Reader::f32`] past its fast path.
    #[inline(never)]
    fn f32_other(&mut self) -> Result<f32, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::F32(v)) => Ok(v),
            Head::Simple(Simple::F16(bits)) => Ok(crate::wire::float::f16_to_f64(bits) as f32),
            Head::Simple(Simple::F64(v)) if v.is_nan() => Ok(v as f32),
            Head::Simple(Simple::F64(v)) => crate::wire::float::f64_to_f32_exact(v)
                .ok_or_else(|| Error::out_of_range(alloc::format!("{v:?}"), "f32 (exactly)", at)),
            other => self.nested(other, at, "float", Self::f32),
        }
    }

    /// `true` or `false`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for any other item; and malformed input
    /// ([`Reader`](Reader#errors)).
    #[inline]
    pub fn bool(&mut self) -> Result<bool, Error> {
        // `f4` and `f5` inline; anything else through the head parser, out
        // of line.
        if let Some(&b @ (0xf4 | 0xf5)) = self.input.get(self.pos) {
            self.pos += 1;
            return Ok(b == 0xf5);
        }
        self.bool_general()
    }

    #[inline(never)]
    fn bool_general(&mut self) -> Result<bool, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::Bool(b)) => Ok(b),
            other => self.nested(other, at, "boolean", Self::bool),
        }
    }

    /// Whether the next item is `null` or `undefined` (not consumed).
    #[inline]
    pub fn peek_null(&self) -> bool {
        matches!(self.input.get(self.pos), Some(0xf6 | 0xf7))
    }

    /// Consumes `null` or `undefined`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for any other item; and malformed input
    /// ([`Reader`](Reader#errors)).
    #[inline]
    pub fn null(&mut self) -> Result<(), Error> {
        if self.peek_null() {
            self.pos += 1;
            return Ok(());
        }
        self.null_general()
    }

    #[inline(never)]
    fn null_general(&mut self) -> Result<(), Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::Null | Simple::Undefined) => Ok(()),
            other => self.nested(other, at, "null", Self::null),
        }
    }
}

/// The magnitude of a bignum's big-endian digits, if it fits `u128`.
fn magnitude(digits: &[u8]) -> Option<u128> {
    let start = digits.iter().position(|&b| b != 0).unwrap_or(digits.len());
    let significant = &digits[start..];
    if significant.len() > 16 {
        return None;
    }
    Some(
        significant
            .iter()
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b)),
    )
}

/// The `N` bytes of `input` at `at`, as an array for `from_be_bytes`.
#[inline(always)]
pub(super) fn be<const N: usize>(input: &[u8], at: usize) -> Option<[u8; N]> {
    input.get(at..at.checked_add(N)?)?.try_into().ok()
}

/// How an out-of-range bignum is named in an error: by its size, since its
/// digits would not help.
fn too_big(digits: &[u8]) -> alloc::string::String {
    let significant = digits.iter().skip_while(|&&b| b == 0).count();
    alloc::format!("a bignum of {significant} bytes")
}

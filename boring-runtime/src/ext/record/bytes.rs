//! Byte-string fields (`#[boring(bytes)]`): byte strings or arrays of integers.

use super::*;
use crate::ext::describe::{Description, Kind};

/// How a `#[boring(bytes)]` field writes itself: as a byte string.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a CBOR byte string",
    label = "not a byte container",
    note = "`#[boring(bytes)]` takes `Vec<u8>`, `&[u8]`, `[u8; N]`, `Box<[u8]>` or `Cow<[u8]>`, or an `Option` of one"
)]
pub trait EncodeBytes {
    /// Writes the bytes as a byte string.
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error>;

    /// Whether the value is `None` (for `skip_if_none`).
    #[inline]
    fn is_none(&self) -> bool {
        false
    }

    /// What the field holds: a byte string (or `null`, for an `Option`).
    fn describe() -> Description {
        Description::of(Kind::Bytes)
    }
}

/// How a `#[boring(bytes)]` field reads itself: from a byte string or an
/// array of integers.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a CBOR byte string",
    label = "not a byte container",
    note = "`#[boring(bytes)]` takes `Vec<u8>`, `&[u8]`, `[u8; N]`, `Box<[u8]>` or `Cow<[u8]>`, or an `Option` of one"
)]
pub trait DecodeBytes<'de>: Sized {
    /// Reads the bytes.
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// The value of an absent field (`None` for options).
    #[inline]
    fn absent() -> Option<Self> {
        None
    }
}

impl EncodeBytes for [u8] {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self)
    }
}

impl<const N: usize> EncodeBytes for [u8; N] {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self)
    }
}

impl EncodeBytes for Vec<u8> {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self)
    }
}

impl EncodeBytes for Box<[u8]> {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self)
    }
}

impl EncodeBytes for Cow<'_, [u8]> {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self)
    }
}

impl<T: EncodeBytes + ?Sized> EncodeBytes for &T {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        (**self).encode_bytes(w)
    }

    #[inline]
    fn is_none(&self) -> bool {
        (**self).is_none()
    }

    fn describe() -> Description {
        T::describe()
    }
}

impl<T: EncodeBytes> EncodeBytes for Option<T> {
    #[inline]
    fn encode_bytes<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self {
            Some(v) => v.encode_bytes(w),
            None => w.null(),
        }
    }

    #[inline]
    fn is_none(&self) -> bool {
        self.is_none()
    }

    fn describe() -> Description {
        T::describe().or_null()
    }
}

/// Borrowed: needs a definite-length byte string (an array of integers
/// cannot be borrowed).
impl<'de> DecodeBytes<'de> for &'de [u8] {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.bytes()
    }
}

impl<'de, const N: usize> DecodeBytes<'de> for [u8; N] {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_byte_array(r)
    }
}

impl<'de> DecodeBytes<'de> for Vec<u8> {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let bytes = decode_byte_string(r)?;
        crate::codec::owned_bytes(r, bytes, at)
    }
}

impl<'de> DecodeBytes<'de> for Box<[u8]> {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let bytes = decode_byte_string(r)?;
        crate::codec::owned_bytes(r, bytes, at).map(Vec::into_boxed_slice)
    }
}

impl<'de> DecodeBytes<'de> for Cow<'de, [u8]> {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_byte_string(r)
    }
}

impl<'de, T: DecodeBytes<'de>> DecodeBytes<'de> for Option<T> {
    #[inline]
    fn decode_bytes(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek_null() {
            r.null()?;
            Ok(None)
        } else {
            T::decode_bytes(r).map(Some)
        }
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

/// Maps the elements of a decoded vector (a transparent newtype's
/// `decode_vec` over its inner type's).
#[inline]
pub fn map_vec<T, U>(items: Vec<T>, f: impl FnMut(T) -> U) -> Vec<U> {
    items.into_iter().map(f).collect()
}

/// The body of `decode_variant` for an enum without variants (never
/// called: no name matches).
pub fn no_variant<T>(index: usize, r: &Reader<'_>) -> Result<T, Error> {
    let _ = index;
    Err(r.error(ErrorKind::UnknownVariant {
        name: alloc::string::String::new(),
        expected: &[],
    }))
}

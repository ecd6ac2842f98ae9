//! Byte strings. `Vec<u8>` and `[u8]` are arrays of integers like any other
//! sequence (stable Rust has no specialization); these wrappers, and the
//! derive's `#[boring(bytes)]`, write major type 2 instead.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::ops::Deref;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::describe::{Description, Kind};
use crate::wire::{Head, Reader, Sink, Writer};

/// A borrowed byte string, decoded zero-copy from a definite-length byte
/// string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bytes<'a>(pub &'a [u8]);

/// An owned byte string. Decoding accepts a byte string of either length
/// form or an array of integers 0–255.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ByteBuf(pub Vec<u8>);

impl Deref for Bytes<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.0
    }
}

impl Deref for ByteBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl<'a> From<&'a [u8]> for Bytes<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        Bytes(bytes)
    }
}

impl From<Vec<u8>> for ByteBuf {
    fn from(bytes: Vec<u8>) -> Self {
        ByteBuf(bytes)
    }
}

impl From<ByteBuf> for Vec<u8> {
    fn from(buf: ByteBuf) -> Self {
        buf.0
    }
}

impl Encode for Bytes<'_> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(self.0)
    }

    fn describe() -> Description {
        Description::of(Kind::Bytes)
    }
}

impl Encode for ByteBuf {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bytes(&self.0)
    }

    fn describe() -> Description {
        Description::of(Kind::Bytes)
    }
}

impl<'de> Decode<'de> for Bytes<'de> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.bytes().map(Bytes)
    }
}

impl<'de> Decode<'de> for ByteBuf {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let bytes = decode_byte_string(r)?;
        owned_bytes(r, bytes, at).map(ByteBuf)
    }
}

/// Reads a byte string, or an array of integers 0–255, as bytes: borrowed
/// when the input holds a definite byte string.
///
/// # Errors
///
/// What [`Reader::byte_buf`] reports; for an array, what [`Reader::array`]
/// and [`Seq::next`](crate::wire::Seq::next) report, and
/// [`ErrorKind::UnexpectedType`] or [`ErrorKind::OutOfRange`] for an element
/// that is not an integer 0–255.
pub fn decode_byte_string<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, [u8]>, Error> {
    match r.peek_head()? {
        Head::Array(_) => {
            let mut seq = r.array()?;
            let mut out = Vec::with_capacity(seq.capacity::<u8>(r));
            while seq.next(r)? {
                out.push(u8::decode(r)?);
            }
            Ok(Cow::Owned(out))
        }
        _ => r.byte_buf(),
    }
}

/// Copies the bytes of the item at `at` out of the input, charging the
/// copy to the output budget (a borrowed string may be a stringref to a
/// long entry).
#[inline]
pub(crate) fn owned_bytes(
    r: &mut Reader<'_>,
    bytes: Cow<'_, [u8]>,
    at: usize,
) -> Result<Vec<u8>, Error> {
    r.charge_output_at(bytes.len(), at)?;
    Ok(bytes.into_owned())
}

/// Reads exactly `N` bytes, from a byte string or an array of integers.
///
/// # Errors
///
/// As [`decode_byte_string`], and [`ErrorKind::BadCount`] for other than `N`
/// bytes.
pub fn decode_byte_array<const N: usize>(r: &mut Reader<'_>) -> Result<[u8; N], Error> {
    let at = r.position();
    let bytes = decode_byte_string(r)?;
    <[u8; N]>::try_from(&bytes[..]).map_err(|_| Error::new(ErrorKind::BadCount, at))
}

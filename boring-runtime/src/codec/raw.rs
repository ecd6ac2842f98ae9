//! Keeping and carrying encoded bytes: [`Raw`] (one item, undecoded),
//! [`KeepRaw`] (a decoded value with the bytes it came from), [`Embedded`]
//! (CBOR inside a byte string, `bstr .cbor`) and [`Tagged`] (a value inside
//! a fixed tag) — what signed protocol messages such as COSE need.

use alloc::vec::Vec;
use core::ops::Deref;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Reader, Sink, Writer};

/// The bytes of exactly one item, head included, borrowed from the input
/// without decoding it. Encoding writes them back unchanged.
///
/// Decoding refuses an item that holds stringref references
/// ([`ErrorKind::StringrefInRaw`]): they mean nothing outside their
/// document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Raw<'a>(&'a [u8]);

impl<'a> Raw<'a> {
    /// Checks that `bytes` hold exactly one well-formed item.
    ///
    /// # Errors
    ///
    /// What [`Reader::skip_raw`] reports for bytes that are not one well-formed
    /// item, or hold a stringref; [`ErrorKind::TrailingBytes`] for bytes after
    /// the item.
    pub fn new(bytes: &'a [u8]) -> Result<Self, Error> {
        let mut r = Reader::new(bytes);
        let item = r.skip_raw()?;
        if !r.is_at_end() {
            return Err(r.error(ErrorKind::TrailingBytes));
        }
        Ok(Raw(item))
    }

    /// The item's bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// Decodes the item.
    ///
    /// # Errors
    ///
    /// What [`from_slice`](crate::from_slice) reports.
    pub fn decode<T: Decode<'a>>(&self) -> Result<T, Error> {
        crate::from_slice(self.0)
    }
}

impl<'de> Decode<'de> for Raw<'de> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.skip_raw().map(Raw)
    }
}

impl Encode for Raw<'_> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.raw_item(self.0)
    }
}

/// A decoded value together with the bytes it was decoded from. Encoding
/// writes those bytes unchanged, so a signed structure re-encodes exactly
/// as it was received.
#[derive(Debug, Clone, PartialEq)]
pub struct KeepRaw<'a, T> {
    value: T,
    raw: &'a [u8],
}

impl<'a, T> KeepRaw<'a, T> {
    /// The decoded value.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The bytes it was decoded from.
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The value, dropping the bytes.
    pub fn into_value(self) -> T {
        self.value
    }
}

impl<'a, T: Encode> KeepRaw<'a, T> {
    /// Pairs `value` with bytes that encode it (checked: one item, and no
    /// stringref).
    ///
    /// # Errors
    ///
    /// As [`Raw::new`], for `raw`.
    pub fn new(value: T, raw: &'a [u8]) -> Result<Self, Error> {
        Raw::new(raw)?;
        Ok(KeepRaw { value, raw })
    }
}

impl<T> Deref for KeepRaw<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for KeepRaw<'de, T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let start = r.position();
        let before = r.references_resolved();
        let value = T::decode(r)?;
        if r.references_resolved() != before {
            return Err(Error::new(ErrorKind::StringrefInRaw, start));
        }
        let raw = &r.input()[start..r.position()];
        Ok(KeepRaw { value, raw })
    }
}

impl<T> Encode for KeepRaw<'_, T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.raw_item(self.raw)
    }
}

/// CBOR carried in a byte string (CDDL `bstr .cbor T`): encoded and decoded
/// transparently. The content is a document of its own: under a profile
/// with stringref it has its own namespace.
///
/// An empty byte string decodes to `None` for `Embedded<Option<T>>`, and
/// `None` encodes as an empty byte string. For tag 24 (encoded CBOR data
/// item) use `Tagged<24, Embedded<T>>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Embedded<T>(pub T);

impl<T> Deref for Embedded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Encode> Encode for Embedded<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        if self.0.is_none() {
            return w.bytes(&[]);
        }
        let mut inner = inner_writer(w);
        inner.write(&self.0)?;
        w.bytes(inner.sink())
    }
}

/// The writer of an embedded document, on the heap: a type that nests
/// through embedded documents passes through [`Embedded::encode`] once per
/// level, and a writer in each of those frames would multiply its size by
/// the depth.
#[inline(never)]
fn inner_writer<S: Sink>(w: &Writer<S>) -> alloc::boxed::Box<Writer<Vec<u8>>> {
    alloc::boxed::Box::new(Writer::from_resolved(Vec::new(), *w.options()))
}

impl<'de, T: Decode<'de>> Decode<'de> for Embedded<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let bytes = r.bytes()?;
        let mut inner = r.embedded(bytes);
        let value = T::decode_embedded(&mut inner).map_err(|e| shift(e, at))?;
        r.absorb_budgets(&inner);
        if !inner.is_at_end() {
            return Err(Error::new(ErrorKind::TrailingBytes, at));
        }
        Ok(Embedded(value))
    }
}

/// Reports an error inside embedded bytes at the offset of the byte
/// string that holds them (the inner offset is relative to the content).
fn shift(err: Error, at: usize) -> Error {
    let offset = err.offset().map_or(at, |inner| at + inner);
    let path = err.path().to_vec();
    let mut moved = Error::new(err.kind().clone(), offset);
    for segment in path.into_iter().rev() {
        moved = moved.within(segment);
    }
    moved
}

/// How a type reads itself as the whole content of an [`Embedded`] byte
/// string: as one document by default; `Option` also accepts emptiness.
pub trait DecodeEmbedded<'de>: Sized {
    /// Reads the content document.
    ///
    /// # Errors
    ///
    /// What decoding the content reports (see
    /// [`decode_document`](crate::decode_document)).
    fn decode_embedded(r: &mut Reader<'de>) -> Result<Self, Error>;
}

impl<'de, T: Decode<'de>> DecodeEmbedded<'de> for T {
    fn decode_embedded(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.is_at_end() {
            if let Some(empty) = T::absent() {
                return Ok(empty);
            }
        }
        crate::decode_document(r)
    }
}

/// A value inside tag `N`: written as `N(value)`, and read only when the
/// tag is there (a missing or different tag is [`ErrorKind::WrongTag`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tagged<const N: u64, T>(pub T);

impl<const N: u64, T> Deref for Tagged<N, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<const N: u64, T: Encode> Encode for Tagged<N, T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.tag(N)?;
        self.0.encode(w)
    }
}

impl<'de, const N: u64, T: Decode<'de>> Decode<'de> for Tagged<N, T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.namespaced(|r| {
            r.expect_tag(N)?;
            r.enter()?;
            let value = T::decode(r)?;
            r.leave();
            Ok(Tagged(value))
        })
    }
}

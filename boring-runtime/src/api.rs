//! The free functions most users call.

use alloc::vec::Vec;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::profile::Options;
use crate::wire::{CountingSink, Head, Reader, Sink, Writer};

/// Encodes `value` under the default profile ([`Profile::Default`]:
/// stringref for repeated text, shortest floats; readable by the reference
/// and by any reader that knows stringref).
///
/// ```
/// let bytes = boring::to_vec(&("id", 7u8))?;
/// // Tag 256 opens the item's stringref namespace; then the array.
/// assert_eq!(bytes, [0xd9, 0x01, 0x00, 0x82, 0x62, b'i', b'd', 0x07]);
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// [`ErrorKind::InvalidOptions`] for options the profile locks off,
/// [`ErrorKind::Unencodable`] for a value the profile cannot represent,
/// or what a hand-written [`Encode`] impl reports.
///
/// [`Profile::Default`]: crate::Profile::Default
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    to_vec_with(value, &Options::default())
}

/// Encodes `value` under `options`.
///
/// ```
/// use boring::{Options, Profile};
///
/// // Plain CBOR that every reader understands.
/// let bytes = boring::to_vec_with(&("id", 7u8), &Options::from(Profile::Interop))?;
/// assert_eq!(bytes, [0x82, 0x62, b'i', b'd', 0x07]);
///
/// // A switch the profile locks off is refused.
/// let locked = Options::from(Profile::Interop).shapes(true);
/// assert!(boring::to_vec_with(&1u8, &locked).is_err());
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// [`ErrorKind::InvalidOptions`] for options the profile locks off,
/// [`ErrorKind::Unencodable`] for a value the profile cannot represent,
/// or what a hand-written [`Encode`] impl reports.
pub fn to_vec_with<T: Encode + ?Sized>(value: &T, options: &Options) -> Result<Vec<u8>, Error> {
    let mut w = Writer::with_sink(Vec::new(), options)?;
    w.write(value)?;
    Ok(w.into_sink())
}

/// Encodes `value` under the default profile into any [`Sink`]: a
/// `Vec<u8>` (appended to), a [`SliceSink`](crate::wire::SliceSink), …
///
/// # Errors
///
/// As [`to_vec`]; a [`SliceSink`](crate::wire::SliceSink) that fills up is
/// [`ErrorKind::BufferFull`].
pub fn to_writer<S: Sink, T: Encode + ?Sized>(sink: S, value: &T) -> Result<S, Error> {
    let mut w = Writer::with_sink(sink, &Options::default())?;
    w.write(value)?;
    Ok(w.into_sink())
}

/// Encodes `value` under `options` into an `io::Write`.
///
/// # Errors
///
/// As [`to_vec_with`]; a failing writer is [`ErrorKind::Io`], its error
/// kept as the [`source`](core::error::Error::source).
#[cfg(feature = "std")]
pub fn to_io<W: std::io::Write, T: Encode + ?Sized>(
    writer: W,
    value: &T,
    options: &Options,
) -> Result<W, Error> {
    let mut w = Writer::with_sink(crate::wire::IoSink(writer), options)?;
    w.write(value)?;
    Ok(w.into_sink().0)
}

/// The number of bytes `value` encodes to under `options`, computed without
/// writing them.
///
/// # Errors
///
/// As [`to_vec_with`].
pub fn encoded_len<T: Encode + ?Sized>(value: &T, options: &Options) -> Result<usize, Error> {
    let mut w = Writer::with_sink(CountingSink::new(), options)?;
    w.write(value)?;
    Ok(w.sink().count())
}

/// Decodes exactly one item under the default options; bytes after it are a
/// [`ErrorKind::TrailingBytes`] error at their offset. Text and byte
/// strings decode borrowed (`&str`, `&[u8]`) where the type asks for it.
///
/// Every profile's output decodes under the default options: they read
/// every extension (stringref, shapes, tables) whatever the writer chose.
///
/// ```
/// use std::collections::BTreeMap;
///
/// let bytes = [0xa1, 0x61, b'a', 0x82, 0x01, 0x02]; // {"a": [1, 2]}
/// let map: BTreeMap<&str, Vec<u8>> = boring::from_slice(&bytes)?;
/// assert_eq!(map["a"], [1, 2]);
///
/// // [1, 24…]: the second integer's byte is missing.
/// let err = boring::from_slice::<Vec<u8>>(&[0x82, 0x01, 0x18]).unwrap_err();
/// assert_eq!(err.kind(), &boring::ErrorKind::Truncated);
/// assert_eq!(err.offset(), Some(2));
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// Malformed or truncated input, a type mismatch, a limit of the options
/// exceeded, or bytes after the item ([`ErrorKind::TrailingBytes`]): each
/// a typed error with the byte offset and, for derived types, the path of
/// fields to the failing value.
pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    from_slice_with(bytes, &Options::default())
}

/// Decodes exactly one item under `options` (limits, the duplicate-key
/// policy, deterministic-form checks).
///
/// ```
/// use boring::{ErrorKind, Options, Profile};
///
/// let bytes = [0x81, 0x81, 0x81, 0x00]; // [[[0]]]
/// let shallow = Options::default().max_depth(2);
/// let err = boring::from_slice_with::<boring::Value>(&bytes, &shallow).unwrap_err();
/// assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
///
/// // Under a deterministic profile, input must be in its form.
/// let strict = Options::from(Profile::Canonical).verify_deterministic(true);
/// assert!(boring::from_slice_with::<u8>(&[0x18, 0x01], &strict).is_err());
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// Malformed or truncated input, a type mismatch, a limit of the options
/// exceeded, or bytes after the item ([`ErrorKind::TrailingBytes`]): each
/// a typed error with the byte offset and, for derived types, the path of
/// fields to the failing value. Options that do not resolve are
/// [`ErrorKind::InvalidOptions`].
pub fn from_slice_with<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    options: &Options,
) -> Result<T, Error> {
    let mut r = Reader::with_options(bytes, options)?;
    let value = decode_document(&mut r)?;
    if !r.is_at_end() {
        return Err(r.error(ErrorKind::TrailingBytes));
    }
    Ok(value)
}

/// Decodes the first item and returns it with the bytes after it, for
/// concatenated items.
///
/// # Errors
///
/// As [`from_slice`], except that bytes after the item are returned.
pub fn take_from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<(T, &'de [u8]), Error> {
    take_from_slice_with(bytes, &Options::default())
}

/// [`take_from_slice`] under `options`.
///
/// ```
/// use boring::{Options, Profile};
///
/// let bytes = [0x01, 0x02];
/// let (first, rest): (u8, _) = boring::take_from_slice_with(&bytes, &Options::from(Profile::Interop))?;
/// assert_eq!((first, rest), (1, &[0x02][..]));
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// As [`from_slice_with`], except that bytes after the item are returned.
pub fn take_from_slice_with<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    options: &Options,
) -> Result<(T, &'de [u8]), Error> {
    let mut r = Reader::with_options(bytes, options)?;
    let value = decode_document(&mut r)?;
    Ok((value, r.rest()))
}

/// Decodes exactly one item read from `reader` (to its end) under the
/// default options: owned data only, since the bytes do not outlive the
/// call. For items read one at a time from a stream, see
/// [`SeqStream`](crate::seq::SeqStream).
///
/// ```
/// let bytes: &[u8] = &[0x82, 0x01, 0x02];
/// let v: Vec<u32> = boring::from_reader(bytes)?;
/// assert_eq!(v, [1, 2]);
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// As [`from_slice`]; a failing reader is [`ErrorKind::Io`], its error
/// kept as the [`source`](core::error::Error::source).
#[cfg(feature = "std")]
pub fn from_reader<T: crate::DecodeOwned, R: std::io::Read>(reader: R) -> Result<T, Error> {
    from_reader_with(reader, &Options::default())
}

/// [`from_reader`] under `options`.
///
/// # Errors
///
/// As [`from_slice_with`]; a failing reader is [`ErrorKind::Io`], its error
/// kept as the [`source`](core::error::Error::source).
#[cfg(feature = "std")]
pub fn from_reader_with<T: crate::DecodeOwned, R: std::io::Read>(
    mut reader: R,
    options: &Options,
) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_slice_with(&bytes, options)
}

/// `value` as a [`Value`](crate::Value): what decoding its plain encoding
/// gives (floats keep their width, tags stay, records are maps).
///
/// ```
/// use boring::Value;
///
/// let v = boring::to_value(&vec![("a", 1u8)])?;
/// assert_eq!(v, Value::Array(vec![Value::Array(vec!["a".into(), 1.into()].into())].into()));
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// What encoding `value` reports (see [`to_vec`]).
pub fn to_value<T: Encode + ?Sized>(value: &T) -> Result<crate::Value, Error> {
    let bytes = to_vec_with(value, &plain())?;
    from_slice_with(&bytes, &plain())
}

/// A `T` decoded from `value`, as from its plain encoding.
///
/// ```
/// use boring::Value;
///
/// let v = Value::Array(vec![1.into(), 2.into()].into());
/// let pair: (u8, i64) = boring::from_value(&v)?;
/// assert_eq!(pair, (1, 2));
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// What decoding reports (see [`from_slice`]) when `value` does not have
/// `T`'s form.
pub fn from_value<T: crate::DecodeOwned>(value: &crate::Value) -> Result<T, Error> {
    let bytes = to_vec_with(value, &plain())?;
    from_slice_with(&bytes, &plain())
}

/// The options of [`to_value`] and [`from_value`]: plain CBOR, every float
/// at its width.
fn plain() -> Options {
    Options::from(crate::Profile::Interop)
}

/// Decodes one top-level item: when it opens a stringref namespace (tag
/// 256), the namespace is entered before `T` reads its content. Bytes after
/// the item are left to the caller.
///
/// # Errors
///
/// As [`from_slice`].
pub fn decode_document<'de, T: Decode<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    r.start_item();
    if r.options().verify_deterministic {
        let opts = *r.options();
        crate::wire::verify(r, &opts)?;
    }
    if let Ok(Head::Tag(256)) = r.peek_head() {
        r.head()?;
        r.enter_namespace()?;
        let value = T::decode(r)?;
        r.leave_namespace();
        Ok(value)
    } else {
        T::decode(r)
    }
}

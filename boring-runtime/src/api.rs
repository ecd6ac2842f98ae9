//! The free functions most users call.

use alloc::vec::Vec;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::profile::Options;
use crate::wire::{CountingSink, Head, Reader, Sink, Writer};

/// Encodes `value` under the default profile.
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    to_vec_with(value, &Options::default())
}

/// Encodes `value` under `options`.
pub fn to_vec_with<T: Encode + ?Sized>(value: &T, options: &Options) -> Result<Vec<u8>, Error> {
    let mut w = Writer::try_with_sink(Vec::new(), options.clone())?;
    w.write(value)?;
    Ok(w.into_sink())
}

/// Encodes `value` under the default profile into any [`Sink`]: a
/// `Vec<u8>` (appended to), a [`SliceSink`](crate::wire::SliceSink), …
pub fn to_writer<S: Sink, T: Encode + ?Sized>(sink: S, value: &T) -> Result<S, Error> {
    let mut w = Writer::try_with_sink(sink, Options::default())?;
    w.write(value)?;
    Ok(w.into_sink())
}

/// Encodes `value` under `options` into an `io::Write`.
#[cfg(feature = "std")]
pub fn to_io<W: std::io::Write, T: Encode + ?Sized>(
    writer: W,
    value: &T,
    options: &Options,
) -> Result<W, Error> {
    let mut w = Writer::try_with_sink(crate::wire::IoSink(writer), options.clone())?;
    w.write(value)?;
    Ok(w.into_sink().0)
}

/// The number of bytes `value` encodes to under `options`, computed without
/// writing them.
pub fn encoded_len<T: Encode + ?Sized>(value: &T, options: &Options) -> Result<usize, Error> {
    let mut w = Writer::try_with_sink(CountingSink::new(), options.clone())?;
    w.write(value)?;
    Ok(w.sink().count())
}

/// Decodes exactly one item under the default options; bytes after it are a
/// [`ErrorKind::TrailingBytes`] error at their offset.
pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    from_slice_with(bytes, &Options::default())
}

/// Decodes exactly one item under `options`.
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
#[cfg(feature = "std")]
pub fn from_reader<T: crate::DecodeOwned, R: std::io::Read>(reader: R) -> Result<T, Error> {
    from_reader_with(reader, &Options::default())
}

/// [`from_reader`] under `options`.
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
/// assert_eq!(v, Value::Array(vec![Value::Array(vec!["a".into(), 1.into()])]));
/// # Ok::<(), boring::Error>(())
/// ```
pub fn to_value<T: Encode + ?Sized>(value: &T) -> Result<crate::Value, Error> {
    let bytes = to_vec_with(value, &plain())?;
    from_slice_with(&bytes, &plain())
}

/// A `T` decoded from `value`, as from its plain encoding.
///
/// ```
/// use boring::Value;
///
/// let v = Value::Array(vec![1.into(), 2.into()]);
/// let pair: (u8, i64) = boring::from_value(&v)?;
/// assert_eq!(pair, (1, 2));
/// # Ok::<(), boring::Error>(())
/// ```
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
/// 256), the namespace is entered before `T` reads its content.
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

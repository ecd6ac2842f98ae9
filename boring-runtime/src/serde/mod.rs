//! A serde bridge: any `Serialize`/`Deserialize` type through boring's
//! [`Writer`] and [`Reader`], under the same profiles as the derive.
//!
//! ```
//! use std::collections::BTreeMap;
//!
//! use boring::{Options, Profile, Value};
//!
//! let opts = Options::from(Profile::Interop);
//! let mut reading = BTreeMap::new();
//! reading.insert("sensor", "s1");
//! reading.insert("unit", "celsius");
//! let bytes = boring::serde::to_vec(&reading, &opts)?;
//! // A map with text keys: what `#[derive(Boring)]` writes for the same data.
//! assert_eq!(bytes, boring::to_vec_with(&reading, &opts)?);
//!
//! // Strings borrow from the input.
//! let back: BTreeMap<&str, &str> = boring::serde::from_slice(&bytes, &opts)?;
//! assert_eq!(back, reading);
//!
//! // Enums are externally tagged; `Value` reads anything.
//! let pair = boring::serde::to_vec(&Some((1, "a")), &opts)?;
//! let value: Value = boring::serde::from_slice(&pair, &opts)?;
//! assert_eq!(value.to_string(), r#"[1, "a"]"#);
//! # Ok::<(), boring::Error>(())
//! ```
//!
//! # The data model on the wire
//!
//! Structs are maps with text keys, tuples and tuple structs arrays, unit
//! and `None` null, newtypes their content; enums are externally tagged as
//! with the derive: a unit variant is its name, any other variant a map of
//! one entry from its name to its payload. Byte slices written through
//! `serialize_bytes` (`serde_bytes`) are byte strings. The writer's profile
//! applies: stringref under `Default`, maps and structs sorted by encoded
//! key under the canonical profiles. A sequence or map of unknown length is
//! written with an indefinite length under the unsorted profiles, and
//! buffered to a definite length under the sorted ones.
//!
//! On reading, `deserialize_str` and `deserialize_bytes` borrow from the
//! input whenever the item is a definite-length literal or a stringref
//! reference; joined indefinite-length strings are handed over owned.
//!
//! # Tags
//!
//! `deserialize_any` surfaces a tag as its content, its number dropped, so
//! that generic targets (`serde_json::Value`, untagged enums, maps of
//! anything) see plain data; bignums (tags 2 and 3) become `u128`/`i128`,
//! stringref (tags 25 and 256) is resolved, and an RFC 8746 typed array
//! (tags 64 to 87, either byte order) is a sequence of its numbers —
//! integers as `u64`/`i64`, binary16 and binary32 as `f32`, binary64 as
//! `f64` — so `Vec<u16>` or `[f32; 3]` read what `Compact` writes; a `u8`
//! array asked for as bytes (`serde_bytes`, `&[u8]`) is its payload,
//! borrowed. [`Value`](crate::Value)
//! keeps every tag: its `Deserialize` asks this deserializer for the whole
//! item through a private newtype name and decodes it natively, and its
//! `Serialize` writes a tag as the newtype struct `"\0boring::tag"` over
//! the pair `(number, content)`, which this serializer writes as the tag
//! and which other formats write as a two-element sequence.
//! `undefined` and other simple values travel the same way, as the newtype
//! struct `"\0boring::simple"` over their number; `deserialize_any` gives
//! `undefined` as unit and other simple values as `u8`. serde has no
//! binary16, so a `Value` half-precision float is serialized as `f32`: the
//! same number, written at the width the profile's float policy gives it.
//!
//! # Errors
//!
//! Every failure is a [`crate::Error`]: the reader's and writer's own kinds
//! as usual; a message of a `Serialize` impl or a visitor becomes
//! [`ErrorKind::Custom`], placed at the offset of the item being read (or
//! the output position); serde's missing-field, unknown-field and
//! unknown-variant errors keep [`ErrorKind::MissingField`],
//! [`ErrorKind::UnknownField`] and [`ErrorKind::UnknownVariant`]. Duplicate
//! map keys on read are left to the target type (serde's maps keep the
//! last), not to [`Options::duplicate_keys`](crate::Options::duplicate_keys).
//!
//! Documents using boring's layout tags (shaped arrays, scattered shapes,
//! columnar and keyed tables, grids: tags 39649 to 39654) read as the plain
//! arrays and maps they stand for: such an item is decoded and expanded
//! first, so its strings reach the target as owned data, and a target that
//! borrows `&str` from inside it gets a type error (decode it with
//! [`crate::from_slice`] or as `String`). The serializer writes no layout
//! tags: serde does not say which sequences hold records of one type.

mod access;
mod byte_probe;
mod compound;
mod de;
mod error;
mod expanded;
mod ser;
mod typed;
mod value;

use alloc::vec::Vec;

pub use compound::{Compound, Keyed};
pub use de::Deserializer;
pub use ser::Serializer;

use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::profile::Options;
use crate::wire::{Reader, Sink, Writer};

/// Newtype name under which a [`Value`](crate::Value) tag travels.
pub(crate) const TAG_TOKEN: &str = "\0boring::tag";
/// Newtype name under which `undefined` and other simple values travel.
pub(crate) const SIMPLE_TOKEN: &str = "\0boring::simple";
/// Newtype name with which `Value` asks for the whole item.
pub(crate) const VALUE_TOKEN: &str = "\0boring::value";

/// Wraps a `Serialize` value as an [`Encode`] one, so that it can be written
/// with [`Writer::write`] (which opens the stringref namespace) or nested in
/// a derived type.
#[derive(Debug, Clone, Copy)]
pub struct Serde<'a, T: ?Sized>(pub &'a T);

impl<T: ::serde::Serialize + ?Sized> Encode for Serde<'_, T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let result = self.0.serialize(Serializer::new(w));
        // A `Serialize` impl's own errors know no offset: the output
        // position where it failed is the best there is.
        result.map_err(|e| error::place(e, w.position()))
    }
}

/// Encodes `value` as one CBOR item under `options`.
///
/// # Errors
///
/// [`ErrorKind::InvalidOptions`] for options that do not resolve; what
/// serializing `value` reports (a custom error of its `Serialize` impl, a
/// map key that repeats under a sorted profile, a value the profile cannot
/// represent).
pub fn to_vec<T: ::serde::Serialize + ?Sized>(
    value: &T,
    options: &Options,
) -> Result<Vec<u8>, Error> {
    let mut w = Writer::new(options)?;
    w.write(&Serde(value))?;
    Ok(w.into_sink())
}

/// Writes `value` as one top-level item into `w` (in its own stringref
/// namespace when the writer's profile has stringref).
///
/// # Errors
///
/// As [`to_vec`], and the sink's error (see [`Writer`](Writer#errors)).
pub fn to_writer<S: Sink, T: ::serde::Serialize + ?Sized>(
    value: &T,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    w.write(&Serde(value))
}

/// Decodes one CBOR item, the whole of `input`, as `T`, borrowing strings
/// and byte strings from `input` where `T` allows.
///
/// # Errors
///
/// [`ErrorKind::InvalidOptions`] for options that do not resolve; malformed
/// input or a limit of the reader ([`Reader`](Reader#errors)); what `T`'s
/// `Deserialize` impl reports, placed at the offset of the item it was
/// reading; [`ErrorKind::TrailingBytes`] when bytes follow the item.
pub fn from_slice<'de, T: ::serde::Deserialize<'de>>(
    input: &'de [u8],
    options: &Options,
) -> Result<T, Error> {
    let mut r = Reader::with_options(input, options)?;
    let value = T::deserialize(&mut Deserializer::new(&mut r))?;
    if !r.is_at_end() {
        return Err(r.error(ErrorKind::TrailingBytes));
    }
    Ok(value)
}

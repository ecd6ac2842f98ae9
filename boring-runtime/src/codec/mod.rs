//! The [`Encode`] and [`Decode`] traits, which `#[derive(Boring)]`
//! implements, and their impls for the standard types.

mod bytes;
pub(crate) mod collections;
mod map_order;
mod numbers;
mod raw;
mod strings;
mod wrappers;

use alloc::vec::Vec;

pub(crate) use bytes::owned_bytes;
pub use bytes::{decode_byte_array, decode_byte_string};
pub use bytes::{ByteBuf, Bytes};
pub(crate) use map_order::fragment;
pub use map_order::{compare_encoded, write_map, write_set};
pub use raw::{DecodeEmbedded, Embedded, KeepRaw, Raw, Tagged};

use crate::error::Error;
use crate::profile::Resolved;
use crate::wire::{Reader, Sink, Writer};

/// A type that writes itself as one CBOR item.
pub trait Encode {
    /// Writes `self` as one item.
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error>;

    /// Writes a sequence of `Self` as one item: a plain array by default.
    ///
    /// `Vec<T>`, slices, arrays and `VecDeque<T>` all call this, so a type
    /// can choose its collection layout by trait dispatch: numbers write
    /// typed arrays when the options ask for them, derived records shaped
    /// arrays or columns.
    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: Sized + 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        encode_array(items, w)
    }

    /// Writes the values of one column of a columnar table (tag 39653): by
    /// default the sequence layout of [`Encode::encode_seq`]; numbers write
    /// typed arrays here whatever the `typed_arrays` option says.
    fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: Sized + 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        Self::encode_seq(items, w)
    }

    /// Whether [`Encode::encode_column`] writes these values as a typed
    /// array: a table is written as columns only when one of its columns
    /// is typed.
    fn column_is_typed<'a, I>(items: I) -> bool
    where
        Self: Sized + 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let _ = items;
        false
    }

    /// The bytes [`Encode::encode_seq`] saves under `options` by writing
    /// these values as a shaped or columnar table instead of a plain array,
    /// as the density guard estimates it (`docs/WIRE.md` §6); 0 when it
    /// writes a plain array. Maps ask it of their values: a map whose
    /// values save enough is written as a keyed table (tag 39654, §8a).
    fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
    where
        Self: Sized + 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let _ = (items, options);
        0
    }

    /// An upper bound on the bytes one value writes under any options,
    /// for types that have one (numbers, fixed-size arrays of them, derived
    /// records of such fields). Only a hint: a sequence reserves its
    /// length times this much output before writing, so that a growable
    /// buffer is allocated once.
    const MAX_SIZE: Option<usize> = None;

    /// Whether a struct field holding this value is left out of its map
    /// under `#[boring(skip_if_none)]` (true only for `None`).
    #[inline]
    fn is_none(&self) -> bool {
        false
    }
}

/// A type that reads itself from one CBOR item, borrowing from the input
/// for `'de` where it can.
pub trait Decode<'de>: Sized {
    /// Reads one item.
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// Reads a sequence of `Self` (any array form the type accepts): a plain
    /// array by default. Numbers also accept typed arrays; derived records
    /// shaped and columnar tables.
    fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
        decode_array(r)
    }

    /// Reads one column of a columnar table: any sequence form of `Self`
    /// holding exactly `rows` values.
    fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
        decode_column_plain(r, rows)
    }

    /// Reads the elements of a grid (RFC 8746 tag 40 in a columnar table,
    /// [`crate::ext::grid`]) into `rows` arrays of `N`: by default one
    /// column of `rows × N` values, regrouped. Numbers convert a typed
    /// array straight into the arrays.
    fn decode_grid<const N: usize>(
        r: &mut Reader<'de>,
        rows: usize,
    ) -> Result<Vec<[Self; N]>, Error> {
        crate::ext::grid::regroup(r, rows)
    }

    /// Reads a sequence of exactly `N` values into an array: a plain array
    /// in place, with no heap allocation, or any other sequence form through
    /// [`Decode::decode_vec`]. Numbers read typed arrays in place too.
    fn decode_fixed<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N], Error> {
        collections::decode_fixed_plain(r)
    }

    /// The value of a struct field whose key is absent: `None` for options,
    /// nothing (a missing-field error) for everything else.
    #[inline]
    fn absent() -> Option<Self> {
        None
    }
}

/// Writes `items` as a plain array: the default layout of
/// [`Encode::encode_seq`], for overrides that fall back to it.
pub fn encode_array<'a, T, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T>,
{
    w.array(items.len())?;
    for item in items {
        item.encode(w)?;
    }
    Ok(())
}

/// An upper bound on a map or array whose keys and items are bounded by
/// `parts` (`None` if one is unbounded): their sum and a head, for
/// [`Encode::MAX_SIZE`].
pub const fn bounded_size(parts: &[Option<usize>]) -> Option<usize> {
    // A head is at most nine bytes.
    let mut total: usize = 9;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(n) => match total.checked_add(n) {
                Some(sum) => total = sum,
                None => return None,
            },
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The default of [`Decode::decode_column`]: any sequence form of `T` the
/// type reads, holding exactly `rows` values.
pub(crate) fn decode_column_plain<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    rows: usize,
) -> Result<Vec<T>, Error> {
    let at = r.position();
    let values = T::decode_vec(r)?;
    if values.len() != rows {
        return Err(Error::new(
            crate::error::ErrorKind::BadTagContent {
                tag: crate::ext::columns::TAG,
            },
            at,
        ));
    }
    Ok(values)
}

/// Reads a plain array of `T`: the default of [`Decode::decode_vec`], for
/// overrides that fall back to it.
pub fn decode_array<'de, T: Decode<'de>>(r: &mut Reader<'de>) -> Result<Vec<T>, Error> {
    let mut seq = r.array()?;
    let mut out = Vec::with_capacity(seq.capacity::<T>(r));
    let mut index = 0;
    while seq.next(r)? {
        out.push(T::decode(r).map_err(|e| e.at_index(index))?);
        index += 1;
    }
    Ok(out)
}

/// A type that decodes without borrowing from the input.
pub trait DecodeOwned: for<'de> Decode<'de> {}
impl<T> DecodeOwned for T where T: for<'de> Decode<'de> {}

impl<T: Encode + ?Sized> Encode for &T {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        (**self).encode(w)
    }
}

impl<T: Encode + ?Sized> Encode for &mut T {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        (**self).encode(w)
    }
}

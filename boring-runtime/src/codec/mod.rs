//! The [`Encode`] and [`Decode`] traits, which `#[derive(Boring)]`
//! implements, and their impls for the standard types.

mod bytes;
pub(crate) mod collections;
pub(crate) mod ids;
mod map_order;
mod map_seqs;
mod map_tables;
mod numbers;
mod raw;
pub(crate) mod std_types;
mod strings;
pub(crate) mod time;
mod wrappers;

use alloc::vec::Vec;

pub(crate) use bytes::owned_bytes;
pub use bytes::{decode_byte_array, decode_byte_string};
pub use bytes::{ByteBuf, Bytes};
pub(crate) use map_order::fragment;
pub use map_order::{compare_encoded, write_map, write_set};
pub use raw::{DecodeEmbedded, Embedded, KeepRaw, Raw, Tagged};

use crate::error::Error;
use crate::ext::record::Census;
use crate::profile::Resolved;
use crate::wire::{Reader, Sink, Writer};

/// A type that writes itself as one CBOR item.
///
/// `#[derive(Boring)]` implements it; by hand, implement
/// [`encode`](Encode::encode) alone. The trait's other items are layout
/// hooks with defaults (how sequences, table columns and optional fields
/// are written), overridden by the derive and the standard impls.
///
/// ```
/// use boring::wire::Sink;
/// use boring::{Encode, Error, Writer};
///
/// /// A point written as a two-element array.
/// struct Point(i32, i32);
///
/// impl Encode for Point {
///     fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
///         w.array(2)?;
///         w.i64(self.0.into())?;
///         w.i64(self.1.into())
///     }
/// }
///
/// let interop = boring::Options::from(boring::Profile::Interop);
/// assert_eq!(boring::to_vec_with(&Point(1, -1), &interop)?, [0x82, 0x01, 0x20]);
/// # Ok::<(), Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as CBOR",
    label = "`{Self}` does not implement `Encode`",
    note = "derive `Boring` for it, or implement `boring::Encode`"
)]
pub trait Encode {
    /// Writes `self` as one item.
    ///
    /// # Errors
    ///
    /// What the writer reports: the sink's error ([`Writer`](Writer#errors)),
    /// [`ErrorKind::Unencodable`](crate::ErrorKind::Unencodable) for what the
    /// profile cannot represent; an impl may add its own ([`Error::custom`]).
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error>;

    #[doc(hidden)]
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

    #[doc(hidden)]
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

    #[doc(hidden)]
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

    #[doc(hidden)]
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

    #[doc(hidden)]
    /// An upper bound on the bytes one value writes under any options,
    /// for types that have one (numbers, fixed-size arrays of them, derived
    /// records of such fields). Only a hint: a sequence reserves its
    /// length times this much output before writing, so that a growable
    /// buffer is allocated once.
    const MAX_SIZE: Option<usize> = None;

    /// What the values of this type are ([`describe`](crate::ext::describe)),
    /// for consumers that build a schema from a type: opaque unless the
    /// type says more. The standard types and derived records do.
    fn describe() -> crate::ext::describe::Description {
        crate::ext::describe::Description::opaque()
    }

    #[doc(hidden)]
    /// Whether a value of this type may write a derived struct as a map:
    /// only then does a writer of scattered shapes walk it with
    /// [`Encode::census`] before writing it.
    const HOLDS_RECORDS: bool = false;

    #[doc(hidden)]
    /// Visits the derived struct maps this value writes, in writing order
    /// (the first pass of scattered shapes, `docs/WIRE.md` §6a). Nothing
    /// by default; containers visit what they write.
    #[inline]
    fn census(&self, census: &mut Census) {
        let _ = census;
    }

    #[doc(hidden)]
    /// [`Encode::census`] over a sequence, as [`Encode::encode_seq`] writes
    /// it: each value by default; derived records visit nothing, as a
    /// sequence of them is a table (or written with scattering off).
    fn census_seq<'a, I>(items: I, census: &mut Census)
    where
        Self: Sized + 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        if Self::HOLDS_RECORDS {
            for item in items {
                item.census(census);
            }
        }
    }

    #[doc(hidden)]
    /// Whether a struct field holding this value is left out of its map
    /// under `#[boring(skip_if_none)]` (true only for `None`).
    #[inline]
    fn is_none(&self) -> bool {
        false
    }
}

/// A type that reads itself from one CBOR item, borrowing from the input
/// for `'de` where it can.
///
/// `#[derive(Boring)]` implements it; by hand, implement
/// [`decode`](Decode::decode) alone (the other items are layout hooks with
/// defaults, as on [`Encode`]).
///
/// ```
/// use boring::{Decode, Error, Reader};
///
/// /// A point read from a two-element array.
/// #[derive(Debug, PartialEq)]
/// struct Point(i32, i32);
///
/// impl<'de> Decode<'de> for Point {
///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
///         let mut items = r.array()?;
///         let mut next = |r: &mut Reader<'de>| match items.next(r)? {
///             true => i32::decode(r),
///             false => Err(r.error(boring::ErrorKind::BadCount)),
///         };
///         let point = Point(next(r)?, next(r)?);
///         items.finish(r)?;
///         Ok(point)
///     }
/// }
///
/// assert_eq!(boring::from_slice::<Point>(&[0x82, 0x01, 0x20])?, Point(1, -1));
/// # Ok::<(), Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from CBOR",
    label = "`{Self}` does not implement `Decode`",
    note = "derive `Boring` for it, or implement `boring::Decode`"
)]
pub trait Decode<'de>: Sized {
    /// Reads one item.
    ///
    /// # Errors
    ///
    /// When the item does not decode as `Self`: malformed input or a limit of
    /// the reader ([`Reader`](Reader#errors)), another type
    /// ([`ErrorKind::UnexpectedType`](crate::ErrorKind::UnexpectedType)), a
    /// number out of range
    /// ([`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange)), for derived
    /// types a missing or unknown field or variant; an impl may add its own
    /// ([`Error::custom`]).
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error>;

    #[doc(hidden)]
    /// Reads a sequence of `Self` (any array form the type accepts): a plain
    /// array by default. Numbers also accept typed arrays; derived records
    /// shaped and columnar tables.
    fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
        decode_array(r)
    }

    #[doc(hidden)]
    /// Reads one column of a columnar table: any sequence form of `Self`
    /// holding exactly `rows` values.
    fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
        decode_column_plain(r, rows)
    }

    #[doc(hidden)]
    /// Reads one column of a columnar table, handing its `rows` values to
    /// `each` in order, so that they go straight into the rows being built:
    /// a plain array element by element, any other column form through
    /// [`Decode::decode_column`]. Numbers read typed arrays without a
    /// vector of their own too.
    fn decode_column_each(
        r: &mut Reader<'de>,
        rows: usize,
        each: impl FnMut(Self),
    ) -> Result<(), Error> {
        decode_column_each_plain(r, rows, each)
    }

    #[doc(hidden)]
    /// Reads the elements of a grid (RFC 8746 tag 40 in a columnar table,
    /// [`crate::ext::GRID_TAG`]) into `rows` arrays of `N`: by default one
    /// column of `rows × N` values, regrouped. Numbers convert a typed
    /// array straight into the arrays.
    fn decode_grid<const N: usize>(
        r: &mut Reader<'de>,
        rows: usize,
    ) -> Result<Vec<[Self; N]>, Error> {
        crate::ext::grid::regroup(r, rows)
    }

    #[doc(hidden)]
    /// Reads a sequence of exactly `N` values into an array: a plain array
    /// in place, with no heap allocation, or any other sequence form through
    /// [`Decode::decode_vec`]. Numbers read typed arrays in place too.
    fn decode_fixed<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N], Error> {
        collections::decode_fixed_plain(r)
    }

    #[doc(hidden)]
    /// The value of a struct field whose key is absent: `None` for options,
    /// nothing (a missing-field error) for everything else.
    #[inline]
    fn absent() -> Option<Self> {
        None
    }
}

/// Writes `items` as a plain array: the default layout of
/// [`Encode::encode_seq`], for overrides that fall back to it.
///
/// # Errors
///
/// What writing the head or encoding an item reports (see [`Encode::encode`]).
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

/// The default of [`Decode::decode_column_each`]: a plain array of exactly
/// `rows` values decoded one at a time into `each` (the first value past
/// `rows` is refused before it is decoded); any other form through
/// [`Decode::decode_column`]. A plain array is read as every `decode_column`
/// reads it, element by element with [`Decode::decode`].
pub(crate) fn decode_column_each_plain<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    rows: usize,
    mut each: impl FnMut(T),
) -> Result<(), Error> {
    // Major type 4: an array.
    if r.peek()? >> 5 != 4 {
        T::decode_column(r, rows)?.into_iter().for_each(each);
        return Ok(());
    }
    crate::ext::columns::plain_column_each(r, rows, T::decode, |_, value| each(value))
}

/// Reads a plain array of `T`: the default of [`Decode::decode_vec`], for
/// overrides that fall back to it.
///
/// # Errors
///
/// What [`Reader::array`] and [`Seq::next`](crate::wire::Seq::next) report, and
/// what decoding an element reports, with its index in the path.
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

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        (**self).census(census);
    }

    fn describe() -> crate::ext::describe::Description {
        T::describe()
    }
}

impl<T: Encode + ?Sized> Encode for &mut T {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        (**self).encode(w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        (**self).census(census);
    }

    fn describe() -> crate::ext::describe::Description {
        T::describe()
    }
}

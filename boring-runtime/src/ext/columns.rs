//! Columnar tables, tag 39653: `[keys, n, columns]`, each numeric column an
//! RFC 8746 typed array of the narrowest element type (`docs/WIRE.md` §8).
//!
//! Derived record sequences are written and read here; `Value` has its own
//! writer and reader in `value::columns`. Both follow the same rules: a
//! table qualifies as a shaped array does (at least two rows, the density
//! guard) and only when at least one column is typed.

// Its public functions are derive plumbing, reached only through
// `__private`: not public API.
#![allow(clippy::missing_errors_doc)]

use alloc::vec::Vec;

use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::ext::record::{DecodeFields, EncodeFields, FieldName, Shape};
use crate::profile::DuplicateKeys;
use crate::wire::{Reader, Sink, Writer};

/// The columnar-table tag.
pub const TAG: u64 = 39653;

/// `d9 9ae5 83`: tag 39653 and the head of its three-element content.
const TABLE_PREFIX: [u8; 4] = [0xd9, 0x9a, 0xe5, 0x83];

/// Writes `items` as a columnar table over the fields `union` (in that
/// order) when at least one of their columns is typed; `Ok(false)`, having
/// written nothing, otherwise.
pub(crate) fn write_table<'a, T, S, I>(
    items: I,
    union: &[usize],
    full: bool,
    w: &mut Writer<S>,
) -> Result<bool, Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    if !union.iter().any(|&i| T::column_is_typed(items.clone(), i)) {
        return Ok(false);
    }
    let shape = T::SHAPE;
    // With every field present and no string table to feed, the key array
    // is the tail of the precomputed shaped-array header.
    match shape.header.get(4..) {
        Some(keys) if full && !w.stringref_active() => {
            w.raw(&TABLE_PREFIX)?;
            w.raw(keys)?;
        }
        _ => {
            w.tag(TAG)?;
            w.array(3)?;
            w.array(union.len())?;
            for &i in union {
                super::record::write_key(w, shape, i)?;
            }
        }
    }
    w.u64(items.len() as u64)?;
    w.array(union.len())?;
    for &i in union {
        T::encode_column(items.clone(), i, w).map_err(|e| e.in_field(name(shape, i)))?;
    }
    Ok(true)
}

fn name(shape: &Shape, i: usize) -> &'static str {
    shape.names.get(i).copied().unwrap_or_default()
}

/// The column of a `skip_if_none` field: the inner values' own column when
/// no row leaves the field out, else a plain array with `undefined` for the
/// rows that do.
pub fn optional_column<'a, T, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a Option<T>> + Clone,
{
    if let Some(values) = somes(items.clone()) {
        return T::encode_column(values, w);
    }
    w.array(items.len())?;
    for item in items {
        match item {
            Some(v) => v.encode(w)?,
            None => w.undefined()?,
        }
    }
    Ok(())
}

/// Whether [`optional_column`] writes a typed array.
pub fn optional_column_is_typed<'a, T, I>(items: I) -> bool
where
    T: Encode + 'a,
    I: ExactSizeIterator<Item = &'a Option<T>> + Clone,
{
    somes(items).is_some_and(T::column_is_typed)
}

/// The values of a sequence of options, with its exact length.
pub(crate) type Somes<'a, T, I> =
    Exact<core::iter::FilterMap<I, fn(&'a Option<T>) -> Option<&'a T>>>;

/// The values of options, as an iterator of known length, when none of
/// them is `None`.
pub(crate) fn somes<'a, T: 'a, I>(items: I) -> Option<Somes<'a, T, I>>
where
    I: ExactSizeIterator<Item = &'a Option<T>> + Clone,
{
    let len = items.len();
    let values: fn(&'a Option<T>) -> Option<&'a T> = Option::as_ref;
    items
        .clone()
        .all(Option::is_some)
        .then(|| Exact::new(items.filter_map(values), len))
}

/// An iterator of known length whose adapter lost `ExactSizeIterator`.
#[derive(Debug, Clone)]
pub struct Exact<I> {
    inner: I,
    left: usize,
}

impl<I> Exact<I> {
    /// `inner`, which yields exactly `len` items.
    pub(crate) fn new(inner: I, len: usize) -> Exact<I> {
        Exact { inner, left: len }
    }
}

impl<I: Iterator> Iterator for Exact<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.left = self.left.saturating_sub(1);
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Exact<I> {}

/// Reads a column of `rows` items with `read` for each: the column form of
/// fields that decode through a `with` module or as byte strings.
pub fn read_column<'de, T>(
    r: &mut Reader<'de>,
    rows: usize,
    mut read: impl FnMut(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let at = r.position();
    let mut seq = r.array()?;
    if seq.declared().is_some_and(|n| n != rows as u64) {
        return Err(bad(at));
    }
    let mut out = Vec::with_capacity(seq.capacity::<T>(r));
    while seq.next(r)? {
        let index = out.len();
        out.push(read(r).map_err(|e| e.at_index(index))?);
    }
    if out.len() != rows {
        return Err(bad(at));
    }
    Ok(out)
}

/// Puts a decoded column in its slot (a second column for the same field is
/// a duplicate key unless the options keep the last).
pub fn fill_column<'de, T>(
    slot: &mut Option<Vec<T>>,
    r: &mut Reader<'de>,
    name: &'static FieldName,
    read: impl FnOnce(&mut Reader<'de>) -> Result<Vec<T>, Error>,
) -> Result<(), Error> {
    if slot.is_some() && r.options().duplicate_keys == DuplicateKeys::Reject {
        return Err(name.wrap(r.error(ErrorKind::DuplicateKey)));
    }
    *slot = Some(read(r).map_err(|e| name.wrap(e))?);
    Ok(())
}

/// The next value of a column being turned back into rows.
#[inline]
pub fn next_cell<T>(column: &mut Option<alloc::vec::IntoIter<T>>) -> Option<T> {
    column.as_mut().and_then(Iterator::next)
}

fn bad(at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag: TAG }, at)
}

/// Reads tag 39653 `[keys, n, columns]` into records: keys matched once
/// (unknown columns skipped, or refused under `deny_unknown_fields`), the
/// row count checked against the input before anything is allocated, then
/// each column decoded whole into its field's values.
pub(crate) fn read_table<'de, T: DecodeFields<'de>>(r: &mut Reader<'de>) -> Result<Vec<T>, Error> {
    let at = r.position();
    r.expect_tag(TAG)?;
    r.enter()?;
    let mut parts = r.array()?;
    if !matches!(parts.declared(), Some(3) | None) || !parts.next(r)? {
        return Err(bad(at));
    }
    let plan = super::record::read_table_keys(r, T::SHAPE, || bad(at))?;
    if !parts.next(r)? {
        return Err(bad(at));
    }
    let rows_at = r.position();
    let rows = r.u64().map_err(|_| bad(at))?;
    let left = (r.input().len() - r.position()) as u64;
    if rows > left {
        return Err(Error::new(ErrorKind::BadCount, rows_at));
    }
    let rows = rows as usize;
    if !parts.next(r)? {
        return Err(bad(at));
    }
    let mut columns_seq = r.array()?;
    if columns_seq
        .declared()
        .is_some_and(|n| n != plan.len() as u64)
    {
        return Err(bad(at));
    }
    let mut columns = T::columns();
    let mut j = 0;
    while columns_seq.next(r)? {
        match plan.column(j) {
            Ok(Some(field)) => T::fill_column(&mut columns, field, rows, r)?,
            Ok(None) => r.skip()?,
            Err(()) => return Err(bad(at)),
        }
        j += 1;
    }
    if j != plan.len() {
        return Err(bad(at));
    }
    parts.finish(r).map_err(|_| bad(at))?;
    r.leave();
    // A column the type reads holds exactly `rows` values, which proves the
    // count; when every column was skipped, nothing did, and the rows built
    // from absent fields are charged instead.
    if plan.skips_all() {
        r.charge_output_at(rows.saturating_mul(core::mem::size_of::<T>()), at)?;
    }
    T::build_rows(columns, rows, at)
}

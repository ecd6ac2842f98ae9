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

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::record::{DecodeFields, EncodeFields, FieldName, Plan, Shape};
use crate::profile::DuplicateKeys;
use crate::wire::{Reader, Seq, Sink, Writer};

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

/// The rows of a columnar table being built: one set of field slots per
/// row. The first column read makes the rows, so that none exists before a
/// decoded value backs it; every later column fills the same rows.
#[derive(Debug)]
pub struct Rows<S> {
    slots: Vec<S>,
}

impl<S> Rows<S> {
    /// Puts the value of row `row` through `set`, making the row from
    /// `empty` if this is the first column read.
    #[inline(always)]
    fn put<T>(&mut self, row: usize, value: T, empty: &impl Fn() -> S, set: &impl Fn(&mut S, T)) {
        match self.slots.get_mut(row) {
            Some(slots) => set(slots, value),
            None => {
                let mut slots = empty();
                set(&mut slots, value);
                self.slots.push(slots);
            }
        }
    }
}

/// Reads the column of one field, of `rows` values, into the rows' slots
/// through `set`: by the type's own column forms
/// ([`Decode::decode_column_each`]).
#[inline]
pub fn fill_rows<'de, S, T: Decode<'de>>(
    into: &mut Rows<S>,
    r: &mut Reader<'de>,
    rows: usize,
    name: &'static FieldName,
    empty: impl Fn() -> S,
    set: impl Fn(&mut S, T),
) -> Result<(), Error> {
    let mut row = 0;
    T::decode_column_each(r, rows, |value| {
        into.put(row, value, &empty, &set);
        row += 1;
    })
    .map_err(|e| name.wrap(e))
}

/// [`fill_rows`] for a field that decodes through `read` (a `with`
/// module, byte strings, a checked tag): its column is a plain array of
/// what `read` reads.
#[inline]
pub fn fill_rows_with<'de, S, T>(
    into: &mut Rows<S>,
    r: &mut Reader<'de>,
    rows: usize,
    name: &'static FieldName,
    read: impl FnMut(&mut Reader<'de>) -> Result<T, Error>,
    empty: impl Fn() -> S,
    set: impl Fn(&mut S, T),
) -> Result<(), Error> {
    plain_column_each(r, rows, read, |row, value| {
        into.put(row, value, &empty, &set);
    })
    .map_err(|e| name.wrap(e))
}

/// Reads a plain array of exactly `rows` values with `read`, handing each
/// to `each` with its row; the first value past `rows` is refused before
/// it is read.
pub(crate) fn plain_column_each<'de, T>(
    r: &mut Reader<'de>,
    rows: usize,
    mut read: impl FnMut(&mut Reader<'de>) -> Result<T, Error>,
    mut each: impl FnMut(usize, T),
) -> Result<(), Error> {
    let at = r.position();
    let mut seq = r.array()?;
    if seq.declared().is_some_and(|n| n != rows as u64) {
        return Err(bad(at));
    }
    let mut row = 0;
    while seq.next(r)? {
        if row == rows {
            return Err(bad(at));
        }
        each(row, read(r).map_err(|e| e.at_index(row))?);
        row += 1;
    }
    if row != rows {
        return Err(bad(at));
    }
    Ok(())
}

pub(crate) fn bad(at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag: TAG }, at)
}

/// A table whose rows' slots take at most this many bytes is read row-major:
/// each column's values go straight into their rows' slots, with no vector
/// per column. A larger one is read column by column into vectors, then
/// turned into rows: there the columns' bulk conversions and sequential
/// stores win over a store per value at a row's stride (measured in
/// docs/PERFORMANCE.md).
const ROW_MAJOR_BYTES: usize = 4096;

/// Reads tag 39653 `[keys, n, columns]` into records: keys matched once
/// (unknown columns skipped, or refused under `deny_unknown_fields`), the
/// row count checked against the input before anything is allocated, then
/// each column decoded whole, into the rows' slots or into a vector of its
/// field's values.
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
    if rows.saturating_mul(core::mem::size_of::<T::Slots>()) <= ROW_MAJOR_BYTES {
        let mut into = Rows {
            slots: Vec::with_capacity(r.capacity_for::<T::Slots>(rows as u64)),
        };
        read_columns(r, &plan, at, |field, r| {
            T::fill_rows(&mut into, field, rows, r)
        })?;
        end_table::<T>(r, parts, &plan, rows, at)?;
        into.slots.resize_with(rows, T::slots);
        into.slots
            .into_iter()
            .enumerate()
            .map(|(row, slots)| T::build(slots, at).map_err(|e| e.at_index(row)))
            .collect()
    } else {
        let mut columns = T::columns();
        read_columns(r, &plan, at, |field, r| {
            T::fill_column(&mut columns, field, rows, r)
        })?;
        end_table::<T>(r, parts, &plan, rows, at)?;
        T::build_rows(columns, rows, at)
    }
}

/// Reads the array of columns, handing each the plan maps to a field to
/// `fill` and skipping the others.
fn read_columns<'de>(
    r: &mut Reader<'de>,
    plan: &Plan,
    at: usize,
    mut fill: impl FnMut(usize, &mut Reader<'de>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut columns = r.array()?;
    if columns.declared().is_some_and(|n| n != plan.len() as u64) {
        return Err(bad(at));
    }
    let mut j = 0;
    while columns.next(r)? {
        match plan.column(j) {
            Ok(Some(field)) => fill(field, r)?,
            Ok(None) => r.skip()?,
            Err(()) => return Err(bad(at)),
        }
        j += 1;
    }
    if j != plan.len() {
        return Err(bad(at));
    }
    Ok(())
}

/// Closes the table. A column the type reads holds exactly `rows` values,
/// which proves the count; when every column was skipped, nothing did, and
/// the rows built from absent fields are charged instead.
fn end_table<'de, T: DecodeFields<'de>>(
    r: &mut Reader<'de>,
    parts: Seq,
    plan: &Plan,
    rows: usize,
    at: usize,
) -> Result<(), Error> {
    parts.finish(r).map_err(|_| bad(at))?;
    r.leave();
    if plan.skips_all() {
        r.charge_output_at(rows.saturating_mul(core::mem::size_of::<T>()), at)?;
    }
    Ok(())
}

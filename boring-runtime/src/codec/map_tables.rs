//! Generic maps (`BTreeMap<K, V>`, `HashMap<K, V>`) read from the layouts
//! that stand for maps: a sequence of them from a shaped (tag 39649) or
//! columnar (tag 39653) table, one of them from a scattered shape (tag
//! 39650). `Value` writes maps that share a key set in these forms, so a
//! typed reader takes them wherever it takes the plain maps.
//!
//! Derived structs match a header's keys to their fields once. A generic
//! map cannot: its keys are values of `K`, owned by each map. So the keys
//! are walked once (registering their literals, as any reader does, and
//! recording where each starts) and each map's keys are decoded again from
//! there ([`Reader::reread`]), which keeps borrowed keys borrowed.

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use crate::codec::Decode;
use crate::error::{Error, ErrorKind};
use crate::ext::{columns, shapes};
use crate::profile::DuplicateKeys;
use crate::value::scattered::{self, definition_keys, referenced_keys};
use crate::value::Value;
use crate::wire::{Head, Reader};

/// How a map type is built: an empty map, and an insertion that tells
/// whether the key was present already.
pub(super) trait MapBuilder<K, V> {
    /// An empty map.
    fn empty() -> Self;
    /// Inserts `k`; `true` when it replaced a value.
    fn put(&mut self, k: K, v: V) -> bool;
}

/// Whether the item at the reader is a table of maps that
/// [`decode_tables`] reads.
pub(super) fn at_table(r: &Reader<'_>) -> bool {
    matches!(r.peek_tag(), Some(shapes::TAG | columns::TAG))
}

/// Reads a shaped or columnar table into maps of type `M`.
pub(super) fn decode_tables<'de, K, V, M>(r: &mut Reader<'de>) -> Result<Vec<M>, Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
    M: MapBuilder<K, V>,
{
    if r.peek_tag() == Some(columns::TAG) {
        columnar(r)
    } else {
        shaped(r)
    }
}

/// A table's key header: where each key starts, the keys distinct as the
/// bytes they were read from (as every table reader compares them).
fn header(r: &mut Reader<'_>, bad: &dyn Fn() -> Error) -> Result<Vec<usize>, Error> {
    let mut seq = r.array()?;
    let mut starts = Vec::with_capacity(seq.capacity::<usize>(r));
    let mut seen = BTreeSet::new();
    while seq.next(r)? {
        let at = r.position();
        r.skip()?;
        let bytes = r.input().get(at..r.position()).unwrap_or_default();
        if !seen.insert(bytes) {
            return Err(Error::new(ErrorKind::DuplicateKey, at));
        }
        starts.push(at);
    }
    if starts.is_empty() {
        return Err(bad());
    }
    Ok(starts)
}

/// Adds the entry whose key starts at `key_at` (read again there) and whose
/// value is `v` to `map`.
fn put<'de, K: Decode<'de>, V, M: MapBuilder<K, V>>(
    r: &mut Reader<'de>,
    map: &mut M,
    key_at: usize,
    v: V,
) -> Result<(), Error> {
    let k = r.reread(key_at, K::decode)?;
    if map.put(k, v) && r.options().duplicate_keys == DuplicateKeys::Reject {
        return Err(Error::new(ErrorKind::DuplicateKey, key_at));
    }
    Ok(())
}

/// Tag 39649 `[keys, rows]`: each row an array of values aligned to the
/// keys, `undefined` where the row lacks the key.
fn shaped<'de, K, V, M>(r: &mut Reader<'de>) -> Result<Vec<M>, Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
    M: MapBuilder<K, V>,
{
    let at = r.position();
    let bad = || Error::new(ErrorKind::BadTagContent { tag: shapes::TAG }, at);
    r.expect_tag(shapes::TAG)?;
    r.enter()?;
    let mut parts = r.array()?;
    if !matches!(parts.declared(), Some(2) | None) || !parts.next(r)? {
        return Err(bad());
    }
    let keys = header(r, &bad)?;
    if !parts.next(r)? {
        return Err(bad());
    }
    let mut rows = r.array()?;
    let mut out = Vec::with_capacity(rows.capacity::<M>(r));
    while rows.next(r)? {
        let index = out.len();
        let row = shaped_row(r, &keys, &bad).map_err(|e| e.at_index(index))?;
        out.push(row);
    }
    parts.finish(r).map_err(|_| bad())?;
    r.leave();
    Ok(out)
}

fn shaped_row<'de, K, V, M>(
    r: &mut Reader<'de>,
    keys: &[usize],
    bad: &dyn Fn() -> Error,
) -> Result<M, Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
    M: MapBuilder<K, V>,
{
    if !matches!(r.peek_head()?, Head::Array(_)) {
        return Err(bad());
    }
    let mut cells = r.array()?;
    let mut map = M::empty();
    let mut j = 0;
    while cells.next(r)? {
        let key_at = *keys.get(j).ok_or_else(bad)?;
        j += 1;
        if r.peek()? == 0xf7 {
            r.skip()?;
            continue;
        }
        let v = V::decode(r)?;
        put(r, &mut map, key_at, v)?;
    }
    Ok(map)
}

/// Tag 39653 `[keys, n, columns]`: each column decoded whole (a typed
/// array, a grid or a nested table by `V`'s own column reader; a plain
/// array cell by cell, `undefined` where a row lacks the key), then the
/// rows assembled.
fn columnar<'de, K, V, M>(r: &mut Reader<'de>) -> Result<Vec<M>, Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
    M: MapBuilder<K, V>,
{
    let at = r.position();
    let bad = || Error::new(ErrorKind::BadTagContent { tag: columns::TAG }, at);
    r.expect_tag(columns::TAG)?;
    r.enter()?;
    let mut parts = r.array()?;
    if !matches!(parts.declared(), Some(3) | None) || !parts.next(r)? {
        return Err(bad());
    }
    let keys = header(r, &bad)?;
    if !parts.next(r)? {
        return Err(bad());
    }
    let rows_at = r.position();
    let rows = r.u64().map_err(|_| bad())?;
    if rows > (r.input().len() - r.position()) as u64 {
        return Err(Error::new(ErrorKind::BadCount, rows_at));
    }
    let rows = rows as usize;
    if !parts.next(r)? {
        return Err(bad());
    }
    let mut seq = r.array()?;
    if seq.declared().is_some_and(|n| n != keys.len() as u64) {
        return Err(bad());
    }
    let mut columns = Vec::with_capacity(keys.len());
    while seq.next(r)? {
        if columns.len() == keys.len() {
            return Err(bad());
        }
        columns.push(column::<V>(r, rows)?.into_iter());
    }
    if columns.len() != keys.len() {
        return Err(bad());
    }
    parts.finish(r).map_err(|_| bad())?;
    r.leave();
    let mut out = Vec::with_capacity(rows);
    for index in 0..rows {
        let mut map = M::empty();
        for (cells, &key_at) in columns.iter_mut().zip(&keys) {
            if let Some(v) = cells.next().flatten() {
                put(r, &mut map, key_at, v).map_err(|e| e.at_index(index))?;
            }
        }
        out.push(map);
    }
    Ok(out)
}

/// One column of `rows` cells, `None` for a row that lacks the key.
fn column<'de, V: Decode<'de>>(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Option<V>>, Error> {
    if !matches!(r.peek_head()?, Head::Array(_)) {
        let values = V::decode_column(r, rows)?;
        return Ok(values.into_iter().map(Some).collect());
    }
    columns::read_column(r, rows, |r| {
        if r.peek()? == 0xf7 {
            r.skip()?;
            Ok(None)
        } else {
            V::decode(r).map(Some)
        }
    })
}

/// Reads a scattered shape (tag 39650) into `insert`: a definition's keys,
/// or those of the definition a reference names, paired with the values
/// that follow. A definition is registered, as every reader registers it.
pub(super) fn decode_scattered<'de, K, V>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<(), Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
{
    let at = r.position();
    let bad = || {
        Error::new(
            ErrorKind::BadTagContent {
                tag: scattered::TAG,
            },
            at,
        )
    };
    let (mut seq, values, defines) = scattered::open_content(r, &bad)?;
    let (starts, definition) = if defines {
        let site = r.position();
        let mut starts = Vec::new();
        let mut keys = Vec::new();
        let mut array = r.array()?;
        while array.next(r)? {
            starts.push(r.position());
            keys.push(Value::decode(r)?);
        }
        let keys = definition_keys(Value::from(keys), values, at)?;
        (starts, Some((keys, site)))
    } else {
        let first = Value::decode(r)?;
        referenced_keys(r, &first, values, at)?;
        let index = first.as_u64().ok_or_else(bad)?;
        let site = r.shapes_mut().site(index).ok_or_else(bad)?;
        (r.reread(site, key_starts)?, None)
    };
    let reject = r.options().duplicate_keys == DuplicateKeys::Reject;
    for key_at in starts {
        if !seq.next(r)? {
            return Err(bad());
        }
        let v = V::decode(r)?;
        let k = r.reread(key_at, K::decode)?;
        if insert(k, v) && reject {
            return Err(Error::new(ErrorKind::DuplicateKey, key_at));
        }
    }
    seq.finish(r).map_err(|_| bad())?;
    r.leave();
    if let Some((keys, site)) = definition {
        r.shapes_mut().define(Some(keys), site, at)?;
    }
    Ok(())
}

/// Where each key of the key array at the reader starts.
fn key_starts(r: &mut Reader<'_>) -> Result<Vec<usize>, Error> {
    let mut starts = Vec::new();
    let mut array = r.array()?;
    while array.next(r)? {
        starts.push(r.position());
        r.skip()?;
    }
    Ok(starts)
}

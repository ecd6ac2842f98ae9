//! Columnar tables (tag 39653) for `Value`: choosing typed columns (and
//! grids, RFC 8746 tag 40) on write, validating and expanding tables on
//! read.

use alloc::vec::Vec;
use core::mem::size_of;

use super::clone::Footprint;
use super::decode::spend_expansion;
use super::shapes::{Items, Plan};
use super::{Float, Value};
use crate::error::{Error, ErrorKind};
use crate::ext::columns::TAG;
use crate::ext::grid::TAG as GRID;
use crate::ext::typed::{Elem, TypedKind, BEYOND_F64};
use crate::wire::Reader;

/// How one column of a table is written.
pub(crate) enum Column<'a> {
    /// A typed array, one element per row.
    Typed(Numbers),
    /// Every row holds an array of one length (the `usize`, at least 1)
    /// and their elements, row by row, make a typed array: a grid
    /// (RFC 8746 tag 40, [`crate::ext::GRID_TAG`]).
    Grid(usize, Numbers),
    /// Anything else: one cell per row, `None` where the row lacks the key.
    Plain(Vec<Option<&'a Value>>),
}

/// The elements of a typed array.
pub(crate) enum Numbers {
    /// Integers that together fit 64 bits.
    Ints(Vec<i128>),
    /// Single-precision floats, written as binary32 elements.
    F32(Vec<f32>),
    /// Double-precision floats, written as binary64 elements.
    F64(Vec<f64>),
}

/// Lays out a shaped table's columns; `None` unless at least one column is
/// typed (a table with no typed column is better written shaped).
pub(crate) fn plan_columns<'a>(items: impl Items<'a>, plan: &Plan<'a>) -> Option<Vec<Column<'a>>> {
    let width = plan.keys.len();
    let mut cells: Vec<Vec<Option<&'a Value>>> = (0..width)
        .map(|_| Vec::with_capacity(items.len()))
        .collect();
    for (item, positions) in items.zip(&plan.positions) {
        let Value::Map(entries) = item else {
            return None;
        };
        for column in cells.iter_mut() {
            column.push(None);
        }
        for ((_, v), &p) in entries.iter().zip(positions) {
            if let Some(slot) = cells.get_mut(p).and_then(|c| c.last_mut()) {
                *slot = Some(v);
            }
        }
    }
    let columns: Vec<Column<'a>> = cells.into_iter().map(classify).collect();
    columns
        .iter()
        .any(|c| !matches!(c, Column::Plain(_)))
        .then_some(columns)
}

fn classify(cells: Vec<Option<&Value>>) -> Column<'_> {
    if let Some(numbers) = numbers(cells.iter().copied()) {
        return Column::Typed(numbers);
    }
    if let Some((width, numbers)) = grid(&cells) {
        return Column::Grid(width, numbers);
    }
    Column::Plain(cells)
}

/// The cells as the elements of a typed array: all integers fitting 64
/// bits, or all floats of one width, single or double. A float keeps its
/// width, so that the table decodes to the same values and encodes again to
/// the same bytes; mixed widths, and half floats (typed arrays have no
/// element that reads back as one), stay plain.
fn numbers<'a>(cells: impl Iterator<Item = Option<&'a Value>> + Clone) -> Option<Numbers> {
    let ints: Option<Vec<i128>> = cells.clone().map(|c| c.and_then(Value::as_i128)).collect();
    if let Some(ints) = ints {
        let min = ints.iter().copied().min().unwrap_or(0);
        let max = ints.iter().copied().max().unwrap_or(0);
        if Elem::narrowest_int(min, max).is_some() {
            return Some(Numbers::Ints(ints));
        }
    }
    let single: Option<Vec<f32>> = cells
        .clone()
        .map(|c| match c {
            Some(Value::Float(Float::F32(v))) => Some(*v),
            _ => None,
        })
        .collect();
    if let Some(single) = single {
        return Some(Numbers::F32(single));
    }
    let double: Option<Vec<f64>> = cells
        .map(|c| match c {
            Some(Value::Float(Float::F64(v))) => Some(*v),
            _ => None,
        })
        .collect();
    double.map(Numbers::F64)
}

/// The width and elements of a column whose every cell is an array of one
/// length, at least 1, with typed elements.
fn grid(cells: &[Option<&Value>]) -> Option<(usize, Numbers)> {
    let rows: Option<Vec<&[Value]>> = cells.iter().map(|c| c.and_then(Value::as_array)).collect();
    let rows = rows?;
    let width = rows.first()?.len();
    if width == 0 || rows.iter().any(|row| row.len() != width) {
        return None;
    }
    let elements = rows.iter().flat_map(|row| row.iter().map(Some));
    Some((width, numbers(elements)?))
}

/// The shape of a checked 39653 table: its row count and, per column, the
/// number of cells that are not `undefined` (each becomes a map entry).
struct Checked {
    rows: usize,
    present: Vec<u64>,
}

/// Checks a decoded 39653 table in place: its parts, its keys, and every
/// column against the row count, before anything is built on the strength
/// of that count. `input_len` bounds the declared count.
fn check(content: &Value, at: usize, input_len: usize) -> Result<Checked, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let [keys, rows, columns] = content.as_array().ok_or_else(bad)? else {
        return Err(bad());
    };
    let rows = rows.as_u64().ok_or_else(bad)?;
    if rows > input_len as u64 {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    let rows = rows as usize;
    let columns = columns.as_array().ok_or_else(bad)?;
    let keys = keys.as_array().ok_or_else(bad)?;
    super::shapes::validate_keys(keys, TAG, at)?;
    if columns.len() != keys.len() {
        return Err(bad());
    }
    let mut present = Vec::with_capacity(columns.len());
    for column in columns {
        present.push(match column {
            Value::Array(cells) if cells.len() == rows => cells
                .iter()
                .filter(|cell| !matches!(cell, Value::Undefined))
                .count() as u64,
            Value::Tag(GRID, content) => {
                let (width, elements) = grid_column(content, rows).ok_or_else(bad)?;
                let count = rows.checked_mul(width).ok_or_else(bad)?;
                check_elements(&elements, count, at)?;
                rows as u64
            }
            // A column of records kept as the table it was written as,
            // already checked when it was read: one row per row.
            Value::Tag(crate::ext::shapes::TAG | TAG, nested) => {
                if table_rows(nested) != Some(rows) {
                    return Err(bad());
                }
                rows as u64
            }
            Value::Tag(tag, content) => {
                let (kind, bytes) = typed_column(*tag, content).ok_or_else(bad)?;
                check_elements(&Elements::Typed(kind, bytes), rows, at)?;
                rows as u64
            }
            _ => return Err(bad()),
        });
    }
    Ok(Checked { rows, present })
}

/// The row count of a kept shaped (`[keys, rows]`) or columnar
/// (`[keys, count, columns]`) table's content.
fn table_rows(content: &Value) -> Option<usize> {
    match content.as_array()? {
        [_, rows] => Some(rows.as_array()?.len()),
        [_, count, _] => usize::try_from(count.as_u64()?).ok(),
        _ => None,
    }
}

/// The kind and payload of a typed-array column.
fn typed_column(tag: u64, content: &Value) -> Option<(TypedKind, &[u8])> {
    Some((TypedKind::from_tag(tag)?, content.as_bytes()?))
}

/// A grid's elements: a typed array, or a plain array of values.
enum Elements<'a> {
    Typed(TypedKind, &'a [u8]),
    Plain(&'a [Value]),
}

/// The width and elements of a grid column, `[[rows, width], elements]`
/// with a width of at least 1.
fn grid_column(content: &Value, rows: usize) -> Option<(usize, Elements<'_>)> {
    let [dims, elements] = content.as_array()? else {
        return None;
    };
    let [n, width] = dims.as_array()? else {
        return None;
    };
    let width = usize::try_from(width.as_u64()?).ok()?;
    if n.as_u64()? != rows as u64 || width == 0 {
        return None;
    }
    let elements = match elements {
        Value::Array(values) => Elements::Plain(values),
        Value::Tag(tag, content) => {
            let (kind, bytes) = typed_column(*tag, content)?;
            Elements::Typed(kind, bytes)
        }
        _ => return None,
    };
    Some((width, elements))
}

/// Checks that a column's elements number exactly `count` and convert.
fn check_elements(elements: &Elements<'_>, count: usize, at: usize) -> Result<(), Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    match *elements {
        Elements::Plain(values) if values.len() == count => Ok(()),
        Elements::Plain(_) => Err(bad()),
        Elements::Typed(kind, bytes) => {
            if bytes.len() != count.checked_mul(kind.elem.width()).ok_or_else(bad)? {
                return Err(bad());
            }
            // Only binary128 elements can fail to convert.
            if kind.elem == Elem::F128
                && bytes
                    .chunks_exact(16)
                    .any(|c| typed_cell(kind, c).is_none())
            {
                return Err(Error::out_of_range(BEYOND_F64, "f64", at));
            }
            Ok(())
        }
    }
}

/// A checked grid's cells, row by row: arrays of its width. (A grid of
/// plain elements, which only other writers produce, is copied.)
fn grid_cells(content: &Value, rows: usize, at: usize) -> Result<Vec<Value>, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let (width, elements) = grid_column(content, rows).ok_or_else(bad)?;
    let elements: Vec<Value> = match elements {
        Elements::Plain(values) => values.to_vec(),
        Elements::Typed(kind, bytes) => bytes
            .chunks_exact(kind.elem.width())
            .map(|chunk| {
                typed_cell(kind, chunk).ok_or_else(|| Error::out_of_range(BEYOND_F64, "f64", at))
            })
            .collect::<Result<_, _>>()?,
    };
    let mut elements = elements.into_iter();
    Ok((0..rows)
        .map(|_| Value::Array(elements.by_ref().take(width).collect()))
        .collect())
}

/// Validates a decoded 39653 table and expands it into an array of maps
/// (`undefined` cells omitted). The table is checked whole first; what the
/// expansion builds (the rows, a key copy per present cell) is charged to
/// `r`'s budgets before it is built.
pub(crate) fn expand(content: Value, at: usize, r: &mut Reader<'_>) -> Result<Value, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let Checked { rows, present } = check(&content, at, r.input().len())?;
    let mut parts = content.into_array().ok_or_else(bad)?;
    let columns = core::mem::take(&mut parts[2])
        .into_array()
        .ok_or_else(bad)?;
    let keys = core::mem::take(&mut parts[0])
        .into_array()
        .ok_or_else(bad)?;
    let row = (size_of::<Value>() + keys.len() * size_of::<(Value, Value)>()) as u64;
    let mut cost = Footprint {
        bytes: row.saturating_mul(rows as u64),
        items: 0,
    };
    for (key, &cells) in keys.iter().zip(&present) {
        cost = cost.plus(Footprint::of(key).times(cells));
    }
    // A grid's cells become arrays: a value per element.
    for column in &columns {
        if let Value::Tag(GRID, content) = column {
            let elements =
                grid_column(content, rows).map_or(0, |(width, _)| rows.saturating_mul(width));
            cost = cost.plus(Footprint {
                bytes: (elements * size_of::<Value>()) as u64,
                items: elements as u64,
            });
        }
    }
    spend_expansion(r, cost, at)?;
    let mut maps: Vec<Vec<(Value, Value)>> =
        (0..rows).map(|_| Vec::with_capacity(keys.len())).collect();
    for (key, column) in keys.iter().zip(columns) {
        if let Value::Tag(GRID, content) = &column {
            for (map, cell) in maps.iter_mut().zip(grid_cells(content, rows, at)?) {
                map.push((key.clone(), cell));
            }
            continue;
        }
        if let Value::Tag(tag, content) = &column {
            let (kind, bytes) = typed_column(*tag, content).ok_or_else(bad)?;
            let width = kind.elem.width();
            for (map, chunk) in maps.iter_mut().zip(bytes.chunks_exact(width)) {
                let cell = typed_cell(kind, chunk)
                    .ok_or_else(|| Error::out_of_range(BEYOND_F64, "f64", at))?;
                map.push((key.clone(), cell));
            }
            continue;
        }
        let cells = column.into_array().ok_or_else(bad)?;
        for (map, cell) in maps.iter_mut().zip(cells) {
            if !matches!(cell, Value::Undefined) {
                map.push((key.clone(), cell));
            }
        }
    }
    Ok(Value::Array(
        maps.into_iter().map(|m| Value::Map(m.into())).collect(),
    ))
}

fn typed_cell(kind: TypedKind, chunk: &[u8]) -> Option<Value> {
    use crate::ext::typed::Number;
    Some(match crate::ext::typed::element(kind, chunk)? {
        Number::Int(v) => Value::Integer(v),
        Number::Float(v) if kind.elem == Elem::F32 => Value::Float(Float::F32(v as f32)),
        Number::Float(v) => Value::Float(Float::F64(v)),
    })
}

/// Checks a 39653 table without expanding it, and without copying it.
pub(crate) fn validate(content: &Value, at: usize, input_len: usize) -> Result<(), Error> {
    check(content, at, input_len).map(drop)
}

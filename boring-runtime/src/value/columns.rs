//! Columnar tables (tag 39653) for `Value`: choosing typed columns on
//! write, validating and expanding tables on read.

use alloc::vec::Vec;

use super::shapes::Plan;
use super::{Float, Value};
use crate::error::{Error, ErrorKind};
use crate::ext::columns::TAG;
use crate::ext::typed::{Elem, TypedKind};

/// How one column of a table is written.
pub(crate) enum Column<'a> {
    /// Every row holds an integer and together they fit 64 bits.
    Ints(Vec<i128>),
    /// Every row holds a float.
    Floats(Vec<f64>),
    /// Anything else: one cell per row, `None` where the row lacks the key.
    Plain(Vec<Option<&'a Value>>),
}

/// Lays out a shaped table's columns; `None` unless at least one column is
/// typed (a table with no typed column is better written shaped).
pub(crate) fn plan_columns<'a>(items: &'a [Value], plan: &Plan<'a>) -> Option<Vec<Column<'a>>> {
    let width = plan.keys.len();
    let mut cells: Vec<Vec<Option<&'a Value>>> = (0..width)
        .map(|_| Vec::with_capacity(items.len()))
        .collect();
    for (item, positions) in items.iter().zip(&plan.positions) {
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
    let ints: Option<Vec<i128>> = cells.iter().map(|c| c.and_then(Value::as_i128)).collect();
    if let Some(ints) = ints {
        let min = ints.iter().copied().min().unwrap_or(0);
        let max = ints.iter().copied().max().unwrap_or(0);
        if Elem::narrowest_int(min, max).is_some() {
            return Column::Ints(ints);
        }
    }
    let floats: Option<Vec<f64>> = cells.iter().map(|c| c.and_then(Value::as_f64)).collect();
    match floats {
        Some(floats) => Column::Floats(floats),
        None => Column::Plain(cells),
    }
}

/// Validates a decoded 39653 table and expands it into an array of maps
/// (`undefined` cells omitted). `input_len` bounds the declared row count
/// before anything is allocated.
pub(crate) fn expand(content: Value, at: usize, input_len: usize) -> Result<Value, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let mut parts = content.into_array().ok_or_else(bad)?;
    if parts.len() != 3 {
        return Err(bad());
    }
    let rows = parts[1].as_u64().ok_or_else(bad)?;
    if rows > input_len as u64 {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    let rows = rows as usize;
    let columns = core::mem::take(&mut parts[2])
        .into_array()
        .ok_or_else(bad)?;
    let keys = core::mem::take(&mut parts[0])
        .into_array()
        .ok_or_else(bad)?;
    super::shapes::validate_keys(&keys, TAG, at)?;
    if columns.len() != keys.len() {
        return Err(bad());
    }
    let mut maps: Vec<Vec<(Value, Value)>> =
        (0..rows).map(|_| Vec::with_capacity(keys.len())).collect();
    for (key, column) in keys.iter().zip(columns) {
        let cells = column_cells(column, rows, at)?;
        for (map, cell) in maps.iter_mut().zip(cells) {
            if !matches!(cell, Value::Undefined) {
                map.push((key.clone(), cell));
            }
        }
    }
    Ok(Value::Array(maps.into_iter().map(Value::Map).collect()))
}

/// The n cells of one column: a plain array's items, or a typed array's
/// elements as integers and floats.
fn column_cells(column: Value, rows: usize, at: usize) -> Result<Vec<Value>, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    match column {
        Value::Array(_) => {
            let cells = column.into_array().ok_or_else(bad)?;
            if cells.len() != rows {
                return Err(bad());
            }
            Ok(cells)
        }
        Value::Tag(tag, _) => {
            let kind = TypedKind::from_tag(tag).ok_or_else(bad)?;
            let (_, content) = column.into_tag().ok_or_else(bad)?;
            let bytes = content.as_bytes().ok_or_else(bad)?;
            let width = kind.elem.width();
            if bytes.len() != rows.checked_mul(width).ok_or_else(bad)? {
                return Err(bad());
            }
            bytes
                .chunks_exact(width)
                .map(|chunk| {
                    typed_cell(kind, chunk).ok_or_else(|| Error::new(ErrorKind::OutOfRange, at))
                })
                .collect()
        }
        _ => Err(bad()),
    }
}

fn typed_cell(kind: TypedKind, chunk: &[u8]) -> Option<Value> {
    use crate::ext::typed::Number;
    Some(match crate::ext::typed::element(kind, chunk)? {
        Number::Int(v) => Value::Integer(v),
        Number::Float(v) if kind.elem == Elem::F32 => Value::Float(Float::F32(v as f32)),
        Number::Float(v) => Value::Float(Float::F64(v)),
    })
}

/// Checks a 39653 table without expanding it.
pub(crate) fn validate(content: &Value, at: usize, input_len: usize) -> Result<(), Error> {
    expand(content.clone(), at, input_len).map(drop)
}

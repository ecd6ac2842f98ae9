//! Shaped (39649), columnar (39653) and keyed (39654) tables under
//! `decode(bytes, {columns: true})`.
//!
//! The runtime keeps the tables tagged when asked (`expand_shapes(false)`);
//! here a shaped or columnar table becomes a map of column name → column,
//! which JavaScript reads as an object (a `Map` when the keys are not all
//! plain text):
//!
//! - a typed column → its typed array (a `u8` column as bytes, read as a
//!   `Uint8Array`; a binary16 column widened to binary32, a
//!   `Float32Array`);
//! - a grid (tag 40: every row an array of k numbers) → an array of one
//!   typed array (or plain array) of k elements per row;
//! - a plain column → an array, `undefined` where a row lacks the key.
//!
//! A keyed table stands for a map, so it stays one: its keys, each with the
//! row its table holds, the rows built from the table as the runtime would
//! expand it.

use boring::ext::typed::{self, Elem, Number, TypedKind};
use boring::value::Boxed;
use boring::wire::float::f16_to_f64;
use boring::{Float, Value};
use wasm_bindgen::JsValue;

use crate::error::unplaced;

/// Shaped array: `[keys, rows]`.
pub(crate) const SHAPED: u64 = 39649;
/// Columnar table: `[keys, n, columns]`.
pub(crate) const COLUMNAR: u64 = 39653;
/// Keyed table: `[keys, values]`.
pub(crate) const KEYED: u64 = 39654;
/// RFC 8746 multi-dimensional array, a grid column.
const GRID: u64 = 40;
/// The tag a binary16 column is widened to (binary32, little-endian), read
/// as a `Float32Array`.
const F32_LE: u64 = 85;

/// Deeper than a decoded value nests: a guard for the recursion below.
const MAX_DEPTH: usize = 4096;

/// `value` with every shaped or columnar table in it made a map of column
/// name → column, and every keyed table its map of rows.
pub(crate) fn columns(value: Value) -> Result<Value, JsValue> {
    walk(value, 0)
}

fn walk(value: Value, depth: usize) -> Result<Value, JsValue> {
    if depth > MAX_DEPTH {
        return Err(bad(0));
    }
    let below = depth + 1;
    Ok(match value {
        Value::Array(items) => Value::Array(
            items
                .into_vec()
                .into_iter()
                .map(|v| walk(v, below))
                .collect::<Result<Vec<_>, _>>()?
                .into(),
        ),
        Value::Map(entries) => Value::Map(
            entries
                .into_vec()
                .into_iter()
                .map(|(k, v)| Ok((walk(k, below)?, walk(v, below)?)))
                .collect::<Result<Vec<_>, JsValue>>()?
                .into(),
        ),
        Value::Tag(tag @ (SHAPED | COLUMNAR | KEYED), content) => {
            let table = table(tag, content.into_inner())?;
            walk(table, below)?
        }
        Value::Tag(tag, content) => Value::Tag(tag, Boxed::new(walk(content.into_inner(), below)?)),
        other => other,
    })
}

/// One table: shaped and columnar tables as a map of column name → column,
/// a keyed table as its map of rows.
fn table(tag: u64, content: Value) -> Result<Value, JsValue> {
    match tag {
        SHAPED => {
            let [keys, rows] = parts::<2>(tag, content)?;
            let keys = array(tag, keys)?;
            let rows = array(tag, rows)?;
            let mut columns: Vec<Vec<Value>> = keys
                .iter()
                .map(|_| Vec::with_capacity(rows.len()))
                .collect();
            for row in rows {
                let mut cells = array(tag, row)?.into_iter();
                for column in &mut columns {
                    column.push(cells.next().unwrap_or(Value::Undefined));
                }
            }
            Ok(named(
                keys,
                columns
                    .into_iter()
                    .map(|c| Value::Array(c.into()))
                    .collect(),
            ))
        }
        COLUMNAR => {
            let [keys, n, columns] = parts::<3>(tag, content)?;
            let keys = array(tag, keys)?;
            let n = row_count(tag, &n)?;
            let columns = array(tag, columns)?
                .into_iter()
                .map(|column| column_value(column, n))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(named(keys, columns))
        }
        _ => {
            let [keys, values] = parts::<2>(tag, content)?;
            let keys = array(tag, keys)?;
            let rows = rows(values)?;
            if rows.len() != keys.len() {
                return Err(bad(tag));
            }
            Ok(Value::Map(
                keys.into_iter().zip(rows).collect::<Vec<_>>().into(),
            ))
        }
    }
}

/// Column name → column.
fn named(keys: Vec<Value>, columns: Vec<Value>) -> Value {
    Value::Map(keys.into_iter().zip(columns).collect::<Vec<_>>().into())
}

/// A column as it is read: a typed column as its typed array (a `u8` one as
/// bytes, a binary16 one widened to binary32), a grid as one array per row,
/// a plain column as its items.
fn column_value(column: Value, n: usize) -> Result<Value, JsValue> {
    match column {
        Value::Tag(GRID, grid) => {
            let (k, payload) = grid_parts(grid.into_inner())?;
            match payload {
                Value::Tag(tag, inner) => {
                    let Value::Bytes(bytes) = inner.into_inner() else {
                        return Err(bad(GRID));
                    };
                    let width = TypedKind::from_tag(tag)
                        .ok_or_else(|| bad(GRID))?
                        .elem
                        .width();
                    let rows = bytes
                        .chunks(k * width)
                        .take(n)
                        .map(|row| typed_column(tag, row.to_vec()))
                        .collect::<Vec<_>>();
                    Ok(Value::Array(rows.into()))
                }
                Value::Array(items) => {
                    let items = items.into_vec();
                    let rows = items
                        .chunks(k)
                        .take(n)
                        .map(|row| Value::Array(row.to_vec().into()))
                        .collect::<Vec<_>>();
                    Ok(Value::Array(rows.into()))
                }
                _ => Err(bad(GRID)),
            }
        }
        Value::Tag(tag, content) => match content.into_inner() {
            Value::Bytes(bytes) if TypedKind::from_tag(tag).is_some() => {
                Ok(typed_column(tag, bytes))
            }
            content => Ok(Value::Tag(tag, Boxed::new(content))),
        },
        other => Ok(other),
    }
}

/// A typed column's payload in the form it is read as.
fn typed_column(tag: u64, bytes: Vec<u8>) -> Value {
    match TypedKind::from_tag(tag) {
        Some(TypedKind { elem: Elem::U8, .. }) => Value::Bytes(bytes),
        Some(
            kind @ TypedKind {
                elem: Elem::F16, ..
            },
        ) => {
            let widened = bytes
                .chunks_exact(2)
                .flat_map(|c| {
                    let bits = if kind.little_endian {
                        u16::from_le_bytes([c[0], c[1]])
                    } else {
                        u16::from_be_bytes([c[0], c[1]])
                    };
                    // Every binary16 value is exact in binary32.
                    (f16_to_f64(bits) as f32).to_le_bytes()
                })
                .collect();
            Value::tag(F32_LE, Value::Bytes(widened))
        }
        _ => Value::tag(tag, Value::Bytes(bytes)),
    }
}

/// The rows a table (or a plain array) holds, as the runtime expands them.
fn rows(table: Value) -> Result<Vec<Value>, JsValue> {
    let (tag, content) = match table {
        Value::Tag(tag @ (SHAPED | COLUMNAR), content) => (tag, content.into_inner()),
        Value::Array(items) => return Ok(items.into_vec()),
        _ => return Err(bad(KEYED)),
    };
    if tag == SHAPED {
        let [keys, rows] = parts::<2>(tag, content)?;
        let keys = array(tag, keys)?;
        return array(tag, rows)?
            .into_iter()
            .map(|row| {
                let cells = array(tag, row)?;
                Ok(Value::Map(zip_present(&keys, cells).into()))
            })
            .collect();
    }
    let [keys, n, columns] = parts::<3>(tag, content)?;
    let keys = array(tag, keys)?;
    let n = row_count(tag, &n)?;
    let columns = array(tag, columns)?
        .into_iter()
        .map(|column| column_cells(column, n))
        .collect::<Result<Vec<_>, _>>()?;
    let mut columns: Vec<_> = columns.into_iter().map(Vec::into_iter).collect();
    Ok((0..n)
        .map(|_| {
            let cells = columns
                .iter_mut()
                .map(|c| c.next().unwrap_or(Value::Undefined))
                .collect();
            Value::Map(zip_present(&keys, cells).into())
        })
        .collect())
}

/// A row's entries: each key with its cell, absent (`undefined`) cells left
/// out.
fn zip_present(keys: &[Value], cells: Vec<Value>) -> Vec<(Value, Value)> {
    keys.iter()
        .zip(cells)
        .filter(|(_, cell)| !matches!(cell, Value::Undefined))
        .map(|(key, cell)| (key.clone(), cell))
        .collect()
}

/// The `n` cells of a column.
fn column_cells(column: Value, n: usize) -> Result<Vec<Value>, JsValue> {
    match column {
        Value::Tag(tag, content) => match (tag, content.into_inner()) {
            (GRID, grid) => {
                let (k, payload) = grid_parts(grid)?;
                let flat = column_cells(payload, n * k)?;
                Ok(flat
                    .chunks(k)
                    .map(|row| Value::Array(row.to_vec().into()))
                    .collect())
            }
            (COLUMNAR | SHAPED, content) => {
                rows(Value::Tag(tag, boring::value::Boxed::new(content)))
            }
            (tag, Value::Bytes(bytes)) => {
                let kind = TypedKind::from_tag(tag).ok_or_else(|| bad(COLUMNAR))?;
                bytes
                    .chunks_exact(kind.elem.width())
                    .take(n)
                    .map(|chunk| match typed::element(kind, chunk) {
                        Some(Number::Int(v)) => Ok(Value::Integer(v)),
                        Some(Number::Float(v)) if kind.elem == Elem::F32 => {
                            Ok(Value::Float(Float::F32(v as f32)))
                        }
                        Some(Number::Float(v)) => Ok(Value::Float(Float::F64(v))),
                        None => Err(bad(tag)),
                    })
                    .collect()
            }
            _ => Err(bad(COLUMNAR)),
        },
        Value::Array(items) => Ok(items.into_vec().into_iter().take(n).collect()),
        _ => Err(bad(COLUMNAR)),
    }
}

/// A grid's row length and payload: `[[n, k], payload]`.
fn grid_parts(grid: Value) -> Result<(usize, Value), JsValue> {
    let [dims, payload] = parts::<2>(GRID, grid)?;
    let k = match dims.as_array() {
        Some([_, Value::Integer(k)]) if *k >= 1 => usize::try_from(*k).map_err(|_| bad(GRID))?,
        _ => return Err(bad(GRID)),
    };
    Ok((k, payload))
}

fn row_count(tag: u64, n: &Value) -> Result<usize, JsValue> {
    match n {
        Value::Integer(n) => usize::try_from(*n).map_err(|_| bad(tag)),
        _ => Err(bad(tag)),
    }
}

fn parts<const N: usize>(tag: u64, content: Value) -> Result<[Value; N], JsValue> {
    array(tag, content)?.try_into().map_err(|_| bad(tag))
}

fn array(tag: u64, value: Value) -> Result<Vec<Value>, JsValue> {
    value.into_array().ok_or_else(|| bad(tag))
}

/// Content the decoder let through but a table cannot have (the decoder
/// validates tables, so this is a guard, not an expected path).
fn bad(tag: u64) -> JsValue {
    unplaced("bad-tag-content", &format!("invalid content for tag {tag}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::Text(s.into())
    }

    #[test]
    fn a_shaped_table_becomes_its_columns() {
        // 39649([["a", "b"], [[1, 2], [3]]])
        let table = Value::tag(
            SHAPED,
            Value::Array(
                vec![
                    Value::Array(vec![text("a"), text("b")].into()),
                    Value::Array(
                        vec![
                            Value::Array(vec![Value::Integer(1), Value::Integer(2)].into()),
                            Value::Array(vec![Value::Integer(3)].into()),
                        ]
                        .into(),
                    ),
                ]
                .into(),
            ),
        );
        let expected = Value::Map(
            vec![
                (
                    text("a"),
                    Value::Array(vec![Value::Integer(1), Value::Integer(3)].into()),
                ),
                (
                    text("b"),
                    Value::Array(vec![Value::Integer(2), Value::Undefined].into()),
                ),
            ]
            .into(),
        );
        assert_eq!(columns(table).ok(), Some(expected));
    }

    #[test]
    fn typed_columns_are_read_as_bytes_or_wider_floats() {
        assert_eq!(typed_column(U8_TAG, vec![1, 2]), Value::Bytes(vec![1, 2]));
        // binary16 1.0 and -2.0, little-endian (tag 84).
        assert_eq!(
            typed_column(84, vec![0x00, 0x3c, 0x00, 0xc0]),
            Value::tag(
                F32_LE,
                Value::Bytes([1.0f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat())
            )
        );
        assert_eq!(
            typed_column(77, vec![1, 0]),
            Value::tag(77, Value::Bytes(vec![1, 0]))
        );
    }

    /// The `u8` typed-array tag.
    const U8_TAG: u64 = 64;
}

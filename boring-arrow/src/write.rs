//! Arrow record batches to columnar tables (tag 39653), column by column,
//! choosing each column's layout as the runtime's `Value` writer does
//! (docs/WIRE.md §7, §8):
//!
//! - numbers without nulls: a typed array of the narrowest element type
//!   (integers by their actual minimum and maximum; `Float32` as binary32,
//!   `Float64` as binary64, since a `Value` float keeps its width);
//! - fixed-size lists of k ≥ 1 numbers without nulls: a grid (RFC 8746
//!   tag 40) of the same narrowest rule (a variable-size list stays plain,
//!   so that its Arrow type reads back as it was, even when every row
//!   happens to hold one length);
//! - anything else: a plain array, `null` for a null; a struct column is an
//!   array of maps, which the writer lays out by its own sequence rules (a
//!   nested table when it qualifies).

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Float16Type, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type,
    UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::DataType;
use boring::{Float, Options, Value};

use crate::error::{Error, Result};
use crate::typed::narrowest;

/// The batch as a columnar table, `39653([keys, n, columns])` (a batch
/// without columns as an array of empty maps).
///
/// # Errors
///
/// [`Error::Unsupported`] for a column type this crate does not convert.
pub fn batch_to_value(batch: &RecordBatch) -> Result<Value> {
    let schema = batch.schema();
    if schema.fields().is_empty() {
        // A table needs at least one key: rows without columns are empty
        // maps.
        let rows = (0..batch.num_rows()).map(|_| Value::Map(Vec::new().into()));
        return Ok(Value::Array(rows.collect::<Vec<_>>().into()));
    }
    let keys: Vec<Value> = schema
        .fields()
        .iter()
        .map(|f| Value::Text(f.name().clone()))
        .collect();
    let columns = schema
        .fields()
        .iter()
        .zip(batch.columns())
        .map(|(f, c)| column(c, f.name()))
        .collect::<Result<Vec<_>>>()?;
    let content = Value::Array(
        vec![
            Value::Array(keys.into()),
            Value::Integer(batch.num_rows() as i128),
            Value::Array(columns.into()),
        ]
        .into(),
    );
    Ok(Value::Tag(boring::ext::COLUMNAR_TAG, content.into()))
}

/// The batch as one encoded columnar table, written under `options` (the
/// `Compact` profile keeps nested struct columns columnar too).
///
/// # Errors
///
/// As [`batch_to_value`]; [`Error::Boring`] when encoding fails.
pub fn write_table(batch: &RecordBatch, options: &Options) -> Result<Vec<u8>> {
    Ok(boring::to_vec_with(&batch_to_value(batch)?, options)?)
}

/// The rows of the batch as plain maps: what the runtime's writer lays out
/// as a table itself (for comparison, and for readers that want maps).
///
/// # Errors
///
/// [`Error::Unsupported`] for a column type this crate does not convert.
pub fn batch_to_rows(batch: &RecordBatch) -> Result<Value> {
    let schema = batch.schema();
    let rows = (0..batch.num_rows())
        .map(|row| {
            let entries = schema
                .fields()
                .iter()
                .zip(batch.columns())
                .map(|(f, c)| {
                    Ok((
                        Value::Text(f.name().clone()),
                        cell(c.as_ref(), row, f.name())?,
                    ))
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::Map(entries.into()))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Array(rows.into()))
}

fn column(array: &ArrayRef, name: &str) -> Result<Value> {
    if let Some((tag, bytes)) = narrowest(array.as_ref()) {
        return Ok(Value::Tag(tag, Value::Bytes(bytes).into()));
    }
    if let Some(grid) = grid(array.as_ref()) {
        return Ok(grid);
    }
    let cells = (0..array.len())
        .map(|row| cell(array.as_ref(), row, name))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Array(cells.into()))
}

/// A fixed-size list column as a grid: width k ≥ 1, no nulls, elements
/// that make a typed array.
fn grid(array: &dyn Array) -> Option<Value> {
    if array.null_count() > 0 || array.is_empty() {
        return None;
    }
    let (width, values) = match array.data_type() {
        DataType::FixedSizeList(_, k) => {
            let list = array.as_fixed_size_list();
            let start = list.value_offset(0) as usize;
            (
                *k as usize,
                list.values().slice(start, list.len() * *k as usize),
            )
        }
        _ => return None,
    };
    if width == 0 {
        return None;
    }
    let (tag, bytes) = narrowest(values.as_ref())?;
    let dims = Value::Array(
        vec![
            Value::Integer(array.len() as i128),
            Value::Integer(width as i128),
        ]
        .into(),
    );
    let typed = Value::Tag(tag, Value::Bytes(bytes).into());
    Some(Value::Tag(
        boring::ext::GRID_TAG,
        Value::Array(vec![dims, typed].into()).into(),
    ))
}

/// One cell as a value: `null` for a null.
fn cell(array: &dyn Array, row: usize, name: &str) -> Result<Value> {
    if array.is_null(row) {
        return Ok(Value::Null);
    }
    macro_rules! int {
        ($t:ty) => {
            Value::Integer(i128::from(array.as_primitive::<$t>().value(row)))
        };
    }
    Ok(match array.data_type() {
        DataType::Null => Value::Null,
        DataType::Boolean => Value::Bool(array.as_boolean().value(row)),
        DataType::Int8 => int!(Int8Type),
        DataType::Int16 => int!(Int16Type),
        DataType::Int32 => int!(Int32Type),
        DataType::Int64 => int!(Int64Type),
        DataType::UInt8 => int!(UInt8Type),
        DataType::UInt16 => int!(UInt16Type),
        DataType::UInt32 => int!(UInt32Type),
        DataType::UInt64 => int!(UInt64Type),
        DataType::Float16 => Value::Float(Float::F16(
            array.as_primitive::<Float16Type>().value(row).to_bits(),
        )),
        DataType::Float32 => {
            Value::Float(Float::F32(array.as_primitive::<Float32Type>().value(row)))
        }
        DataType::Float64 => {
            Value::Float(Float::F64(array.as_primitive::<Float64Type>().value(row)))
        }
        DataType::Utf8 => Value::Text(array.as_string::<i32>().value(row).to_owned()),
        DataType::LargeUtf8 => Value::Text(array.as_string::<i64>().value(row).to_owned()),
        DataType::Utf8View => Value::Text(array.as_string_view().value(row).to_owned()),
        DataType::Binary => Value::Bytes(array.as_binary::<i32>().value(row).to_vec()),
        DataType::LargeBinary => Value::Bytes(array.as_binary::<i64>().value(row).to_vec()),
        DataType::List(_) => list(&array.as_list::<i32>().value(row), name)?,
        DataType::LargeList(_) => list(&array.as_list::<i64>().value(row), name)?,
        DataType::FixedSizeList(..) => list(&array.as_fixed_size_list().value(row), name)?,
        DataType::Struct(fields) => {
            let s = array.as_struct();
            let entries = fields
                .iter()
                .zip(s.columns())
                .map(|(f, c)| {
                    Ok((
                        Value::Text(f.name().clone()),
                        cell(c.as_ref(), row, f.name())?,
                    ))
                })
                .collect::<Result<Vec<_>>>()?;
            Value::Map(entries.into())
        }
        other => {
            return Err(Error::Unsupported {
                column: name.to_owned(),
                data_type: other.clone(),
            })
        }
    })
}

fn list(values: &ArrayRef, name: &str) -> Result<Value> {
    let items = (0..values.len())
        .map(|i| cell(values.as_ref(), i, name))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Array(items.into()))
}

//! Decoded values to Arrow arrays, by the target field's type: the path
//! for plain columns holding nested values, and for tables that are not
//! columnar (shaped tables, arrays of maps).

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::types::{
    Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type,
    UInt64Type, UInt8Type,
};
use arrow_array::{
    new_null_array, ArrayRef, BinaryArray, FixedSizeListArray, LargeBinaryArray, LargeListArray,
    LargeStringArray, ListArray, PrimitiveArray, StringArray, StringViewArray, StructArray,
};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, FieldRef, Fields};
use boring::ext::typed::{element, Number, TypedKind};
use boring::{Float, Value};

use crate::error::{Error, Result};
use crate::infer::key_name;
use crate::typed::{convert, show, Place, Target};

/// A cell: `None` for a row that lacks the key; values borrowed from the
/// decoded table, or built (typed-array elements).
pub(crate) type Cell<'v> = Option<Cow<'v, Value>>;

/// The elements of a typed-array tag, if `tag` is one over a byte string of
/// whole elements.
pub(crate) fn typed_elements(tag: u64, content: &Value) -> Option<Vec<Number>> {
    let kind = TypedKind::from_tag(tag)?;
    let bytes = content.as_bytes()?;
    let width = kind.elem.width();
    if bytes.len() % width != 0 {
        return None;
    }
    bytes
        .chunks_exact(width)
        .map(|chunk| element(kind, chunk))
        .collect()
}

fn number_value(n: Number) -> Value {
    match n {
        Number::Int(i) => Value::Integer(i),
        Number::Float(f) => Value::Float(Float::F64(f)),
    }
}

/// What a value is, for errors.
pub(crate) fn describe(value: &Value) -> &'static str {
    match value {
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a float",
        Value::Bytes(_) => "a byte string",
        Value::Text(_) => "text",
        Value::Array(_) => "an array",
        Value::Map(_) => "a map",
        Value::Tag(..) => "a tagged item",
        Value::Bool(_) => "a boolean",
        Value::Null => "null",
        Value::Undefined => "undefined",
        Value::Simple(_) => "a simple value",
    }
}

/// The value with identifier and other non-array tags looked through;
/// `None` for null and undefined.
fn present<'v>(cell: &'v Cell<'_>) -> Option<&'v Value> {
    let mut v: &Value = cell.as_deref()?;
    loop {
        match v {
            Value::Null | Value::Undefined => return None,
            Value::Tag(tag, content) if TypedKind::from_tag(*tag).is_none() => v = content,
            other => return Some(other),
        }
    }
}

/// The cells as an array of `data_type`; `column` names it in errors.
pub(crate) fn cells_to_array(
    cells: &[Cell<'_>],
    data_type: &DataType,
    column: &str,
) -> Result<ArrayRef> {
    let place = Place { column, data_type };
    Ok(match data_type {
        DataType::Null => {
            if let Some(row) = cells.iter().position(|c| present(c).is_some()) {
                return Err(place.mismatch(row, "a value in a column of nulls"));
            }
            new_null_array(data_type, cells.len())
        }
        DataType::Boolean => {
            let mut b = BooleanBuilder::with_capacity(cells.len());
            for (row, cell) in cells.iter().enumerate() {
                match present(cell) {
                    None => b.append_null(),
                    Some(Value::Bool(v)) => b.append_value(*v),
                    Some(other) => return Err(place.mismatch(row, describe(other))),
                }
            }
            Arc::new(b.finish())
        }
        DataType::Int8 => numbers::<Int8Type>(cells, place)?,
        DataType::Int16 => numbers::<Int16Type>(cells, place)?,
        DataType::Int32 => numbers::<Int32Type>(cells, place)?,
        DataType::Int64 => numbers::<Int64Type>(cells, place)?,
        DataType::UInt8 => numbers::<UInt8Type>(cells, place)?,
        DataType::UInt16 => numbers::<UInt16Type>(cells, place)?,
        DataType::UInt32 => numbers::<UInt32Type>(cells, place)?,
        DataType::UInt64 => numbers::<UInt64Type>(cells, place)?,
        DataType::Float32 => numbers::<Float32Type>(cells, place)?,
        DataType::Float64 => numbers::<Float64Type>(cells, place)?,
        DataType::Utf8 => Arc::new(texts(cells, place)?.into_iter().collect::<StringArray>()),
        DataType::LargeUtf8 => Arc::new(
            texts(cells, place)?
                .into_iter()
                .collect::<LargeStringArray>(),
        ),
        DataType::Utf8View => Arc::new(
            texts(cells, place)?
                .into_iter()
                .collect::<StringViewArray>(),
        ),
        DataType::Binary => Arc::new(bytes(cells, place)?.into_iter().collect::<BinaryArray>()),
        DataType::LargeBinary => Arc::new(
            bytes(cells, place)?
                .into_iter()
                .collect::<LargeBinaryArray>(),
        ),
        DataType::List(field) => {
            let (offsets, values, nulls) = lists(cells, field, None, place)?;
            Arc::new(ListArray::try_new(
                field.clone(),
                OffsetBuffer::new(offsets.into_iter().map(|o| o as i32).collect()),
                values,
                nulls,
            )?)
        }
        DataType::LargeList(field) => {
            let (offsets, values, nulls) = lists(cells, field, None, place)?;
            Arc::new(LargeListArray::try_new(
                field.clone(),
                OffsetBuffer::new(offsets.into_iter().map(|o| o as i64).collect()),
                values,
                nulls,
            )?)
        }
        DataType::FixedSizeList(field, k) => {
            let width = usize::try_from(*k).map_err(|_| place.mismatch(0, "a negative width"))?;
            let (_, values, nulls) = lists(cells, field, Some(width), place)?;
            Arc::new(FixedSizeListArray::try_new(
                field.clone(),
                *k,
                values,
                nulls,
            )?)
        }
        DataType::Struct(fields) => structs(cells, fields, place)?,
        other => {
            return Err(Error::Unsupported {
                column: column.to_owned(),
                data_type: other.clone(),
            })
        }
    })
}

fn numbers<T: Target>(cells: &[Cell<'_>], place: Place<'_>) -> Result<ArrayRef> {
    let mut values = Vec::with_capacity(cells.len());
    for (row, cell) in cells.iter().enumerate() {
        let n = match present(cell) {
            None => {
                values.push(None);
                continue;
            }
            Some(Value::Integer(i)) => Number::Int(*i),
            Some(Value::Float(f)) => Number::Float(f.to_f64()),
            Some(other) => return Err(place.mismatch(row, describe(other))),
        };
        let v = convert::<T>(n).ok_or_else(|| place.out_of_range(row, show(n)))?;
        values.push(Some(v));
    }
    Ok(Arc::new(values.into_iter().collect::<PrimitiveArray<T>>()))
}

fn texts<'c>(cells: &'c [Cell<'_>], place: Place<'_>) -> Result<Vec<Option<&'c str>>> {
    cells
        .iter()
        .enumerate()
        .map(|(row, cell)| match present(cell) {
            None => Ok(None),
            Some(Value::Text(s)) => Ok(Some(s.as_str())),
            Some(other) => Err(place.mismatch(row, describe(other))),
        })
        .collect()
}

fn bytes<'c>(cells: &'c [Cell<'_>], place: Place<'_>) -> Result<Vec<Option<&'c [u8]>>> {
    cells
        .iter()
        .enumerate()
        .map(|(row, cell)| match present(cell) {
            None => Ok(None),
            Some(Value::Bytes(b)) => Ok(Some(b.as_slice())),
            Some(other) => Err(place.mismatch(row, describe(other))),
        })
        .collect()
}

/// Offsets, child values and validity of a list column; with `width`, every
/// present row must hold exactly that many elements and a null row stands
/// for that many null children.
fn lists(
    cells: &[Cell<'_>],
    field: &FieldRef,
    width: Option<usize>,
    place: Place<'_>,
) -> Result<(Vec<usize>, ArrayRef, Option<NullBuffer>)> {
    let mut offsets = Vec::with_capacity(cells.len() + 1);
    offsets.push(0);
    let mut children: Vec<Cell<'_>> = Vec::new();
    let mut valid = Vec::with_capacity(cells.len());
    for (row, cell) in cells.iter().enumerate() {
        let before = children.len();
        match present(cell) {
            None => {
                valid.push(false);
                if let Some(k) = width {
                    children.extend((0..k).map(|_| None));
                }
            }
            Some(Value::Array(items)) => {
                valid.push(true);
                children.extend(items.iter().map(|v| Some(Cow::Borrowed(v))));
            }
            Some(Value::Tag(tag, content)) => {
                let numbers = typed_elements(*tag, content)
                    .ok_or_else(|| place.mismatch(row, "a malformed typed array"))?;
                valid.push(true);
                children.extend(
                    numbers
                        .into_iter()
                        .map(|n| Some(Cow::Owned(number_value(n)))),
                );
            }
            Some(other) => return Err(place.mismatch(row, describe(other))),
        }
        if let Some(k) = width {
            if children.len() - before != k {
                return Err(place.mismatch(
                    row,
                    format!("an array of {} elements", children.len() - before),
                ));
            }
        }
        offsets.push(children.len());
    }
    let inner = format!("{}[]", place.column);
    let values = cells_to_array(&children, field.data_type(), &inner)?;
    let nulls = valid.iter().any(|v| !v).then(|| NullBuffer::from(valid));
    Ok((offsets, values, nulls))
}

fn structs(cells: &[Cell<'_>], fields: &Fields, place: Place<'_>) -> Result<ArrayRef> {
    let mut columns: Vec<Vec<Cell<'_>>> = fields
        .iter()
        .map(|_| Vec::with_capacity(cells.len()))
        .collect();
    let mut valid = Vec::with_capacity(cells.len());
    for (row, cell) in cells.iter().enumerate() {
        for c in columns.iter_mut() {
            c.push(None);
        }
        match present(cell) {
            None => valid.push(false),
            Some(Value::Map(entries)) => {
                valid.push(true);
                for (key, v) in entries.iter() {
                    let Some(name) = key_name(key) else { continue };
                    if let Some((i, _)) = fields.find(&name) {
                        columns[i][row] = Some(Cow::Borrowed(v));
                    }
                }
            }
            Some(other) => return Err(place.mismatch(row, describe(other))),
        }
    }
    let arrays = fields
        .iter()
        .zip(&columns)
        .map(|(f, c)| cells_to_array(c, f.data_type(), &format!("{}.{}", place.column, f.name())))
        .collect::<Result<Vec<_>>>()?;
    let nulls = valid.iter().any(|v| !v).then(|| NullBuffer::from(valid));
    Ok(Arc::new(StructArray::try_new(
        fields.clone(),
        arrays,
        nulls,
    )?))
}

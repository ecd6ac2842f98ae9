//! Schemas given by a Rust type: built from the description the runtime
//! gives of it ([`boring::ext::describe`]), which `#[derive(Boring)]` fills
//! in field by field.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, Schema};
use boring::ext::describe::{Description, Kind};
use boring::Encode;

use crate::error::{Error, Result};

/// Nested records deeper than this are refused: a recursive type (a record
/// holding `Option<Box<Self>>`) has no Arrow schema.
const MAX_NESTING: usize = 32;

/// The Arrow schema of a table whose rows are `T`: one field per encoded
/// field of the derived struct, named by its key as the table reader names
/// columns (a keyword key keeps its `:`, an integer key is its digits),
/// nullable for an `Option`.
///
/// The types are those a table of `T` is read back as: integers and floats
/// of their Rust width, text as `Utf8`, `#[boring(bytes)]` fields as
/// `Binary`, sequences as `List`, `[T; N]` as `FixedSizeList`, nested
/// derived structs as `Struct`.
///
/// ```
/// use arrow_schema::DataType;
/// use boring::Boring;
///
/// #[derive(Boring)]
/// struct Reading {
///     sensor: String,
///     value: f64,
///     position: [f32; 3],
///     note: Option<String>,
/// }
///
/// let schema = boring_arrow::schema_of::<Reading>()?;
/// assert_eq!(schema.field(1).data_type(), &DataType::Float64);
/// assert!(matches!(schema.field(2).data_type(), DataType::FixedSizeList(_, 3)));
/// assert!(schema.field(3).is_nullable());
/// # Ok::<(), boring_arrow::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Undescribed`] when `T` is not a struct written as a map, or a
/// field's type has no Arrow type here: a type that does not describe
/// itself (`Value`, an enum, a `with` field), a map, a 128-bit integer, a
/// record nested past 32 levels.
pub fn schema_of<T: Encode>() -> Result<Schema> {
    match T::describe().kind {
        Kind::Record(fields) => Ok(Schema::new(record_fields(&fields, "", 0)?)),
        _ => Err(Error::Undescribed {
            column: String::new(),
            what: "a type that is not a struct written as a map",
        }),
    }
}

fn record_fields(
    fields: &boring::ext::describe::Fields,
    parent: &str,
    depth: usize,
) -> Result<Fields> {
    (0..fields.len())
        .map(|i| {
            let name = match fields.int_key(i) {
                Some(k) => k.to_string(),
                None => fields.key_text(i).to_owned(),
            };
            let column = if parent.is_empty() {
                name.clone()
            } else {
                format!("{parent}.{name}")
            };
            let description = fields.describe(i);
            let data_type = data_type(description, &column, depth)?;
            Ok(Field::new(name, data_type, description.nullable))
        })
        .collect()
}

fn data_type(description: Description, column: &str, depth: usize) -> Result<DataType> {
    let undescribed = |what| Error::Undescribed {
        column: column.to_owned(),
        what,
    };
    let element = |describe: fn() -> Description| -> Result<Arc<Field>> {
        let inner = describe();
        let data_type = data_type(inner, column, depth)?;
        Ok(Arc::new(Field::new_list_field(data_type, true)))
    };
    Ok(match description.kind {
        Kind::Bool => DataType::Boolean,
        Kind::Int { signed, bits } => match (signed, bits) {
            (true, 8) => DataType::Int8,
            (true, 16) => DataType::Int16,
            (true, 32) => DataType::Int32,
            (true, 64) => DataType::Int64,
            (false, 8) => DataType::UInt8,
            (false, 16) => DataType::UInt16,
            (false, 32) => DataType::UInt32,
            (false, 64) => DataType::UInt64,
            _ => return Err(undescribed("an integer wider than 64 bits")),
        },
        Kind::Float { bits: 32 } => DataType::Float32,
        Kind::Float { .. } => DataType::Float64,
        Kind::Text => DataType::Utf8,
        Kind::Bytes => DataType::Binary,
        Kind::List(describe) => DataType::List(element(describe)?),
        Kind::Array(describe, n) => {
            let n = i32::try_from(n).map_err(|_| undescribed("an array too long for Arrow"))?;
            DataType::FixedSizeList(element(describe)?, n)
        }
        Kind::Record(fields) if depth < MAX_NESTING => {
            DataType::Struct(record_fields(&fields, column, depth + 1)?)
        }
        Kind::Record(_) => return Err(undescribed("a record nested too deep (recursive?)")),
        Kind::Map(..) => return Err(undescribed("a map")),
        _ => return Err(undescribed("a type that does not describe itself")),
    })
}

//! Conversion between boring tables and Apache Arrow record batches.
//!
//! **boring → Arrow.** A columnar table (tag 39653), a shaped table (tag
//! 39649) or an array of maps becomes a [`RecordBatch`] ([`read_table`],
//! [`Table`]): typed columns become primitive arrays, copied once in bulk
//! when the element type is the field's type (Arrow wants buffers aligned
//! to the element width, which a payload inside the input is not), else
//! converted element by element; text becomes string arrays (stringref
//! resolved: a table under a stringref namespace is decoded whole); byte
//! strings become binary arrays; `null`, and a key a row lacks, become
//! nulls; maps become struct arrays; arrays become list arrays; grids
//! (RFC 8746 tag 40) become fixed-size lists.
//!
//! **Arrow → boring.** A batch becomes a columnar table whose columns take
//! the layout the runtime's `Value` writer chooses ([`batch_to_value`],
//! [`write_table`]).
//!
//! **Schemas** are inferred from the data ([`Table::infer_schema`],
//! [`SchemaGuess`] to merge several tables), given, or built from a derived
//! Rust type ([`schema_of`], [`read_typed`]).
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{Array, Int64Array, RecordBatch, StringArray};
//! use arrow_schema::{DataType, Field, Schema};
//!
//! let schema = Arc::new(Schema::new(vec![
//!     Field::new("id", DataType::Int64, false),
//!     Field::new("name", DataType::Utf8, true),
//! ]));
//! let batch = RecordBatch::try_new(schema.clone(), vec![
//!     Arc::new(Int64Array::from(vec![1, 2, 300])),
//!     Arc::new(StringArray::from(vec![Some("a"), None, Some("c")])),
//! ])?;
//! let bytes = boring_arrow::write_table(&batch, &boring::Profile::Compact.into())?;
//! // Read back with the schema: the same batch.
//! assert_eq!(boring_arrow::read_table(&bytes, Some(schema))?, batch);
//! // Inferred: `id` takes the narrowest type of its values.
//! let inferred = boring_arrow::read_table(&bytes, None)?;
//! assert_eq!(inferred.schema().field(0).data_type(), &DataType::UInt16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cells;
mod error;
mod infer;
mod schema;
mod table;
mod typed;
mod write;

pub use arrow_array::RecordBatch;
pub use error::{Error, Result};
pub use infer::{key_name, Guess, SchemaGuess};
pub use schema::schema_of;
pub use table::Table;
pub use write::{batch_to_rows, batch_to_value, write_table};

use std::sync::Arc;

use arrow_schema::SchemaRef;

/// The table that is the first item of `item` as a batch: of `schema`
/// when given, else of the schema inferred from the table.
///
/// # Errors
///
/// [`Error::NotATable`] for an item that is no table; [`Error::Boring`] for
/// malformed bytes; [`Error::Mismatch`], [`Error::OutOfRange`] or
/// [`Error::RowCount`] for data that does not fit the schema.
pub fn read_table(item: &[u8], schema: Option<SchemaRef>) -> Result<RecordBatch> {
    let table = Table::open(item)?;
    let schema = match schema {
        Some(schema) => schema,
        None => Arc::new(table.infer_schema()?),
    };
    table.to_batch(&schema, None)
}

/// The table that is the first item of `item` as a batch of the schema of
/// `T` ([`schema_of`]), for a table written from `Vec<T>`.
///
/// # Errors
///
/// As [`schema_of`] and [`read_table`].
pub fn read_typed<T: boring::Encode>(item: &[u8]) -> Result<RecordBatch> {
    read_table(item, Some(Arc::new(schema_of::<T>()?)))
}

//! The error type of every conversion.

use arrow_schema::DataType;

/// Why a conversion between boring and Arrow failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bytes are not well-formed boring, or a table inside them breaks
    /// its tag's rules; the runtime's error carries the kind and the byte
    /// offset.
    #[error("boring: {0}")]
    Boring(#[from] boring::Error),
    /// Arrow refused to build an array or batch.
    #[error("arrow: {0}")]
    Arrow(#[from] arrow_schema::ArrowError),
    /// The item is neither a columnar table (39653), a shaped table
    /// (39649) nor an array of maps.
    #[error("not a table at byte {offset}: found {found}")]
    NotATable {
        /// Where the item starts.
        offset: usize,
        /// What the item is instead.
        found: &'static str,
    },
    /// A value does not have the type the schema gives its column.
    #[error("column `{column}`, row {row}: expected {expected}, found {found}")]
    Mismatch {
        /// The column, nested fields joined with `.`.
        column: String,
        /// The row (or element) index inside the column.
        row: usize,
        /// The column's Arrow type.
        expected: DataType,
        /// What the row holds.
        found: String,
    },
    /// A number does not fit the column's Arrow type.
    #[error("column `{column}`, row {row}: {value} does not fit {expected}")]
    OutOfRange {
        /// The column, nested fields joined with `.`.
        column: String,
        /// The row (or element) index inside the column.
        row: usize,
        /// The column's Arrow type.
        expected: DataType,
        /// The value, as text.
        value: String,
    },
    /// A column holds a different number of cells than the table has rows.
    #[error("column `{column}`: {found} cells for {expected} rows")]
    RowCount {
        /// The column.
        column: String,
        /// The table's row count.
        expected: usize,
        /// The column's cell count.
        found: usize,
    },
    /// Values of one column have types no single Arrow type holds.
    #[error("column `{column}`: cannot hold both {first} and {second}")]
    Inconsistent {
        /// The column, nested fields joined with `.`.
        column: String,
        /// The type inferred so far.
        first: DataType,
        /// The type of the value that does not fit it.
        second: DataType,
    },
    /// An Arrow type this crate does not convert.
    #[error("column `{column}`: Arrow type {data_type} is not supported")]
    Unsupported {
        /// The column.
        column: String,
        /// Its type.
        data_type: DataType,
    },
    /// A Rust type, or one of its fields, has no Arrow type here
    /// ([`schema_of`](crate::schema_of)).
    #[error("field `{column}`: no Arrow type for {what}")]
    Undescribed {
        /// The field, nested fields joined with `.` (empty for the type
        /// itself).
        column: String,
        /// What it is.
        what: &'static str,
    },
    /// A key of a table is not a text, identifier or integer key, so it
    /// names no Arrow field.
    #[error("key at byte {offset} is not text, an identifier or an integer")]
    BadKey {
        /// Where the key array starts.
        offset: usize,
    },
}

impl Error {
    /// The byte offset in the input, where the error has one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            Error::Boring(e) => e.offset(),
            Error::NotATable { offset, .. } | Error::BadKey { offset } => Some(*offset),
            _ => None,
        }
    }
}

/// The result of a conversion.
pub type Result<T, E = Error> = core::result::Result<T, E>;

//! Schemas given by a Rust type.

use arrow_schema::Schema;

/// A type whose values are rows of a table with a known Arrow schema.
///
/// The derive's shape description (`#[derive(Boring)]`) names a type's
/// fields and keys but not their types, so this is implemented by hand:
///
/// ```
/// use arrow_schema::{DataType, Field, Schema};
/// use boring_arrow::ArrowSchema;
///
/// struct Reading { sensor: String, value: f64 }
///
/// impl ArrowSchema for Reading {
///     fn arrow_schema() -> Schema {
///         Schema::new(vec![
///             Field::new("sensor", DataType::Utf8, false),
///             Field::new("value", DataType::Float64, false),
///         ])
///     }
/// }
/// assert_eq!(Reading::arrow_schema().fields().len(), 2);
/// ```
pub trait ArrowSchema {
    /// The schema of a table of these rows: one field per encoded field,
    /// named by its key.
    fn arrow_schema() -> Schema;
}

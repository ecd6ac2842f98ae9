//! How a table of boring files is read.

use datafusion::arrow::datatypes::SchemaRef;

/// Options for [`register_boring`](crate::BoringContextExt::register_boring)
/// and [`BoringTable::try_new`](crate::BoringTable::try_new).
#[derive(Debug, Clone)]
pub struct BoringReadOptions {
    /// Only files whose name ends with this are read from a directory
    /// (`None`: every file whose name does not start with a dot). A path
    /// naming a file is read whatever its name.
    pub extension: Option<String>,
    /// The table's schema; `None` infers it from the data (the first table
    /// item of each file, or its first records, merged across files).
    pub schema: Option<SchemaRef>,
    /// How many records (items that are maps, not tables) make one batch.
    pub batch_rows: usize,
    /// How many records per file schema inference looks at.
    pub infer_records: usize,
    /// The most bytes a sealed file (a `boring-codec` header in front) may
    /// decode to.
    pub max_decoded_bytes: u64,
}

impl Default for BoringReadOptions {
    fn default() -> Self {
        BoringReadOptions {
            extension: None,
            schema: None,
            batch_rows: 8192,
            infer_records: 1000,
            max_decoded_bytes: 4 << 30,
        }
    }
}

impl BoringReadOptions {
    /// Read only files ending with `extension` from directories.
    #[must_use]
    pub fn extension(mut self, extension: impl Into<String>) -> Self {
        self.extension = Some(extension.into());
        self
    }

    /// Use `schema` instead of inferring one.
    #[must_use]
    pub fn schema(mut self, schema: SchemaRef) -> Self {
        self.schema = Some(schema);
        self
    }
}

//! Registering boring files with a session.

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use datafusion::error::Result;
use datafusion::execution::context::SessionContext;

use crate::options::BoringReadOptions;
use crate::provider::BoringTable;

/// Adds [`register_boring`](BoringContextExt::register_boring) to a
/// [`SessionContext`].
#[async_trait]
pub trait BoringContextExt {
    /// Registers the boring files at `path` (a file or a directory) as
    /// table `name`, and returns the table (for its metrics).
    ///
    /// # Errors
    ///
    /// A [`ReadError`](crate::ReadError) for files that cannot be read, or
    /// DataFusion's error for a name already taken.
    async fn register_boring(
        &self,
        name: &str,
        path: impl AsRef<Path> + Send,
        options: BoringReadOptions,
    ) -> Result<Arc<BoringTable>>;
}

#[async_trait]
impl BoringContextExt for SessionContext {
    async fn register_boring(
        &self,
        name: &str,
        path: impl AsRef<Path> + Send,
        options: BoringReadOptions,
    ) -> Result<Arc<BoringTable>> {
        let path = path.as_ref().to_owned();
        // Walking the files is blocking work.
        let table = Arc::new(BoringTable::try_new(&path, options)?);
        self.register_table(name, table.clone())?;
        Ok(table)
    }
}

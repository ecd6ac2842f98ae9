//! SQL over boring files with DataFusion.
//!
//! A table is a file or a directory of files, each a CBOR sequence
//! (RFC 8742) whose items are tables (columnar 39653, shaped 39649, or
//! arrays of maps) or records (maps), plain or sealed by `boring-codec` (a
//! codec header in front). [`BoringTable`] is a DataFusion
//! `TableProvider`:
//!
//! - **projection pushdown**: only the columns a query uses are converted;
//!   in a columnar table the others are skipped over by the navigation
//!   cursor, never decoded ([`ScanMetrics`] counts what was);
//! - **limit pushdown**: a scan stops once it has the rows asked for;
//! - **statistics**: exact row counts from the tables' heads, so
//!   `COUNT(*)` needs no scan;
//! - **partitions**: runs of items, grouped into up to the session's
//!   target partitions, so DataFusion's parallelism applies within one
//!   file too;
//! - **distributed plans**: with the `proto` feature, `BoringExecCodec`
//!   serialises a scan for `datafusion-proto` (Ballista's executors).
//!
//! ```no_run
//! use boring_datafusion::{BoringContextExt, BoringReadOptions};
//! use datafusion::prelude::SessionContext;
//!
//! # async fn run() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! ctx.register_boring("logs", "data/logs/", BoringReadOptions::default()).await?;
//! let df = ctx.sql("SELECT status, COUNT(*) FROM logs GROUP BY status").await?;
//! df.show().await?;
//! # Ok(())
//! # }
//! ```

#[cfg(feature = "proto")]
mod codec;
mod context;
mod error;
mod exec;
mod metrics;
mod options;
mod provider;
mod scan;
mod source;

#[cfg(feature = "proto")]
pub use codec::BoringExecCodec;
pub use context::BoringContextExt;
pub use error::ReadError;
pub use exec::BoringExec;
pub use metrics::{ScanCounts, ScanMetrics};
pub use options::BoringReadOptions;
pub use provider::BoringTable;

//! The table: its files walked once, its schema inferred or given, and
//! scans planned over runs of items.

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use boring_arrow::SchemaGuess;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::catalog::{Session, TableProvider};
use datafusion::error::Result;
use datafusion::logical_expr::{Expr, TableType};
use datafusion::physical_plan::ExecutionPlan;

use crate::error::ReadError;
use crate::exec::BoringExec;
use crate::metrics::ScanMetrics;
use crate::options::BoringReadOptions;
use crate::scan::Run;
use crate::source::{list, load, scan, FileMeta};

/// A table of boring files: a file or a directory of them, each a CBOR
/// sequence (RFC 8742) of tables and records, plain or sealed by
/// `boring-codec`.
///
/// The files are walked once, when the table is made: item boundaries and
/// row counts (from the tables' heads) are kept for planning and
/// statistics; a file that changes afterwards is refused when scanned.
#[derive(Debug)]
pub struct BoringTable {
    files: Arc<Vec<FileMeta>>,
    schema: SchemaRef,
    options: BoringReadOptions,
    metrics: Arc<ScanMetrics>,
}

impl BoringTable {
    /// The table of the files at `path`.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] for a file that cannot be read or walked, or whose
    /// columns have no common schema.
    pub fn try_new(path: impl AsRef<Path>, options: BoringReadOptions) -> Result<BoringTable> {
        let path = path.as_ref();
        let mut files = Vec::new();
        let mut guess = SchemaGuess::new();
        for file in list(path, &options)? {
            let (data, sealed) = load(&file, &options)?;
            let (meta, file_guess) = scan(&file, &data, sealed, &options)?;
            guess
                .merge(file_guess)
                .map_err(|source| ReadError::Convert {
                    path: file.clone(),
                    offset: 0,
                    source,
                })?;
            files.push(meta);
        }
        let schema = match &options.schema {
            Some(schema) => schema.clone(),
            None => Arc::new(guess.to_schema().map_err(|source| ReadError::Convert {
                path: path.to_owned(),
                offset: 0,
                source,
            })?),
        };
        Ok(BoringTable {
            files: Arc::new(files),
            schema,
            options,
            metrics: Arc::default(),
        })
    }

    /// What this table's scans have decoded so far.
    pub fn metrics(&self) -> &Arc<ScanMetrics> {
        &self.metrics
    }

    /// The total row count, from the tables' heads.
    pub fn rows(&self) -> usize {
        self.files.iter().map(FileMeta::rows).sum()
    }

    /// Runs of items grouped into at most `target` partitions of about equal
    /// rows: a plain file's items are split into runs, a sealed file is one
    /// run (it is decoded whole).
    fn partitions(&self, target: usize) -> Vec<Vec<Run>> {
        let target = target.max(1);
        let total: usize = self.files.iter().map(FileMeta::rows).sum::<usize>().max(1);
        let mut runs = Vec::new();
        for (index, file) in self.files.iter().enumerate() {
            if file.items.is_empty() {
                continue;
            }
            let pieces = if file.sealed {
                1
            } else {
                (target * file.rows())
                    .div_ceil(total)
                    .clamp(1, file.items.len())
            };
            let per_piece = file.rows().div_ceil(pieces).max(1);
            let mut first = 0;
            let mut rows = 0;
            for (i, item) in file.items.iter().enumerate() {
                rows += item.rows;
                if rows >= per_piece || i + 1 == file.items.len() {
                    runs.push((
                        rows,
                        Run {
                            file: index,
                            first,
                            last: i,
                        },
                    ));
                    first = i + 1;
                    rows = 0;
                }
            }
        }
        // Largest runs first, each to the least loaded partition.
        let count = runs.len().min(target);
        let mut partitions: Vec<(usize, Vec<Run>)> = vec![(0, Vec::new()); count];
        runs.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (rows, run) in runs {
            if let Some(p) = partitions.iter_mut().min_by_key(|p| p.0) {
                p.0 += rows;
                p.1.push(run);
            }
        }
        partitions
            .into_iter()
            .map(|(_, mut runs)| {
                runs.sort_by_key(|r| (r.file, r.first));
                runs
            })
            .collect()
    }
}

#[async_trait]
impl TableProvider for BoringTable {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    fn table_type(&self) -> TableType {
        TableType::Base
    }

    async fn scan(
        &self,
        state: &dyn Session,
        projection: Option<&Vec<usize>>,
        _filters: &[Expr],
        limit: Option<usize>,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        let partitions = self.partitions(state.config().target_partitions());
        let exec = BoringExec::new(
            self.files.clone(),
            partitions,
            self.schema.clone(),
            projection.cloned(),
            limit,
            self.options.clone(),
            self.metrics.clone(),
        )?;
        Ok(Arc::new(exec))
    }
}

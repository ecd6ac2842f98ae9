//! One partition's scan: its runs of items, read in order into batches of
//! the projected columns, stopping at the limit.

use std::sync::Arc;

use boring::nav::Cursor;
use boring::Value;
use boring_arrow::Table;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::error::Result;

use crate::error::ReadError;
use crate::metrics::ScanMetrics;
use crate::options::BoringReadOptions;
use crate::source::{read_columns, read_items, FileMeta};

/// Items `first..=last` of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) file: usize,
    pub(crate) first: usize,
    pub(crate) last: usize,
}

/// What one partition reads.
pub(crate) struct PartitionScan {
    pub(crate) files: Arc<Vec<FileMeta>>,
    pub(crate) runs: Vec<Run>,
    /// The table's full schema, and the columns wanted from it.
    pub(crate) schema: SchemaRef,
    pub(crate) projection: Option<Vec<usize>>,
    pub(crate) limit: Option<usize>,
    pub(crate) options: BoringReadOptions,
    pub(crate) metrics: Arc<ScanMetrics>,
}

impl PartitionScan {
    /// Every batch of the partition, in order (a run is read when reached).
    pub(crate) fn batches(self) -> impl Iterator<Item = Result<RecordBatch>> + Send {
        let mut left = self.limit.unwrap_or(usize::MAX);
        let mut runs = self.runs.clone().into_iter();
        let mut pending: std::vec::IntoIter<RecordBatch> = Vec::new().into_iter();
        let mut failed = false;
        std::iter::from_fn(move || loop {
            if left == 0 || failed {
                return None;
            }
            if let Some(batch) = pending.next() {
                let batch = if batch.num_rows() > left {
                    batch.slice(0, left)
                } else {
                    batch
                };
                left -= batch.num_rows();
                return Some(Ok(batch));
            }
            let run = runs.next()?;
            match self.read_run(run, left) {
                Ok(batches) => pending = batches.into_iter(),
                Err(e) => {
                    failed = true;
                    return Some(Err(e));
                }
            }
        })
    }

    /// The batches of one run: a batch per table, and a batch per group of
    /// consecutive records; no more rows than `left` (whole items).
    fn read_run(&self, run: Run, left: usize) -> Result<Vec<RecordBatch>> {
        let file = &self.files[run.file];
        let items = &file.items[run.first..=run.last];
        if self.projection.is_some() && !file.sealed && items.iter().all(|i| i.columns.is_some()) {
            return self.read_tables(run, left);
        }
        let (data, base) = read_items(file, run.first, run.last, &self.options)?;
        let mut out = Vec::new();
        let mut records: Vec<Value> = Vec::new();
        let mut produced = 0usize;
        for item in &file.items[run.first..=run.last] {
            if produced >= left {
                break;
            }
            let offset = item.start;
            let bytes = &data[(item.start - base) as usize..(item.end - base) as usize];
            let convert = |source| ReadError::Convert {
                path: file.path.clone(),
                offset,
                source,
            };
            if !item.table {
                let value = Cursor::new(bytes)
                    .and_then(|c| c.to_value())
                    .map_err(|source| ReadError::Item {
                        path: file.path.clone(),
                        offset,
                        source,
                    })?;
                records.push(value);
                produced += 1;
                if records.len() >= self.options.batch_rows {
                    out.push(self.records(&mut records).map_err(convert)?);
                }
                continue;
            }
            if !records.is_empty() {
                out.push(self.records(&mut records).map_err(convert)?);
            }
            let table = match &item.columns {
                Some(starts) => Table::open_at(bytes, starts),
                None => Table::open(bytes),
            }
            .map_err(convert)?;
            let batch = self.table_batch(&table).map_err(convert)?;
            produced += batch.num_rows();
            out.push(batch);
        }
        if !records.is_empty() {
            let offset = file.items[run.last].start;
            out.push(
                self.records(&mut records)
                    .map_err(|source| ReadError::Convert {
                        path: file.path.clone(),
                        offset,
                        source,
                    })?,
            );
        }
        Ok(out)
    }

    /// The batches of a run of columnar tables in a plain file, each table
    /// read column by column: its head and the projected columns only.
    fn read_tables(&self, run: Run, left: usize) -> Result<Vec<RecordBatch>> {
        let file = &self.files[run.file];
        let names = self.projected_names();
        let mut out = Vec::new();
        let mut produced = 0usize;
        for item in &file.items[run.first..=run.last] {
            let Some(starts) = item.columns.as_deref() else {
                continue;
            };
            if produced >= left {
                break;
            }
            let convert = |source| ReadError::Convert {
                path: file.path.clone(),
                offset: item.start,
                source,
            };
            let bytes = read_columns(file, item, starts, |key| names.contains(&key))?;
            let table = Table::open_at(&bytes, starts).map_err(convert)?;
            let batch = self.table_batch(&table).map_err(convert)?;
            produced += batch.num_rows();
            out.push(batch);
        }
        Ok(out)
    }

    /// One table item's batch of the projected columns, counted in the
    /// metrics.
    fn table_batch(&self, table: &Table<'_>) -> boring_arrow::Result<RecordBatch> {
        let batch = table.to_batch(&self.schema, self.projection.as_deref())?;
        let (columns, column_bytes) = self.touched(table);
        self.metrics
            .add(1, batch.num_rows() as u64, columns, column_bytes);
        Ok(batch)
    }

    /// The names of the columns the scan converts.
    fn projected_names(&self) -> Vec<&str> {
        match &self.projection {
            Some(p) => p
                .iter()
                .map(|&i| self.schema.field(i).name().as_str())
                .collect(),
            None => self
                .schema
                .fields()
                .iter()
                .map(|f| f.name().as_str())
                .collect(),
        }
    }

    /// A batch of the records gathered so far.
    fn records(&self, records: &mut Vec<Value>) -> boring_arrow::Result<RecordBatch> {
        let n = records.len() as u64;
        let rows = Value::Array(std::mem::take(records).into());
        let table = Table::from_value(rows)?;
        let batch = table.to_batch(&self.schema, self.projection.as_deref())?;
        self.metrics.add(n, n, batch.num_columns() as u64, 0);
        Ok(batch)
    }

    /// How many columns of `table` the projection converts, and their
    /// encoded bytes.
    fn touched(&self, table: &Table<'_>) -> (u64, u64) {
        let names = self.projected_names();
        let mut columns = 0;
        let mut bytes = 0;
        for (i, key) in table.keys().iter().enumerate() {
            if names.contains(&key.as_str()) {
                columns += 1;
                bytes += table.column_bytes(i).unwrap_or(0) as u64;
            }
        }
        (columns, bytes)
    }
}

//! The physical scan: one partition per run group, statistics from the
//! tables' heads, limit pushed in.

use std::fmt;
use std::sync::Arc;

use datafusion::arrow::datatypes::SchemaRef;
use datafusion::common::stats::Precision;
use datafusion::common::tree_node::TreeNodeRecursion;
use datafusion::common::Statistics;
use datafusion::error::Result;
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_expr::{EquivalenceProperties, PhysicalExpr};
use datafusion::physical_plan::execution_plan::{Boundedness, EmissionType};
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::{
    ChildrenPropertiesMode, DisplayAs, DisplayFormatType, ExecutionPlan, Partitioning,
    PlanProperties, ReplaceChildrenOptions,
};

use crate::metrics::ScanMetrics;
use crate::options::BoringReadOptions;
use crate::scan::{PartitionScan, Run};
use crate::source::FileMeta;

/// The parts of a [`BoringExec`] that describe it.
#[cfg(feature = "proto")]
pub(crate) struct Parts<'a> {
    pub(crate) files: &'a [FileMeta],
    pub(crate) partitions: &'a [Vec<Run>],
    pub(crate) schema: &'a SchemaRef,
    pub(crate) projection: Option<&'a [usize]>,
    pub(crate) limit: Option<usize>,
    pub(crate) options: &'a BoringReadOptions,
}

/// Scans boring files into record batches.
#[derive(Debug, Clone)]
pub struct BoringExec {
    files: Arc<Vec<FileMeta>>,
    partitions: Vec<Vec<Run>>,
    schema: SchemaRef,
    projection: Option<Vec<usize>>,
    projected: SchemaRef,
    limit: Option<usize>,
    options: BoringReadOptions,
    metrics: Arc<ScanMetrics>,
    properties: Arc<PlanProperties>,
}

impl BoringExec {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        files: Arc<Vec<FileMeta>>,
        partitions: Vec<Vec<Run>>,
        schema: SchemaRef,
        projection: Option<Vec<usize>>,
        limit: Option<usize>,
        options: BoringReadOptions,
        metrics: Arc<ScanMetrics>,
    ) -> Result<BoringExec> {
        let projected = match &projection {
            Some(p) => Arc::new(schema.project(p)?),
            None => schema.clone(),
        };
        let properties = PlanProperties::new(
            EquivalenceProperties::new(projected.clone()),
            Partitioning::UnknownPartitioning(partitions.len().max(1)),
            EmissionType::Incremental,
            Boundedness::Bounded,
        );
        Ok(BoringExec {
            files,
            partitions,
            schema,
            projection,
            projected,
            limit,
            options,
            metrics,
            properties: Arc::new(properties),
        })
    }

    /// What the scan is made of, for [`BoringExecCodec`](crate::BoringExecCodec).
    #[cfg(feature = "proto")]
    pub(crate) fn parts(&self) -> Parts<'_> {
        Parts {
            files: &self.files,
            partitions: &self.partitions,
            schema: &self.schema,
            projection: self.projection.as_deref(),
            limit: self.limit,
            options: &self.options,
        }
    }

    /// The rows of one partition (all of them for `None`), as the tables'
    /// heads say, capped by the limit.
    fn rows(&self, partition: Option<usize>) -> usize {
        let runs: Vec<&Run> = match partition {
            Some(p) => self.partitions.get(p).into_iter().flatten().collect(),
            None => self.partitions.iter().flatten().collect(),
        };
        let rows: usize = runs
            .iter()
            .map(|r| {
                self.files[r.file].items[r.first..=r.last]
                    .iter()
                    .map(|i| i.rows)
                    .sum::<usize>()
            })
            .sum();
        self.limit.map_or(rows, |l| rows.min(l))
    }

    /// How many partitions the scan has.
    pub fn partition_count(&self) -> usize {
        self.partitions.len().max(1)
    }
}

impl DisplayAs for BoringExec {
    fn fmt_as(&self, _t: DisplayFormatType, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BoringExec: files={}, partitions={}, columns={}",
            self.files.len(),
            self.partition_count(),
            self.projected.fields().len()
        )?;
        if let Some(limit) = self.limit {
            write!(f, ", limit={limit}")?;
        }
        Ok(())
    }
}

impl ExecutionPlan for BoringExec {
    fn name(&self) -> &str {
        "BoringExec"
    }

    fn properties(&self) -> &Arc<PlanProperties> {
        &self.properties
    }

    fn children(&self) -> Vec<&Arc<dyn ExecutionPlan>> {
        Vec::new()
    }

    fn apply_expressions(
        &self,
        _f: &mut dyn FnMut(&Arc<dyn PhysicalExpr>) -> Result<TreeNodeRecursion>,
    ) -> Result<TreeNodeRecursion> {
        Ok(TreeNodeRecursion::Continue)
    }

    fn replace_children(
        self: Arc<Self>,
        _children: Vec<Arc<dyn ExecutionPlan>>,
        _options: ReplaceChildrenOptions,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        Ok(self)
    }

    fn with_new_children(
        self: Arc<Self>,
        children: Vec<Arc<dyn ExecutionPlan>>,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        self.replace_children(
            children,
            ReplaceChildrenOptions::new(ChildrenPropertiesMode::Recompute),
        )
    }

    fn execute(
        &self,
        partition: usize,
        _context: Arc<TaskContext>,
    ) -> Result<SendableRecordBatchStream> {
        let scan = PartitionScan {
            files: self.files.clone(),
            runs: self.partitions.get(partition).cloned().unwrap_or_default(),
            schema: self.schema.clone(),
            projection: self.projection.clone(),
            limit: self.limit,
            options: self.options.clone(),
            metrics: self.metrics.clone(),
        };
        let stream = futures::stream::iter(scan.batches());
        Ok(Box::pin(RecordBatchStreamAdapter::new(
            self.projected.clone(),
            stream,
        )))
    }

    #[allow(deprecated)]
    fn partition_statistics(&self, partition: Option<usize>) -> Result<Arc<Statistics>> {
        let bytes: u64 = match partition {
            Some(_) => 0,
            None => self.files.iter().map(|f| f.len).sum(),
        };
        let mut stats = Statistics::new_unknown(&self.projected)
            .with_num_rows(Precision::Exact(self.rows(partition)));
        if bytes > 0 {
            stats = stats.with_total_byte_size(Precision::Inexact(bytes as usize));
        }
        Ok(Arc::new(stats))
    }

    fn supports_limit_pushdown(&self) -> bool {
        true
    }

    fn with_fetch(&self, limit: Option<usize>) -> Option<Arc<dyn ExecutionPlan>> {
        let mut exec = self.clone();
        exec.limit = match (self.limit, limit) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Some(Arc::new(exec))
    }

    fn fetch(&self) -> Option<usize> {
        self.limit
    }
}

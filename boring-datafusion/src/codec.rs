//! A boring scan serialised for another process: the `PhysicalExtensionCodec`
//! that distributed executors (Ballista's) use to rebuild a [`BoringExec`]
//! from a plan shipped to them.
//!
//! The scan travels as one CBOR item written by the derive: the files as
//! they were at registration (path, length, modification time, item
//! boundaries, row counts, column starts), the runs of each partition, the
//! projection, the limit and the read options; the Arrow schema inside it
//! as DataFusion's protobuf form. An executor reads the same paths, so it
//! needs the files at the same place, and refuses one that has changed
//! since, as a local scan does.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use boring::Boring;
use datafusion::arrow::datatypes::Schema;
use datafusion::common::{exec_datafusion_err, internal_err};
use datafusion::error::Result;
use datafusion::execution::TaskContext;
use datafusion::physical_plan::ExecutionPlan;
use datafusion_proto::physical_plan::{PhysicalExtensionCodec, PhysicalProtoConverterExtension};
use datafusion_proto::protobuf;
use prost::Message;

use crate::exec::BoringExec;
use crate::metrics::ScanMetrics;
use crate::options::BoringReadOptions;
use crate::scan::Run;
use crate::source::{FileMeta, ItemMeta};

/// Encodes and decodes [`BoringExec`] nodes of a physical plan, for
/// `datafusion_proto::bytes::physical_plan_to_bytes_with_extension_codec`
/// and Ballista's executors. Any other node is refused (compose it with
/// other codecs for plans that hold more extension nodes).
///
/// A scan is rebuilt with fresh [`ScanMetrics`]: what an executor reads is
/// counted there, not in the table it was planned from.
#[derive(Debug, Default, Clone, Copy)]
pub struct BoringExecCodec;

impl PhysicalExtensionCodec for BoringExecCodec {
    fn try_decode(
        &self,
        buf: &[u8],
        inputs: &[Arc<dyn ExecutionPlan>],
        _ctx: &TaskContext,
        _proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        if !inputs.is_empty() {
            return internal_err!("a boring scan has no inputs, got {}", inputs.len());
        }
        let spec: ExecSpec = boring::from_slice(buf)
            .map_err(|e| exec_datafusion_err!("a serialised boring scan: {e}"))?;
        Ok(Arc::new(spec.into_exec()?))
    }

    fn try_encode(
        &self,
        node: Arc<dyn ExecutionPlan>,
        buf: &mut Vec<u8>,
        _proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<()> {
        let Some(exec) = node.downcast_ref::<BoringExec>() else {
            return internal_err!("BoringExecCodec encodes BoringExec, not {}", node.name());
        };
        let spec = ExecSpec::of(exec)?;
        boring::to_writer(&mut *buf, &spec)
            .map_err(|e| exec_datafusion_err!("serialising a boring scan: {e}"))?;
        Ok(())
    }
}

/// A [`BoringExec`] as it travels.
#[derive(Debug, Boring)]
struct ExecSpec {
    files: Vec<FileSpec>,
    partitions: Vec<Vec<RunSpec>>,
    /// DataFusion's protobuf form of the Arrow schema.
    #[boring(bytes)]
    schema: Vec<u8>,
    projection: Option<Vec<u64>>,
    limit: Option<u64>,
    options: OptionsSpec,
}

#[derive(Debug, Boring)]
struct FileSpec {
    path: String,
    len: u64,
    /// Seconds and nanoseconds since the Unix epoch.
    modified: Option<(u64, u32)>,
    sealed: bool,
    items: Vec<ItemSpec>,
}

#[derive(Debug, Boring)]
struct ItemSpec {
    start: u64,
    end: u64,
    rows: u64,
    table: bool,
    columns: Option<Vec<u64>>,
}

#[derive(Debug, Boring)]
struct RunSpec {
    file: u64,
    first: u64,
    last: u64,
}

#[derive(Debug, Boring)]
struct OptionsSpec {
    extension: Option<String>,
    /// The options named the schema rather than inferring it.
    given_schema: bool,
    batch_rows: u64,
    infer_records: u64,
    max_decoded_bytes: u64,
}

impl ExecSpec {
    fn of(exec: &BoringExec) -> Result<ExecSpec> {
        let parts = exec.parts();
        let schema = protobuf::Schema::try_from(parts.schema.as_ref())
            .map_err(|e| exec_datafusion_err!("serialising a boring scan's schema: {e}"))?
            .encode_to_vec();
        Ok(ExecSpec {
            files: parts
                .files
                .iter()
                .map(FileSpec::of)
                .collect::<Result<_>>()?,
            partitions: parts
                .partitions
                .iter()
                .map(|runs| runs.iter().map(RunSpec::of).collect())
                .collect(),
            schema,
            projection: parts
                .projection
                .map(|p| p.iter().map(|&i| i as u64).collect()),
            limit: parts.limit.map(|n| n as u64),
            options: OptionsSpec {
                extension: parts.options.extension.clone(),
                given_schema: parts.options.schema.is_some(),
                batch_rows: parts.options.batch_rows as u64,
                infer_records: parts.options.infer_records as u64,
                max_decoded_bytes: parts.options.max_decoded_bytes,
            },
        })
    }

    fn into_exec(self) -> Result<BoringExec> {
        let schema = protobuf::Schema::decode(self.schema.as_slice())
            .map_err(|e| exec_datafusion_err!("a serialised boring scan's schema: {e}"))?;
        let schema = Arc::new(
            Schema::try_from(&schema)
                .map_err(|e| exec_datafusion_err!("a serialised boring scan's schema: {e}"))?,
        );
        let files: Vec<FileMeta> = self
            .files
            .into_iter()
            .map(FileSpec::into_meta)
            .collect::<Result<_>>()?;
        let partitions: Vec<Vec<Run>> = self
            .partitions
            .into_iter()
            .map(|runs| runs.into_iter().map(|r| r.into_run(&files)).collect())
            .collect::<Result<_>>()?;
        let options = BoringReadOptions {
            extension: self.options.extension,
            schema: self.options.given_schema.then(|| schema.clone()),
            batch_rows: index(self.options.batch_rows)?,
            infer_records: index(self.options.infer_records)?,
            max_decoded_bytes: self.options.max_decoded_bytes,
        };
        let projection = self
            .projection
            .map(|p| p.into_iter().map(index).collect::<Result<Vec<_>>>())
            .transpose()?;
        let limit = self.limit.map(index).transpose()?;
        BoringExec::new(
            Arc::new(files),
            partitions,
            schema,
            projection,
            limit,
            options,
            Arc::new(ScanMetrics::default()),
        )
    }
}

impl FileSpec {
    fn of(file: &FileMeta) -> Result<FileSpec> {
        let path = file
            .path
            .to_str()
            .ok_or_else(|| exec_datafusion_err!("a path that is not UTF-8: {:?}", file.path))?
            .to_owned();
        let modified = file
            .modified
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map(|d| (d.as_secs(), d.subsec_nanos()));
        Ok(FileSpec {
            path,
            len: file.len,
            modified,
            sealed: file.sealed,
            items: file
                .items
                .iter()
                .map(|item| ItemSpec {
                    start: item.start,
                    end: item.end,
                    rows: item.rows as u64,
                    table: item.table,
                    columns: item
                        .columns
                        .as_ref()
                        .map(|c| c.iter().map(|&s| s as u64).collect()),
                })
                .collect(),
        })
    }

    fn into_meta(self) -> Result<FileMeta> {
        let items = self
            .items
            .into_iter()
            .map(|item| {
                // A sealed file's items are offsets in its decoded bytes,
                // which may be longer than the file.
                if item.start > item.end || (!self.sealed && item.end > self.len) {
                    return Err(exec_datafusion_err!(
                        "a serialised boring scan: item {}..{} outside a file of {} bytes",
                        item.start,
                        item.end,
                        self.len
                    ));
                }
                Ok(ItemMeta {
                    start: item.start,
                    end: item.end,
                    rows: index(item.rows)?,
                    table: item.table,
                    columns: item
                        .columns
                        .map(|c| c.into_iter().map(index).collect::<Result<Box<[_]>>>())
                        .transpose()?,
                })
            })
            .collect::<Result<_>>()?;
        Ok(FileMeta {
            path: PathBuf::from(self.path),
            len: self.len,
            modified: self.modified.map(|(s, n)| UNIX_EPOCH + Duration::new(s, n)),
            sealed: self.sealed,
            items,
        })
    }
}

impl RunSpec {
    fn of(run: &Run) -> RunSpec {
        RunSpec {
            file: run.file as u64,
            first: run.first as u64,
            last: run.last as u64,
        }
    }

    /// The run, checked against the files it reads.
    fn into_run(self, files: &[FileMeta]) -> Result<Run> {
        let run = Run {
            file: index(self.file)?,
            first: index(self.first)?,
            last: index(self.last)?,
        };
        let items = files.get(run.file).map_or(0, |f| f.items.len());
        if run.first > run.last || run.last >= items {
            return Err(exec_datafusion_err!(
                "a serialised boring scan: run {}..={} of file {} outside its {items} items",
                run.first,
                run.last,
                run.file
            ));
        }
        Ok(run)
    }
}

/// A count or position from the wire, as a `usize`.
fn index(n: u64) -> Result<usize> {
    usize::try_from(n).map_err(|_| exec_datafusion_err!("a serialised boring scan: {n} too large"))
}

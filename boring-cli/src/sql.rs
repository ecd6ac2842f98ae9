//! The `sql` feature: SQL over boring (and Parquet) files with DataFusion,
//! and conversion between boring sequences and Parquet.
//!
//! - `boring sql 'SELECT …' FILE|DIR…` registers each input as a table
//!   named after its file stem (a directory after its name; a `.parquet`
//!   file is read as Parquet) and prints the result as a table, or with
//!   `--json` as one JSON array of row objects.
//! - `boring to-parquet FILE|DIR… -o OUT.parquet` writes the rows of boring
//!   files as Parquet.
//! - `boring from-parquet FILE.parquet` writes a Parquet file's row groups
//!   as a sequence of columnar tables (Compact profile, sealed with an
//!   index frame).
//!
//! Failures of the query engine or of Parquet are reported as the failure
//! to produce the output they name, with status 1.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use boring::seq::SeqWriter;
use boring::{Options, Profile, Value};
use boring_datafusion::{BoringContextExt, BoringReadOptions};
use clap::{Args, Subcommand};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use crate::args::OutputArgs;
use crate::failure::Failure;
use crate::output::{destination, Destination};

/// The commands of the `sql` feature.
#[derive(Debug, Subcommand)]
pub(crate) enum SqlCommand {
    /// A SQL query over boring (or Parquet) files, each input a table
    /// named after its file stem
    Sql(SqlArgs),
    /// The rows of boring files as one Parquet file
    ToParquet(ToParquetArgs),
    /// A Parquet file as a sequence of columnar tables, one per row group
    FromParquet(FromParquetArgs),
}

/// `boring sql`.
#[derive(Debug, Args)]
pub(crate) struct SqlArgs {
    /// Print one JSON array of row objects instead of a table
    #[arg(long)]
    pub(crate) json: bool,
    /// The query, e.g. 'SELECT status, COUNT(*) FROM logs GROUP BY status'
    #[arg(value_name = "SQL")]
    pub(crate) query: String,
    /// The tables: boring files, directories of them, or .parquet files
    #[arg(value_name = "FILE|DIR", required = true)]
    pub(crate) inputs: Vec<PathBuf>,
}

/// `boring to-parquet`.
#[derive(Debug, Args)]
pub(crate) struct ToParquetArgs {
    /// Compress the columns with zstd (level 3) instead of leaving them
    /// uncompressed
    #[arg(long)]
    pub(crate) zstd: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    /// The boring files or directories, read as one table
    #[arg(value_name = "FILE|DIR", required = true)]
    pub(crate) inputs: Vec<PathBuf>,
}

/// `boring from-parquet`.
#[derive(Debug, Args)]
pub(crate) struct FromParquetArgs {
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    /// The Parquet file
    #[arg(value_name = "FILE")]
    pub(crate) input: PathBuf,
}

/// Runs one command of the feature.
pub(crate) fn run(command: &SqlCommand) -> Result<(), Failure> {
    match command {
        SqlCommand::Sql(args) => sql(args),
        SqlCommand::ToParquet(args) => to_parquet(args),
        SqlCommand::FromParquet(args) => from_parquet(args),
    }
}

/// A failure of the engine or of a conversion, named by what it was
/// producing.
fn failed(target: &str, error: impl std::fmt::Display) -> Failure {
    Failure::Write {
        target: target.to_owned(),
        error: io::Error::other(error.to_string()),
    }
}

/// The table name an input stands for: its file stem.
fn table_name(path: &Path) -> String {
    path.file_stem()
        .or_else(|| path.file_name())
        .map_or_else(|| "t".to_owned(), |s| s.to_string_lossy().into_owned())
}

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| failed("runtime", e))
}

/// Registers each input with `ctx`, named after its stem.
async fn register(ctx: &SessionContext, inputs: &[PathBuf]) -> Result<(), Failure> {
    for path in inputs {
        let name = table_name(path);
        let shown = path.display().to_string();
        if path.extension().is_some_and(|e| e == "parquet") {
            ctx.register_parquet(&name, &shown, ParquetReadOptions::default())
                .await
                .map_err(|e| failed(&shown, e))?;
        } else {
            ctx.register_boring(&name, path, BoringReadOptions::default())
                .await
                .map_err(|e| failed(&shown, e))?;
        }
    }
    Ok(())
}

/// `boring sql`.
fn sql(args: &SqlArgs) -> Result<(), Failure> {
    let batches = runtime()?.block_on(async {
        let ctx = SessionContext::new();
        register(&ctx, &args.inputs).await?;
        let frame = ctx.sql(&args.query).await.map_err(|e| failed("sql", e))?;
        frame.collect().await.map_err(|e| failed("sql", e))
    })?;
    let text = if args.json {
        json_rows(&batches)?
    } else {
        let table = pretty_format_batches(&batches).map_err(|e| failed("sql", e))?;
        format!("{table}\n")
    };
    Destination::Stdout.write(text.as_bytes())
}

/// The rows of `batches` as one JSON array of objects.
fn json_rows(batches: &[RecordBatch]) -> Result<String, Failure> {
    let mut rows = Vec::new();
    for batch in batches {
        let Value::Array(batch_rows) =
            boring_arrow::batch_to_rows(batch).map_err(|e| failed("sql", e))?
        else {
            continue;
        };
        rows.extend(batch_rows.into_vec());
    }
    let json =
        boring_json::value_to_json(&Value::Array(rows.into()), false).map_err(Failure::Json)?;
    Ok(format!("{json}\n"))
}

/// `boring to-parquet`.
fn to_parquet(args: &ToParquetArgs) -> Result<(), Failure> {
    let out = destination(&args.output, true)?;
    let (schema, batches) = runtime()?.block_on(async {
        let ctx = SessionContext::new();
        for (i, path) in args.inputs.iter().enumerate() {
            let shown = path.display().to_string();
            ctx.register_boring(&format!("t{i}"), path, BoringReadOptions::default())
                .await
                .map_err(|e| failed(&shown, e))?;
        }
        let query = (0..args.inputs.len())
            .map(|i| format!("SELECT * FROM t{i}"))
            .collect::<Vec<_>>()
            .join(" UNION ALL ");
        let frame = ctx.sql(&query).await.map_err(|e| failed("to-parquet", e))?;
        let schema = Arc::new(frame.schema().as_arrow().clone());
        let batches = frame.collect().await.map_err(|e| failed("to-parquet", e))?;
        Ok::<_, Failure>((schema, batches))
    })?;
    let compression = if args.zstd {
        Compression::ZSTD(ZstdLevel::try_new(3).map_err(|e| failed("to-parquet", e))?)
    } else {
        Compression::UNCOMPRESSED
    };
    let props = WriterProperties::builder()
        .set_compression(compression)
        .build();
    let mut bytes = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut bytes, schema, Some(props))
        .map_err(|e| failed("to-parquet", e))?;
    for batch in &batches {
        writer.write(batch).map_err(|e| failed("to-parquet", e))?;
    }
    writer.close().map_err(|e| failed("to-parquet", e))?;
    out.write(&bytes)
}

/// `boring from-parquet`.
fn from_parquet(args: &FromParquetArgs) -> Result<(), Failure> {
    let out = destination(&args.output, true)?;
    let shown = args.input.display().to_string();
    let file = std::fs::File::open(&args.input).map_err(|e| failed(&shown, e))?;
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| failed(&shown, e))?
        .build()
        .map_err(|e| failed(&shown, e))?;
    let mut seq = SeqWriter::new(Vec::new(), &Options::from(Profile::Compact))?;
    for batch in reader {
        let batch = batch.map_err(|e| failed(&shown, e))?;
        let table = boring_arrow::batch_to_value(&batch).map_err(|e| failed(&shown, e))?;
        seq.write(&table)?;
    }
    out.write(&seq.finish()?)
}

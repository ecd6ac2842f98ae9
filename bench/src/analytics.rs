//! `boring-bench analytics`: boring against Parquet, CSV and JSON lines as
//! files for SQL. One million access-log rows and one million rows of a
//! numeric table, each written as a boring Compact sequence of columnar
//! tables, as Parquet (zstd and uncompressed), as CSV and as JSON lines;
//! for each: the file size, the time to register it with DataFusion, the
//! time to load every column into Arrow, and three queries (a filtered
//! count, a group-by aggregate, a top-k), one run each.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use boring::seq::SeqWriter;
use boring::{Options, Profile};
use boring_datafusion::{BoringContextExt, BoringReadOptions};
use boring_schemas::access_log::{self, LogEntry};
use boring_schemas::rng::SplitMix64;
use boring_schemas::SEED;
use datafusion::arrow::array::{
    ArrayRef, FixedSizeListArray, Float32Array, Float64Array, Int32Array, Int64Array, StringArray,
    UInt16Array, UInt64Array, UInt8Array,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::dataframe::DataFrameWriteOptions;
use datafusion::datasource::MemTable;
use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

/// Rows per dataset.
const ROWS: usize = 1_000_000;
/// Rows per boring table item and per Parquet row group: the unit a scan
/// is split into.
const CHUNK: usize = 131_072;

/// One dataset: its rows in chunks, and its queries.
struct Dataset {
    name: &'static str,
    /// The rows as Arrow batches (nested columns kept).
    batches: Vec<RecordBatch>,
    /// The same rows with nested columns as text, for CSV and JSON.
    flat: Vec<RecordBatch>,
    /// The boring file's bytes.
    boring: Vec<u8>,
    queries: [(&'static str, &'static str); 3],
}

/// The access log: the boring file is written by the derive
/// (`Vec<LogEntry>` per chunk), the Arrow batches by hand.
fn access_logs() -> Result<Dataset, String> {
    let entries = access_log::generate(SEED, ROWS);
    let mut seq = SeqWriter::new(Vec::new(), &Options::from(Profile::Compact)).map_err(err)?;
    let mut batches = Vec::new();
    let mut flat = Vec::new();
    for chunk in entries.chunks(CHUNK) {
        seq.write(chunk).map_err(err)?;
        batches.push(log_batch(chunk, false)?);
        flat.push(log_batch(chunk, true)?);
    }
    Ok(Dataset {
        name: "access log",
        batches,
        flat,
        boring: seq.finish().map_err(err)?,
        queries: [
            (
                "filtered count",
                "SELECT COUNT(*) FROM t WHERE status = 404",
            ),
            (
                "group-by",
                "SELECT user, COUNT(*) AS n, SUM(size) AS bytes FROM t GROUP BY user ORDER BY user",
            ),
            (
                "top-k",
                "SELECT request, size FROM t ORDER BY size DESC, request LIMIT 10",
            ),
        ],
    })
}

fn log_schema(ip_as_text: bool) -> SchemaRef {
    let ip = if ip_as_text {
        DataType::Utf8
    } else {
        DataType::FixedSizeList(Arc::new(Field::new_list_field(DataType::UInt8, true)), 4)
    };
    Arc::new(Schema::new(vec![
        Field::new("ip", ip, false),
        Field::new("user", DataType::Utf8, false),
        Field::new("timestamp", DataType::Utf8, false),
        Field::new("request", DataType::Utf8, false),
        Field::new("status", DataType::UInt16, false),
        Field::new("size", DataType::UInt64, false),
    ]))
}

fn log_batch(rows: &[LogEntry], ip_as_text: bool) -> Result<RecordBatch, String> {
    let ip: ArrayRef = if ip_as_text {
        Arc::new(
            rows.iter()
                .map(|r| Some(format!("{}.{}.{}.{}", r.ip[0], r.ip[1], r.ip[2], r.ip[3])))
                .collect::<StringArray>(),
        )
    } else {
        let octets = UInt8Array::from_iter_values(rows.iter().flat_map(|r| r.ip));
        let field = Arc::new(Field::new_list_field(DataType::UInt8, true));
        Arc::new(FixedSizeListArray::try_new(field, 4, Arc::new(octets), None).map_err(err)?)
    };
    let text = |f: fn(&LogEntry) -> &str| -> ArrayRef {
        Arc::new(rows.iter().map(|r| Some(f(r))).collect::<StringArray>())
    };
    let columns: Vec<ArrayRef> = vec![
        ip,
        text(|r| &r.user),
        text(|r| &r.timestamp),
        text(|r| &r.request),
        Arc::new(UInt16Array::from_iter_values(rows.iter().map(|r| r.status))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.size))),
    ];
    RecordBatch::try_new(log_schema(ip_as_text), columns).map_err(err)
}

/// The numeric table: sensor readings, written through `boring-arrow`.
fn numeric() -> Result<Dataset, String> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("sensor", DataType::UInt16, false),
        Field::new("reading", DataType::Float64, false),
        Field::new("temperature", DataType::Float32, false),
        Field::new("count", DataType::Int32, false),
    ]));
    let mut rng = SplitMix64::new(SEED ^ 0x6e75_6d65);
    let mut batches = Vec::new();
    let mut seq = SeqWriter::new(Vec::new(), &Options::from(Profile::Compact)).map_err(err)?;
    for start in (0..ROWS).step_by(CHUNK) {
        let n = CHUNK.min(ROWS - start);
        let mut sensor = Vec::with_capacity(n);
        let mut reading = Vec::with_capacity(n);
        let mut temperature = Vec::with_capacity(n);
        let mut count = Vec::with_capacity(n);
        for _ in 0..n {
            sensor.push(rng.below(1000) as u16);
            reading.push(rng.next_u64() as f64 / u64::MAX as f64 * 100.0);
            temperature.push(15.0 + rng.unit_f32() * 20.0);
            count.push(rng.below(100_000) as i32 - 50_000);
        }
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from_iter_values(
                start as i64..(start + n) as i64,
            )),
            Arc::new(UInt16Array::from(sensor)),
            Arc::new(Float64Array::from(reading)),
            Arc::new(Float32Array::from(temperature)),
            Arc::new(Int32Array::from(count)),
        ];
        let batch = RecordBatch::try_new(schema.clone(), columns).map_err(err)?;
        seq.write(&boring_arrow::batch_to_value(&batch).map_err(err)?)
            .map_err(err)?;
        batches.push(batch);
    }
    Ok(Dataset {
        name: "numeric",
        flat: batches.clone(),
        batches,
        boring: seq.finish().map_err(err)?,
        queries: [
            (
                "filtered count",
                "SELECT COUNT(*) FROM t WHERE reading > 90",
            ),
            (
                "group-by",
                "SELECT sensor, COUNT(*) AS n, SUM(count) AS total, MAX(reading) AS top FROM t \
                 GROUP BY sensor ORDER BY sensor",
            ),
            (
                "top-k",
                "SELECT id, reading FROM t ORDER BY reading DESC, id LIMIT 10",
            ),
        ],
    })
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The formats a dataset is written in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Boring,
    ParquetZstd,
    Parquet,
    Csv,
    Json,
}

impl Format {
    const ALL: [Format; 5] = [
        Format::Boring,
        Format::ParquetZstd,
        Format::Parquet,
        Format::Csv,
        Format::Json,
    ];

    fn label(self) -> &'static str {
        match self {
            Format::Boring => "boring (Compact)",
            Format::ParquetZstd => "Parquet (zstd 3)",
            Format::Parquet => "Parquet (none)",
            Format::Csv => "CSV",
            Format::Json => "JSON lines",
        }
    }

    fn file(self) -> &'static str {
        match self {
            Format::Boring => "data.cbor",
            Format::ParquetZstd => "zstd.parquet",
            Format::Parquet => "plain.parquet",
            Format::Csv => "data.csv",
            Format::Json => "data.json",
        }
    }
}

async fn write(data: &Dataset, format: Format, path: &Path) -> Result<(), String> {
    let parquet = |compression| -> Result<(), String> {
        let props = WriterProperties::builder()
            .set_compression(compression)
            .set_max_row_group_row_count(Some(CHUNK))
            .build();
        let file = std::fs::File::create(path).map_err(err)?;
        let mut writer =
            ArrowWriter::try_new(file, data.batches[0].schema(), Some(props)).map_err(err)?;
        for b in &data.batches {
            writer.write(b).map_err(err)?;
        }
        writer.close().map(drop).map_err(err)
    };
    match format {
        Format::Boring => std::fs::write(path, &data.boring).map_err(err),
        Format::ParquetZstd => parquet(Compression::ZSTD(ZstdLevel::try_new(3).map_err(err)?)),
        Format::Parquet => parquet(Compression::UNCOMPRESSED),
        Format::Csv | Format::Json => {
            let ctx = SessionContext::new();
            let table =
                MemTable::try_new(data.flat[0].schema(), vec![data.flat.clone()]).map_err(err)?;
            let frame = ctx.read_table(Arc::new(table)).map_err(err)?;
            let options = DataFrameWriteOptions::new().with_single_file_output(true);
            let target = path.to_str().ok_or("path is not UTF-8")?;
            if format == Format::Csv {
                frame.write_csv(target, options, None).await.map_err(err)?;
            } else {
                frame.write_json(target, options, None).await.map_err(err)?;
            }
            Ok(())
        }
    }
}

async fn register(ctx: &SessionContext, format: Format, path: &Path) -> Result<(), String> {
    let target = path.to_str().ok_or("path is not UTF-8")?;
    match format {
        Format::Boring => ctx
            .register_boring("t", path, BoringReadOptions::default())
            .await
            .map(drop),
        Format::ParquetZstd | Format::Parquet => {
            ctx.register_parquet("t", target, ParquetReadOptions::default())
                .await
        }
        Format::Csv => ctx.register_csv("t", target, CsvReadOptions::new()).await,
        Format::Json => {
            let options = JsonReadOptions {
                file_extension: ".json",
                ..JsonReadOptions::default()
            };
            ctx.register_json("t", target, options).await
        }
    }
    .map_err(err)
}

/// Milliseconds since `start`.
fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

/// One format's figures: size, register, load, the three queries, and the
/// queries' printed results (to check the formats agree).
struct Figures {
    size: u64,
    register: f64,
    load: f64,
    queries: [f64; 3],
    results: Vec<String>,
}

async fn measure(data: &Dataset, format: Format, dir: &Path) -> Result<Figures, String> {
    let path = dir.join(format.file());
    write(data, format, &path).await?;
    let size = std::fs::metadata(&path).map_err(err)?.len();
    // A fresh session per format: no cache carries over.
    let ctx = SessionContext::new();
    let start = Instant::now();
    register(&ctx, format, &path).await?;
    let register = ms(start);
    let start = Instant::now();
    let rows: usize = ctx
        .sql("SELECT * FROM t")
        .await
        .map_err(err)?
        .collect()
        .await
        .map_err(err)?
        .iter()
        .map(RecordBatch::num_rows)
        .sum();
    let load = ms(start);
    if rows != ROWS {
        return Err(format!("{}: {rows} rows loaded", format.label()));
    }
    let mut queries = [0.0; 3];
    let mut results = Vec::new();
    for (i, (_, sql)) in data.queries.iter().enumerate() {
        let start = Instant::now();
        let batches = ctx
            .sql(sql)
            .await
            .map_err(err)?
            .collect()
            .await
            .map_err(err)?;
        queries[i] = ms(start);
        results.push(pretty_format_batches(&batches).map_err(err)?.to_string());
    }
    Ok(Figures {
        size,
        register,
        load,
        queries,
        results,
    })
}

/// Runs the comparison in `dir` (created) and returns the printed table.
pub fn report(dir: &Path) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(err)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(err)?;
    let mut out = String::new();
    for data in [access_logs()?, numeric()?] {
        let _ = writeln!(
            out,
            "\n{} — {ROWS} rows, {} chunks of up to {CHUNK} rows",
            data.name,
            data.batches.len()
        );
        let _ = writeln!(
            out,
            "{}",
            data.queries
                .iter()
                .map(|(n, q)| format!("  {n}: {q}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let _ = writeln!(
            out,
            "| format | size (MB) | × Parquet zstd | register (ms) | load all columns (ms) | {} (ms) | {} (ms) | {} (ms) |",
            data.queries[0].0, data.queries[1].0, data.queries[2].0
        );
        let _ = writeln!(out, "|---|--:|--:|--:|--:|--:|--:|--:|");
        let sub: PathBuf = dir.join(data.name.replace(' ', "-"));
        std::fs::create_dir_all(&sub).map_err(err)?;
        let mut figures = Vec::new();
        for format in Format::ALL {
            figures.push((format, runtime.block_on(measure(&data, format, &sub))?));
        }
        let anchor = figures
            .iter()
            .find(|(f, _)| *f == Format::ParquetZstd)
            .map_or(1, |(_, f)| f.size.max(1));
        for (format, f) in &figures {
            let _ = writeln!(
                out,
                "| {} | {:.1} | {:.2} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
                format.label(),
                f.size as f64 / 1e6,
                f.size as f64 / anchor as f64,
                f.register,
                f.load,
                f.queries[0],
                f.queries[1],
                f.queries[2],
            );
        }
        let reference = &figures[0].1.results;
        let agree = figures.iter().all(|(_, f)| &f.results == reference);
        let _ = writeln!(
            out,
            "query results {} across formats",
            if agree { "agree" } else { "DIFFER" }
        );
    }
    Ok(out)
}

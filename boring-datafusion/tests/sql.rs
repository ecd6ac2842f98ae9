//! SQL over boring files gives what the same SQL gives over Parquet copies
//! of the data; scans decode only the columns a query uses, stop at a
//! limit, and count rows from the tables' heads.

use std::path::Path;
use std::sync::Arc;

use boring::seq::SeqWriter;
use boring::{Options, Profile};
use boring_datafusion::{BoringContextExt, BoringReadOptions, ReadError};
use datafusion::arrow::array::{
    ArrayRef, FixedSizeListArray, Float64Array, Int64Array, StringArray, UInt16Array, UInt8Array,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use parquet::arrow::ArrowWriter;

const USERS: [&str; 4] = ["-", "alice", "bob", "carol"];
const PATHS: [&str; 5] = ["/", "/api/users", "/api/orders", "/login", "/static/app.js"];

fn schema() -> SchemaRef {
    let ip = Arc::new(Field::new_list_field(DataType::UInt8, true));
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, true),
        Field::new("user", DataType::Utf8, true),
        Field::new("path", DataType::Utf8, true),
        Field::new("status", DataType::UInt16, true),
        Field::new("size", DataType::Int64, true),
        Field::new("latency", DataType::Float64, true),
        Field::new("ip", DataType::FixedSizeList(ip, 4), true),
    ]))
}

/// Rows `from..from + n` of a small access log, some users null.
fn batch(from: i64, n: i64) -> RecordBatch {
    let ids: Vec<i64> = (from..from + n).collect();
    let pick = |i: i64, k: i64| ((i * 7919 + k) % 1000) as usize;
    let user: StringArray = ids
        .iter()
        .map(|&i| (i % 11 != 0).then(|| USERS[pick(i, 1) % USERS.len()]))
        .collect();
    let path: StringArray = ids
        .iter()
        .map(|&i| Some(PATHS[pick(i, 2) % PATHS.len()]))
        .collect();
    let status: UInt16Array = ids
        .iter()
        .map(|&i| Some([200u16, 200, 304, 404, 500][pick(i, 3) % 5]))
        .collect();
    let size: Int64Array = ids
        .iter()
        .map(|&i| Some((pick(i, 4) * 37) as i64))
        .collect();
    let latency: Float64Array = ids.iter().map(|&i| Some(pick(i, 5) as f64 / 8.0)).collect();
    let octets: UInt8Array = ids
        .iter()
        .flat_map(|&i| [10, 20, (i % 4) as u8, (i % 251) as u8])
        .map(Some)
        .collect();
    let ip = FixedSizeListArray::try_new(
        Arc::new(Field::new_list_field(DataType::UInt8, true)),
        4,
        Arc::new(octets),
        None,
    )
    .unwrap();
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from(ids)),
        Arc::new(user),
        Arc::new(path),
        Arc::new(status),
        Arc::new(size),
        Arc::new(latency),
        Arc::new(ip),
    ];
    RecordBatch::try_new(schema(), columns).unwrap()
}

/// The test data: four batches, written as boring in three forms (a
/// sequence of tables, a sealed sequence of tables, a sequence of records)
/// and as Parquet.
fn write_data(dir: &Path) -> (Vec<RecordBatch>, usize) {
    let batches = vec![
        batch(0, 300),
        batch(300, 250),
        batch(550, 400),
        batch(950, 60),
    ];
    let boring_dir = dir.join("boring");
    std::fs::create_dir_all(&boring_dir).unwrap();
    let compact = Options::from(Profile::Compact);

    // Two tables, plain.
    let mut seq = SeqWriter::new(Vec::new(), &compact).unwrap();
    for b in &batches[..2] {
        seq.write(&boring_arrow::batch_to_value(b).unwrap())
            .unwrap();
    }
    std::fs::write(boring_dir.join("a.cbor"), seq.finish().unwrap()).unwrap();

    // One table, sealed with zstd behind a codec header.
    let mut seq = SeqWriter::new(Vec::new(), &compact).unwrap();
    seq.write(&boring_arrow::batch_to_value(&batches[2]).unwrap())
        .unwrap();
    let plain = seq.finish().unwrap();
    let mut codec = boring_codec::Codec::new("zstd".parse().unwrap()).with_header(true);
    std::fs::write(boring_dir.join("b.cbor"), codec.encode(&plain).unwrap()).unwrap();

    // Records, one map per item.
    let mut seq = SeqWriter::new(Vec::new(), &compact).unwrap();
    let rows = boring_arrow::batch_to_rows(&batches[3]).unwrap();
    for row in rows.as_array().unwrap() {
        seq.write(row).unwrap();
    }
    std::fs::write(boring_dir.join("c.cbor"), seq.finish().unwrap()).unwrap();

    let file = std::fs::File::create(dir.join("data.parquet")).unwrap();
    let mut writer = ArrowWriter::try_new(file, schema(), None).unwrap();
    for b in &batches {
        writer.write(b).unwrap();
    }
    writer.close().unwrap();
    let rows = batches.iter().map(RecordBatch::num_rows).sum();
    (batches, rows)
}

async fn run(ctx: &SessionContext, sql: &str) -> String {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    pretty_format_batches(&batches).unwrap().to_string()
}

const QUERIES: [&str; 7] = [
    "SELECT COUNT(*) FROM {t}",
    "SELECT COUNT(*) AS n FROM {t} WHERE status = 404",
    "SELECT status, COUNT(*) AS n, SUM(size) AS bytes FROM {t} GROUP BY status ORDER BY status",
    "SELECT user, AVG(latency) AS mean FROM {t} GROUP BY user ORDER BY user NULLS FIRST",
    "SELECT id, path, size FROM {t} ORDER BY size DESC, id LIMIT 10",
    "SELECT COUNT(*) FROM {t} WHERE user IS NULL",
    "SELECT path, MAX(id) AS last FROM {t} WHERE latency > 60 GROUP BY path ORDER BY path",
];

#[tokio::test]
async fn sql_over_boring_matches_parquet() {
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = write_data(dir.path());
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(3));
    ctx.register_parquet(
        "pq",
        dir.path().join("data.parquet").to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    // With the Parquet schema, and with a schema inferred from the data.
    let given = ctx
        .register_boring(
            "given",
            dir.path().join("boring"),
            BoringReadOptions::default().schema(schema()),
        )
        .await
        .unwrap();
    ctx.register_boring(
        "inferred",
        dir.path().join("boring"),
        BoringReadOptions::default(),
    )
    .await
    .unwrap();
    assert_eq!(given.rows(), rows);
    for query in QUERIES {
        let expected = run(&ctx, &query.replace("{t}", "pq")).await;
        assert_eq!(
            run(&ctx, &query.replace("{t}", "given")).await,
            expected,
            "{query}"
        );
        assert_eq!(
            run(&ctx, &query.replace("{t}", "inferred")).await,
            expected,
            "{query}"
        );
    }
    // Grids come back as fixed-size lists.
    let ip = run(&ctx, "SELECT ip FROM given WHERE id = 5").await;
    assert!(ip.contains("[10, 20, 1, 5]"), "{ip}");
}

#[tokio::test]
async fn projection_limit_and_statistics_are_pushed_down() {
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = write_data(dir.path());
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(2));
    let table = ctx
        .register_boring("t", dir.path().join("boring"), BoringReadOptions::default())
        .await
        .unwrap();
    let metrics = table.metrics();

    // Row counts come from the heads: COUNT(*) reads nothing.
    assert!(run(&ctx, "SELECT COUNT(*) AS n FROM t")
        .await
        .contains(&rows.to_string()));
    assert_eq!(metrics.snapshot().items, 0);

    // One column of seven: one column decoded per table item (3 tables),
    // one per record batch (1), and far fewer bytes than the tables hold.
    run(&ctx, "SELECT SUM(size) FROM t").await;
    let one = metrics.snapshot();
    assert_eq!(one.columns_decoded, 4);
    assert_eq!(one.rows as usize, rows);
    metrics.reset();
    run(&ctx, "SELECT * FROM t").await;
    let all = metrics.snapshot();
    assert_eq!(all.columns_decoded, 4 * 7);
    assert!(one.column_bytes * 5 < all.column_bytes, "{one:?} {all:?}");

    // A limit stops the scan: at most one item per partition is read.
    metrics.reset();
    let out = run(&ctx, "SELECT id FROM t LIMIT 3").await;
    assert_eq!(out.lines().count(), 3 + 4);
    let limited = metrics.snapshot();
    assert!(limited.items <= 2, "{limited:?}");
    assert!((limited.rows as usize) < rows, "{limited:?}");

    // The plan shows the scan with its partitions and the pushed limit.
    let plan = run(&ctx, "EXPLAIN SELECT id FROM t LIMIT 3").await;
    assert!(
        plan.contains("BoringExec: files=3, partitions=2, columns=1, limit=3"),
        "{plan}"
    );
}

#[tokio::test]
async fn bad_files_are_typed_errors() {
    let dir = tempfile::tempdir().unwrap();
    let b = batch(0, 20);
    let mut seq = SeqWriter::new(Vec::new(), &Options::from(Profile::Compact)).unwrap();
    seq.write(&boring_arrow::batch_to_value(&b).unwrap())
        .unwrap();
    seq.write(&boring_arrow::batch_to_value(&b).unwrap())
        .unwrap();
    let bytes = seq.finish().unwrap();
    // Cut inside the second table.
    let torn = dir.path().join("torn.cbor");
    std::fs::write(&torn, &bytes[..bytes.len() - 40]).unwrap();
    let ctx = SessionContext::new();
    let err = ctx
        .register_boring("t", &torn, BoringReadOptions::default())
        .await
        .unwrap_err();
    let datafusion::error::DataFusionError::External(inner) = err else {
        panic!("not a read error: {err}");
    };
    let read = inner.downcast_ref::<ReadError>().expect("a ReadError");
    assert!(
        matches!(read, ReadError::Torn { offset, .. } if *offset > 0),
        "{read}"
    );

    // Data that does not fit the given schema fails the query, typed.
    let good = dir.path().join("good.cbor");
    std::fs::write(&good, &bytes).unwrap();
    let wrong = Arc::new(Schema::new(vec![Field::new("user", DataType::Int64, true)]));
    ctx.register_boring("w", &good, BoringReadOptions::default().schema(wrong))
        .await
        .unwrap();
    let err = ctx
        .sql("SELECT user FROM w")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(err.to_string().contains("column `user`"), "{err}");

    // A directory without files.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let err = ctx
        .register_boring("e", &empty, BoringReadOptions::default())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no boring files"), "{err}");
}

/// A plan holding boring scans, written by `datafusion-proto` with
/// [`BoringExecCodec`] and read back, as a distributed executor receives
/// it: the same plan, and the same results.
#[cfg(feature = "proto")]
#[tokio::test]
async fn scans_survive_the_extension_codec() {
    use boring_datafusion::BoringExecCodec;
    use datafusion::physical_plan::{collect, displayable};
    use datafusion_proto::bytes::{
        physical_plan_from_bytes_with_extension_codec, physical_plan_to_bytes_with_extension_codec,
    };

    let dir = tempfile::tempdir().unwrap();
    write_data(dir.path());
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(3));
    ctx.register_boring("t", dir.path().join("boring"), BoringReadOptions::default())
        .await
        .unwrap();
    for query in QUERIES {
        let sql = query.replace("{t}", "t");
        let plan = ctx
            .sql(&sql)
            .await
            .unwrap()
            .create_physical_plan()
            .await
            .unwrap();
        let bytes = physical_plan_to_bytes_with_extension_codec(plan.clone(), &BoringExecCodec)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        let back = physical_plan_from_bytes_with_extension_codec(
            &bytes,
            &ctx.task_ctx(),
            &BoringExecCodec,
        )
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(
            displayable(plan.as_ref()).indent(true).to_string(),
            displayable(back.as_ref()).indent(true).to_string(),
            "{sql}"
        );
        let expected = collect(plan, ctx.task_ctx()).await.unwrap();
        let got = collect(back, ctx.task_ctx()).await.unwrap();
        assert_eq!(
            pretty_format_batches(&expected).unwrap().to_string(),
            pretty_format_batches(&got).unwrap().to_string(),
            "{sql}"
        );
    }
    // Bytes that are not a serialised scan are an error, not a panic: a
    // truncated item, and a run past its file's items.
    use datafusion_proto::physical_plan::{DefaultPhysicalProtoConverter, PhysicalExtensionCodec};
    let decode = |bytes: &[u8]| {
        BoringExecCodec.try_decode(
            bytes,
            &[],
            &ctx.task_ctx(),
            &DefaultPhysicalProtoConverter {},
        )
    };
    let plan = ctx
        .sql("SELECT id FROM t")
        .await
        .unwrap()
        .create_physical_plan()
        .await
        .unwrap();
    let mut scan = plan;
    while !scan.children().is_empty() {
        scan = scan.children()[0].clone();
    }
    let mut bytes = Vec::new();
    BoringExecCodec
        .try_encode(scan, &mut bytes, &DefaultPhysicalProtoConverter {})
        .unwrap();
    assert!(decode(&bytes[..bytes.len() - 1]).is_err());
    assert!(decode(&[0xff]).is_err());
    assert!(decode(&bytes).is_ok());
}

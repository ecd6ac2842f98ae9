//! `boring sql`, `to-parquet` and `from-parquet` (the `sql` feature): a
//! query prints the same rows over boring files, their Parquet copy and
//! the boring files made back from it.
#![cfg(feature = "sql")]

mod common;

use std::path::{Path, PathBuf};

use boring::seq::SeqWriter;
use boring::{Options, Profile, Value};
use common::{run, stderr, stdout};

/// A directory of its own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("boring-cli-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, file: &str) -> String {
        self.0.join(file).to_str().unwrap().to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Two tables of access-log rows, `id`, `status` and `path`.
fn write_logs(path: &Path) {
    let mut seq = SeqWriter::new(Vec::new(), &Options::from(Profile::Compact)).unwrap();
    for part in 0..2i64 {
        let rows: Vec<Value> = (0..50i64)
            .map(|i| {
                let id = part * 50 + i;
                let status = [200, 404, 500][(id % 3) as usize];
                Value::Map(
                    vec![
                        ("id".into(), Value::from(id)),
                        ("status".into(), Value::from(status)),
                        (
                            "path".into(),
                            Value::from(["/", "/a", "/b", "/c"][(id % 4) as usize]),
                        ),
                    ]
                    .into(),
                )
            })
            .collect();
        seq.write(&Value::Array(rows.into())).unwrap();
    }
    std::fs::write(path, seq.finish().unwrap()).unwrap();
}

const QUERY: &str =
    "SELECT status, COUNT(*) AS n, MIN(path) AS first FROM {t} GROUP BY status ORDER BY status";

#[test]
fn sql_prints_a_table_or_json() {
    let dir = TempDir::new("sql");
    write_logs(Path::new(&dir.path("logs.cbor")));
    let out = run(&["sql", &QUERY.replace("{t}", "logs"), &dir.path("logs.cbor")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = stdout(&out);
    assert!(table.contains("| status | n  | first |"), "{table}");
    assert!(table.contains("| 404    | 33 | /     |"), "{table}");

    let out = run(&[
        "sql",
        "--json",
        &QUERY.replace("{t}", "logs"),
        &dir.path("logs.cbor"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json[0],
        serde_json::json!({"status": 200, "n": 34, "first": "/"})
    );
    assert_eq!(json.as_array().unwrap().len(), 3);
}

#[test]
fn parquet_round_trip_keeps_the_rows() {
    let dir = TempDir::new("parquet");
    write_logs(Path::new(&dir.path("logs.cbor")));
    let expected = stdout(&run(&[
        "sql",
        &QUERY.replace("{t}", "logs"),
        &dir.path("logs.cbor"),
    ]));

    let out = run(&[
        "to-parquet",
        "--zstd",
        "-o",
        &dir.path("copy.parquet"),
        &dir.path("logs.cbor"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&[
        "sql",
        &QUERY.replace("{t}", "copy"),
        &dir.path("copy.parquet"),
    ]);
    assert_eq!(stdout(&out), expected, "{}", stderr(&out));

    let out = run(&[
        "from-parquet",
        "-o",
        &dir.path("back.cbor"),
        &dir.path("copy.parquet"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["sql", &QUERY.replace("{t}", "back"), &dir.path("back.cbor")]);
    assert_eq!(stdout(&out), expected, "{}", stderr(&out));
}

#[test]
fn bad_queries_and_inputs_fail_with_status_1() {
    let dir = TempDir::new("sqlbad");
    write_logs(Path::new(&dir.path("logs.cbor")));
    let out = run(&["sql", "SELECT nope FROM logs", &dir.path("logs.cbor")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("error: sql: "), "{}", stderr(&out));
    let out = run(&["sql", "SELECT 1", &dir.path("missing.cbor")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing.cbor"), "{}", stderr(&out));
}

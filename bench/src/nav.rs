//! Navigation against decoding: each question answered by a cursor over
//! the encoded bytes, and by decoding into `Value` and then looking up,
//! over the same bytes in memory and in a memory-mapped file.

use std::fmt::Write as _;
use std::time::Instant;

use boring::index::{encode_indexed, IndexOptions};
use boring::nav::{Indexed, Key};
use boring::seq::{SeqReader, SeqWriter};
use boring::{Options, Value};

use crate::run::Config;

/// The documents the questions are asked of, encoded.
#[derive(Debug, Clone)]
pub struct Docs {
    /// 200 records keyed `"record-<i>"`, sealed with an index (about
    /// 68 KB).
    pub records: Vec<u8>,
    /// A small map holding a 1 MiB byte string, sealed.
    pub blob: Vec<u8>,
    /// 5 000 log events as a sealed sequence (about 360 KB).
    pub log: Vec<u8>,
    /// The reference's stride log: 200 000 items, sealed at stride 16.
    pub stride_log: Vec<u8>,
}

/// The documents, one way of holding them (in memory, or mapped).
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    /// How the bytes are held, for the table.
    pub label: &'static str,
    /// See [`Docs::records`].
    pub records: &'a [u8],
    /// See [`Docs::blob`].
    pub blob: &'a [u8],
    /// See [`Docs::log`].
    pub log: &'a [u8],
    /// See [`Docs::stride_log`].
    pub stride_log: &'a [u8],
}

impl Docs {
    /// Builds every document.
    pub fn build() -> Docs {
        let opts = Options::default();
        let index = IndexOptions::default();
        let records = Value::Map(
            (0..200)
                .map(|i| (Value::from(format!("record-{i}")), record(i)))
                .collect(),
        );
        let blob = Value::Map(
            vec![
                ("name".into(), "attachment".into()),
                ("blob".into(), Value::Bytes(vec![0x5a; 1 << 20])),
                ("after".into(), "end".into()),
            ]
            .into(),
        );
        let mut log = SeqWriter::new(Vec::new(), &opts).expect("default options");
        for i in 0..5_000 {
            log.write(&event(i)).expect("an event encodes");
        }
        let mut stride_log = SeqWriter::new(Vec::new(), &opts).expect("default options");
        for i in 0..200_000 {
            let item = boring_schemas::values::stride_log_item(i);
            stride_log.write(&item).expect("an item encodes");
        }
        Docs {
            records: encode_indexed(&records, &opts, index).expect("records encode"),
            blob: encode_indexed(&blob, &opts, index).expect("the blob encodes"),
            log: log.finish().expect("into memory"),
            stride_log: stride_log.finish().expect("into memory"),
        }
    }

    /// The documents held in memory.
    pub fn in_memory(&self) -> Sources<'_> {
        Sources {
            label: "slice",
            records: &self.records,
            blob: &self.blob,
            log: &self.log,
            stride_log: &self.stride_log,
        }
    }
}

fn record(i: i64) -> Value {
    let cities = ["Lisbon", "Oslo", "Kyoto", "Quito", "Nairobi", "Perth"];
    Value::Map(
        vec![
            ("id".into(), i.into()),
            ("name".into(), format!("user {i}").into()),
            ("email".into(), format!("user{i}@example.com").into()),
            (
                "tags".into(),
                Value::Array(
                    vec![
                        "alpha".into(),
                        format!("group-{}", i % 7).into(),
                        "beta".into(),
                    ]
                    .into(),
                ),
            ),
            ("score".into(), Value::from(i as f64 * 0.75)),
            ("active".into(), Value::Bool(i % 3 != 0)),
            (
                "address".into(),
                Value::Map(
                    vec![
                        ("street".into(), format!("{} Harbour Road", 10 + i).into()),
                        ("city".into(), cities[i as usize % cities.len()].into()),
                        ("zip".into(), format!("{:05}", 1000 + i * 37).into()),
                    ]
                    .into(),
                ),
            ),
            (
                "bio".into(),
                format!(
                    "User {i} joined in {} and has written {} posts about CBOR, logs and the sea.",
                    2000 + i % 25,
                    i * 3
                )
                .into(),
            ),
        ]
        .into(),
    )
}

fn event(i: i64) -> Value {
    let lvl = if i % 50 == 0 { "error" } else { "info" };
    Value::Map(
        vec![
            ("ts".into(), (1_700_000_000 + 37 * i).into()),
            ("lvl".into(), lvl.into()),
            ("n".into(), i.into()),
            (
                "msg".into(),
                format!("request {i} served in {} ms", i % 97).into(),
            ),
            (
                "ctx".into(),
                Value::Map(
                    vec![
                        ("thread".into(), format!("w{}", i % 8).into()),
                        ("ns".into(), "app.core".into()),
                    ]
                    .into(),
                ),
            ),
        ]
        .into(),
    )
}

/// One question, answered both ways: the median time of each.
#[derive(Debug, Clone)]
pub struct Row {
    /// What is asked.
    pub question: &'static str,
    /// How the bytes are held.
    pub source: &'static str,
    /// Navigating, ns.
    pub navigate: f64,
    /// Decoding then looking up (or scanning, for the index row), ns.
    pub decode: f64,
    /// The reference's ratio for the same question, when it published one.
    pub reference: Option<f64>,
}

/// Times every question over `sources`. Each pair is checked to give the
/// same answer before it is timed.
pub fn measure(sources: &Sources<'_>, config: &Config) -> Vec<Row> {
    let s = *sources;
    let mut rows = Vec::new();
    let mut ask =
        |question, reference, nav: &mut dyn FnMut() -> u64, decode: &mut dyn FnMut() -> u64| {
            assert_eq!(nav(), decode(), "{question}: the two answers differ");
            rows.push(Row {
                question,
                source: s.label,
                navigate: time(config, nav),
                decode: time(config, decode),
                reference,
            });
        };
    let value = |bytes: &[u8]| -> Value {
        boring::from_slice(Indexed::new(bytes).data()).expect("the document decodes")
    };
    // Files opened once, as a program holding them open would: reading
    // the frame is its own row below.
    let records = Indexed::new(s.records);
    let blob = Indexed::new(s.blob);
    ask(
        "one leaf by path (68 KB, 200 records)",
        Some(21.0),
        &mut || {
            let root = records.root().expect("a root");
            let city = root.path(&[
                Key::from("record-150"),
                Key::from("address"),
                Key::from("city"),
            ]);
            city.and_then(|c| c.as_str().map(str::len)).unwrap_or(0) as u64
        },
        &mut || {
            let v = value(s.records);
            let city = v
                .get("record-150")
                .and_then(|r| r.get("address"))
                .and_then(|a| a.get("city"));
            city.and_then(Value::as_str).map_or(0, str::len) as u64
        },
    );
    ask(
        "count of the top-level map",
        Some(1_400.0),
        &mut || records.root().and_then(|r| r.len()).unwrap_or(0) as u64,
        &mut || value(s.records).as_map().map_or(0, <[_]>::len) as u64,
    );
    ask(
        "one field of every record",
        Some(2.2),
        &mut || {
            let root = records.root().expect("a root");
            let entries = root.entries().expect("a map");
            entries
                .flatten()
                .filter_map(|(_, r)| r.get("score").ok()?.as_f64().ok())
                .sum::<f64>() as u64
        },
        &mut || {
            let v = value(s.records);
            let entries = v.as_map().unwrap_or_default();
            entries
                .iter()
                .filter_map(|(_, r)| r.get("score")?.as_f64())
                .sum::<f64>() as u64
        },
    );
    ask(
        "locate a 1 MiB byte string",
        Some(290.0),
        &mut || {
            let bytes = blob
                .root()
                .and_then(|r| r.get("blob"))
                .and_then(|b| b.as_bytes());
            bytes.map_or(0, <[u8]>::len) as u64
        },
        &mut || {
            value(s.blob)
                .get("blob")
                .and_then(Value::as_bytes)
                .map_or(0, <[u8]>::len) as u64
        },
    );
    ask(
        "filtering scan of a 5 000-event log",
        Some(3.5),
        &mut || {
            SeqReader::new(s.log)
                .filter(|e| {
                    e.get("lvl")
                        .and_then(|l| l.as_str())
                        .is_ok_and(|l| l == "error")
                })
                .count() as u64
        },
        &mut || {
            SeqReader::new(s.log)
                .filter_map(|e| e.decode::<Value>().ok())
                .filter(|v| v.get("lvl").and_then(Value::as_str) == Some("error"))
                .count() as u64
        },
    );
    ask(
        "first event of the log",
        Some(2.2 / 3.9),
        &mut || {
            let first = boring::nav::Cursor::new(s.log).expect("an item");
            first.get("n").and_then(|n| n.as_u64()).unwrap_or(u64::MAX)
        },
        &mut || {
            let (v, _) = boring::take_from_slice::<Value>(s.log).expect("an item");
            v.get("n")
                .and_then(Value::as_i64)
                .map_or(u64::MAX, |n| n as u64)
        },
    );
    let opened = Indexed::new(s.stride_log);
    let n = |item: Option<boring::nav::Cursor<'_>>| {
        let item = item.expect("the last item");
        item.get("n").and_then(|n| n.as_u64()).unwrap_or(u64::MAX)
    };
    let mut scan = || n(SeqReader::new(opened.data()).nth(199_999));
    ask(
        "item 199 999 of 200 000: index jump against a scan",
        Some(12_000.0 / 1.1),
        &mut || n(opened.item(199_999).ok()),
        &mut scan,
    );
    ask(
        "reading the 200 000-item file's frame, then the jump",
        None,
        &mut || n(Indexed::new(s.stride_log).item(199_999).ok()),
        &mut scan,
    );
    rows
}

/// The median over `config.rounds` rounds of about `config.round_time`
/// each, in ns per call, after one warm-up call.
fn time(config: &Config, f: &mut dyn FnMut() -> u64) -> f64 {
    let start = Instant::now();
    std::hint::black_box(f());
    let once = start.elapsed().as_nanos().max(20);
    let iters = (config.round_time.as_nanos() / once).clamp(1, 1_000_000) as u32;
    let mut samples: Vec<f64> = (0..config.rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iters {
                std::hint::black_box(f());
            }
            start.elapsed().as_nanos() as f64 / f64::from(iters)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// The navigation table.
pub fn table(out: &mut String, rows: &[Row]) {
    out.push_str(
        "#### Navigation against decoding\n\n\
         Each question answered by a `boring::nav` cursor over the encoded bytes, and by \
         decoding into `Value` and then looking up (for the last rows: scanning the \
         sequence item by item with cursors). Median µs; the ratio is decode ÷ navigate \
         (above 1, navigation wins); the reference's ratio is from its published \
         figures. The documents are sealed with an index frame, read once before the \
         timed questions (the last row times reading it); `mapped file` reads them \
         through `boring-mmap` from a file in the page cache.\n\n\
         | question | bytes | navigate µs | decode µs | ratio | reference ratio |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let reference = row.reference.map_or("—".into(), |r| format!("{r:.1}"));
        let _ = writeln!(
            out,
            "| {} | {} | {:.2} | {:.2} | {:.1} | {} |",
            row.question,
            row.source,
            row.navigate / 1000.0,
            row.decode / 1000.0,
            row.decode / row.navigate,
            reference
        );
    }
    out.push('\n');
}

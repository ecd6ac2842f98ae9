//! `boring-bench path`: JSONPath queries (RFC 9535) with `boring::path`
//! over CBOR bytes, against `serde_json` (parse, then walk the `Value` by
//! hand) and `serde_json_path` (on a parsed `Value`), on a generated
//! departments/employees document and on citm_catalog.

use std::fmt::Write as _;
use std::hint::black_box;

use boring::nav::Cursor;
use boring::path::Path;
use boring::{Options, Profile};
use serde_json::{json, Value};

/// The citm_catalog document, as copied into boring-json's test data.
const CITM: &[u8] = include_bytes!("../../boring-json/tests/data/citm_catalog.json");

/// Each timing round runs at least this long.
const ROUND_MS: u128 = 20;

/// What a query found, to check that every contender found the same: the
/// number of nodes and the sum of their lengths (text) or values (numbers).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Digest {
    count: usize,
    sum: f64,
}

impl Digest {
    fn add(&mut self, x: f64) {
        self.count += 1;
        self.sum += x;
    }
}

/// What the digest adds for a JSON node: a string's length, a number.
fn json_weight(v: &Value) -> f64 {
    match v {
        Value::String(s) => s.len() as f64,
        Value::Number(n) => n.as_f64().unwrap_or(0.0),
        _ => 0.0,
    }
}

/// The same for a CBOR node, read in place.
fn cbor_weight(c: &Cursor<'_>) -> f64 {
    if let Ok(s) = c.as_str() {
        return s.len() as f64;
    }
    c.as_u64()
        .map(|v| v as f64)
        .or_else(|_| c.as_f64())
        .unwrap_or(0.0)
}

/// One benchmarked query: its JSONPath text and the same selection written
/// by hand over a `serde_json::Value`.
struct Query {
    document: &'static str,
    path: &'static str,
    walk: fn(&Value, &mut Digest),
}

/// Every employee's first name.
fn first_names(doc: &Value, d: &mut Digest) {
    for dept in doc["departments"].as_array().into_iter().flatten() {
        for emp in dept["employees"].as_array().into_iter().flatten() {
            if let Some(name) = emp.get("first_name") {
                d.add(json_weight(name));
            }
        }
    }
}

/// The first names of the employees paid over 150 000.
fn well_paid(doc: &Value, d: &mut Digest) {
    for dept in doc["departments"].as_array().into_iter().flatten() {
        for emp in dept["employees"].as_array().into_iter().flatten() {
            let paid = emp
                .get("salary")
                .and_then(Value::as_f64)
                .is_some_and(|s| s > 150_000.0);
            if let (true, Some(name)) = (paid, emp.get("first_name")) {
                d.add(json_weight(name));
            }
        }
    }
}

/// Every price amount of every performance.
fn amounts(doc: &Value, d: &mut Digest) {
    for perf in doc["performances"].as_array().into_iter().flatten() {
        for price in perf["prices"].as_array().into_iter().flatten() {
            if let Some(amount) = price.get("amount") {
                d.add(json_weight(amount));
            }
        }
    }
}

const QUERIES: [Query; 3] = [
    Query {
        document: "departments",
        path: "$.departments[*].employees[*].first_name",
        walk: first_names,
    },
    Query {
        document: "departments",
        path: "$.departments[*].employees[?@.salary > 150000].first_name",
        walk: well_paid,
    },
    Query {
        document: "citm_catalog",
        path: "$.performances[*].prices[*].amount",
        walk: amounts,
    },
];

/// 100 departments of 100 employees, eight fields each, from a fixed
/// seed: the same bytes on every run.
fn departments() -> Value {
    const FIRST: [&str; 12] = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia",
        "Niklaus", "Margaret", "John",
    ];
    const LAST: [&str; 10] = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson",
        "Perlman", "Wirth",
    ];
    const TITLES: [&str; 5] = ["engineer", "analyst", "manager", "designer", "operator"];
    const SKILLS: [&str; 6] = ["rust", "sql", "cbor", "json", "ops", "design"];
    // xorshift64: deterministic and dependency-free.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let departments: Vec<Value> = (0..100u64)
        .map(|d| {
            let employees: Vec<Value> = (0..100u64)
                .map(|e| {
                    let first = FIRST[next(12) as usize];
                    let last = LAST[next(10) as usize];
                    json!({
                        "id": d * 100 + e,
                        "first_name": first,
                        "last_name": last,
                        "email": format!("{}.{}{e}@example.com", first.to_lowercase(), last.to_lowercase()),
                        "title": TITLES[next(5) as usize],
                        "salary": 40_000 + next(160_000),
                        "active": next(10) != 0,
                        "skills": [SKILLS[next(6) as usize], SKILLS[next(6) as usize]],
                    })
                })
                .collect();
            json!({
                "id": d,
                "name": format!("Department {d}"),
                "budget": 1_000_000 + next(9_000_000),
                "employees": employees,
            })
        })
        .collect();
    json!({ "departments": departments })
}

/// A document in its three forms: JSON text, plain CBOR (no stringrefs:
/// a cursor reads them only through an index) and a parsed `Value`.
struct Document {
    name: &'static str,
    json: Vec<u8>,
    cbor: Vec<u8>,
    value: Value,
}

fn document(name: &'static str, json: Vec<u8>) -> Result<Document, String> {
    let cbor = boring_json::json_to_cbor(&json, &Options::from(Profile::Interop))
        .map_err(|e| format!("{name}: {e}"))?;
    let value = serde_json::from_slice(&json).map_err(|e| format!("{name}: {e}"))?;
    Ok(Document {
        name,
        json,
        cbor,
        value,
    })
}

/// One query's figures, in µs.
struct Row {
    query: &'static Query,
    digest: Digest,
    boring: f64,
    parse_walk: f64,
    parse_path: f64,
    path_only: f64,
    walk_only: f64,
}

fn boring_digest(path: &Path, cbor: &[u8]) -> Result<Digest, boring::Error> {
    let mut d = Digest { count: 0, sum: 0.0 };
    for m in path.matches(Cursor::new(cbor)?)? {
        d.add(cbor_weight(&m.cursor));
    }
    Ok(d)
}

fn serde_path_digest(path: &serde_json_path::JsonPath, value: &Value) -> Digest {
    let mut d = Digest { count: 0, sum: 0.0 };
    for v in path.query(value).all() {
        d.add(json_weight(v));
    }
    d
}

fn walk_digest(query: &Query, value: &Value) -> Digest {
    let mut d = Digest { count: 0, sum: 0.0 };
    (query.walk)(value, &mut d);
    d
}

fn parse(json: &[u8]) -> Value {
    serde_json::from_slice(json).unwrap_or(Value::Null)
}

fn measure(query: &'static Query, doc: &Document, rounds: usize) -> Result<Row, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", query.path);
    // Both compiled once, outside the timed loops.
    let path = Path::parse(query.path).map_err(|e| fail(&e))?;
    let serde_path = serde_json_path::JsonPath::parse(query.path).map_err(|e| fail(&e))?;
    let digest = boring_digest(&path, &doc.cbor).map_err(|e| fail(&e))?;
    for (who, other) in [
        (
            "serde_json_path",
            serde_path_digest(&serde_path, &doc.value),
        ),
        ("hand walk", walk_digest(query, &doc.value)),
    ] {
        if other != digest {
            return Err(fail(&format!("{who} found {other:?}, boring {digest:?}")));
        }
    }
    let time = |f: &mut dyn FnMut()| boring_bench::batch::median_us(rounds, ROUND_MS, f);
    let boring = time(&mut || {
        black_box(boring_digest(&path, black_box(&doc.cbor)).ok());
    });
    let parse_walk = time(&mut || {
        black_box(walk_digest(query, &parse(black_box(&doc.json))));
    });
    let parse_path = time(&mut || {
        black_box(serde_path_digest(&serde_path, &parse(black_box(&doc.json))));
    });
    let path_only = time(&mut || {
        black_box(serde_path_digest(&serde_path, black_box(&doc.value)));
    });
    let walk_only = time(&mut || {
        black_box(walk_digest(query, black_box(&doc.value)));
    });
    Ok(Row {
        query,
        digest,
        boring,
        parse_walk,
        parse_path,
        path_only,
        walk_only,
    })
}

/// The Markdown report: the documents' sizes, then one row per query.
///
/// # Errors
///
/// A document that does not convert, a query that does not parse, or
/// contenders that disagree on what a query selects (a message naming it).
pub(crate) fn report(rounds: usize) -> Result<String, String> {
    let generated = serde_json::to_vec(&departments()).map_err(|e| e.to_string())?;
    let docs = [
        document("departments", generated)?,
        document("citm_catalog", CITM.to_vec())?,
    ];
    let mut out =
        String::from("| document | JSON bytes | CBOR bytes (Interop) |\n|---|---:|---:|\n");
    for d in &docs {
        let _ = writeln!(out, "| {} | {} | {} |", d.name, d.json.len(), d.cbor.len());
    }
    let mut rows = Vec::new();
    for query in &QUERIES {
        let doc = docs
            .iter()
            .find(|d| d.name == query.document)
            .ok_or_else(|| format!("no document {}", query.document))?;
        rows.push(measure(query, doc, rounds)?);
    }
    out.push_str(
        "\n| query | document | matches | boring::path over CBOR µs | serde_json parse + \
         hand walk µs (ratio) | serde_json parse + serde_json_path µs (ratio) | \
         serde_json_path on parsed Value µs | hand walk on parsed Value µs |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in &rows {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {:.0} | {:.0} ({:.1}×) | {:.0} ({:.1}×) | {:.0} | {:.0} |",
            r.query.path,
            r.query.document,
            r.digest.count,
            r.boring,
            r.parse_walk,
            r.parse_walk / r.boring,
            r.parse_path,
            r.parse_path / r.boring,
            r.path_only,
            r.walk_only,
        );
    }
    out.push_str(
        "\nRatios are the peer's time over boring::path's (above 1: boring::path is faster); \
         every contender selects the same nodes (checked before timing).\n",
    );
    Ok(out)
}

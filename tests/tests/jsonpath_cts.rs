//! The JSONPath (RFC 9535) compliance test suite over CBOR: each document
//! is written under the Interop profile, the selector run over the bytes,
//! and the matches and their normalized paths read back as JSON. A test
//! with `results` accepts any of its orders; an `invalid_selector` test
//! must be refused with `ErrorKind::BadPath`.

use boring::nav::Cursor;
use boring::path::Path;
use boring::{ErrorKind, Options, Profile, Value};
use serde_json::Value as Json;

/// How many of the suite's tests pass; the suite must not regress below.
const EXPECTED_PASSING: usize = 703;

fn to_json(value: &Value) -> Json {
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Integer(i) => match i64::try_from(*i) {
            Ok(i) => Json::from(i),
            Err(_) => Json::from(u64::try_from(*i).expect("a JSON integer")),
        },
        Value::Float(f) => Json::from(f.to_f64()),
        Value::Text(s) => Json::String(s.clone()),
        Value::Array(items) => Json::Array(items.iter().map(to_json).collect()),
        Value::Map(entries) => Json::Object(
            entries
                .iter()
                .map(|(k, v)| (k.as_str().expect("a text key").to_owned(), to_json(v)))
                .collect(),
        ),
        other => panic!("not JSON: {other:?}"),
    }
}

/// Runs one test; `Err` says why it failed.
fn run(test: &Json) -> Result<(), String> {
    let selector = test["selector"].as_str().ok_or("no selector")?;
    let parsed = Path::parse(selector);
    if test["invalid_selector"].as_bool() == Some(true) {
        return match parsed {
            Err(e) if matches!(e.kind(), ErrorKind::BadPath(_)) => Ok(()),
            Err(e) => Err(format!("refused with {e:?}")),
            Ok(_) => Err("accepted".into()),
        };
    }
    let path = parsed.map_err(|e| format!("refused: {e}"))?;
    let bytes = boring::to_vec_with(
        &boring_tests::json_to_value(&test["document"]),
        &Options::from(Profile::Interop),
    )
    .map_err(|e| e.to_string())?;
    let root = Cursor::new(&bytes).map_err(|e| e.to_string())?;
    let matches = path.matches(root).map_err(|e| e.to_string())?;
    let mut got = Vec::new();
    for m in &matches {
        got.push(to_json(&m.cursor.to_value().map_err(|e| e.to_string())?));
    }
    let got = Json::Array(got);
    let paths = Json::Array(
        matches
            .iter()
            .map(|m| Json::String(m.path.to_string()))
            .collect(),
    );
    // The values and the paths of one of the allowed orders.
    let (values, expected_paths): (Vec<&Json>, Vec<Option<&Json>>) = match test.get("results") {
        Some(Json::Array(all)) => {
            let all_paths = test.get("results_paths").and_then(Json::as_array);
            let paths_of = |i: usize| all_paths.and_then(|p| p.get(i));
            all.iter()
                .enumerate()
                .map(|(i, r)| (r, paths_of(i)))
                .unzip()
        }
        _ => (vec![&test["result"]], vec![test.get("result_paths")]),
    };
    let ok = values
        .iter()
        .zip(&expected_paths)
        .any(|(v, p)| **v == got && p.is_none_or(|p| *p == paths));
    if ok {
        Ok(())
    } else {
        Err(format!("got {got} at {paths}"))
    }
}

#[test]
fn compliance_suite() {
    let text = std::fs::read(boring_tests::data_dir().join("jsonpath/cts.json")).expect("cts.json");
    let suite: Json = serde_json::from_slice(&text).expect("valid JSON");
    let tests = suite["tests"].as_array().expect("tests");
    let mut failures = Vec::new();
    for test in tests {
        if let Err(why) = run(test) {
            failures.push(format!("{} ({}): {why}", test["name"], test["selector"]));
        }
    }
    let passing = tests.len() - failures.len();
    println!("JSONPath compliance: {passing} of {} pass", tests.len());
    for failure in &failures {
        println!("  failing: {failure}");
    }
    assert_eq!(tests.len(), 703);
    assert!(passing >= EXPECTED_PASSING, "{passing} pass: {failures:#?}");
}

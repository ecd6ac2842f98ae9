//! The reference's interop fixture (one stringref document, 26 entries, two
//! of them shaped arrays) decodes into `Value` with every entry as
//! `fixture_expected.json` describes it, and re-encodes to the same bytes.

#[path = "../interop/expected.rs"]
mod expected;

use boring::{Options, Value};
use serde_json::Value as Json;

fn conformance(file: &str) -> std::path::PathBuf {
    boring_tests::data_dir().join("interop").join(file)
}

fn fixture_entries_match_their_expected_values() {
    let bytes = std::fs::read(conformance("fixture.cbor")).expect("fixture.cbor");
    let spec: Json =
        serde_json::from_slice(&std::fs::read(conformance("fixture_expected.json")).unwrap())
            .expect("fixture_expected.json");
    let doc: Value = boring::from_slice(&bytes).expect("the fixture decodes");
    let entries = doc.as_map().expect("a map at the top");
    let cases = spec["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), cases.len());

    let mut failures = Vec::new();
    for case in cases {
        let position = case["position"].as_u64().unwrap() as usize;
        let key = case["key"].as_str().unwrap();
        let (k, v) = &entries[position];
        if k.as_str() != Some(key) {
            failures.push(format!("{key}: key at position {position} is {k:?}"));
        } else if let Err(why) = expected::check(v, &case["expected"]) {
            failures.push(format!("{key}: {why}"));
        }
    }
    let passed = cases.len() - failures.len();
    println!("interop fixture: {passed}/{} entries", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn fixture_reencodes_to_its_own_bytes() {
    let bytes = std::fs::read(conformance("fixture.cbor")).unwrap();
    let doc: Value = boring::from_slice(&bytes).unwrap();
    // Written by the reference with shapes on.
    let again = boring::to_vec_with(&doc, &Options::default().shapes(true)).unwrap();
    assert_eq!(expected::hex(&again), expected::hex(&bytes));
}

fn main() {
    boring_tests::run_checks(&[
        (
            "fixture_entries_match_their_expected_values",
            fixture_entries_match_their_expected_values,
        ),
        (
            "fixture_reencodes_to_its_own_bytes",
            fixture_reencodes_to_its_own_bytes,
        ),
    ]);
}

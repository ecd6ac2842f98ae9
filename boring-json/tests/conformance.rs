//! The JSON_checker suite and the three benchmark documents, from
//! `tests/data` (see its README for their origin).

use std::fs;
use std::path::{Path, PathBuf};

use boring::{Options, Profile};
use boring_json::{cbor_to_json, json_to_cbor, json_to_value, value_to_json, ErrorKind};
use serde_json::Value as Json;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn checker_files(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(data("jsonchecker"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(prefix) && !n.contains("_EXCLUDE"))
        .map(|n| {
            let bytes = fs::read(data("jsonchecker").join(&n)).unwrap();
            (n, bytes)
        })
        .collect();
    files.sort();
    files
}

/// Equal as parsed JSON, numbers of the same kind and floats equal by value
/// and sign.
fn same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => match (x.as_f64(), y.as_f64()) {
            _ if x.is_f64() != y.is_f64() => false,
            (Some(p), Some(q)) if x.is_f64() => p.to_bits() == q.to_bits(),
            _ => x == y,
        },
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn profiles() -> [Profile; 5] {
    [
        Profile::Interop,
        Profile::Default,
        Profile::Compact,
        Profile::Canonical,
        Profile::Archival,
    ]
}

#[test]
fn every_pass_file_parses_and_round_trips() {
    let files = checker_files("pass");
    assert_eq!(files.len(), 3);
    for (name, json) in files {
        let expected: Json = serde_json::from_slice(&json).unwrap();
        for profile in profiles() {
            let cbor = json_to_cbor(&json, &Options::from(profile))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let back = cbor_to_json(&cbor, &Options::from(profile), false).unwrap();
            let parsed: Json = serde_json::from_str(&back).unwrap();
            assert!(same(&expected, &parsed), "{name} under {profile:?}: {back}");
        }
    }
}

#[test]
fn every_fail_file_is_refused_with_an_offset() {
    let files = checker_files("fail");
    assert_eq!(files.len(), 31);
    for (name, json) in files {
        let err = json_to_cbor(&json, &Options::default()).expect_err(&name);
        let offset = err.offset().unwrap_or_else(|| panic!("{name}: no offset"));
        assert!(offset <= json.len(), "{name}: offset {offset}");
        assert!(
            matches!(err.kind(), ErrorKind::Syntax(_) | ErrorKind::DepthExceeded),
            "{name}: {err:?}"
        );
    }
}

#[test]
fn the_excluded_cases_are_accepted() {
    // A scalar at the top is JSON since RFC 7159, and 20 levels are within
    // the default depth limit.
    for name in ["fail01_EXCLUDE.json", "fail18_EXCLUDE.json"] {
        let json = fs::read(data("jsonchecker").join(name)).unwrap();
        json_to_cbor(&json, &Options::default()).unwrap();
    }
}

fn round_trip(name: &str) {
    let json = fs::read(data(name)).unwrap();
    let expected: Json = serde_json::from_slice(&json).unwrap();
    for profile in profiles() {
        let options = Options::from(profile);
        let cbor = json_to_cbor(&json, &options).unwrap();
        for pretty in [false, true] {
            let back = cbor_to_json(&cbor, &options, pretty).unwrap();
            let parsed: Json = serde_json::from_str(&back).unwrap();
            assert!(same(&expected, &parsed), "{name} under {profile:?}");
        }
    }
    let value = json_to_value(&json).unwrap();
    let back: Json = serde_json::from_str(&value_to_json(&value, false).unwrap()).unwrap();
    assert!(same(&expected, &back), "{name} through Value");
}

#[test]
fn canada_round_trips() {
    round_trip("canada.json");
}

#[test]
fn citm_catalog_round_trips() {
    round_trip("citm_catalog.json");
}

#[test]
fn twitter_round_trips() {
    round_trip("twitter.json");
}

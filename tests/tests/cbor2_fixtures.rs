//! Documents written by Python's cbor2 (committed under `tests/interop/fixtures`
//! by `gen_cbor2_fixtures.py`) decode into `Value` as `fixtures.json`
//! describes them, and those written in a form boring also writes re-encode
//! to the same bytes. Pure Rust: no Python runs here.

#[path = "../interop/expected.rs"]
mod expected;

use boring::{Options, Profile, Value};
use expected::hex;
use serde_json::Value as Json;

fn fixtures_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("interop/fixtures")
}

fn listing() -> Vec<Json> {
    let text = std::fs::read(fixtures_dir().join("fixtures.json")).expect("fixtures.json");
    let doc: Json = serde_json::from_slice(&text).expect("valid JSON");
    doc["fixtures"].as_array().expect("fixtures").clone()
}

fn load(name: &str) -> (Vec<u8>, Value) {
    let bytes = std::fs::read(fixtures_dir().join(name)).expect(name);
    let value = boring::from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    (bytes, value)
}

fn cbor2_documents_decode_as_described() {
    let fixtures = listing();
    assert_eq!(fixtures.len(), 5);
    let mut failures = Vec::new();
    for fixture in &fixtures {
        let name = fixture["file"].as_str().unwrap();
        let (bytes, value) = load(name);
        assert_eq!(
            Some(bytes.len() as u64),
            fixture["size_bytes"].as_u64(),
            "{name}"
        );
        if let Err(why) = expected::check(&value, &fixture["expected"]) {
            failures.push(format!("{name}: {why}"));
        }
        if let Some(profile) = fixture["reencode_profile"].as_str() {
            let options = Options::from(Profile::from_name(profile).unwrap());
            let again = boring::to_vec_with(&value, &options).unwrap();
            if again != bytes {
                failures.push(format!(
                    "{name}: {profile} wrote {} for {}",
                    hex(&again),
                    hex(&bytes)
                ));
            }
        }
    }
    println!(
        "cbor2 fixtures: {}/{}",
        fixtures.len() - failures.len(),
        fixtures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// cbor2 references repeated byte strings too (boring only registers them):
/// the references resolve to the same bytes.
fn cbor2_byte_string_references_resolve() {
    let (bytes, value) = load("stringref.cbor");
    assert_eq!(&bytes[..3], [0xd9, 0x01, 0x00]);
    let items = value.get("bytes-repeat").and_then(Value::as_array).unwrap();
    assert_eq!(items[0].as_bytes(), Some(&b"abcd"[..]));
    assert_eq!(items[1].as_bytes(), Some(&b"abcd"[..]));
    assert_eq!(items[3].as_str(), Some("abcd"));
    // Written back by boring, the second byte string is a literal again.
    let again = boring::to_vec(&value).unwrap();
    let back: Value = boring::from_slice(&again).unwrap();
    assert_eq!(back, value);
}

/// cbor2's canonical mode and boring's `canonical-rfc7049` agree byte for
/// byte, and re-sorting under `canonical` (bytewise) only moves entries.
fn cbor2_canonical_matches_canonical_rfc7049() {
    let (bytes, value) = load("canonical.cbor");
    let rfc7049 = boring::to_vec_with(&value, &Profile::CanonicalRfc7049.into()).unwrap();
    assert_eq!(hex(&rfc7049), hex(&bytes));
    let rfc8949 = boring::to_vec_with(&value, &Profile::Canonical.into()).unwrap();
    assert_eq!(rfc8949.len(), bytes.len());
    let back: Value = boring::from_slice(&rfc8949).unwrap();
    assert_eq!(
        boring::to_vec_with(&back, &Profile::CanonicalRfc7049.into()).unwrap(),
        bytes
    );
}

fn main() {
    boring_tests::run_checks(&[
        (
            "cbor2_documents_decode_as_described",
            cbor2_documents_decode_as_described,
        ),
        (
            "cbor2_byte_string_references_resolve",
            cbor2_byte_string_references_resolve,
        ),
        (
            "cbor2_canonical_matches_canonical_rfc7049",
            cbor2_canonical_matches_canonical_rfc7049,
        ),
    ]);
}

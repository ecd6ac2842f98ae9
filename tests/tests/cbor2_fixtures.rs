//! Documents written by Python's cbor2 (committed under `tests/interop/fixtures`
//! by `gen_cbor2_fixtures.py`) decode into `Value` as `fixtures.json`
//! describes them, and those written in a form boring also writes re-encode
//! to the same bytes. Pure Rust: no Python runs here.
//!
//! One trial per fixture (`fixture::scalars.cbor`) and one per further
//! check; libtest-mimic gives them libtest's command line. The counts line
//! follows the harness's summary.

use std::process::ExitCode;

use boring::{Options, Profile, Value};
use boring_tests::{expected, to_hex, trials, Count};
use libtest_mimic::Arguments;
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

/// One listed fixture has its size, decodes as described and, when it names
/// a profile, re-encodes under it to the same bytes.
fn decodes_as_described(fixture: &Json) -> Result<(), String> {
    let name = fixture["file"].as_str().ok_or("a fixture without a file")?;
    let (bytes, value) = load(name);
    if Some(bytes.len() as u64) != fixture["size_bytes"].as_u64() {
        return Err(format!(
            "{} bytes, listed as {}",
            bytes.len(),
            fixture["size_bytes"]
        ));
    }
    expected::check(&value, &fixture["expected"])?;
    if let Some(profile_name) = fixture["reencode_profile"].as_str() {
        let profile = Profile::from_name(profile_name)
            .ok_or_else(|| format!("unknown profile {profile_name}"))?;
        let again = boring::to_vec_with(&value, &Options::from(profile))
            .map_err(|e| format!("encode: {e}"))?;
        if again != bytes {
            return Err(format!(
                "{profile_name} wrote {} for {}",
                to_hex(&again),
                to_hex(&bytes)
            ));
        }
    }
    Ok(())
}

/// All five fixtures are listed, so that a truncated listing cannot pass by
/// running fewer trials.
fn listing_has_five_fixtures() {
    assert_eq!(listing().len(), 5);
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
    assert_eq!(to_hex(&rfc7049), to_hex(&bytes));
    let rfc8949 = boring::to_vec_with(&value, &Profile::Canonical.into()).unwrap();
    assert_eq!(rfc8949.len(), bytes.len());
    let back: Value = boring::from_slice(&rfc8949).unwrap();
    assert_eq!(
        boring::to_vec_with(&back, &Profile::CanonicalRfc7049.into()).unwrap(),
        bytes
    );
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let described = Count::default();
    let mut trials = trials::counted(
        listing(),
        &described,
        |item| format!("fixture::{}", item["file"].as_str().unwrap_or_default()),
        decodes_as_described,
    );
    let checks: [(&str, fn()); 3] = [
        ("listing_has_five_fixtures", listing_has_five_fixtures),
        (
            "byte_string_references_resolve",
            cbor2_byte_string_references_resolve,
        ),
        (
            "canonical_matches_canonical_rfc7049",
            cbor2_canonical_matches_canonical_rfc7049,
        ),
    ];
    trials.extend(trials::plain(&checks));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("cbor2 fixtures: {described}");
    }
    conclusion.exit_code()
}

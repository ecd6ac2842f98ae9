//! The reference's interop fixture (one stringref document, 26 entries, two
//! of them shaped arrays) decodes into `Value` with every entry as
//! `fixture_expected.json` describes it, and re-encodes to the same bytes.
//!
//! One trial per entry, named by its key (`entry::ratio`), and one per
//! whole-document check; libtest-mimic gives them libtest's command line.
//! The counts line follows the harness's summary.

use std::process::ExitCode;

use boring::{Options, Value};
use boring_tests::{expected, to_hex, trials, Count};
use libtest_mimic::Arguments;
use serde_json::Value as Json;

fn conformance(file: &str) -> std::path::PathBuf {
    boring_tests::data_dir().join("interop").join(file)
}

fn fixture() -> Value {
    let bytes = std::fs::read(conformance("fixture.cbor")).expect("fixture.cbor");
    boring::from_slice(&bytes).expect("the fixture decodes")
}

fn spec_entries() -> Vec<Json> {
    let spec: Json =
        serde_json::from_slice(&std::fs::read(conformance("fixture_expected.json")).unwrap())
            .expect("fixture_expected.json");
    spec["entries"].as_array().expect("entries").clone()
}

/// The entry `case` describes sits at its position under its key, with the
/// value it describes.
fn entry_matches(case: &Json) -> Result<(), String> {
    let doc = fixture();
    let entries = doc.as_map().ok_or("no map at the top")?;
    let position = case["position"].as_u64().ok_or("no position")? as usize;
    let key = case["key"].as_str().ok_or("no key")?;
    let (k, v) = entries
        .get(position)
        .ok_or_else(|| format!("no entry at position {position}"))?;
    if k.as_str() != Some(key) {
        return Err(format!("key at position {position} is {k:?}"));
    }
    expected::check(v, &case["expected"])
}

/// The document has as many entries as the listing describes.
fn fixture_has_the_listed_entries() {
    let doc = fixture();
    assert_eq!(
        doc.as_map().expect("a map at the top").len(),
        spec_entries().len()
    );
}

fn fixture_reencodes_to_its_own_bytes() {
    let bytes = std::fs::read(conformance("fixture.cbor")).unwrap();
    let doc: Value = boring::from_slice(&bytes).unwrap();
    // Written by the reference with shapes on.
    let again = boring::to_vec_with(&doc, &Options::default().shapes(true)).unwrap();
    assert_eq!(to_hex(&again), to_hex(&bytes));
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let matched = Count::default();
    let mut trials = trials::counted(
        spec_entries(),
        &matched,
        |item| format!("entry::{}", item["key"].as_str().unwrap_or_default()),
        entry_matches,
    );
    let checks: [(&str, fn()); 2] = [
        ("has_the_listed_entries", fixture_has_the_listed_entries),
        (
            "reencodes_to_its_own_bytes",
            fixture_reencodes_to_its_own_bytes,
        ),
    ];
    trials.extend(trials::plain(&checks));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("interop fixture: {matched} entries");
    }
    conclusion.exit_code()
}

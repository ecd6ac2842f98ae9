//! RFC 8949 Appendix F.1: every not-well-formed example is refused with the
//! reference's error kind. Entry 90 carries two forms (the reference's
//! transcription and the RFC's own bytes), each with its own kind; both are
//! checked.
//!
//! Runs as a plain binary so that the counts show in `cargo test` output.

use std::process::ExitCode;

use boring::Value;
use boring_tests::{hex, load_rows, reference_kind, to_hex};

/// Decodes `bytes` and requires an error whose reference name is `want`.
fn expect_refused(bytes: &[u8], want: &str) -> Result<(), String> {
    match boring::from_slice::<Value>(bytes) {
        Ok(v) => Err(format!("{} decoded as {v:?}", to_hex(bytes))),
        Err(e) if e.kind().reference_name() == want => Ok(()),
        Err(e) => Err(format!(
            "{} refused as {} ({e}), expected {want}",
            to_hex(bytes),
            e.kind().reference_name()
        )),
    }
}

fn main() -> ExitCode {
    let rows = load_rows("appendix_f.json");
    let (mut passed, mut failed) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let want = row.str("boring_error").unwrap_or_default();
        let mut result = expect_refused(&row.bytes(), reference_kind(&want));
        if let Some(rfc) = row.str("rfc_hex") {
            let rfc_want = row.str("rfc_hex_boring_error").unwrap_or_default();
            result = result.and_then(|()| expect_refused(&hex(&rfc), reference_kind(&rfc_want)));
        }
        match result {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                let label = row.str("label").unwrap_or_default();
                println!("FAIL appendix F #{i} {label}: {why}");
            }
        }
    }
    println!(
        "appendix F: {passed}/{} rejected with the expected kind",
        rows.len()
    );
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed == rows.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

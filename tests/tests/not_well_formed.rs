//! The CBOR working group's not-well-formed corpus: every case is refused
//! with the reference's error kind, under the default options and again
//! with a depth limit of 256.
//!
//! Runs as a plain binary so that the counts show in `cargo test` output.

use std::process::ExitCode;

use boring::{Options, Value};
use boring_tests::{load_rows, reference_kind, to_hex};

fn expect_refused(bytes: &[u8], opts: &Options, want: &str) -> Result<(), String> {
    match boring::from_slice_with::<Value>(bytes, opts) {
        Ok(v) => Err(format!("decoded as {v:?}")),
        Err(e) if e.kind().reference_name() == want => Ok(()),
        Err(e) => Err(format!(
            "refused as {} ({e}), expected {want}",
            e.kind().reference_name()
        )),
    }
}

fn main() -> ExitCode {
    let rows = load_rows("not_well_formed.json");
    let default = Options::default();
    let shallow = Options::default().max_depth(256);
    let (mut passed, mut failed) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let bytes = row.bytes();
        let want_default = row.str("boring_error_default").unwrap_or_default();
        let want_shallow = row.str("boring_error_max_depth_256").unwrap_or_default();
        let result = expect_refused(&bytes, &default, reference_kind(&want_default))
            .map_err(|why| format!("default options: {why}"))
            .and_then(|()| {
                expect_refused(&bytes, &shallow, reference_kind(&want_shallow))
                    .map_err(|why| format!("max_depth 256: {why}"))
            });
        match result {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                let shown = to_hex(&bytes);
                let shown = if shown.len() > 40 {
                    format!("{}… ({} bytes)", &shown[..40], bytes.len())
                } else {
                    shown
                };
                println!("FAIL not-well-formed #{i} {shown}: {why}");
            }
        }
    }
    println!(
        "not well-formed: {passed}/{} rejected with the expected kind (default and max_depth 256)",
        rows.len()
    );
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed == rows.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

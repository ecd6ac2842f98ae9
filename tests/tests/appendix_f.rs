//! RFC 8949 Appendix F.1: every not-well-formed example is refused with the
//! reference's error kind. Entry 90 carries two forms (the reference's
//! transcription and the RFC's own bytes), each with its own kind; both are
//! checked.
//!
//! One trial per form, named by the entry's label (`vector::head-18`, and
//! `vector::break-odd-map-2/rfc` for entry 90's RFC form), and one that pins
//! the corpus's size; libtest-mimic gives them libtest's command line. The
//! counts line follows the harness's summary.

use std::process::ExitCode;

use boring::Value;
use boring_tests::{hex, load_rows, reference_kind, to_hex, Count};
use libtest_mimic::{Arguments, Failed, Trial};

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

/// A trial refusing `bytes` with the reference kind `want`.
fn trial(name: String, bytes: Vec<u8>, want: String, rejected: &Count) -> Trial {
    let rejected = rejected.clone();
    Trial::test(name, move || {
        rejected
            .check(|| expect_refused(&bytes, reference_kind(&want)))
            .map_err(Failed::from)
    })
}

/// All 94 entries of F.1 are there, so that a truncated file cannot pass by
/// running fewer trials.
fn corpus_is_complete() -> Result<(), Failed> {
    let rows = load_rows("appendix_f.json");
    let rfc_forms = rows
        .iter()
        .filter(|row| row.str("rfc_hex").is_some())
        .count();
    if (rows.len(), rfc_forms) == (94, 1) {
        Ok(())
    } else {
        Err(format!(
            "{} entries, {rfc_forms} with an RFC form; expected 94, 1",
            rows.len()
        )
        .into())
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let rejected = Count::default();
    let mut trials = Vec::new();
    for row in load_rows("appendix_f.json") {
        let label = row.str("label").expect("every entry has a label");
        let want = row.str("boring_error").unwrap_or_default();
        trials.push(trial(
            format!("vector::{label}"),
            row.bytes(),
            want,
            &rejected,
        ));
        if let Some(rfc) = row.str("rfc_hex") {
            let want = row.str("rfc_hex_boring_error").unwrap_or_default();
            trials.push(trial(
                format!("vector::{label}/rfc"),
                hex(&rfc),
                want,
                &rejected,
            ));
        }
    }
    trials.push(Trial::test("corpus::is_complete", corpus_is_complete));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("appendix F: {rejected} forms rejected with the expected kind");
    }
    conclusion.exit_code()
}

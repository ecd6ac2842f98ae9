//! The CBOR working group's not-well-formed corpus: every case is refused
//! with the reference's error kind, under the default options and again
//! with a depth limit of 256.
//!
//! One trial per case, named by its index and hex (`vector::05_1a0000`),
//! and one that pins the corpus's size; libtest-mimic gives them libtest's
//! command line. The counts line follows the harness's summary.

use std::process::ExitCode;

use boring::{Options, Value};
use boring_tests::{load_rows, reference_kind, vector_name, Count, Row};
use libtest_mimic::{Arguments, Failed, Trial};

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

/// Refused with the row's kind under the default options, and with its
/// other kind under a depth limit of 256.
fn check(row: &Row) -> Result<(), String> {
    let bytes = row.bytes();
    let want_default = row.str("boring_error_default").unwrap_or_default();
    let want_shallow = row.str("boring_error_max_depth_256").unwrap_or_default();
    expect_refused(&bytes, &Options::default(), reference_kind(&want_default))
        .map_err(|why| format!("default options: {why}"))?;
    let shallow = Options::default().max_depth(256);
    expect_refused(&bytes, &shallow, reference_kind(&want_shallow))
        .map_err(|why| format!("max_depth 256: {why}"))
}

/// All 47 cases are there, so that a truncated file cannot pass by running
/// fewer trials.
fn corpus_is_complete() -> Result<(), Failed> {
    let len = load_rows("not_well_formed.json").len();
    if len == 47 {
        Ok(())
    } else {
        Err(format!("{len} cases, expected 47").into())
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let rows = load_rows("not_well_formed.json");
    let rejected = Count::default();
    let len = rows.len();
    let mut trials = Vec::with_capacity(len + 1);
    for (i, row) in rows.into_iter().enumerate() {
        let name = format!("vector::{}", vector_name(i, len, &row.bytes()));
        let rejected = rejected.clone();
        trials.push(Trial::test(name, move || {
            rejected.check(|| check(&row)).map_err(Failed::from)
        }));
    }
    trials.push(Trial::test("corpus::is_complete", corpus_is_complete));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!(
            "not well-formed: {rejected} rejected with the expected kind (default and max_depth 256)"
        );
    }
    conclusion.exit_code()
}

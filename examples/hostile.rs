//! Hostile inputs against the decoder's memory and time bounds: each case
//! builds one adversarial document, decodes it once and prints the outcome
//! (a value or a typed error with its offset) and the wall time. Peak
//! memory is measured from outside, one case per process:
//!
//! ```sh
//! cargo build --release -p boring-examples --example hostile
//! /usr/bin/time -v target/release/examples/hostile f1    # "Maximum resident set size"
//! ```
//!
//! `docs/SECURITY.md` lists the cases and the figures this prints.

use std::process::ExitCode;
use std::time::Instant;

use boring::{DuplicateKeys, Options, Value};
use boring_schemas::hostile::{head, late_duplicate, nested_counts, one_key_table};

/// F1: a table declaring a million rows over sixteen empty columns.
fn table_rows_before_columns() -> Vec<u8> {
    let mut doc = vec![0xd9, 0x9a, 0xe5, 0x83, 0x90];
    doc.extend(0u8..16);
    doc.extend([0x1a, 0x00, 0x0f, 0x42, 0x40, 0x90]);
    doc.extend([0x80; 16]);
    doc.resize(1_000_000, 0);
    doc
}

/// F5: a one-key table whose plain column holds two cells nested `depth`
/// arrays deep.
fn deep_cells(depth: usize) -> Vec<u8> {
    let mut doc = vec![0xd9, 0x9a, 0xe5, 0x83, 0x81, 0x61, 0x61, 0x02, 0x81, 0x82];
    for _ in 0..2 {
        doc.extend(std::iter::repeat_n(0x81, depth));
        doc.push(0x00);
    }
    doc
}

/// F7: one 64 KiB text literal, then `refs` stringrefs to it.
fn stringref_fanout(refs: u64) -> Vec<u8> {
    let mut doc = vec![0xd9, 0x01, 0x00];
    doc.extend(head(0x80, refs + 1));
    doc.extend([0x7a, 0x00, 0x01, 0x00, 0x00]);
    doc.extend(std::iter::repeat_n(b's', 65_536));
    for _ in 0..refs {
        doc.extend([0xd8, 0x19, 0x00]);
    }
    doc
}

fn report<T>(name: &str, input: usize, run: impl FnOnce() -> Result<T, boring::Error>) {
    let start = Instant::now();
    let outcome = match run() {
        Ok(_) => "Ok".to_owned(),
        Err(e) => format!("{:?} at byte {}", e.kind(), e.offset().unwrap_or(0)),
    };
    let ms = start.elapsed().as_secs_f64() * 1e3;
    println!("{name}: {input} bytes of input -> {outcome} in {ms:.1} ms");
}

fn value(doc: &[u8], opts: &Options) -> Result<Value, boring::Error> {
    boring::from_slice_with(doc, opts)
}

fn main() -> ExitCode {
    let case = std::env::args().nth(1).unwrap_or_default();
    let plain = Options::default();
    let kept = Options::default().expand_shapes(false);
    match case.as_str() {
        "f1" => {
            let doc = table_rows_before_columns();
            report("f1", doc.len(), || value(&doc, &plain));
        }
        "f2" | "f2-30k" | "f2-kept" | "f2-shaped" => {
            let rows = if case == "f2-30k" { 30_000 } else { 10_000 };
            let doc = if case == "f2-shaped" {
                one_key_table(false, 65_536, rows)
            } else {
                one_key_table(true, 65_536, rows)
            };
            let opts = if case == "f2-kept" { &kept } else { &plain };
            report(&case, doc.len(), || value(&doc, opts));
        }
        "f3" => {
            let doc = nested_counts(1000, 1 << 20);
            report("f3", doc.len(), || value(&doc, &plain));
        }
        "f4" | "f4-200k" => {
            let keys = if case == "f4" { 20_000 } else { 200_000 };
            let doc = late_duplicate(keys);
            let opts = Options::default().duplicate_keys(DuplicateKeys::LastWins);
            report(&case, doc.len(), || value(&doc, &opts));
        }
        "f5" => {
            let doc = deep_cells(900);
            let len = doc.len();
            let worker = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || report("f5", len, || value(&doc, &kept)));
            if !worker.is_ok_and(|w| w.join().is_ok()) {
                return ExitCode::FAILURE;
            }
        }
        "f7" | "f7-strings" | "f7-items" => {
            let doc = stringref_fanout(10_000);
            match case.as_str() {
                "f7-strings" => {
                    report(&case, doc.len(), || boring::from_slice::<Vec<String>>(&doc))
                }
                "f7-items" => {
                    let opts = Options::default().max_items(Some(1_000_000));
                    report(&case, doc.len(), || value(&doc, &opts));
                }
                _ => report(&case, doc.len(), || value(&doc, &plain)),
            }
        }
        _ => {
            eprintln!(
                "usage: hostile f1|f2|f2-30k|f2-kept|f2-shaped|f3|f4|f4-200k|f5|f7|f7-strings|f7-items"
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

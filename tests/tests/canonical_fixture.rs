//! The reference's cross-implementation canonical corpus (990 rows): every
//! value, decoded into `Value` from its transport encoding, re-encodes under
//! `canonical-rfc7049` and `canonical` to exactly the reference's bytes.
//! See `tests/data/interop/canonical_expected.md`.
//!
//! One trial per row, named by its label (`row::uint-65535`), and one that
//! pins the corpus's size; libtest-mimic gives them libtest's command line.
//! The counts line follows the harness's summary.

use std::process::ExitCode;

use boring::{Options, Profile, Value};
use boring_tests::{to_hex, Count};
use libtest_mimic::{Arguments, Failed, Trial};

struct Row {
    label: String,
    value: Vec<u8>,
    rfc7049: Value,
    rfc8949: Vec<u8>,
    flags: Vec<String>,
}

impl Row {
    fn has_flag(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

fn rows() -> Vec<Row> {
    let path = boring_tests::data_dir().join("interop/canonical_fixture.cbor");
    let bytes = std::fs::read(path).expect("canonical_fixture.cbor");
    let file: Value = boring::from_slice(&bytes).expect("the corpus decodes");
    file.into_array()
        .expect("an array of rows")
        .into_iter()
        .map(|row| {
            let mut cols = row.into_array().expect("a row is an array");
            assert_eq!(cols.len(), 5);
            let flags = std::mem::take(&mut cols[4]).into_array().unwrap();
            Row {
                label: std::mem::take(&mut cols[0]).into_text().unwrap(),
                value: cols[1].as_bytes().unwrap().to_vec(),
                rfc7049: std::mem::take(&mut cols[2]),
                rfc8949: cols[3].as_bytes().unwrap().to_vec(),
                flags: flags.into_iter().map(|f| f.into_text().unwrap()).collect(),
            }
        })
        .collect()
}

/// Builds a `rep` row's value from `["rep", kind, n, unit]` and its expected
/// bytes from `["rep-enc", head, unit-encoding, n]`.
fn rep(row: &Row) -> (Value, Vec<u8>) {
    let spec: Value = boring::from_slice(&row.value).unwrap();
    let [_, kind, n, unit] = spec.as_array().unwrap() else {
        panic!("{}: rep spec", row.label)
    };
    let n = n.as_u64().unwrap() as usize;
    let value = match kind.as_str().unwrap() {
        "text" => Value::from(unit.as_str().unwrap().repeat(n)),
        "bytes" => Value::Bytes(vec![unit.as_u64().unwrap() as u8; n]),
        "array" => Value::Array(vec![unit.clone(); n].into()),
        other => panic!("{}: rep kind {other}", row.label),
    };
    let parts = row.rfc7049.as_array().expect("rep-enc array");
    assert_eq!(parts[0].as_str(), Some("rep-enc"));
    let (head, unit_bytes) = (parts[1].as_bytes().unwrap(), parts[2].as_bytes().unwrap());
    let mut want = head.to_vec();
    for _ in 0..parts[3].as_u64().unwrap() {
        want.extend_from_slice(unit_bytes);
    }
    (value, want)
}

/// What the trials count, for the line printed after the harness's summary.
#[derive(Clone, Default)]
struct Counts {
    value_rows: Count,
    rep_rows: Count,
    collapse: Count,
    encodings: Count,
}

/// One row's value re-encodes under both canonical profiles to exactly the
/// reference's bytes.
fn check(row: &Row, counts: &Counts) -> Result<(), String> {
    let (value, want7049, want8949) = if row.has_flag("rep") {
        let (value, want) = rep(row);
        if !row.rfc8949.is_empty() {
            return Err("a rep row with its own canonical bytes".into());
        }
        (value, want.clone(), want)
    } else {
        let value: Value = boring::from_slice(&row.value)
            .map_err(|e| format!("decode {}: {e}", to_hex(&row.value)))?;
        if row.has_flag("py-collapse") {
            // Keys equal in Python but distinct CBOR items stay distinct.
            counts.collapse.check(|| {
                let size = value
                    .as_map()
                    .map(<[_]>::len)
                    .or_else(|| value.as_set().map(<[_]>::len));
                match size {
                    Some(2) => Ok(()),
                    other => Err(format!("py-collapse row of size {other:?}, expected 2")),
                }
            })?;
        }
        let want7049 = row
            .rfc7049
            .as_bytes()
            .ok_or("expected-7049 is not a byte string")?
            .to_vec();
        let want8949 = if row.rfc8949.is_empty() {
            want7049.clone()
        } else {
            row.rfc8949.clone()
        };
        (value, want7049, want8949)
    };
    let mut failures = Vec::new();
    for (name, profile, want) in [
        ("canonical-rfc7049", Profile::CanonicalRfc7049, &want7049),
        ("canonical", Profile::Canonical, &want8949),
    ] {
        let encoded =
            counts.encodings.check(
                || match boring::to_vec_with(&value, &Options::from(profile)) {
                    Ok(got) if &got == want => Ok(()),
                    Ok(got) => Err(format!(
                        "[{name}]: got {} want {}",
                        shorten(&to_hex(&got)),
                        shorten(&to_hex(want))
                    )),
                    Err(e) => Err(format!("[{name}]: {e}")),
                },
            );
        failures.extend(encoded.err());
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// All 990 rows are there, in the expected mix, so that a truncated corpus
/// cannot pass by running fewer trials.
fn corpus_is_complete() -> Result<(), Failed> {
    let rows = rows();
    let reps = rows.iter().filter(|row| row.has_flag("rep")).count();
    let collapse = rows
        .iter()
        .filter(|row| row.has_flag("py-collapse"))
        .count();
    let plain = rows.len() - reps;
    if (plain, reps, collapse) == (981, 9, 4) {
        Ok(())
    } else {
        Err(format!(
            "{plain} value rows ({collapse} py-collapse) + {reps} rep rows; expected 981 (4) + 9"
        )
        .into())
    }
}

fn shorten(hex: &str) -> String {
    if hex.len() > 160 {
        format!("{}…({} hex digits)", &hex[..160], hex.len())
    } else {
        hex.to_string()
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let counts = Counts::default();
    let mut trials: Vec<Trial> = rows()
        .into_iter()
        .map(|row| {
            let counts = counts.clone();
            Trial::test(format!("row::{}", row.label), move || {
                let kind = if row.has_flag("rep") {
                    &counts.rep_rows
                } else {
                    &counts.value_rows
                };
                kind.check(|| check(&row, &counts)).map_err(Failed::from)
            })
        })
        .collect();
    trials.push(Trial::test("corpus::is_complete", corpus_is_complete));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!(
            "canonical corpus: {} value rows ({} py-collapse) + {} rep rows, {} encodings exact",
            counts.value_rows, counts.collapse, counts.rep_rows, counts.encodings
        );
    }
    conclusion.exit_code()
}

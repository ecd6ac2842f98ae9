//! The reference's cross-implementation canonical corpus (990 rows): every
//! value, decoded into `Value` from its transport encoding, re-encodes under
//! `canonical-rfc7049` and `canonical` to exactly the reference's bytes.
//! See `tests/data/interop/canonical_expected.md`.

#[path = "../interop/expected.rs"]
mod expected;

use boring::{Options, Profile, Value};
use expected::hex;

struct Row {
    label: String,
    value: Vec<u8>,
    rfc7049: Value,
    rfc8949: Vec<u8>,
    flags: Vec<String>,
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
        "array" => Value::Array(vec![unit.clone(); n]),
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

fn canonical_corpus_reencodes_exactly() {
    let rows = rows();
    assert_eq!(rows.len(), 990);
    let rfc7049 = Options::from(Profile::CanonicalRfc7049);
    let rfc8949 = Options::from(Profile::Canonical);
    let (mut plain, mut reps, mut collapse) = (0, 0, 0);
    let mut failures = Vec::new();
    for row in &rows {
        let (value, want7049, want8949) = if row.flags.iter().any(|f| f == "rep") {
            reps += 1;
            let (value, want) = rep(row);
            assert!(row.rfc8949.is_empty(), "{}", row.label);
            (value, want.clone(), want)
        } else {
            plain += 1;
            let value: Value = match boring::from_slice(&row.value) {
                Ok(v) => v,
                Err(e) => {
                    failures.push(format!("{}: decode {}: {e}", row.label, hex(&row.value)));
                    continue;
                }
            };
            if row.flags.iter().any(|f| f == "py-collapse") {
                collapse += 1;
                // Keys equal in Python but distinct CBOR items stay distinct.
                let size = value
                    .as_map()
                    .map(<[_]>::len)
                    .or_else(|| value.as_set().map(<[_]>::len));
                assert_eq!(size, Some(2), "{}", row.label);
            }
            let want7049 = row.rfc7049.as_bytes().unwrap().to_vec();
            let want8949 = if row.rfc8949.is_empty() {
                want7049.clone()
            } else {
                row.rfc8949.clone()
            };
            (value, want7049, want8949)
        };
        for (name, options, want) in [
            ("canonical-rfc7049", &rfc7049, &want7049),
            ("canonical", &rfc8949, &want8949),
        ] {
            match boring::to_vec_with(&value, options) {
                Ok(got) if &got == want => {}
                Ok(got) => failures.push(format!(
                    "{} [{name}]: got {} want {}",
                    row.label,
                    shorten(&hex(&got)),
                    shorten(&hex(want))
                )),
                Err(e) => failures.push(format!("{} [{name}]: {e}", row.label)),
            }
        }
    }
    println!(
        "canonical corpus: {plain} value rows ({collapse} py-collapse) + {reps} rep rows, \
         {} failing encodings of {}",
        failures.len(),
        2 * rows.len()
    );
    assert_eq!((plain, reps, collapse), (981, 9, 4));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn shorten(hex: &str) -> String {
    if hex.len() > 160 {
        format!("{}…({} hex digits)", &hex[..160], hex.len())
    } else {
        hex.to_string()
    }
}

fn main() {
    boring_tests::run_checks(&[(
        "canonical_corpus_reencodes_exactly",
        canonical_corpus_reencodes_exactly,
    )]);
}

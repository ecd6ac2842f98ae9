//! Shared helpers for the integration tests: locating and loading the
//! conformance vectors, the one hex encoder and decoder, the typed JSON
//! comparison of the interop files, the counts the conformance suites print,
//! and the fuzz targets' bodies, types and seeds (so that `cargo fuzz` and
//! the ordinary test suite exercise the same checks).

pub mod expected;
pub mod fuzz;
pub mod generate;
pub mod profiles;
pub mod trials;

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use boring::{Options, Profile, Reader, Value};
use serde_json::value::RawValue;

/// The directory holding the test vectors (`tests/data`, provenance in its
/// README), found from this package's manifest so that tests do not depend
/// on the working directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/"))
}

/// Decodes a hex string (either case; white space between digits is
/// ignored, so tests can group bytes as the wire groups them).
///
/// # Panics
///
/// On an odd length or a non-hex digit: the fixtures are fixed data, so a
/// malformed one is a broken checkout, not a case to report.
pub fn hex(text: &str) -> Vec<u8> {
    let text: String = text.split_whitespace().collect();
    let text = text.as_str();
    assert!(
        text.len().is_multiple_of(2),
        "odd-length hex string {text:?}"
    );
    (0..text.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&text[i..i + 2], 16)
                .unwrap_or_else(|_| panic!("bad hex digits at {i} in {text:?}"))
        })
        .collect()
}

/// A JSON value as the `Value` a JSON reader makes of it: integers that
/// fit 64 bits stay integers, other numbers are `f64`, objects are maps
/// with text keys in their order.
pub fn json_to_value(json: &serde_json::Value) -> Value {
    use serde_json::Value as Json;
    match json {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Value::Integer(i128::from(i)),
            (_, Some(u)) => Value::Integer(i128::from(u)),
            _ => Value::from(n.as_f64().expect("a finite number")),
        },
        Json::String(s) => Value::Text(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(json_to_value).collect()),
        Json::Object(entries) => Value::Map(
            entries
                .iter()
                .map(|(k, v)| (Value::Text(k.clone()), json_to_value(v)))
                .collect(),
        ),
    }
}

/// Lower-case hex of `bytes`, for failure messages.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One object of a conformance file, fields kept as raw JSON text so that
/// integers beyond 64 bits are not rounded through `f64`.
#[derive(Debug)]
pub struct Row {
    fields: BTreeMap<String, Box<RawValue>>,
}

impl Row {
    /// The raw JSON text of `name`, if present.
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(|raw| raw.get())
    }

    /// `name` parsed as a JSON value, if present.
    pub fn json(&self, name: &str) -> Option<serde_json::Value> {
        self.raw(name)
            .map(|raw| serde_json::from_str(raw).unwrap_or_else(|e| panic!("field {name}: {e}")))
    }

    /// A string field, if present and a string.
    pub fn str(&self, name: &str) -> Option<String> {
        match self.json(name) {
            Some(serde_json::Value::String(s)) => Some(s),
            _ => None,
        }
    }

    /// A boolean field; absent or non-boolean reads as `false`.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.json(name), Some(serde_json::Value::Bool(true)))
    }

    /// The row's `hex` field, decoded.
    ///
    /// # Panics
    ///
    /// When the row has no `hex` string.
    pub fn bytes(&self) -> Vec<u8> {
        hex(&self.str("hex").expect("row without a hex field"))
    }
}

/// Loads a conformance file that holds an array of objects.
///
/// # Panics
///
/// When the file is missing or is not an array of objects.
pub fn load_rows(file: &str) -> Vec<Row> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let rows: Vec<BTreeMap<String, Box<RawValue>>> = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()));
    rows.into_iter().map(|fields| Row { fields }).collect()
}

/// A reference error name without its `:boring/` prefix.
pub fn reference_kind(name: &str) -> &str {
    name.strip_prefix(":boring/").unwrap_or(name)
}

/// Where a vector comes from and whether it is well-formed and valid.
#[derive(Debug, Clone)]
pub struct Vector {
    /// `file#index` or `file#label`, for failure messages.
    pub name: String,
    /// The encoded item.
    pub bytes: Vec<u8>,
    /// Whether the item must decode.
    pub valid: bool,
}

/// Every vector of appendix A (all valid except `f818`), appendix F and the
/// not-well-formed corpus (all invalid, including the RFC form of appendix F
/// entry 90), and the golden corpus (all valid).
pub fn all_vectors() -> Vec<Vector> {
    let mut out = Vec::new();
    for (i, row) in load_rows("appendix_a.json").iter().enumerate() {
        let bytes = row.bytes();
        out.push(Vector {
            name: format!("appendix_a#{i}"),
            valid: bytes != [0xf8, 0x18],
            bytes,
        });
    }
    for (i, row) in load_rows("appendix_f.json").iter().enumerate() {
        out.push(Vector {
            name: format!("appendix_f#{i}"),
            bytes: row.bytes(),
            valid: false,
        });
        if let Some(rfc) = row.str("rfc_hex") {
            out.push(Vector {
                name: format!("appendix_f#{i}/rfc"),
                bytes: hex(&rfc),
                valid: false,
            });
        }
    }
    for (i, row) in load_rows("not_well_formed.json").iter().enumerate() {
        out.push(Vector {
            name: format!("not_well_formed#{i}"),
            bytes: row.bytes(),
            valid: false,
        });
    }
    for row in load_rows("golden.json") {
        let label = row.str("label").unwrap_or_default();
        out.push(Vector {
            name: format!("golden#{label}"),
            bytes: row.bytes(),
            valid: true,
        });
    }
    out
}

/// The fuzz target's body: decodes `data` as a [`Value`] under the default
/// options and under a depth limit of 64, and checks that the results agree
/// with each other, with [`Reader::skip`], and with a re-encode under the
/// interop profile.
///
/// # Panics
///
/// When one of those properties fails (that is the finding a fuzzer
/// reports); never merely because `data` is malformed.
pub fn fuzz_decode_value(data: &[u8]) {
    let default = boring::from_slice::<Value>(data);
    let shallow = boring::from_slice_with::<Value>(data, &Options::default().max_depth(64));

    // A limit can only refuse more, never decode differently.
    if let Ok(shallow) = &shallow {
        match &default {
            Ok(value) => assert_eq!(value, shallow, "max_depth 64 decoded differently"),
            Err(e) => panic!("refused by default ({e}) but accepted at max_depth 64"),
        }
    }

    // Skipping validates structure only, so it must accept whatever a full
    // decode accepts and end at the same byte.
    let taken = boring::take_from_slice::<Value>(data);
    let mut r = Reader::new(data);
    let skipped = r.skip();
    if let Ok((_, rest)) = &taken {
        assert!(skipped.is_ok(), "decoded but skip failed: {skipped:?}");
        assert_eq!(
            r.position(),
            data.len() - rest.len(),
            "skip ended elsewhere"
        );
    }
    match (&default, &taken) {
        (Ok(value), Ok((first, rest))) => {
            assert!(rest.is_empty(), "from_slice accepted trailing bytes");
            assert_eq!(value, first, "take_from_slice decoded differently");
        }
        (Ok(_), Err(e)) => panic!("from_slice accepted what take_from_slice refused: {e}"),
        _ => {}
    }

    if let Ok(value) = &default {
        let interop = Options::from(Profile::Interop);
        let bytes = boring::to_vec_with(value, &interop)
            .unwrap_or_else(|e| panic!("a decoded value failed to encode: {e}"));
        let again = boring::from_slice::<Value>(&bytes)
            .unwrap_or_else(|e| panic!("re-encoded {} does not decode: {e}", to_hex(&bytes)));
        assert_eq!(value, &again, "interop re-encode changed the value");
        let len = boring::encoded_len(value, &interop)
            .unwrap_or_else(|e| panic!("encoded_len failed after to_vec succeeded: {e}"));
        assert_eq!(len, bytes.len(), "encoded_len disagrees with to_vec");
    }
}

/// The shortest head of `major` with argument `arg`, for building documents
/// byte by byte.
pub use boring_schemas::hostile::head;

/// How many checks of one kind a suite's trials ran and how many passed,
/// for the counts line the suite prints after the harness's summary. Clones
/// share the counters, since the trials may run on several threads.
#[derive(Debug, Clone, Default)]
pub struct Count(Arc<[AtomicUsize; 2]>);

impl Count {
    /// Runs one check and counts it, passing its result on. It counts as
    /// run before it starts, so one that panics shows as run, not passed.
    pub fn check<T, E>(&self, check: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
        self.0[0].fetch_add(1, Ordering::Relaxed);
        let result = check();
        if result.is_ok() {
            self.0[1].fetch_add(1, Ordering::Relaxed);
        }
        result
    }

    /// Checks that ran.
    pub fn run(&self) -> usize {
        self.0[0].load(Ordering::Relaxed)
    }

    /// Checks that passed.
    pub fn passed(&self) -> usize {
        self.0[1].load(Ordering::Relaxed)
    }
}

/// `passed/run`.
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.passed(), self.run())
    }
}

/// A trial name for the vector at `index` of a file of `len` vectors: the
/// index padded so that names sort in file order, then the bytes in hex
/// (only the first eight and the length when they are long, to keep names
/// short enough to type as filters).
pub fn vector_name(index: usize, len: usize, bytes: &[u8]) -> String {
    let width = len.saturating_sub(1).to_string().len();
    if bytes.len() <= 16 {
        format!("{index:0width$}_{}", to_hex(bytes))
    } else {
        format!(
            "{index:0width$}_{}_{}_bytes",
            to_hex(&bytes[..8]),
            bytes.len()
        )
    }
}

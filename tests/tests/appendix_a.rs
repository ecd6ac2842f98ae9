//! RFC 8949 Appendix A: every vector decodes to its expected value, except
//! `f818` (simple(24) in a two-byte form), which RFC 8949 makes not
//! well-formed and which must be refused; vectors marked `roundtrip`
//! re-encode byte-identically under interop with shortest floats.
//!
//! One trial per vector, named by its index and hex (`vector::07_1903e8`),
//! and one that pins the corpus's size; libtest-mimic gives them libtest's
//! command line. The counts line follows the harness's summary.

use std::process::ExitCode;

use boring::{ErrorKind, Float, FloatPolicy, Options, Profile, Value};
use boring_tests::{load_rows, to_hex, vector_name, Count, Row};
use libtest_mimic::{Arguments, Failed, Trial};

/// RFC 8949 makes this vector (simple(24) in two bytes) not well-formed.
const F818: [u8; 2] = [0xf8, 0x18];

/// The integer a value denotes: a plain integer or a bignum (tags 2 and 3).
fn integer_of(value: &Value) -> Option<i128> {
    match value {
        Value::Integer(v) => Some(*v),
        Value::Tag(tag @ (2 | 3), content) => {
            let Value::Bytes(digits) = &**content else {
                return None;
            };
            if digits.len() > 15 {
                return None;
            }
            let m = digits
                .iter()
                .fold(0i128, |acc, &b| (acc << 8) | i128::from(b));
            Some(if *tag == 2 { m } else { -1 - m })
        }
        _ => None,
    }
}

/// Compares a decoded value with the JSON rendering of the expected one.
/// Integers and floats are told apart by the JSON number's form.
fn check_json(value: &Value, expected: &serde_json::Value) -> Result<(), String> {
    use serde_json::Value as J;
    let mismatch = || Err(format!("decoded {value:?}, expected {expected}"));
    match expected {
        J::Null => match value {
            Value::Null => Ok(()),
            _ => mismatch(),
        },
        J::Bool(b) => match value {
            Value::Bool(v) if v == b => Ok(()),
            _ => mismatch(),
        },
        J::Number(n) => {
            if let Some(want) = n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)) {
                match integer_of(value) {
                    Some(got) if got == want => Ok(()),
                    _ => mismatch(),
                }
            } else {
                let want = n.as_f64().ok_or_else(|| format!("unreadable number {n}"))?;
                match value {
                    Value::Float(f) if same_float(f.to_f64(), want) => Ok(()),
                    _ => mismatch(),
                }
            }
        }
        J::String(s) => match value {
            Value::Text(t) if t == s => Ok(()),
            _ => mismatch(),
        },
        J::Array(items) => match value {
            Value::Array(got) if got.len() == items.len() => got
                .iter()
                .zip(items)
                .try_for_each(|(g, e)| check_json(g, e)),
            _ => mismatch(),
        },
        J::Object(entries) => match value {
            Value::Map(got) if got.len() == entries.len() => {
                // JSON objects do not keep order here, so look each key up.
                for (key, want) in entries {
                    let found = got
                        .iter()
                        .find(|(k, _)| matches!(k, Value::Text(t) if t == key))
                        .ok_or_else(|| format!("key {key:?} missing from {value:?}"))?;
                    check_json(&found.1, want)?;
                }
                Ok(())
            }
            _ => mismatch(),
        },
    }
}

/// Whether two floats are equal with the same sign (so `-0.0` ≠ `0.0`).
fn same_float(a: f64, b: f64) -> bool {
    a == b && a.is_sign_negative() == b.is_sign_negative()
}

/// Checks a row's `decoded` field; a bare number literal is parsed
/// exactly, since JSON parsers round integers beyond 64 bits.
fn check_decoded(value: &Value, raw: &str) -> Result<(), String> {
    let is_integer_literal = raw
        .strip_prefix('-')
        .unwrap_or(raw)
        .bytes()
        .all(|b| b.is_ascii_digit());
    if is_integer_literal {
        let want: i128 = raw.parse().map_err(|e| format!("integer {raw}: {e}"))?;
        return match integer_of(value) {
            Some(got) if got == want => Ok(()),
            _ => Err(format!("decoded {value:?}, expected {raw}")),
        };
    }
    // Floats too are parsed here: Rust's parser is correctly rounded, the
    // JSON library's default one is not.
    if let Ok(want) = raw.parse::<f64>() {
        return match value {
            Value::Float(f) if same_float(f.to_f64(), want) => Ok(()),
            _ => Err(format!("decoded {value:?}, expected {raw}")),
        };
    }
    let expected: serde_json::Value =
        serde_json::from_str(raw).map_err(|e| format!("decoded field: {e}"))?;
    check_json(value, &expected)
}

fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

fn tag(n: u64, content: Value) -> Value {
    Value::tag(n, content)
}

/// The values of the rows that carry only a diagnostic rendering. Floats
/// are checked by value elsewhere (their widths vary).
fn expected_for_diagnostic(diag: &str) -> Option<Value> {
    Some(match diag {
        "undefined" => Value::Undefined,
        "simple(16)" => Value::Simple(16),
        "simple(255)" => Value::Simple(255),
        "0(\"2013-03-21T20:04:00Z\")" => tag(0, text("2013-03-21T20:04:00Z")),
        "1(1363896240)" => tag(1, Value::Integer(1_363_896_240)),
        "1(1363896240.5)" => tag(1, Value::Float(Float::F64(1_363_896_240.5))),
        "23(h'01020304')" => tag(23, Value::Bytes(vec![1, 2, 3, 4])),
        "24(h'6449455446')" => tag(24, Value::Bytes(b"dIETF".to_vec())),
        "32(\"http://www.example.com\")" => tag(32, text("http://www.example.com")),
        "h''" => Value::Bytes(Vec::new()),
        "h'01020304'" => Value::Bytes(vec![1, 2, 3, 4]),
        "(_ h'0102', h'030405')" => Value::Bytes(vec![1, 2, 3, 4, 5]),
        "{1: 2, 3: 4}" => Value::Map(
            vec![
                (Value::Integer(1), Value::Integer(2)),
                (Value::Integer(3), Value::Integer(4)),
            ]
            .into(),
        ),
        _ => return None,
    })
}

fn check_diagnostic(value: &Value, diag: &str) -> Result<(), String> {
    let float = match value {
        Value::Float(f) => Some(f.to_f64()),
        _ => None,
    };
    let ok = match diag {
        "NaN" => float.is_some_and(f64::is_nan),
        "Infinity" => float == Some(f64::INFINITY),
        "-Infinity" => float == Some(f64::NEG_INFINITY),
        other => {
            let want = expected_for_diagnostic(other)
                .ok_or_else(|| format!("no expectation for diagnostic {other}"))?;
            *value == want
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("decoded {value:?}, expected {diag}"))
    }
}

/// What the trials count, for the line printed after the harness's summary.
#[derive(Clone, Default)]
struct Counts {
    decoded: Count,
    rejected: Count,
    roundtrips: Count,
}

/// Checks one vector: `f818` must be refused; any other decodes to its
/// expected value and, when marked `roundtrip`, re-encodes to its bytes.
fn check(row: &Row, counts: &Counts) -> Result<(), String> {
    let bytes = row.bytes();
    let decoded = boring::from_slice::<Value>(&bytes);
    if bytes == F818 {
        return counts.rejected.check(|| match decoded {
            Err(e) if *e.kind() == ErrorKind::MalformedSimpleValue && e.offset() == Some(0) => {
                Ok(())
            }
            Err(e) => Err(format!(
                "f818 refused with {e:?}, expected MalformedSimpleValue"
            )),
            Ok(v) => Err(format!("f818 must be refused, decoded {v:?}")),
        });
    }
    let value = counts.decoded.check(|| {
        let value = decoded.map_err(|e| format!("decode failed: {e}"))?;
        match (row.raw("decoded"), row.str("diagnostic")) {
            (Some(raw), _) => check_decoded(&value, raw)?,
            (None, Some(diag)) => check_diagnostic(&value, &diag)?,
            (None, None) => return Err("row has neither decoded nor diagnostic".to_owned()),
        }
        Ok(value)
    })?;
    if !row.flag("roundtrip") {
        return Ok(());
    }
    counts.roundtrips.check(|| {
        let opts = Options::from(Profile::Interop).float_policy(FloatPolicy::Shortest);
        let again = boring::to_vec_with(&value, &opts).map_err(|e| format!("encode: {e}"))?;
        if again == bytes {
            Ok(())
        } else {
            Err(format!("re-encoded as {}", to_hex(&again)))
        }
    })
}

/// The file holds all 82 vectors of the appendix, `f818` once among them, so
/// that a truncated file cannot pass by running fewer trials.
fn corpus_is_complete() -> Result<(), Failed> {
    let rows = load_rows("appendix_a.json");
    let refused = rows.iter().filter(|row| row.bytes() == F818).count();
    let roundtrips = rows.iter().filter(|row| row.flag("roundtrip")).count();
    if (rows.len(), refused, roundtrips) == (82, 1, 65) {
        Ok(())
    } else {
        Err(format!(
            "{} vectors, {refused} f818, {roundtrips} marked roundtrip; expected 82, 1, 65",
            rows.len()
        )
        .into())
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let rows = load_rows("appendix_a.json");
    let counts = Counts::default();
    let len = rows.len();
    let mut trials = Vec::with_capacity(len + 1);
    for (i, row) in rows.into_iter().enumerate() {
        let name = format!("vector::{}", vector_name(i, len, &row.bytes()));
        let counts = counts.clone();
        trials.push(Trial::test(name, move || {
            check(&row, &counts).map_err(Failed::from)
        }));
    }
    trials.push(Trial::test("corpus::is_complete", corpus_is_complete));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!(
            "appendix A: {} decoded as expected, f818 rejected {}, {} re-encoded byte-identically",
            counts.decoded, counts.rejected, counts.roundtrips
        );
    }
    conclusion.exit_code()
}

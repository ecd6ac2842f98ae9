//! The reference's frozen golden corpus (60 portable + 30 JVM-only
//! vectors): each hex decodes into `Value`, the decoded value prints as the
//! vector's `value` in diagnostic notation, and re-encoding it under the
//! vector's profile and options gives the same bytes. Also the published
//! sizes of `datom-maps-200`.
//!
//! One trial per vector, named by its label (`vector::int-65535`), and one
//! per further check; libtest-mimic gives them libtest's command line. The
//! counts line follows the harness's summary.

use std::fmt::Write as _;
use std::process::ExitCode;

use boring::{Float, Options, Profile, Value};
use boring_tests::{hex, to_hex, trials, Count};
use libtest_mimic::Arguments;
use serde_json::Value as Json;

fn golden() -> Vec<Json> {
    let path = boring_tests::data_dir().join("golden.json");
    serde_json::from_slice(&std::fs::read(path).expect("golden.json")).expect("valid JSON")
}

/// RFC 8949 §8 diagnostic notation, as the corpus writes it: floats carry
/// their width indicator (`_1`, `_2`, `_3`).
fn diag(v: &Value, out: &mut String) {
    match v {
        Value::Integer(n) => write!(out, "{n}").unwrap(),
        Value::Float(f) => {
            let (x, width) = match *f {
                Float::F16(_) => (f.to_f64(), 1),
                Float::F32(x) => (f64::from(x), 2),
                Float::F64(x) => (x, 3),
            };
            if x.is_nan() {
                out.push_str("NaN");
            } else if x.is_infinite() {
                out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
            } else if let Float::F32(x) = *f {
                // The shortest text that reads back as this binary32.
                write!(out, "{x:?}").unwrap();
            } else {
                write!(out, "{x:?}").unwrap();
            }
            write!(out, "_{width}").unwrap();
        }
        Value::Bytes(b) => write!(out, "h'{}'", to_hex(b)).unwrap(),
        Value::Text(t) => write!(out, "{}", serde_json::to_string(t).unwrap()).unwrap(),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                diag(item, out);
            }
            out.push(']');
        }
        Value::Map(entries) => {
            out.push('{');
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                diag(k, out);
                out.push_str(": ");
                diag(x, out);
            }
            out.push('}');
        }
        Value::Tag(tag, inner) => {
            write!(out, "{tag}(").unwrap();
            diag(inner, out);
            out.push(')');
        }
        Value::Bool(b) => write!(out, "{b}").unwrap(),
        Value::Null => out.push_str("null"),
        Value::Undefined => out.push_str("undefined"),
        Value::Simple(n) => write!(out, "simple({n})").unwrap(),
    }
}

fn diag_of(v: &Value) -> String {
    let mut out = String::new();
    diag(v, &mut out);
    out
}

/// The options a vector was written with.
fn encode_options(vector: &Json) -> Options {
    let profile = Profile::from_name(vector["profile"].as_str().unwrap()).expect("known profile");
    let mut options = Options::from(profile);
    let asked = vector["encode_options"]
        .as_object()
        .expect("encode_options");
    for (key, value) in asked {
        match key.as_str() {
            "shapes" => options = options.shapes(value.as_bool().unwrap()),
            "profile" => {
                let named = Profile::from_name(value.as_str().unwrap()).expect("profile");
                assert_eq!(named, profile, "{}", vector["label"]);
            }
            other => panic!("unhandled encode option {other}"),
        }
    }
    options
}

/// One vector decodes, prints as its `value`, and re-encodes under its
/// profile and options to its own bytes.
fn decode_describe_reencode(vector: &Json) -> Result<(), String> {
    let bytes = hex(vector["hex"].as_str().ok_or("a vector without hex")?);
    let value: Value = boring::from_slice(&bytes).map_err(|e| format!("decode: {e}"))?;
    let described = diag_of(&value);
    if described != vector["value"].as_str().unwrap_or_default() {
        return Err(format!("decoded {described}, want {}", vector["value"]));
    }
    match boring::to_vec_with(&value, &encode_options(vector)) {
        Ok(again) if again == bytes => Ok(()),
        Ok(again) => Err(format!(
            "re-encoded {} want {}",
            to_hex(&again),
            to_hex(&bytes)
        )),
        Err(e) => Err(format!("encode: {e}")),
    }
}

/// Both corpora are present in the expected numbers, so that a truncated
/// file cannot pass by running fewer trials.
fn golden_corpus_counts() {
    let vectors = golden();
    let portable = vectors.iter().filter(|v| v["corpus"] == "portable").count();
    assert_eq!((portable, vectors.len() - portable), (60, 30));
}

/// The decoded value of every structured golden vector is reachable through
/// the data-model accessors.
fn golden_values_through_accessors() {
    let by_label = |label: &str| -> Value {
        let vectors = golden();
        let vector = vectors.iter().find(|v| v["label"] == label).expect(label);
        boring::from_slice(&hex(vector["hex"].as_str().unwrap())).unwrap()
    };
    assert_eq!(by_label("kw-ns").as_keyword(), Some("some.ns/kw"));
    assert_eq!(by_label("sym").as_symbol(), Some("sym"));
    assert_eq!(by_label("set").as_set().map(<[Value]>::len), Some(3));
    assert_eq!(
        by_label("record").as_record().map(|r| r.0),
        Some("boring.golden/GoldenPoint")
    );
    assert_eq!(by_label("bigdec-1.50M").as_decimal(), Some((-2, 150)));
    assert_eq!(by_label("bigint-huge").as_integer_i128(), Some(1 << 64));
    assert_eq!(
        by_label("bigint-neg").as_integer_i128(),
        Some(-(1 << 64) - 1)
    );
    assert_eq!(by_label("ratio").as_ratio(), Some((22, 7)));
    assert_eq!(by_label("char-non-ascii").as_char(), Some('ಬ'));
    assert_eq!(by_label("period").as_period(), Some((1, 1, 1)));
    assert_eq!(by_label("duration").as_duration(), Some((100, 100)));
    assert_eq!(by_label("local-date").as_date(), Some((2020, 1, 1)));
    assert_eq!(by_label("uri").as_uri(), Some("https://clojure.org"));
    assert_eq!(by_label("regex").as_regex(), Some("^a.*z$"));
    assert_eq!(
        by_label("date").as_instant_text(),
        Some("2009-02-13T23:31:30.123Z")
    );
    assert_eq!(
        by_label("uuid").as_uuid().map(|u| to_hex(&u)).as_deref(),
        Some("9682952bfafa4b418e4a31ae948d6f08")
    );
    assert_eq!(
        by_label("typed-long-array").typed_array_values(),
        Some(vec![Value::from(1), Value::from(-2), Value::from(3)])
    );
}

/// Values built with the constructors encode to the golden bytes.
fn constructors_write_golden_bytes() {
    let vectors = golden();
    let want = |label: &str| -> String {
        let v = vectors.iter().find(|v| v["label"] == label).expect(label);
        v["hex"].as_str().unwrap().to_string()
    };
    let enc = |v: &Value| to_hex(&boring::to_vec(v).unwrap());
    let kw = |n: &str| Value::keyword(n);
    assert_eq!(enc(&Value::decimal(-1, 15)), want("bigdec-1.5M"));
    assert_eq!(
        enc(&Value::bignum(true, &[1, 0, 0, 0, 0, 0, 0, 0, 0])),
        want("bigint-neg")
    );
    assert_eq!(enc(&Value::ratio(22, 7).unwrap()), want("ratio"));
    assert_eq!(enc(&Value::char('a').unwrap()), want("char"));
    assert_eq!(enc(&Value::period(1, 1, 1)), want("period"));
    assert_eq!(
        enc(&Value::duration(100, 0).unwrap()),
        want("duration-whole")
    );
    assert_eq!(enc(&Value::date(2020, 1, 1).unwrap()), want("local-date"));
    assert_eq!(enc(&Value::uri("https://clojure.org")), want("uri"));
    assert_eq!(enc(&Value::regex("^a.*z$")), want("regex"));
    assert_eq!(
        enc(&Value::instant_text("2009-02-13T23:31:30.123Z").unwrap()),
        want("date")
    );
    assert_eq!(
        enc(&Value::i16_array(&[1, -2, 3])),
        want("typed-short-array")
    );
    assert_eq!(enc(&Value::i32_array(&[1, -2, 3])), want("typed-int-array"));
    assert_eq!(
        enc(&Value::f32_array(&[1.5, -2.5])),
        want("typed-float-array")
    );
    assert_eq!(
        enc(&Value::f64_array(&[1.5, -2.5])),
        want("typed-double-array")
    );
    assert_eq!(
        enc(&Value::set(vec![kw("c"), kw("b"), kw("a")])),
        want("set")
    );
    assert_eq!(
        enc(&Value::record(
            "some.Other",
            Value::Map(vec![(kw("z"), Value::from(9))].into())
        )),
        want("unknown-record")
    );
}

/// `datom-maps-200` as the reference builds it (PERF_REFERENCE.md §1),
/// spelled out here to pin the shared builder in `boring-schemas`.
fn datom_maps_200() -> Value {
    let rows = (0..200i64)
        .map(|i| {
            Value::Map(
                vec![
                    (Value::keyword("e"), Value::from(100 + i)),
                    (Value::keyword("a"), Value::keyword("user/name")),
                    (Value::keyword("v"), Value::from(format!("person-{i}"))),
                    (Value::keyword("tx"), Value::from(536_870_912 + i)),
                    (Value::keyword("added"), Value::from(true)),
                ]
                .into(),
            )
        })
        .collect();
    Value::Array(rows)
}

fn datom_maps_200_published_sizes() {
    let v = boring_schemas::values::datom_maps_200();
    assert_eq!(v, datom_maps_200());
    let size = |o: Options| boring::to_vec_with(&v, &o).unwrap().len();
    assert_eq!(size(Options::default()), 9_952);
    assert_eq!(size(Profile::Interop.into()), 12_536);
    assert_eq!(
        boring::encoded_len(&v, &Profile::Interop.into()).unwrap(),
        12_536
    );
    assert_eq!(size(Options::default().shapes(true)), 4_982);
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let passed = Count::default();
    let mut trials = trials::counted(
        golden(),
        &passed,
        |item| format!("vector::{}", item["label"].as_str().unwrap_or_default()),
        decode_describe_reencode,
    );
    let checks: [(&str, fn()); 4] = [
        ("corpus::counts", golden_corpus_counts),
        ("values_through_accessors", golden_values_through_accessors),
        (
            "constructors_write_golden_bytes",
            constructors_write_golden_bytes,
        ),
        (
            "datom_maps_200_published_sizes",
            datom_maps_200_published_sizes,
        ),
    ];
    trials.extend(trials::plain(&checks));
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("golden: {passed}");
    }
    conclusion.exit_code()
}

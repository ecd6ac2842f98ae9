//! Diagnostic notation and the annotated hex dump: every golden vector's
//! `diag`, every Appendix A `diagnostic` and float, exact dumps of a few
//! small inputs, sequences, deep nesting and the errors bad input gives.
//!
//! One trial per vector or case, grouped by where it comes from
//! (`golden::int-0`, `appendix_a::27_f90001`, `interop_fixture::ratio`,
//! `notation::f97bff`, `error::8301`, `dump::sequence`); libtest-mimic gives
//! them libtest's command line. The counts line follows the harness's
//! summary.

use std::process::ExitCode;

use boring::diag::{diag, diag_next, diag_seq, diag_with, dump, dump_seq, DiagOptions};
use boring::wire::float::f16_to_f64;
use boring::wire::Head;
use boring::ErrorKind;
use boring::Reader;
use boring_tests::{hex, load_rows, vector_name, Count, Row};
use libtest_mimic::{Arguments, Failed, Trial};

/// Python's `repr` of every float in Appendix A's `decoded` fields (the
/// file itself writes `1.0e+300`, which is not the form diagnostic notation
/// uses), keyed by the vector's hex. Each entry is checked against the
/// file's number before use.
const APPENDIX_A_FLOAT_REPR: &[(&str, &str)] = &[
    ("f90000", "0.0"),
    ("f98000", "-0.0"),
    ("f93c00", "1.0"),
    ("fb3ff199999999999a", "1.1"),
    ("f93e00", "1.5"),
    ("f97bff", "65504.0"),
    ("fa47c35000", "100000.0"),
    ("fa7f7fffff", "3.4028234663852886e+38"),
    ("fb7e37e43c8800759c", "1e+300"),
    ("f90001", "5.960464477539063e-08"),
    ("f90400", "6.103515625e-05"),
    ("f9c400", "-4.0"),
    ("fbc010666666666666", "-4.1"),
];

fn plain() -> DiagOptions {
    DiagOptions::new().indicators(false)
}

/// A trial from a check that says what went wrong.
fn trial(
    name: impl Into<String>,
    check: impl FnOnce() -> Result<(), String> + Send + 'static,
) -> Trial {
    Trial::test(name, move || check().map_err(Failed::from))
}

fn expect_eq(got: Result<String, boring::Error>, want: &str) -> Result<(), String> {
    match got {
        Ok(got) if got == want => Ok(()),
        Ok(got) => Err(format!("\n--- got\n{got}\n--- expected\n{want}")),
        Err(e) => Err(e.to_string()),
    }
}

fn expect_err(
    got: Result<String, boring::Error>,
    kind: &ErrorKind,
    offset: usize,
) -> Result<(), String> {
    match got {
        Err(e) if e.kind() == kind && e.offset() == Some(offset) => Ok(()),
        other => Err(format!("expected {kind:?} at {offset}, got {other:?}")),
    }
}

/// Golden corpus: our notation of `hex` is exactly `diag`.
fn golden(count: &Count, trials: &mut Vec<Trial>) {
    for row in load_rows("golden.json") {
        let label = row.str("label").unwrap_or_default();
        let count = count.clone();
        trials.push(trial(format!("golden::{label}"), move || {
            count.check(|| {
                let expected = row.str("diag").unwrap_or_default();
                expect_eq(diag(&row.bytes()), &expected)
            })
        }));
    }
}

/// The raw text of a row's `decoded` field when it is a float: floats are
/// told from integers by their JSON form, and parsed from the raw text
/// (exactly rounded; integers may exceed 64 bits).
fn float_literal(row: &Row) -> Option<String> {
    let raw = row.raw("decoded")?;
    let is_float =
        raw.starts_with(|c: char| c == '-' || c.is_ascii_digit()) && raw.contains(['.', 'e', 'E']);
    is_float.then(|| raw.to_owned())
}

/// A `diagnostic` field is our notation without indicators; `f818` must be
/// refused instead.
fn check_notation(hex_text: &str, bytes: &[u8], expected: &str) -> Result<(), String> {
    let got = diag_with(bytes, &plain());
    let ok = if hex_text == "f818" {
        matches!(&got, Err(e) if *e.kind() == ErrorKind::MalformedSimpleValue)
    } else {
        matches!(&got, Ok(text) if *text == expected)
    };
    if ok {
        Ok(())
    } else {
        Err(format!("got {got:?}, expected {expected}"))
    }
}

/// Appendix A: the vectors with a `diagnostic` field or a float `decoded`
/// field, and the float table's agreement with the file.
fn appendix_a(notations: &Count, floats: &Count, trials: &mut Vec<Trial>) {
    let rows = load_rows("appendix_a.json");
    let len = rows.len();
    for (i, row) in rows.into_iter().enumerate() {
        let bytes = row.bytes();
        let diagnostic = row.str("diagnostic");
        let float = float_literal(&row);
        if diagnostic.is_none() && float.is_none() {
            continue;
        }
        let hex_text = row.str("hex").unwrap_or_default();
        let (notations, floats) = (notations.clone(), floats.clone());
        let name = format!("appendix_a::{}", vector_name(i, len, &bytes));
        trials.push(trial(name, move || {
            if let Some(expected) = diagnostic {
                notations.check(|| check_notation(&hex_text, &bytes, &expected))?;
            }
            if let Some(raw) = float {
                floats.check(|| {
                    let decoded = raw.parse::<f64>().map_err(|e| format!("{raw}: {e}"))?;
                    check_float(&hex_text, &bytes, decoded)
                })?;
            }
            Ok(())
        }));
    }
    trials.push(trial("appendix_a::float_table_matches_the_file", || {
        let mut in_file: Vec<String> = load_rows("appendix_a.json")
            .iter()
            .filter(|row| float_literal(row).is_some())
            .map(|row| row.str("hex").unwrap_or_default())
            .collect();
        let mut in_table: Vec<String> = APPENDIX_A_FLOAT_REPR
            .iter()
            .map(|(h, _)| (*h).to_owned())
            .collect();
        in_file.sort();
        in_table.sort();
        if in_file == in_table {
            Ok(())
        } else {
            Err(format!(
                "floats in the file {in_file:?}, in the repr table {in_table:?}"
            ))
        }
    }));
}

/// With floats widened (as Appendix A prints them) the notation is Python's
/// `repr` of the JSON number; at the float's own width it is a decimal that
/// reads back as the same value at that width.
fn check_float(hex_text: &str, bytes: &[u8], decoded: f64) -> Result<(), String> {
    let repr = APPENDIX_A_FLOAT_REPR
        .iter()
        .find(|(h, _)| *h == hex_text)
        .map(|(_, r)| *r)
        .ok_or("not in the repr table")?;
    let table_value: f64 = repr.parse().map_err(|e| format!("{repr}: {e}"))?;
    if table_value.to_bits() != decoded.to_bits() {
        return Err(format!("repr table says {repr}, the file {decoded:?}"));
    }
    let widened = diag_with(bytes, &plain().widen_floats(true)).map_err(|e| e.to_string())?;
    if widened != repr {
        return Err(format!("widened: got {widened}, expected {repr}"));
    }
    let own = diag_with(bytes, &plain()).map_err(|e| e.to_string())?;
    let back: f64 = own.parse().map_err(|e| format!("{own}: {e}"))?;
    let same = match bytes.first() {
        Some(0xf9) => half_bits(back) == half_bits(decoded),
        Some(0xfa) => (back as f32).to_bits() == (decoded as f32).to_bits(),
        _ => back.to_bits() == decoded.to_bits(),
    };
    if !same {
        return Err(format!(
            "own width: {own} does not read back as {decoded:?}"
        ));
    }
    let indicated = diag(bytes).map_err(|e| e.to_string())?;
    let indicator = match bytes.first() {
        Some(0xf9) => "_1",
        Some(0xfa) => "_2",
        _ => "_3",
    };
    if indicated != format!("{own}{indicator}") {
        return Err(format!("with indicators: got {indicated}"));
    }
    Ok(())
}

/// The binary16 bits nearest `x` (positive or negative, finite), found by
/// trying every half; ties go to the even pattern.
fn half_bits(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let mut best = 0u16;
    let mut best_distance = f64::INFINITY;
    for bits in 0..0x7c00u16 {
        let distance = (f16_to_f64(bits) - x.abs()).abs();
        if distance < best_distance || (distance == best_distance && bits & 1 == 0) {
            best = bits;
            best_distance = distance;
        }
    }
    sign | best
}

/// The interop fixture and its expected entries.
fn interop_fixture() -> Result<(Vec<u8>, Vec<serde_json::Value>), String> {
    let dir = boring_tests::data_dir().join("interop");
    let bytes =
        std::fs::read(dir.join("fixture.cbor")).map_err(|e| format!("fixture.cbor: {e}"))?;
    let text = std::fs::read_to_string(dir.join("fixture_expected.json"))
        .map_err(|e| format!("fixture_expected.json: {e}"))?;
    let expected: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("fixture_expected.json: {e}"))?;
    let entries = expected["entries"].as_array().cloned().unwrap_or_default();
    Ok((bytes, entries))
}

/// A reader past the fixture's stringref namespace and map head, which must
/// announce `entries` entries.
fn fixture_reader(bytes: &[u8], entries: usize) -> Result<Reader<'_>, String> {
    let mut r = Reader::new(bytes);
    match (r.head(), r.head()) {
        (Ok(Head::Tag(256)), Ok(Head::Map(Some(n)))) if n as usize == entries => Ok(r),
        other => Err(format!("interop fixture starts with {other:?}")),
    }
}

/// The interop fixture: each entry of its top-level map (inside a stringref
/// namespace) has the notation `fixture_expected.json` records. Each trial
/// reads the entries before its own, since references resolve in order.
fn interop(count: &Count, trials: &mut Vec<Trial>) {
    let entries = interop_fixture().map(|(_, e)| e).unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let key = entry["key"].as_str().unwrap_or_default().to_owned();
        let want = entry["diag"].as_str().unwrap_or_default().to_owned();
        let count = count.clone();
        trials.push(trial(format!("interop_fixture::{key}"), move || {
            count.check(|| {
                let (bytes, entries) = interop_fixture()?;
                let mut r = fixture_reader(&bytes, entries.len())?;
                let options = DiagOptions::new();
                for _ in 0..2 * i {
                    diag_next(&mut r, &options).map_err(|e| e.to_string())?;
                }
                diag_next(&mut r, &options)
                    .and_then(|_key| diag_next(&mut r, &options))
                    .map_err(|e| e.to_string())
                    .and_then(|got| expect_eq(Ok(got), &want))
            })
        }));
    }
    trials.push(trial("interop_fixture::read_to_its_end", || {
        let (bytes, entries) = interop_fixture()?;
        if entries.is_empty() {
            return Err("fixture_expected.json lists no entries".into());
        }
        let mut r = fixture_reader(&bytes, entries.len())?;
        for _ in 0..2 * entries.len() {
            diag_next(&mut r, &DiagOptions::new()).map_err(|e| e.to_string())?;
        }
        if r.is_at_end() {
            Ok(())
        } else {
            Err("interop fixture not read to its end".into())
        }
    }));
}

/// Notation details beyond the vectors.
fn notation(trials: &mut Vec<Trial>) {
    let cases = [
        ("3bffffffffffffffff", "-18446744073709551616"),
        ("1bffffffffffffffff", "18446744073709551615"),
        ("f97bff", "65500.0_1"),
        ("f90001", "6e-08_1"),
        ("fa7f7fffff", "3.4028235e+38_2"),
        ("f97e00", "NaN_1"),
        ("fa7fc00000", "NaN_2"),
        ("f9fc00", "-Infinity_1"),
        ("fb8000000000000000", "-0.0_3"),
        ("fb4340000000000000", "9007199254740992.0_3"),
        ("fb4341c37937e08000", "1e+16_3"),
        ("f0", "simple(16)"),
        ("f820", "simple(32)"),
        ("6700010a0d09225c", r#""\u0000\u0001\n\r\t\"\\""#),
        ("62c3bc", "\"\u{fc}\""),
        ("7f6173626f6dff", r#"(_ "s", "om")"#),
        ("7fff", "(_ )"),
        ("5fff", "(_ )"),
        ("9fff", "[_ ]"),
        ("bfff", "{_ }"),
        ("bf01a0ff", "{_ 1: {}}"),
        ("a1818080", "{[[]]: []}"),
        ("c0c1c2f6", "0(1(2(null)))"),
        ("d9010082d81900d81901", "256([25(0), 25(1)])"),
        ("9f80ff", "[_ []]"),
    ];
    for (input, want) in cases {
        trials.push(trial(format!("notation::{input}"), move || {
            expect_eq(diag(&hex(input)), want)
        }));
    }
    trials.push(trial("notation::without_indicators", || {
        expect_eq(
            diag_with(&hex("83f93e00fa40490fd0fb7ff8000000000000"), &plain()),
            "[1.5, 3.14159, NaN]",
        )
    }));
    trials.push(trial("notation::sequence", || {
        match diag_seq(&hex("0161618003"), &DiagOptions::new()) {
            Ok(items) if items == ["1", "\"a\"", "[]", "3"] => Ok(()),
            other => Err(format!("{other:?}")),
        }
    }));
    trials.push(trial("notation::empty_sequence", || {
        match diag_seq(&[], &DiagOptions::new()) {
            Ok(items) if items.is_empty() => Ok(()),
            other => Err(format!("{other:?}")),
        }
    }));
    // 1024 levels (the default depth limit) are fine and cost no native
    // stack; one more is refused like a decoder refuses it.
    let deep = || {
        let mut deep = vec![0x81u8; 1023];
        deep.push(0xc1);
        deep.push(0x00);
        deep
    };
    trials.push(trial("notation::1024_levels", move || {
        let want = format!("{}1(0){}", "[".repeat(1023), "]".repeat(1023));
        expect_eq(diag(&deep()), &want)
    }));
    trials.push(trial("notation::1025_levels_refused", || {
        let mut too_deep = vec![0x81u8; 1025];
        too_deep.push(0x00);
        expect_err(diag(&too_deep), &ErrorKind::DepthExceeded, 1025)
    }));
    trials.push(trial("dump::1024_levels", move || {
        let dumped = dump(&deep()).map(|text| text.lines().count().to_string());
        expect_eq(dumped, "1025")
    }));
}

/// Bad input fails with the reader's kind and offset.
fn errors(trials: &mut Vec<Trial>) {
    let cases = [
        ("", ErrorKind::Truncated, 0),
        ("8301", ErrorKind::BadCount, 0),
        ("9f01", ErrorKind::Truncated, 2),
        ("1a0102", ErrorKind::Truncated, 0),
        ("62c328", ErrorKind::InvalidUtf8, 1),
        ("8262c328", ErrorKind::InvalidUtf8, 2),
        ("f818", ErrorKind::MalformedSimpleValue, 0),
        ("ff", ErrorKind::UnexpectedBreak, 0),
        ("81ff", ErrorKind::UnexpectedBreak, 1),
        ("bf01ff", ErrorKind::UnexpectedBreak, 2),
        ("c0ff", ErrorKind::UnexpectedBreak, 1),
        ("5f6100ff", ErrorKind::BadIndefiniteChunk, 1),
        ("5f5f4100ffff", ErrorKind::BadIndefiniteChunk, 1),
        ("1c", ErrorKind::ReservedInfo, 0),
        ("fc", ErrorKind::ReservedSimpleValue, 0),
        ("3f", ErrorKind::ReservedInfo, 0),
        ("5a7fffffff00", ErrorKind::BadCount, 0),
        ("9b000000010000000000", ErrorKind::BadCount, 0),
        ("0000", ErrorKind::TrailingBytes, 1),
    ];
    for (input, kind, offset) in cases {
        let name = if input.is_empty() { "empty" } else { input };
        trials.push(trial(format!("error::{name}"), move || {
            let bytes = hex(input);
            expect_err(diag(&bytes), &kind, offset).map_err(|why| format!("diag: {why}"))?;
            expect_err(dump(&bytes), &kind, offset).map_err(|why| format!("dump: {why}"))
        }));
    }
    // In a sequence the offset counts from the start of the whole input.
    trials.push(trial("error::offset_in_a_sequence", || {
        match diag_seq(&hex("0102ff"), &DiagOptions::new()) {
            Err(e) if *e.kind() == ErrorKind::UnexpectedBreak && e.offset() == Some(2) => Ok(()),
            other => Err(format!("diag_seq 0102ff: {other:?}")),
        }
    }));
}

/// Exact dumps of small inputs.
fn dumps(trials: &mut Vec<Trial>) {
    // A golden vector: namespace, bytes, text and a reference.
    trials.push(trial("dump::stringref_namespace", || {
        expect_eq(
            dump(&hex("d90100834501020304056461626364d81901")),
            "\
d9 0100   # tag(256) stringref namespace
  83      # array(3)
    45    # bytes(5)
      0102030405
    64    # text(4) \"abcd\"
      61626364
    d8 19 # tag(25) stringref
      01  # unsigned(1)
",
        )
    }));
    // Indefinite lengths: chunks one level in, breaks at their opener's
    // depth.
    trials.push(trial("dump::indefinite_lengths", || {
        expect_eq(
            dump(&hex("bf61610161629f0203ff610a5f420102ffff")),
            "\
bf     # map(_)
  61   # text(1) \"a\"
    61
  01   # unsigned(1)
  61   # text(1) \"b\"
    62
  9f   # array(_)
    02 # unsigned(2)
    03 # unsigned(3)
  ff   # break
  61   # text(1) \"\\n\"
    0a
  5f   # bytes(_)
    42 # bytes(2)
      0102
  ff   # break
ff     # break
",
        )
    }));
    // Scalars, and a long payload wrapped at 16 bytes.
    trials.push(trial("dump::scalars_and_a_long_string", || {
        expect_eq(
            dump(&hex(
                "86 3bffffffffffffffff f93e00 fb7ff8000000000000 f0 f7 \
             5822000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021"
                    .replace(' ', "")
                    .as_str(),
            )),
            "\
86                    # array(6)
  3b ffffffffffffffff # negative(-18446744073709551616)
  f9 3e00             # float16(1.5)
  fb 7ff8000000000000 # float64(NaN)
  f0                  # simple(16)
  f7                  # undefined
  58 22               # bytes(34)
    000102030405060708090a0b0c0d0e0f
    101112131415161718191a1b1c1d1e1f
    2021
",
        )
    }));
    trials.push(trial("dump::sequence", || {
        expect_eq(
            dump_seq(&hex("01d825f6")),
            "01 # unsigned(1)\nd8 25 # tag(37) UUID\n  f6  # null\n",
        )
    }));
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let (golden_count, notations, floats, interop_count) = Default::default();
    let mut trials = Vec::new();
    golden(&golden_count, &mut trials);
    appendix_a(&notations, &floats, &mut trials);
    interop(&interop_count, &mut trials);
    notation(&mut trials);
    errors(&mut trials);
    dumps(&mut trials);
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        println!("golden diag {golden_count}");
        println!("appendix A diagnostic {notations} (f818 passes by being refused)");
        println!("appendix A floats {floats}");
        println!("interop fixture diag {interop_count}");
    }
    conclusion.exit_code()
}

//! Diagnostic notation and the annotated hex dump: every golden vector's
//! `diag`, every Appendix A `diagnostic` and float, exact dumps of a few
//! small inputs, sequences, deep nesting and the errors bad input gives.
//!
//! Runs as a plain binary so that the counts show in `cargo test` output.

use std::process::ExitCode;

use boring::diag::{diag, diag_next, diag_seq, diag_with, dump, dump_seq, DiagOptions};
use boring::wire::float::f16_to_f64;
use boring::wire::Head;
use boring::ErrorKind;
use boring::Reader;
use boring_tests::{hex, load_rows};

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

/// Golden corpus: our notation of `hex` is exactly `diag`.
fn golden(failures: &mut Vec<String>) {
    let rows = load_rows("golden.json");
    let mut passed = 0;
    for row in &rows {
        let label = row.str("label").unwrap_or_default();
        let expected = row.str("diag").unwrap_or_default();
        match diag(&row.bytes()) {
            Ok(got) if got == expected => passed += 1,
            Ok(got) => failures.push(format!("golden {label}: got {got}, expected {expected}")),
            Err(e) => failures.push(format!("golden {label}: {e}")),
        }
    }
    println!("golden diag {passed}/{}", rows.len());
}

/// Appendix A: `diagnostic` fields without indicators, `f818` refused, and
/// the floats of `decoded` fields.
fn appendix_a(failures: &mut Vec<String>) {
    let rows = load_rows("appendix_a.json");
    let (mut notations, mut notations_passed) = (0, 0);
    let (mut floats, mut floats_passed) = (0, 0);
    for row in &rows {
        let hex_text = row.str("hex").unwrap_or_default();
        let bytes = row.bytes();
        if let Some(expected) = row.str("diagnostic") {
            notations += 1;
            let got = diag_with(&bytes, &plain());
            let ok = if hex_text == "f818" {
                matches!(&got, Err(e) if *e.kind() == ErrorKind::MalformedSimpleValue)
            } else {
                matches!(&got, Ok(text) if *text == expected)
            };
            if ok {
                notations_passed += 1;
            } else {
                failures.push(format!(
                    "appendix A {hex_text}: got {got:?}, expected {expected}"
                ));
            }
        }
        // Floats are told from integers by their JSON form, and parsed
        // from the raw text (exactly rounded; integers may exceed 64 bits).
        let Some(raw) = row.raw("decoded") else {
            continue;
        };
        let is_float = raw.starts_with(|c: char| c == '-' || c.is_ascii_digit())
            && raw.contains(['.', 'e', 'E']);
        if !is_float {
            continue;
        }
        floats += 1;
        match raw.parse::<f64>() {
            Err(e) => failures.push(format!("appendix A {hex_text}: {raw}: {e}")),
            Ok(decoded) => match check_float(&hex_text, &bytes, decoded) {
                Ok(()) => floats_passed += 1,
                Err(why) => failures.push(format!("appendix A {hex_text}: {why}")),
            },
        }
    }
    println!("appendix A diagnostic {notations_passed}/{notations} (f818 rejected)");
    println!("appendix A floats {floats_passed}/{floats}");
    if floats != APPENDIX_A_FLOAT_REPR.len() {
        failures.push(format!(
            "appendix A has {floats} floats, the repr table {}",
            APPENDIX_A_FLOAT_REPR.len()
        ));
    }
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

fn expect_eq(
    failures: &mut Vec<String>,
    what: &str,
    got: Result<String, boring::Error>,
    want: &str,
) {
    match got {
        Ok(got) if got == want => {}
        Ok(got) => failures.push(format!("{what}:\n--- got\n{got}\n--- expected\n{want}")),
        Err(e) => failures.push(format!("{what}: {e}")),
    }
}

fn expect_err(
    failures: &mut Vec<String>,
    what: &str,
    got: Result<String, boring::Error>,
    kind: &ErrorKind,
    offset: usize,
) {
    match got {
        Err(e) if e.kind() == kind && e.offset() == offset => {}
        other => failures.push(format!(
            "{what}: expected {kind:?} at {offset}, got {other:?}"
        )),
    }
}

/// The interop fixture: each entry of its top-level map (inside a stringref
/// namespace) has the notation `fixture_expected.json` records.
fn interop_fixture(failures: &mut Vec<String>) {
    let dir = boring_tests::data_dir().join("interop");
    let bytes = std::fs::read(dir.join("fixture.cbor")).unwrap_or_default();
    let expected: serde_json::Value = std::fs::read_to_string(dir.join("fixture_expected.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let entries = expected["entries"].as_array().cloned().unwrap_or_default();
    let mut r = Reader::new(&bytes);
    match (r.head(), r.head()) {
        (Ok(Head::Tag(256)), Ok(Head::Map(Some(n)))) if n as usize == entries.len() => {}
        other => {
            failures.push(format!("interop fixture starts with {other:?}"));
            return;
        }
    }
    let mut passed = 0;
    for entry in &entries {
        let want = entry["diag"].as_str().unwrap_or_default();
        let got = diag_next(&mut r, &DiagOptions::new())
            .and_then(|_key| diag_next(&mut r, &DiagOptions::new()));
        match got {
            Ok(got) if got == want => passed += 1,
            other => failures.push(format!("interop fixture {}: {other:?}", entry["key"])),
        }
    }
    println!("interop fixture diag {passed}/{}", entries.len());
    if entries.is_empty() || !r.is_at_end() {
        failures.push("interop fixture not read to its end".into());
    }
}

/// Notation details beyond the vectors.
fn notation(failures: &mut Vec<String>) {
    let cases: &[(&str, &str)] = &[
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
        expect_eq(failures, &format!("diag {input}"), diag(&hex(input)), want);
    }
    expect_eq(
        failures,
        "diag without indicators",
        diag_with(&hex("83f93e00fa40490fd0fb7ff8000000000000"), &plain()),
        "[1.5, 3.14159, NaN]",
    );
    match diag_seq(&hex("0161618003"), &DiagOptions::new()) {
        Ok(items) if items == ["1", "\"a\"", "[]", "3"] => {}
        other => failures.push(format!("diag_seq: {other:?}")),
    }
    match diag_seq(&[], &DiagOptions::new()) {
        Ok(items) if items.is_empty() => {}
        other => failures.push(format!("diag_seq of nothing: {other:?}")),
    }
    // 1024 levels (the default depth limit) are fine and cost no native
    // stack; one more is refused like a decoder refuses it.
    let mut deep = vec![0x81u8; 1023];
    deep.push(0xc1);
    deep.push(0x00);
    let want = format!("{}1(0){}", "[".repeat(1023), "]".repeat(1023));
    expect_eq(failures, "1024 levels", diag(&deep), &want);
    let mut too_deep = vec![0x81u8; 1025];
    too_deep.push(0x00);
    expect_err(
        failures,
        "1025 levels",
        diag(&too_deep),
        &ErrorKind::DepthExceeded,
        1025,
    );
    let dumped = dump(&deep).map(|text| text.lines().count().to_string());
    expect_eq(failures, "1024-level dump lines", dumped, "1025");
}

/// Bad input fails with the reader's kind and offset.
fn errors(failures: &mut Vec<String>) {
    let cases: &[(&str, ErrorKind, usize)] = &[
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
        let bytes = hex(input);
        expect_err(
            failures,
            &format!("diag {input}"),
            diag(&bytes),
            kind,
            *offset,
        );
        expect_err(
            failures,
            &format!("dump {input}"),
            dump(&bytes),
            kind,
            *offset,
        );
    }
    // In a sequence the offset counts from the start of the whole input.
    match diag_seq(&hex("0102ff"), &DiagOptions::new()) {
        Err(e) if *e.kind() == ErrorKind::UnexpectedBreak && e.offset() == 2 => {}
        other => failures.push(format!("diag_seq 0102ff: {other:?}")),
    }
}

/// Exact dumps of small inputs.
fn dumps(failures: &mut Vec<String>) {
    // A golden vector: namespace, bytes, text and a reference.
    expect_eq(
        failures,
        "dump of a stringref namespace",
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
    );
    // Indefinite lengths: chunks one level in, breaks at their opener's
    // depth.
    expect_eq(
        failures,
        "dump of indefinite lengths",
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
    );
    // Scalars, and a long payload wrapped at 16 bytes.
    expect_eq(
        failures,
        "dump of scalars and a long string",
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
    );
    expect_eq(
        failures,
        "dump of a sequence",
        dump_seq(&hex("01d825f6")),
        "01 # unsigned(1)\nd8 25 # tag(37) UUID\n  f6  # null\n",
    );
}

fn main() -> ExitCode {
    let mut failures = Vec::new();
    golden(&mut failures);
    appendix_a(&mut failures);
    interop_fixture(&mut failures);
    notation(&mut failures);
    errors(&mut failures);
    dumps(&mut failures);
    for failure in &failures {
        println!("FAIL {failure}");
    }
    println!("{} failed", failures.len());
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

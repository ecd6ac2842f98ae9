//! The mapping of docs/JSON.md, rule by rule, and the typed errors.

use boring::{FloatPolicy, Options, Profile, Value};
use boring_json::{cbor_to_json, json_to_cbor, json_to_value, value_to_json, ErrorKind};

fn interop() -> Options {
    Options::from(Profile::Interop)
}

fn to_cbor(json: &str) -> Vec<u8> {
    json_to_cbor(json.as_bytes(), &interop()).unwrap()
}

fn to_json(cbor: &[u8]) -> String {
    cbor_to_json(cbor, &Options::default(), false).unwrap()
}

#[test]
fn integers_stay_integers_and_grow_into_bignums() {
    assert_eq!(to_cbor("0"), [0x00]);
    assert_eq!(to_cbor("-1"), [0x20]);
    assert_eq!(
        to_cbor("18446744073709551615"),
        [0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    );
    assert_eq!(
        to_cbor("-18446744073709551616"),
        [0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    );
    assert_eq!(
        to_cbor("18446744073709551616"),
        [0xc2, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        to_cbor("-18446744073709551617"),
        [0xc3, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    for text in [
        "18446744073709551616",
        "-18446744073709551617",
        "123456789012345678901234567890123456789012345678901234567890",
        "-98765432109876543210987654321098765432109876543210",
    ] {
        assert_eq!(to_json(&to_cbor(text)), text);
    }
}

#[test]
fn floats_follow_the_writers_policy() {
    assert_eq!(to_cbor("1.5"), [0xfb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]);
    let shortest = interop().float_policy(FloatPolicy::Shortest);
    assert_eq!(json_to_cbor(b"1.5", &shortest).unwrap(), [0xf9, 0x3e, 0x00]);
    assert_eq!(json_to_cbor(b"1e0", &shortest).unwrap(), [0xf9, 0x3c, 0x00]);
    assert_eq!(json_to_cbor(b"0.1", &shortest).unwrap()[0], 0xfb);
    // -0 keeps its sign as a float; floats keep a point on the way back.
    assert_eq!(to_cbor("-0"), [0xfb, 0x80, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(to_json(&to_cbor("-0")), "-0.0");
    assert_eq!(to_json(&[0xf9, 0x3c, 0x00]), "1.0");
    assert_eq!(to_json(&[0xfa, 0x3f, 0xc0, 0, 0]), "1.5");
    assert_eq!(
        to_json(&to_cbor("[1e300,5e-324,0.1]")),
        "[1e+300,5e-324,0.1]"
    );
}

#[test]
fn non_finite_floats_are_refused() {
    for cbor in [
        &[0xf9, 0x7e, 0x00][..],
        &[0xf9, 0x7c, 0x00],
        &[0x81, 0xfa, 0xff, 0x80, 0, 0],
    ] {
        let err = cbor_to_json(cbor, &Options::default(), false).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::NonFiniteFloat);
    }
    let err =
        cbor_to_json(&[0x82, 0x01, 0xf9, 0x7e, 0x00], &Options::default(), false).unwrap_err();
    assert_eq!(err.offset(), Some(2));
    let err = json_to_cbor(b"[1e400]", &interop()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (&ErrorKind::NumberOutOfRange, Some(1))
    );
}

#[test]
fn byte_strings_and_the_encoding_tags() {
    let bytes = [0x43, 0xfb, 0xff, 0x01];
    assert_eq!(to_json(&bytes), "\"-_8B\"");
    let tagged = |tag: u8| [&[0xd5 + (tag - 21)][..], &bytes].concat();
    assert_eq!(to_json(&tagged(21)), "\"-_8B\"");
    assert_eq!(to_json(&tagged(22)), "\"+/8B\"");
    assert_eq!(to_json(&tagged(23)), "\"fbff01\"");
    // The hint reaches byte strings nested in the content; padding for 22.
    assert_eq!(
        to_json(&[0xd6, 0x82, 0x41, 0x00, 0x42, 0x00, 0x00]),
        "[\"AA==\",\"AAA=\"]"
    );
    assert_eq!(to_json(&[0x42, 0x00, 0x00]), "\"AAA\"");
}

#[test]
fn other_tags_simple_values_and_undefined() {
    // Tag 0 (a date): its content.
    assert_eq!(to_json(&[0xc0, 0x61, b'x']), "\"x\"");
    assert_eq!(
        to_json(&[0x84, 0xf7, 0xf0, 0xf6, 0xf5]),
        "[null,null,null,true]"
    );
}

#[test]
fn non_text_keys_are_stringified() {
    // {1: 2, h'01': 3, [1, 2]: 4, true: 5}
    let cbor = [
        0xa4, 0x01, 0x02, 0x41, 0x01, 0x03, 0x82, 0x01, 0x02, 0x04, 0xf5, 0x05,
    ];
    assert_eq!(to_json(&cbor), r#"{"1":2,"AQ":3,"[1,2]":4,"true":5}"#);
}

#[test]
fn strings_escape_and_unescape() {
    let json = r#"["a\"b\\c\/d\b\f\n\r\t\u0001é\u00e9\ud83d\ude00"]"#;
    let cbor = to_cbor(json);
    let value: Value = boring::from_slice(&cbor).unwrap();
    assert_eq!(
        value,
        Value::Array(vec![Value::from("a\"b\\c/d\u{8}\u{c}\n\r\t\u{1}éé😀")].into())
    );
    assert_eq!(to_json(&cbor), r#"["a\"b\\c/d\b\f\n\r\t\u0001éé😀"]"#);
    let err = json_to_cbor(br#"["\ud800"]"#, &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(2));
    let err = json_to_cbor(b"[\"\xff\"]", &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(2));
}

#[test]
fn stringref_and_deterministic_profiles() {
    let json = br#"[{"name":"x","b":1,"a":2},{"name":"y","b":3,"a":4}]"#;
    let default = json_to_cbor(json, &Options::default()).unwrap();
    assert_eq!(&default[..3], [0xd9, 0x01, 0x00]);
    assert!(default.len() < to_cbor(std::str::from_utf8(json).unwrap()).len() + 3);
    assert_eq!(to_json(&default).as_bytes(), json);
    let canonical = json_to_cbor(json, &Options::from(Profile::Canonical)).unwrap();
    assert_eq!(
        to_json(&canonical),
        r#"[{"a":2,"b":1,"name":"x"},{"a":4,"b":3,"name":"y"}]"#
    );
}

#[test]
fn boring_layouts_come_back_as_plain_json() {
    #[derive(boring::Boring)]
    struct Row {
        id: u32,
        name: String,
    }
    let rows: Vec<Row> = (0..3)
        .map(|id| Row {
            id,
            name: format!("n{id}"),
        })
        .collect();
    for profile in [Profile::Compact, Profile::Default] {
        let cbor = boring::to_vec_with(&rows, &Options::from(profile).shapes(true)).unwrap();
        assert_eq!(
            to_json(&cbor),
            r#"[{"id":0,"name":"n0"},{"id":1,"name":"n1"},{"id":2,"name":"n2"}]"#,
            "{profile:?}"
        );
    }
}

#[test]
fn syntax_errors_carry_their_offset() {
    for (json, offset) in [
        ("", 0),
        ("[1,]", 3),
        ("{\"a\" 1}", 5),
        ("[01]", 2),
        ("[1.]", 3),
        ("tru", 0),
        ("[1] x", 4),
        ("\"abc", 4),
        ("[\"a\tb\"]", 3),
        ("{1:2}", 1),
        ("[\"\\x\"]", 2),
    ] {
        let err = json_to_cbor(json.as_bytes(), &interop()).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Syntax(_)),
            "{json}: {err:?}"
        );
        assert_eq!(err.offset(), Some(offset), "{json}: {err}");
    }
}

#[test]
fn depth_is_limited_without_overflowing_the_stack() {
    let deep = "[".repeat(100_000);
    let err = json_to_cbor(deep.as_bytes(), &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
    let shallow = Options::from(Profile::Interop).max_depth(2);
    assert!(json_to_cbor(b"[[1]]", &shallow).is_ok());
    assert!(json_to_cbor(b"[[[1]]]", &shallow).is_err());
}

#[test]
fn values_convert_both_ways() {
    let value = json_to_value(br#"{"a":[1,-2,2.5,null,true,"t"]}"#).unwrap();
    assert_eq!(
        value_to_json(&value, false).unwrap(),
        r#"{"a":[1,-2,2.5,null,true,"t"]}"#
    );
    let pretty = value_to_json(&Value::Array(vec![].into()), true).unwrap();
    assert_eq!(pretty, "[]");
    let bytes = Value::tag(23, Value::Bytes(vec![0xab]));
    assert_eq!(value_to_json(&bytes, false).unwrap(), "\"ab\"");
    let nan = Value::Float(boring::Float::F64(f64::NAN));
    assert_eq!(
        value_to_json(&nan, false).unwrap_err().kind(),
        &ErrorKind::NonFiniteFloat
    );
}

#[test]
fn malformed_cbor_is_a_typed_error() {
    for cbor in [
        &[0x83, 0x01][..],
        &[0x01, 0x02],
        &[0xff],
        &[0x62, 0xc3, 0x28],
        &[0xd8, 0x19, 0x00],
    ] {
        let err = cbor_to_json(cbor, &Options::default(), false).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Cbor(_)),
            "{cbor:02x?}: {err:?}"
        );
        assert!(err.offset().is_some());
    }
}

/// `{{{…{0: 0}…: 0}: 0}: 0}`: a map whose key is a map whose key is a map,
/// `depth` deep. Each level's key is the JSON text of the one inside,
/// escaped again, so the text doubles its backslashes per level.
fn keys_in_keys(depth: usize) -> Vec<u8> {
    let mut cbor = vec![0xa1; depth];
    cbor.extend([0xa1, 0x00, 0x00]);
    cbor.extend(vec![0x00; depth]);
    cbor
}

#[test]
fn text_past_the_output_budget_is_refused() {
    // A few levels convert; 40 levels would be terabytes of backslashes.
    let text = to_json(&keys_in_keys(3));
    assert_eq!(text, r#"{"{\"{\\\"{\\\\\\\"0\\\\\\\":0}\\\":0}\":0}":0}"#);
    let small = Options::default().output_budget(boring::OutputBudget::Bytes(100_000));
    let err = cbor_to_json(&keys_in_keys(40), &small, false).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Cbor(boring::ErrorKind::LimitExceeded)
    );
    assert!(err.offset().is_some());
    // A `Value`'s text is held to the default budget of its CBOR (64 MiB
    // here).
    let value: Value = boring::from_slice(&keys_in_keys(40)).unwrap();
    let err = value_to_json(&value, false).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Cbor(boring::ErrorKind::LimitExceeded)
    );
    // A stringref repeated: 1 000 references to a 1 000-byte text is
    // about 1 MB of JSON from 4 KB, within the default budget and past
    // one of 100 000 bytes, which the options set.
    let mut cbor = vec![0xd9, 0x01, 0x00, 0x99, 0x03, 0xe9, 0x79, 0x03, 0xe8];
    cbor.extend(vec![b'x'; 1000]);
    for _ in 1..1001 {
        cbor.extend([0xd8, 0x19, 0x00]);
    }
    assert_eq!(to_json(&cbor).len(), 1001 * 1003 + 1);
    let err = cbor_to_json(&cbor, &small, false).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Cbor(boring::ErrorKind::LimitExceeded)
    );
}

#[test]
fn a_large_value_may_write_text_past_the_budget_floor() {
    // 24 levels of keys in keys are 99 bytes of JSON past 64 MiB, the
    // floor of the budget, which is all 51 bytes of their CBOR allow
    // (the test above). Beside 1.1 MiB of bytes the budget is 64 times the
    // CBOR, about 70 MiB, and the same text with the bytes' base64 fits.
    let keys: Value = boring::from_slice(&keys_in_keys(24)).unwrap();
    let bytes = Value::Bytes(vec![0; 1_100_000]);
    let both = Value::Array(vec![keys, bytes].into());
    let text = value_to_json(&both, false).unwrap();
    assert_eq!(text.len(), 67_108_963 + 1_466_667 + 5);
}

#[test]
fn bad_utf8_is_found_at_its_byte_and_before_later_errors() {
    let bad = boring::ErrorKind::InvalidUtf8;
    // ["ok", "\xc3(", 1]: the bad string's payload starts at byte 5, its
    // bad byte is the second.
    let cbor = [0x83, 0x62, b'o', b'k', 0x62, 0xc3, 0x28, 0x01];
    let err = cbor_to_json(&cbor, &Options::default(), false).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Cbor(bad.clone()));
    assert_eq!(err.offset(), Some(5));
    // The same bad string as a map key, then a truncated array: the bad
    // text comes first in the input, so it is the error reported.
    let cbor = [0xa1, 0x62, 0xc3, 0x28, 0x82, 0x01];
    let err = cbor_to_json(&cbor, &Options::default(), false).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Cbor(bad));
    assert_eq!(err.offset(), Some(2));
    // Long strings, with and without escapes and multi-byte characters.
    let long = "é\"x\u{1}".repeat(40);
    let cbor = boring::to_vec_with(&Value::Text(long.clone()), &interop()).unwrap();
    let json = cbor_to_json(&cbor, &Options::default(), false).unwrap();
    let back: String = serde_json::from_str(&json).unwrap();
    assert_eq!(back, long);
}

#[test]
fn long_texts_are_checked_whole_and_bad_bytes_found_deep_in_them() {
    // Past a few kilobytes the finished text is checked and copied in one
    // step: multi-byte text must come through, and a bad byte far into the
    // document must still be the error, at its offset.
    let words: Vec<Value> = (0..600)
        .map(|i| Value::Text(format!("{i}: ünïcödé \u{1f600} \"q\"")))
        .collect();
    let cbor = boring::to_vec_with(&Value::Array(words.clone().into()), &interop()).unwrap();
    let json = cbor_to_json(&cbor, &Options::default(), false).unwrap();
    assert!(json.len() > 16 * 1024);
    let back: Vec<String> = serde_json::from_str(&json).unwrap();
    let expected: Vec<String> = words
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect();
    assert_eq!(back, expected);
    // The last string's first byte made a stray continuation byte.
    let mut bad = cbor.clone();
    let last = bad.len() - "599: ünïcödé \u{1f600} \"q\"".len();
    bad[last] = 0x80;
    let err = cbor_to_json(&bad, &Options::default(), false).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Cbor(boring::ErrorKind::InvalidUtf8));
    assert_eq!(err.offset(), Some(last));
}

#[test]
fn floats_are_the_correctly_rounded_f64_of_their_text() {
    // Fast path, 17 digits, more than 19 digits (leading zeros count),
    // halfway cases, subnormals, the largest double, exponents far out.
    let texts = [
        "2.5",
        "-65.613616999999977",
        "0.30000000000000004",
        "123456789012345678.5",
        "0.00000000000000000000123",
        "9007199254740993.0",
        "9007199254740992.5e0",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "1.7976931348623157e308",
        "1e-400",
        "0.1000000000000000055511151231257827021181583404541015625",
        "1E+22",
        "1e23",
        "-0.0e5",
    ];
    for text in texts {
        let expected: f64 = text.parse().unwrap();
        let value = json_to_value(text.as_bytes()).unwrap();
        let Value::Float(got) = value else {
            panic!("{text}: {value:?}");
        };
        assert_eq!(got.to_f64().to_bits(), expected.to_bits(), "{text}");
    }
}

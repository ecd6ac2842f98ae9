//! The serde bridge (`boring::serde`): round trips of serde's data model,
//! byte equality with `#[derive(Boring)]`, borrowing, tags and errors.

use std::borrow::Cow;
use std::collections::BTreeMap;

use boring::{Boring, ErrorKind, Options, Profile, Value};
use serde::{Deserialize, Serialize};

/// Byte equality with the derive and robustness, over generated values.
#[path = "serde_bridge/props.rs"]
mod props;

pub(crate) fn interop() -> Options {
    Options::from(Profile::Interop)
}

fn round_trip<T>(value: &T, opts: &Options) -> T
where
    T: Serialize + for<'de> Deserialize<'de>,
{
    let bytes = boring::serde::to_vec(value, opts).expect("serializes");
    boring::serde::from_slice(&bytes, opts).expect("deserializes")
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Reading {
    sensor: String,
    ts: i64,
    celsius: f64,
    ok: bool,
    tags: Vec<String>,
    note: Option<String>,
    count: u32,
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Shape {
    Empty,
    Circle(f64),
    Rect { w: u32, h: u32 },
    Pair(i32, String),
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Drawing {
    name: String,
    shapes: Vec<Shape>,
    origin: (i32, i32),
}

#[test]
fn enum_representations_round_trip() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Internal {
        A { x: u8 },
        B,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        A(u8),
        B { y: String },
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Untagged {
        Num(i64),
        Text(String),
        List(Vec<u8>),
    }
    for opts in [
        interop(),
        Options::default(),
        Options::from(Profile::Canonical),
    ] {
        for v in [Internal::A { x: 7 }, Internal::B] {
            assert_eq!(round_trip(&v, &opts), v);
        }
        for v in [Adjacent::A(1), Adjacent::B { y: "z".into() }] {
            assert_eq!(round_trip(&v, &opts), v);
        }
        for v in [
            Untagged::Num(-5),
            Untagged::Text("t".into()),
            Untagged::List(vec![1, 2]),
        ] {
            assert_eq!(round_trip(&v, &opts), v);
        }
    }
    // Top-level externally tagged enums, in a stringref namespace too.
    for opts in [interop(), Options::default()] {
        for v in [Shape::Empty, Shape::Circle(0.5), Shape::Rect { w: 1, h: 2 }] {
            assert_eq!(round_trip(&v, &opts), v);
            let derived = boring::to_vec_with(&v, &opts).unwrap();
            assert_eq!(
                boring::serde::from_slice::<Shape>(&derived, &opts).unwrap(),
                v
            );
        }
    }
    // The externally tagged forms, byte by byte.
    assert_eq!(
        boring::serde::to_vec(&Shape::Empty, &interop()).unwrap(),
        b"\x65Empty"
    );
    assert_eq!(
        boring::serde::to_vec(&Shape::Circle(1.5), &Options::default()).unwrap(),
        boring::to_vec_with(&Shape::Circle(1.5), &Options::default()).unwrap()
    );
}

#[test]
fn attributes_work_through_serde_derive() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Inner {
        a: u8,
        b: u8,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        #[serde(rename = "ID")]
        id: u32,
        #[serde(flatten)]
        inner: Inner,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        extra: Option<u8>,
    }
    let v = Outer {
        id: 3,
        inner: Inner { a: 1, b: 2 },
        extra: None,
    };
    for opts in [
        interop(),
        Options::default(),
        Options::from(Profile::Canonical),
    ] {
        assert_eq!(round_trip(&v, &opts), v);
    }
    // flatten writes a map of unknown length: indefinite under Interop.
    let bytes = boring::serde::to_vec(&v, &interop()).unwrap();
    assert_eq!(bytes[0], 0xbf);
    let value: Value = boring::from_slice(&bytes).unwrap();
    assert_eq!(value["ID"].as_i64(), Some(3));
    assert_eq!(value["b"].as_i64(), Some(2));
}

#[test]
fn options_units_newtypes_and_tuples() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Meters(f32);
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Unit;
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Triple(u8, String, Option<bool>);
    let opts = interop();
    assert_eq!(boring::serde::to_vec(&None::<u8>, &opts).unwrap(), [0xf6]);
    assert_eq!(boring::serde::to_vec(&Some(5u8), &opts).unwrap(), [0x05]);
    assert_eq!(boring::serde::to_vec(&(), &opts).unwrap(), [0xf6]);
    assert_eq!(boring::serde::to_vec(&Unit, &opts).unwrap(), [0xf6]);
    // Interop keeps a float's width.
    assert_eq!(
        boring::serde::to_vec(&Meters(1.0), &opts).unwrap(),
        [0xfa, 0x3f, 0x80, 0, 0]
    );
    assert_eq!(round_trip(&Unit, &opts), Unit);
    assert_eq!(round_trip(&Meters(2.5), &opts), Meters(2.5));
    let t = Triple(1, "x".into(), None);
    assert_eq!(
        boring::serde::to_vec(&t, &opts).unwrap(),
        [0x83, 0x01, 0x61, b'x', 0xf6]
    );
    assert_eq!(round_trip(&t, &opts), t);
    assert_eq!(round_trip(&Some(Some(3u8)), &opts), Some(Some(3)));
    // Under Default a top-level item sits in a stringref namespace.
    for v in [None, Some("text".to_string())] {
        assert_eq!(round_trip(&v, &Options::default()), v);
    }
    assert_eq!(round_trip(&(), &Options::default()), ());
    assert_eq!(round_trip(&'é', &opts), 'é');
    assert_eq!(round_trip(&u128::MAX, &opts), u128::MAX);
    assert_eq!(round_trip(&i128::MIN, &opts), i128::MIN);
    assert_eq!(round_trip(&-1i8, &opts), -1);
}

#[test]
fn maps_with_non_string_keys() {
    let mut m = BTreeMap::new();
    m.insert(3i64, "three".to_string());
    m.insert(-1, "minus one".to_string());
    m.insert(10, "ten".to_string());
    for opts in [
        interop(),
        Options::default(),
        Options::from(Profile::Canonical),
    ] {
        assert_eq!(round_trip(&m, &opts), m);
        assert_eq!(
            boring::serde::to_vec(&m, &opts).unwrap(),
            boring::to_vec_with(&m, &opts).unwrap()
        );
    }
    let mut tuples = BTreeMap::new();
    tuples.insert((1u8, true), vec![1.5f64]);
    tuples.insert((0u8, false), vec![]);
    assert_eq!(round_trip(&tuples, &interop()), tuples);
    // Canonical order sorts by encoded key: 10 (0x0a) before -1 (0x20).
    let bytes = boring::serde::to_vec(&m, &Options::from(Profile::Canonical)).unwrap();
    assert_eq!(&bytes[..2], [0xa3, 0x03]);
}

#[test]
fn borrowed_data() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Borrowed<'a> {
        name: &'a str,
        #[serde(with = "serde_bytes")]
        blob: &'a [u8],
        #[serde(borrow)]
        words: Vec<&'a str>,
        #[serde(borrow)]
        again: Cow<'a, str>,
    }
    let v = Borrowed {
        name: "ada",
        blob: b"\x00\x01",
        words: vec!["ada", "ada"],
        again: "ada".into(),
    };
    for opts in [interop(), Options::default()] {
        let bytes = boring::serde::to_vec(&v, &opts).unwrap();
        let back: Borrowed<'_> = boring::serde::from_slice(&bytes, &opts).unwrap();
        assert_eq!(back, v);
        let range = bytes.as_ptr_range();
        assert!(range.contains(&back.name.as_ptr()));
        assert!(range.contains(&back.blob.as_ptr()));
        // Under Default the repeated "ada" is a stringref reference,
        // resolved to the first literal in the input.
        assert!(range.contains(&back.words[1].as_ptr()));
        assert!(matches!(&back.again, Cow::Borrowed(s) if range.contains(&s.as_ptr())));
    }
    // serde_bytes writes byte strings.
    let buf = serde_bytes::ByteBuf::from(vec![1, 2, 3]);
    assert_eq!(
        boring::serde::to_vec(&buf, &interop()).unwrap(),
        [0x43, 1, 2, 3]
    );
    assert_eq!(round_trip(&buf, &interop()), buf);
    // An indefinite-length string is joined, owned.
    let s: String = boring::serde::from_slice(b"\x7f\x61a\x61b\xff", &interop()).unwrap();
    assert_eq!(s, "ab");
}

#[test]
fn values_keep_tags_and_simple_values() {
    let value = Value::Array(
        vec![
            Value::Tag(1, Box::new(Value::Integer(1_700_000_000)).into()),
            Value::Undefined,
            Value::Simple(16),
            Value::Integer(-(1i128 << 40)),
            Value::Bytes(vec![9]),
        ]
        .into(),
    );
    for opts in [interop(), Options::default()] {
        let bytes = boring::serde::to_vec(&value, &opts).unwrap();
        assert_eq!(bytes, boring::to_vec_with(&value, &opts).unwrap());
        let back: Value = boring::serde::from_slice(&bytes, &opts).unwrap();
        assert_eq!(back, value);
    }
    // Generic targets see a tag's content.
    let bytes = boring::to_vec_with(&value, &interop()).unwrap();
    let plain: (u64, (), u8, i64, serde_bytes::ByteBuf) =
        boring::serde::from_slice(&bytes, &interop()).unwrap();
    assert_eq!(plain.0, 1_700_000_000);
    assert_eq!(plain.3, -(1i64 << 40));
    // Other formats see plain data.
    let json = serde_json::to_string(&Value::from("x")).unwrap();
    assert_eq!(json, "\"x\"");
    let from_json: Value = serde_json::from_str(r#"{"a": [1, -2, 1.5, null, true]}"#).unwrap();
    assert_eq!(from_json["a"][1].as_i64(), Some(-2));
}

#[test]
fn errors_are_typed_with_offsets() {
    // A type mismatch inside a struct: a string where an integer belongs.
    let doc = b"\xa2\x61a\x01\x61b\x61x";
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Two {
        a: u8,
        b: u8,
    }
    let err = boring::serde::from_slice::<Two>(doc, &interop()).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Custom(_)), "{err:?}");
    assert_eq!(err.offset(), Some(6));
    // A missing field keeps its kind.
    let err = boring::serde::from_slice::<Two>(b"\xa1\x61a\x01", &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("b"));
    assert_eq!(err.offset(), Some(0));
    // Malformed input is the reader's error.
    let err = boring::serde::from_slice::<Vec<u8>>(b"\x83\x01\x02\x18", &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Truncated);
    assert_eq!(err.offset(), Some(3));
    let err = boring::serde::from_slice::<Vec<u8>>(b"\x83\x01\x02", &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
    // Unknown variants name themselves.
    let err = boring::serde::from_slice::<Shape>(b"\x64Oval", &interop()).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnknownVariant { name, .. } if name == "Oval"));
    // Trailing bytes and leftover elements.
    let err = boring::serde::from_slice::<u8>(b"\x01\x02", &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TrailingBytes);
    let err = boring::serde::from_slice::<(u8, u8)>(b"\x83\x01\x02\x03", &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
    // Duplicate keys under a sorted profile, from a serializer.
    struct Dup;
    impl Serialize for Dup {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut m = s.serialize_map(Some(2))?;
            m.serialize_entry("k", &1)?;
            m.serialize_entry("k", &2)?;
            m.end()
        }
    }
    let err = boring::serde::to_vec(&Dup, &Options::from(Profile::Canonical)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateKey);
    // A Serialize impl's own error is Custom, placed at the output offset.
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no"))
        }
    }
    let err = boring::serde::to_vec(&(1u8, Fails), &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Custom("no".into()));
    assert_eq!(err.offset(), Some(2));
}

#[test]
fn floats_and_booleans_read_in_every_width_serde_accepts() {
    // Each target reads its own head directly and every other float
    // width through serde's visitors, as it did before the direct reads.
    let read = |bytes: &[u8]| boring::serde::from_slice::<(f32, f64, bool)>(bytes, &interop());
    // [1.5 as f32, 2.5 as f64, true]
    let exact = b"\x83\xfa\x3f\xc0\x00\x00\xfb\x40\x04\x00\x00\x00\x00\x00\x00\xf5";
    assert_eq!(read(exact).unwrap(), (1.5, 2.5, true));
    // [1.5 as f16, 2.5 as f32, false]
    let other = b"\x83\xf9\x3e\x00\xfa\x40\x20\x00\x00\xf4";
    assert_eq!(read(other).unwrap(), (1.5, 2.5, false));
    // An f64 into an f32 field narrows, as serde's f32 visitor does.
    let wide = b"\x83\xfb\x3f\xb9\x99\x99\x99\x99\x99\x9a\xf9\x3c\x00\xf5";
    assert_eq!(read(wide).unwrap(), (0.1f64 as f32, 1.0, true));
    // Integers are numbers to serde's float visitors too.
    assert_eq!(read(b"\x83\x01\x02\xf5").unwrap(), (1.0, 2.0, true));
    // Not a number, not a boolean: the type error, at the item.
    let err = read(b"\x83\x61a\xf9\x3c\x00\xf5").unwrap_err();
    assert_eq!(err.offset(), Some(1));
    let err = read(b"\x83\xfa\x3f\xc0\x00\x00\xf9\x3c\x00\x01").unwrap_err();
    assert_eq!(err.offset(), Some(9));
}

#[test]
fn integers_read_at_their_head_or_through_their_tag() {
    let read = |bytes: &[u8]| boring::serde::from_slice::<(u8, i8, i64, u64)>(bytes, &interop());
    // [255, -128, -2^63, 2^64 - 1]
    let edges = b"\x84\x18\xff\x38\x7f\x3b\x7f\xff\xff\xff\xff\xff\xff\xff\x1b\xff\xff\xff\xff\xff\xff\xff\xff";
    assert_eq!(read(edges).unwrap(), (255, -128, i64::MIN, u64::MAX));
    // A bignum (tag 2) that fits is the integer it holds.
    let big = b"\x84\x01\x01\x01\xc2\x42\x01\x00";
    assert_eq!(read(big).unwrap(), (1, 1, 1, 256));
    // Out of the target's range, and not an integer: errors at the item.
    let err = read(b"\x84\x19\x01\x00\x01\x01\x01").unwrap_err();
    assert_eq!(err.offset(), Some(1), "{err}");
    let err = read(b"\x84\x01\x18\x80\x01\x01").unwrap_err();
    assert_eq!(err.offset(), Some(2), "{err}");
    let err = read(b"\x84\x01\x01\x61x\x01").unwrap_err();
    assert_eq!(err.offset(), Some(3), "{err}");
}

#[test]
fn containers_read_at_their_head_or_through_their_tag() {
    // Arrays and maps open at their initial byte, definite or indefinite.
    let v: Vec<u16> = boring::serde::from_slice(b"\x83\x01\x02\x19\x01\x00", &interop()).unwrap();
    assert_eq!(v, [1, 2, 256]);
    let v: Vec<u16> = boring::serde::from_slice(b"\x9f\x01\x02\xff", &interop()).unwrap();
    assert_eq!(v, [1, 2]);
    let m: BTreeMap<String, u8> =
        boring::serde::from_slice(b"\xbf\x61a\x01\x61b\x02\xff", &interop()).unwrap();
    assert_eq!(m, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    // A stringref namespace around a struct is entered, not refused.
    let doc = b"\xd9\x01\x00\xa2\x61a\x01\x61b\x02";
    #[derive(Deserialize, Debug, PartialEq)]
    struct Two {
        a: u8,
        b: u8,
    }
    let two: Two = boring::serde::from_slice(doc, &interop()).unwrap();
    assert_eq!(two, Two { a: 1, b: 2 });
    // The wrong container is a type error at the item; a bad element is
    // placed at the element.
    let err = boring::serde::from_slice::<Vec<u8>>(b"\x81\xa0", &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(1), "{err}");
    let err = boring::serde::from_slice::<Two>(b"\x61x", &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(0), "{err}");
    let err = boring::serde::from_slice::<Vec<u8>>(b"\x82\x01\x61x", &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(2), "{err}");
}

#[test]
fn writes_into_a_writer_and_reads_from_a_reader() {
    let mut w = boring::Writer::new(&Options::default()).unwrap();
    boring::serde::to_writer(&vec!["a", "a"], &mut w).unwrap();
    let bytes = w.into_sink();
    let mut r = boring::Reader::new(&bytes);
    let words: Vec<&str> =
        Deserialize::deserialize(&mut boring::serde::Deserializer::new(&mut r)).unwrap();
    assert_eq!(words, ["a", "a"]);
    assert!(r.is_at_end());
}

#[test]
fn records_in_vectors_match_the_derive() {
    let rows: Vec<Reading> = (0..5)
        .map(|i| Reading {
            sensor: format!("s{}", i % 2),
            ts: i,
            celsius: 20.5,
            ok: i % 2 == 0,
            tags: vec!["t".into()],
            note: None,
            count: 3,
        })
        .collect();
    for opts in [interop(), Options::default()] {
        let derived = boring::to_vec_with(&rows, &opts).unwrap();
        assert_eq!(boring::serde::to_vec(&rows, &opts).unwrap(), derived);
        assert_eq!(
            boring::serde::from_slice::<Vec<Reading>>(&derived, &opts).unwrap(),
            rows
        );
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let depth = 100_000;
    let mut doc = vec![0x81; depth];
    doc.push(0x01);
    let err = boring::serde::from_slice::<Value>(&doc, &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
    let mut tags = vec![0xc6; depth];
    tags.push(0x01);
    let err = boring::serde::from_slice::<serde_json::Value>(&tags, &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
    let err = boring::serde::from_slice::<serde_json::Value>(&doc, &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Station {
    name: String,
    latest: Reading,
    previous: Option<Reading>,
}

/// Whether `bytes` hold the head of tag `tag` (a two-byte tag number).
fn has_tag(bytes: &[u8], tag: u16) -> bool {
    let [hi, lo] = tag.to_be_bytes();
    bytes.windows(3).any(|w| w == [0xd9, hi, lo])
}

#[test]
fn layout_tags_read_as_the_rows_they_stand_for() {
    let reading = |i: i64| Reading {
        sensor: format!("sensor-{}", i % 3),
        ts: 1_700_000_000 + i,
        celsius: 20.5 + i as f64,
        ok: i % 2 == 0,
        tags: vec!["t".into(), format!("x{i}")],
        note: (i % 3 == 0).then(|| "checked".to_string()),
        count: i as u32,
    };
    let rows: Vec<Reading> = (0..12).map(reading).collect();
    let stations: Vec<Station> = (0..6)
        .map(|i| Station {
            name: format!("st-{i}"),
            latest: reading(i),
            previous: (i % 2 == 0).then(|| reading(i + 100)),
        })
        .collect();
    let by_name: BTreeMap<String, Reading> =
        (0..8).map(|i| (format!("user-{i}"), reading(i))).collect();
    let compact = Options::from(Profile::Compact);
    let shaped = Options::default().shapes(true);

    let cases: [(Vec<u8>, u16); 3] = [
        (boring::to_vec_with(&rows, &shaped).unwrap(), 39649),
        (boring::to_vec_with(&rows, &compact).unwrap(), 39653),
        (boring::to_vec_with(&by_name, &compact).unwrap(), 39654),
    ];
    for (i, (bytes, tag)) in cases.iter().enumerate() {
        assert!(has_tag(bytes, *tag), "case {i} is written with tag {tag}");
    }
    assert_eq!(
        boring::serde::from_slice::<Vec<Reading>>(&cases[0].0, &shaped).unwrap(),
        rows
    );
    assert_eq!(
        boring::serde::from_slice::<Vec<Reading>>(&cases[1].0, &compact).unwrap(),
        rows
    );
    assert_eq!(
        boring::serde::from_slice::<BTreeMap<String, Reading>>(&cases[2].0, &compact).unwrap(),
        by_name
    );

    // Nested records: whatever layout Compact picks, serde reads it back,
    // and a generic serde value sees the same data as `Value` does.
    let nested = boring::to_vec_with(&stations, &compact).unwrap();
    assert_eq!(
        boring::serde::from_slice::<Vec<Station>>(&nested, &compact).unwrap(),
        stations
    );
    let through_serde: Value = boring::serde::from_slice(&nested, &compact).unwrap();
    let plain: Value = boring::from_slice(&nested).unwrap();
    assert_eq!(through_serde, plain);

    // Enums inside a table: unit and data-carrying variants.
    let drawings: Vec<Drawing> = (0..4)
        .map(|i| Drawing {
            name: format!("d{i}"),
            shapes: vec![
                Shape::Empty,
                Shape::Circle(i as f64),
                Shape::Rect { w: i, h: 2 },
            ],
            origin: (i as i32, -1),
        })
        .collect();
    for opts in [&shaped, &compact] {
        let bytes = boring::to_vec_with(&drawings, opts).unwrap();
        assert_eq!(
            boring::serde::from_slice::<Vec<Drawing>>(&bytes, opts).unwrap(),
            drawings
        );
    }

    // Strings inside an expanded table are built, not borrowed.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Borrowing<'a> {
        sensor: &'a str,
    }
    let err = boring::serde::from_slice::<Vec<Borrowing<'_>>>(&cases[0].0, &shaped).unwrap_err();
    let table_at = cases[0].0.windows(3).position(|w| w == [0xd9, 0x9a, 0xe1]);
    assert!(matches!(err.kind(), ErrorKind::Custom(_)), "{err}");
    assert_eq!(err.offset(), table_at, "{err}");
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Samples {
    ids: Vec<u16>,
    deltas: Vec<i8>,
    big: Vec<u64>,
    levels: Vec<f32>,
    exact: Vec<f64>,
    position: [f32; 3],
    #[serde(with = "serde_bytes")]
    raw: Vec<u8>,
}

#[derive(Boring, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Mesh {
    name: String,
    points: Vec<Samples>,
}

#[test]
fn typed_arrays_read_as_sequences_of_numbers() {
    let samples = |i: u16| Samples {
        ids: vec![7, 300 + i, 65_535],
        deltas: vec![-128, i as i8, 127],
        big: vec![u64::MAX, u64::from(i)],
        levels: vec![0.5, -1.25, f32::from(i)],
        exact: vec![0.1, f64::from(i) / 3.0],
        position: [1.5, -2.0, f32::from(i)],
        raw: vec![0, 255, i as u8],
    };
    let compact = Options::from(Profile::Compact);
    let one = samples(1);
    let bytes = boring::to_vec_with(&one, &compact).unwrap();
    // u16 (tag 69), i8 (72), u64 (71), f32 (85) and f64 (86), little-endian.
    for tag in [69u8, 72, 71, 85, 86] {
        assert!(bytes.windows(2).any(|w| w == [0xd8, tag]), "tag {tag}");
    }
    assert_eq!(
        boring::serde::from_slice::<Samples>(&bytes, &compact).unwrap(),
        one
    );

    // Inside a columnar table, where the rows are expanded first.
    let mesh = Mesh {
        name: "m".into(),
        points: (0..5).map(samples).collect(),
    };
    let bytes = boring::to_vec_with(&mesh, &compact).unwrap();
    assert!(has_tag(&bytes, 39653));
    assert_eq!(
        boring::serde::from_slice::<Mesh>(&bytes, &compact).unwrap(),
        mesh
    );

    // A generic target sees numbers, as it does in `Value`'s JSON.
    let json: serde_json::Value =
        boring::serde::from_slice(&boring::to_vec_with(&one, &compact).unwrap(), &compact).unwrap();
    assert_eq!(json["ids"], serde_json::json!([7, 301, 65535]));
    assert_eq!(json["deltas"], serde_json::json!([-128, 1, 127]));
    assert_eq!(json["big"], serde_json::json!([u64::MAX, 1]));
    assert_eq!(json["levels"], serde_json::json!([0.5, -1.25, 1.0]));

    // Big-endian arrays and binary16 read too (RFC 8746 §2).
    let be_u16 = [0xd8, 65, 0x44, 0x01, 0x02, 0xff, 0xff];
    assert_eq!(
        boring::serde::from_slice::<Vec<u16>>(&be_u16, &interop()).unwrap(),
        vec![0x0102, 0xffff]
    );
    let le_f16 = [0xd8, 84, 0x44, 0x00, 0x3c, 0x00, 0xc0];
    assert_eq!(
        boring::serde::from_slice::<Vec<f32>>(&le_f16, &interop()).unwrap(),
        vec![1.0, -2.0]
    );
    // A u8 array is a byte string to `serde_bytes` and `&[u8]` (borrowed),
    // and a sequence to `Vec<u8>`.
    let u8s = [0xd8, 64, 0x43, 1, 2, 255];
    let buf: serde_bytes::ByteBuf = boring::serde::from_slice(&u8s, &interop()).unwrap();
    assert_eq!(buf.as_slice(), [1, 2, 255]);
    let borrowed: &serde_bytes::Bytes = boring::serde::from_slice(&u8s, &interop()).unwrap();
    assert_eq!(borrowed.as_ref(), [1, 2, 255]);
    assert_eq!(
        boring::serde::from_slice::<Vec<u8>>(&u8s, &interop()).unwrap(),
        [1, 2, 255]
    );
    // An element the target cannot hold is serde's range error, placed.
    let too_big = [0xd8, 69, 0x42, 0x00, 0x01];
    let err = boring::serde::from_slice::<Vec<u8>>(&too_big, &interop()).unwrap_err();
    assert_eq!(err.offset(), Some(0));
    // A payload that is not whole elements is refused.
    let ragged = [0xd8, 69, 0x43, 1, 2, 3];
    let err = boring::serde::from_slice::<Vec<u16>>(&ragged, &interop()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 69 });
}

/// A sequence whose length serde does not know (`serialize_seq(None)`),
/// holding `items` of its own kind, or claiming `hint` elements.
struct Unsized {
    items: Vec<Unsized>,
    hint: Option<usize>,
}

impl Serialize for Unsized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(self.hint)?;
        for item in &self.items {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

#[test]
fn unknown_lengths_and_miscounted_hints() {
    let leaf = || Unsized {
        items: vec![],
        hint: None,
    };
    let nested = Unsized {
        items: vec![
            leaf(),
            Unsized {
                items: vec![leaf(), leaf()],
                hint: None,
            },
        ],
        hint: None,
    };
    // Indefinite under the unsorted profiles, gathered to a definite count
    // under the sorted ones, at every depth.
    assert_eq!(
        boring::serde::to_vec(&nested, &interop()).unwrap(),
        [0x9f, 0x9f, 0xff, 0x9f, 0x9f, 0xff, 0x9f, 0xff, 0xff, 0xff]
    );
    assert_eq!(
        boring::serde::to_vec(&nested, &Options::from(Profile::Canonical)).unwrap(),
        [0x82, 0x80, 0x82, 0x80, 0x80]
    );
    // A hint the elements do not meet, either way, is refused.
    for (hint, given) in [(3, 2), (1, 2), (0, 1)] {
        let lying = Unsized {
            items: (0..given).map(|_| leaf()).collect(),
            hint: Some(hint),
        };
        let err = boring::serde::to_vec(&lying, &interop()).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Unencodable(_)),
            "hint {hint}, {given} given: {err}"
        );
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Renamed {
    #[serde(rename = "identifier", alias = "ident")]
    id: u32,
    label: String,
    #[serde(default)]
    extra: Option<String>,
}

#[test]
fn struct_keys_in_any_order_form_and_namespace() {
    // Under stringref the second record's keys are references to the
    // first's, and a value equal to a key name refers to that key's text:
    // both must resolve to what the derive wrote.
    let rows: Vec<Reading> = (0..3)
        .map(|i| Reading {
            sensor: "celsius".into(),
            ts: i,
            celsius: 1.5,
            ok: true,
            tags: vec!["sensor".into(), "count".into()],
            note: Some("note".into()),
            count: 7,
        })
        .collect();
    let bytes = boring::to_vec_with(&rows, &Options::default()).unwrap();
    assert!(bytes.windows(2).any(|w| w == [0xd8, 0x19]), "references");
    assert_eq!(
        boring::serde::from_slice::<Vec<Reading>>(&bytes, &Options::default()).unwrap(),
        rows
    );

    // Keys out of order, an unknown key, a renamed field and its alias.
    let map = |entries: &[(&str, Value)]| {
        let value = Value::Map(
            entries
                .iter()
                .map(|(k, v)| (Value::Text((*k).into()), v.clone()))
                .collect::<Vec<_>>()
                .into(),
        );
        boring::to_vec_with(&value, &interop()).unwrap()
    };
    let label = || Value::Text("x".into());
    let want = Renamed {
        id: 3,
        label: "x".into(),
        extra: None,
    };
    for bytes in [
        map(&[("label", label()), ("identifier", Value::Integer(3))]),
        map(&[("ident", Value::Integer(3)), ("label", label())]),
        map(&[
            ("unknown", Value::Bool(true)),
            ("label", label()),
            ("identifier", Value::Integer(3)),
        ]),
    ] {
        assert_eq!(
            boring::serde::from_slice::<Renamed>(&bytes, &interop()).unwrap(),
            want
        );
    }
    // A repeated key is the target's to judge, as before.
    let twice = map(&[
        ("label", label()),
        ("label", label()),
        ("identifier", Value::Integer(3)),
    ]);
    let err = boring::serde::from_slice::<Renamed>(&twice, &interop()).unwrap_err();
    assert!(err.to_string().contains("duplicate field"), "{err}");
}

#[test]
fn variant_names_resolve_through_stringref() {
    // Repeated variant names become references; a text equal to one refers
    // to the name's literal.
    let drawing = Drawing {
        name: "Circle".into(),
        shapes: vec![
            Shape::Circle(1.0),
            Shape::Empty,
            Shape::Circle(2.0),
            Shape::Rect { w: 1, h: 2 },
            Shape::Empty,
            Shape::Rect { w: 3, h: 4 },
        ],
        origin: (0, -1),
    };
    let copies = vec![drawing.clone(), drawing];
    let bytes = boring::to_vec_with(&copies, &Options::default()).unwrap();
    assert!(bytes.windows(2).any(|w| w == [0xd8, 0x19]), "references");
    assert_eq!(
        boring::serde::from_slice::<Vec<Drawing>>(&bytes, &Options::default()).unwrap(),
        copies
    );
}

/// A byte as a newtype: written as the byte itself.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
struct Level(u8);

/// A sequence whose exact length hint is `hint`, holding `given` bytes.
struct HintedBytes {
    hint: usize,
    given: usize,
}

impl Serialize for HintedBytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Lying(std::ops::Range<usize>, usize);
        impl Iterator for Lying {
            type Item = u8;
            fn next(&mut self) -> Option<u8> {
                self.0.next().map(|i| i as u8)
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                (self.1, Some(self.1))
            }
        }
        s.collect_seq(Lying(0..self.given, self.hint))
    }
}

#[test]
fn byte_sequences_write_every_head_across_blocks_and_other_items_after_them() {
    // 600 bytes: more than one block of heads, every value from 0 to 255.
    let bytes: Vec<u8> = (0..600).map(|i| (i * 7 % 256) as u8).collect();
    let mut expected = vec![0x99, 0x02, 0x58];
    for &b in &bytes {
        if b < 24 {
            expected.push(b);
        } else {
            expected.extend([0x18, b]);
        }
    }
    // Default opens a stringref namespace (tag 256) around the item.
    let profiles: [(Options, &[u8]); 3] = [
        (interop(), &[]),
        (Options::default(), &[0xd9, 0x01, 0x00]),
        (Options::from(Profile::Canonical), &[]),
    ];
    for (opts, namespace) in profiles {
        let written = boring::serde::to_vec(&bytes, &opts).unwrap();
        assert_eq!(written[..namespace.len()], *namespace);
        assert_eq!(written[namespace.len()..], expected);
        assert_eq!(round_trip(&bytes, &opts), bytes);
    }
    // Newtypes and `Some` of a byte are bytes; `None` ends the run and the
    // items after it take the ordinary path, byte or not.
    let levels = vec![Level(1), Level(200)];
    assert_eq!(
        boring::serde::to_vec(&levels, &interop()).unwrap(),
        [0x82, 0x01, 0x18, 0xc8]
    );
    let optional = vec![Some(1u8), Some(200), None, Some(30), Some(2)];
    let written = boring::serde::to_vec(&optional, &interop()).unwrap();
    assert_eq!(written, [0x85, 0x01, 0x18, 0xc8, 0xf6, 0x18, 0x1e, 0x02]);
    assert_eq!(round_trip(&optional, &interop()), optional);
    // A simple value travels as a `u8` in a newtype of its own: still a
    // simple value, never an integer.
    let simples = vec![Value::Simple(16), Value::Undefined, Value::Simple(255)];
    assert_eq!(
        boring::serde::to_vec(&simples, &interop()).unwrap(),
        [0x83, 0xf0, 0xf7, 0xf8, 0xff]
    );
    // An exact hint the bytes do not meet is refused, both ways.
    for (hint, given) in [(3, 2), (2, 3), (0, 1), (300, 299), (299, 300)] {
        let err = boring::serde::to_vec(&HintedBytes { hint, given }, &interop()).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Unencodable(_)),
            "hint {hint}, {given} given: {err}"
        );
    }
    let met = boring::serde::to_vec(&HintedBytes { hint: 3, given: 3 }, &interop()).unwrap();
    assert_eq!(met, [0x83, 0x00, 0x01, 0x02]);
}

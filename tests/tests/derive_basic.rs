//! Derived structs and enums: wire forms, attributes and decoding rules.

use std::borrow::Cow;

use boring::{Boring, ErrorKind, Options, PathSegment, Profile};

fn interop() -> Options {
    Options::from(Profile::Interop)
}

fn enc<T: boring::Encode + ?Sized>(value: &T) -> Vec<u8> {
    boring::to_vec_with(value, &interop()).expect("encodes")
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Point {
    x: i64,
    y: i64,
    label: String,
}

#[derive(Boring, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(Boring, Debug, PartialEq)]
struct Meters(f64);

#[derive(Boring, Debug, PartialEq)]
struct Unit;

#[derive(Boring, Debug, PartialEq)]
enum Shape {
    Empty,
    Circle(u32),
    Rect(u32, u32),
    Named { name: String, sides: u8 },
}

#[test]
fn struct_is_a_map_of_text_keys() {
    let p = Point {
        x: 1,
        y: -2,
        label: "a".into(),
    };
    let bytes = enc(&p);
    assert_eq!(
        bytes,
        [
            0xa3, 0x61, b'x', 0x01, 0x61, b'y', 0x21, 0x65, b'l', b'a', b'b', b'e', b'l', 0x61,
            b'a'
        ]
    );
    assert_eq!(boring::from_slice::<Point>(&bytes).unwrap(), p);
}

#[test]
fn tuple_newtype_unit() {
    assert_eq!(enc(&Pair(1, "b".into())), [0x82, 0x01, 0x61, b'b']);
    assert_eq!(
        boring::from_slice::<Pair>(&[0x82, 0x01, 0x61, b'b']).unwrap(),
        Pair(1, "b".into())
    );
    assert_eq!(enc(&Meters(1.5)), enc(&1.5f64));
    assert_eq!(
        boring::from_slice::<Meters>(&enc(&1.5f64)).unwrap(),
        Meters(1.5)
    );
    assert_eq!(enc(&Unit), [0xf6]);
    assert_eq!(boring::from_slice::<Unit>(&[0xf7]).unwrap(), Unit);
}

#[test]
fn enum_variants() {
    assert_eq!(enc(&Shape::Empty), [0x65, b'E', b'm', b'p', b't', b'y']);
    let circle = enc(&Shape::Circle(3));
    assert_eq!(
        circle,
        [0xa1, 0x66, b'C', b'i', b'r', b'c', b'l', b'e', 0x03]
    );
    for v in [
        Shape::Empty,
        Shape::Circle(3),
        Shape::Rect(1, 2),
        Shape::Named {
            name: "tri".into(),
            sides: 3,
        },
    ] {
        let bytes = enc(&v);
        assert_eq!(boring::from_slice::<Shape>(&bytes).unwrap(), v);
    }
    let err = boring::from_slice::<Shape>(&enc(&"Hexagon")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnknownVariant { .. }));
}

/// Names of one length that differ in a single byte at the start, the
/// middle or the end, in each length class the name compare treats apart
/// (1–3, 4–8, 9–16 and longer bytes).
#[derive(Boring, Debug, PartialEq, Clone, Copy)]
enum Near {
    A,
    B,
    Ab,
    Abc,
    Abd,
    Xbc,
    Warrior,
    Warrier,
    Vetrior,
    #[boring(rename = "eightchr")]
    Eight,
    #[boring(rename = "twelve-chars")]
    Twelve,
    #[boring(rename = "twelve-charz")]
    TwelveZ,
    #[boring(rename = "seventeen-letters")]
    Seventeen,
    #[boring(rename = "seventeen-letterz")]
    SeventeenZ,
}

#[test]
fn variant_names_are_told_apart_by_every_byte() {
    use Near::*;
    let all = [
        A, B, Ab, Abc, Abd, Xbc, Warrior, Warrier, Vetrior, Eight, Twelve, TwelveZ, Seventeen,
        SeventeenZ,
    ];
    for v in all {
        assert_eq!(boring::from_slice::<Near>(&enc(&v)).unwrap(), v);
    }
    for name in [
        "C",
        "Ac",
        "Abe",
        "Warrioa",
        "Xarrior",
        "Warsior",
        "eightchx",
        "twelve-charx",
        "xwelve-chars",
        "twelve_chars",
        "seventeen-letter",
    ] {
        let err = boring::from_slice::<Near>(&enc(name)).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::UnknownVariant { .. }),
            "{name}: {err}"
        );
    }
}

#[derive(Boring, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    note: Cow<'a, str>,
    #[boring(bytes)]
    raw: &'a [u8],
}

#[test]
fn borrowed_fields_are_zero_copy() {
    let v = Borrowed {
        name: "n",
        note: Cow::Borrowed("hello"),
        raw: &[1, 2, 3],
    };
    let bytes = enc(&v);
    let back: Borrowed<'_> = boring::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert!(matches!(back.note, Cow::Borrowed(_)));
    let start = bytes.as_ptr() as usize;
    assert!((start..start + bytes.len()).contains(&(back.name.as_ptr() as usize)));
    assert!((start..start + bytes.len()).contains(&(back.raw.as_ptr() as usize)));
}

#[test]
fn missing_field_names_the_field() {
    let bytes = enc(&boring::Value::Map(
        vec![(boring::Value::Text("x".into()), boring::Value::Integer(1))].into(),
    ));
    let err = boring::from_slice::<Point>(&bytes).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("y"));
    assert_eq!(err.path(), &[PathSegment::Field("y")]);
}

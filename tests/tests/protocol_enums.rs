//! Enum representations: externally tagged (the default), with integer
//! identifiers (`index`), internally tagged (`tag`), adjacently tagged
//! (`tag` + `content`) and untagged; their bytes, their decoding in place
//! (with stringref, with the tag anywhere in the map), their errors, and
//! annotated dumps of each.

use boring::{Boring, Encode, ErrorKind, Options, PathSegment, Profile};
use boring_tests::{hex, to_hex};

fn interop() -> Options {
    Profile::Interop.into()
}

fn enc<T: Encode>(v: &T) -> String {
    to_hex(&boring::to_vec_with(v, &interop()).unwrap())
}

fn dump<T: Encode>(v: &T) -> String {
    boring::diag::dump(&boring::to_vec_with(v, &interop()).unwrap()).unwrap()
}

fn round_trip<T>(v: &T, options: &Options)
where
    T: Encode + boring::DecodeOwned + PartialEq + std::fmt::Debug,
{
    let bytes = boring::to_vec_with(v, options).unwrap();
    assert_eq!(&boring::from_slice_with::<T>(&bytes, options).unwrap(), v);
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(index)]
#[repr(i8)]
enum Op {
    Get,
    Put(String),
    Move { from: u8, to: u8 },
    Delete = 10,
    Reset,
    Negative = -3,
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(tag = "type")]
enum Shape {
    Empty,
    Circle {
        r: u32,
    },
    #[boring(rename = "rect")]
    Rect {
        w: u32,
        h: u32,
        #[boring(skip_if_none)]
        label: Option<String>,
    },
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(tag = "t", content = "c")]
enum Packet {
    Ping,
    Data(Vec<u8>),
    Pair(u8, u8),
    Named { id: u32 },
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(untagged)]
enum Loose {
    Nothing,
    Number(i64),
    Text(String),
    Point { x: i32, y: i32 },
    Pair(i32, String),
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(tag = "op", index)]
#[repr(u8)]
enum Indexed {
    Stop = 1,
    Go { speed: u8 } = 2,
}

#[test]
fn index_uses_discriminants_and_declaration_order() {
    assert_eq!(enc(&Op::Get), "00");
    assert_eq!(enc(&Op::Put("k".into())), "a101616b");
    assert_eq!(
        enc(&Op::Move { from: 1, to: 2 }),
        "a102a26466726f6d0162746f02"
    );
    assert_eq!(enc(&Op::Delete), "0a");
    assert_eq!(enc(&Op::Reset), "0b");
    assert_eq!(enc(&Op::Negative), "22");
    for v in [
        Op::Get,
        Op::Put("k".into()),
        Op::Move { from: 1, to: 2 },
        Op::Delete,
        Op::Reset,
        Op::Negative,
    ] {
        round_trip(&v, &interop());
    }
    // `{id: null}` is the unit variant too; a name is not an identifier.
    assert_eq!(
        boring::from_slice::<Op>(&hex("a10af6")).unwrap(),
        Op::Delete
    );
    let err = boring::from_slice::<Op>(&hex("05")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownVariant { name, .. } if name == "5"),
        "{err}"
    );
    let err = boring::from_slice::<Op>(&hex("63476574")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
    assert_eq!(
        enc(&Indexed::Go { speed: 3 }),
        "a2626f7002657370656564 03".replace(' ', "")
    );
    round_trip(&Indexed::Stop, &interop());
}

#[test]
fn internally_tagged() {
    assert_eq!(
        enc(&Shape::Empty),
        "a164747970656545 6d707479".replace(' ', "")
    );
    assert_eq!(
        enc(&Shape::Circle { r: 2 }),
        "a2647479706566436972636c65617202"
    );
    let rect = Shape::Rect {
        w: 1,
        h: 2,
        label: None,
    };
    assert_eq!(
        enc(&rect),
        "a36474797065647265637461770161680 2".replace(' ', "")
    );
    // The tag may come anywhere; unknown entries are skipped.
    let late = hex("a3 6172 02 6178 00 6474797065 66436972636c65");
    assert_eq!(
        boring::from_slice::<Shape>(&late).unwrap(),
        Shape::Circle { r: 2 }
    );
    let err = boring::from_slice::<Shape>(&hex("a1 6172 02")).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("type"));
    let err = boring::from_slice::<Shape>(&hex("a1 6474797065 6453717561")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownVariant { .. }),
        "{err}"
    );
    let err =
        boring::from_slice::<Shape>(&hex("a2 6474797065 66436972636c65 6172 6178")).unwrap_err();
    assert_eq!(
        err.path(),
        &[PathSegment::Variant("Circle"), PathSegment::Field("r")]
    );
    for v in [Shape::Empty, Shape::Circle { r: 9 }, rect] {
        round_trip(&v, &interop());
        // With stringref, the tag's text is registered while scanning and
        // again while reading: the rewind restores the table in between.
        round_trip(&v, &Options::default());
        round_trip(&vec![v.clone(), v.clone(), v], &Options::default());
    }
}

#[test]
fn adjacently_tagged() {
    assert_eq!(enc(&Packet::Ping), "a1617464 50696e67".replace(' ', ""));
    assert_eq!(
        enc(&Packet::Data(vec![1])),
        "a261746444617461616381 01".replace(' ', "")
    );
    assert_eq!(
        enc(&Packet::Pair(1, 2)),
        "a26174645061697261638201 02".replace(' ', "")
    );
    // Content before tag decodes too.
    let swapped = hex("a2 6163 a162696407 6174 654e616d6564");
    assert_eq!(
        boring::from_slice::<Packet>(&swapped).unwrap(),
        Packet::Named { id: 7 }
    );
    let err = boring::from_slice::<Packet>(&hex("a1 6174 6444617461")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
    for v in [
        Packet::Ping,
        Packet::Data(vec![1, 2]),
        Packet::Pair(3, 4),
        Packet::Named { id: 5 },
    ] {
        round_trip(&v, &interop());
        round_trip(&vec![v.clone(), v], &Options::default());
    }
}

#[test]
fn untagged_tries_each_variant_in_order() {
    assert_eq!(enc(&Loose::Nothing), "f6");
    assert_eq!(enc(&Loose::Number(-1)), "20");
    assert_eq!(enc(&Loose::Point { x: 1, y: 2 }), "a2617801617902");
    assert_eq!(enc(&Loose::Pair(1, "a".into())), "82016161");
    for v in [
        Loose::Nothing,
        Loose::Number(5),
        Loose::Text("t".into()),
        Loose::Point { x: -1, y: 1 },
        Loose::Pair(1, "a".into()),
    ] {
        round_trip(&v, &interop());
        round_trip(&vec![v.clone(), v], &Options::default());
    }
    // Nothing fits: the error says what each variant expected.
    let err = boring::from_slice::<Loose>(&hex("f5")).unwrap_err();
    let ErrorKind::Custom(message) = err.kind() else {
        panic!("{err:?}");
    };
    for name in ["Nothing:", "Number:", "Text:", "Point:", "Pair:"] {
        assert!(message.contains(name), "{message}");
    }
    assert_eq!(err.offset(), Some(0));
    // A failed attempt inside a nested structure leaves nothing behind.
    let nested: Vec<Loose> = boring::from_slice(&hex("83 a2617801617902 82016161 f6")).unwrap();
    assert_eq!(nested.len(), 3);
}

#[test]
fn representation_dumps() {
    insta::assert_snapshot!(
        "external_index",
        dump(&vec![Op::Get, Op::Put("k".into()), Op::Negative])
    );
    insta::assert_snapshot!(
        "internal",
        dump(&vec![
            Shape::Empty,
            Shape::Rect {
                w: 1,
                h: 2,
                label: Some("door".into())
            }
        ])
    );
    insta::assert_snapshot!(
        "adjacent",
        dump(&vec![
            Packet::Ping,
            Packet::Pair(1, 2),
            Packet::Named { id: 3 }
        ])
    );
    insta::assert_snapshot!(
        "untagged",
        dump(&vec![
            Loose::Nothing,
            Loose::Number(1),
            Loose::Point { x: 1, y: 2 }
        ])
    );
    insta::assert_snapshot!("internal_index", dump(&Indexed::Go { speed: 3 }));
}

#[test]
fn other_representations_are_written_element_by_element() {
    let shaped = Options::default()
        .stringref(false)
        .shapes(true)
        .columns(true);
    let items = vec![Packet::Named { id: 1 }; 4];
    let bytes = boring::to_vec_with(&items, &shaped).unwrap();
    let mut expected = vec![0x84];
    for item in &items {
        expected.extend(boring::to_vec_with(item, &shaped).unwrap());
    }
    assert_eq!(bytes, expected);
    assert_eq!(
        boring::from_slice_with::<Vec<Packet>>(&bytes, &shaped).unwrap(),
        items
    );
}

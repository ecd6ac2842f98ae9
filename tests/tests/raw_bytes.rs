//! Raw, KeepRaw, Embedded and Tagged: keeping the exact bytes of signed
//! parts, CBOR inside byte strings, and required tags.

use boring::{Embedded, ErrorKind, KeepRaw, Options, Profile, Raw, Tagged, Value};

fn interop() -> Options {
    Options::from(Profile::Interop)
}

#[test]
fn raw_borrows_one_item_and_writes_it_back() {
    // [1, {"a": [2, 3]}, 4]; the middle item is kept raw.
    let bytes = [0x83, 0x01, 0xa1, 0x61, b'a', 0x82, 0x02, 0x03, 0x04];
    let (first, middle, last): (u8, Raw<'_>, u8) = boring::from_slice(&bytes).expect("decodes");
    assert_eq!((first, last), (1, 4));
    assert_eq!(middle.as_bytes(), &bytes[2..8]);
    let value: Value = middle.decode().expect("decodes later");
    assert_eq!(
        value.get("a").and_then(Value::as_array).map(<[Value]>::len),
        Some(2)
    );
    let again = boring::to_vec_with(&(first, middle, last), &interop()).expect("encodes");
    assert_eq!(again, bytes);
    assert!(Raw::new(&[0x82, 0x01]).is_err());
    assert_eq!(
        Raw::new(&[0x01, 0x02]).expect_err("two items").kind(),
        &ErrorKind::TrailingBytes
    );
}

#[test]
fn raw_refuses_items_with_string_references() {
    // 256(["abc", ["abc" as 25(0)]]): the inner array holds a reference.
    let bytes = [
        0xd9, 0x01, 0x00, 0x82, 0x63, b'a', b'b', b'c', 0x81, 0xd8, 0x19, 0x00,
    ];
    let err = boring::from_slice::<(String, Raw<'_>)>(&bytes).expect_err("reference");
    assert_eq!(err.kind(), &ErrorKind::StringrefInRaw);
    let err =
        boring::from_slice::<(String, KeepRaw<'_, Vec<String>>)>(&bytes).expect_err("reference");
    assert_eq!(err.kind(), &ErrorKind::StringrefInRaw);
    // Without a reference inside, the literal still registers normally.
    let ok = [
        0xd9, 0x01, 0x00, 0x82, 0x81, 0x63, b'a', b'b', b'c', 0xd8, 0x19, 0x00,
    ];
    let (raw, after): (Raw<'_>, String) = boring::from_slice(&ok).expect("decodes");
    assert_eq!(raw.as_bytes(), &ok[4..9]);
    assert_eq!(after, "abc");
}

#[test]
fn raw_items_keep_the_writers_string_table_in_step() {
    // A raw item holding "abcd" is written inside a namespace; the reader
    // registers it, so the writer must count it too.
    let raw = Raw::new(&[0x64, b'a', b'b', b'c', b'd']).expect("one item");
    let value = (raw, "wxyz", "wxyz", "abcd");
    let bytes = boring::to_vec(&value).expect("encodes");
    let back: (String, String, String, String) = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(
        back,
        ("abcd".into(), "wxyz".into(), "wxyz".into(), "abcd".into())
    );
    // "wxyz" took index 1 after the raw "abcd" took 0; "abcd" is a reference.
    assert!(bytes.ends_with(&[0xd8, 0x19, 0x01, 0xd8, 0x19, 0x00]));
}

#[test]
fn keep_raw_pairs_value_and_bytes() {
    let bytes = [0x82, 0xa1, 0x01, 0x26, 0x05];
    let (header, n): (KeepRaw<'_, Value>, u8) = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(header.raw(), &[0xa1, 0x01, 0x26]);
    assert_eq!(header.value().as_map().map(<[_]>::len), Some(1));
    assert_eq!(n, 5);
    assert_eq!(
        boring::to_vec_with(&(header, n), &interop()).expect("encodes"),
        bytes
    );
}

#[test]
fn embedded_cbor_in_a_byte_string() {
    let value = Embedded(vec![1u8, 2]);
    let bytes = boring::to_vec_with(&value, &interop()).expect("encodes");
    assert_eq!(bytes, [0x43, 0x82, 0x01, 0x02]);
    let back: Embedded<Vec<u8>> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back.0, [1, 2]);

    let none: Embedded<Option<u8>> = boring::from_slice(&[0x40]).expect("empty is None");
    assert_eq!(none.0, None);
    assert_eq!(
        boring::to_vec_with(&none, &interop()).expect("encodes"),
        [0x40]
    );

    // The content bytes without the byte-string head, as COSE needs.
    let kept: Embedded<KeepRaw<'_, Value>> =
        boring::from_slice(&[0x43, 0xa1, 0x01, 0x26]).expect("decodes");
    assert_eq!(kept.0.raw(), &[0xa1, 0x01, 0x26]);

    // A document of its own: its own stringref namespace.
    let with_refs = boring::to_vec(&Embedded(vec!["abc", "abc"])).expect("encodes");
    let inner = boring::from_slice::<Embedded<Vec<String>>>(&with_refs).expect("decodes");
    assert_eq!(inner.0, ["abc", "abc"]);

    // Errors inside the content point into the outer input.
    let err =
        boring::from_slice::<Embedded<Vec<u8>>>(&[0x00, 0x42, 0x82, 0x01][1..]).expect_err("short");
    assert!(matches!(
        err.kind(),
        ErrorKind::BadCount | ErrorKind::Truncated
    ));
}

#[test]
fn tagged_values_require_their_tag() {
    let value: Tagged<24, Embedded<u32>> = Tagged(Embedded(7));
    let bytes = boring::to_vec_with(&value, &interop()).expect("encodes");
    assert_eq!(bytes, [0xd8, 0x18, 0x41, 0x07]);
    let back: Tagged<24, Embedded<u32>> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back.0 .0, 7);
    let err = boring::from_slice::<Tagged<18, u32>>(&[0xd8, 0x11, 0x07]).expect_err("other tag");
    assert_eq!(
        err.kind(),
        &ErrorKind::WrongTag {
            expected: 18,
            found: Some(17)
        }
    );
    let err = boring::from_slice::<Tagged<18, u32>>(&[0x07]).expect_err("no tag");
    assert_eq!(
        err.kind(),
        &ErrorKind::WrongTag {
            expected: 18,
            found: None
        }
    );
}

//! A document nested in another opens its own stringref namespace (tag
//! 256) wherever it sits: typed decoding enters it exactly as `Value`
//! decoding does, so references inside resolve against its own strings.

use std::collections::BTreeMap;

use boring::{Boring, ErrorKind, Options, Value};

#[derive(Debug, Clone, PartialEq, Boring)]
struct Inner {
    kind: String,
    label: String,
    count: u32,
}

#[derive(Debug, PartialEq, Boring)]
struct Outer {
    inner: Inner,
    rows: Vec<Inner>,
    names: Vec<String>,
    index: BTreeMap<String, String>,
    note: String,
    flag: bool,
}

fn inner(i: u32) -> Inner {
    Inner {
        kind: "repeated kind".into(),
        label: format!("label number {}", i % 2),
        count: i,
    }
}

/// `value` encoded as its own document under the default profile (a
/// namespace and its references), for splicing into another.
fn document<T: boring::Encode>(value: &T, opts: &Options) -> Vec<u8> {
    let bytes = boring::to_vec_with(value, opts).unwrap();
    assert_eq!(&bytes[..3], [0xd9, 0x01, 0x00], "a namespace of its own");
    bytes
}

fn text(s: &str) -> Vec<u8> {
    boring::to_vec_with(&s, &Options::from(boring::Profile::Interop)).unwrap()
}

#[test]
fn every_field_may_be_a_nested_document() {
    let rows: Vec<Inner> = (0..4).map(inner).collect();
    let names = vec!["shared name".to_string(), "shared name".to_string()];
    let index: BTreeMap<String, String> = [
        ("k1".into(), "shared value".into()),
        ("k2".into(), "shared value".into()),
    ]
    .into();
    let plain = Options::default();
    let shaped = Options::default().shapes(true);
    // {"inner": 256(…), "rows": 256(39649 …), "names": 256([…]),
    //  "index": 256({…}), "note": 256("…"), "flag": 256(true)}
    let mut bytes = vec![0xa6];
    bytes.extend(text("inner"));
    bytes.extend(document(&inner(7), &plain));
    bytes.extend(text("rows"));
    bytes.extend(document(&rows, &shaped));
    bytes.extend(text("names"));
    bytes.extend(document(&names, &plain));
    bytes.extend(text("index"));
    bytes.extend(document(&index, &plain));
    bytes.extend(text("note"));
    bytes.extend([0xd9, 0x01, 0x00]);
    bytes.extend(text("a note"));
    bytes.extend(text("flag"));
    bytes.extend([0xd9, 0x01, 0x00, 0xf5]);

    let outer: Outer = boring::from_slice(&bytes).expect("typed decoding enters each namespace");
    assert_eq!(
        outer,
        Outer {
            inner: inner(7),
            rows,
            names,
            index,
            note: "a note".into(),
            flag: true,
        }
    );
    // The same as decoding into `Value` and converting through it.
    let value: Value = boring::from_slice(&bytes).unwrap();
    let via_value: Outer = boring::from_slice(
        &boring::to_vec_with(&value, &Options::from(boring::Profile::Interop)).unwrap(),
    )
    .unwrap();
    assert_eq!(via_value, outer);
}

#[test]
fn a_nested_namespace_hides_the_outer_strings() {
    // The outer document defines "repeated kind" as reference 0; inside
    // the nested namespace reference 0 is unknown, and refused.
    let outer_then_inner = [
        vec![0xd9, 0x01, 0x00, 0x82],
        text("repeated kind"),
        vec![0xd9, 0x01, 0x00, 0xd8, 0x19, 0x00],
    ]
    .concat();
    let err = boring::from_slice::<(String, String)>(&outer_then_inner).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadStringref);
    // After the nested namespace closes, the outer one's references work
    // again.
    let back_outside = [
        vec![0xd9, 0x01, 0x00, 0x83],
        text("repeated kind"),
        vec![0xd9, 0x01, 0x00],
        text("inner text"),
        vec![0xd8, 0x19, 0x00],
    ]
    .concat();
    let (a, b, c): (String, String, String) = boring::from_slice(&back_outside).unwrap();
    assert_eq!(
        (a.as_str(), b.as_str(), c.as_str()),
        ("repeated kind", "inner text", "repeated kind")
    );
}

/// Types read by a tag of their own: a `Tagged`, an address, a UUID, a
/// decimal fraction, a set, a date.
#[derive(Debug, PartialEq, Boring)]
struct ByTag {
    tagged: boring::Tagged<1000, Vec<String>>,
    address: std::net::IpAddr,
    id: uuid::Uuid,
    price: rust_decimal::Decimal,
    set: std::collections::BTreeSet<String>,
    when: chrono::DateTime<chrono::Utc>,
}

#[test]
fn items_read_by_their_tag_may_be_nested_documents() {
    let tagged = boring::Tagged(vec!["shared in the tag".to_string(); 3]);
    let address: std::net::IpAddr = "192.0.2.7".parse().unwrap();
    let id = uuid::Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
    let price = rust_decimal::Decimal::new(-12345, 2);
    let set: std::collections::BTreeSet<String> = ["alpha".into(), "beta".into()].into();
    let when = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap();
    let plain = Options::default();
    let tagged_doc = document(&tagged, &plain);
    // Inside its own namespace the tag's strings are references.
    assert!(tagged_doc.windows(2).any(|w| w == [0xd8, 0x19]));
    let mut bytes = vec![0xa6];
    for (name, doc) in [
        ("tagged", tagged_doc),
        (
            "address",
            [vec![0xd9, 0x01, 0x00], boring::to_vec(&address).unwrap()].concat(),
        ),
        (
            "id",
            [vec![0xd9, 0x01, 0x00], boring::to_vec(&id).unwrap()].concat(),
        ),
        (
            "price",
            [vec![0xd9, 0x01, 0x00], boring::to_vec(&price).unwrap()].concat(),
        ),
        ("set", document(&set, &plain)),
        (
            "when",
            [vec![0xd9, 0x01, 0x00], boring::to_vec(&when).unwrap()].concat(),
        ),
    ] {
        bytes.extend(text(name));
        bytes.extend(doc);
    }
    let read: ByTag = boring::from_slice(&bytes).expect("each tagged item in its namespace");
    assert_eq!(
        read,
        ByTag {
            tagged,
            address,
            id,
            price,
            set,
            when
        }
    );
    // The same as decoding into `Value` and converting through it.
    let value: Value = boring::from_slice(&bytes).unwrap();
    let via_value: ByTag = boring::from_slice(
        &boring::to_vec_with(&value, &Options::from(boring::Profile::Interop)).unwrap(),
    )
    .unwrap();
    assert_eq!(via_value, read);
}

#[test]
fn a_namespace_around_a_tagged_item_closes_with_it() {
    // 256([ "repeated kind", 256(1000("inner text")), 25(0) ]): after the
    // tagged document, reference 0 is the outer namespace's first string.
    let bytes = [
        vec![0xd9, 0x01, 0x00, 0x83],
        text("repeated kind"),
        vec![0xd9, 0x01, 0x00, 0xd9, 0x03, 0xe8],
        text("inner text"),
        vec![0xd8, 0x19, 0x00],
    ]
    .concat();
    let (a, boring::Tagged(b), c): (String, boring::Tagged<1000, String>, String) =
        boring::from_slice(&bytes).unwrap();
    assert_eq!(
        (a.as_str(), b.as_str(), c.as_str()),
        ("repeated kind", "inner text", "repeated kind")
    );
}

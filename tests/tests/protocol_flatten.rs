//! `#[boring(flatten)]` and `#[boring(unknown)]`: entries of a nested
//! struct or a map written into the enclosing map, unknown entries kept in
//! order and written back last; properties of their round trips, and
//! sequences of such types written element by element.

use std::collections::BTreeMap;

use boring::{Boring, ErrorKind, Options, Profile, Value};
use boring_tests::{hex, to_hex};
use proptest::prelude::*;

fn interop() -> Options {
    Profile::Interop.into()
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Meta {
    created: u64,
    #[boring(skip_if_none)]
    by: Option<String>,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Document {
    #[boring(key = 1)]
    id: u32,
    #[boring(flatten)]
    meta: Meta,
    name: String,
    #[boring(unknown)]
    rest: Vec<(Value, Value)>,
}

/// A flattened map keeps integer keys as integers.
#[derive(Boring, Debug, PartialEq, Clone)]
struct Labels {
    v: u8,
    #[boring(flatten)]
    labels: BTreeMap<i64, Value>,
}

fn text(s: &str) -> Value {
    Value::Text(s.into())
}

/// The map a document is written as, entry by entry.
fn as_value(d: &Document) -> Value {
    let mut entries = vec![
        (Value::Integer(1), Value::Integer(d.id.into())),
        (text("created"), Value::Integer(d.meta.created.into())),
    ];
    if let Some(by) = &d.meta.by {
        entries.push((text("by"), text(by)));
    }
    entries.push((text("name"), text(&d.name)));
    entries.extend(d.rest.iter().cloned());
    Value::Map(entries.into())
}

#[test]
fn flattened_and_unknown_entries() {
    let d = Document {
        id: 7,
        meta: Meta {
            created: 1,
            by: None,
        },
        name: "n".into(),
        rest: vec![
            (Value::Integer(-5), Value::Bool(true)),
            (text("z"), Value::Null),
        ],
    };
    let bytes = boring::to_vec_with(&d, &interop()).unwrap();
    assert_eq!(
        to_hex(&bytes),
        "a5 0107 67637265617465640 1 646e616d65 616e 24 f5 617a f6".replace(' ', "")
    );
    assert_eq!(
        bytes,
        boring::to_vec_with(&as_value(&d), &interop()).unwrap()
    );
    assert_eq!(boring::from_slice::<Document>(&bytes).unwrap(), d);
    // Declared and flattened keys are taken wherever they are; the rest is
    // kept in input order.
    let shuffled = hex("a5 617a f6 646e616d65 616e 24 f5 6763726561746564 01 01 07");
    let back: Document = boring::from_slice(&shuffled).unwrap();
    assert_eq!(
        back.rest,
        vec![
            (text("z"), Value::Null),
            (Value::Integer(-5), Value::Bool(true))
        ]
    );
    // A missing field of the flattened struct is reported.
    let err = boring::from_slice::<Document>(&hex("a2 0107 646e616d65 616e")).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("created"));

    let l = Labels {
        v: 1,
        labels: BTreeMap::from([(-1, text("a")), (3, Value::Bool(false))]),
    };
    let bytes = boring::to_vec_with(&l, &interop()).unwrap();
    assert_eq!(to_hex(&bytes), "a3617601206161 03f4".replace(' ', ""));
    assert_eq!(boring::from_slice::<Labels>(&bytes).unwrap(), l);
    // Text keys other than `v` are not the map's (its keys are integers).
    let extra = hex("a3 6176 01 6178 00 20 6161");
    assert_eq!(
        boring::from_slice::<Labels>(&extra).unwrap().labels.len(),
        1
    );
}

#[test]
fn sequences_are_written_element_by_element() {
    let docs: Vec<Document> = (0..4)
        .map(|i| Document {
            id: i,
            meta: Meta {
                created: 10,
                by: Some("a".into()),
            },
            name: "x".into(),
            rest: vec![],
        })
        .collect();
    let options = Options::default()
        .stringref(false)
        .shapes(true)
        .columns(true);
    let bytes = boring::to_vec_with(&docs, &options).unwrap();
    let mut expected = vec![0x84];
    for d in &docs {
        expected.extend(boring::to_vec_with(&as_value(d), &interop()).unwrap());
    }
    assert_eq!(to_hex(&bytes), to_hex(&expected));
    assert_eq!(boring::from_slice::<Vec<Document>>(&bytes).unwrap(), docs);
}

fn arb_extra() -> impl Strategy<Value = Vec<(Value, Value)>> {
    let key = prop_oneof![
        (100i64..1000).prop_map(|i| Value::Integer(i.into())),
        (-1000i64..-1).prop_map(|i| Value::Integer(i.into())),
        "x-[a-z]{0,4}".prop_map(Value::Text),
        any::<bool>().prop_map(Value::Bool),
    ];
    let value = prop_oneof![
        any::<i64>().prop_map(|i| Value::Integer(i.into())),
        "[a-z]{0,6}".prop_map(Value::Text),
        Just(Value::Null),
        proptest::collection::vec(any::<u8>(), 0..4).prop_map(Value::Bytes),
    ];
    proptest::collection::vec((key, value), 0..6).prop_map(|entries| {
        // Unique keys: a map with a repeated key is not a map to keep.
        let mut seen = Vec::new();
        entries
            .into_iter()
            .filter(|(k, _)| {
                let fresh = !seen.contains(k);
                seen.push(k.clone());
                fresh
            })
            .collect()
    })
}

fn arb_document() -> impl Strategy<Value = Document> {
    (
        any::<u32>(),
        any::<u64>(),
        proptest::option::of("[a-z]{0,5}"),
        "[a-z]{0,8}",
        arb_extra(),
    )
        .prop_map(|(id, created, by, name, rest)| Document {
            id,
            meta: Meta { created, by },
            name,
            rest,
        })
}

proptest! {
    #[test]
    fn documents_round_trip(d in arb_document()) {
        for profile in [Profile::Interop, Profile::Default, Profile::Compact] {
            let options = Options::from(profile);
            let bytes = boring::to_vec_with(&d, &options).unwrap();
            prop_assert_eq!(&boring::from_slice_with::<Document>(&bytes, &options).unwrap(), &d);
        }
        let bytes = boring::to_vec_with(&d, &interop()).unwrap();
        prop_assert_eq!(bytes, boring::to_vec_with(&as_value(&d), &interop()).unwrap());
    }

    /// Decoding a map whose unknown entries come last, then encoding it,
    /// gives the same bytes.
    #[test]
    fn unknown_entries_are_kept(d in arb_document()) {
        let original = boring::to_vec_with(&as_value(&d), &interop()).unwrap();
        let decoded: Document = boring::from_slice(&original).unwrap();
        prop_assert_eq!(boring::to_vec_with(&decoded, &interop()).unwrap(), original);
    }

    #[test]
    fn flattened_maps_keep_integer_keys(
        v in any::<u8>(),
        labels in proptest::collection::btree_map(any::<i64>(), any::<i64>(), 0..6),
    ) {
        let l = Labels {
            v,
            labels: labels.into_iter().map(|(k, x)| (k, Value::Integer(x.into()))).collect(),
        };
        let bytes = boring::to_vec_with(&l, &interop()).unwrap();
        prop_assert_eq!(&boring::from_slice::<Labels>(&bytes).unwrap(), &l);
        let value: Value = boring::from_slice(&bytes).unwrap();
        let Value::Map(entries) = &value else { unreachable!() };
        prop_assert!(entries.iter().skip(1).all(|(k, _)| matches!(k, Value::Integer(_))));
    }
}

//! Properties of derived types: encode → decode is the identity in every
//! layout and profile, the predicted length is the written length, and a
//! derived vector (of records, or of boxed records) or map of records, and a
//! vector or map of `Value`s, writes the same bytes as the same data held in
//! one `Value`.

use std::collections::BTreeMap;

use boring::{Boring, Decode, Encode, Options, Profile, Value};
use proptest::prelude::*;

#[derive(Boring, Debug, PartialEq, Clone)]
struct Datom {
    e: i64,
    a: String,
    v: String,
    tx: i64,
    added: bool,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Sparse {
    id: u32,
    #[boring(skip_if_none)]
    note: Option<String>,
    #[boring(skip_if_none)]
    score: Option<i64>,
    ratio: f64,
    #[boring(bytes, skip_if_none)]
    blob: Option<Vec<u8>>,
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(keys = "keyword", rename_all = "kebab-case")]
struct Keyed {
    entity_id: u64,
    tags: Vec<String>,
    inner: Option<Box<Keyed>>,
}

#[derive(Boring, Debug, PartialEq, Clone)]
enum Op {
    Noop,
    Add(i64),
    Move(i32, i32),
    Set { key: String, value: Option<i64> },
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(record = "prop/Rec")]
struct Rec {
    n: i64,
    ops: Vec<Op>,
    map: BTreeMap<String, u8>,
}

fn text() -> impl Strategy<Value = String> {
    // Short strings repeat, so stringref references show up.
    prop_oneof![Just("abc".to_owned()), Just("e".to_owned()), "[a-zé]{0,6}"]
}

fn datom() -> impl Strategy<Value = Datom> {
    (any::<i64>(), text(), text(), 0i64..4, any::<bool>()).prop_map(|(e, a, v, tx, added)| Datom {
        e,
        a,
        v,
        tx,
        added,
    })
}

fn sparse() -> impl Strategy<Value = Sparse> {
    (
        any::<u32>(),
        proptest::option::of(text()),
        proptest::option::of(any::<i64>()),
        prop_oneof![
            Just(0.5f64),
            Just(-0.0),
            any::<f64>().prop_filter("not NaN", |f| !f.is_nan())
        ],
        proptest::option::of(proptest::collection::vec(any::<u8>(), 0..4)),
    )
        .prop_map(|(id, note, score, ratio, blob)| Sparse {
            id,
            note,
            score,
            ratio,
            blob,
        })
}

fn keyed() -> impl Strategy<Value = Keyed> {
    let leaf =
        (any::<u64>(), proptest::collection::vec(text(), 0..3)).prop_map(|(entity_id, tags)| {
            Keyed {
                entity_id,
                tags,
                inner: None,
            }
        });
    leaf.prop_recursive(3, 8, 1, |inner| {
        (
            any::<u64>(),
            proptest::collection::vec(text(), 0..3),
            proptest::option::of(inner),
        )
            .prop_map(|(entity_id, tags, inner)| Keyed {
                entity_id,
                tags,
                inner: inner.map(Box::new),
            })
    })
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Noop),
        any::<i64>().prop_map(Op::Add),
        (any::<i32>(), any::<i32>()).prop_map(|(a, b)| Op::Move(a, b)),
        (text(), proptest::option::of(any::<i64>()))
            .prop_map(|(key, value)| Op::Set { key, value }),
    ]
}

fn rec() -> impl Strategy<Value = Rec> {
    (
        any::<i64>(),
        proptest::collection::vec(op(), 0..4),
        proptest::collection::btree_map(text(), any::<u8>(), 0..3),
    )
        .prop_map(|(n, ops, map)| Rec { n, ops, map })
}

/// Plain and shaped under the default profile, with and without
/// stringref, and the interop and canonical profiles.
fn layouts() -> Vec<Options> {
    vec![
        Options::default(),
        Options::default().shapes(true),
        Options::default().shapes(true).stringref(false),
        Options::from(Profile::Interop),
        Options::from(Profile::Canonical),
        Options::from(Profile::CanonicalRfc7049),
        Options::from(Profile::Archival),
    ]
}

fn check_round_trip<T>(value: &T) -> Result<(), TestCaseError>
where
    T: Encode + for<'de> Decode<'de> + PartialEq + std::fmt::Debug,
{
    for opts in layouts() {
        let bytes =
            boring::to_vec_with(value, &opts).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(boring::encoded_len(value, &opts).unwrap(), bytes.len());
        let back: T = boring::from_slice_with(&bytes, &opts)
            .map_err(|e| TestCaseError::fail(format!("{e} under {opts:?}")))?;
        prop_assert_eq!(&back, value, "under {:?}", opts);
    }
    Ok(())
}

fn check_same_as_value<T: Encode + ?Sized>(items: &T) -> Result<(), TestCaseError> {
    let plain = boring::to_vec_with(items, &Options::from(Profile::Interop)).unwrap();
    let value: Value = boring::from_slice(&plain).unwrap();
    for opts in layouts() {
        let derived = boring::to_vec_with(items, &opts).unwrap();
        let generic = boring::to_vec_with(&value, &opts).unwrap();
        prop_assert_eq!(derived, generic, "under {:?}", opts);
    }
    Ok(())
}

proptest! {
    #[test]
    fn datoms_round_trip(items in proptest::collection::vec(datom(), 0..6)) {
        check_round_trip(&items)?;
    }

    #[test]
    fn sparse_round_trip(items in proptest::collection::vec(sparse(), 0..6)) {
        check_round_trip(&items)?;
    }

    #[test]
    fn keyed_round_trip(items in proptest::collection::vec(keyed(), 0..4)) {
        check_round_trip(&items)?;
    }

    #[test]
    fn enums_and_records_round_trip(items in proptest::collection::vec(rec(), 0..4)) {
        check_round_trip(&items)?;
    }

    #[test]
    fn derived_vectors_equal_value_vectors(
        datoms in proptest::collection::vec(datom(), 0..6),
        sparse in proptest::collection::vec(sparse(), 0..6),
        keyed in proptest::collection::vec(keyed(), 0..4),
        recs in proptest::collection::vec(rec(), 0..3),
    ) {
        check_same_as_value(&datoms)?;
        check_same_as_value(&sparse)?;
        check_same_as_value(&keyed)?;
        check_same_as_value(&recs)?;
    }

    #[test]
    fn maps_of_records_round_trip(
        datoms in proptest::collection::btree_map(text(), datom(), 0..6),
        sparse in proptest::collection::btree_map(any::<u8>(), sparse(), 0..6),
    ) {
        check_round_trip(&datoms)?;
        check_round_trip(&sparse)?;
    }

    #[test]
    fn derived_maps_and_boxes_equal_value(
        datoms in proptest::collection::btree_map(text(), datom(), 0..6),
        sparse in proptest::collection::btree_map(any::<u8>(), sparse(), 0..6),
        keyed in proptest::collection::btree_map(text(), keyed(), 0..4),
        boxed in proptest::collection::vec(datom().prop_map(Box::new), 0..6),
    ) {
        check_same_as_value(&datoms)?;
        check_same_as_value(&sparse)?;
        check_same_as_value(&keyed)?;
        check_same_as_value(&boxed)?;
    }

    #[test]
    fn vectors_and_maps_of_values_equal_value(
        datoms in proptest::collection::btree_map(text(), datom(), 0..6),
    ) {
        let values: Vec<Value> = datoms.values().map(|d| boring::to_value(d).unwrap()).collect();
        let keyed: BTreeMap<String, Value> = datoms
            .iter()
            .map(|(k, d)| (k.clone(), boring::to_value(d).unwrap()))
            .collect();
        check_same_as_value(&values)?;
        check_same_as_value(&keyed)?;
        // And they read back from every form they are written in (the
        // layouts that keep map keys in their order).
        for opts in layouts().into_iter().take(4) {
            let bytes = boring::to_vec_with(&values, &opts).unwrap();
            let back: Vec<Value> = boring::from_slice_with(&bytes, &opts)
                .map_err(|e| TestCaseError::fail(format!("{e} under {opts:?}")))?;
            prop_assert_eq!(&back, &values, "under {:?}", opts);
            let bytes = boring::to_vec_with(&keyed, &opts).unwrap();
            let back: BTreeMap<String, Value> = boring::from_slice_with(&bytes, &opts)
                .map_err(|e| TestCaseError::fail(format!("{e} under {opts:?}")))?;
            prop_assert_eq!(&back, &keyed, "under {:?}", opts);
        }
    }
}

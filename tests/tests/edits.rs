//! Edits of encoded bytes: every result is the encoding of the updated
//! value, in place where the length allows, and the index frame follows
//! the chosen policy.

use boring::edit::{self, FramePolicy};
use boring::index::{encode_indexed, Frame, IndexOptions};
use boring::nav::Key;
use boring::{ErrorKind, Options, Profile, Value};
use proptest::prelude::*;

fn canonical() -> Options {
    Options::from(Profile::Canonical)
}

fn doc() -> Value {
    Value::Map(
        vec![
            ("name".into(), "Ada".into()),
            (
                "langs".into(),
                Value::Array(vec!["en".into(), "fr".into()].into()),
            ),
            ("n".into(), 7.into()),
        ]
        .into(),
    )
}

#[test]
fn a_same_length_value_is_poked_in_place() {
    let bytes = boring::to_vec_with(&doc(), &canonical()).unwrap();
    let out = edit::poke(
        &bytes,
        &[Key::from("name")],
        &Value::from("Bob"),
        &canonical(),
    )
    .unwrap();
    assert_eq!(out.len(), bytes.len());
    let back: Value = boring::from_slice(&out).unwrap();
    assert_eq!(back.get("name").and_then(Value::as_str), Some("Bob"));
    let err = edit::poke(
        &bytes,
        &[Key::from("name")],
        &Value::from("Grace"),
        &canonical(),
    )
    .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::NotPokeable);
}

#[test]
fn missing_paths_and_other_profiles_are_refused() {
    let bytes = boring::to_vec_with(&doc(), &canonical()).unwrap();
    let err = edit::set(
        &bytes,
        &[Key::from("x"), Key::from("y")],
        &Value::Null,
        &canonical(),
        FramePolicy::Rebuild,
    )
    .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::PathAbsent);
    let err = edit::remove(
        &bytes,
        &[Key::from("absent")],
        &canonical(),
        FramePolicy::Rebuild,
    )
    .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::PathAbsent);
    let err = edit::set(
        &bytes,
        &[Key::from("n")],
        &Value::Null,
        &Options::default(),
        FramePolicy::Rebuild,
    )
    .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
    // Bytes not in the profile's form cannot be spliced into.
    let unsorted = boring::to_vec_with(&doc(), &Options::from(Profile::Interop)).unwrap();
    let err = edit::set(
        &unsorted,
        &[Key::from("langs")],
        &Value::Null,
        &canonical(),
        FramePolicy::Rebuild,
    )
    .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::NotDeterministic { .. }));
}

fn large() -> Value {
    Value::Array(
        (0..60)
            .map(|i| {
                Value::Map(
                    vec![
                        ("id".into(), Value::from(i as i64)),
                        ("label".into(), Value::from(format!("label {i}"))),
                    ]
                    .into(),
                )
            })
            .collect(),
    )
}

#[test]
fn frames_are_rebuilt_dropped_or_maintained() {
    let index = IndexOptions::default();
    let file = encode_indexed(&large(), &canonical(), index).unwrap();
    assert!(Frame::find(&file).is_some());
    let path = [Key::Index(40), Key::from("label")];
    let new = Value::from("a much longer label than before");
    let mut updated = large();
    if let Value::Array(items) = &mut updated {
        items[40] =
            Value::Map(vec![("id".into(), 40.into()), ("label".into(), new.clone())].into());
    }
    let expected = encode_indexed(&updated, &canonical(), index).unwrap();
    let rebuilt = edit::set(&file, &path, &new, &canonical(), FramePolicy::Rebuild).unwrap();
    assert_eq!(rebuilt, expected);
    let maintained = edit::set(&file, &path, &new, &canonical(), FramePolicy::Maintain).unwrap();
    assert_eq!(maintained, expected, "a maintained frame is a rebuilt one");
    let dropped = edit::set(&file, &path, &new, &canonical(), FramePolicy::Drop).unwrap();
    assert_eq!(
        dropped,
        boring::to_vec_with(&updated, &canonical()).unwrap()
    );
    // A container replacing a scalar cannot be maintained.
    let err = edit::set(
        &file,
        &path,
        &Value::Array(vec![].into()),
        &canonical(),
        FramePolicy::Maintain,
    )
    .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
}

// ----- the contract, as a property -----------------------------------------

fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::from),
        "[a-z]{0,8}".prop_map(Value::from),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ];
    leaf.prop_recursive(3, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::btree_map("[a-e]{1,2}", inner, 0..6).prop_map(|m| {
                Value::Map(m.into_iter().map(|(k, v)| (Value::from(k), v)).collect())
            }),
        ]
    })
}

/// Every path in `v`, with keys as owned text or positions.
fn paths(v: &Value, here: Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(here.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let mut next = here.clone();
                next.push(PathStep::Index(i));
                paths(item, next, out);
            }
        }
        Value::Map(entries) => {
            for (k, item) in entries {
                let mut next = here.clone();
                next.push(PathStep::Key(k.as_str().unwrap_or_default().to_owned()));
                paths(item, next, out);
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn keys(path: &[PathStep]) -> Vec<Key<'_>> {
    path.iter()
        .map(|s| match s {
            PathStep::Key(k) => Key::Text(k),
            PathStep::Index(i) => Key::Index(*i),
        })
        .collect()
}

fn slot<'v>(v: &'v mut Value, path: &[PathStep]) -> &'v mut Value {
    let Some((first, rest)) = path.split_first() else {
        return v;
    };
    let next = match (v, first) {
        (Value::Array(items), PathStep::Index(i)) => &mut items[*i],
        (Value::Map(entries), PathStep::Key(k)) => {
            &mut entries
                .iter_mut()
                .find(|(key, _)| key.as_str() == Some(k))
                .unwrap()
                .1
        }
        _ => unreachable!("paths come from the value"),
    };
    slot(next, rest)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn set_and_remove_equal_encoding_the_updated_value(
        doc in document(),
        pick in any::<prop::sample::Index>(),
        new in document(),
        profile in prop_oneof![Just(Profile::Canonical), Just(Profile::Archival), Just(Profile::CanonicalRfc7049)],
    ) {
        let opts = Options::from(profile);
        let bytes = boring::to_vec_with(&doc, &opts).unwrap();
        // Re-read: the profile's form of the document (keys sorted).
        let decoded: Value = boring::from_slice(&bytes).unwrap();
        let mut all = Vec::new();
        paths(&decoded, Vec::new(), &mut all);
        let path = pick.get(&all).clone();
        let key_path = keys(&path);

        let mut updated = decoded.clone();
        *slot(&mut updated, &path) = new.clone();
        let expected = boring::to_vec_with(&updated, &opts).unwrap();
        let edited = edit::set(&bytes, &key_path, &new, &opts, FramePolicy::Rebuild).unwrap();
        prop_assert_eq!(edited, expected);

        if let Some((last, parent)) = path.split_last() {
            let mut removed = decoded.clone();
            match (slot(&mut removed, parent), last) {
                (Value::Array(items), PathStep::Index(i)) => { items.remove(*i); }
                (Value::Map(entries), PathStep::Key(k)) => entries.retain(|(key, _)| key.as_str() != Some(k)),
                _ => unreachable!(),
            }
            let expected = boring::to_vec_with(&removed, &opts).unwrap();
            let edited = edit::remove(&bytes, &key_path, &opts, FramePolicy::Rebuild).unwrap();
            prop_assert_eq!(edited, expected);
        }
    }
}

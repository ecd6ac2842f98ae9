//! Scattered shapes (tag 39650) on `Value`: when the writer defines and
//! references a key sequence, the bytes, the reader's checks, and round
//! trips over generated nested data.

use boring::{Boring, ErrorKind, Options, Profile, Value};
use boring_tests::hex;
use proptest::prelude::*;

fn scattered() -> Options {
    Options::default().stringref(false).scattered_shapes(true)
}

fn map(entries: &[(&str, Value)]) -> Value {
    Value::Map(
        entries
            .iter()
            .map(|(k, v)| (Value::from(*k), v.clone()))
            .collect(),
    )
}

fn pair(a: i64, b: i64) -> Value {
    map(&[("alpha", a.into()), ("beta", b.into())])
}

#[test]
fn a_recurring_key_sequence_is_defined_once_then_referenced() {
    let v = map(&[("x", pair(1, 2)), ("y", pair(3, 4))]);
    let bytes = boring::to_vec_with(&v, &scattered()).expect("encodes");
    assert_eq!(
        bytes,
        hex("a2 6178 d99ae2 83 82 65616c706861 6462657461 01 02
                6179 d99ae2 83 00 03 04")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), v);
}

#[test]
fn a_definition_that_does_not_pay_is_not_written() {
    // Two one-letter keys cost about what a reference costs.
    let small = |a: i64| map(&[("a", a.into()), ("b", a.into())]);
    let v = map(&[("x", small(1)), ("y", small(2))]);
    let bytes = boring::to_vec_with(&v, &scattered()).expect("encodes");
    assert_eq!(
        bytes,
        hex("a2 6178 a2 6161 01 6162 01 6179 a2 6161 02 6162 02")
    );
    // A key sequence seen once stays a plain map.
    let once = map(&[("x", pair(1, 2))]);
    assert_eq!(
        boring::to_vec_with(&once, &scattered()).expect("encodes"),
        boring::to_vec_with(&once, &Options::default().stringref(false)).expect("encodes")
    );
    // So does a map holding `undefined`, as a shaped row would not.
    let undefined = map(&[("alpha", Value::Undefined), ("beta", 1.into())]);
    let v = map(&[("x", undefined.clone()), ("y", undefined)]);
    let bytes = boring::to_vec_with(&v, &scattered()).expect("encodes");
    assert!(!bytes.windows(3).any(|w| w == [0xd9, 0x9a, 0xe2]));
}

#[test]
fn stringref_applies_inside_definitions() {
    let v = Value::Array(vec![pair(1, 2), Value::from("alpha"), pair(3, 4)].into());
    let opts = Options::default().scattered_shapes(true);
    let bytes = boring::to_vec_with(&v, &opts).expect("encodes");
    assert_eq!(
        bytes,
        hex("d90100 83 d99ae2 83 82 65616c706861 6462657461 01 02
                   d81900 d99ae2 83 00 03 04")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), v);
}

#[test]
fn definitions_are_numbered_as_they_complete() {
    // The inner definition is complete first: it is shape 0, the outer 1.
    let bytes = hex("83 d99ae2 83 82 6161 6162 d99ae2 83 82 6163 6164 01 02 03
            d99ae2 83 00 05 06
            d99ae2 83 01 07 08");
    let v: Value = boring::from_slice(&bytes).expect("decodes");
    let cd = |c: i64, d: i64| map(&[("c", c.into()), ("d", d.into())]);
    let ab = |a: Value, b: i64| map(&[("a", a), ("b", b.into())]);
    assert_eq!(
        v,
        Value::Array(vec![ab(cd(1, 2), 3), cd(5, 6), ab(7.into(), 8)].into())
    );
}

#[test]
fn a_tree_is_defined_by_its_first_complete_node() {
    // Nodes nested four deep on the left: the deepest is complete first and
    // defines the shape; its ancestors, written before it, stay plain maps;
    // every other node refers to it.
    fn node(depth: u32, id: i64) -> Value {
        let child = |offset| {
            if depth == 0 {
                Value::Null
            } else {
                node(depth - 1, id * 2 + offset)
            }
        };
        map(&[
            ("left", child(0)),
            ("right", child(1)),
            ("label", id.into()),
        ])
    }
    let tree = node(3, 1);
    let bytes = boring::to_vec_with(&tree, &scattered()).expect("encodes");
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), tree);
    let tag = [0xd9, 0x9a, 0xe2];
    // 15 nodes; the definer's three ancestors are plain.
    assert_eq!(bytes.windows(3).filter(|w| *w == tag).count(), 12);
    let plain = boring::to_vec_with(&tree, &Options::default().stringref(false)).expect("encodes");
    assert!(bytes.len() < plain.len());
}

#[test]
fn a_map_of_records_shrinks() {
    let users = Value::Map(
        (0..300)
            .map(|i| {
                (
                    Value::from(format!("user-{i}")),
                    map(&[
                        ("name", Value::from(format!("name {i}"))),
                        ("age", Value::from(20 + i % 50)),
                        (
                            "city",
                            Value::from(["Oslo", "Lima", "Pune"][i as usize % 3]),
                        ),
                        ("active", Value::Bool(i % 2 == 0)),
                    ]),
                )
            })
            .collect(),
    );
    let plain = boring::to_vec_with(&users, &Options::default()).expect("encodes");
    let opts = Options::default().scattered_shapes(true);
    let bytes = boring::to_vec_with(&users, &opts).expect("encodes");
    // One definition, 299 references.
    let tag = [0xd9, 0x9a, 0xe2];
    assert_eq!(bytes.windows(3).filter(|w| *w == tag).count(), 300);
    assert!(
        bytes.len() < plain.len(),
        "{} against {}",
        bytes.len(),
        plain.len()
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), users);
    assert_eq!(
        boring::encoded_len(&users, &opts).expect("counts"),
        bytes.len()
    );
}

#[test]
fn malformed_scattered_shapes_are_refused() {
    for (bad, kind) in [
        ("d99ae2 83 05 01 02", ErrorKind::UndefinedShape(5)),
        // A reference inside its own definition's keys: not yet defined.
        (
            "d99ae2 83 82 d99ae2 83 00 01 02 6162 01 02",
            ErrorKind::UndefinedShape(0),
        ),
        (
            "d99ae2 84 82 6161 6162 01 02 03",
            ErrorKind::BadTagContent { tag: 39650 },
        ),
        (
            "d99ae2 83 82 6161 6161 01 02",
            ErrorKind::BadTagContent { tag: 39650 },
        ),
        ("d99ae2 82 80 01", ErrorKind::BadTagContent { tag: 39650 }),
        ("d99ae2 81 00", ErrorKind::BadTagContent { tag: 39650 }),
        ("d99ae2 a1 00 01", ErrorKind::BadTagContent { tag: 39650 }),
        (
            "d99ae2 83 6161 01 02",
            ErrorKind::BadTagContent { tag: 39650 },
        ),
        (
            "d99ae2 9f 81 00 00 ff",
            ErrorKind::BadTagContent { tag: 39650 },
        ),
        // A reference to a definition with another number of keys.
        (
            "82 d99ae2 83 82 6161 6162 01 02 d99ae2 82 00 01",
            ErrorKind::BadTagContent { tag: 39650 },
        ),
    ] {
        let err = boring::from_slice::<Value>(&hex(bad)).expect_err(bad);
        assert_eq!(err.kind(), &kind, "{bad}");
    }
    // Each top-level item has its own definitions.
    let two = hex("d99ae2 83 82 6161 6162 01 02   d99ae2 83 00 01 02");
    let (_, rest) = boring::take_from_slice::<Value>(&two).expect("first item");
    let err = boring::from_slice::<Value>(rest).expect_err("second item");
    assert_eq!(err.kind(), &ErrorKind::UndefinedShape(0));
}

#[test]
fn definitions_are_capped_per_item() {
    // 65 537 one-key definitions, [[0], 0] each.
    let build = |n: usize| {
        let mut bytes = vec![0x9a];
        bytes.extend_from_slice(&(n as u32).to_be_bytes());
        for _ in 0..n {
            bytes.extend_from_slice(&hex("d99ae2 82 81 00 00"));
        }
        bytes
    };
    let at_cap = boring::from_slice::<Value>(&build(65_536)).expect("65 536 definitions");
    assert_eq!(at_cap.as_array().map(<[Value]>::len), Some(65_536));
    let err = boring::from_slice::<Value>(&build(65_537)).expect_err("one more");
    assert_eq!(err.kind(), &ErrorKind::TooManyShapes);
}

#[derive(Boring, Debug, PartialEq)]
struct Second {
    b: Value,
}

#[test]
fn a_skipped_definition_still_takes_its_index() {
    // Field `a`, unknown to `Second`, is skipped: its definition is index 0,
    // so `b`'s own definition is index 1, which `b` then refers to.
    let bytes = hex("a2 6161 d99ae2 83 82 6170 6171 01 02
            6162 82 d99ae2 83 82 6172 6173 03 04 d99ae2 83 01 05 06");
    let second: Second = boring::from_slice(&bytes).expect("decodes");
    let rs = |r: i64, s: i64| map(&[("r", r.into()), ("s", s.into())]);
    assert_eq!(second.b, Value::Array(vec![rs(3, 4), rs(5, 6)].into()));
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct User {
    name: String,
    age: u32,
    city: String,
    active: bool,
}

#[derive(Boring, Debug, PartialEq)]
struct Team {
    lead: User,
    members: Vec<User>,
    by_name: std::collections::BTreeMap<String, User>,
}

#[derive(Boring, Debug, PartialEq)]
#[boring(deny_unknown_fields)]
struct Strict {
    alpha: i64,
}

#[test]
fn derived_structs_read_scattered_shapes() {
    let user = |i: u32| User {
        name: format!("name {i}"),
        age: 20 + i,
        city: ["Oslo", "Lima"][i as usize % 2].to_string(),
        active: i.is_multiple_of(2),
    };
    let team = Team {
        lead: user(0),
        members: (1..4).map(user).collect(),
        by_name: (4..7).map(|i| (format!("u{i}"), user(i))).collect(),
    };
    // Written through `Value`, which defines the user shape once and
    // refers to it six times; read back as the derived type.
    let value: Value = boring::from_slice(&boring::to_vec(&team).expect("encodes")).expect("value");
    let opts = Options::default().scattered_shapes(true);
    let bytes = boring::to_vec_with(&value, &opts).expect("encodes");
    let tag = [0xd9, 0x9a, 0xe2];
    assert_eq!(bytes.windows(3).filter(|w| *w == tag).count(), 7);
    let back: Team = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, team);

    // Keys the type does not know are skipped, or refused under
    // `deny_unknown_fields`.
    let extra = hex("82 d99ae2 83 82 65616c706861 6462657461 01 02 d99ae2 83 00 03 04");
    let loose: Vec<Loose> = boring::from_slice(&extra).expect("skips beta");
    assert_eq!(loose, vec![Loose { alpha: 1 }, Loose { alpha: 3 }]);
    let err = boring::from_slice::<Vec<Strict>>(&extra).expect_err("beta is unknown");
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField { name, expected: &["alpha"] } if name == "\"beta\""),
        "{err}"
    );
}

#[derive(Boring, Debug, PartialEq)]
struct Loose {
    alpha: i64,
}

#[test]
fn raw_bytes_holding_a_shape_reference_are_refused() {
    // The second map refers to the first's definition: its bytes alone
    // would mean nothing, so keeping them raw is refused, skipped or built.
    let bytes = hex("82 d99ae2 83 82 6161 6162 01 02 d99ae2 83 00 03 04");
    let err = boring::from_slice::<(Value, boring::Raw<'_>)>(&bytes).expect_err("raw");
    assert_eq!(err.kind(), &ErrorKind::StringrefInRaw);
    let err = boring::from_slice::<(Value, boring::KeepRaw<'_, Value>)>(&bytes).expect_err("kept");
    assert_eq!(err.kind(), &ErrorKind::StringrefInRaw);
    let plain = hex("82 d99ae2 83 82 6161 6162 01 02 a1 6161 01");
    let (_, kept): (Value, boring::KeepRaw<'_, Value>) = boring::from_slice(&plain).expect("plain");
    assert_eq!(kept.raw(), hex("a1 6161 01"));
}

#[test]
fn profiles_without_extensions_refuse_scattered_shapes() {
    let opts = Options::from(Profile::Interop).scattered_shapes(true);
    let err = boring::to_vec_with(&pair(1, 2), &opts).expect_err("locked");
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
}

/// Nested maps over a few key sequences (so that sequences recur), arrays
/// and leaves.
fn nested() -> impl Strategy<Value = Value> {
    const SEQUENCES: [&[&str]; 4] = [
        &["alpha", "beta"],
        &["beta", "alpha"],
        &["gamma", "delta", "epsilon"],
        &["alpha", "beta", "gamma"],
    ];
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::from),
        "[a-z]{0,6}".prop_map(Value::from),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ];
    leaf.prop_recursive(4, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            (0..SEQUENCES.len(), prop::collection::vec(inner, 3)).prop_map(|(s, values)| {
                Value::Map(
                    SEQUENCES[s]
                        .iter()
                        .zip(values)
                        .map(|(k, v)| (Value::from(*k), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// `v` with every map's entries in key order: a shaped table (39649)
/// writes each row in its union's key order, so under shapes only the
/// entries, not their order, come back.
fn entries_sorted(v: &Value) -> Value {
    match v {
        Value::Array(items) => Value::Array(items.iter().map(entries_sorted).collect()),
        Value::Map(entries) => {
            let mut entries: Vec<(Value, Value)> = entries
                .iter()
                .map(|(k, v)| (entries_sorted(k), entries_sorted(v)))
                .collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Map(entries.into())
        }
        other => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn scattered_shapes_round_trip(v in nested()) {
        for (opts, tables) in [
            (scattered(), false),
            (Options::default().scattered_shapes(true), false),
            (Options::default().scattered_shapes(true).shapes(true), true),
            (Options::from(Profile::Compact).scattered_shapes(true), true),
        ] {
            let bytes = boring::to_vec_with(&v, &opts).unwrap();
            let back: Value = boring::from_slice(&bytes).unwrap();
            if tables {
                prop_assert_eq!(entries_sorted(&back), entries_sorted(&v));
            } else {
                prop_assert_eq!(&back, &v);
            }
            prop_assert_eq!(boring::encoded_len(&v, &opts).unwrap(), bytes.len());
        }
    }
}

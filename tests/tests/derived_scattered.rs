//! Scattered shapes (tag 39650) written by derived types: a record type
//! whose maps recur in an item is defined once and referenced, in the
//! bytes `Value` writes for the same data, and read back.

use std::collections::{BTreeMap, HashMap};

use boring::{Boring, Options, Profile, Value};
use boring_tests::hex;
use proptest::prelude::*;

const TAG: [u8; 3] = [0xd9, 0x9a, 0xe2];

fn scattered() -> Options {
    Options::default().stringref(false).scattered_shapes(true)
}

fn tags(bytes: &[u8]) -> usize {
    bytes.windows(3).filter(|w| *w == TAG).count()
}

/// What `Value` writes for the same data under `opts`: the derived type's
/// plain bytes read as a `Value` and written again.
fn as_value<T: boring::Encode>(v: &T, opts: &Options) -> Vec<u8> {
    let plain = boring::to_vec_with(v, &Options::default().stringref(false)).expect("encodes");
    let value: Value = boring::from_slice(&plain).expect("reads as a value");
    boring::to_vec_with(&value, opts).expect("encodes the value")
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Pair {
    alpha: i64,
    beta: i64,
}

#[derive(Boring, Debug, PartialEq)]
struct Segment {
    from: Pair,
    to: Pair,
}

#[test]
fn a_recurring_record_is_defined_once_then_referenced() {
    let s = Segment {
        from: Pair { alpha: 1, beta: 2 },
        to: Pair { alpha: 3, beta: 4 },
    };
    let bytes = boring::to_vec_with(&s, &scattered()).expect("encodes");
    assert_eq!(
        bytes,
        hex("a2 6466726f6d d99ae2 83 82 65616c706861 6462657461 01 02
               62746f d99ae2 83 00 03 04")
    );
    assert_eq!(bytes, as_value(&s, &scattered()));
    assert_eq!(boring::from_slice::<Segment>(&bytes).expect("decodes"), s);
    assert_eq!(
        boring::encoded_len(&s, &scattered()).expect("counts"),
        bytes.len()
    );
    // Keys through the string table: a definition's keys are ordinary
    // texts, and stringref applies inside it.
    let opts = Options::default().scattered_shapes(true);
    let bytes = boring::to_vec_with(&s, &opts).expect("encodes");
    assert_eq!(bytes, as_value(&s, &opts));
    assert_eq!(boring::from_slice::<Segment>(&bytes).expect("decodes"), s);
}

#[derive(Boring, Debug, PartialEq)]
struct Small {
    a: i64,
    b: i64,
}

#[derive(Boring, Debug, PartialEq)]
struct Optional {
    alpha: i64,
    #[boring(skip_if_none)]
    beta: Option<i64>,
}

#[derive(Boring, Debug, PartialEq)]
struct Mixed {
    small: (Small, Small),
    optional: [Optional; 2],
    once: Pair,
}

#[test]
fn maps_that_do_not_pay_or_vary_stay_plain() {
    let m = Mixed {
        // Two one-letter keys cost about what a reference costs.
        small: (Small { a: 1, b: 2 }, Small { a: 3, b: 4 }),
        // A struct with a skippable field has no one key sequence.
        optional: [
            Optional {
                alpha: 1,
                beta: Some(2),
            },
            Optional {
                alpha: 3,
                beta: Some(4),
            },
        ],
        // Seen once.
        once: Pair { alpha: 5, beta: 6 },
    };
    let bytes = boring::to_vec_with(&m, &scattered()).expect("encodes");
    assert_eq!(tags(&bytes), 0);
    let plain = boring::to_vec_with(&m, &Options::default().stringref(false)).expect("encodes");
    assert_eq!(bytes, plain);
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Node {
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
    label: i64,
}

fn tree(depth: u32, id: i64) -> Node {
    let child = |offset| (depth > 0).then(|| Box::new(tree(depth - 1, id * 2 + offset)));
    Node {
        left: child(0),
        right: child(1),
        label: id,
    }
}

#[test]
fn a_tree_is_defined_by_its_first_complete_node() {
    // The deepest leftmost node is complete first and defines the shape;
    // its three ancestors, started before it, stay plain maps.
    let t = tree(3, 1);
    let bytes = boring::to_vec_with(&t, &scattered()).expect("encodes");
    assert_eq!(tags(&bytes), 12);
    assert_eq!(bytes, as_value(&t, &scattered()));
    assert_eq!(boring::from_slice::<Node>(&bytes).expect("decodes"), t);
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct User {
    name: String,
    age: u32,
    city: String,
    active: bool,
}

fn user(i: u32) -> User {
    User {
        name: format!("name {i}"),
        age: 20 + i % 50,
        city: ["Oslo", "Lima", "Pune"][i as usize % 3].to_string(),
        active: i.is_multiple_of(2),
    }
}

#[derive(Boring, Debug, PartialEq)]
struct Team {
    lead: User,
    deputy: Option<User>,
    coach: Box<User>,
    members: Vec<User>,
    by_name: BTreeMap<String, User>,
}

#[test]
fn fields_options_boxes_and_map_values_share_one_definition() {
    let team = Team {
        lead: user(0),
        deputy: Some(user(1)),
        coach: Box::new(user(2)),
        // A sequence of records is a table (or, here with tables off, an
        // array written with scattering off).
        members: (3..6).map(user).collect(),
        by_name: (6..9).map(|i| (format!("u{i}"), user(i))).collect(),
    };
    let bytes = boring::to_vec_with(&team, &scattered()).expect("encodes");
    assert_eq!(tags(&bytes), 6);
    assert_eq!(boring::from_slice::<Team>(&bytes).expect("decodes"), team);
    // Under Compact the three map values are a keyed table's rows.
    let compact = Options::from(Profile::Compact);
    let bytes = boring::to_vec_with(&team, &compact).expect("encodes");
    assert_eq!(tags(&bytes), 3);
    assert_eq!(boring::from_slice::<Team>(&bytes).expect("decodes"), team);
    assert_eq!(
        boring::encoded_len(&team, &compact).expect("counts"),
        bytes.len()
    );
}

#[test]
fn a_map_of_records_written_by_a_derived_type_equals_the_value_form() {
    let users: HashMap<String, User> = (0..300).map(|i| (format!("user-{i}"), user(i))).collect();
    let opts = Options::default().scattered_shapes(true);
    let bytes = boring::to_vec_with(&users, &opts).expect("encodes");
    assert_eq!(tags(&bytes), 300);
    assert_eq!(bytes, as_value(&users, &opts));
    let plain = boring::to_vec(&users).expect("encodes");
    assert!(bytes.len() < plain.len());
    let back: HashMap<String, User> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, users);
}

#[derive(Boring, Debug, PartialEq)]
#[boring(record = "app/Framed")]
struct Framed {
    alpha: i64,
    beta: i64,
}

#[derive(Boring, Debug, PartialEq)]
struct Frames {
    first: Framed,
    second: Framed,
    inner: Framed,
}

#[test]
fn sorted_profiles_and_record_frames_write_plain_maps() {
    let s = Segment {
        from: Pair { alpha: 1, beta: 2 },
        to: Pair { alpha: 3, beta: 4 },
    };
    let canonical = Options::from(Profile::Canonical);
    let bytes = boring::to_vec_with(&s, &canonical).expect("encodes");
    assert_eq!(tags(&bytes), 0);
    // A record frame's payload is a fixed form (tag 27 over a name and a
    // map), never a scattered shape.
    let frames = Frames {
        first: Framed { alpha: 1, beta: 2 },
        second: Framed { alpha: 3, beta: 4 },
        inner: Framed { alpha: 5, beta: 6 },
    };
    let bytes = boring::to_vec_with(&frames, &scattered()).expect("encodes");
    assert_eq!(tags(&bytes), 0);
    assert_eq!(
        boring::from_slice::<Frames>(&bytes).expect("decodes"),
        frames
    );
}

/// An enum whose payloads hold maps: a struct variant with `Pair`'s keys
/// (one key sequence with it), a record, a record in a tuple.
#[derive(Boring, Debug, PartialEq, Clone)]
enum Figure {
    Dot,
    Line { alpha: i64, beta: i64 },
    Boxed(Pair),
    Both(Pair, i64),
}

#[test]
fn enum_payloads_share_definitions_with_records() {
    let figures = vec![
        Figure::Boxed(Pair { alpha: 1, beta: 2 }),
        Figure::Dot,
        Figure::Line { alpha: 3, beta: 4 },
        Figure::Both(Pair { alpha: 5, beta: 6 }, 7),
    ];
    let bytes = boring::to_vec_with(&figures, &scattered()).unwrap();
    // One definition (the first payload), then two references.
    assert_eq!(tags(&bytes), 1 + 2);
    assert_eq!(bytes, as_value(&figures, &scattered()));
    assert_eq!(boring::from_slice::<Vec<Figure>>(&bytes).unwrap(), figures);
}

/// A document of nested records: recursion through an option, fields,
/// options, maps of records and enum payloads.
#[derive(Boring, Debug, PartialEq, Clone)]
struct Doc {
    next: Option<Box<Doc>>,
    pair: Pair,
    extra: Option<Pair>,
    named: BTreeMap<String, Pair>,
    figure: Figure,
    label: String,
}

fn figure() -> impl Strategy<Value = Figure> {
    prop_oneof![
        Just(Figure::Dot),
        pair().prop_map(|p| Figure::Line {
            alpha: p.alpha,
            beta: p.beta
        }),
        pair().prop_map(Figure::Boxed),
        (pair(), any::<i64>()).prop_map(|(p, n)| Figure::Both(p, n)),
    ]
}

fn pair() -> impl Strategy<Value = Pair> {
    (any::<i64>(), any::<i64>()).prop_map(|(alpha, beta)| Pair { alpha, beta })
}

fn doc() -> impl Strategy<Value = Doc> {
    let leaf = (
        pair(),
        prop::option::of(pair()),
        prop::collection::btree_map("[a-c]{1,2}", pair(), 0..3),
        figure(),
        "[a-z]{0,4}",
    )
        .prop_map(|(pair, extra, named, figure, label)| Doc {
            next: None,
            pair,
            extra,
            named,
            figure,
            label,
        });
    leaf.prop_recursive(4, 16, 1, |inner| {
        (inner, pair(), figure(), "[a-z]{0,4}").prop_map(|(next, pair, figure, label)| Doc {
            next: Some(Box::new(next)),
            pair,
            extra: None,
            named: BTreeMap::new(),
            figure,
            label,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn derived_output_equals_value_output_and_round_trips(d in doc()) {
        for opts in [
            scattered(),
            Options::default().scattered_shapes(true),
            Options::from(Profile::Compact),
        ] {
            let bytes = boring::to_vec_with(&d, &opts).unwrap();
            prop_assert_eq!(&bytes, &as_value(&d, &opts));
            prop_assert_eq!(boring::from_slice::<Doc>(&bytes).unwrap(), d.clone());
            prop_assert_eq!(boring::encoded_len(&d, &opts).unwrap(), bytes.len());
        }
    }
}

//! Generic maps and pointers read from the layouts `Value` writes for them:
//! sequences of maps as shaped (39649) and columnar (39653) tables, a map
//! of maps as a keyed table (39654), recurring maps as scattered shapes
//! (39650). A typed reader never requires the writer's choice, so each is
//! read back into `BTreeMap`/`HashMap` and `Box`/`Rc`/`Arc` as the plain
//! maps would be.

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use boring::diag::from_diag;
use boring::{Boring, DecodeOwned, Encode, ErrorKind, Options, Profile, Value};
use proptest::prelude::*;

/// The bytes `Value` writes for `v` under `opts` (`v`'s plain bytes read as
/// a `Value`), after checking that they hold `tag`: the layout under test.
fn written_as<T: Encode>(v: &T, opts: &Options, tag: u16) -> Vec<u8> {
    let plain = boring::to_vec_with(v, &Profile::Interop.into()).expect("encodes");
    let value: Value = boring::from_slice(&plain).expect("reads as a value");
    let bytes = boring::to_vec_with(&value, opts).expect("encodes the value");
    let head = [0xd9, (tag >> 8) as u8, tag as u8];
    assert!(
        bytes.windows(3).any(|w| w == head),
        "no tag {tag} in {}",
        boring::diag::diag(&bytes).unwrap_or_default()
    );
    bytes
}

fn shaped() -> Options {
    Options::from(Profile::Default).shapes(true)
}

fn compact() -> Options {
    Profile::Compact.into()
}

fn back<T: DecodeOwned>(bytes: &[u8]) -> T {
    boring::from_slice(bytes)
        .unwrap_or_else(|e| panic!("{e:?} in {}", boring::diag::diag(bytes).unwrap_or_default()))
}

fn map<const N: usize>(entries: [(&str, i64); N]) -> BTreeMap<String, i64> {
    entries
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

#[test]
fn sequences_of_maps_read_shaped_and_columnar_tables() {
    // The second map lacks "beta": an `undefined` cell in both layouts.
    let maps = vec![
        map([("alpha", 1), ("beta", 2), ("gamma", 3)]),
        map([("alpha", 4), ("gamma", 6)]),
        map([("alpha", 7), ("beta", 8), ("gamma", 9)]),
    ];
    for (opts, tag) in [(shaped(), 39649), (compact(), 39653)] {
        let bytes = written_as(&maps, &opts, tag);
        assert_eq!(back::<Vec<BTreeMap<String, i64>>>(&bytes), maps);
        let hashed: Vec<HashMap<String, i64>> = back(&bytes);
        let expected: Vec<HashMap<String, i64>> = maps
            .iter()
            .map(|m| m.clone().into_iter().collect())
            .collect();
        assert_eq!(hashed, expected);
    }
}

#[test]
fn borrowed_keys_stay_borrowed_and_literals_register_once() {
    // Under stringref the header's literals are registered once; reading
    // them again per row must not register them again, or the references
    // after the table ("person-1" in `tail`) would name the wrong strings.
    #[derive(Boring, Debug, PartialEq)]
    struct Doc<'a> {
        rows: Vec<BTreeMap<&'a str, &'a str>>,
        tail: Vec<&'a str>,
    }
    let row = |n: &'static str, k: &'static str| BTreeMap::from([("name", n), ("kind", k)]);
    let doc = Doc {
        rows: vec![row("person-1", "human"), row("person-2", "human")],
        tail: vec!["person-1", "person-2", "human"],
    };
    // Text columns alone do not make a columnar table: both write 39649.
    for opts in [shaped(), compact()] {
        let bytes = written_as(&doc, &opts, 39649);
        let read: Doc<'_> = boring::from_slice(&bytes).expect("reads");
        assert_eq!(read, doc);
        let key = read.rows[1].keys().next().copied().unwrap_or_default();
        let within = bytes.as_ptr_range();
        assert!(
            within.contains(&key.as_ptr()),
            "the key is borrowed from the input"
        );
    }
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Point {
    north: i64,
    east: i64,
    label: String,
}

fn points() -> Vec<Point> {
    (0..3)
        .map(|i| Point {
            north: i,
            east: -i,
            label: format!("p{i}"),
        })
        .collect()
}

#[test]
fn sequences_of_pointers_read_the_tables_they_write() {
    for opts in [shaped(), compact()] {
        let boxed: Vec<Box<Point>> = points().into_iter().map(Box::new).collect();
        let bytes = boring::to_vec_with(&boxed, &opts).expect("encodes");
        assert!(bytes.windows(2).any(|w| w == [0xd9, 0x9a]), "a table");
        assert_eq!(back::<Vec<Box<Point>>>(&bytes), boxed);
        let rc: Vec<Rc<Point>> = back(&bytes);
        let arc: Vec<Arc<Point>> = back(&bytes);
        assert_eq!(
            rc.iter().map(|p| (**p).clone()).collect::<Vec<_>>(),
            points()
        );
        assert_eq!(
            arc.iter().map(|p| (**p).clone()).collect::<Vec<_>>(),
            points()
        );
    }
}

#[test]
fn maps_of_maps_read_keyed_tables() {
    let inner = map([("alpha", 1), ("beta", 2)]);
    let outer: BTreeMap<String, BTreeMap<String, i64>> = (0..3)
        .map(|i| (format!("key-{i}"), inner.clone()))
        .collect();
    let bytes = written_as(&outer, &compact(), 39654);
    assert_eq!(
        back::<BTreeMap<String, BTreeMap<String, i64>>>(&bytes),
        outer
    );
}

#[test]
fn recurring_maps_read_scattered_shapes() {
    #[derive(Boring, Debug, PartialEq)]
    struct Three {
        first: BTreeMap<String, i64>,
        second: HashMap<String, i64>,
        third: BTreeMap<String, i64>,
    }
    let keys = map([("latitude", 1), ("longitude", 2)]);
    let three = Three {
        first: keys.clone(),
        second: [("latitude".to_string(), 3)].into(),
        third: keys.clone(),
    };
    let opts = Options::from(Profile::Default).scattered_shapes(true);
    let bytes = written_as(&three, &opts, 39650);
    assert_eq!(back::<Three>(&bytes), three);
    // The same data without stringref: a definition and a reference.
    let bytes = written_as(&three, &opts.clone().stringref(false), 39650);
    assert_eq!(back::<Three>(&bytes), three);
}

fn error_of<T: DecodeOwned + std::fmt::Debug>(diag: &str) -> ErrorKind {
    let bytes = from_diag(diag).expect("valid notation");
    boring::from_slice::<T>(&bytes)
        .expect_err("refused")
        .kind()
        .clone()
}

#[test]
fn malformed_tables_of_maps_are_refused() {
    type Maps = Vec<BTreeMap<String, i64>>;
    // A row longer than the header.
    assert_eq!(
        error_of::<Maps>(r#"39649([["a"], [[1, 2]]])"#),
        ErrorKind::BadTagContent { tag: 39649 }
    );
    // A key twice in the header.
    assert_eq!(
        error_of::<Maps>(r#"39649([["a", "a"], [[1, 2]]])"#),
        ErrorKind::DuplicateKey
    );
    // An empty header.
    assert_eq!(
        error_of::<Maps>(r#"39649([[], []])"#),
        ErrorKind::BadTagContent { tag: 39649 }
    );
    // A column shorter than the row count.
    assert_eq!(
        error_of::<Maps>(r#"39653([["a"], 2, [[1]]])"#),
        ErrorKind::BadTagContent { tag: 39653 }
    );
    // More columns than keys.
    assert_eq!(
        error_of::<Maps>(r#"39653([["a"], 1, [[1], [2]]])"#),
        ErrorKind::BadTagContent { tag: 39653 }
    );
    // A reference to a shape never defined.
    assert_eq!(
        error_of::<BTreeMap<String, i64>>("39650([0, 1])"),
        ErrorKind::UndefinedShape(0)
    );
    // A definition with fewer keys than values.
    assert_eq!(
        error_of::<BTreeMap<String, i64>>(r#"39650([["a"], 1, 2])"#),
        ErrorKind::BadTagContent { tag: 39650 }
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any sequence of maps over a few keys, written by `Value` with shapes
    /// or columns, reads back as the maps.
    #[test]
    fn generated_sequences_of_maps_read_back(
        maps in prop::collection::vec(
            prop::collection::btree_map(
                prop::sample::select(vec!["alpha", "beta", "gamma", "delta"]),
                any::<i32>(),
                0..4,
            ),
            0..8,
        ),
        columns in any::<bool>(),
    ) {
        let maps: Vec<BTreeMap<String, i64>> = maps
            .into_iter()
            .map(|m| m.into_iter().map(|(k, v)| (k.to_string(), i64::from(v))).collect())
            .collect();
        let opts = if columns { compact() } else { shaped() };
        let plain = boring::to_vec_with(&maps, &Profile::Interop.into()).expect("encodes");
        let value: Value = boring::from_slice(&plain).expect("reads");
        let bytes = boring::to_vec_with(&value, &opts).expect("encodes");
        let read: Vec<BTreeMap<String, i64>> = boring::from_slice(&bytes).expect("reads back");
        prop_assert_eq!(read, maps);
    }
}

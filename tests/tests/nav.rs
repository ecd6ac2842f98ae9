//! Cursors over encoded bytes: the answers equal decoding then looking up,
//! inside plain containers and inside our tables, without building what is
//! not asked for; malformed input and stringrefs are refused with typed
//! errors.

use boring::nav::{Cursor, Key, Kind};
use boring::{ErrorKind, Options, Profile, Value};
use boring_tests::hex;
use proptest::prelude::*;

fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries.into())
}

fn text(s: &str) -> Value {
    Value::from(s)
}

fn record(id: i64, name: &str) -> Value {
    map(vec![
        (text("id"), id.into()),
        (text("name"), text(name)),
        (text("score"), Value::from(id as f64 * 1.5)),
    ])
}

fn records(n: i64) -> Value {
    Value::Array((0..n).map(|i| record(i, &format!("n{i}"))).collect())
}

fn compact() -> Options {
    Options::from(Profile::Compact).stringref(false)
}

#[test]
fn plain_containers_answer_from_their_heads() {
    let v = map(vec![
        (
            text("list"),
            Value::Array(vec![1.into(), 2.into(), 3.into()].into()),
        ),
        (Value::keyword("kw"), text("keyword")),
        (7.into(), Value::Bool(true)),
        (text("nothing"), Value::Null),
    ]);
    let bytes = boring::to_vec_with(&v, &Options::from(Profile::Interop)).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.kind().unwrap(), Kind::Map);
    assert_eq!(root.len().unwrap(), 4);
    let list = root.get("list").unwrap();
    assert_eq!(list.len().unwrap(), 3);
    assert_eq!(list.index(2).unwrap().as_u64().unwrap(), 3);
    assert_eq!(list.bytes().unwrap(), hex("83 01 02 03"));
    assert_eq!(
        root.get(Key::keyword("kw")).unwrap().as_str().unwrap(),
        "keyword"
    );
    assert!(root.get(7i64).unwrap().as_bool().unwrap());
    assert!(root.get("nothing").unwrap().is_null().unwrap());
    // A text key never matches a keyword, nor an integer key its text.
    assert!(root.find(&Key::Text("kw")).unwrap().is_none());
    assert!(root.find(&Key::Text("7")).unwrap().is_none());
    let err = root.get("absent").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::PathAbsent);
    let err = list.index(3).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::PathAbsent);
}

#[test]
fn tags_are_looked_through_and_reported() {
    let bytes = hex("c1 d8 20 83 01 02 03");
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.tags().unwrap(), vec![1, 32]);
    assert_eq!(root.len().unwrap(), 3);
    assert_eq!(root.index(1).unwrap().as_i64().unwrap(), 2);
}

#[test]
fn indefinite_containers_iterate_but_have_no_count() {
    let bytes = hex("9f 01 bf 61 61 02 ff 03 ff");
    let root = Cursor::new(&bytes).unwrap();
    let err = root.len().unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedType { .. }));
    let items: Vec<Value> = root
        .elements()
        .unwrap()
        .map(|e| e.unwrap().to_value().unwrap())
        .collect();
    assert_eq!(items.len(), 3);
    assert_eq!(items[1], map(vec![(text("a"), 2.into())]));
    assert_eq!(root.bytes().unwrap(), &bytes[..]);
}

#[test]
fn shaped_rows_and_fields_are_read_without_expanding_the_table() {
    let v = records(5);
    let opts = Options::default().stringref(false).shapes(true);
    let bytes = boring::to_vec_with(&v, &opts).unwrap();
    assert_eq!(&bytes[..3], hex("d9 9ae1").as_slice());
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.kind().unwrap(), Kind::Array);
    assert_eq!(root.len().unwrap(), 5);
    let row = root.index(3).unwrap();
    assert_eq!(row.kind().unwrap(), Kind::Map);
    assert_eq!(row.get("name").unwrap().as_str().unwrap(), "n3");
    assert_eq!(row.to_value().unwrap(), record(3, "n3"));
    assert!(row.bytes().is_err(), "a row has no bytes of its own");
}

#[test]
fn columnar_cells_and_whole_columns_are_read_in_place() {
    let v = records(6);
    let bytes = boring::to_vec_with(&v, &compact()).unwrap();
    assert_eq!(&bytes[..3], hex("d9 9ae5").as_slice());
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.len().unwrap(), 6);
    let row = root.index(4).unwrap();
    assert_eq!(row.get("id").unwrap().as_i64().unwrap(), 4);
    assert_eq!(row.get("score").unwrap().as_f64().unwrap(), 6.0);
    assert_eq!(row.get("name").unwrap().as_str().unwrap(), "n4");
    assert_eq!(row.to_value().unwrap(), record(4, "n4"));
    let ids = root.column::<u8>("id").unwrap();
    assert_eq!(ids.to_vec(), vec![0, 1, 2, 3, 4, 5]);
    let err = root.column::<u8>("name").unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::UnexpectedType { .. } | ErrorKind::BadTagContent { .. }
    ));
}

#[test]
fn keyed_tables_and_scattered_shapes_are_maps() {
    let users = map((0..4)
        .map(|i| (text(&format!("user-{i}")), record(i, &format!("u{i}"))))
        .collect());
    let bytes = boring::to_vec_with(&users, &compact()).unwrap();
    assert_eq!(&bytes[..3], hex("d9 9ae6").as_slice());
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.kind().unwrap(), Kind::Map);
    assert_eq!(root.len().unwrap(), 4);
    let user = root.get("user-2").unwrap();
    assert_eq!(user.get("name").unwrap().as_str().unwrap(), "u2");
    assert_eq!(root.to_value().unwrap(), users);

    // Definitions, then references resolved through the item's walk.
    let pair = |a: i64, b: i64| map(vec![(text("alpha"), a.into()), (text("beta"), b.into())]);
    let doc = Value::Array(vec![pair(1, 2), text("x"), pair(3, 4), pair(5, 6)].into());
    let opts = Options::default().stringref(false).scattered_shapes(true);
    let bytes = boring::to_vec_with(&doc, &opts).unwrap();
    assert!(bytes.windows(3).any(|w| w == [0xd9, 0x9a, 0xe2]));
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(
        root.index(3)
            .unwrap()
            .get("beta")
            .unwrap()
            .as_i64()
            .unwrap(),
        6
    );
    assert_eq!(root.to_value().unwrap(), doc);
}

#[test]
fn stringrefs_are_refused_not_answered() {
    let v = Value::Array(vec![text("repeated"), text("repeated")].into());
    let bytes = boring::to_vec(&v).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    assert_eq!(root.tags().unwrap(), vec![256]);
    assert_eq!(root.index(0).unwrap().as_str().unwrap(), "repeated");
    let second = root.index(1).unwrap();
    assert_eq!(second.kind().unwrap(), Kind::Stringref);
    assert_eq!(
        second.as_str().unwrap_err().kind(),
        &ErrorKind::BadStringref
    );
    // The whole document still decodes through its namespace.
    assert_eq!(root.to_value().unwrap(), v);
    // A key that is a reference cannot be compared.
    let keys = Value::Array(
        vec![
            map(vec![(text("shared"), 1.into())]),
            map(vec![(text("shared"), 2.into())]),
        ]
        .into(),
    );
    let bytes = boring::to_vec(&keys).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    let err = root.index(1).unwrap().get("shared").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadStringref);
}

#[test]
fn malformed_bytes_are_typed_errors() {
    for (case, text) in [
        ("truncated array", "83 01 02"),
        ("huge count", "9b 00000001 00000000"),
        ("stray break", "82 01 ff"),
        ("truncated string", "63 61 62"),
        ("shaped table without rows", "d9 9ae1 81 81 61 61"),
    ] {
        let bytes = hex(text);
        let outcome = Cursor::new(&bytes).and_then(|c| {
            c.len()?;
            c.bytes()?;
            c.to_value()
        });
        assert!(outcome.is_err(), "{case}");
    }
    assert_eq!(Cursor::new(&[]).unwrap_err().kind(), &ErrorKind::Truncated);
}

#[test]
fn sequences_are_walked_item_by_item() {
    let mut bytes = Vec::new();
    for i in 0..5u64 {
        bytes.extend(boring::to_vec_with(&i, &Options::from(Profile::Interop)).unwrap());
    }
    let mut seen = Vec::new();
    let mut at = Some(Cursor::new(&bytes).unwrap());
    while let Some(item) = at {
        seen.push(item.as_u64().unwrap());
        at = item.next_item().unwrap();
    }
    assert_eq!(seen, vec![0, 1, 2, 3, 4]);
}

// ----- cursor answers equal decode-then-lookup ---------------------------

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u8>().prop_map(|v| Value::from(i64::from(v))),
        any::<f64>()
            .prop_filter("NaN compares unequal", |v| !v.is_nan())
            .prop_map(Value::from),
        "[a-z]{0,5}".prop_map(Value::from),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
        prop::collection::vec(any::<u8>(), 0..4).prop_map(Value::Bytes),
    ]
}

fn key() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop_oneof![Just("a"), Just("b"), Just("id"), Just("name")].prop_map(Value::from),
        (0i64..4).prop_map(Value::from),
        prop_oneof![Just("k"), Just("ns/x")].prop_map(Value::keyword),
    ]
}

fn document() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::vec((key(), inner.clone()), 0..5).prop_map(|entries| {
                // Distinct keys, first one kept.
                let mut seen: Vec<Value> = Vec::new();
                Value::Map(
                    entries
                        .into_iter()
                        .filter(|(k, _)| {
                            let fresh = !seen.contains(k);
                            seen.push(k.clone());
                            fresh
                        })
                        .collect(),
                )
            }),
            // Records of one shape: an array of them (a table), a map of
            // them (a keyed table), or mixed with other items (scattered
            // shapes).
            (prop::collection::vec(row(inner.clone()), 2..6), 0..3usize).prop_map(|(rows, how)| {
                match how {
                    0 => Value::Array(rows.into()),
                    1 => Value::Map(
                        rows.into_iter()
                            .enumerate()
                            .map(|(i, r)| (text(&format!("r{i}")), r))
                            .collect(),
                    ),
                    _ => Value::Array(rows.into_iter().flat_map(|r| [r, Value::Null]).collect()),
                }
            }),
        ]
    })
}

/// A record `{id, name, pos, extra}`; `pos` is a pair of small integers,
/// so that a column of them is a grid.
fn row(extra: impl Strategy<Value = Value>) -> impl Strategy<Value = Value> {
    (0i64..300, "[a-z]{0,3}", (0i64..9, 0i64..9), extra).prop_map(|(id, name, (x, y), extra)| {
        map(vec![
            (text("id"), id.into()),
            (text("name"), Value::from(name)),
            (text("pos"), Value::Array(vec![x.into(), y.into()].into())),
            (text("extra"), extra),
        ])
    })
}

fn path_key(key: &Value) -> Option<Key<'_>> {
    match key {
        Value::Text(t) => Some(Key::Text(t)),
        Value::Integer(v) => i64::try_from(*v).ok().map(Key::Int),
        Value::Tag(39, inner) => inner
            .as_str()
            .and_then(|t| t.strip_prefix(':'))
            .map(Key::Keyword),
        _ => None,
    }
}

/// Checks every node reachable from `here` through keys the cursor can
/// name: its value, and for containers its count.
fn check(cursor: Cursor<'_>, here: &Value) -> Result<(), TestCaseError> {
    prop_assert_eq!(&cursor.to_value().unwrap(), here);
    match here {
        Value::Array(items) => {
            prop_assert_eq!(cursor.len().unwrap(), items.len());
            for (i, item) in items.iter().enumerate() {
                check(cursor.index(i).unwrap(), item)?;
            }
        }
        Value::Map(entries) => {
            prop_assert_eq!(cursor.len().unwrap(), entries.len());
            for (k, v) in entries {
                if let Some(key) = path_key(k) {
                    check(cursor.get(key).unwrap(), v)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cursor_answers_equal_decode_then_lookup(doc in document()) {
        for opts in [
            Options::default().stringref(false),
            Options::from(Profile::Interop),
            Options::default().stringref(false).shapes(true),
            compact(),
            Options::from(Profile::Canonical),
        ] {
            let bytes = boring::to_vec_with(&doc, &opts).unwrap();
            let decoded: Value = boring::from_slice(&bytes).unwrap();
            let root = Cursor::new(&bytes).unwrap();
            check(root, &decoded)?;
        }
    }
}

//! Keyed tables (tag 39654): a map whose values make a shaped or columnar
//! table is written as its keys and that table, by `Value` and by derived
//! maps of records alike, and read back as the map.

use std::collections::{BTreeMap, HashMap};

use boring::{Boring, DuplicateKeys, ErrorKind, Options, Profile, Value};
use boring_tests::hex;

fn map(entries: Vec<(&str, Value)>) -> Value {
    Value::Map(
        entries
            .into_iter()
            .map(|(k, v)| (Value::from(k), v))
            .collect(),
    )
}

fn pair(a: i64, b: i64) -> Value {
    map(vec![("alpha", a.into()), ("beta", b.into())])
}

fn shapes() -> Options {
    Options::default().stringref(false).shapes(true)
}

fn compact() -> Options {
    Options::from(Profile::Compact).stringref(false)
}

#[test]
fn a_map_of_records_is_its_keys_and_a_shaped_table() {
    let v = map(vec![
        ("x", pair(1, 2)),
        ("y", pair(3, 4)),
        ("z", pair(5, 6)),
    ]);
    let bytes = boring::to_vec_with(&v, &shapes()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae6 82 83 6178 6179 617a
             d99ae1 82 82 65616c706861 6462657461 83 82 01 02 82 03 04 82 05 06")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), v);
    assert_eq!(
        boring::encoded_len(&v, &shapes()).expect("measures"),
        bytes.len()
    );
}

#[test]
fn a_keyed_table_that_does_not_pay_stays_a_map() {
    // Two rows of two keys save less than the form adds.
    let v = map(vec![("x", pair(1, 2)), ("y", pair(3, 4))]);
    let bytes = boring::to_vec_with(&v, &shapes()).expect("encodes");
    assert_eq!(
        bytes,
        boring::to_vec_with(&v, &Options::default().stringref(false)).expect("encodes")
    );
    // Values that are not all maps make no table.
    let mixed = map(vec![("x", pair(1, 2)), ("y", pair(3, 4)), ("z", 5.into())]);
    let bytes = boring::to_vec_with(&mixed, &shapes()).expect("encodes");
    assert_eq!(bytes.first(), Some(&0xa3));
}

#[derive(Debug, Clone, PartialEq, Boring)]
struct Item {
    count: u32,
    label: String,
}

fn items() -> BTreeMap<String, Item> {
    ["a", "b", "c"]
        .iter()
        .zip(1..)
        .map(|(k, i)| {
            let label = format!("{}", char::from(b'o' + i as u8));
            (k.to_string(), Item { count: i, label })
        })
        .collect()
}

fn items_value() -> Value {
    Value::Map(
        items()
            .into_iter()
            .map(|(k, item)| {
                let fields = vec![
                    ("count", Value::from(i64::from(item.count))),
                    ("label", Value::from(item.label.as_str())),
                ];
                (Value::from(k.as_str()), map(fields))
            })
            .collect(),
    )
}

#[test]
fn columns_make_typed_columns_and_derived_maps_write_the_same_bytes() {
    let expected = hex("d99ae6 82 83 6161 6162 6163
         d99ae5 83 82 65636f756e74 656c6162656c 03
                   82 d840 43 010203 83 6170 6171 6172");
    let typed = boring::to_vec_with(&items(), &compact()).expect("encodes");
    assert_eq!(typed, expected);
    let value = boring::to_vec_with(&items_value(), &compact()).expect("encodes");
    assert_eq!(value, expected);
    assert_eq!(
        boring::from_slice_with::<BTreeMap<String, Item>>(&typed, &compact()).expect("decodes"),
        items()
    );
    let hashed: HashMap<String, Item> = boring::from_slice(&typed).expect("decodes");
    assert_eq!(hashed.len(), 3);
    assert_eq!(hashed["b"], items()["b"]);
    assert_eq!(
        boring::from_slice::<Value>(&typed).expect("decodes"),
        items_value()
    );
}

#[test]
fn options_of_records_follow_the_records() {
    let some: BTreeMap<String, Option<Item>> =
        items().into_iter().map(|(k, v)| (k, Some(v))).collect();
    let bytes = boring::to_vec_with(&some, &compact()).expect("encodes");
    assert_eq!(
        bytes,
        boring::to_vec_with(&items(), &compact()).expect("encodes")
    );
    assert_eq!(
        boring::from_slice::<BTreeMap<String, Option<Item>>>(&bytes).expect("decodes"),
        some
    );
    // A `None` (null in `Value`) makes no table, in either form: the
    // records are map values, written as scattered shapes in both.
    let mut holed = some.clone();
    holed.insert("d".into(), None);
    let bytes = boring::to_vec_with(&holed, &compact()).expect("encodes");
    assert_eq!(bytes.first(), Some(&0xa4));
    let mut value = items_value();
    if let Value::Map(entries) = &mut value {
        entries.push((Value::from("d"), Value::Null));
    }
    assert_eq!(
        boring::to_vec_with(&value, &compact()).expect("encodes"),
        bytes
    );
    assert_eq!(
        bytes
            .windows(3)
            .filter(|w| *w == [0xd9, 0x9a, 0xe2])
            .count(),
        3
    );
}

#[test]
fn plain_maps_still_decode_where_keyed_tables_are_written() {
    let opts = Options::default().stringref(false);
    let plain = boring::to_vec_with(&items(), &opts).expect("encodes");
    assert_eq!(plain.first(), Some(&0xa3));
    assert_eq!(
        boring::from_slice::<BTreeMap<String, Item>>(&plain).expect("decodes"),
        items()
    );
}

#[test]
fn the_tagged_form_is_kept_when_shapes_are_not_expanded() {
    let bytes = boring::to_vec_with(&items_value(), &compact()).expect("encodes");
    let opts = Options::default().expand_shapes(false);
    let kept: Value = boring::from_slice_with(&bytes, &opts).expect("decodes");
    assert!(matches!(kept, Value::Tag(39654, _)));
}

#[test]
fn malformed_keyed_tables_are_refused_with_the_tag() {
    let bad = ErrorKind::BadTagContent { tag: 39654 };
    for (case, text) in [
        (
            "more values than keys",
            "d99ae6 82 82 6161 6162 83 01 02 03",
        ),
        ("one part", "d99ae6 81 80"),
        ("keys not an array", "d99ae6 82 01 80"),
        ("values not an array", "d99ae6 82 81 6161 01"),
    ] {
        let bytes = hex(text);
        let err = boring::from_slice::<Value>(&bytes).expect_err(case);
        assert_eq!(err.kind(), &bad, "{case}: {err}");
        assert_eq!(err.offset(), Some(0), "{case}");
    }
    let bytes = hex("d99ae6 82 82 6161 6162 83 01 02 03");
    let err = boring::from_slice::<BTreeMap<String, i64>>(&bytes).expect_err("typed");
    assert_eq!(err.kind(), &bad);
}

#[test]
fn keyed_tables_obey_the_duplicate_key_policy() {
    let bytes = hex("d99ae6 82 82 6161 6161 82 01 02");
    let err = boring::from_slice::<Value>(&bytes).expect_err("duplicate");
    assert_eq!(err.kind(), &ErrorKind::DuplicateKey);
    let err = boring::from_slice::<BTreeMap<String, i64>>(&bytes).expect_err("duplicate");
    assert_eq!(err.kind(), &ErrorKind::DuplicateKey);
    assert_eq!(err.offset(), Some(7));
    let last = Options::default().duplicate_keys(DuplicateKeys::LastWins);
    let v: Value = boring::from_slice_with(&bytes, &last).expect("last wins");
    assert_eq!(v, map(vec![("a", 2.into())]));
    let typed: BTreeMap<String, i64> = boring::from_slice_with(&bytes, &last).expect("last wins");
    assert_eq!(typed, BTreeMap::from([("a".to_string(), 2)]));
}

#[test]
fn the_reference_nested_map_is_smaller_than_a_symbol_table_codec() {
    // hako writes this payload in 1 079 bytes; the reference in 1 561.
    let v = boring_schemas::values::nested_map_50();
    let opts = Options::from(Profile::Compact);
    let bytes = boring::to_vec_with(&v, &opts).expect("encodes");
    assert!(bytes.len() <= 1_060, "{} bytes", bytes.len());
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), v);
}

#[test]
fn users_keyed_by_text_take_under_two_thirds_of_the_default_size() {
    let v = boring_schemas::values::users_300();
    let default = boring::to_vec(&v).expect("encodes");
    let compact = boring::to_vec_with(&v, &Options::from(Profile::Compact)).expect("encodes");
    assert!(
        compact.len() * 100 <= default.len() * 65,
        "{} of {} bytes",
        compact.len(),
        default.len()
    );
    assert_eq!(boring::from_slice::<Value>(&compact).expect("decodes"), v);
    let typed = boring_schemas::records::users(300);
    let bytes = boring::to_vec_with(&typed, &Options::from(Profile::Compact)).expect("encodes");
    assert_eq!(
        boring::from_slice::<boring_schemas::records::Users>(&bytes).expect("decodes"),
        typed
    );
}

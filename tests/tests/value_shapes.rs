//! Shaped arrays (tag 39649) on `Value`: the reference's writer decisions and
//! bytes, and the reader's expansion and validation.

use boring::{ErrorKind, Float, Options, Value};
use boring_tests::hex;

fn kw(name: &str) -> Value {
    Value::keyword(name)
}

fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries.into())
}

fn shaped(value: &Value) -> Vec<u8> {
    let opts = Options::default().stringref(false).shapes(true);
    boring::to_vec_with(value, &opts).expect("encodes")
}

#[test]
fn ragged_rows_use_undefined_and_short_rows() {
    let v = Value::Array(
        vec![
            map(vec![
                (kw("a"), Value::Null),
                (kw("b"), 1.into()),
                (kw("c"), 2.into()),
            ]),
            map(vec![(kw("a"), 3.into()), (kw("c"), 4.into())]),
            map(vec![(kw("a"), 5.into())]),
        ]
        .into(),
    );
    let expected = hex("d99ae1 82 83 d827623a61 d827623a62 d827623a63 83 83f60102 8303f704 8105");
    assert_eq!(shaped(&v), expected);
    let back: Value = boring::from_slice(&expected).expect("decodes");
    assert_eq!(back, v);
}

#[test]
fn the_density_guard_declines_disjoint_rows() {
    let v = Value::Array(
        vec![
            map(vec![(kw("a"), 1.into())]),
            map(vec![(kw("b"), 2.into())]),
        ]
        .into(),
    );
    assert_eq!(shaped(&v), hex("82 a1 d827623a61 01 a1 d827623a62 02"));
}

#[test]
fn a_growing_key_set_is_shaped() {
    let v = Value::Array(
        vec![
            map(vec![(kw("a"), 1.into())]),
            map(vec![(kw("a"), 2.into()), (kw("b"), 3.into())]),
        ]
        .into(),
    );
    assert_eq!(
        shaped(&v),
        hex("d99ae1 82 82 d827623a61 d827623a62 82 8101 820203")
    );
}

#[test]
fn declined_forms_stay_plain() {
    let empty_maps = Value::Array(vec![map(vec![]), map(vec![])].into());
    assert_eq!(shaped(&empty_maps), hex("82 a0 a0"));
    let one = Value::Array(vec![map(vec![(kw("a"), 1.into())])].into());
    assert_eq!(shaped(&one), hex("81 a1 d827623a61 01"));
    let mixed = Value::Array(vec![map(vec![(kw("a"), 1.into())]), 1.into()].into());
    assert_eq!(shaped(&mixed), hex("82 a1 d827623a61 01 01"));
    let undefined = Value::Array(
        vec![
            map(vec![(kw("a"), Value::Undefined)]),
            map(vec![(kw("a"), 1.into())]),
        ]
        .into(),
    );
    assert_eq!(
        shaped(&undefined),
        hex("82 a1 d827623a61 f7 a1 d827623a61 01")
    );
}

#[test]
fn a_set_of_maps_is_never_shaped() {
    let set = Value::tag(
        258,
        Value::Array(
            vec![
                map(vec![(kw("a"), 1.into())]),
                map(vec![(kw("a"), 2.into())]),
            ]
            .into(),
        ),
    );
    assert_eq!(
        shaped(&set),
        hex("d90102 82 a1 d827623a61 01 a1 d827623a61 02")
    );
}

#[test]
fn keeping_the_tagged_form_is_an_option() {
    let bytes = hex("d99ae1 82 82 d827623a61 d827623a62 82 8101 820203");
    let raw: Value =
        boring::from_slice_with(&bytes, &Options::default().expand_shapes(false)).expect("decodes");
    assert_eq!(raw.as_tag().map(|(t, _)| t), Some(39649));
    let again = boring::to_vec_with(&raw, &Options::default().stringref(false)).expect("encodes");
    assert_eq!(again, bytes);
}

#[test]
fn malformed_tables_are_refused() {
    for bad in [
        "d99ae1 81 80",              // one element
        "d99ae1 82 80 80",           // no keys
        "d99ae1 82 82 0101 80",      // duplicate keys
        "d99ae1 82 81 01 81 820203", // row longer than the keys
        "d99ae1 82 81 01 81 01",     // a row that is not an array
        "d99ae1 82 01 80",           // keys not an array
    ] {
        for expand in [true, false] {
            let opts = Options::default().expand_shapes(expand);
            let err = boring::from_slice_with::<Value>(&hex(bad), &opts).expect_err(bad);
            assert_eq!(
                err.kind(),
                &ErrorKind::BadTagContent { tag: 39649 },
                "{bad}"
            );
        }
    }
}

#[test]
fn stringref_applies_inside_shaped_tables() {
    let rows: Vec<Value> = (0..3)
        .map(|i| {
            map(vec![
                (kw("name"), Value::from("person")),
                (kw("id"), i.into()),
            ])
        })
        .collect();
    let v = Value::Array(rows.into());
    let bytes = boring::to_vec_with(&v, &Options::default().shapes(true)).expect("encodes");
    assert_eq!(
        bytes,
        hex("d90100 d99ae1 82 82 d827653a6e616d65 d827633a6964 83 82 66706572736f6e 00 82 d81902 01 82 d81902 02")
    );
    let back: Value = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, v);
}

/// `27([name, payload])` as the reference writes a record frame.
fn frame(name: &str, payload: Value) -> Value {
    Value::tag(27, Value::Array(vec![Value::from(name), payload].into()))
}

#[test]
fn record_frames_are_never_shaped() {
    let a = |x: i64, y: i64| map(vec![(kw("a"), x.into()), (kw("b"), y.into())]);
    // The reference's bytes for a queue of {:a 1 :b 2} and {:a 3 :b 4}.
    let queue = frame("clojure/queue", Value::Array(vec![a(1, 2), a(3, 4)].into()));
    let opts = Options::default().shapes(true);
    let bytes = boring::to_vec_with(&queue, &opts).expect("encodes");
    assert_eq!(
        bytes,
        hex("d90100 d81b 82 6d636c6f6a7572652f7175657565 82 a2 d827623a6101 d827623a6202 a2 d827623a6103 d827623a6204")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), queue);
    // The with-meta pair of two maps with one key set stays a pair.
    let with_meta = frame(
        "clojure/with-meta",
        Value::Array(
            vec![
                map(vec![(kw("a"), 1.into())]),
                map(vec![(kw("a"), 2.into())]),
            ]
            .into(),
        ),
    );
    assert_eq!(
        shaped(&with_meta),
        hex("d81b 82 71 636c6f6a7572652f776974682d6d657461 82 a1 d827623a61 01 a1 d827623a61 02")
    );
    // What a frame holds is written as usual: an array of maps inside the
    // payload is a candidate like any other.
    let nested = frame(
        "clojure/queue",
        Value::Array(vec![Value::Array(vec![a(1, 2), a(3, 4)].into())].into()),
    );
    assert_eq!(
        shaped(&nested),
        hex("d81b 82 6d636c6f6a7572652f7175657565 81 d99ae1 82 82 d827623a61 d827623a62 82 820102 820304")
    );
}

#[test]
fn keys_of_different_float_widths_stay_apart() {
    // [{1.0 :a} {(float 1.0) :b}]: an f64 key and an f32 key are two keys
    // (the union would have to drop a width), so the guard declines and the
    // reference's plain maps are written.
    let v = Value::Array(
        vec![
            map(vec![(Value::Float(Float::F64(1.0)), kw("a"))]),
            map(vec![(Value::Float(Float::F32(1.0)), kw("b"))]),
        ]
        .into(),
    );
    let bytes = boring::to_vec_with(&v, &Options::default().shapes(true)).expect("encodes");
    assert_eq!(
        bytes,
        hex("d90100 82 a1 fb3ff0000000000000 d827623a61 a1 fa3f800000 d827623a62")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), v);
    // Where the widths are kept apart in a shaped table, both keys come
    // back with their own width.
    let rows = Value::Array(
        vec![
            map(vec![
                (Value::Float(Float::F64(1.0)), 1.into()),
                (Value::Float(Float::F32(1.0)), 2.into()),
            ]),
            map(vec![
                (Value::Float(Float::F64(1.0)), 3.into()),
                (Value::Float(Float::F32(1.0)), 4.into()),
            ]),
        ]
        .into(),
    );
    let bytes = shaped(&rows);
    assert_eq!(
        bytes,
        hex("d99ae1 82 82 fb3ff0000000000000 fa3f800000 82 820102 820304")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), rows);
}

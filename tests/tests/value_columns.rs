//! Columnar tables (tag 39653) on `Value`: when a table is written as
//! columns, the bytes, and the reader's expansion and validation.

use boring::{ErrorKind, Float, Options, Value};
use boring_tests::hex;

fn columns() -> Options {
    Options::default().stringref(false).columns(true)
}

fn row(id: i64, name: &str, score: f64) -> Value {
    Value::Map(
        vec![
            (Value::from("id"), Value::from(id)),
            (Value::from("name"), Value::from(name)),
            (Value::from("score"), Value::from(score)),
        ]
        .into(),
    )
}

#[test]
fn numeric_columns_become_typed_arrays() {
    let v = Value::Array(vec![row(1, "a", 0.5), row(300, "b", 1.5)].into());
    let bytes = boring::to_vec_with(&v, &columns()).expect("encodes");
    // Doubles stay binary64 (tag 86) although binary32 would hold them: the
    // table decodes to the very values written.
    assert_eq!(
        bytes,
        hex("d99ae5 83 83 626964 646e616d65 6573636f7265 02 83
             d845 44 0100 2c01
             82 6161 6162
             d856 50 000000000000e03f 000000000000f83f")
    );
    let back: Value = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, v);
    assert_eq!(
        boring::to_vec_with(&back, &columns()).expect("encodes"),
        bytes
    );
}

#[test]
fn float_columns_keep_their_width() {
    let floats = |cells: [Float; 2]| {
        Value::Array(
            cells
                .into_iter()
                .enumerate()
                .map(|(i, f)| {
                    Value::Map(
                        vec![
                            (Value::from("n"), Value::from(i as i64)),
                            (Value::from("x"), Value::Float(f)),
                        ]
                        .into(),
                    )
                })
                .collect(),
        )
    };
    // Singles stay binary32 (tag 85).
    let single = floats([Float::F32(0.5), Float::F32(1.5)]);
    let bytes = boring::to_vec_with(&single, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 82 616e 6178 02 82 d840 42 0001 d855 48 0000003f 0000c03f")
    );
    assert_eq!(
        boring::from_slice::<Value>(&bytes).expect("decodes"),
        single
    );
    // Mixed widths, or a half float, leave the column plain, each value at
    // its own width.
    let mixed = floats([Float::F32(0.5), Float::F64(1.5)]);
    let bytes = boring::to_vec_with(&mixed, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 82 616e 6178 02 82 d840 42 0001 82 fa3f000000 fb3ff8000000000000")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), mixed);
    let half = floats([Float::F16(0x3800), Float::F16(0x3e00)]);
    let bytes = boring::to_vec_with(&half, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 82 616e 6178 02 82 d840 42 0001 82 f93800 f93e00")
    );
    assert_eq!(boring::from_slice::<Value>(&bytes).expect("decodes"), half);
}

#[test]
fn absent_cells_are_undefined_and_keep_columns_plain() {
    let v = Value::Array(
        vec![
            Value::Map(vec![(Value::from("n"), 1.into()), (Value::from("opt"), 2.into())].into()),
            Value::Map(vec![(Value::from("n"), 2.into())].into()),
            Value::Map(
                vec![
                    (Value::from("n"), 3.into()),
                    (Value::from("opt"), Value::Null),
                ]
                .into(),
            ),
        ]
        .into(),
    );
    let bytes = boring::to_vec_with(&v, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 82 616e 636f7074 03 82 d840 43 010203 83 02 f7 f6")
    );
    let back: Value = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, v);
}

#[test]
fn tables_without_a_typed_column_fall_back() {
    let v = Value::Array(
        vec![
            Value::Map(vec![(Value::from("name"), "a".into())].into()),
            Value::Map(vec![(Value::from("name"), "b".into())].into()),
        ]
        .into(),
    );
    assert_eq!(
        boring::to_vec_with(&v, &columns()).expect("encodes"),
        hex("82 a1 646e616d65 6161 a1 646e616d65 6162")
    );
    let shaped = columns().shapes(true);
    assert_eq!(
        boring::to_vec_with(&v, &shaped).expect("encodes")[..3],
        [0xd9, 0x9a, 0xe1]
    );
    let single = Value::Array(vec![Value::Map(vec![(Value::from("n"), 1.into())].into())].into());
    assert_eq!(
        boring::to_vec_with(&single, &columns()).expect("encodes"),
        hex("81 a1 616e 01")
    );
}

#[test]
fn hostile_tables_are_typed_errors() {
    for (bad, kind) in [
        // Row count far beyond the input.
        ("d99ae5 83 81 616e 1a ffffffff 81 80", ErrorKind::BadCount),
        // Typed column of the wrong byte length for n = 3.
        (
            "d99ae5 83 81 616e 03 81 d840 42 0102",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        // Column count different from the key count.
        (
            "d99ae5 83 82 616e 616d 02 81 82 0102",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        // Plain column of the wrong length.
        (
            "d99ae5 83 81 616e 02 81 83 010203",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        // Not three parts; duplicate keys; row count not an integer.
        (
            "d99ae5 82 81 616e 02",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        (
            "d99ae5 83 82 616e 616e 02 82 820102 820102",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        (
            "d99ae5 83 81 616e 6178 81 820102",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
    ] {
        let err = boring::from_slice::<Value>(&hex(bad)).expect_err(bad);
        assert_eq!(err.kind(), &kind, "{bad}");
    }
    // Nesting still counts towards the depth limit.
    let mut deep = Vec::new();
    for _ in 0..10 {
        deep.extend_from_slice(&hex("d99ae5 83 81 616e 01 81 81"));
    }
    deep.push(0x00);
    let err = boring::from_slice_with::<Value>(&deep, &Options::default().max_depth(16))
        .expect_err("deep");
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
}

//! Columns of fixed-size numeric arrays: RFC 8746 tag 40 over
//! `[[n, k], typed array]` inside a columnar table, written alike by derived
//! `[T; N]` fields and by `Value`, read back by `[T; N]`, `Vec<T>` and
//! `Value`, and refused with typed errors when malformed.

use boring::{Boring, ErrorKind, Options, Profile, Value};
use boring_tests::hex;

#[derive(Boring, Debug, Clone, PartialEq)]
struct Vertex {
    pos: [f32; 2],
    rgb: [u8; 3],
}

fn vertices() -> Vec<Vertex> {
    vec![
        Vertex {
            pos: [0.5, 1.0],
            rgb: [1, 2, 3],
        },
        Vertex {
            pos: [1.5, 2.0],
            rgb: [4, 5, 6],
        },
    ]
}

fn columns() -> Options {
    Options::default().stringref(false).columns(true)
}

#[test]
fn numeric_arrays_become_one_grid_per_column() {
    let rows = vertices();
    let bytes = boring::to_vec_with(&rows, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 82 63706f73 63726762 02 82
             d828 82 82 02 02 d855 50 0000003f 0000803f 0000c03f 00000040
             d828 82 82 02 03 d840 46 010203 040506")
    );
    assert_eq!(
        boring::from_slice::<Vec<Vertex>>(&bytes).expect("decodes"),
        rows
    );
}

#[test]
fn value_writes_the_same_grid_and_reads_it_as_arrays() {
    let rows = vertices();
    for options in [columns(), Options::from(Profile::Compact)] {
        let derived = boring::to_vec_with(&rows, &options).expect("encodes");
        let value: Value = boring::from_slice(&derived).expect("decodes");
        let first = &value.as_array().expect("an array of maps")[0];
        let pos = first.get("pos").and_then(Value::as_array).expect("pos");
        assert_eq!(
            pos.iter().map(Value::as_f64).collect::<Vec<_>>(),
            [Some(0.5), Some(1.0)]
        );
        let again = boring::to_vec_with(&value, &options).expect("encodes");
        assert_eq!(again, derived, "Value and derived bytes differ");
    }
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Path {
    points: Vec<f32>,
}

#[test]
fn vec_fields_read_grids() {
    // Value writes a grid for any column of arrays of one length.
    let value = Value::Array(
        (0..3)
            .map(|i| {
                Value::Map(
                    vec![(
                        Value::from("points"),
                        Value::Array(vec![Value::from(i as f32), Value::from(0.25f32)].into()),
                    )]
                    .into(),
                )
            })
            .collect(),
    );
    let bytes = boring::to_vec_with(&value, &columns()).expect("encodes");
    assert!(
        bytes.windows(2).any(|w| w == [0xd8, 0x28]),
        "expected a grid"
    );
    let paths: Vec<Path> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(paths[2].points, [2.0, 0.25]);
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Mixed {
    id: u32,
    flags: [bool; 2],
    huge: [i128; 1],
    pos: Option<[f64; 2]>,
}

#[test]
fn arrays_without_typed_elements_stay_plain() {
    let rows = vec![
        Mixed {
            id: 1,
            flags: [true, false],
            huge: [i128::MAX],
            pos: Some([0.1, 0.2]),
        },
        Mixed {
            id: 2,
            flags: [false, true],
            huge: [0],
            pos: None,
        },
    ];
    let bytes = boring::to_vec_with(&rows, &columns()).expect("encodes");
    // `id` makes the table; no other column is a grid.
    assert!(!bytes.windows(2).any(|w| w == [0xd8, 0x28]));
    assert_eq!(
        boring::from_slice::<Vec<Mixed>>(&bytes).expect("decodes"),
        rows
    );
    // With every option present, the option column is a grid of f64.
    let full: Vec<Mixed> = rows
        .iter()
        .map(|m| Mixed {
            pos: Some([0.1, 0.3]),
            ..m.clone()
        })
        .collect();
    let bytes = boring::to_vec_with(&full, &columns()).expect("encodes");
    assert!(bytes
        .windows(6)
        .any(|w| w == hex("d828 82 82 02 02").as_slice()));
    assert_eq!(
        boring::from_slice::<Vec<Mixed>>(&bytes).expect("decodes"),
        full
    );
}

/// A two-row table of `pos` with the given grid bytes.
fn table(grid: &str) -> Vec<u8> {
    hex(&format!("d99ae5 83 81 63706f73 02 81 {grid}"))
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Pos {
    pos: [f32; 2],
}

#[test]
fn malformed_grids_are_typed_errors() {
    let cases = [
        // Row count 3 in a table of 2.
        (
            "d828 82 82 03 02 d855 50 0000003f 0000803f 0000c03f 00000040",
            ErrorKind::BadTagContent { tag: 40 },
        ),
        // Width 4 for `[f32; 2]`.
        (
            "d828 82 82 02 04 d855 50 0000003f 0000803f 0000c03f 00000040",
            ErrorKind::BadTagContent { tag: 40 },
        ),
        // Three elements for 2 × 2.
        (
            "d828 82 82 02 02 d855 4c 0000003f 0000803f 0000c03f",
            ErrorKind::BadTagContent { tag: 40 },
        ),
        // Width 0.
        (
            "d828 82 82 02 00 d855 40",
            ErrorKind::BadTagContent { tag: 40 },
        ),
        // Dimensions that are not two numbers.
        (
            "d828 82 81 02 d855 40",
            ErrorKind::BadTagContent { tag: 40 },
        ),
    ];
    for (grid, kind) in cases {
        let bytes = table(grid);
        let err = boring::from_slice::<Vec<Pos>>(&bytes).expect_err(grid);
        assert_eq!(err.kind(), &kind, "{grid}");
        assert!(
            boring::from_slice::<Value>(&bytes).is_err(),
            "Value accepted {grid}"
        );
    }
    // 2 × 2^62 elements announced in a handful of bytes, for a reader of
    // any width.
    let bytes = table("d828 82 82 02 1b4000000000000000 d855 40");
    let err = boring::from_slice::<Vec<Path>>(&hex(&format!(
        "d99ae5 83 81 66706f696e7473 02 81 {}",
        "d828 82 82 02 1b4000000000000000 d855 40"
    )))
    .expect_err("a huge grid");
    assert_eq!(err.kind(), &ErrorKind::BadCount);
    assert!(boring::from_slice::<Value>(&bytes).is_err());
    // A grid of plain elements, as another writer may send, reads too.
    let plain = table("d828 82 82 02 02 84 f93800 f93c00 f93e00 f94000");
    let back: Vec<Pos> = boring::from_slice(&plain).expect("decodes");
    assert_eq!(back[1].pos, [1.5, 2.0]);
    let value: Value = boring::from_slice(&plain).expect("decodes");
    assert_eq!(value.as_array().map(<[Value]>::len), Some(2));
}

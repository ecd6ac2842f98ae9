//! Derived record vectors written and read as columnar tables (tag 39653):
//! the choice of layout, typed columns of the narrowest type, optional and
//! nested fields, foreign tables, and hostile input.

use boring::{Boring, ErrorKind, Options, Profile, Value};
use boring_tests::hex;

#[derive(Boring, Debug, Clone, PartialEq)]
struct Reading {
    id: u32,
    level: i8,
    value: f64,
    label: String,
}

fn readings() -> Vec<Reading> {
    (0..3)
        .map(|i| Reading {
            id: 1000 + i,
            level: i as i8 - 1,
            value: f64::from(i) * 0.5,
            label: format!("r{i}"),
        })
        .collect()
}

fn columns() -> Options {
    Options::default().stringref(false).columns(true)
}

#[test]
fn numeric_fields_become_narrowest_typed_columns() {
    let rows = readings();
    let bytes = boring::to_vec_with(&rows, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex(
            "d99ae5 83 84 626964 656c6576656c 6576616c7565 656c6162656c 03 84
             d845 46 e803 e903 ea03
             d848 43 ff00 01
             d855 4c 00000000 0000003f 0000803f
             83 627230 627231 627232"
        )
    );
    let back: Vec<Reading> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back, rows);
    // The same table read as Value is the array of maps.
    let value: Value = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(value.as_array().map(<[Value]>::len), Some(3));
    assert_eq!(
        value
            .as_array()
            .and_then(|rows| rows[1].get("id"))
            .and_then(Value::as_u64),
        Some(1001)
    );
}

#[test]
fn compact_uses_columns_and_stringref() {
    let rows = readings();
    let compact = Options::from(Profile::Compact);
    let bytes = boring::to_vec_with(&rows, &compact).expect("encodes");
    assert_eq!(&bytes[..6], &hex("d90100 d99ae5"));
    assert_eq!(
        boring::from_slice::<Vec<Reading>>(&bytes).expect("decodes"),
        rows
    );
    // One row is not a table.
    let one = boring::to_vec_with(&rows[..1], &compact).expect("encodes");
    assert_eq!(&one[..4], &hex("d90100 81"));
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Labels {
    name: String,
    tag: String,
}

#[test]
fn without_a_typed_column_shapes_win() {
    let rows = vec![
        Labels {
            name: "a".into(),
            tag: "x".into(),
        },
        Labels {
            name: "b".into(),
            tag: "y".into(),
        },
    ];
    let both = columns().shapes(true);
    let bytes = boring::to_vec_with(&rows, &both).expect("encodes");
    assert_eq!(&bytes[..3], &hex("d99ae1"));
    let plain = boring::to_vec_with(&rows, &columns()).expect("encodes");
    assert_eq!(plain[0], 0x82);
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Sparse {
    n: u16,
    #[boring(skip_if_none)]
    note: Option<i32>,
    maybe: Option<u8>,
}

#[test]
fn optional_fields() {
    // `note` is left out in one row: a plain column with undefined there;
    // `maybe` is null in one row: a plain column with null; when every row
    // has a value the column is typed.
    let rows = vec![
        Sparse {
            n: 1,
            note: Some(5),
            maybe: Some(1),
        },
        Sparse {
            n: 2,
            note: None,
            maybe: None,
        },
    ];
    let bytes = boring::to_vec_with(&rows, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 83 616e 646e6f7465 656d61796265 02 83 d840 42 0102 82 05 f7 82 01 f6")
    );
    assert_eq!(
        boring::from_slice::<Vec<Sparse>>(&bytes).expect("decodes"),
        rows
    );
    let full = vec![
        Sparse {
            n: 1,
            note: Some(-5),
            maybe: Some(1),
        },
        Sparse {
            n: 2,
            note: Some(300),
            maybe: Some(2),
        },
    ];
    let bytes = boring::to_vec_with(&full, &columns()).expect("encodes");
    assert_eq!(
        bytes,
        hex("d99ae5 83 83 616e 646e6f7465 656d61796265 02 83 d840 42 0102 d84d 44 fbff 2c01 d840 42 0102")
    );
    assert_eq!(
        boring::from_slice::<Vec<Sparse>>(&bytes).expect("decodes"),
        full
    );
}

#[derive(Boring, Debug, Clone, PartialEq)]
struct Outer {
    id: u8,
    inner: Reading,
}

#[test]
fn a_column_of_records_is_a_nested_table() {
    let rows: Vec<Outer> = readings()
        .into_iter()
        .enumerate()
        .map(|(i, inner)| Outer { id: i as u8, inner })
        .collect();
    let bytes = boring::to_vec_with(&rows, &columns()).expect("encodes");
    let nested = bytes
        .windows(3)
        .filter(|w| *w == [0xd9, 0x9a, 0xe5])
        .count();
    assert_eq!(nested, 2, "outer and inner tables");
    assert_eq!(
        boring::from_slice::<Vec<Outer>>(&bytes).expect("decodes"),
        rows
    );
    // Kept unexpanded, the inner table is the outer table's column, with
    // one row per row; a count that disagrees is refused.
    let kept = Options::default().expand_shapes(false);
    let table: Value = boring::from_slice_with(&bytes, &kept).expect("kept");
    let (tag, content) = table.as_tag().expect("a table");
    assert_eq!(tag, 39653);
    let column = &content.as_array().unwrap()[2].as_array().unwrap()[1];
    assert_eq!(column.as_tag().map(|(tag, _)| tag), Some(39653));
    assert_eq!(boring::to_vec_with(&table, &columns()).unwrap(), bytes);
    let at = bytes
        .windows(3)
        .rposition(|w| w == [0xd9, 0x9a, 0xe5])
        .unwrap();
    let mut short = bytes.clone();
    // The inner table's row count: after its tag, `83` and its key array
    // (`84 626964 656c6576656c 6576616c7565 656c6162656c`, 22 bytes).
    let count = at + 3 + 1 + 22;
    assert_eq!(short[count], rows.len() as u8);
    short[count] -= 1;
    let err = boring::from_slice_with::<Value>(&short, &kept).expect_err("short column");
    assert!(
        matches!(err.kind(), ErrorKind::BadTagContent { tag: 39653 }),
        "{err}"
    );
}

#[derive(Boring, Debug, PartialEq)]
struct Narrow {
    id: i64,
}

#[derive(Boring, Debug, PartialEq)]
#[boring(deny_unknown_fields)]
struct Strict {
    id: i64,
}

#[derive(Boring, Debug, PartialEq)]
struct Tiny {
    id: u8,
}

#[test]
fn foreign_tables() {
    // Keys in another order, an extra column, keyword keys, a wider
    // element type than the field needs.
    let table = hex("d99ae5 83 82 d827633a6964 656578747261 02 82 d847 50 0100000000000000 0200000000000000 82 f5 f4");
    let narrow: Vec<Narrow> = boring::from_slice(&table).expect("decodes");
    assert_eq!(narrow, [Narrow { id: 1 }, Narrow { id: 2 }]);
    let tiny: Vec<Tiny> = boring::from_slice(&table).expect("widening fits");
    assert_eq!(tiny, [Tiny { id: 1 }, Tiny { id: 2 }]);
    let err = boring::from_slice::<Vec<Strict>>(&table).expect_err("extra column");
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField { .. }),
        "{err}"
    );
    // A value that does not fit the field is an error, not a wrap.
    let big = hex("d99ae5 83 81 626964 02 81 d845 44 0001 0002");
    let err = boring::from_slice::<Vec<Tiny>>(&big).expect_err("256 in u8");
    assert!(
        matches!(err.kind(), ErrorKind::OutOfRange { value, target: "u8" } if value == "256"),
        "{err}"
    );
    // A missing required column is a missing field, with its row.
    let none = hex("d99ae5 83 81 6178 02 81 82 01 02");
    let err = boring::from_slice::<Vec<Narrow>>(&none).expect_err("no id");
    assert_eq!(err.kind(), &ErrorKind::MissingField("id"));
}

#[test]
fn hostile_tables_are_typed_errors() {
    for (bad, kind) in [
        // A row count far beyond the input.
        ("d99ae5 83 81 626964 1a 7fffffff 81 80", ErrorKind::BadCount),
        // A typed column whose byte length is not n × width.
        (
            "d99ae5 83 81 626964 03 81 d845 44 0100 0200",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        // Fewer columns than keys.
        (
            "d99ae5 83 82 626964 6178 02 81 d840 42 0102",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
        // A plain column of the wrong length.
        (
            "d99ae5 83 81 626964 02 81 83 010203",
            ErrorKind::BadTagContent { tag: 39653 },
        ),
    ] {
        let err = boring::from_slice::<Vec<Narrow>>(&hex(bad)).expect_err(bad);
        assert_eq!(err.kind(), &kind, "{bad}: {err}");
    }
    let mut deep = Vec::new();
    for _ in 0..40 {
        deep.extend_from_slice(&hex("d99ae5 83 81 6178 01 81"));
    }
    deep.push(0x80);
    let err = boring::from_slice_with::<Vec<Narrow>>(&deep, &Options::default().max_depth(32))
        .expect_err("deep");
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
}

#[derive(Boring, Debug, PartialEq)]
struct Wide {
    id: u16,
    label: String,
}

#[derive(Boring, Debug, PartialEq)]
struct TinyLabelled {
    id: u8,
    label: String,
}

#[test]
fn small_and_large_tables_read_alike() {
    // Small tables are read into their rows directly and large ones column
    // by column; the row counts straddle that line and the 64-element
    // blocks typed columns are converted in.
    for n in [2u32, 63, 64, 65, 129, 700, 3000] {
        let rows: Vec<Reading> = (0..n)
            .map(|i| Reading {
                id: 1000 + i,
                level: ((i % 200) as i16 - 100) as i8,
                value: f64::from(i) * 0.25,
                label: format!("r{}", i % 7),
            })
            .collect();
        let bytes = boring::to_vec_with(&rows, &Profile::Compact.into()).expect("encodes");
        assert!(
            bytes.windows(3).any(|w| w == [0xd9, 0x9a, 0xe5]),
            "{n} rows: a columnar table"
        );
        let back: Vec<Reading> = boring::from_slice(&bytes).expect("decodes");
        assert_eq!(back, rows, "{n} rows");

        // One value that does not fit, in the last row: the same error
        // whichever way the table is read.
        let wide: Vec<Wide> = (0..n)
            .map(|i| Wide {
                id: if i + 1 == n { 256 } else { (i % 250) as u16 },
                label: "x".into(),
            })
            .collect();
        let bytes = boring::to_vec_with(&wide, &columns()).expect("encodes");
        let err = boring::from_slice::<Vec<TinyLabelled>>(&bytes).expect_err("256 in u8");
        assert!(
            matches!(err.kind(), ErrorKind::OutOfRange { value, target: "u8" } if value == "256"),
            "{n} rows: {err}"
        );
        let fits: Vec<Wide> = boring::from_slice(&bytes).expect("decodes");
        assert_eq!(fits, wide, "{n} rows");
    }
}

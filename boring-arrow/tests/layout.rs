//! Column layouts, schemas from a derived type, and typed errors.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt8Type};
use arrow_array::{Array, Float64Array, Int64Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use boring::{Boring, ErrorKind, Options, Profile, Value};
use boring_arrow::{batch_to_rows, read_table, read_typed, schema_of, write_table, Error, Table};

/// Compact without stringref, as sequences are written: tables read
/// column by column.
fn compact() -> Options {
    Options::from(Profile::Compact).stringref(false)
}

#[derive(Debug, Clone, PartialEq, Boring)]
struct Reading {
    sensor: String,
    at: u32,
    value: f64,
    position: [f32; 3],
    note: Option<String>,
}

/// The schema a table of `Reading` is read with, written out: what
/// `schema_of` must build from the derive's description.
fn reading_schema() -> Schema {
    Schema::new(vec![
        Field::new("sensor", DataType::Utf8, false),
        Field::new("at", DataType::UInt32, false),
        Field::new("value", DataType::Float64, false),
        Field::new(
            "position",
            DataType::FixedSizeList(Arc::new(Field::new_list_field(DataType::Float32, true)), 3),
            false,
        ),
        Field::new("note", DataType::Utf8, true),
    ])
}

fn readings() -> Vec<Reading> {
    (0..50u32)
        .map(|i| Reading {
            sensor: format!("s{}", i % 4),
            at: 1_000_000 + i,
            // Every other value is exact in binary32: the derive writes the
            // column as f64 only because of the others.
            value: if i % 2 == 0 {
                f64::from(i)
            } else {
                f64::from(i) + 0.1
            },
            position: [i as f32, 0.5, -1.0],
            note: (i % 3 == 0).then(|| format!("n{i}")),
        })
        .collect()
}

#[derive(Debug, Boring)]
struct Station {
    #[boring(key = 1)]
    id: u64,
    #[boring(bytes)]
    digest: Option<Vec<u8>>,
    tags: Vec<String>,
    origin: Point,
    // Skipped fields are not written, so not in the schema either.
    #[boring(skip)]
    #[allow(dead_code)]
    cache: u8,
}

#[derive(Debug, Boring)]
struct Point {
    lat: f32,
    lon: f32,
}

#[derive(Debug, Boring)]
#[boring(keys = "keyword")]
struct Named {
    name: String,
}

#[derive(Debug, Boring)]
struct Opaque {
    value: Value,
}

#[test]
fn schemas_come_from_the_derive() {
    assert_eq!(schema_of::<Reading>().unwrap(), reading_schema());
    let station = schema_of::<Station>().unwrap();
    let names: Vec<&str> = station.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(names, ["1", "digest", "tags", "origin"]);
    // Keyword keys name their columns with the `:`, as the table reader does.
    assert_eq!(schema_of::<Named>().unwrap().field(0).name(), ":name");
    assert_eq!(station.field(0).data_type(), &DataType::UInt64);
    assert_eq!(station.field(1).data_type(), &DataType::Binary);
    assert!(station.field(1).is_nullable());
    assert_eq!(
        station.field(2).data_type(),
        &DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
    );
    let DataType::Struct(origin) = station.field(3).data_type() else {
        panic!("a nested record is a struct: {station:?}");
    };
    assert_eq!(origin[0].name(), "lat");
    assert_eq!(origin[1].data_type(), &DataType::Float32);
    match schema_of::<Opaque>() {
        Err(Error::Undescribed { column, .. }) => assert_eq!(column, "value"),
        other => panic!("a `Value` field has no Arrow type: {other:?}"),
    }
    assert!(matches!(
        schema_of::<Vec<Reading>>(),
        Err(Error::Undescribed { .. })
    ));
}

#[test]
fn tables_read_with_the_derived_schema() {
    let rows: Vec<Station> = (0..20u64)
        .map(|i| Station {
            id: 1_000 + i,
            digest: (i % 3 != 0).then(|| vec![i as u8; 4]),
            tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
            origin: Point {
                lat: i as f32 / 2.0,
                lon: -1.5,
            },
            cache: 0,
        })
        .collect();
    for options in [compact(), Options::from(Profile::Compact)] {
        let bytes = boring::to_vec_with(&rows, &options).unwrap();
        let batch = read_typed::<Station>(&bytes).unwrap();
        assert_eq!(batch.schema().as_ref(), &schema_of::<Station>().unwrap());
        assert_eq!(batch.num_rows(), 20);
        let id = batch
            .column(0)
            .as_primitive::<arrow_array::types::UInt64Type>();
        assert_eq!(id.value(19), 1_019);
        let digest = batch.column(1).as_binary::<i32>();
        assert!(digest.is_null(0));
        assert_eq!(digest.value(2), [2u8; 4]);
        let tags = batch.column(2).as_list::<i32>();
        assert_eq!(tags.value(2).len(), 2);
        let origin = batch.column(3).as_struct();
        let lat = origin
            .column(0)
            .as_primitive::<arrow_array::types::Float32Type>();
        assert_eq!(lat.value(5), 2.5);
    }
}

#[test]
fn derived_table_reads_with_its_schema() {
    let rows = readings();
    let bytes = boring::to_vec_with(&rows, &compact()).unwrap();
    assert_eq!(
        bytes[..3],
        [0xd9, 0x9a, 0xe5],
        "written as a columnar table"
    );
    let batch = read_typed::<Reading>(&bytes).unwrap();
    assert_eq!(batch.num_rows(), 50);
    let at = batch
        .column(1)
        .as_primitive::<arrow_array::types::UInt32Type>();
    assert_eq!(at.value(49), 1_000_049);
    let value = batch.column(2).as_primitive::<Float64Type>();
    assert_eq!(value.value(3), 3.1);
    let position = batch.column(3).as_fixed_size_list();
    assert_eq!(position.value_length(), 3);
    let p7 = position.value(7);
    assert_eq!(
        p7.as_primitive::<arrow_array::types::Float32Type>()
            .values(),
        &[7.0, 0.5, -1.0]
    );
    let note = batch.column(4).as_string::<i32>();
    assert!(note.is_null(1));
    assert_eq!(note.value(3), "n3");

    // And back: the rows decode as the derived type again.
    let again = write_table(&batch, &compact()).unwrap();
    let decoded: Vec<Reading> = boring::from_slice(&again).unwrap();
    assert_eq!(decoded, rows);
}

#[test]
fn batch_writes_what_the_value_writer_writes() {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("name", DataType::Utf8, false),
        Field::new("score", DataType::Float64, false),
    ]));
    let batch = RecordBatch::try_new(
        schema,
        vec![
            Arc::new(Int64Array::from(vec![1, 2, 3, 250])),
            Arc::new(StringArray::from(vec!["a", "b", "c", "d"])),
            Arc::new(Float64Array::from(vec![0.5, 1.5, 2.25, 3.0])),
        ],
    )
    .unwrap();
    let ours = write_table(&batch, &compact()).unwrap();
    let runtime = boring::to_vec_with(&batch_to_rows(&batch).unwrap(), &compact()).unwrap();
    assert_eq!(ours, runtime);
    // `id` is a u8 typed array (tag 64): its values fit 0..=255.
    let table = Table::open(&ours).unwrap();
    let schema = table.infer_schema().unwrap();
    assert_eq!(schema.field(0).data_type(), &DataType::UInt8);
    assert_eq!(schema.field(2).data_type(), &DataType::Float64);
    let back = table.to_batch(&Arc::new(schema), None).unwrap();
    assert_eq!(
        back.column(0).as_primitive::<UInt8Type>().values(),
        &[1, 2, 3, 250]
    );
}

#[test]
fn absent_keys_and_shaped_tables_read_as_nulls() {
    // A shaped table (39649) whose second row lacks `b`.
    let rows = Value::Array(
        vec![
            Value::Map(vec![("a".into(), Value::from(1)), ("b".into(), Value::from("x"))].into()),
            Value::Map(vec![("a".into(), Value::from(2))].into()),
            Value::Map(vec![("a".into(), Value::from(3)), ("b".into(), Value::Null)].into()),
        ]
        .into(),
    );
    let options = Options::default().shapes(true).stringref(false);
    let bytes = boring::to_vec_with(&rows, &options).unwrap();
    assert_eq!(bytes[..3], [0xd9, 0x9a, 0xe1], "written as a shaped table");
    let batch = read_table(&bytes, None).unwrap();
    let b = batch.column(1).as_string::<i32>();
    assert_eq!(b.value(0), "x");
    assert!(b.is_null(1) && b.is_null(2));
}

#[test]
fn stringref_tables_are_read_whole() {
    let rows: Vec<Reading> = readings();
    // Compact writes stringref by default: the text columns refer back.
    let options = Options::from(Profile::Compact);
    let bytes = boring::to_vec_with(&rows, &options).unwrap();
    assert_eq!(bytes[..3], [0xd9, 0x01, 0x00], "a stringref namespace");
    let batch = read_typed::<Reading>(&bytes).unwrap();
    assert_eq!(batch.column(0).as_string::<i32>().value(5), "s1");
    // Decoded with its columns kept: the grid column is inferred as the
    // fixed-size list it was written as.
    let inferred = read_table(&bytes, None).unwrap();
    assert!(
        matches!(
            inferred.schema().field(3).data_type(),
            DataType::FixedSizeList(_, 3)
        ),
        "{:?}",
        inferred.schema()
    );
}

#[test]
fn values_that_do_not_fit_are_typed_errors() {
    let bytes = boring::to_vec_with(&readings(), &compact()).unwrap();
    // Text where an integer is expected.
    let schema = Arc::new(Schema::new(vec![Field::new(
        "sensor",
        DataType::Int64,
        true,
    )]));
    let err = read_table(&bytes, Some(schema)).unwrap_err();
    assert!(
        matches!(&err, Error::Mismatch { column, row: 0, .. } if column == "sensor"),
        "{err}"
    );
    // `at` does not fit a byte.
    let schema = Arc::new(Schema::new(vec![Field::new("at", DataType::Int8, true)]));
    let err = read_table(&bytes, Some(schema)).unwrap_err();
    assert!(
        matches!(&err, Error::OutOfRange { value, .. } if value == "1000000"),
        "{err}"
    );
    // Cut short: the runtime's error, with its offset.
    let err = read_table(&bytes[..bytes.len() - 7], None).unwrap_err();
    assert!(
        matches!(&err, Error::Boring(e) if e.kind() == &ErrorKind::Truncated),
        "{err}"
    );
    assert!(err.offset().is_some());
    // Not a table at all.
    let err = read_table(&boring::to_vec(&7u8).unwrap(), None).unwrap_err();
    assert!(matches!(err, Error::NotATable { offset: 0, .. }));
    // A column shorter than the row count.
    let table = Value::Tag(
        boring::ext::COLUMNAR_TAG,
        Value::Array(
            vec![
                Value::Array(vec![Value::from("a")].into()),
                Value::from(3),
                Value::Array(
                    vec![Value::Array(vec![Value::from(1), Value::from(2)].into())].into(),
                ),
            ]
            .into(),
        )
        .into(),
    );
    let bytes = boring::to_vec_with(&table, &Options::from(Profile::Interop)).unwrap();
    let schema = Arc::new(Schema::new(vec![Field::new("a", DataType::Int64, true)]));
    let err = read_table(&bytes, Some(schema)).unwrap_err();
    assert!(
        matches!(
            err,
            Error::RowCount {
                expected: 3,
                found: 2,
                ..
            }
        ),
        "{err}"
    );
    // Types that cannot be merged.
    let mixed = Value::Array(
        vec![
            Value::Map(vec![("a".into(), Value::from(1))].into()),
            Value::Map(vec![("a".into(), Value::from("x"))].into()),
        ]
        .into(),
    );
    let err = read_table(&boring::to_vec(&mixed).unwrap(), None).unwrap_err();
    assert!(matches!(err, Error::Inconsistent { .. }), "{err}");
}

#[test]
fn projection_reads_only_the_fields_asked_for() {
    let bytes = boring::to_vec_with(&readings(), &compact()).unwrap();
    let table = Table::open(&bytes).unwrap();
    let schema = Arc::new(table.infer_schema().unwrap());
    let batch = table.to_batch(&schema, Some(&[2])).unwrap();
    assert_eq!(batch.num_columns(), 1);
    assert_eq!(batch.schema().field(0).name(), "value");
    // No columns at all still counts rows.
    let empty = table.to_batch(&schema, Some(&[])).unwrap();
    assert_eq!(empty.num_rows(), 50);
    // A typed column's bytes are its payload and a few bytes of head.
    let at = table.column_bytes(1).unwrap();
    assert!((50 * 4..50 * 4 + 8).contains(&at), "{at}");
}

#[test]
fn known_column_starts_open_the_same_table() {
    let bytes = boring::to_vec_with(&readings(), &compact()).unwrap();
    let walked = Table::open(&bytes).unwrap();
    let starts = walked.column_starts().unwrap().to_vec();
    assert_eq!(Table::locate_columns(&bytes).unwrap(), Some(starts.clone()));
    let schema = Arc::new(reading_schema());
    let expected = walked.to_batch(&schema, None).unwrap();
    let jumped = Table::open_at(&bytes, &starts).unwrap();
    assert_eq!(
        jumped.to_batch(&schema, Some(&[1, 4])).unwrap(),
        expected.project(&[1, 4]).unwrap()
    );
    for i in 0..starts.len() {
        assert_eq!(jumped.column_bytes(i), walked.column_bytes(i));
    }
    // Starts that are not the table's give errors, not panics.
    assert!(Table::open_at(&bytes, &[bytes.len() + 1; 5]).is_err());
    assert!(Table::open_at(&bytes, &starts[..2]).is_err());
    let shifted: Vec<usize> = starts.iter().map(|s| s + 1).collect();
    if let Ok(table) = Table::open_at(&bytes, &shifted) {
        assert!(table.to_batch(&schema, None).is_err());
    }
    // A table under a stringref namespace is not read in place.
    let stringref = boring::to_vec_with(&readings(), &Options::from(Profile::Compact)).unwrap();
    assert_eq!(Table::locate_columns(&stringref).unwrap(), None);
}

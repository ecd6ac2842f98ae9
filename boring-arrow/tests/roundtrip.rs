//! boring → Arrow → boring over generated tables: every value and every
//! column type survives, and a table the runtime wrote columnar comes back
//! byte for byte.

use std::sync::Arc;

use boring::{Float, Options, Profile, Value};
use boring_arrow::{read_table, write_table, Table};
use proptest::collection::vec;
use proptest::prelude::*;

/// The Compact profile, with or without stringref (sequences are written
/// without; a table under stringref is read whole).
fn compact(stringref: bool) -> Options {
    Options::from(Profile::Compact).stringref(stringref)
}

fn int(i: impl Into<i128>) -> Value {
    Value::Integer(i.into())
}

fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

/// One column of `n` cells, of one of the kinds a table holds.
fn column(n: usize) -> impl Strategy<Value = Vec<Value>> {
    prop_oneof![
        vec(any::<i64>().prop_map(int), n),
        vec((0u16..300).prop_map(int), n),
        vec((-5i8..5).prop_map(int), n),
        vec(any::<f32>().prop_map(|f| Value::Float(Float::F32(f))), n),
        vec(any::<f64>().prop_map(|f| Value::Float(Float::F64(f))), n),
        vec("[a-z]{0,8}".prop_map(|s| text(&s)), n),
        vec(any::<bool>().prop_map(Value::Bool), n),
        vec(vec(any::<u8>(), 0..6).prop_map(Value::Bytes), n),
        vec(
            proptest::option::of(any::<i32>()).prop_map(|o| o.map_or(Value::Null, int)),
            n
        ),
        vec(
            proptest::option::of("[a-z]{0,4}").prop_map(|o| o.map_or(Value::Null, |s| text(&s))),
            n
        ),
        vec(
            (
                any::<i16>(),
                "[a-z]{0,3}",
                proptest::option::of(any::<f64>())
            )
                .prop_map(|(a, b, c)| Value::Map(
                    vec![
                        (text("a"), int(a)),
                        (text("b"), text(&b)),
                        (
                            text("c"),
                            c.map_or(Value::Null, |f| Value::Float(Float::F64(f)))
                        ),
                    ]
                    .into()
                )),
            n
        ),
        vec(
            vec(any::<i32>().prop_map(int), 0..4).prop_map(|v| Value::Array(v.into())),
            n
        ),
        vec(
            proptest::option::of(vec("[a-z]{1,3}".prop_map(|s| text(&s)), 0..3))
                .prop_map(|o| o.map_or(Value::Null, |v| Value::Array(v.into()))),
            n
        ),
        vec(
            [any::<i16>(), any::<i16>(), any::<i16>()]
                .prop_map(|a| Value::Array(a.map(int).to_vec().into())),
            n
        ),
    ]
}

/// A table of 1 to 12 rows and 1 to 6 columns, as an array of maps.
fn table() -> impl Strategy<Value = Value> {
    (1usize..12, 1usize..6)
        .prop_flat_map(|(n, width)| vec(column(n), width))
        .prop_map(|columns| {
            let n = columns[0].len();
            let rows = (0..n)
                .map(|r| {
                    let entries = columns
                        .iter()
                        .enumerate()
                        .map(|(c, cells)| (text(&format!("c{c}")), cells[r].clone()))
                        .collect::<Vec<_>>();
                    Value::Map(entries.into())
                })
                .collect::<Vec<_>>();
            Value::Array(rows.into())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn boring_arrow_boring_keeps_values_and_types(rows in table(), stringref in any::<bool>()) {
        let first = boring::to_vec_with(&rows, &compact(stringref)).unwrap();
        let batch = read_table(&first, None).unwrap();
        let second = write_table(&batch, &compact(stringref)).unwrap();

        // Every value.
        let a: Value = boring::from_slice(&first).unwrap();
        let b: Value = boring::from_slice(&second).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(&a, &rows);

        let has_maps = rows
            .as_array()
            .and_then(|r| r.first())
            .and_then(Value::as_map)
            .is_some_and(|m| m.iter().any(|(_, v)| matches!(v, Value::Map(_))));

        // Every column type, as inferred from either encoding. (Under
        // stringref a table with a nested table is read expanded, its
        // grids as lists: the runtime does not keep such a table unexpanded.)
        let schema_a = Table::open(&first).unwrap().infer_schema().unwrap();
        let schema_b = Table::open(&second).unwrap().infer_schema().unwrap();
        if !(stringref && has_maps) {
            prop_assert_eq!(&schema_a, &schema_b);
        }
        let schema = batch.schema();
        prop_assert_eq!(schema.as_ref(), &schema_a);

        // A table the runtime wrote columnar: the same bytes, so every
        // column has the same wire type. (A column of maps is the one
        // exception: the `Value` writer writes each map on its own, ours a
        // nested table, as the derive writer does for a column of records.)
        let columnar = first[..3] == [0xd9, 0x9a, 0xe5]
            || first[..6] == [0xd9, 0x01, 0x00, 0xd9, 0x9a, 0xe5];
        if columnar && !has_maps {
            prop_assert_eq!(&first, &second);
        }

        // Read again with the schema: the same batch.
        let again = read_table(&second, Some(Arc::new(schema_a))).unwrap();
        prop_assert_eq!(&again, &batch);
    }

    #[test]
    fn arrow_boring_arrow_keeps_the_batch(rows in table()) {
        let first = boring::to_vec_with(&rows, &compact(false)).unwrap();
        let batch = read_table(&first, None).unwrap();
        let bytes = write_table(&batch, &Options::default()).unwrap();
        let back = read_table(&bytes, Some(batch.schema())).unwrap();
        prop_assert_eq!(back, batch);
    }
}

//! Derived record vectors as shaped arrays (tag 39649): the writer rules,
//! byte equality with `Value`, the reference's golden vectors, foreign
//! tables, validation, and the matching-header fast path.

use boring::__private::{decode_vec_stats, TableStats};
use boring::{Boring, Error, ErrorKind, Options, PathSegment, Profile, Reader, Value, Writer};
use boring_tests::{hex, load_rows};

#[derive(Boring, Debug, PartialEq, Clone)]
struct Datom {
    e: i64,
    a: String,
    v: String,
    tx: i64,
    added: bool,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Sparse {
    id: u32,
    #[boring(skip_if_none)]
    note: Option<String>,
    #[boring(skip_if_none)]
    score: Option<i64>,
    tag: Option<String>,
}

/// A keyword value (tag 39 over `":name"`), for the reference's vectors.
mod keyword {
    use boring::wire::Sink;
    use boring::{Error, ErrorKind, Reader, Writer};

    pub fn encode<S: Sink>(name: &str, w: &mut Writer<S>) -> Result<(), Error> {
        w.tag(39)?;
        w.str(&format!(":{name}"))
    }

    pub fn decode(r: &mut Reader<'_>) -> Result<String, Error> {
        r.expect_tag(39)?;
        let at = r.position();
        let text = r.str()?;
        match text.strip_prefix(':') {
            Some(name) => Ok(name.to_owned()),
            None => Err(Error::new(
                ErrorKind::Custom("expected a keyword".into()),
                at,
            )),
        }
    }
}

/// The reference's `shaped` golden vector: `[{:e 1 :a :x :v "p"} …]`.
#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(keys = "keyword")]
struct GoldenDatom {
    e: i64,
    #[boring(with = "keyword")]
    a: String,
    v: String,
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(record = "boring.golden/GoldenPoint")]
struct GoldenPoint {
    x: i64,
    y: i64,
}

fn shapes() -> Options {
    Options::default().shapes(true)
}

fn shapes_plain() -> Options {
    Options::default().shapes(true).stringref(false)
}

/// Every option set the equality property is checked under.
fn all_options() -> Vec<Options> {
    let mut out = vec![
        shapes(),
        shapes_plain(),
        Options::default(),
        Options::default().stringref(false),
    ];
    out.extend(
        [
            Profile::Interop,
            Profile::Archival,
            Profile::Canonical,
            Profile::CanonicalRfc7049,
        ]
        .map(Options::from),
    );
    out
}

fn datoms(n: usize) -> Vec<Datom> {
    (0..n)
        .map(|i| Datom {
            e: 1000 + i as i64,
            a: if i % 2 == 0 {
                "user/name".into()
            } else {
                "added".into()
            },
            v: format!("value {i}"),
            tx: 7,
            added: i % 3 != 0,
        })
        .collect()
}

fn sparse_rows() -> Vec<Sparse> {
    vec![
        Sparse {
            id: 1,
            note: None,
            score: Some(5),
            tag: None,
        },
        Sparse {
            id: 2,
            note: Some("n".into()),
            score: None,
            tag: Some("t".into()),
        },
        Sparse {
            id: 3,
            note: None,
            score: None,
            tag: None,
        },
        Sparse {
            id: 4,
            note: Some("m".into()),
            score: Some(-1),
            tag: Some("u".into()),
        },
    ]
}

/// The same data as a `Value` (the maps in the order the derive writes
/// them).
fn as_value<T: boring::Encode + ?Sized>(items: &T) -> Value {
    let plain = boring::to_vec_with(items, &Options::from(Profile::Interop)).unwrap();
    boring::from_slice(&plain).unwrap()
}

fn assert_same_as_value<T: boring::Encode + ?Sized>(items: &T) {
    let value = as_value(items);
    for opts in all_options() {
        let derived = boring::to_vec_with(items, &opts).unwrap();
        let generic = boring::to_vec_with(&value, &opts).unwrap();
        assert_eq!(
            boring_tests::to_hex(&derived),
            boring_tests::to_hex(&generic),
            "derived and Value bytes differ under {opts:?}"
        );
    }
}

#[test]
fn shaped_vector_is_smaller_and_round_trips() {
    let items = datoms(20);
    let plain = boring::to_vec(&items).unwrap();
    let shaped = boring::to_vec_with(&items, &shapes()).unwrap();
    assert!(shaped.len() < plain.len());
    assert_eq!(&shaped[3..6], [0xd9, 0x9a, 0xe1]);
    assert_eq!(boring::from_slice::<Vec<Datom>>(&shaped).unwrap(), items);
    let shaped = boring::to_vec_with(&items, &shapes_plain()).unwrap();
    assert_eq!(&shaped[..3], [0xd9, 0x9a, 0xe1]);
    assert_eq!(boring::from_slice::<Vec<Datom>>(&shaped).unwrap(), items);
}

#[test]
fn derived_bytes_equal_value_bytes() {
    assert_same_as_value(&datoms(2));
    assert_same_as_value(&datoms(9));
    assert_same_as_value(&datoms(1));
    assert_same_as_value(&Vec::<Datom>::new());
    assert_same_as_value(&sparse_rows());
    assert_same_as_value(&sparse_rows()[..2]);
    assert_same_as_value(&std::collections::VecDeque::from(sparse_rows()));
    assert_same_as_value(&[sparse_rows()[2].clone(), sparse_rows()[2].clone()]);
}

#[test]
fn skipped_fields_change_union_order() {
    // Row 0 lacks `note`, so the union is id, score, tag, note: `note`
    // moves behind the fields row 0 has.
    let rows = vec![
        Sparse {
            id: 1,
            note: None,
            score: Some(1),
            tag: None,
        },
        Sparse {
            id: 2,
            note: Some("x".into()),
            score: Some(2),
            tag: None,
        },
        Sparse {
            id: 3,
            note: None,
            score: Some(3),
            tag: None,
        },
    ];
    let bytes = boring::to_vec_with(&rows, &shapes_plain()).unwrap();
    let table: Value =
        boring::from_slice_with(&bytes, &Options::default().expand_shapes(false)).unwrap();
    let (tag, content) = table.as_tag().unwrap();
    assert_eq!(tag, 39649);
    let keys: Vec<&str> = content.as_array().unwrap()[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(keys, ["id", "score", "tag", "note"]);
    assert_eq!(boring::from_slice::<Vec<Sparse>>(&bytes).unwrap(), rows);
    assert_same_as_value(&rows);
}

#[test]
fn density_guard_declines_sparse_tables() {
    // Two rows with disjoint optional keys and nothing shared but `id`
    // and `tag`: still shaped (E − U > 0). One row alone never is.
    let one = vec![sparse_rows()[0].clone()];
    let bytes = boring::to_vec_with(&one, &shapes_plain()).unwrap();
    assert_eq!(bytes[0], 0x81);
}

#[test]
fn golden_shaped_vector_decodes_and_reencodes() {
    let row = load_rows("golden.json")
        .into_iter()
        .find(|r| r.str("label").as_deref() == Some("shaped"))
        .expect("golden vector `shaped`");
    let bytes = row.bytes();
    let items: Vec<GoldenDatom> = boring::from_slice(&bytes).unwrap();
    assert_eq!(
        items,
        [
            GoldenDatom {
                e: 1,
                a: "x".into(),
                v: "p".into()
            },
            GoldenDatom {
                e: 2,
                a: "y".into(),
                v: "q".into()
            },
        ]
    );
    assert_eq!(boring::to_vec_with(&items, &shapes()).unwrap(), bytes);
}

#[test]
fn golden_records_encode_exactly() {
    let golden = |label: &str| {
        load_rows("golden.json")
            .into_iter()
            .find(|r| r.str("label").as_deref() == Some(label))
            .unwrap_or_else(|| panic!("golden vector {label}"))
            .bytes()
    };
    let one = GoldenPoint { x: 3, y: 4 };
    assert_eq!(boring::to_vec(&one).unwrap(), golden("record"));
    assert_eq!(
        boring::from_slice::<GoldenPoint>(&golden("record")).unwrap(),
        one
    );
    let two = vec![GoldenPoint { x: 1, y: 2 }, GoldenPoint { x: 3, y: 4 }];
    assert_eq!(boring::to_vec(&two).unwrap(), golden("record-nested"));
    // Records are never shaped.
    assert_eq!(
        boring::to_vec_with(&two, &shapes()).unwrap(),
        golden("record-nested")
    );
    assert_eq!(
        boring::from_slice::<Vec<GoldenPoint>>(&golden("record-nested")).unwrap(),
        two
    );
}

fn text(s: &str) -> Value {
    Value::Text(s.into())
}

fn table(keys: Vec<Value>, rows: Vec<Vec<Value>>) -> Vec<u8> {
    let rows = rows.into_iter().map(Value::from).collect();
    let content = Value::Array(vec![Value::Array(keys.into()), Value::Array(rows)].into());
    boring::to_vec_with(
        &Value::tag(39649, content),
        &Options::from(Profile::Interop),
    )
    .unwrap()
}

fn decode_sparse(bytes: &[u8]) -> Result<Vec<Sparse>, Error> {
    boring::from_slice(bytes)
}

#[test]
fn foreign_tables_decode_through_a_permutation() {
    let int = Value::Integer;
    // Reordered keys, an unknown column, `undefined`, a short row.
    let bytes = table(
        vec![text("tag"), text("extra"), text("id"), text("score")],
        vec![
            vec![text("a"), int(0), int(1), int(10)],
            vec![Value::Undefined, int(0), int(2)],
            vec![Value::Null, Value::Undefined, int(3), Value::Undefined],
        ],
    );
    let rows = decode_sparse(&bytes).unwrap();
    assert_eq!(
        rows,
        [
            Sparse {
                id: 1,
                note: None,
                score: Some(10),
                tag: Some("a".into())
            },
            Sparse {
                id: 2,
                note: None,
                score: None,
                tag: None
            },
            Sparse {
                id: 3,
                note: None,
                score: None,
                tag: None
            },
        ]
    );
    // Keyword keys for a text-keyed struct, `:name` and bare `name`.
    let bytes = table(
        vec![Value::keyword("id"), Value::tag(39, text("note"))],
        vec![vec![int(4), text("n")], vec![int(5)]],
    );
    let rows = decode_sparse(&bytes).unwrap();
    assert_eq!(
        rows[0],
        Sparse {
            id: 4,
            note: Some("n".into()),
            score: None,
            tag: None
        }
    );
    assert_eq!(rows[1].id, 5);
}

#[test]
fn a_header_that_leaves_field_order_midway_still_maps_every_key() {
    let int = Value::Integer;
    // In order for two keys, then out of order with an unknown key between.
    let bytes = table(
        vec![
            text("id"),
            text("note"),
            text("extra"),
            text("tag"),
            text("score"),
        ],
        vec![vec![int(7), text("n"), int(0), text("t"), int(3)]],
    );
    let rows = decode_sparse(&bytes).unwrap();
    assert_eq!(
        rows,
        [Sparse {
            id: 7,
            note: Some("n".into()),
            score: Some(3),
            tag: Some("t".into())
        }]
    );
    // A prefix of the fields alone: the rest are absent.
    let bytes = table(
        vec![text("id"), text("note")],
        vec![vec![int(8), text("m")]],
    );
    let rows = decode_sparse(&bytes).unwrap();
    assert_eq!(
        (rows[0].id, rows[0].note.as_deref(), rows[0].tag.as_deref()),
        (8, Some("m"), None)
    );
    // A key repeated after the in-order run is still a duplicate.
    let bytes = table(vec![text("id"), text("note"), text("id")], vec![]);
    let err = decode_sparse(&bytes).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::BadTagContent { tag: 39649 },
        "{err}"
    );
}

#[test]
fn missing_required_field_in_a_row_is_typed() {
    let bytes = table(
        vec![text("id"), text("tag")],
        vec![vec![Value::Integer(1)], vec![Value::Undefined, text("t")]],
    );
    let err = decode_sparse(&bytes).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("id"));
    assert_eq!(
        err.path(),
        &[PathSegment::Index(1), PathSegment::Field("id")]
    );
}

#[test]
fn invalid_tables_are_refused() {
    let int = Value::Integer;
    let bad = |bytes: Vec<u8>| {
        let err = decode_sparse(&bytes).unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::BadTagContent { tag: 39649 },
            "{err}"
        );
    };
    bad(table(vec![], vec![]));
    bad(table(vec![text("id"), text("id")], vec![]));
    bad(table(vec![text("x"), text("x")], vec![]));
    bad(table(vec![text("id")], vec![vec![int(1), int(2)]]));
    let three = Value::Array(
        vec![
            Value::Array(vec![text("id")].into()),
            Value::Array(vec![].into()),
            Value::Null,
        ]
        .into(),
    );
    bad(boring::to_vec_with(&Value::tag(39649, three), &Options::from(Profile::Interop)).unwrap());
    let not_rows = Value::Array(
        vec![
            Value::Array(vec![text("id")].into()),
            Value::Array(vec![int(1)].into()),
        ]
        .into(),
    );
    bad(boring::to_vec_with(
        &Value::tag(39649, not_rows),
        &Options::from(Profile::Interop),
    )
    .unwrap());
}

#[test]
fn stringref_documents_decode_on_the_fast_path() {
    // `a` values repeat key texts, so rows hold references to literals the
    // header registered: the fast path must still read them.
    let items = datoms(6);
    let bytes = boring::to_vec_with(&items, &shapes()).unwrap();
    assert!(
        bytes.windows(2).any(|w| w == [0xd8, 0x19]),
        "expected stringrefs"
    );
    assert_eq!(boring::from_slice::<Vec<Datom>>(&bytes).unwrap(), items);
    let sparse = sparse_rows();
    let bytes = boring::to_vec_with(&sparse, &shapes()).unwrap();
    assert_eq!(boring::from_slice::<Vec<Sparse>>(&bytes).unwrap(), sparse);
}

#[derive(Boring, Debug, PartialEq)]
struct Cell {
    alpha: u32,
    gamma: u32,
}

#[derive(Boring, Debug, PartialEq)]
struct Holder {
    cells: Vec<Cell>,
    more: Vec<Cell>,
}

fn holder(cells: (u32, u32), more: (u32, u32)) -> Holder {
    let cell = |(alpha, gamma)| Cell { alpha, gamma };
    Holder {
        cells: vec![cell(cells)],
        more: vec![cell(more)],
    }
}

#[test]
fn repeated_table_headers_read_by_their_bytes_mean_what_they_meant() {
    // Keys: "cells" 0, "alpha" 1, "gamma" 2, "more" 3 in each namespace.
    // The header `[d8 19 01, d8 19 02]` recurs; a reader that takes a
    // header equal to one already matched as that match must do so only
    // while the references mean the same keys.
    let one_namespace = hex(concat!(
        "d90100 83",
        // {"cells": [["alpha", "gamma"], [[1, 2]]], "more": [[#1, #2], [[3, 4]]]}
        "a2 6563656c6c73 d99ae1 82 82 65616c706861 6567616d6d61 81 820102",
        "   646d6f7265 d99ae1 82 82 d81901 d81902 81 820304",
        // {#0: [[#1, #2], [[5, 6]]], #3: columns [[#1, #2], 1, [[7], [8]]]}
        "a2 d81900 d99ae1 82 82 d81901 d81902 81 820506",
        "   d81903 d99ae5 83 82 d81901 d81902 01 82 8107 8108",
        // {#0: [[#2, #1], [[9, 10]]], #3: [[#1, #2], [[11, 12]]]}
        "a2 d81900 d99ae1 82 82 d81902 d81901 81 82090a",
        "   d81903 d99ae1 82 82 d81901 d81902 81 820b0c",
    ));
    assert_eq!(
        boring::from_slice::<Vec<Holder>>(&one_namespace).unwrap(),
        [
            holder((1, 2), (3, 4)),
            holder((5, 6), (7, 8)),
            holder((10, 9), (11, 12))
        ]
    );
    // Two namespaces: in the second, #1 is "gamma" and #2 "alpha", so the
    // same header bytes name the fields the other way round.
    let two_namespaces = hex(concat!(
        "82",
        "d90100 a2 6563656c6c73 d99ae1 82 82 65616c706861 6567616d6d61 81 820102",
        "          646d6f7265 d99ae1 82 82 d81901 d81902 81 820304",
        "d90100 a2 6563656c6c73 d99ae1 82 82 6567616d6d61 65616c706861 81 820506",
        "          646d6f7265 d99ae1 82 82 d81901 d81902 81 820708",
    ));
    assert_eq!(
        boring::from_slice::<Vec<Holder>>(&two_namespaces).unwrap(),
        [holder((1, 2), (3, 4)), holder((6, 5), (8, 7))]
    );
    // A header of literals registers them each time it is read (here in
    // columnar tables, whose headers are always matched key by key): the
    // second holder's literals are #6 and #7, which its last header names.
    let literals_again = hex(concat!(
        "d90100 82",
        "a2 6563656c6c73 d99ae1 82 82 65616c706861 6567616d6d61 81 820102",
        "   646d6f7265 d99ae5 83 82 65616c706861 6567616d6d61 01 82 8103 8104",
        "a2 d81900 d99ae5 83 82 65616c706861 6567616d6d61 01 82 8105 8106",
        "   d81903 d99ae1 82 82 d81907 d81906 81 820708",
    ));
    assert_eq!(
        boring::from_slice::<Vec<Holder>>(&literals_again).unwrap(),
        [holder((1, 2), (3, 4)), holder((5, 6), (8, 7))]
    );
}

fn stats(bytes: &[u8]) -> TableStats {
    let mut r = Reader::new(bytes);
    let (_, stats): (Vec<Datom>, _) = decode_vec_stats(&mut r).unwrap();
    stats
}

#[test]
fn matching_header_does_no_key_work() {
    for n in [2, 500] {
        let bytes = boring::to_vec_with(&datoms(n), &shapes_plain()).unwrap();
        let s = stats(&bytes);
        assert_eq!(
            (s.tables, s.matched_headers, s.key_comparisons, s.rows),
            (1, 1, 0, n)
        );
    }
    // A foreign order pays once per table, whatever the row count.
    let foreign = |n: usize| {
        let keys = ["tx", "e", "a", "v", "added"].map(text).to_vec();
        let rows = (0..n)
            .map(|i| {
                vec![
                    Value::Integer(1),
                    Value::Integer(i as i128),
                    text("a"),
                    text("v"),
                    Value::Bool(true),
                ]
            })
            .collect();
        stats(&table(keys, rows))
    };
    let (few, many) = (foreign(2), foreign(500));
    assert_eq!(few.matched_headers, 0);
    assert!(few.key_comparisons > 0);
    assert_eq!(few.key_comparisons, many.key_comparisons);
    assert_eq!(many.rows, 500);
}

#[test]
fn shaped_writing_reuses_a_writer() {
    let items = datoms(4);
    let mut w = Writer::new(&shapes()).unwrap();
    let first = w.encode(&items).unwrap().to_vec();
    let second = w.encode(&items).unwrap().to_vec();
    assert_eq!(first, second);
    assert_eq!(first, boring::to_vec_with(&items, &shapes()).unwrap());
}

#[test]
fn sorted_profiles_sort_derived_keys() {
    #[derive(Boring, Debug, PartialEq)]
    struct Unsorted {
        zeta: u8,
        a: u8,
        mid: u8,
        #[boring(rename = "aaaaaaaaaaaaaaaaaaaaaaaaa")]
        long: u8,
    }
    let v = Unsorted {
        zeta: 1,
        a: 2,
        mid: 3,
        long: 4,
    };
    for profile in [
        Profile::Archival,
        Profile::Canonical,
        Profile::CanonicalRfc7049,
    ] {
        let opts = Options::from(profile);
        let bytes = boring::to_vec_with(&v, &opts).unwrap();
        assert_eq!(
            bytes,
            boring::to_vec_with(&as_value(&v), &opts).unwrap(),
            "{profile:?}"
        );
        assert_eq!(
            boring::from_slice_with::<Unsorted>(&bytes, &opts).unwrap(),
            v
        );
    }
    let canonical = boring::to_vec_with(&v, &Options::from(Profile::Canonical)).unwrap();
    assert_eq!(&canonical[..3], hex("a46161").as_slice());
}

//! The offset index (`boring/index`): frames byte for byte as the
//! reference writes them, found and checked at the end of a file, ignored
//! when anything about them is off.

use boring::index::{encode_indexed, index_sequence, Frame, IndexOptions};
use boring::{Options, Profile, Value};
use boring_tests::hex;

#[test]
fn a_sealed_sequence_matches_the_reference_example() {
    // WIRE.md §11: the sequence 0..19 written by `write-seq`, 72 bytes.
    let data: Vec<u8> = (0u8..20).collect();
    let frame = index_sequence(&data, IndexOptions::default())
        .unwrap()
        .expect("20 items are indexed");
    let mut file = data.clone();
    file.extend(frame.to_bytes());
    let expected = hex("000102030405060708090a0b0c0d0e0f10111213
         d81b 82 6c 626f72696e672f696e646578 86
           10
           d84e 44 ffffffff
           d84e 44 14000000
           48 02 00 0600 0800 00 10
           41 00
           48 0000000000000014");
    assert_eq!(file, expected);
    assert_eq!(file.len(), 72);
    assert_eq!(Frame::find(&file), Some(frame));
}

#[test]
fn short_sequences_get_no_frame() {
    let data: Vec<u8> = (0u8..3).collect();
    assert_eq!(
        index_sequence(&data, IndexOptions::default()).unwrap(),
        None
    );
    let four: Vec<u8> = (0u8..4).collect();
    let frame = index_sequence(&four, IndexOptions::default())
        .unwrap()
        .expect("4 items");
    assert_eq!(frame.nodes[0].anchors, vec![0]);
    let off = IndexOptions {
        stride: 0,
        ..IndexOptions::default()
    };
    assert_eq!(index_sequence(&four, off).unwrap(), None);
}

fn people(n: usize) -> Value {
    Value::Array(
        (0..n)
            .map(|i| {
                Value::Map(
                    vec![
                        (Value::keyword("name"), Value::from(format!("person-{i}"))),
                        (Value::keyword("kind"), Value::from("person")),
                        (Value::keyword("id"), Value::from(i as i64)),
                    ]
                    .into(),
                )
            })
            .collect(),
    )
}

#[test]
fn a_large_array_is_indexed_at_the_stride() {
    let v = people(40);
    let bytes = encode_indexed(
        &v,
        &Options::from(Profile::Interop),
        IndexOptions::default(),
    )
    .unwrap();
    let frame = Frame::find(&bytes).expect("indexed");
    assert_eq!(frame.stringrefs, None);
    assert_eq!(frame.nodes.len(), 1);
    let node = &frame.nodes[0];
    assert_eq!((node.offset, node.count), (0, 40));
    // Entries 0, 16 and 32, found by walking the data.
    let data = &bytes[..frame.data_end as usize];
    let root = boring::nav::Cursor::new(data).unwrap();
    let starts: Vec<u64> = [0, 16, 32]
        .iter()
        .map(|&i| root.index(i).unwrap().offset().unwrap() as u64)
        .collect();
    assert_eq!(node.anchors, starts);
    // The data is the plain encoding; the frame decodes as one more item.
    assert_eq!(
        data,
        boring::to_vec_with(&v, &Options::from(Profile::Interop)).unwrap()
    );
}

#[test]
fn a_stringref_value_lists_the_literals_it_refers_to() {
    let v = people(30);
    let bytes = encode_indexed(&v, &Options::default(), IndexOptions::default()).unwrap();
    let frame = Frame::find(&bytes).expect("indexed");
    assert_eq!(frame.nodes[0].offset, 3, "after the namespace tag");
    let table = frame.stringrefs.clone().expect("a namespace is open");
    // `:name`, `:kind`, `"person"` and `:id` are referenced (index 1 is
    // `"person-0"`, never repeated); each pointer is the head of its
    // literal.
    assert_eq!(
        table.iter().map(|p| p.0).collect::<Vec<_>>(),
        vec![0, 2, 3, 4]
    );
    let literal = |at: u64| {
        let c = boring::nav::Cursor::new(&bytes[at as usize..]).unwrap();
        c.as_str().unwrap().to_owned()
    };
    let texts: Vec<String> = table.iter().map(|&(_, at)| literal(at)).collect();
    assert_eq!(texts, [":name", ":kind", "person", ":id"]);
}

#[test]
fn small_values_without_containers_to_index_are_plain() {
    let v = Value::Array(vec![Value::from("abc"), Value::from("abc")].into());
    let bytes = encode_indexed(&v, &Options::default(), IndexOptions::default()).unwrap();
    assert_eq!(bytes, hex("82 63616263 63616263"));
}

#[test]
fn a_frame_that_fails_a_check_is_no_frame() {
    let data: Vec<u8> = (0u8..20).collect();
    let frame = index_sequence(&data, IndexOptions::default())
        .unwrap()
        .unwrap();
    let mut file = data.clone();
    file.extend(frame.to_bytes());
    // Data-end pointing elsewhere, a damaged name, a missing item, a
    // trailing byte: each makes the file an unindexed sequence.
    let mut moved = file.clone();
    let n = moved.len();
    moved[n - 1] = 0x13;
    assert_eq!(Frame::find(&moved), None);
    let mut renamed = file.clone();
    renamed[25] = b'X';
    assert_eq!(Frame::find(&renamed), None);
    let mut short = file.clone();
    short.remove(5);
    assert_eq!(Frame::find(&short), None);
    let mut longer = file.clone();
    longer.push(0);
    assert_eq!(Frame::find(&longer), None);
    assert_eq!(Frame::find(&[]), None);
}

use boring::nav::{Indexed, Key};
use proptest::prelude::*;

#[test]
fn an_indexed_file_jumps_and_resolves_stringrefs() {
    let v = people(100);
    let file = encode_indexed(&v, &Options::default(), IndexOptions::default()).unwrap();
    let indexed = Indexed::new(&file);
    assert!(indexed.frame().is_some());
    let root = indexed.root().unwrap();
    let person = root.index(57).unwrap();
    // `:kind` and `"person"` are stringrefs here, resolved through the
    // frame's literal table.
    assert_eq!(
        person.get(Key::keyword("kind")).unwrap().as_str().unwrap(),
        "person"
    );
    assert_eq!(
        person.get(Key::keyword("id")).unwrap().as_i64().unwrap(),
        57
    );
    assert_eq!(root.to_value().unwrap(), v);
    // The same bytes without their frame refuse the references.
    let bare = boring::nav::Cursor::new(indexed.data()).unwrap();
    let err = bare
        .index(57)
        .unwrap()
        .get(Key::keyword("kind"))
        .unwrap_err();
    assert_eq!(err.kind(), &boring::ErrorKind::BadStringref);
}

#[test]
fn a_sorted_map_is_searched_through_its_anchors() {
    let v = Value::Map(
        (0..200)
            .map(|i| (Value::from(i * 3), Value::from(format!("value number {i}"))))
            .collect(),
    );
    let opts = Options::from(Profile::Canonical);
    let file = encode_indexed(&v, &opts, IndexOptions::default()).unwrap();
    let indexed = Indexed::new(&file);
    let frame = indexed.frame().expect("indexed");
    assert!(frame.nodes[0].sorted);
    let root = indexed.root().unwrap();
    for i in [0i64, 1, 15, 16, 17, 100, 199] {
        let found = root.get(i * 3).unwrap();
        assert_eq!(found.as_str().unwrap(), format!("value number {i}"));
        assert!(root.find(&Key::Int(i * 3 + 1)).unwrap().is_none());
    }
}

#[test]
fn sequence_items_are_reached_by_number() {
    let mut data = Vec::new();
    for i in 0..1000u32 {
        data.extend(
            boring::to_vec_with(&format!("item {i}"), &Options::from(Profile::Interop)).unwrap(),
        );
    }
    let frame = index_sequence(&data, IndexOptions::default())
        .unwrap()
        .unwrap();
    let mut file = data.clone();
    file.extend(frame.to_bytes());
    let indexed = Indexed::new(&file);
    assert_eq!(indexed.len().unwrap(), 1000);
    for i in [0, 1, 15, 16, 999] {
        assert_eq!(
            indexed.item(i).unwrap().as_str().unwrap(),
            format!("item {i}")
        );
    }
    assert!(indexed.item(1000).is_err());
    // Without the frame the answers are the same, by walking.
    let bare = Indexed::new(&data);
    assert!(bare.frame().is_none());
    assert_eq!(bare.len().unwrap(), 1000);
    assert_eq!(bare.item(999).unwrap().as_str().unwrap(), "item 999");
}

/// A map of the entries whose text key was not seen before.
fn text_keyed(entries: Vec<(String, Value)>) -> Value {
    let mut seen = std::collections::BTreeSet::new();
    Value::Map(
        entries
            .into_iter()
            .filter(|(k, _)| seen.insert(k.clone()))
            .map(|(k, v)| (Value::from(k), v))
            .collect(),
    )
}

/// Large containers of small records, so that containers are kept, and
/// nested ones around them.
fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::from),
        "[a-z]{3,6}".prop_map(Value::from),
        Just(Value::Null),
    ];
    let record = prop::collection::vec(("[a-f]{1,2}", leaf.clone()), 1..6).prop_map(text_keyed);
    let big = prop::collection::vec(record, 10..80).prop_map(Value::from);
    let leaf = prop_oneof![leaf, big];
    leaf.prop_recursive(3, 400, 40, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..40).prop_map(Value::from),
            prop::collection::vec(("[a-f]{1,3}", inner), 0..30).prop_map(text_keyed),
        ]
    })
}

fn same_answers(cursor: boring::nav::Cursor<'_>, here: &Value) -> Result<(), TestCaseError> {
    prop_assert_eq!(&cursor.to_value().unwrap(), here);
    match here {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                same_answers(cursor.index(i).unwrap(), item)?;
            }
        }
        Value::Map(entries) => {
            for (k, v) in entries {
                same_answers(cursor.get(k.as_str().unwrap()).unwrap(), v)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A stringref that is the last item of the namespace's array still
/// resolves through the index: its tag's content belongs to the array, so
/// the index keeps the namespace's table until that content is read.
#[test]
fn a_reference_that_ends_the_namespace_resolves() {
    let rows: Vec<Value> = (0..60)
        .map(|i| {
            text_keyed(vec![
                ("n".into(), Value::from(i)),
                ("m".into(), Value::Null),
            ])
        })
        .collect();
    // Long enough that the file keeps stringref rather than the plain
    // bytes (the smaller of the two is kept).
    let long = "repeated ".repeat(100);
    let doc = Value::from(vec![
        Value::from(long.as_str()),
        Value::from(rows),
        Value::from(long.as_str()),
    ]);
    let index = IndexOptions {
        stride: 1,
        index_min: 2,
    };
    let file = encode_indexed(&doc, &Options::default(), index).unwrap();
    let indexed = Indexed::new(&file);
    // The second text is a reference, and the last bytes of the data.
    assert!(indexed.data().ends_with(&[0xd8, 0x19, 0x00]));
    let frame = indexed.frame().expect("the rows are indexed");
    assert_eq!(frame.stringrefs.as_deref(), Some(&[(0, 4)][..]));
    let root = indexed.root().unwrap();
    assert_eq!(root.index(2).unwrap().as_str().unwrap(), long);
    same_answers(root, &doc).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn indexed_answers_equal_decoded_answers(doc in document(), stride in 1u32..20) {
        for opts in [Options::default(), Options::from(Profile::Canonical), Options::from(Profile::Interop)] {
            let index = IndexOptions { stride, index_min: 2 };
            let file = encode_indexed(&doc, &opts, index).unwrap();
            let decoded: Value = boring::from_slice(Indexed::new(&file).data()).unwrap();
            let indexed = Indexed::new(&file);
            let found = Frame::find(&file);
            prop_assert_eq!(found.as_ref(), indexed.frame());
            same_answers(indexed.root().unwrap(), &decoded)?;
        }
    }
}

/// The reference's stride log: 200 000 maps `{"n" i, "msg" "event <i>",
/// "lvl" "info", "ok" (i even)}` written as a sequence without stringref
/// (PERF_REFERENCE.md §2, sizes marked exact).
fn stride_log(stride: u32) -> Vec<u8> {
    let index = IndexOptions {
        stride,
        index_min: 4,
    };
    let mut w = boring::seq::SeqWriter::new(Vec::new(), &Options::default())
        .unwrap()
        .index(index);
    for i in 0..200_000 {
        w.write(&boring_schemas::values::stride_log_item(i))
            .unwrap();
    }
    w.finish().unwrap()
}

#[test]
fn the_stride_log_has_the_reference_sizes() {
    const DATA: usize = 7_357_538;
    for (stride, index_bytes) in [
        (1, 200_058),
        (8, 50_052),
        (16, 25_052),
        (64, 6_303),
        (256, 1_618),
    ] {
        let file = stride_log(stride);
        let frame = Frame::find(&file).expect("sealed");
        assert_eq!(frame.data_end as usize, DATA);
        assert_eq!(file.len() - DATA, index_bytes, "stride {stride}");
        let indexed = Indexed::new(&file);
        let last = indexed.item(199_999).unwrap();
        assert_eq!(last.get("msg").unwrap().as_str().unwrap(), "event 199999");
    }
}

#[test]
fn the_capability_table_seals_to_the_reference_sizes() {
    // PERF_REFERENCE.md §2, "navigable table sizes", marked exact.
    let table = boring_schemas::values::datom_maps(200);
    let plain = Options::default().stringref(false);
    for (options, size) in [
        (plain.clone(), 12_613),
        (Options::default(), 10_037),
        (plain.shapes(true), 6_648),
        (Options::default().shapes(true), 5_063),
    ] {
        let sealed = encode_indexed(&table, &options, IndexOptions::default()).unwrap();
        assert_eq!(sealed.len(), size, "{options:?}");
        assert!(Frame::find(&sealed).is_some());
    }
    let big = encode_indexed(
        &boring_schemas::values::datom_maps(5_000),
        &Options::default().shapes(true),
        IndexOptions::default(),
    )
    .unwrap();
    assert_eq!(big.len(), 134_465);
}

#[test]
fn the_index_min_example_has_the_reference_sizes() {
    // 100 maps {:k0 0, …, :k39 39} written as a sequence: no 40-entry
    // unsorted map passes the keep rule, so only the items are indexed.
    let item = Value::Map(
        (0..40)
            .map(|k| (Value::keyword(&format!("k{k}")), Value::from(k as i64)))
            .collect(),
    );
    for (index_min, size) in [(4, 32_864), (41, 32_864)] {
        let mut w = boring::seq::SeqWriter::new(Vec::new(), &Options::default())
            .unwrap()
            .index(IndexOptions {
                stride: 16,
                index_min,
            });
        for _ in 0..100 {
            w.write(&item).unwrap();
        }
        let file = w.finish().unwrap();
        assert_eq!(Frame::find(&file).unwrap().data_end, 32_800);
        assert_eq!(file.len(), size, "index-min {index_min}");
    }
}

//! Robustness of the decoder against truncated, corrupted, deeply nested and
//! oversized input, plus the stringref reader and writer rules of WIRE.md §6.

use std::thread;

use boring::wire::Head;
use boring::{Decode, ErrorKind, Options, Profile, Reader, Value};
use boring_tests::{all_vectors, fuzz_decode_value, head, hex, to_hex, Vector};

fn valid_vectors() -> Vec<Vector> {
    all_vectors().into_iter().filter(|v| v.valid).collect()
}

fn kind_of(bytes: &[u8]) -> Option<ErrorKind> {
    boring::from_slice::<Value>(bytes)
        .err()
        .map(|e| e.kind().clone())
}

fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

fn array(items: Vec<Value>) -> Value {
    Value::Array(items.into())
}

fn text_item(s: &str) -> Vec<u8> {
    [head(0x60, s.len() as u64), s.as_bytes().to_vec()].concat()
}

fn reference(index: u64) -> Vec<u8> {
    [vec![0xd8, 0x19], head(0x00, index)].concat()
}

/// A stringref document: `d9 0100` around an array of pre-encoded items.
fn namespace_array(items: &[Vec<u8>]) -> Vec<u8> {
    let mut out = vec![0xd9, 0x01, 0x00];
    out.extend(head(0x80, items.len() as u64));
    for item in items {
        out.extend_from_slice(item);
    }
    out
}

// ----- conformance vectors -------------------------------------------------

#[test]
fn valid_vectors_decode() {
    for v in valid_vectors() {
        if let Err(e) = boring::from_slice::<Value>(&v.bytes) {
            panic!("{} ({}) does not decode: {e}", v.name, to_hex(&v.bytes));
        }
    }
}

#[test]
fn every_proper_prefix_of_a_valid_vector_is_truncated_or_bad_count() {
    for v in valid_vectors() {
        for end in 0..v.bytes.len() {
            let prefix = &v.bytes[..end];
            match kind_of(prefix) {
                Some(ErrorKind::Truncated | ErrorKind::BadCount) => {}
                other => panic!(
                    "{}: prefix {} gave {other:?}, expected Truncated or BadCount",
                    v.name,
                    to_hex(prefix)
                ),
            }
            let mut r = Reader::new(prefix);
            match r.skip().map_err(|e| e.kind().clone()) {
                Err(ErrorKind::Truncated | ErrorKind::BadCount) => {}
                other => panic!(
                    "{}: skip over prefix {} gave {other:?}",
                    v.name,
                    to_hex(prefix)
                ),
            }
        }
    }
}

#[test]
fn conformance_vectors_pass_the_fuzz_checks() {
    for v in all_vectors() {
        fuzz_decode_value(&v.bytes);
    }
}

/// Every proper prefix and every single-byte overwrite of every vector of
/// `source` passes the fuzz checks: decoding and `Reader::skip` return
/// without panicking and agree with each other.
fn overwrite_all(source: &str) {
    let vectors: Vec<Vector> = all_vectors()
        .into_iter()
        .filter(|v| v.name.starts_with(source))
        .collect();
    assert!(!vectors.is_empty(), "no vectors from {source}");
    for v in vectors {
        for end in 0..v.bytes.len() {
            fuzz_decode_value(&v.bytes[..end]);
        }
        let mut mutated = v.bytes.clone();
        for offset in overwrite_offsets(mutated.len()) {
            let original = mutated[offset];
            for byte in 0..=255u8 {
                mutated[offset] = byte;
                fuzz_decode_value(&mutated);
            }
            mutated[offset] = original;
        }
    }
}

/// Every offset of vectors up to 128 bytes. The one longer vector (512
/// nested one-element arrays, where each decode walks hundreds of levels)
/// repeats one byte, so its ends and every eighth offset between them
/// cover the distinct positions while keeping debug builds fast.
fn overwrite_offsets(len: usize) -> Vec<usize> {
    if len <= 128 {
        return (0..len).collect();
    }
    (0..len)
        .filter(|&i| i < 64 || i >= len - 64 || i % 8 == 0)
        .collect()
}

#[test]
fn overwrites_of_appendix_a_vectors() {
    overwrite_all("appendix_a#");
}

#[test]
fn overwrites_of_appendix_f_vectors() {
    overwrite_all("appendix_f#");
}

#[test]
fn overwrites_of_not_well_formed_vectors() {
    overwrite_all("not_well_formed#");
}

#[test]
fn overwrites_of_golden_vectors() {
    overwrite_all("golden#");
}

// ----- depth ---------------------------------------------------------------

/// Runs `f` on a thread with a 256 KiB stack, re-raising its panic.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    let handle = thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("spawn a test thread");
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

/// `levels` nested containers of one kind around a final `0`.
fn nested(levels: usize, open: &[u8]) -> Vec<u8> {
    let mut out = open.repeat(levels);
    out.push(0x00);
    out
}

const ARRAY: &[u8] = &[0x81];
const MAP: &[u8] = &[0xa1, 0x00];
/// Tag 61000, which has no content rules.
const TAG: &[u8] = &[0xd9, 0xee, 0x48];

#[test]
fn every_value_path_takes_a_thousand_levels_on_a_small_stack() {
    on_small_stack(|| {
        for open in [ARRAY, MAP, TAG] {
            let bytes = nested(1000, open);
            let value: Value = boring::from_slice(&bytes).expect("1000 levels decode");
            let twin: Value = boring::from_slice(&bytes).expect("1000 levels decode");
            assert_eq!(value, twin);
            let (before, after) = match open {
                ARRAY => ("Array([", "])"),
                MAP => ("Map([(Integer(0), ", ")])"),
                _ => ("Tag(61000, ", ")"),
            };
            let debug = [before.repeat(1000), "Integer(0)".into(), after.repeat(1000)].concat();
            assert!(format!("{value:?}") == debug, "Debug output differs");
            assert!(format!("{value:#?}").lines().count() > 2000);

            let interop = boring::to_vec_with(&value, &Options::from(Profile::Interop))
                .expect("1000 levels encode");
            assert!(interop == bytes, "interop re-encode differs");
            let default = boring::to_vec(&value).expect("1000 levels encode");
            assert!(default[..3] == [0xd9, 0x01, 0x00] && default[3..] == bytes[..]);
            let len = boring::encoded_len(&value, &Options::from(Profile::Interop));
            assert_eq!(len.ok(), Some(bytes.len()));

            let mut r = Reader::new(&bytes);
            r.skip().expect("1000 levels skip");
            assert!(r.is_at_end());
            let copy = value.clone();
            assert!(copy == value, "a clone compares unequal");
            boring::diag::diag(&bytes).expect("1000 levels diag");
            boring::diag::dump(&bytes).expect("1000 levels dump");
            drop(value);
            drop(twin);
            drop(copy);
        }
    });
}

#[test]
fn values_built_far_deeper_than_any_decode_drop_on_a_small_stack() {
    on_small_stack(|| {
        // Built by hand, so no depth limit applies: every container kind,
        // alternating, 200 000 levels, dropped as a whole and in parts.
        let mut value = Value::Integer(0);
        for level in 0..=200_000u32 {
            value = match level % 3 {
                0 => Value::Array(vec![value, Value::Null].into()),
                1 => Value::Map(vec![(text("k"), value)].into()),
                _ => Value::tag(61_000, value),
            };
        }
        let Value::Tag(_, content) = value else {
            panic!("the outermost level is a tag")
        };
        let Value::Map(entries) = content.into_inner() else {
            panic!("a map under the tag")
        };
        let mut entries = entries.into_vec();
        let (_, array) = entries.pop().expect("one entry");
        drop(entries);
        drop(array);

        // A chain of tags alone reaches no array or map to unwind it.
        let mut chain = Value::Integer(0);
        for _ in 0..200_000 {
            chain = Value::tag(61_000, chain);
        }
        drop(chain);
    });
}

/// A one-key columnar table whose plain column holds two cells nested
/// `depth` arrays deep.
fn deep_cells(depth: usize) -> Vec<u8> {
    let mut doc = hex("d99ae583 816161 02 81 82");
    for _ in 0..2 {
        doc.extend(nested(depth, ARRAY));
    }
    doc
}

#[test]
fn tables_with_deep_cells_are_checked_and_expanded_on_a_small_stack() {
    on_small_stack(|| {
        // Tag, table, columns and column take four levels.
        let doc = deep_cells(1020);
        let kept = Options::default().expand_shapes(false);
        let table: Value = boring::from_slice_with(&doc, &kept).expect("kept table");
        let rows: Value = boring::from_slice(&doc).expect("expanded table");
        let copy = table.clone();
        assert!(copy == table);
        let interop = Options::from(Profile::Interop);
        assert!(boring::to_vec_with(&table, &interop).ok() == Some(doc.clone()));
        let plain = boring::to_vec_with(&rows, &interop).expect("rows encode");
        let back: Value = boring::from_slice(&plain).expect("rows decode");
        assert!(back == rows);
        assert_eq!(rows.as_array().map(<[Value]>::len), Some(2));
        drop((table, rows, copy));

        // Written back as a columnar table (an integer column makes one
        // typed), the cells sit four levels deeper.
        let rows: Value = boring::from_slice(&deep_cells(1000)).expect("expanded table");
        let rows = Value::Array(
            rows.into_array()
                .expect("rows")
                .into_iter()
                .zip(0..)
                .map(|(row, n)| {
                    let mut entries = row.into_map().expect("a map");
                    entries.push((text("n"), Value::Integer(n)));
                    Value::Map(entries.into())
                })
                .collect(),
        );
        let compact = Options::from(Profile::Compact).stringref(false);
        let table = boring::to_vec_with(&rows, &compact).expect("rows encode as a table");
        assert_eq!(table[..3], [0xd9, 0x9a, 0xe5]);
        let back: Value = boring::from_slice(&table).expect("table decodes");
        assert!(back == rows);

        let deeper = deep_cells(1021);
        for opts in [Options::default(), kept] {
            let err = boring::from_slice_with::<Value>(&deeper, &opts).unwrap_err();
            assert_eq!(*err.kind(), ErrorKind::DepthExceeded);
        }
    });
}

#[test]
fn deep_table_keys_are_copied_into_rows_on_a_small_stack() {
    on_small_stack(|| {
        // 39649([[key], [[0], [1]]]) with a key 1000 arrays deep.
        let mut doc = hex("d99ae182 81");
        doc.extend(nested(1000, ARRAY));
        doc.extend(hex("82 8100 8101"));
        let rows: Value = boring::from_slice(&doc).expect("expanded table");
        let rows = rows.into_array().expect("an array of maps");
        assert_eq!(rows.len(), 2);
        let keys: Vec<&Value> = rows
            .iter()
            .filter_map(|m| m.as_map())
            .map(|m| &m[0].0)
            .collect();
        assert!(keys.len() == 2 && keys[0] == keys[1]);
    });
}

#[test]
fn last_wins_keeps_each_key_at_its_last_position() {
    let opts = Options::default().duplicate_keys(boring::DuplicateKeys::LastWins);
    // {1: 0, 2: 0, 1: 1, 3: 0, 2: 1} -> {1: 1, 3: 0, 2: 1}
    let value: Value = boring::from_slice_with(&hex("a5 0100 0200 0101 0300 0201"), &opts).unwrap();
    let expected: Value = boring::from_slice(&hex("a3 0101 0300 0201")).unwrap();
    assert_eq!(value, expected);
    // A float key equals the same number at another width.
    let value: Value =
        boring::from_slice_with(&hex("a2 f93c00 00 fb3ff0000000000000 01"), &opts).unwrap();
    let expected: Value = boring::from_slice(&hex("a1 fb3ff0000000000000 01")).unwrap();
    assert_eq!(value, expected);
}

#[test]
fn depth_limit_is_1024_levels() {
    on_small_stack(|| {
        for open in [ARRAY, MAP, TAG] {
            let ok = nested(1024, open);
            assert!(boring::from_slice::<Value>(&ok).is_ok());
            assert!(Reader::new(&ok).skip().is_ok());

            let deep = nested(1025, open);
            assert_eq!(kind_of(&deep), Some(ErrorKind::DepthExceeded));
            let skipped = Reader::new(&deep).skip().map_err(|e| e.kind().clone());
            assert_eq!(skipped, Err(ErrorKind::DepthExceeded));
        }
    });
}

#[test]
fn a_top_level_namespace_counts_as_a_level() {
    on_small_stack(|| {
        let within = [&[0xd9, 0x01, 0x00][..], &nested(1023, ARRAY)].concat();
        assert!(boring::from_slice::<Value>(&within).is_ok());
        assert!(Reader::new(&within).skip().is_ok());

        let beyond = [&[0xd9, 0x01, 0x00][..], &nested(1024, ARRAY)].concat();
        assert_eq!(kind_of(&beyond), Some(ErrorKind::DepthExceeded));
        let skipped = Reader::new(&beyond).skip().map_err(|e| e.kind().clone());
        assert_eq!(skipped, Err(ErrorKind::DepthExceeded));
    });
}

#[test]
fn a_stringref_at_the_depth_limit_takes_no_level() {
    on_small_stack(|| {
        // Namespace, 1022 arrays and ["abc", 25(0)]: 1024 levels, and the
        // reference is read as a string, in `skip` as in decoding.
        let mut doc = vec![0xd9, 0x01, 0x00];
        doc.extend(ARRAY.repeat(1022));
        doc.extend(hex("8263616263d81900"));
        assert!(boring::from_slice::<Value>(&doc).is_ok());
        let mut r = Reader::new(&doc);
        assert!(r.skip().is_ok());
        assert!(r.is_at_end());
        fuzz_decode_value(&doc);
    });
}

#[test]
fn configured_depth_limit_applies() {
    let opts = Options::default().max_depth(8);
    assert!(boring::from_slice_with::<Value>(&nested(8, ARRAY), &opts).is_ok());
    let err = boring::from_slice_with::<Value>(&nested(9, ARRAY), &opts).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::DepthExceeded);
}

#[test]
fn encoder_refuses_values_deeper_than_the_limit() {
    on_small_stack(|| {
        let interop = Options::from(Profile::Interop);
        let ok: Value = boring::from_slice(&nested(1024, ARRAY)).expect("decode");
        assert!(boring::to_vec_with(&ok, &interop).is_ok());
        let deeper = array(vec![ok]);
        let err = boring::to_vec_with(&deeper, &interop).unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::DepthExceeded);
    });
}

// ----- counts, trailing bytes, item budget ---------------------------------

#[test]
fn declared_lengths_beyond_the_input_are_bad_count() {
    for case in [
        "9b000042fa42fa42fa42",
        "9b0000000100000000010203",
        "5b8000000000000000010203",
        "7b8000000000000000010203",
        "ba80000000000102",
        "9a7fffffff00",
        "bb7fffffffffffffff00",
        "5a0000001000",
    ] {
        let bytes = hex(case);
        assert_eq!(kind_of(&bytes), Some(ErrorKind::BadCount), "{case}");
        let skipped = Reader::new(&bytes).skip().map_err(|e| e.kind().clone());
        assert_eq!(skipped, Err(ErrorKind::BadCount), "skip {case}");
    }
}

#[test]
fn trailing_bytes_are_reported_at_their_offset() {
    for (case, offset) in [
        ("0102", 1),
        ("83010203ff", 4),
        ("d901006361626300", 7),
        ("9f01ff00", 3),
        ("a0a0", 1),
    ] {
        let bytes = hex(case);
        let err = boring::from_slice::<Value>(&bytes).unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::TrailingBytes, "{case}");
        assert_eq!(err.offset(), Some(offset), "{case}");
        let (_, rest) = boring::take_from_slice::<Value>(&bytes).expect(case);
        assert_eq!(rest, &bytes[offset..], "{case}");
    }
}

#[test]
fn take_from_slice_walks_a_sequence() {
    let bytes = hex("01d901006361626382d81900f6");
    let (first, rest) = boring::take_from_slice::<Value>(&bytes).unwrap();
    assert_eq!(first, Value::Integer(1));
    let (second, rest) = boring::take_from_slice::<Value>(rest).unwrap();
    assert_eq!(second, text("abc"));
    // The namespace of the second item ends with it.
    let err = boring::take_from_slice::<Value>(rest).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::BadStringref);
    assert_eq!(
        boring::take_from_slice::<Value>(&rest[4..]).unwrap().1,
        &[] as &[u8]
    );
}

#[test]
fn item_budget_refuses_larger_inputs() {
    let budget = |n: u64| Options::default().max_items(Some(n));
    // [1, 2, 3]: three elements, plus the array where containers count.
    for case in ["83010203", "9f010203ff"] {
        let bytes = hex(case);
        assert!(boring::from_slice_with::<Value>(&bytes, &budget(4)).is_ok());
        let err = boring::from_slice_with::<Value>(&bytes, &budget(2)).unwrap_err();
        assert_eq!(*err.kind(), ErrorKind::LimitExceeded, "{case}");
    }

    let mut thousand = head(0x80, 1000);
    thousand.extend(std::iter::repeat_n(0u8, 1000));
    assert!(boring::from_slice_with::<Value>(&thousand, &budget(1001)).is_ok());
    let err = boring::from_slice_with::<Value>(&thousand, &budget(10)).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::LimitExceeded);
    assert!(boring::from_slice::<Value>(&thousand).is_ok());

    // Typed decoding spends the same budget.
    let err = boring::from_slice_with::<Vec<u8>>(&thousand, &budget(10)).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::LimitExceeded);
}

#[test]
fn stringref_expansion_is_charged_to_the_budget() {
    // One 1000-byte literal and 500 three-byte references to it: half a
    // megabyte of text from a 2.5 KB document.
    let literal = "x".repeat(1000);
    let mut items = vec![text_item(&literal)];
    items.extend((0..500).map(|_| reference(0)));
    let doc = namespace_array(&items);
    let value: Value = boring::from_slice(&doc).unwrap();
    assert_eq!(value.as_array().map(<[Value]>::len), Some(501));
    let opts = Options::default().max_items(Some(100));
    let err = boring::from_slice_with::<Value>(&doc, &opts).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::LimitExceeded);
}

// ----- stringref reader ----------------------------------------------------

#[test]
fn threshold_counts_utf8_bytes() {
    // "é" is two bytes and never registered; "éa" is three and takes index 0.
    let doc = namespace_array(&[text_item("é"), text_item("éa"), reference(0)]);
    let value: Value = boring::from_slice(&doc).unwrap();
    assert_eq!(value, array(vec![text("é"), text("éa"), text("éa")]));

    let doc = namespace_array(&[text_item("é"), reference(0)]);
    assert_eq!(kind_of(&doc), Some(ErrorKind::BadStringref));
}

/// A literal that exactly meets the threshold at index `i`, distinct for
/// every `i`.
fn minimal_literal(i: usize) -> String {
    match i {
        0..=23 => format!("{i:03}"),
        24..=255 => format!("{i:04}"),
        256..=65_535 => format!("{i:05}"),
        _ => format!("{i:07}"),
    }
}

/// Checks the index boundary at `k`: after `k` registered literals, one a
/// byte too short for index `k` stays unregistered and one long enough takes
/// index `k`.
fn check_boundary(k: usize) {
    let needed = minimal_literal(k).len();
    let mut items: Vec<Vec<u8>> = (0..k).map(|i| text_item(&minimal_literal(i))).collect();
    items.push(reference(k as u64 - 1));
    let short = "s".repeat(needed - 1);
    items.push(text_item(&short));
    let too_far = namespace_array(&[items.clone(), vec![reference(k as u64)]].concat());
    assert_eq!(kind_of(&too_far), Some(ErrorKind::BadStringref), "k = {k}");

    let long = "l".repeat(needed);
    items.push(text_item(&long));
    items.push(reference(k as u64));
    let doc = namespace_array(&items);
    let value: Value = boring::from_slice(&doc).expect("boundary document decodes");
    let elements = value.as_array().expect("an array");
    assert_eq!(elements[k], text(&minimal_literal(k - 1)), "k = {k}");
    assert_eq!(elements[k + 1], text(&short));
    assert_eq!(elements[k + 3], text(&long), "k = {k}");
}

#[test]
fn index_boundary_24() {
    check_boundary(24);
}

#[test]
fn index_boundary_256() {
    check_boundary(256);
}

#[test]
fn index_boundary_65536() {
    check_boundary(65_536);
}

#[test]
fn byte_strings_take_indices() {
    let doc = hex("d90100834501020304056461626364d81901");
    let value: Value = boring::from_slice(&doc).unwrap();
    assert_eq!(
        value,
        array(vec![
            Value::Bytes(vec![1, 2, 3, 4, 5]),
            text("abcd"),
            text("abcd")
        ])
    );
    // A reference to a byte-string entry is that byte string.
    let doc = hex("d901008243010203d81900");
    let value: Value = boring::from_slice(&doc).unwrap();
    assert_eq!(
        value,
        array(vec![
            Value::Bytes(vec![1, 2, 3]),
            Value::Bytes(vec![1, 2, 3])
        ])
    );
}

#[test]
fn references_outside_a_namespace_are_refused() {
    assert_eq!(kind_of(&hex("d81900")), Some(ErrorKind::BadStringref));
    assert_eq!(
        kind_of(&hex("8263616263d81900")),
        Some(ErrorKind::BadStringref)
    );
    let skipped = Reader::new(&hex("d81900")).skip();
    assert!(
        skipped.is_ok(),
        "skip validates structure only: {skipped:?}"
    );
}

#[test]
fn out_of_range_references_are_refused() {
    let doc = namespace_array(&[text_item("abc"), reference(1)]);
    assert_eq!(kind_of(&doc), Some(ErrorKind::BadStringref));
    let doc = namespace_array(&[reference(0)]);
    assert_eq!(kind_of(&doc), Some(ErrorKind::BadStringref));
    let doc = namespace_array(&[text_item("abc"), reference(u64::MAX)]);
    assert_eq!(kind_of(&doc), Some(ErrorKind::BadStringref));
    let skipped = Reader::new(&doc).skip().map_err(|e| e.kind().clone());
    assert_eq!(skipped, Err(ErrorKind::BadStringref));
}

#[test]
fn non_integer_references_are_bad_tag_content() {
    for content in ["63616263", "20", "f6", "80", "fb0000000000000000"] {
        let doc = namespace_array(&[text_item("abc"), [vec![0xd8, 0x19], hex(content)].concat()]);
        assert_eq!(
            kind_of(&doc),
            Some(ErrorKind::BadTagContent { tag: 25 }),
            "25({content})"
        );
        let skipped = Reader::new(&doc).skip().map_err(|e| e.kind().clone());
        assert_eq!(
            skipped,
            Err(ErrorKind::BadTagContent { tag: 25 }),
            "skip 25({content})"
        );
    }
}

#[test]
fn strings_skipped_inside_a_namespace_are_registered() {
    // 256([["abc", {"defg": 1}], 25(0), 25(1)])
    let inner = [
        vec![0x82],
        text_item("abc"),
        vec![0xa1],
        text_item("defg"),
        vec![0x01],
    ]
    .concat();
    let doc = namespace_array(&[inner, reference(0), reference(1)]);
    let mut r = Reader::new(&doc);
    assert_eq!(r.head().unwrap(), Head::Tag(256));
    r.enter_namespace().unwrap();
    let mut seq = r.array().unwrap();
    assert!(seq.next(&mut r).unwrap());
    r.skip().unwrap();
    assert!(seq.next(&mut r).unwrap());
    assert_eq!(Value::decode(&mut r).unwrap(), text("abc"));
    assert!(seq.next(&mut r).unwrap());
    assert_eq!(r.str().unwrap(), "defg");
    assert!(!seq.next(&mut r).unwrap());
    r.leave_namespace();
    assert!(r.is_at_end());
}

#[test]
fn a_namespace_never_leaks_between_calls() {
    let first = namespace_array(&[text_item("abc"), reference(0)]);
    assert!(boring::from_slice::<Value>(&first).is_ok());
    assert_eq!(kind_of(&reference(0)), Some(ErrorKind::BadStringref));
    // Nor into a sibling namespace inside one document.
    let siblings = hex("82d9010063616263d90100d81900");
    assert_eq!(kind_of(&siblings), Some(ErrorKind::BadStringref));
}

#[test]
fn nested_namespaces_shadow_and_restore() {
    // 256(["abc", 256(["xyz", 25(0)]), 25(0)])
    let inner = namespace_array(&[text_item("xyz"), reference(0)]);
    let doc = namespace_array(&[text_item("abc"), inner, reference(0)]);
    let value: Value = boring::from_slice(&doc).unwrap();
    assert_eq!(
        value,
        array(vec![
            text("abc"),
            array(vec![text("xyz"), text("xyz")]),
            text("abc")
        ])
    );
    let mut r = Reader::new(&doc);
    r.skip().unwrap();
    assert!(r.is_at_end());
}

// ----- stringref writer (WIRE.md §6 worked examples) ------------------------

fn assert_writes(value: &Value, expected_hex: &str) {
    let bytes = boring::to_vec(value).unwrap();
    assert_eq!(to_hex(&bytes), expected_hex);
    let back: Value = boring::from_slice(&bytes).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn writer_references_repeated_strings() {
    let value = array(vec![text("abc"), text("abc"), text("wxyz"), text("wxyz")]);
    assert_writes(&value, "d901008463616263d81900647778797ad81901");
}

#[test]
fn writer_counts_byte_strings_in_the_table() {
    let value = array(vec![
        Value::Bytes(vec![1, 2, 3, 4, 5]),
        text("abcd"),
        text("abcd"),
    ]);
    assert_writes(&value, "d90100834501020304056461626364d81901");
}

#[test]
fn writer_applies_the_wider_threshold_after_24_entries() {
    let mut items: Vec<Value> = (0..24).map(|i| text(&format!("{i:03}"))).collect();
    items.extend([text("abc"), text("abc"), text("abcd"), text("abcd")]);
    let mut expected = vec![0xd9, 0x01, 0x00, 0x98, 28];
    for i in 0..24 {
        expected.extend(text_item(&format!("{i:03}")));
    }
    expected.extend(text_item("abc"));
    expected.extend(text_item("abc"));
    expected.extend(text_item("abcd"));
    expected.extend(hex("d8191818"));
    assert_writes(&array(items), &to_hex(&expected));
}

#[test]
fn writer_measures_the_threshold_in_utf8_bytes() {
    let value = array(vec![text("é"), text("é"), text("éa"), text("éa")]);
    assert_writes(&value, "d901008462c3a962c3a963c3a961d81900");
}

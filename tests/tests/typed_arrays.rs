//! RFC 8746 typed arrays: every tag read into Rust numbers with widening and
//! range checks, the narrowest-type choice on write, and the borrowed view.

use boring::ext::typed::TypedSlice;
use boring::{ErrorKind, Options, Value};
use boring_tests::hex;

fn typed(tag: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0xd8, tag, 0x40 | payload.len() as u8];
    out.extend_from_slice(payload);
    out
}

fn typed_on() -> Options {
    Options::default().stringref(false).typed_arrays(true)
}

#[test]
fn every_integer_tag_reads_into_i64() {
    // The values 1 and -2 (or 1 and 254 for unsigned) in each layout.
    let cases: &[(u8, &[u8], [i64; 2])] = &[
        (64, &[1, 254], [1, 254]),
        (68, &[1, 254], [1, 254]),
        (65, &[0, 1, 0, 254], [1, 254]),
        (69, &[1, 0, 254, 0], [1, 254]),
        (66, &[0, 0, 0, 1, 0, 0, 0, 254], [1, 254]),
        (70, &[1, 0, 0, 0, 254, 0, 0, 0], [1, 254]),
        (
            67,
            &[0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 254],
            [1, 254],
        ),
        (
            71,
            &[1, 0, 0, 0, 0, 0, 0, 0, 254, 0, 0, 0, 0, 0, 0, 0],
            [1, 254],
        ),
        (72, &[1, 0xfe], [1, -2]),
        (73, &[0, 1, 0xff, 0xfe], [1, -2]),
        (77, &[1, 0, 0xfe, 0xff], [1, -2]),
        (74, &[0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe], [1, -2]),
        (78, &[1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff], [1, -2]),
        (
            75,
            &[
                0, 0, 0, 0, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
            ],
            [1, -2],
        ),
        (
            79,
            &[
                1, 0, 0, 0, 0, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ],
            [1, -2],
        ),
    ];
    for (tag, payload, expected) in cases {
        let bytes = typed(*tag, payload);
        let got: Vec<i64> = boring::from_slice(&bytes).unwrap_or_else(|e| panic!("tag {tag}: {e}"));
        assert_eq!(got, expected, "tag {tag}");
        // Value keeps the tag and bytes, so re-encoding is byte-identical.
        let value: Value = boring::from_slice(&bytes).expect("decodes as Value");
        let again =
            boring::to_vec_with(&value, &Options::from(boring::Profile::Interop)).expect("encodes");
        assert_eq!(again, bytes, "tag {tag}");
    }
}

#[test]
fn every_float_tag_reads_into_f64() {
    let one_half_be = [0x3c, 0x00, 0xb8, 0x00]; // 1.0, -0.5 as binary16
    let cases: Vec<(u8, Vec<u8>)> = vec![
        (80, one_half_be.to_vec()),
        (84, vec![0x00, 0x3c, 0x00, 0xb8]),
        (81, [1.0f32.to_be_bytes(), (-0.5f32).to_be_bytes()].concat()),
        (85, [1.0f32.to_le_bytes(), (-0.5f32).to_le_bytes()].concat()),
        (82, [1.0f64.to_be_bytes(), (-0.5f64).to_be_bytes()].concat()),
        (86, [1.0f64.to_le_bytes(), (-0.5f64).to_le_bytes()].concat()),
    ];
    for (tag, payload) in cases {
        let got: Vec<f64> =
            boring::from_slice(&typed(tag, &payload)).unwrap_or_else(|e| panic!("tag {tag}: {e}"));
        assert_eq!(got, [1.0, -0.5], "tag {tag}");
    }
    // binary128: 1.0 reads exactly; a value with bits beyond f64 is refused.
    let mut one = [0u8; 16];
    one[14] = 0xff;
    one[15] = 0x3f;
    let mut long = vec![0xd8, 87, 0x50];
    long.extend_from_slice(&one);
    assert_eq!(boring::from_slice::<Vec<f64>>(&long).expect("exact"), [1.0]);
    let mut inexact = one;
    inexact[0] = 1;
    let mut long = vec![0xd8, 87, 0x50];
    long.extend_from_slice(&inexact);
    let err = boring::from_slice::<Vec<f64>>(&long).expect_err("inexact");
    assert_eq!(
        err.kind(),
        &out_of_range("a binary128 element no f64 holds exactly", "f64")
    );
}

#[test]
fn values_that_do_not_fit_are_errors_not_wraps() {
    let err = boring::from_slice::<Vec<u8>>(&typed(69, &[0, 1])).expect_err("256 in u8");
    assert_eq!(err.kind(), &out_of_range("256", "u8"));
    assert_eq!(err.to_string(), "256 is out of range for u8 at byte 0");
    let err = boring::from_slice::<Vec<u32>>(&typed(72, &[0xff])).expect_err("-1 in u32");
    assert_eq!(err.kind(), &out_of_range("-1", "u32"));
    let err = boring::from_slice::<Vec<i64>>(&typed(85, &1.0f32.to_le_bytes()))
        .expect_err("float into int");
    assert_eq!(err.kind(), &out_of_range("1.0", "i64"));
    let err =
        boring::from_slice::<Vec<f32>>(&typed(86, &0.1f64.to_le_bytes())).expect_err("0.1 in f32");
    assert_eq!(err.kind(), &out_of_range("0.1", "f32"));
    // Scalars name the value and the type as well.
    let err = boring::from_slice::<i8>(&[0x18, 0xc8]).expect_err("200 in i8");
    assert_eq!(err.to_string(), "200 is out of range for i8 at byte 0");
    let err = boring::from_slice::<u64>(&[0x20]).expect_err("-1 in u64");
    assert_eq!(err.kind(), &out_of_range("-1", "u64"));
    // A payload that is not a whole number of elements.
    let err = boring::from_slice::<Vec<i32>>(&typed(78, &[1, 2, 3])).expect_err("ragged");
    assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 78 });
    // Widening works into arrays and boxed slices too.
    let arr: [i64; 2] = boring::from_slice(&typed(64, &[7, 9])).expect("array");
    assert_eq!(arr, [7, 9]);
    let boxed: Box<[u16]> = boring::from_slice(&typed(64, &[7, 9])).expect("box");
    assert_eq!(&*boxed, [7, 9]);
}

#[test]
fn narrowest_integer_type_by_actual_values() {
    let cases: Vec<(Vec<i64>, &str)> = vec![
        (vec![0, 255], "d840 42 00ff"),
        (vec![0, 256], "d845 44 0000 0001"),
        (vec![-1, 127], "d848 42 ff7f"),
        (vec![-129, 0], "d84d 44 7fff 0000"),
        (vec![70000, 1], "d846 48 70110100 01000000"),
        (vec![-70000, 1], "d84e 48 90eefeff 01000000"),
        (
            vec![i64::MIN, 0],
            "d84f 50 0000000000000080 0000000000000000",
        ),
    ];
    for (values, expected) in cases {
        let bytes = boring::to_vec_with(&values, &typed_on()).expect("encodes");
        assert_eq!(bytes, hex(expected), "{values:?}");
        let back: Vec<i64> = boring::from_slice(&bytes).expect("decodes");
        assert_eq!(back, values);
    }
    let big = vec![u64::MAX, 0];
    assert_eq!(
        boring::to_vec_with(&big, &typed_on()).expect("encodes"),
        hex("d847 50 ffffffffffffffff 0000000000000000")
    );
    // 128-bit values are typed only when every value fits 64 bits.
    let wide: Vec<i128> = vec![1, i128::from(u64::MAX) + 1];
    let bytes = boring::to_vec_with(&wide, &typed_on()).expect("encodes");
    assert_eq!(bytes[0], 0x82, "plain array");
    assert_eq!(
        boring::from_slice::<Vec<i128>>(&bytes).expect("decodes"),
        wide
    );
    // An empty vector stays a plain empty array.
    let empty: Vec<i32> = Vec::new();
    assert_eq!(
        boring::to_vec_with(&empty, &typed_on()).expect("encodes"),
        [0x80]
    );
}

#[test]
fn floats_are_single_only_when_every_bit_survives() {
    let exact = vec![1.5f64, -0.0, f64::INFINITY];
    let bytes = boring::to_vec_with(&exact, &typed_on()).expect("encodes");
    assert_eq!(&bytes[..3], &[0xd8, 85, 0x4c]);
    let back: Vec<f64> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(
        back.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        exact.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );

    let nan_payload = f64::from_bits(0x7ff8_0000_2000_0000); // fits f32's payload
    let bytes = boring::to_vec_with(&vec![nan_payload], &typed_on()).expect("encodes");
    assert_eq!(&bytes[..3], &[0xd8, 85, 0x44]);
    let back: Vec<f64> = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(back[0].to_bits(), nan_payload.to_bits());

    let inexact = vec![0.1f64, 1.0];
    let bytes = boring::to_vec_with(&inexact, &typed_on()).expect("encodes");
    assert_eq!(&bytes[..3], &[0xd8, 86, 0x50]);
    let lost_payload = vec![f64::from_bits(0x7ff8_0000_0000_0001)];
    let bytes = boring::to_vec_with(&lost_payload, &typed_on()).expect("encodes");
    assert_eq!(bytes[1], 86);

    let singles = vec![0.1f32, 2.5];
    let bytes = boring::to_vec_with(&singles, &typed_on()).expect("encodes");
    assert_eq!(bytes[1], 85);
    assert_eq!(
        boring::from_slice::<Vec<f32>>(&bytes).expect("decodes"),
        singles
    );
}

#[test]
fn plain_arrays_without_the_option() {
    let bytes =
        boring::to_vec_with(&vec![1i32, 2], &Options::default().stringref(false)).expect("encodes");
    assert_eq!(bytes, [0x82, 1, 2]);
    let err = boring::to_vec_with(
        &vec![1i32],
        &Options::from(boring::Profile::Interop).typed_arrays(true),
    )
    .expect_err("interop locks typed arrays off");
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
}

#[test]
fn plain_byte_arrays_write_every_head_across_blocks() {
    // 600 bytes, every value from 0 to 255: more heads than one block of
    // the writer's holds.
    let bytes: Vec<u8> = (0..600).map(|i| (i * 7 % 256) as u8).collect();
    let mut heads = Vec::new();
    for &b in &bytes {
        if b < 24 {
            heads.push(b);
        } else {
            heads.extend([0x18, b]);
        }
    }
    let interop = Options::from(boring::Profile::Interop);
    let written = boring::to_vec_with(&bytes, &interop).expect("encodes");
    assert_eq!(written[..3], [0x99, 0x02, 0x58]);
    assert_eq!(written[3..], heads);
    assert_eq!(
        boring::from_slice::<Vec<u8>>(&written).expect("decodes"),
        bytes
    );
    let fixed: [u8; 5] = [0, 23, 24, 255, 7];
    assert_eq!(
        boring::to_vec_with(&fixed, &interop).expect("encodes"),
        [0x85, 0x00, 0x17, 0x18, 0x18, 0x18, 0xff, 0x07]
    );
    // Where the sink runs out inside a block, the block is refused whole
    // and the error names where it would have started.
    let mut buf = [0u8; 100];
    let mut w = boring::Writer::with_sink(boring::wire::SliceSink::new(&mut buf), &interop)
        .expect("writer");
    let err = w.write(&bytes).expect_err("does not fit");
    assert_eq!(err.kind(), &ErrorKind::BufferFull);
    assert_eq!(err.offset(), Some(3));
}

#[test]
fn typed_slice_reads_in_place() {
    // Unaligned on purpose: the payload starts at an odd offset.
    let bytes = hex("82 00 d84e 48 01000000 feffffff");
    let (first, slice): (u8, TypedSlice<'_, i32>) = boring::from_slice(&bytes).expect("decodes");
    assert_eq!(first, 0);
    assert_eq!(slice.len(), 2);
    assert_eq!(slice.get(1), Some(-2));
    assert_eq!(slice.to_vec(), [1, -2]);
    assert_eq!(slice.iter().sum::<i32>(), -1);
    let big_endian = hex("d84a 48 00000001 fffffffe");
    let slice: TypedSlice<'_, i32> = boring::from_slice(&big_endian).expect("decodes");
    assert_eq!(slice.to_vec(), [1, -2]);
    assert_eq!(
        boring::to_vec_with(&slice, &Options::from(boring::Profile::Interop)).expect("encodes"),
        big_endian
    );
    let err = boring::from_slice::<TypedSlice<'_, i64>>(&hex("d84e 48 01000000 feffffff"))
        .expect_err("width");
    assert!(matches!(err.kind(), ErrorKind::UnexpectedType { .. }));
}

#[test]
fn options_without_none_take_the_numbers_layout() {
    let all_some = vec![Some(1u16), Some(300)];
    let bytes = boring::to_vec_with(&all_some, &typed_on()).expect("encodes");
    assert_eq!(bytes, hex("d845 44 0100 2c01"));
    assert_eq!(
        boring::from_slice::<Vec<Option<u16>>>(&bytes).expect("decodes"),
        all_some
    );
    let with_none = vec![Some(1u16), None];
    let bytes = boring::to_vec_with(&with_none, &typed_on()).expect("encodes");
    assert_eq!(bytes, hex("82 01 f6"));
    assert_eq!(
        boring::from_slice::<Vec<Option<u16>>>(&bytes).expect("decodes"),
        with_none
    );
}

#[test]
fn fixed_size_arrays_take_exactly_their_length() {
    let three: [f32; 3] =
        boring::from_slice(&hex("83 f93c00 fa40000000 fb4008000000000000")).expect("plain array");
    assert_eq!(three, [1.0, 2.0, 3.0]);
    let names: [String; 2] = boring::from_slice(&hex("82 6161 6162")).expect("strings");
    assert_eq!(names, ["a", "b"]);
    for bad in ["82 01 02", "84 01 02 03 04", "9f 01 02 ff"] {
        let err = boring::from_slice::<[u8; 3]>(&hex(bad)).expect_err(bad);
        assert_eq!(err.kind(), &ErrorKind::BadCount, "{bad}");
    }
    let err = boring::from_slice::<[u8; 2]>(&hex("82 01 6161")).expect_err("text");
    assert_eq!(err.path(), [boring::PathSegment::Index(1)]);
    // Under typed arrays a fixed array is written and read as one.
    let bytes = boring::to_vec_with(&[1.5f32, -2.0, 0.25], &typed_on()).expect("encodes");
    assert_eq!(bytes[1], 85);
    assert_eq!(
        boring::from_slice::<[f32; 3]>(&bytes).expect("decodes"),
        [1.5, -2.0, 0.25]
    );
}

/// The kind of an error for `value` not fitting `target`.
fn out_of_range(value: &str, target: &'static str) -> ErrorKind {
    ErrorKind::OutOfRange {
        value: value.into(),
        target,
    }
}

//! Batches (`boring::batch`): many values in one item sharing one string
//! table, read back one value at a time.

use boring::batch::{self, Batch};
use boring::{ErrorKind, Options, PathSegment, Profile, Value};
use boring_schemas::records::StrRecord;
use boring_tests::hex;

fn records(n: i64) -> Vec<StrRecord> {
    (0..n)
        .map(|i| StrRecord {
            id: 100 + i,
            kind: "person".into(),
            name: format!("person-{}", i % 10),
            seq: 536_870_912 + i,
            live: i % 2 == 0,
        })
        .collect()
}

fn read_all<'de, T: boring::Decode<'de>>(bytes: &'de [u8], options: &Options) -> Vec<T> {
    Batch::<T>::new(bytes, options)
        .expect("a batch")
        .collect::<Result<_, _>>()
        .expect("every value decodes")
}

#[test]
fn batches_round_trip_under_every_profile() {
    let rows = records(50);
    for profile in Profile::ALL {
        let options = Options::from(profile);
        let bytes = batch::to_vec(&rows, &options).expect("encodes");
        let back: Vec<StrRecord> = read_all(&bytes, &options);
        assert_eq!(back, rows, "{profile:?}");
        // A batch is an array of the values: it reads as a Vec<T> too.
        let whole: Vec<StrRecord> = boring::from_slice_with(&bytes, &options).expect("a vec");
        assert_eq!(whole, rows, "{profile:?}");
    }
}

#[test]
fn the_string_table_is_shared_across_the_values() {
    let rows = records(50);
    let default = Options::default();
    let together = batch::to_vec(&rows, &default).expect("encodes");
    let alone: usize = rows
        .iter()
        .map(|r| boring::to_vec(r).expect("encodes").len())
        .sum();
    // Keys and "person" are written once for the batch instead of once per
    // record (1 576 bytes against 2 500 for these rows).
    assert!(
        together.len() * 10 < alone * 7,
        "{} vs {alone}",
        together.len()
    );
    // The batch is what the values are as an array, in one namespace.
    let as_values: Vec<Value> = rows
        .iter()
        .map(|r| boring::to_value(r).expect("a value"))
        .collect();
    let expected = boring::to_vec(&Value::Array(as_values.into())).expect("encodes");
    assert_eq!(together, expected);
}

#[test]
fn values_borrow_from_the_input_through_references() {
    #[derive(boring::Boring, Debug, PartialEq)]
    struct Line<'a> {
        level: &'a str,
        text: &'a str,
    }
    let lines: Vec<Line<'_>> = (0..4)
        .map(|_| Line {
            level: "warning",
            text: "disk almost full",
        })
        .collect();
    let bytes = batch::to_vec(&lines, &Options::default()).expect("encodes");
    let back: Vec<Line<'_>> = read_all(&bytes, &Options::default());
    assert_eq!(back, lines);
    let start = bytes.as_ptr_range();
    assert!(back.iter().all(|l| start.contains(&l.text.as_ptr())));
}

#[test]
fn errors_name_the_value_and_end_the_iteration() {
    // 256([1, "x", 3]) read as u8: the second value is the wrong type.
    let bytes = hex("d90100 83 01 6178 03");
    let mut read = Batch::<u8>::new(&bytes, &Options::default()).expect("a batch");
    assert_eq!(read.len(), Some(3));
    assert_eq!(read.next().transpose().expect("first"), Some(1));
    let err = read.next().expect("an item").expect_err("text is not u8");
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
    assert_eq!(err.path(), [PathSegment::Index(1)]);
    assert_eq!(err.offset(), Some(5));
    assert!(read.next().is_none(), "the first error ends the batch");

    // Bytes after the batch are refused once the values are read.
    let bytes = hex("82 01 02 00");
    let mut read = Batch::<u8>::new(&bytes, &Options::default()).expect("a batch");
    assert_eq!(read.next().transpose().expect("1"), Some(1));
    assert_eq!(read.next().transpose().expect("2"), Some(2));
    let err = read.next().expect("the end").expect_err("trailing");
    assert_eq!(err.kind(), &ErrorKind::TrailingBytes);
    assert_eq!(err.offset(), Some(3));

    // Not an array at all.
    let err = Batch::<u8>::new(&hex("a0"), &Options::default()).expect_err("a map");
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
}

#[test]
fn indefinite_arrays_and_plain_arrays_read_as_batches() {
    let bytes = hex("9f 01 02 03 ff");
    let mut read = Batch::<u8>::new(&bytes, &Options::default()).expect("a batch");
    assert_eq!(read.len(), None);
    let values: Vec<u8> = read.by_ref().collect::<Result<_, _>>().expect("values");
    assert_eq!(values, [1, 2, 3]);
    assert!(read.next().is_none());
    assert!(Batch::<u8>::new(&hex("80"), &Options::default())
        .expect("empty")
        .is_empty());
}

#[test]
fn deterministic_batches_are_verified() {
    let strict = Options::from(Profile::Canonical).verify_deterministic(true);
    let bytes = batch::to_vec(&records(3), &Options::from(Profile::Canonical)).expect("encodes");
    assert_eq!(read_all::<StrRecord>(&bytes, &strict).len(), 3);
    // 0x18 0x01 is not the shortest head for 1.
    let err = Batch::<u8>::new(&hex("81 1801"), &strict).expect_err("not shortest");
    assert!(
        matches!(err.kind(), ErrorKind::NotDeterministic { .. }),
        "{err}"
    );
}

#[test]
fn a_kept_writer_encodes_batch_after_batch() {
    let rows = records(10);
    let mut w = boring::Writer::new(&Options::default()).expect("a writer");
    let first = w.encode_batch(&rows).expect("encodes").to_vec();
    let second = w.encode_batch(&rows[..5]).expect("encodes").to_vec();
    assert_eq!(first, batch::to_vec(&rows, &Options::default()).unwrap());
    assert_eq!(
        read_all::<StrRecord>(&second, &Options::default()),
        rows[..5]
    );
}

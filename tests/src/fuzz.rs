//! The derived types the fuzz targets decode into, the targets' bodies, and
//! their seed inputs. The ordinary test suite runs the same bodies over the
//! same seeds, so a check that a fuzzer could break is also a test.

use std::path::Path;

use boring::{Boring, Embedded, Options, Profile};

use crate::{all_vectors, to_hex};

mod json;
mod path;
mod serde;

pub use self::serde::{fuzz_serde, Adjacent, External, Internal, Message, Untagged};
pub use json::fuzz_json;
pub use path::fuzz_path;

/// A record with the field kinds that take different decoding paths:
/// integers, text, optional and skipped-when-absent fields, floats, nested
/// vectors, an enum with every variant form, an untagged enum, embedded
/// CBOR, and a vector of records.
#[derive(Boring, Debug, Clone, PartialEq)]
pub struct Record {
    /// An unsigned integer (a typed column when rows are columns).
    pub id: u64,
    /// Text.
    pub name: String,
    /// A vector of text.
    pub tags: Vec<String>,
    /// An optional float.
    pub score: Option<f64>,
    /// Left out of the map when `None`.
    #[boring(skip_if_none)]
    pub note: Option<String>,
    /// Vectors of vectors of small integers.
    pub grid: Vec<Vec<i16>>,
    /// An enum.
    pub kind: Kind,
    /// Nested records: a table inside a table.
    pub children: Vec<Child>,
    /// An untagged enum, which decodes by trying its variants.
    pub extra: Extra,
    /// A record carried as embedded CBOR in a byte string.
    pub packed: Option<Embedded<Child>>,
}

/// An untagged enum with two variants that read arrays, one of them
/// recursive.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(untagged)]
pub enum Extra {
    /// An integer.
    Number(i64),
    /// An array of text.
    Words(Vec<String>),
    /// An array of the enum.
    Nested(Vec<Extra>),
}

/// Every variant form of an externally tagged enum.
#[derive(Boring, Debug, Clone, PartialEq)]
pub enum Kind {
    /// A unit variant: its name.
    Plain,
    /// A newtype variant.
    Labelled(String),
    /// A tuple variant.
    Pair(i32, i32),
    /// A struct variant.
    Named {
        /// A byte.
        level: u8,
        /// Optional text.
        label: Option<String>,
    },
}

/// A small record nested in [`Record`].
#[derive(Boring, Debug, Clone, PartialEq)]
pub struct Child {
    /// Text.
    pub key: String,
    /// An optional signed integer.
    pub value: Option<i64>,
}

/// The profiles a decoded value is re-encoded under: plain arrays of maps
/// (interop), shaped tables with stringref (default), columns (compact) and
/// sorted keys with shortest floats (canonical).
fn profiles() -> [Profile; 4] {
    [
        Profile::Interop,
        Profile::Default,
        Profile::Compact,
        Profile::Canonical,
    ]
}

/// Decodes `data` as a `T`; when that succeeds, each profile's encoding of
/// it decodes back to a value that the profile writes the same way, and
/// `encoded_len` predicts the length. Under interop, which keeps every
/// float's bits, the value comes back exactly.
///
/// # Panics
///
/// When one of those properties fails; never merely because `data` is
/// malformed.
fn round_trip<T>(data: &[u8])
where
    T: boring::Encode + for<'de> boring::Decode<'de> + std::fmt::Debug,
{
    let Ok(value) = boring::from_slice::<T>(data) else {
        return;
    };
    let exact = Options::from(Profile::Interop);
    let reference = boring::to_vec_with(&value, &exact)
        .unwrap_or_else(|e| panic!("a decoded value failed to encode: {e}"));
    for profile in profiles() {
        let opts = Options::from(profile);
        let bytes = boring::to_vec_with(&value, &opts)
            .unwrap_or_else(|e| panic!("{profile:?}: a decoded value failed to encode: {e}"));
        let len = boring::encoded_len(&value, &opts)
            .unwrap_or_else(|e| panic!("{profile:?}: encoded_len failed: {e}"));
        assert_eq!(len, bytes.len(), "{profile:?}: encoded_len disagrees");
        let back: T = boring::from_slice_with(&bytes, &opts).unwrap_or_else(|e| {
            panic!(
                "{profile:?}: {} does not decode: {e}\nfrom {value:?}",
                to_hex(&bytes)
            )
        });
        let again = boring::to_vec_with(&back, &opts)
            .unwrap_or_else(|e| panic!("{profile:?}: re-encoding failed: {e}"));
        assert!(
            again == bytes,
            "{profile:?}: {} re-encodes as {}",
            to_hex(&bytes),
            to_hex(&again)
        );
        if profile == Profile::Interop {
            assert!(again == reference, "interop changed the value");
        }
    }
}

/// The `decode_record` target's body: see [`round_trip`].
pub fn fuzz_decode_record(data: &[u8]) {
    round_trip::<Record>(data);
}

/// The `decode_records` target's body: a vector of records in any layout
/// (array of maps, shaped table, columns), re-encoded in each; see
/// [`round_trip`].
pub fn fuzz_decode_records(data: &[u8]) {
    round_trip::<Vec<Record>>(data);
}

/// A few records that between them use every field form: absent and
/// present options, each enum variant, empty and nested vectors, floats
/// that narrow and ones that do not.
pub fn sample_records() -> Vec<Record> {
    let kinds = [
        Kind::Plain,
        Kind::Labelled("label".into()),
        Kind::Pair(-1, 70_000),
        Kind::Named {
            level: 3,
            label: None,
        },
        Kind::Named {
            level: 255,
            label: Some("deep".into()),
        },
    ];
    (0..6u64)
        .map(|i| Record {
            id: i * 1000,
            name: format!("record {i}"),
            tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
            score: (i % 2 == 0).then_some(i as f64 * 0.5 + 0.1),
            note: (i % 3 == 1).then(|| "note".to_owned()),
            grid: (0..i % 3)
                .map(|r| (0..r + 1).map(|c| (c as i16) * -7).collect())
                .collect(),
            kind: kinds[i as usize % kinds.len()].clone(),
            children: (0..i % 4)
                .map(|c| Child {
                    key: format!("c{c}"),
                    value: (c % 2 == 0).then_some(c as i64 - 2),
                })
                .collect(),
            extra: match i % 3 {
                0 => Extra::Number(i as i64 - 3),
                1 => Extra::Words(vec!["a".into(), "b".into()]),
                _ => Extra::Nested(vec![Extra::Number(1), Extra::Nested(vec![])]),
            },
            packed: (i % 2 == 1).then(|| {
                Embedded(Child {
                    key: "packed".into(),
                    value: Some(i as i64),
                })
            }),
        })
        .collect()
}

/// The seed inputs of each fuzz target, by target name: every conformance
/// vector for each, and for the record targets the sample records encoded
/// in every profile, alone and as vectors.
pub fn seeds() -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let vectors: Vec<Vec<u8>> = all_vectors().into_iter().map(|v| v.bytes).collect();
    let records = sample_records();
    let mut one = vectors.clone();
    let mut many = vectors.clone();
    for profile in profiles() {
        let opts = Options::from(profile);
        for record in &records {
            one.push(boring::to_vec_with(record, &opts).expect("a sample record encodes"));
        }
        for n in [0, 1, 2, records.len()] {
            let rows = records.get(..n).unwrap_or_default();
            many.push(boring::to_vec_with(rows, &opts).expect("sample records encode"));
        }
    }
    let mut sequences = vectors.clone();
    sequences.push(vectors.concat());
    for stride in [1, 4, 16] {
        let index = boring::index::IndexOptions {
            stride,
            index_min: 1,
        };
        let mut w = boring::seq::SeqWriter::new(Vec::new(), &Options::from(Profile::Interop))
            .expect("interop options")
            .index(index);
        for record in &records {
            w.write(record).expect("a sample record encodes");
        }
        let sealed = w.finish().expect("a sequence into memory");
        sequences.push(sealed);
        let indexed =
            boring::index::encode_indexed(&records, &Options::default(), index).expect("indexed");
        many.push(indexed);
    }
    vec![
        ("decode_value", vectors.clone()),
        ("decode_record", one),
        ("decode_records", many.clone()),
        ("navigate", many),
        ("sequence", sequences),
        ("path", path::seeds()),
        ("json", json::seeds()),
        ("serde", self::serde::seeds()),
    ]
}

/// Writes each target's seeds into `dir/<target>/`, one file per input,
/// named by its index.
///
/// # Errors
///
/// When a directory or file cannot be written.
pub fn write_seeds(dir: &Path) -> std::io::Result<usize> {
    let mut written = 0;
    for (target, inputs) in seeds() {
        let target_dir = dir.join(target);
        std::fs::create_dir_all(&target_dir)?;
        for (i, input) in inputs.iter().enumerate() {
            std::fs::write(target_dir.join(format!("seed-{i:04}")), input)?;
            written += 1;
        }
    }
    Ok(written)
}

/// The navigation target's body: a cursor over arbitrary bytes (and over
/// them read as an indexed file) answers or fails with a typed error,
/// never panics, and where the first item decodes as a `Value` its
/// answers are the decoded ones.
pub fn fuzz_navigate(data: &[u8]) {
    use boring::nav::{Cursor, Indexed};
    use boring::Value;
    if let Ok(root) = Cursor::new(data) {
        visit(root, 200);
        if let (Ok(built), Ok((decoded, _))) =
            (root.to_value(), boring::take_from_slice::<Value>(data))
        {
            assert_eq!(
                built,
                decoded,
                "cursor and decoder disagree on {}",
                to_hex(data)
            );
        }
    }
    let indexed = Indexed::new(data);
    if let Ok(root) = indexed.root() {
        visit(root, 200);
        let _ = indexed.len();
        let _ = indexed.item(3);
    }
}

/// Asks a cursor everything, breadth first, for at most `budget` items.
fn visit(root: boring::nav::Cursor<'_>, budget: usize) {
    let mut queue = std::collections::VecDeque::from([root]);
    let mut seen = 0;
    while let Some(c) = queue.pop_front() {
        seen += 1;
        if seen > budget {
            return;
        }
        let _ = (
            c.kind(),
            c.tags(),
            c.len(),
            c.bytes(),
            c.as_str(),
            c.as_i64(),
            c.as_f64(),
        );
        let _ = c.get("a");
        let _ = c.get(boring::nav::Key::keyword("k"));
        if let Ok(elements) = c.elements() {
            queue.extend(elements.take(8).flatten());
        }
        if let Ok(entries) = c.entries() {
            for (k, v) in entries.take(8).flatten() {
                queue.push_back(k);
                queue.push_back(v);
            }
        }
        let _ = c.index(1);
    }
}

/// The sequence target's body: the memory and stream readers over
/// arbitrary bytes yield the same items and end the same way, and the
/// items they yield are the input's bytes, in order.
pub fn fuzz_sequence(data: &[u8]) {
    use boring::seq::{SeqEnd, SeqReader, SeqStream};
    let mut reader = SeqReader::new(data);
    let items: Vec<&[u8]> = reader
        .by_ref()
        .map(|c| c.bytes().expect("an item has bytes"))
        .collect();
    let end = reader.end().cloned().expect("the reader ended");
    let joined: Vec<u8> = items.concat();
    assert!(data.starts_with(&joined), "items are the input's bytes");
    let kind = |e: &SeqEnd| match e {
        SeqEnd::Clean => 0,
        SeqEnd::Torn { .. } => 1,
        SeqEnd::Corrupt(_) => 2,
        _ => 3,
    };
    let mut stream = SeqStream::with_chunk(data, 7);
    let mut streamed = Vec::new();
    while let Some(item) = stream.next_item() {
        streamed.push(item.to_vec());
    }
    let stream_end = stream.end().cloned().expect("the stream ended");
    // Where a frame is involved they may differ: the reader reads only up
    // to a genuine frame's data end, and the stream, which cannot check a
    // final frame against data it has let go of, may take for a frame an
    // item the reader reads as data. Everywhere else they agree.
    let frame_taken = streamed.len() + 1 == items.len()
        && matches!(stream_end, SeqEnd::Clean)
        && items
            .last()
            .is_some_and(|last| last.starts_with(b"\xd8\x1b\x82\x6cboring/index"));
    if !frame_taken && boring::index::Frame::find(data).is_none() {
        assert_eq!(streamed.len(), items.len(), "stream and reader counts");
        assert_eq!(kind(&stream_end), kind(&end), "stream and reader ends");
    }
    if let (Some(a), Some(b)) = (streamed.first(), items.first()) {
        assert_eq!(a.as_slice(), *b, "the same first item");
    }
}

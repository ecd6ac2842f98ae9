//! Seekable files: zstd's published format, ranges read by decompressing
//! only the chunks that cover them, damage reported as typed errors.

use std::io::{Cursor, Read, Seek, SeekFrom, Write};

use boring_codec::seekable::{compress, SeekableOptions, SeekableReader, SeekableWriter};
use boring_codec::Error;
use proptest::prelude::*;

fn data(n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| (i * 31 % 251) as u8 ^ (i / 1000) as u8)
        .collect()
}

#[test]
fn the_file_is_plain_zstd_to_the_zstd_reader() {
    let bytes = data(100_000);
    let file = compress(&bytes, SeekableOptions::default()).unwrap();
    // Frames, then a skippable frame that a zstd decoder passes over.
    assert_eq!(zstd::decode_all(&file[..]).unwrap(), bytes);
    assert_eq!(file[file.len() - 4..], 0x8F92_EAB1u32.to_le_bytes());
    let reader = SeekableReader::new(Cursor::new(&file)).unwrap();
    assert_eq!(reader.len(), 100_000);
    assert_eq!(reader.chunks().len(), 25);
    assert!(reader.chunks().iter().all(|c| c.checksum.is_some()));
}

#[test]
fn a_range_decompresses_only_the_chunks_that_cover_it() {
    let bytes = data(64 * 1024);
    let options = SeekableOptions {
        chunk_size: 1024,
        level: 3,
    };
    let file = compress(&bytes, options).unwrap();
    let mut reader = SeekableReader::new(Cursor::new(&file))
        .unwrap()
        .with_cache(2);
    // Bytes 5000..7000 lie in chunks 4, 5 and 6.
    assert_eq!(reader.read_range(5000, 2000).unwrap(), bytes[5000..7000]);
    assert_eq!(reader.chunks_decompressed(), 3);
    // Within chunk 6 again: cached.
    assert_eq!(reader.read_range(6500, 100).unwrap(), bytes[6500..6600]);
    assert_eq!(reader.chunks_decompressed(), 3);
    // One byte at the very end, and an empty range.
    assert_eq!(reader.read_range(65535, 1).unwrap(), [bytes[65535]]);
    assert_eq!(reader.chunks_decompressed(), 4);
    assert!(reader.read_range(65535, 0).unwrap().is_empty());
    assert!(matches!(
        reader.read_range(65535, 2),
        Err(Error::Seekable { .. })
    ));
    assert_eq!(reader.chunks_decompressed(), 4);
}

#[test]
fn the_reader_is_a_read_and_seek() {
    let bytes = data(10_000);
    let mut writer = SeekableWriter::new(Vec::new(), SeekableOptions::default()).unwrap();
    for piece in bytes.chunks(333) {
        writer.write_all(piece).unwrap();
    }
    assert_eq!(writer.frames(), 2);
    let file = writer.finish().unwrap();
    let mut reader = SeekableReader::new(Cursor::new(file)).unwrap();
    reader.seek(SeekFrom::Start(4090)).unwrap();
    let mut some = [0u8; 12];
    reader.read_exact(&mut some).unwrap();
    assert_eq!(some, bytes[4090..4102]);
    reader.seek(SeekFrom::End(-5)).unwrap();
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, bytes[9995..]);
    assert!(reader.seek(SeekFrom::Current(-20_000)).is_err());
}

#[test]
fn empty_input_is_a_file_with_no_frames() {
    let file = compress(b"", SeekableOptions::default()).unwrap();
    assert_eq!(file.len(), 17);
    let mut reader = SeekableReader::new(Cursor::new(file)).unwrap();
    assert!(reader.is_empty());
    assert!(reader.read_range(0, 0).unwrap().is_empty());
}

#[test]
fn damage_is_a_typed_error() {
    let bytes = data(20_000);
    let file = compress(&bytes, SeekableOptions::default()).unwrap();
    // Not seekable at all, or cut short.
    for cut in [0, 8, file.len() / 2, file.len() - 1] {
        let err = SeekableReader::new(Cursor::new(&file[..cut])).unwrap_err();
        assert!(matches!(err, Error::Seekable { .. }), "{cut}: {err:?}");
    }
    // A wrong size in the table.
    let mut sizes = file.clone();
    let entry = file.len() - 9 - 5 * 12;
    sizes[entry + 4] ^= 1;
    let mut reader = SeekableReader::new(Cursor::new(sizes)).unwrap();
    assert!(reader.read_range(0, 10).is_err());
    // A damaged frame, and a checksum that disagrees with the frame's.
    let mut frame = file.clone();
    frame[100] ^= 0xFF;
    let mut reader = SeekableReader::new(Cursor::new(frame)).unwrap();
    assert!(matches!(
        reader.read_range(0, 10),
        Err(Error::Seekable { .. })
    ));
    assert_eq!(reader.read_range(8192, 10).unwrap(), bytes[8192..8202]);
    let mut checksum = file.clone();
    checksum[entry + 8] ^= 1;
    let mut reader = SeekableReader::new(Cursor::new(checksum)).unwrap();
    assert!(reader.read_range(0, 10).is_err());
    // Reserved descriptor bits.
    let mut reserved = file;
    let at = reserved.len() - 5;
    reserved[at] |= 0x04;
    assert!(SeekableReader::new(Cursor::new(reserved)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_range_reads_back(
        len in 0usize..20_000,
        chunk in 1usize..3000,
        ranges in prop::collection::vec((any::<prop::sample::Index>(), 0usize..5000), 1..8),
    ) {
        let bytes = data(len);
        let options = SeekableOptions { chunk_size: chunk, level: 1 };
        let file = compress(&bytes, options).unwrap();
        let mut reader = SeekableReader::new(Cursor::new(&file)).unwrap().with_cache(1);
        for (start, n) in ranges {
            if bytes.is_empty() {
                break;
            }
            let start = start.index(bytes.len());
            let n = n.min(bytes.len() - start);
            let before = reader.chunks_decompressed();
            prop_assert_eq!(reader.read_range(start as u64, n).unwrap(), &bytes[start..start + n]);
            // Never more chunks than the range spans.
            let spans = if n == 0 { 0 } else { (start + n - 1) / chunk - start / chunk + 1 };
            prop_assert!(reader.chunks_decompressed() - before <= spans as u64);
        }
    }

    #[test]
    fn any_corruption_is_an_error_or_the_data(
        at in any::<prop::sample::Index>(),
        flip in 1u8..=255,
    ) {
        let bytes = data(9000);
        let mut file = compress(&bytes, SeekableOptions::default()).unwrap();
        let at = at.index(file.len());
        file[at] ^= flip;
        if let Ok(mut reader) = SeekableReader::new(Cursor::new(file)) {
            let len = reader.len().min(9000) as usize;
            if let Ok(read) = reader.read_range(0, len) {
                prop_assert_eq!(&read[..], &bytes[..len]);
            }
        }
    }
}

/// A log of `n` records of varied sizes, as a CBOR sequence: sealed with
/// the offset index at `stride`, or plain (stride 0). Also the items'
/// bytes, split off by walking the sequence in memory.
fn log_sequence(n: u64, stride: u32) -> (Vec<u8>, Vec<Vec<u8>>) {
    use boring::index::IndexOptions;
    use boring::seq::SeqWriter;
    use boring::{Options, Value};

    let options = Options::default();
    let mut writer = SeqWriter::new(Vec::new(), &options)
        .unwrap()
        .index(IndexOptions {
            stride,
            index_min: 4,
        });
    for i in 0..n {
        let record = Value::Array(
            vec![
                Value::from(i),
                Value::from(format!("user-{}", i % 37)),
                Value::from("x".repeat((i * 7 % 90) as usize)),
            ]
            .into(),
        );
        writer.write(&record).unwrap();
    }
    let sequence = writer.finish().unwrap();
    let data_end =
        boring::index::Frame::find(&sequence).map_or(sequence.len(), |f| f.data_end as usize);
    let mut items = Vec::new();
    let mut at = 0;
    while at < data_end {
        let item = boring::nav::Cursor::new(&sequence[at..])
            .unwrap()
            .bytes()
            .unwrap();
        items.push(item.to_vec());
        at += item.len();
    }
    assert_eq!(items.len() as u64, n);
    (sequence, items)
}

/// The chunks that hold bytes `start..end` of the data.
fn covering(reader: &SeekableReader<Cursor<&Vec<u8>>>, start: u64, end: u64) -> Vec<usize> {
    let chunks = reader.chunks();
    (0..chunks.len())
        .filter(|&i| {
            let c = chunks[i];
            c.start < end && start < c.start + u64::from(c.len)
        })
        .collect()
}

#[test]
fn an_item_of_a_sealed_sequence_decompresses_only_its_chunks_and_the_index() {
    let (sequence, items) = log_sequence(3000, 16);
    let data_end = boring::index::Frame::find(&sequence).unwrap().data_end;
    let options = SeekableOptions {
        chunk_size: 1024,
        level: 3,
    };
    let file = compress(&sequence, options).unwrap();
    // Where each item starts in the data.
    let mut starts = vec![0u64];
    for item in &items {
        starts.push(starts.last().unwrap() + item.len() as u64);
    }
    assert_eq!(*starts.last().unwrap(), data_end);

    let mut reader = SeekableReader::new(Cursor::new(&file))
        .unwrap()
        .with_cache(1);
    assert_eq!(
        reader.items().unwrap(),
        boring_codec::seekable::Items::Indexed {
            count: 3000,
            stride: 16,
            data_end
        }
    );
    // The index is read once, through the chunks that hold it (and the
    // one holding the pointer in the last nine bytes).
    let index_chunks = covering(&reader, data_end, sequence.len() as u64).len() as u64;
    assert_eq!(reader.chunks_decompressed(), index_chunks);

    // Random items: the chunks decompressed for each are at most those
    // covering the walk from its anchor to its end.
    let mut x: u64 = 0x2545_F491;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let n = x % 3000;
        let anchor = starts[(n - n % 16) as usize];
        let end = starts[n as usize + 1];
        let before = reader.chunks_decompressed();
        assert_eq!(reader.item(n).unwrap(), items[n as usize], "item {n}");
        let spent = reader.chunks_decompressed() - before;
        let walk = covering(&reader, anchor, end).len() as u64;
        assert!(
            spent <= walk,
            "item {n}: {spent} chunks for a walk over {walk}"
        );
        assert!(spent >= 1, "a cache of one chunk misses on a new item");
    }
    // A fresh reader asked for one item: the index's chunks and the walk's.
    let n = 2345;
    let mut fresh = SeekableReader::new(Cursor::new(&file))
        .unwrap()
        .with_cache(1);
    assert_eq!(fresh.item(n).unwrap(), items[n as usize]);
    let walk = covering(
        &fresh,
        starts[(n - n % 16) as usize],
        starts[n as usize + 1],
    )
    .len();
    assert!(fresh.chunks_decompressed() <= index_chunks + walk as u64);
    // Far fewer chunks than a scan, and an item past the end is an error.
    assert!(reader.chunks_decompressed() < 40 * 4 + index_chunks);
    let err = reader.item(3000).unwrap_err();
    assert!(
        matches!(&err, boring_codec::Error::Seekable { detail } if detail.contains("3000 items")),
        "{err:?}"
    );
}

#[test]
fn a_frame_that_fails_a_check_is_read_as_one_more_item() {
    let (mut sequence, items) = log_sequence(100, 16);
    let data_end = boring::index::Frame::find(&sequence).unwrap().data_end as usize;
    // The stride, after the 16-byte prefix and the payload's array head.
    assert_eq!(sequence[data_end + 17], 16);
    sequence[data_end + 17] = 0;
    assert!(boring::index::Frame::find(&sequence).is_none());
    let file = compress(&sequence, SeekableOptions::default()).unwrap();
    let mut reader = SeekableReader::new(Cursor::new(&file)).unwrap();
    assert_eq!(
        reader.items().unwrap(),
        boring_codec::seekable::Items::Scanned {
            data_end: sequence.len() as u64
        }
    );
    assert_eq!(reader.item(99).unwrap(), items[99]);
    assert_eq!(reader.item(100).unwrap(), sequence[data_end..]);
    assert!(reader.item(101).is_err());
}

#[test]
fn without_an_index_items_are_found_by_walking_from_the_nearest_recorded_start() {
    let (sequence, items) = log_sequence(500, 0);
    assert!(boring::index::Frame::find(&sequence).is_none());
    let options = SeekableOptions {
        chunk_size: 512,
        level: 1,
    };
    let file = compress(&sequence, options).unwrap();
    let mut reader = SeekableReader::new(Cursor::new(&file))
        .unwrap()
        .with_cache(1);
    assert_eq!(
        reader.items().unwrap(),
        boring_codec::seekable::Items::Scanned {
            data_end: sequence.len() as u64
        }
    );
    // The last item: a walk over every chunk in order, once each.
    let before = reader.chunks_decompressed();
    assert_eq!(reader.item(499).unwrap(), items[499]);
    let total = reader.chunks().len() as u64;
    assert!(reader.chunks_decompressed() - before <= total);
    // Later reads resume at a recorded start (every 16th item), so an
    // early item costs only its own few chunks.
    let before = reader.chunks_decompressed();
    assert_eq!(reader.item(33).unwrap(), items[33]);
    assert!(reader.chunks_decompressed() - before <= 3);
    for n in [0, 1, 250, 498] {
        assert_eq!(reader.item(n).unwrap(), items[n as usize], "item {n}");
    }
    let err = reader.item(500).unwrap_err();
    assert!(
        matches!(&err, boring_codec::Error::Seekable { detail } if detail.contains("500 items")),
        "{err:?}"
    );
}

#[test]
fn bytes_that_are_no_sequence_are_a_typed_error() {
    // A break code where an item should start.
    let file = compress(&[0x01, 0xFF], SeekableOptions::default()).unwrap();
    let mut reader = SeekableReader::new(Cursor::new(&file)).unwrap();
    assert_eq!(reader.item(0).unwrap(), [0x01]);
    assert!(matches!(
        reader.item(1),
        Err(boring_codec::Error::Seekable { .. })
    ));
    // An item cut short by the end of the data.
    let file = compress(&[0x82, 0x01], SeekableOptions::default()).unwrap();
    let mut reader = SeekableReader::new(Cursor::new(&file)).unwrap();
    assert!(matches!(
        reader.item(0),
        Err(boring_codec::Error::Seekable { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_item_reads_back_indexed_or_not(
        n in 1u64..400,
        stride in prop::sample::select(vec![0u32, 1, 4, 16, 64]),
        chunk in 16usize..2000,
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..10),
    ) {
        let (sequence, items) = log_sequence(n, stride);
        let options = SeekableOptions { chunk_size: chunk, level: 1 };
        let file = compress(&sequence, options).unwrap();
        let mut reader = SeekableReader::new(Cursor::new(&file)).unwrap().with_cache(2);
        for pick in picks {
            let i = pick.index(items.len());
            prop_assert_eq!(reader.item(i as u64).unwrap(), items[i].clone());
        }
        // Past the last item: an error (a genuine frame is no item).
        prop_assert!(reader.item(n).is_err());
    }
}

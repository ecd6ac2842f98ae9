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

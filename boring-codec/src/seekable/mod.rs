//! Seekable zstd files: the data in independently compressed chunks,
//! followed by a seek table, in zstd's published seekable format
//! (`contrib/seekable_format` of the zstd sources), so `zstd -d` reads the
//! whole file and seekable-aware tools jump into it.
//!
//! ```text
//! file  = frame* seek-table
//! frame = one zstd frame per chunk, content checksum on
//! seek-table (a skippable frame, all integers little-endian):
//!   u32 0x184D2A5E  skippable frame magic
//!   u32 size        of what follows, = entries * 12 + 9
//!   entries, one per frame: u32 compressed size, u32 decompressed size,
//!                           u32 checksum (low 32 bits of the XXH64 of the chunk)
//!   u32 entries, u8 descriptor (0x80: checksums present), u32 0x8F92EAB1
//! ```
//!
//! The checksum written is the frame's own content checksum (the same
//! value by the zstd format's definition), so the writer needs no hash of
//! its own; the reader checks that the two agree, and zstd checks the
//! frame's against the data.
//!
//! Data that is a CBOR sequence is also read by item
//! ([`SeekableReader::item`]), through the offset index of a sealed
//! sequence when there is one ([`items`]).

pub mod items;
mod reader;
mod writer;

pub use items::Items;
pub use reader::SeekableReader;
pub use writer::{compress, SeekableWriter};

use crate::error::{Error, Result};

/// The magic number at the very end of a seekable file.
pub const SEEKABLE_MAGIC: u32 = 0x8F92_EAB1;

/// The skippable-frame magic number the seek table is written with.
pub const SKIPPABLE_MAGIC: u32 = 0x184D_2A5E;

/// The format's largest number of frames.
pub const MAX_FRAMES: u32 = 0x0800_0000;

/// The format's largest decompressed frame: 1 GiB.
pub const MAX_CHUNK: usize = 0x4000_0000;

/// The footer: entry count, descriptor, magic.
const FOOTER: usize = 9;

/// The checksum flag of the descriptor.
const CHECKSUM_FLAG: u8 = 0x80;

/// The reserved bits of the descriptor, which must be zero.
const RESERVED: u8 = 0x7C;

/// How a seekable file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeekableOptions {
    /// The decompressed size of every chunk but the last: 1 byte to
    /// [`MAX_CHUNK`]. Smaller chunks make a lookup cheaper and the ratio
    /// worse.
    pub chunk_size: usize,
    /// The zstd level, 1..=22.
    pub level: u8,
}

impl Default for SeekableOptions {
    /// 4 KiB chunks at level 3.
    fn default() -> Self {
        SeekableOptions {
            chunk_size: 4096,
            level: 3,
        }
    }
}

/// One frame of a seek table, with its offsets worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk {
    /// Where the frame starts in the file.
    pub offset: u64,
    /// The frame's length in the file.
    pub compressed: u32,
    /// Where the chunk starts in the data.
    pub start: u64,
    /// The chunk's length in the data.
    pub len: u32,
    /// The low 32 bits of the chunk's XXH64, when the table has them.
    pub checksum: Option<u32>,
}

/// A little-endian `u32` at `at` (the caller has checked the length).
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

/// A seek table error.
fn bad(detail: impl Into<String>) -> Error {
    Error::Seekable {
        detail: detail.into(),
    }
}

/// Appends the seek table of `entries` (compressed size, decompressed
/// size, checksum).
pub(crate) fn write_table(entries: &[(u32, u32, u32)], out: &mut Vec<u8>) {
    let size = entries.len() * 12 + FOOTER;
    out.extend_from_slice(&SKIPPABLE_MAGIC.to_le_bytes());
    out.extend_from_slice(&(size as u32).to_le_bytes());
    for (compressed, len, checksum) in entries {
        out.extend_from_slice(&compressed.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&checksum.to_le_bytes());
    }
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    out.push(CHECKSUM_FLAG);
    out.extend_from_slice(&SEEKABLE_MAGIC.to_le_bytes());
}

/// The footer of a file of `file_len` bytes ending in `footer`: the
/// table's total length (skippable header included), and whether entries
/// carry checksums.
pub(crate) fn parse_footer(footer: &[u8; FOOTER], file_len: u64) -> Result<(u32, u64, bool)> {
    if u32_at(footer, 5) != SEEKABLE_MAGIC {
        return Err(bad("no seek table (the file does not end in 0x8F92EAB1)"));
    }
    let frames = u32_at(footer, 0);
    let descriptor = footer[4];
    if descriptor & RESERVED != 0 {
        return Err(bad(format!(
            "reserved descriptor bits set: {descriptor:#04x}"
        )));
    }
    if frames > MAX_FRAMES {
        return Err(bad(format!("{frames} frames, more than the format allows")));
    }
    let checksums = descriptor & CHECKSUM_FLAG != 0;
    let entry = if checksums { 12 } else { 8 };
    let table = 8 + u64::from(frames) * entry + FOOTER as u64;
    if table > file_len {
        return Err(bad(format!(
            "a seek table of {table} bytes in a {file_len}-byte file"
        )));
    }
    Ok((frames, table, checksums))
}

/// The chunks of the table `bytes` (skippable header to magic), in a file
/// of `file_len` bytes.
pub(crate) fn parse_table(
    bytes: &[u8],
    frames: u32,
    checksums: bool,
    file_len: u64,
) -> Result<Vec<Chunk>> {
    if u32_at(bytes, 0) != SKIPPABLE_MAGIC {
        return Err(bad("the seek table is not in a skippable frame"));
    }
    if u64::from(u32_at(bytes, 4)) != bytes.len() as u64 - 8 {
        return Err(bad(
            "the seek table's frame size does not match its entries",
        ));
    }
    let entry = if checksums { 12 } else { 8 };
    let data_end = file_len - bytes.len() as u64;
    let mut chunks = Vec::with_capacity(frames as usize);
    let (mut offset, mut start) = (0u64, 0u64);
    for i in 0..frames as usize {
        let at = 8 + i * entry;
        let compressed = u32_at(bytes, at);
        let len = u32_at(bytes, at + 4);
        if len as usize > MAX_CHUNK {
            return Err(bad(format!(
                "frame {i} claims {len} bytes, more than 1 GiB"
            )));
        }
        let checksum = checksums.then(|| u32_at(bytes, at + 8));
        chunks.push(Chunk {
            offset,
            compressed,
            start,
            len,
            checksum,
        });
        offset += u64::from(compressed);
        start += u64::from(len);
    }
    if offset != data_end {
        return Err(bad(format!(
            "the frames add up to {offset} bytes, the file has {data_end} before its seek table"
        )));
    }
    Ok(chunks)
}

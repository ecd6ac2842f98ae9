//! Reading byte ranges of a seekable file.

use std::io::{self, Read, Seek, SeekFrom};

use super::items::{ItemState, Items};
use super::{parse_footer, parse_table, Chunk, FOOTER};
use crate::engine::zstd::Decoder;
use crate::engine::Budget;
use crate::error::{Error, Result};

/// How many decompressed chunks a reader keeps by default.
pub const DEFAULT_CACHE: usize = 4;

/// One cached chunk.
#[derive(Debug)]
struct Slot {
    chunk: usize,
    data: Vec<u8>,
    /// When it was last used, for eviction.
    used: u64,
}

/// Reads any byte range of a seekable file by decompressing only the
/// chunks that cover it, keeping the last few in a small cache.
///
/// It is also an `io::Read + io::Seek` over the decompressed data.
#[derive(Debug)]
pub struct SeekableReader<R: Read + Seek> {
    inner: R,
    chunks: Vec<Chunk>,
    len: u64,
    decoder: Decoder,
    frame: Vec<u8>,
    cache: Vec<Slot>,
    capacity: usize,
    clock: u64,
    decompressed: u64,
    /// The position of the `Read` and `Seek` impls.
    pos: u64,
    /// How items are found, once an item has been asked for.
    items: Option<ItemState>,
}

fn bad(detail: String) -> Error {
    Error::Seekable { detail }
}

impl<R: Read + Seek> SeekableReader<R> {
    /// Reads the seek table at the end of `inner`.
    pub fn new(mut inner: R) -> Result<SeekableReader<R>> {
        let file_len = inner.seek(SeekFrom::End(0))?;
        if file_len < FOOTER as u64 {
            return Err(bad(format!("a {file_len}-byte file has no seek table")));
        }
        let mut footer = [0u8; FOOTER];
        inner.seek(SeekFrom::End(-(FOOTER as i64)))?;
        read_exact(&mut inner, &mut footer)?;
        let (frames, table_len, checksums) = parse_footer(&footer, file_len)?;
        let mut table = vec![0u8; table_len as usize];
        inner.seek(SeekFrom::Start(file_len - table_len))?;
        read_exact(&mut inner, &mut table)?;
        let chunks = parse_table(&table, frames, checksums, file_len)?;
        let len = chunks.last().map_or(0, |c| c.start + u64::from(c.len));
        Ok(SeekableReader {
            inner,
            chunks,
            len,
            decoder: Decoder::new()?,
            frame: Vec::new(),
            cache: Vec::new(),
            capacity: DEFAULT_CACHE,
            clock: 0,
            decompressed: 0,
            pos: 0,
            items: None,
        })
    }

    /// Keeps up to `chunks` decompressed chunks (at least one).
    pub fn with_cache(mut self, chunks: usize) -> SeekableReader<R> {
        self.capacity = chunks.max(1);
        self.cache.truncate(self.capacity);
        self
    }

    /// The length of the decompressed data.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the decompressed data is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The frames, in order.
    pub fn chunks(&self) -> &[Chunk] {
        &self.chunks
    }

    /// How many chunks were decompressed so far (cache hits not counted).
    pub fn chunks_decompressed(&self) -> u64 {
        self.decompressed
    }

    /// The bytes `offset..offset + len` of the data; a range past the end
    /// is an error.
    pub fn read_range(&mut self, offset: u64, len: usize) -> Result<Vec<u8>> {
        let end = offset
            .checked_add(len as u64)
            .filter(|&end| end <= self.len);
        if end.is_none() {
            return Err(bad(format!(
                "range {offset}+{len} is past the end ({} bytes)",
                self.len
            )));
        }
        let mut out = vec![0u8; len];
        let n = self.read_at(offset, &mut out)?;
        out.truncate(n);
        Ok(out)
    }

    /// Fills `buf` from `offset` on, as far as the data goes; the count of
    /// bytes read.
    pub fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<usize> {
        let mut done = 0;
        while done < buf.len() {
            let at = offset + done as u64;
            if at >= self.len {
                break;
            }
            // The last chunk starting at or before `at` holds it: the one
            // after starts past `at`, so this one cannot be empty. Chunk 0
            // starts at 0, so there is one.
            let index = self
                .chunks
                .partition_point(|c| c.start <= at)
                .saturating_sub(1);
            let start = self.chunks[index].start;
            let data = self.chunk(index)?;
            let from = (at - start) as usize;
            let n = (data.len() - from).min(buf.len() - done);
            buf[done..done + n].copy_from_slice(&data[from..from + n]);
            done += n;
        }
        Ok(done)
    }

    /// How the data's items are found: through the offset index of a
    /// sealed sequence (read through the chunks holding it, on first use),
    /// or by walking (see [`super::items`]).
    pub fn items(&mut self) -> Result<Items> {
        let state = self.take_items()?;
        let items = state.items.clone();
        self.items = Some(state);
        Ok(items)
    }

    /// The bytes of item `n` of the data, a CBOR sequence: through the
    /// index, only the chunks holding the index (once) and those covering
    /// the walk from the nearest anchor are decompressed; without one, the
    /// chunks from the nearest recorded item start on. An item past the
    /// end, or bytes that are no well-formed item, are
    /// [`Error::Seekable`].
    pub fn item(&mut self, n: u64) -> Result<Vec<u8>> {
        let mut state = self.take_items()?;
        let item = state.item(self, n);
        self.items = Some(state);
        item
    }

    /// The item state, loaded on first use, taken out so that it can use
    /// the reader (the caller puts it back).
    fn take_items(&mut self) -> Result<ItemState> {
        match self.items.take() {
            Some(state) => Ok(state),
            None => ItemState::load(self),
        }
    }

    /// The decompressed chunk `index`, from the cache or the file.
    fn chunk(&mut self, index: usize) -> Result<&[u8]> {
        self.clock += 1;
        if let Some(slot) = self.cache.iter().position(|s| s.chunk == index) {
            self.cache[slot].used = self.clock;
            return Ok(&self.cache[slot].data);
        }
        let chunk = self.chunks[index];
        self.frame.resize(chunk.compressed as usize, 0);
        self.inner.seek(SeekFrom::Start(chunk.offset))?;
        read_exact(&mut self.inner, &mut self.frame)?;
        if let Some(checksum) = chunk.checksum {
            check_frame_checksum(&self.frame, checksum, index)?;
        }
        // Reuse the least recently used slot's buffer once the cache is
        // full.
        let slot = if self.cache.len() < self.capacity {
            self.cache.push(Slot {
                chunk: index,
                data: Vec::new(),
                used: 0,
            });
            self.cache.len() - 1
        } else {
            let (oldest, _) = self
                .cache
                .iter()
                .enumerate()
                .min_by_key(|(_, s)| s.used)
                .unwrap_or((0, &self.cache[0]));
            oldest
        };
        let slot = &mut self.cache[slot];
        slot.chunk = usize::MAX;
        slot.data.clear();
        let mut budget = Budget::new("zstd", u64::from(chunk.len));
        self.decoder
            .decode_all(&self.frame, &mut slot.data, &mut budget)
            .map_err(|e| bad(format!("frame {index}: {e}")))?;
        if slot.data.len() != chunk.len as usize {
            return Err(bad(format!(
                "frame {index} holds {} bytes, the seek table says {}",
                slot.data.len(),
                chunk.len
            )));
        }
        slot.chunk = index;
        slot.used = self.clock;
        self.decompressed += 1;
        Ok(&slot.data)
    }

    /// The inner reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

/// Where a zstd frame's header says it carries a content checksum, its
/// last four bytes are that checksum and must be the table's.
fn check_frame_checksum(frame: &[u8], table: u32, index: usize) -> Result<()> {
    const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];
    let has_checksum = frame.len() >= 9 && frame[..4] == ZSTD_MAGIC && frame[4] & 0x04 != 0;
    if has_checksum {
        let mut word = [0u8; 4];
        word.copy_from_slice(&frame[frame.len() - 4..]);
        let own = u32::from_le_bytes(word);
        if own != table {
            return Err(bad(format!(
                "frame {index}: checksum {own:#010x}, the seek table says {table:#010x}"
            )));
        }
    }
    Ok(())
}

/// `read_exact`, with a short file reported as a seekable error.
fn read_exact(inner: &mut impl Read, buf: &mut [u8]) -> Result<()> {
    inner.read_exact(buf).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => bad("the file is shorter than its seek table says".into()),
        _ => Error::Io(e),
    })
}

impl<R: Read + Seek> Read for SeekableReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.read_at(self.pos, buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R: Read + Seek> Seek for SeekableReader<R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(at) => Some(at),
            SeekFrom::End(delta) => self.len.checked_add_signed(delta),
            SeekFrom::Current(delta) => self.pos.checked_add_signed(delta),
        };
        match target {
            Some(at) => {
                self.pos = at;
                Ok(at)
            }
            None => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "seek before the start",
            )),
        }
    }
}

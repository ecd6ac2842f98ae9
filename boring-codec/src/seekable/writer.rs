//! Writing a seekable file.

use std::io::{self, Write};

use super::{write_table, SeekableOptions, MAX_CHUNK, MAX_FRAMES};
use crate::engine::zstd::Encoder;
use crate::error::{Error, Result};
use crate::step::Step;

/// Writes a byte stream as a seekable zstd file: every `chunk_size` bytes
/// written become one zstd frame, and [`SeekableWriter::finish`] appends
/// the seek table.
///
/// ```
/// use std::io::{Cursor, Write};
/// use boring_codec::seekable::{SeekableOptions, SeekableReader, SeekableWriter};
///
/// let mut writer = SeekableWriter::new(Vec::new(), SeekableOptions::default())?;
/// writer.write_all(&[7u8; 10_000])?;
/// let file = writer.finish()?;
/// let mut reader = SeekableReader::new(Cursor::new(file))?;
/// assert_eq!(reader.read_range(5000, 3)?, [7, 7, 7]);
/// # Ok::<(), boring_codec::Error>(())
/// ```
#[derive(Debug)]
pub struct SeekableWriter<W: Write> {
    inner: W,
    encoder: Encoder,
    chunk_size: usize,
    /// Data of the chunk being filled.
    pending: Vec<u8>,
    /// The frame being written.
    frame: Vec<u8>,
    /// (compressed size, decompressed size, checksum) per frame.
    entries: Vec<(u32, u32, u32)>,
}

impl<W: Write> SeekableWriter<W> {
    /// A writer into `inner`.
    pub fn new(inner: W, options: SeekableOptions) -> Result<SeekableWriter<W>> {
        if options.chunk_size == 0 || options.chunk_size > MAX_CHUNK {
            return Err(Error::Seekable {
                detail: format!(
                    "chunk size {} is outside 1..={MAX_CHUNK}",
                    options.chunk_size
                ),
            });
        }
        Step::Zstd {
            level: options.level,
        }
        .validate()?;
        Ok(SeekableWriter {
            inner,
            encoder: Encoder::new(options.level)?,
            chunk_size: options.chunk_size,
            pending: Vec::with_capacity(options.chunk_size.min(1 << 20)),
            frame: Vec::new(),
            entries: Vec::new(),
        })
    }

    /// Compresses `data` (one chunk) as a frame and writes it.
    fn emit(&mut self, data: &[u8]) -> Result<()> {
        if self.entries.len() as u64 >= u64::from(MAX_FRAMES) {
            return Err(Error::Seekable {
                detail: "more frames than the format allows".into(),
            });
        }
        self.frame.clear();
        self.encoder.encode_all(data, &mut self.frame)?;
        // The frame ends in its content checksum: the low 32 bits of the
        // chunk's XXH64, which is what the seek table stores.
        let tail = self.frame.len().saturating_sub(4);
        let mut checksum = [0u8; 4];
        checksum.copy_from_slice(&self.frame[tail..]);
        let compressed = u32::try_from(self.frame.len()).map_err(|_| Error::Seekable {
            detail: "a frame longer than 4 GiB".into(),
        })?;
        self.entries
            .push((compressed, data.len() as u32, u32::from_le_bytes(checksum)));
        self.inner.write_all(&self.frame)?;
        Ok(())
    }

    /// Writes the last, partial chunk and the seek table; hands back the
    /// inner writer.
    pub fn finish(mut self) -> Result<W> {
        if !self.pending.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            self.emit(&pending)?;
        }
        self.frame.clear();
        write_table(&self.entries, &mut self.frame);
        self.inner.write_all(&self.frame)?;
        self.inner.flush()?;
        Ok(self.inner)
    }

    /// Frames written so far.
    pub fn frames(&self) -> usize {
        self.entries.len()
    }
}

impl<W: Write> Write for SeekableWriter<W> {
    fn write(&mut self, mut buf: &[u8]) -> io::Result<usize> {
        let total = buf.len();
        while !buf.is_empty() {
            let take = (self.chunk_size - self.pending.len()).min(buf.len());
            if self.pending.is_empty() && take == self.chunk_size {
                // A whole chunk in the caller's buffer: no copy.
                self.emit(&buf[..take])?;
            } else {
                self.pending.extend_from_slice(&buf[..take]);
                if self.pending.len() == self.chunk_size {
                    let pending = std::mem::take(&mut self.pending);
                    let emitted = self.emit(&pending);
                    self.pending = pending;
                    self.pending.clear();
                    emitted?;
                }
            }
            buf = &buf[take..];
        }
        Ok(total)
    }

    /// Flushes the inner writer; a partial chunk waits for more data or
    /// [`SeekableWriter::finish`].
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// `data` as a seekable file.
pub fn compress(data: &[u8], options: SeekableOptions) -> Result<Vec<u8>> {
    let mut writer = SeekableWriter::new(Vec::new(), options)?;
    writer.write_all(data).map_err(Error::from_io)?;
    writer.finish()
}

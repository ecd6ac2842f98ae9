//! Reading a sequence from any `io::Read`, with a bounded buffer.

use alloc::vec::Vec;

use super::{classify, SeqEnd};
use crate::codec::DecodeOwned;
use crate::error::{Error, ErrorKind};
use crate::index::Frame;
use crate::nav::item_end;

/// The items of a CBOR sequence read from `R`: the buffer holds the item
/// being read and one read's worth of bytes after it, so an item larger
/// than the buffer grows it for as long as it takes, and memory stays
/// bounded by the largest item. A final index frame is recognised by its
/// last nine bytes pointing at its own start and by the checks a frame
/// passes on its own, and is not an item; a stream cannot check it against
/// the data it has let go of, which [`SeqReader`](super::SeqReader) does.
#[derive(Debug)]
pub struct SeqStream<R: std::io::Read> {
    inner: R,
    buf: Vec<u8>,
    /// The first unread byte of `buf`.
    start: usize,
    /// The stream offset of `buf[0]`.
    base: u64,
    chunk: usize,
    eof: bool,
    end: Option<SeqEnd>,
}

impl<R: std::io::Read> SeqStream<R> {
    /// A stream reading `inner` 64 KiB at a time.
    pub fn new(inner: R) -> SeqStream<R> {
        SeqStream::with_chunk(inner, 64 * 1024)
    }

    /// A stream reading `inner` `chunk` bytes at a time (at least 1).
    pub fn with_chunk(inner: R, chunk: usize) -> SeqStream<R> {
        SeqStream {
            inner,
            buf: Vec::new(),
            start: 0,
            base: 0,
            chunk: chunk.max(1),
            eof: false,
            end: None,
        }
    }

    /// How the sequence ended; `None` until the last item was read.
    pub fn end(&self) -> Option<&SeqEnd> {
        self.end.as_ref()
    }

    /// The next item decoded as `T`; `None` at the end (see
    /// [`SeqStream::end`]).
    #[allow(clippy::should_implement_trait)] // an iterator could not lend items
    pub fn next<T: DecodeOwned>(&mut self) -> Option<Result<T, Error>> {
        let base = self.base + self.start as u64;
        let item = self.next_item()?;
        Some(crate::from_slice(item).map_err(|e| e.shifted(base)))
    }

    /// The bytes of the next item, valid until the next call; `None` at
    /// the end.
    pub fn next_item(&mut self) -> Option<&[u8]> {
        if self.end.is_some() {
            return None;
        }
        loop {
            let avail = &self.buf[self.start..];
            if avail.is_empty() && self.eof {
                self.end = Some(SeqEnd::Clean);
                return None;
            }
            let offset = self.base + self.start as u64;
            match item_end(avail, 0) {
                // A frame-shaped item that reaches the end of what was read
                // may be the final frame: read on to know.
                Ok(len) if len == avail.len() && !self.eof && Frame::looks_like(avail) => {}
                Ok(len) if len == avail.len() && Frame::is_final(avail, offset) => {
                    self.end = Some(SeqEnd::Clean);
                    return None;
                }
                Ok(len) => {
                    let at = self.start;
                    self.start += len;
                    return Some(&self.buf[at..at + len]);
                }
                Err(e) if self.eof || !incomplete(&e) => {
                    self.end = Some(classify(e.shifted(offset), offset));
                    return None;
                }
                Err(_) => {}
            }
            if let Err(e) = self.fill() {
                self.end = Some(SeqEnd::Corrupt(e));
                return None;
            }
        }
    }

    /// Drops what was read and reads up to a chunk more.
    fn fill(&mut self) -> Result<(), Error> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.base += self.start as u64;
            self.start = 0;
        }
        let old = self.buf.len();
        self.buf.resize(old + self.chunk, 0);
        let read = loop {
            match self.inner.read(&mut self.buf[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(Error::new(
                        ErrorKind::Io(e.kind()),
                        self.base as usize + old,
                    ));
                }
            }
        };
        self.buf.truncate(old + read);
        self.eof = read == 0;
        Ok(())
    }
}

/// Whether an item failed only because the bytes so far end inside it.
fn incomplete(e: &Error) -> bool {
    matches!(e.kind(), ErrorKind::Truncated | ErrorKind::BadCount)
}

//! CBOR sequences (RFC 8742): items back to back, as logs are written, and
//! sealed by default with an index frame (`docs/WIRE.md` §10–§11).
//!
//! [`SeqReader`] reads a sequence held in memory, [`SeqStream`] one from
//! any `io::Read`, and [`SeqWriter`] writes one to any `io::Write`. A
//! reader yields every complete item and then tells how the sequence
//! ended ([`SeqEnd`]): cleanly, in a torn tail (a last item cut short, as a
//! crash leaves a log), or at bytes that are not CBOR. A genuine final
//! index frame is metadata, never an item.
//!
//! ```
//! use boring::seq::{SeqEnd, SeqReader, SeqWriter};
//! use boring::Options;
//!
//! let mut log = SeqWriter::new(Vec::new(), &Options::default())?;
//! for i in 0..100u32 {
//!     log.write(&format!("event {i}"))?;
//! }
//! let bytes = log.finish()?;
//!
//! let mut reader = SeqReader::new(&bytes);
//! let events: Vec<String> = reader.by_ref().map(|item| item.decode()).collect::<Result<_, _>>()?;
//! assert_eq!(events.len(), 100);
//! assert!(matches!(reader.end(), Some(SeqEnd::Clean)));
//! # Ok::<(), boring::Error>(())
//! ```

#[cfg(feature = "std")]
mod stream;
#[cfg(feature = "std")]
mod writer;

#[cfg(feature = "std")]
pub use stream::SeqStream;
#[cfg(feature = "std")]
pub use writer::SeqWriter;

use crate::error::{Error, ErrorKind};
use crate::index::Frame;
use crate::nav::{item_end, Cursor};

/// How a sequence ended, once a reader has yielded its last item.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum SeqEnd {
    /// After a complete item (or a genuine final frame).
    Clean,
    /// In an item cut short: the bytes from `offset` on are a truncated
    /// item, as a writer that stopped mid-item leaves them.
    Torn {
        /// Where the incomplete item starts.
        offset: u64,
    },
    /// At bytes that are not a well-formed item (the error says why and
    /// where); nothing after them was read.
    Corrupt(Error),
}

/// The items of a sequence held in memory, as cursors borrowing from it.
#[derive(Debug)]
pub struct SeqReader<'a> {
    data: &'a [u8],
    frame: Option<Frame>,
    pos: usize,
    end: Option<SeqEnd>,
}

impl<'a> SeqReader<'a> {
    /// A reader over `bytes`; a genuine final frame is set aside.
    pub fn new(bytes: &'a [u8]) -> SeqReader<'a> {
        let frame = Frame::find(bytes);
        let data = match &frame {
            Some(f) => &bytes[..f.data_end as usize],
            None => bytes,
        };
        SeqReader {
            data,
            frame,
            pos: 0,
            end: None,
        }
    }

    /// The sequence's index frame, if it is sealed with a genuine one.
    pub fn frame(&self) -> Option<&Frame> {
        self.frame.as_ref()
    }

    /// How the sequence ended; `None` until the last item was yielded.
    pub fn end(&self) -> Option<&SeqEnd> {
        self.end.as_ref()
    }
}

impl<'a> Iterator for SeqReader<'a> {
    type Item = Cursor<'a>;

    fn next(&mut self) -> Option<Cursor<'a>> {
        if self.end.is_some() {
            return None;
        }
        if self.pos >= self.data.len() {
            self.end = Some(SeqEnd::Clean);
            return None;
        }
        let at = self.pos;
        match item_end(self.data, at) {
            Ok(end) => {
                self.pos = end;
                Some(Cursor::top_level(self.data, at))
            }
            Err(e) => {
                self.end = Some(classify(e, at as u64));
                None
            }
        }
    }
}

/// A failed item at `offset`: torn when the input ended inside it.
fn classify(e: Error, offset: u64) -> SeqEnd {
    match e.kind() {
        ErrorKind::Truncated | ErrorKind::BadCount => SeqEnd::Torn { offset },
        _ => SeqEnd::Corrupt(e),
    }
}

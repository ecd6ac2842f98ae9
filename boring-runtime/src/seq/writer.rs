//! Writing a sequence to any `io::Write`.

use alloc::vec::Vec;

use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::index::{self, IndexOptions, Node};
use crate::profile::Options;
use crate::wire::Writer;

/// Writes the items of a CBOR sequence to `W`, each encoded on its own
/// without stringref (a sequence item must stand alone; asking for
/// stringref is an error), and seals the sequence with an index frame
/// when [`SeqWriter::finish`] is called (stride 16, `index_min` 4 by
/// default; [`SeqWriter::index`] changes them, stride 0 writes none).
///
/// The data goes to `W` as each item is written; what the writer keeps is
/// one item's buffer and the index: one offset per `stride` items and the
/// large containers found inside items.
#[derive(Debug)]
pub struct SeqWriter<W: std::io::Write> {
    out: W,
    options: Options,
    index: IndexOptions,
    buf: Vec<u8>,
    written: u64,
    count: u64,
    anchors: Vec<u64>,
    nodes: Vec<Node>,
}

impl<W: std::io::Write> SeqWriter<W> {
    /// A writer to `out` under `options` (stringref off), checked now.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidOptions`] (with no byte offset) when `options` asks
    /// for stringref, or for something its profile locks off.
    pub fn new(out: W, options: &Options) -> Result<SeqWriter<W>, Error> {
        if options.stringref_asked() == Some(true) {
            return Err(Error::unplaced(ErrorKind::InvalidOptions(
                "sequence items are written without stringref",
            )));
        }
        let options = options.clone().stringref(false);
        options.resolve()?;
        Ok(SeqWriter {
            out,
            options,
            index: IndexOptions::default(),
            buf: Vec::new(),
            written: 0,
            count: 0,
            anchors: Vec::new(),
            nodes: Vec::new(),
        })
    }

    /// Chooses the index written by [`SeqWriter::finish`]; before the
    /// first item only.
    #[must_use]
    pub fn index(mut self, index: IndexOptions) -> Self {
        self.index = index;
        self
    }

    /// Encodes `item` and writes it.
    ///
    /// # Errors
    ///
    /// What encoding `item` reports (see [`to_vec_with`](crate::to_vec_with));
    /// [`ErrorKind::Io`] when `W` fails.
    pub fn write<T: Encode + ?Sized>(&mut self, item: &T) -> Result<(), Error> {
        let mut buf = core::mem::take(&mut self.buf);
        buf.clear();
        let mut w = Writer::with_sink(buf, &self.options)?;
        w.write(item)?;
        self.buf = w.into_sink();
        self.put_item()
    }

    /// Writes one item already encoded (checked to be exactly one
    /// well-formed item).
    ///
    /// # Errors
    ///
    /// Bytes that are not one well-formed item ([`nav`](crate::nav#errors)),
    /// [`ErrorKind::TrailingBytes`] for bytes after it; [`ErrorKind::Io`] when
    /// `W` fails.
    pub fn write_encoded(&mut self, item: &[u8]) -> Result<(), Error> {
        if crate::nav::item_end(item, 0)? != item.len() {
            return Err(Error::new(ErrorKind::TrailingBytes, 0));
        }
        self.buf.clear();
        self.buf.extend_from_slice(item);
        self.put_item()
    }

    fn put_item(&mut self) -> Result<(), Error> {
        if self.index.stride != 0 {
            if self.count % u64::from(self.index.stride) == 0 {
                self.anchors.push(self.written);
            }
            let nodes = index::item_nodes(&self.buf, self.written, self.index)?;
            self.nodes.extend(nodes);
        }
        self.out.write_all(&self.buf).map_err(io_error)?;
        self.written += self.buf.len() as u64;
        self.count += 1;
        Ok(())
    }

    /// The items written so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Writes the index frame (unless the sequence is too short or the
    /// stride is 0), flushes, and returns the output.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Io`] when writing the frame or flushing `W` fails.
    pub fn finish(mut self) -> Result<W, Error> {
        let nodes = core::mem::take(&mut self.nodes);
        let anchors = core::mem::take(&mut self.anchors);
        if let Some(frame) =
            index::sequence_frame(anchors, self.count, nodes, self.written, self.index)
        {
            self.out.write_all(&frame.to_bytes()).map_err(io_error)?;
        }
        self.out.flush().map_err(io_error)?;
        Ok(self.out)
    }
}

fn io_error(e: std::io::Error) -> Error {
    Error::new(ErrorKind::Io(e.kind()), 0)
}

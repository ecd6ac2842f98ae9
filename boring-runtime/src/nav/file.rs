//! A file with its index: cursors that jump to an entry through the
//! anchors, resolve stringrefs through the literal table, and address the
//! items of a sequence by number.

use super::{scan, Cursor, Node};
use crate::error::{Error, ErrorKind};
use crate::index::Frame;

/// Encoded data and the index frame that seals it, if it has a genuine
/// one (`docs/WIRE.md` §11). Cursors from it answer exactly as cursors
/// over the bare data do, faster where the frame helps; a frame that fails
/// a check is ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed<'a> {
    data: &'a [u8],
    frame: Option<Frame>,
}

impl<'a> Indexed<'a> {
    /// The data of `file`, and its frame when it ends in one.
    pub fn new(file: &'a [u8]) -> Indexed<'a> {
        match Frame::find(file) {
            Some(frame) => Indexed {
                data: &file[..frame.data_end as usize],
                frame: Some(frame),
            },
            None => Indexed {
                data: file,
                frame: None,
            },
        }
    }

    /// The data, without the frame.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The frame, if the file has a genuine one.
    pub fn frame(&self) -> Option<&Frame> {
        self.frame.as_ref()
    }

    /// A cursor on the first item.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Truncated`] for empty data; a malformed first head
    /// ([`nav`](crate::nav#errors)).
    pub fn root(&self) -> Result<Cursor<'_>, Error> {
        self.cursor_at(0)
    }

    /// The number of items of the data read as a sequence: from the
    /// sequence node when the frame has one, else by walking the items.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`] for a frame's count past `usize`; malformed
    /// input ([`nav`](crate::nav#errors)) between the items.
    pub fn len(&self) -> Result<usize, Error> {
        if let Some(node) = self.sequence_node() {
            return usize::try_from(node.count)
                .map_err(|_| Error::out_of_range(node.count, "usize", 0));
        }
        let mut n = 0;
        let mut at = 0;
        while at < self.data.len() {
            at = scan::end(self.data, at)?;
            n += 1;
        }
        Ok(n)
    }

    /// Whether the data holds no item.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Item `i` of the data read as a sequence: a jump to the nearest
    /// anchor of the sequence node and a walk of at most a stride, or a
    /// walk from the start without one.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BadCount`] for `i` past the last item; malformed input
    /// ([`nav`](crate::nav#errors)).
    pub fn item(&self, i: usize) -> Result<Cursor<'_>, Error> {
        let (mut at, rest) = match self.sequence_node() {
            Some(node) => {
                let frame = self.frame.as_ref().map_or(1, |f| node.stride(f.stride)) as usize;
                match node.anchors.get(i / frame) {
                    Some(&a) if (i as u64) < node.count => (a as usize, i % frame),
                    _ => return Err(Error::new(ErrorKind::BadCount, self.data.len())),
                }
            }
            None => (0, i),
        };
        for _ in 0..rest {
            at = scan::end(self.data, at)?;
            if at >= self.data.len() {
                return Err(Error::new(ErrorKind::BadCount, at));
            }
        }
        self.cursor_at(at)
    }

    fn cursor_at(&self, at: usize) -> Result<Cursor<'_>, Error> {
        scan::head(self.data, at)?;
        Ok(Cursor {
            input: self.data,
            root: at,
            node: Node::Item(at),
            frame: self.frame.as_ref(),
        })
    }

    fn sequence_node(&self) -> Option<&crate::index::Node> {
        self.frame
            .as_ref()?
            .nodes
            .first()
            .filter(|n| n.offset == -1)
    }
}

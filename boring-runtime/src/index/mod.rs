//! The offset index, `boring/index` (`docs/WIRE.md` §11): a frame after
//! the data that lists, for the large containers in it (and for the items
//! of a sequence), where every s-th entry starts, so that a reader jumps to
//! entry i instead of skipping the i before it.
//!
//! The frame is an ordinary CBOR item (tag 27 over `["boring/index",
//! payload]`) that ends the file, and its last nine bytes point back at it,
//! so a reader finds it from the end and a reader that knows nothing of it
//! sees one more item. The index is an optimisation only: every answer
//! with it equals the answer by scanning, and any frame that fails a check
//! is ignored.
//!
//! ```
//! use boring::index::{encode_indexed, IndexOptions, Frame};
//! use boring::{Options, Profile, Value};
//!
//! let log = Value::Array((0..1000).map(|i| Value::from(format!("event {i}"))).collect());
//! let opts = Options::from(Profile::Interop);
//! let bytes = encode_indexed(&log, &opts, IndexOptions::default())?;
//! let frame = Frame::find(&bytes).expect("a large array is indexed");
//! assert_eq!(frame.nodes[0].count, 1000);
//! # Ok::<(), boring::Error>(())
//! ```

mod frame;
mod walk;

use alloc::vec::Vec;

use crate::codec::Encode;
use crate::error::Error;
use crate::profile::Options;

/// How an index is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexOptions {
    /// Anchor spacing: every `stride`-th entry of an indexed container is
    /// an anchor. 16 by default; 0 writes no frame.
    pub stride: u32,
    /// The fewest entries a container (or a sequence) needs to be
    /// indexed; 4 by default.
    pub index_min: u64,
}

impl Default for IndexOptions {
    fn default() -> Self {
        IndexOptions {
            stride: 16,
            index_min: 4,
        }
    }
}

/// A parsed or built `boring/index` frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The file-level anchor spacing.
    pub stride: u32,
    /// The indexed containers, ascending by offset; a sequence's own node
    /// (offset −1) comes first.
    pub nodes: Vec<Node>,
    /// For data that opens a stringref namespace: every referenced index
    /// with the offset of the literal that defines it.
    pub stringrefs: Option<Vec<(u64, u64)>>,
    /// Where the data ends and the frame starts.
    pub data_end: u64,
}

/// One indexed container.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The offset of the container's head (after its tags); −1 for the
    /// items of a sequence.
    pub offset: i64,
    /// Its entries (or items).
    pub count: u64,
    /// Where entries 0, s, 2s, … start (a map entry at its key).
    pub anchors: Vec<u64>,
    /// Whether the keys (of a map) ascend bytewise, so a reader may
    /// binary-search them.
    pub sorted: bool,
}

impl Node {
    /// The node's anchor spacing: 1 when every entry is an anchor, else
    /// the file's.
    pub fn stride(&self, file_stride: u32) -> u32 {
        if self.anchors.len() as u64 == self.count {
            1
        } else {
            file_stride
        }
    }
}

/// The number of anchors of `n` entries at stride `s`.
pub(crate) fn anchor_count(n: u64, s: u64) -> u64 {
    match (n, s) {
        (0, _) => 0,
        (n, 0 | 1) => n,
        (n, s) => (n - 1) / s + 1,
    }
}

/// The frame for `data` holding one item; `None` when it would describe
/// nothing (no container kept, no stringref namespace).
///
/// # Errors
///
/// Data that is not well-formed CBOR:
/// [`ErrorKind::Truncated`](crate::ErrorKind::Truncated),
/// [`ErrorKind::BadCount`](crate::ErrorKind::BadCount),
/// [`ErrorKind::UnexpectedBreak`](crate::ErrorKind::UnexpectedBreak),
/// [`ErrorKind::BadIndefiniteChunk`](crate::ErrorKind::BadIndefiniteChunk) or a
/// reserved encoding, at its offset.
pub fn index_value(data: &[u8], opts: IndexOptions) -> Result<Option<Frame>, Error> {
    if opts.stride == 0 {
        return Ok(None);
    }
    let found = walk::walk(data, 0, opts)?;
    if found.nodes.is_empty() && found.stringrefs.is_none() {
        return Ok(None);
    }
    Ok(Some(Frame {
        stride: opts.stride,
        nodes: found.nodes,
        stringrefs: found.stringrefs,
        data_end: data.len() as u64,
    }))
}

/// The frame for `data` holding a sequence of items; `None` when it has
/// fewer than `index_min` items and no container was kept.
///
/// # Errors
///
/// As [`index_value`].
pub fn index_sequence(data: &[u8], opts: IndexOptions) -> Result<Option<Frame>, Error> {
    if opts.stride == 0 {
        return Ok(None);
    }
    let stride = u64::from(opts.stride);
    let mut anchors = Vec::new();
    let mut count = 0;
    let mut at = 0;
    while at < data.len() {
        if count % stride == 0 {
            anchors.push(at as u64);
        }
        count += 1;
        at = crate::nav::item_end(data, at)?;
    }
    let found = walk::walk(data, 0, opts)?;
    Ok(sequence_frame(
        anchors,
        count,
        found.nodes,
        data.len() as u64,
        opts,
    ))
}

/// The frame of a sequence of `count` items whose every `stride`-th item
/// starts at `anchors`, with the containers kept inside them.
pub(crate) fn sequence_frame(
    anchors: Vec<u64>,
    count: u64,
    nodes: Vec<Node>,
    data_end: u64,
    opts: IndexOptions,
) -> Option<Frame> {
    if opts.stride == 0 || (count < opts.index_min && nodes.is_empty()) {
        return None;
    }
    let mut all = Vec::with_capacity(nodes.len() + 1);
    all.push(Node {
        offset: -1,
        count,
        anchors,
        sorted: false,
    });
    all.extend(nodes);
    Some(Frame {
        stride: opts.stride,
        nodes: all,
        stringrefs: None,
        data_end,
    })
}

/// The containers kept inside one item `item` written at `offset` of a
/// sequence, with their offsets in the sequence.
#[cfg(feature = "std")]
pub(crate) fn item_nodes(item: &[u8], offset: u64, opts: IndexOptions) -> Result<Vec<Node>, Error> {
    let mut nodes = walk::walk(item, 0, opts)?.nodes;
    for node in &mut nodes {
        node.offset += offset as i64;
        for anchor in &mut node.anchors {
            *anchor += offset;
        }
    }
    Ok(nodes)
}

/// Encodes `value` sealed with an index frame, as the reference's
/// `encode-indexed` does: the frame is written when a container was kept
/// or stringref is on; a value that gets no frame and takes at most 4 096
/// bytes is returned as its plain encoding without a stringref namespace;
/// below 4 096 bytes, the encoding without stringref is tried too and the
/// shorter kept.
///
/// # Errors
///
/// As [`to_vec_with`](crate::to_vec_with).
pub fn encode_indexed<T: Encode + ?Sized>(
    value: &T,
    options: &Options,
    opts: IndexOptions,
) -> Result<Vec<u8>, Error> {
    let stringref = options.resolve()?.stringref;
    let data = crate::to_vec_with(value, options)?;
    let sealed = |data: Vec<u8>| -> Result<Vec<u8>, Error> {
        let mut data = data;
        if let Some(frame) = index_value(&data, opts)? {
            data.extend_from_slice(&frame.to_bytes());
        }
        Ok(data)
    };
    let kept = opts.stride != 0 && !walk::walk(&data, 0, opts)?.nodes.is_empty();
    if !stringref {
        return sealed(data);
    }
    let plain = || crate::to_vec_with(value, &options.clone().stringref(false));
    if !kept && data.len() <= 4096 {
        return plain();
    }
    let small = data.len() < 4096;
    let with = sealed(data)?;
    if small {
        let without = sealed(plain()?)?;
        if without.len() < with.len() {
            return Ok(without);
        }
    }
    Ok(with)
}

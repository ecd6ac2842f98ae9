//! Items of a seekable file whose data is a CBOR sequence (RFC 8742),
//! plain or sealed with the offset index (docs/WIRE.md §10, §11).
//!
//! A sealed sequence ends in a `boring/index` frame whose sequence node
//! lists where every s-th item starts. The frame is read through the
//! chunk reader (its last nine bytes point at it, so only the chunks
//! holding the frame are decompressed), and item `n` is then the anchor
//! `n / s` plus at most `s − 1` items walked: only the chunks covering
//! that walk are decompressed. Without a usable frame, items are found by
//! walking from the start, which decompresses every chunk up to the item;
//! the walk remembers where every 16th item starts, so later reads resume
//! from the nearest one instead of the start.
//!
//! The frame is parsed and its shape checked (layout v2 slots, anchors
//! ascending from 0 within the data, the anchor count for the item count
//! and stride). Checking its anchors against the data, as a reader of the
//! whole file does, would decompress everything; instead each item read is
//! checked to be one well-formed item within the data. A frame that fails
//! a check is no frame: its bytes are read as one more item, as a reader
//! of the whole sequence does (§10). Finding the frame reads the data's
//! last nine bytes first, so with a one-chunk cache a frame that spans
//! chunks costs its last chunk twice.

use std::io::{Read, Seek};

use boring::nav::Cursor;
use boring::ErrorKind;

use super::reader::SeekableReader;
use crate::error::{Error, Result};

/// `d8 1b 82 6c 'boring/index'`: the frame's tag, pair head and name.
const FRAME_PREFIX: &[u8; 16] = b"\xd8\x1b\x82\x6cboring/index";

/// The typed-array tags of the frame's offsets and counts (`i32` and
/// `i64`, little-endian).
const I32_LE: u64 = 78;
const I64_LE: u64 = 79;

/// How often a walk without an index records an item's start.
const SCAN_MARK: u64 = 16;

/// The bytes first read for an item; while it does not fit, four times as
/// many more are read (within one chunk at a time).
const FIRST_WINDOW: u64 = 256;

/// How a seekable file's items are found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Items {
    /// A sealed sequence: item `n` from the index's anchor `n / stride`.
    Indexed {
        /// The items of the sequence.
        count: u64,
        /// The sequence node's anchor spacing.
        stride: u64,
        /// Where the data ends and the frame starts.
        data_end: u64,
    },
    /// No usable index: items are found by walking from the start (or
    /// from the nearest item start an earlier walk recorded).
    Scanned {
        /// Where the items end: the data's end, or the start of an index
        /// frame that has no sequence node (the index of a single value).
        data_end: u64,
    },
}

impl Items {
    /// Where the items end.
    pub fn data_end(&self) -> u64 {
        match *self {
            Items::Indexed { data_end, .. } | Items::Scanned { data_end } => data_end,
        }
    }
}

/// What a reader keeps to find items: the index's anchors, or the item
/// starts a walk has recorded.
#[derive(Debug)]
pub(super) struct ItemState {
    pub(super) items: Items,
    /// Indexed: anchor `k` is where item `k * stride` starts. Scanned:
    /// entry `k` is where item `k * SCAN_MARK` starts, as far as walked.
    starts: Vec<u64>,
}

impl ItemState {
    /// Reads the index frame at the end of the data, if a usable one is
    /// there.
    pub(super) fn load<R: Read + Seek>(reader: &mut SeekableReader<R>) -> Result<ItemState> {
        let (items, starts) = match read_frame(reader)? {
            Found::Sequence(items, anchors) => (items, anchors),
            Found::Value(data_end) => (Items::Scanned { data_end }, vec![0]),
            // A frame that is not genuine is data (docs/WIRE.md §10).
            Found::Nothing => (
                Items::Scanned {
                    data_end: reader.len(),
                },
                vec![0],
            ),
        };
        Ok(ItemState { items, starts })
    }

    /// The bytes of item `n`.
    pub(super) fn item<R: Read + Seek>(
        &mut self,
        reader: &mut SeekableReader<R>,
        n: u64,
    ) -> Result<Vec<u8>> {
        let data_end = self.items.data_end();
        let (mut index, mut at) = match self.items {
            Items::Indexed { count, stride, .. } => {
                if n >= count {
                    return Err(no_item(n, Some(count)));
                }
                (n - n % stride, self.starts[(n / stride) as usize])
            }
            Items::Scanned { .. } => {
                let k = ((n / SCAN_MARK) as usize).min(self.starts.len() - 1);
                (k as u64 * SCAN_MARK, self.starts[k])
            }
        };
        loop {
            if at >= data_end {
                return Err(no_item(
                    n,
                    matches!(self.items, Items::Scanned { .. }).then_some(index),
                ));
            }
            if matches!(self.items, Items::Scanned { .. })
                && index % SCAN_MARK == 0
                && index / SCAN_MARK == self.starts.len() as u64
            {
                self.starts.push(at);
            }
            let item = read_item(reader, at, data_end)?;
            if index == n {
                return Ok(item);
            }
            at += item.len() as u64;
            index += 1;
        }
    }
}

/// The error for an item past the end (`count`: the items there are, when
/// known).
fn no_item(n: u64, count: Option<u64>) -> Error {
    Error::Seekable {
        detail: match count {
            Some(count) => format!("no item {n}: the sequence has {count} items"),
            None => format!("no item {n}"),
        },
    }
}

/// The well-formed item at `at`, which must end by `data_end`. It is read
/// in growing windows that never cross a chunk boundary, so no chunk past
/// the item's last is decompressed and, with a cache of one chunk, none is
/// decompressed twice.
fn read_item<R: Read + Seek>(
    reader: &mut SeekableReader<R>,
    at: u64,
    data_end: u64,
) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut window = FIRST_WINDOW;
    loop {
        let from = at + bytes.len() as u64;
        let chunks = reader.chunks();
        let chunk = chunks
            .partition_point(|c| c.start <= from)
            .saturating_sub(1);
        let chunk_end = chunks
            .get(chunk)
            .map_or(data_end, |c| c.start + u64::from(c.len));
        let to = chunk_end.min(data_end).min(from.saturating_add(window));
        let more = reader.read_range(from, (to - from) as usize)?;
        bytes.extend_from_slice(&more);
        let found = Cursor::new(&bytes).and_then(|c| c.bytes().map(<[u8]>::len));
        match found {
            Ok(item) => {
                bytes.truncate(item);
                return Ok(bytes);
            }
            // Cut short by the window, not by the data: read on.
            Err(e)
                if matches!(e.kind(), ErrorKind::Truncated | ErrorKind::BadCount)
                    && to < data_end =>
            {
                window = window.saturating_mul(4);
            }
            Err(e) => {
                let offset = at + e.offset().unwrap_or(0) as u64;
                return Err(Error::Seekable {
                    detail: format!(
                        "{} at byte {offset} of the data (in the item starting at byte {at})",
                        e.kind()
                    ),
                });
            }
        }
    }
}

/// Where a frame-shaped final item starts, when the data's last nine
/// bytes point at one (`48` and a big-endian offset).
fn frame_start<R: Read + Seek>(reader: &mut SeekableReader<R>) -> Result<Option<u64>> {
    let len = reader.len();
    if len < 9 + FRAME_PREFIX.len() as u64 {
        return Ok(None);
    }
    let tail = reader.read_range(len - 9, 9)?;
    if tail[0] != 0x48 {
        return Ok(None);
    }
    let mut pointer = [0u8; 8];
    pointer.copy_from_slice(&tail[1..]);
    let start = u64::from_be_bytes(pointer);
    if start + FRAME_PREFIX.len() as u64 > len - 9 {
        return Ok(None);
    }
    let prefix = reader.read_range(start, FRAME_PREFIX.len())?;
    Ok((prefix == FRAME_PREFIX).then_some(start))
}

/// What the end of the data holds.
enum Found {
    /// A frame with a sequence node: the items, and the anchors.
    Sequence(Items, Vec<u64>),
    /// A frame for a single value (no sequence node), starting here.
    Value(u64),
    /// No frame that passes the checks.
    Nothing,
}

/// The index frame ending the data, read through the chunk reader.
fn read_frame<R: Read + Seek>(reader: &mut SeekableReader<R>) -> Result<Found> {
    let Some(start) = frame_start(reader)? else {
        return Ok(Found::Nothing);
    };
    let bytes = reader.read_range(start, (reader.len() - start) as usize)?;
    Ok(parse_frame(&bytes, start).unwrap_or(Found::Nothing))
}

/// The frame's sequence node, shape-checked (docs/WIRE.md §11); `None`
/// for a frame that fails a check.
fn parse_frame(frame: &[u8], data_end: u64) -> Option<Found> {
    let root = Cursor::new(frame).ok()?;
    if root.bytes().ok()?.len() != frame.len() {
        return None;
    }
    let payload = root.index(1).ok()?;
    let elements = payload.len().ok()?;
    if !(6..=15).contains(&elements) {
        return None;
    }
    let end = payload.index(elements - 1).ok()?.as_bytes().ok()?;
    if end != data_end.to_be_bytes() {
        return None;
    }
    let stride = payload.index(0).ok()?.as_u64().ok()?;
    if stride == 0 || stride > i32::MAX as u64 {
        return None;
    }
    let offsets = int_array(payload.index(1).ok()?)?;
    let counts = int_array(payload.index(2).ok()?)?;
    if offsets.len() != counts.len() {
        return None;
    }
    if offsets.first() != Some(&-1) {
        return Some(Found::Value(data_end));
    }
    let count = u64::try_from(counts[0]).ok()?;
    let slots = payload.index(3).ok()?.as_bytes().ok()?;
    let anchors = first_node_anchors(slots, offsets.len())?;
    // The sequence node's checks: the anchor count for its stride (1 when
    // every item is an anchor), starting at 0, ascending within the data.
    let node_stride = if anchors.len() as u64 == count {
        1
    } else {
        stride
    };
    let expected = match count {
        0 => 0,
        n if node_stride == 1 => n,
        n => (n - 1) / node_stride + 1,
    };
    let ascending = anchors.windows(2).all(|w| w[0] < w[1]);
    if anchors.len() as u64 != expected
        || anchors.first().is_some_and(|&a| a != 0)
        || !ascending
        || anchors.last().is_some_and(|&a| a >= data_end)
    {
        return None;
    }
    let items = Items::Indexed {
        count,
        stride: node_stride,
        data_end,
    };
    Some(Found::Sequence(items, anchors))
}

/// The anchors of node 0 (whose offset, −1, starts them at 0) from the
/// `slots` string, layout v2: a version byte, two-bit width codes, a table
/// of where each node's deltas start, then the deltas.
fn first_node_anchors(slots: &[u8], nodes: usize) -> Option<Vec<u64>> {
    let (&version, rest) = slots.split_first()?;
    if version & 0x0F != 2 {
        return None;
    }
    let entry = if version >> 4 == 0 { 2 } else { 4 };
    let codes = nodes.div_ceil(4);
    let table = rest.get(codes..codes + (nodes + 1) * entry)?;
    let start = |i: usize| -> usize {
        let raw = &table[i * entry..(i + 1) * entry];
        match *raw {
            [a, b] => usize::from(u16::from_le_bytes([a, b])),
            [a, b, c, d] => u32::from_le_bytes([a, b, c, d]) as usize,
            _ => usize::MAX,
        }
    };
    if start(nodes) != slots.len() {
        return None;
    }
    let width = [1, 2, 4, 8][usize::from(rest[0] & 3)];
    let run = slots.get(start(0)..start(1))?;
    if run.len() % width != 0 {
        return None;
    }
    let mut anchor: i64 = 0;
    let mut anchors = Vec::with_capacity(run.len() / width);
    for delta in run.chunks_exact(width) {
        let delta = match *delta {
            [a] => i64::from(a),
            [a, b] => i64::from(u16::from_le_bytes([a, b])),
            [a, b, c, d] => i64::from(i32::from_le_bytes([a, b, c, d])),
            _ => i64::from_le_bytes(delta.try_into().ok()?),
        };
        anchor = anchor.checked_add(delta)?;
        anchors.push(u64::try_from(anchor).ok()?);
    }
    Some(anchors)
}

/// An offsets or counts array: a typed `i32` or `i64` array.
fn int_array(cursor: Cursor<'_>) -> Option<Vec<i64>> {
    match cursor.tags().ok()?.as_slice() {
        [I32_LE] => Some(cursor.typed::<i32>().ok()?.iter().map(i64::from).collect()),
        [I64_LE] => Some(cursor.typed::<i64>().ok()?.to_vec()),
        _ => None,
    }
}

//! The `boring/index` frame, byte for byte (`docs/WIRE.md` §11): writing
//! one, and finding and checking one at the end of a file.

use alloc::vec::Vec;

use super::{Frame, Node};
use crate::nav::Cursor;
use crate::wire::{parse_head, Head, Major};

/// `d8 1b 82 6c 'boring/index'`: the frame's tag, pair head and name.
const PREFIX: &[u8; 16] = b"\xd8\x1b\x82\x6cboring/index";

/// The typed-array tags of the offset and count arrays: little-endian
/// `i32`, and `i64` when an offset does not fit.
const I32_LE: u64 = 78;
const I64_LE: u64 = 79;

impl Frame {
    /// The frame's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(PREFIX);
        let elements = if self.stringrefs.is_some() { 7 } else { 6 };
        head(&mut out, Major::Array, elements);
        head(&mut out, Major::Unsigned, u64::from(self.stride));
        let offsets: Vec<i64> = self.nodes.iter().map(|n| n.offset).collect();
        typed(&mut out, &offsets);
        let counts: Vec<i64> = self.nodes.iter().map(|n| n.count as i64).collect();
        typed(&mut out, &counts);
        bytes(&mut out, &self.slots());
        let mut sorted = alloc::vec![0u8; self.nodes.len().div_ceil(8)];
        for (i, node) in self.nodes.iter().enumerate() {
            if node.sorted {
                sorted[i / 8] |= 1 << (i % 8);
            }
        }
        bytes(&mut out, &sorted);
        if let Some(table) = &self.stringrefs {
            bytes(&mut out, &stringrefs(table));
        }
        bytes(&mut out, &self.data_end.to_be_bytes());
        out
    }

    /// The `slots` byte string, layout v2: a version byte, two-bit width
    /// codes, a table of where each node's deltas start, and the deltas.
    fn slots(&self) -> Vec<u8> {
        let n = self.nodes.len();
        let widths: Vec<u8> = self.nodes.iter().map(width_code).collect();
        let deltas_len: usize = self
            .nodes
            .iter()
            .zip(&widths)
            .map(|(node, &w)| node.anchors.len() * width_bytes(w))
            .sum();
        let codes = n.div_ceil(4);
        let small = 1 + codes + (n + 1) * 2 + deltas_len < 65_536;
        let entry = if small { 2 } else { 4 };
        let mut out = alloc::vec![if small { 0x02 } else { 0x12 }];
        let mut code_bytes = alloc::vec![0u8; codes];
        for (i, &w) in widths.iter().enumerate() {
            code_bytes[i / 4] |= w << (2 * (i % 4));
        }
        out.extend_from_slice(&code_bytes);
        let mut start = 1 + codes + (n + 1) * entry;
        let mut starts = Vec::with_capacity(n + 1);
        for (node, &w) in self.nodes.iter().zip(&widths) {
            starts.push(start);
            start += node.anchors.len() * width_bytes(w);
        }
        starts.push(start);
        for s in starts {
            if small {
                out.extend_from_slice(&(s as u16).to_le_bytes());
            } else {
                out.extend_from_slice(&(s as u32).to_le_bytes());
            }
        }
        for (node, &w) in self.nodes.iter().zip(&widths) {
            for delta in deltas(node) {
                match w {
                    0 => out.push(delta as u8),
                    1 => out.extend_from_slice(&(delta as u16).to_le_bytes()),
                    2 => out.extend_from_slice(&(delta as i32).to_le_bytes()),
                    _ => out.extend_from_slice(&delta.to_le_bytes()),
                }
            }
        }
        out
    }

    /// The frame at the end of `file`, when there is a genuine one: the
    /// last nine bytes point at a frame that ends exactly at the end of the
    /// file and passes every check. Anything else is no frame (read by
    /// scanning).
    pub fn find(file: &[u8]) -> Option<Frame> {
        let n = file.len();
        if n < 9 || file[n - 9] != 0x48 {
            return None;
        }
        let mut end = [0u8; 8];
        end.copy_from_slice(&file[n - 8..]);
        let p = usize::try_from(u64::from_be_bytes(end)).ok()?;
        if p >= n - 9 || !file[p..].starts_with(PREFIX) {
            return None;
        }
        let frame = Frame::parse(&file[p..], p as u64)?;
        frame.check(file).then_some(frame)
    }

    /// Whether `item` starts like a frame (its tag and name).
    #[cfg(feature = "std")]
    pub(crate) fn looks_like(item: &[u8]) -> bool {
        item.starts_with(PREFIX)
    }

    /// Whether `item`, written at `offset` of a stream and followed by its
    /// end, is a genuine final frame as far as a stream can tell: its last
    /// nine bytes point at its own start, and it parses and passes the
    /// checks that need no data. [`Frame::find`], which holds the data,
    /// also checks the frame against it, so a stream may take for a frame
    /// a final item that a reader of the whole file reads as data.
    #[cfg(feature = "std")]
    pub(crate) fn is_final(item: &[u8], offset: u64) -> bool {
        let n = item.len();
        Frame::looks_like(item)
            && n >= 9
            && item[n - 9] == 0x48
            && item[n - 8..] == offset.to_be_bytes()
            && Frame::parse(item, offset).is_some_and(|frame| frame.check_shape())
    }

    /// Reads the frame in `bytes` (which must hold exactly the frame),
    /// whose data ends at `data_end`.
    fn parse(bytes: &[u8], data_end: u64) -> Option<Frame> {
        let root = Cursor::new(bytes).ok()?;
        if root.bytes().ok()?.len() != bytes.len() {
            return None;
        }
        let payload = root.index(1).ok()?;
        let len = payload.len().ok()?;
        if !(6..=15).contains(&len) {
            return None;
        }
        let stride = u32::try_from(payload.index(0).ok()?.as_u64().ok()?).ok()?;
        if stride == 0 || stride > i32::MAX as u32 {
            return None;
        }
        let offsets = int_array(payload.index(1).ok()?)?;
        let counts = int_array(payload.index(2).ok()?)?;
        let slots = payload.index(3).ok()?.as_bytes().ok()?;
        let sorted = payload.index(4).ok()?.as_bytes().ok()?;
        let stringrefs = match len {
            7.. => Some(parse_stringrefs(payload.index(5).ok()?.as_bytes().ok()?)?),
            _ => None,
        };
        let end = payload.index(len - 1).ok()?.as_bytes().ok()?;
        if end.len() != 8 || u64::from_be_bytes(end.try_into().ok()?) != data_end {
            return None;
        }
        if offsets.len() != counts.len() || sorted.len() != offsets.len().div_ceil(8) {
            return None;
        }
        let anchors = parse_slots(slots, &offsets)?;
        let nodes = offsets
            .iter()
            .zip(&counts)
            .zip(anchors)
            .enumerate()
            .map(|(i, ((&offset, &count), anchors))| {
                Some(Node {
                    offset,
                    count: u64::try_from(count).ok()?,
                    anchors,
                    sorted: sorted[i / 8] & (1 << (i % 8)) != 0,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Frame {
            stride,
            nodes,
            stringrefs,
            data_end,
        })
    }

    /// The reader's checks of a frame against its file: those of
    /// [`Frame::check_shape`], then each container node's head has the
    /// node's kind and count, an unsorted map node has stride 1, and the
    /// sequence node's anchors are item starts whose walk ends exactly at
    /// the data's end.
    fn check(&self, file: &[u8]) -> bool {
        if !self.check_shape() {
            return false;
        }
        for node in self.nodes.iter().filter(|n| n.offset >= 0) {
            let kind = match parse_head(file, node.offset as usize) {
                Ok((Head::Map(Some(n)), _)) if n == node.count => Major::Map,
                Ok((Head::Array(Some(n)), _)) if n == node.count => Major::Array,
                _ => return false,
            };
            if kind == Major::Map && !node.sorted && node.stride(self.stride) != 1 {
                return false;
            }
        }
        match self.nodes.first() {
            Some(seq) if seq.offset == -1 => {
                check_sequence(seq, self.stride, &file[..self.data_end as usize])
            }
            _ => true,
        }
    }

    /// The checks that need only the frame: offsets ascend and lie in the
    /// data (−1 only for a first, sequence node), each node has the anchor
    /// count of its entries at its stride, and its anchors ascend within
    /// the data, a sequence node's from 0.
    fn check_shape(&self) -> bool {
        let data_end = self.data_end;
        let mut previous = None;
        for (i, node) in self.nodes.iter().enumerate() {
            if node.offset < 0 && !(i == 0 && node.offset == -1) {
                return false;
            }
            if previous.is_some_and(|p| node.offset <= p) || node.offset >= data_end as i64 {
                return false;
            }
            previous = Some(node.offset);
            let expected = super::anchor_count(node.count, u64::from(node.stride(self.stride)));
            if node.anchors.len() as u64 != expected
                || node.anchors.iter().any(|&a| a >= data_end)
                || node.anchors.windows(2).any(|w| w[0] >= w[1])
                || (node.offset == -1 && node.anchors.first().is_some_and(|&a| a != 0))
            {
                return false;
            }
        }
        true
    }
}

/// The sequence node's anchors are item starts: the first is 0, and
/// walking items from the last one lands exactly on the data's end after
/// the right number of items.
fn check_sequence(node: &Node, stride: u32, data: &[u8]) -> bool {
    if node.count == 0 {
        return node.anchors.is_empty() && data.is_empty();
    }
    let (Some(&first), Some(&last)) = (node.anchors.first(), node.anchors.last()) else {
        return false;
    };
    if first != 0 {
        return false;
    }
    let s = u64::from(node.stride(stride));
    let tail = node.count - 1 - (node.anchors.len() as u64 - 1) * s;
    let mut at = last as usize;
    for _ in 0..=tail {
        match crate::nav::item_end(data, at) {
            Ok(end) => at = end,
            Err(_) => return false,
        }
    }
    at == data.len()
}

/// The deltas of a node's anchors: the first from the container's offset
/// (0 for the sequence node), then successive differences.
fn deltas(node: &Node) -> impl Iterator<Item = i64> + '_ {
    let mut previous = node.offset.max(0);
    node.anchors.iter().map(move |&a| {
        let d = a as i64 - previous;
        previous = a as i64;
        d
    })
}

/// The narrowest width code holding every delta of `node`: 0 `u8`,
/// 1 `u16`, 2 `i32`, 3 `i64`.
fn width_code(node: &Node) -> u8 {
    let max = deltas(node).max().unwrap_or(0);
    let min = deltas(node).min().unwrap_or(0);
    if min >= 0 && max <= 0xff {
        0
    } else if min >= 0 && max <= 0xffff {
        1
    } else if min >= i64::from(i32::MIN) && max <= i64::from(i32::MAX) {
        2
    } else {
        3
    }
}

fn width_bytes(code: u8) -> usize {
    [1, 2, 4, 8][usize::from(code & 3)]
}

/// The anchors of each node from the `slots` byte string, checked: the
/// version, the start table (its last entry the string's length, each
/// run a whole number of deltas), deltas that keep anchors non-negative.
fn parse_slots(slots: &[u8], offsets: &[i64]) -> Option<Vec<Vec<u64>>> {
    let n = offsets.len();
    let (&version, rest) = slots.split_first()?;
    if version & 0x0f != 2 {
        return None;
    }
    let entry = if version >> 4 == 0 { 2 } else { 4 };
    let codes = rest.get(..n.div_ceil(4))?;
    let table = rest.get(n.div_ceil(4)..n.div_ceil(4) + (n + 1) * entry)?;
    let start = |i: usize| -> usize {
        let raw = &table[i * entry..(i + 1) * entry];
        if entry == 2 {
            usize::from(u16::from_le_bytes([raw[0], raw[1]]))
        } else {
            u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]) as usize
        }
    };
    if start(n) != slots.len() {
        return None;
    }
    let mut all = Vec::with_capacity(n);
    for (i, &offset) in offsets.iter().enumerate() {
        let width = width_bytes(codes[i / 4] >> (2 * (i % 4)));
        let run = slots.get(start(i)..start(i + 1))?;
        if run.len() % width != 0 {
            return None;
        }
        let mut anchor = offset.max(0);
        let mut anchors = Vec::with_capacity(run.len() / width);
        for chunk in run.chunks_exact(width) {
            let delta = match width {
                1 => i64::from(chunk[0]),
                2 => i64::from(u16::from_le_bytes([chunk[0], chunk[1]])),
                4 => i64::from(i32::from_le_bytes(chunk.try_into().ok()?)),
                _ => i64::from_le_bytes(chunk.try_into().ok()?),
            };
            anchor = anchor.checked_add(delta)?;
            anchors.push(u64::try_from(anchor).ok()?);
        }
        all.push(anchors);
    }
    Some(all)
}

/// The `stringrefs` byte string, layout v1: widths in the first byte, then
/// (index, offset) pairs.
fn stringrefs(table: &[(u64, u64)]) -> Vec<u8> {
    let code = |max: u64| -> u8 {
        match max {
            0..=0xff => 0,
            0x100..=0xffff => 1,
            0x1_0000..=0xffff_ffff => 2,
            _ => 3,
        }
    };
    let iw = code(table.iter().map(|p| p.0).max().unwrap_or(0));
    let ow = code(table.iter().map(|p| p.1).max().unwrap_or(0));
    let mut out = alloc::vec![0x01 | (iw << 4) | (ow << 6)];
    for &(index, offset) in table {
        out.extend_from_slice(&index.to_le_bytes()[..width_bytes(iw)]);
        out.extend_from_slice(&offset.to_le_bytes()[..width_bytes(ow)]);
    }
    out
}

fn parse_stringrefs(bytes: &[u8]) -> Option<Vec<(u64, u64)>> {
    let (&first, rest) = bytes.split_first()?;
    if first & 0x0f != 1 {
        return None;
    }
    let (iw, ow) = (width_bytes(first >> 4), width_bytes(first >> 6));
    if rest.len() % (iw + ow) != 0 {
        return None;
    }
    let le = |chunk: &[u8]| {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(buf)
    };
    Some(
        rest.chunks_exact(iw + ow)
            .map(|pair| (le(&pair[..iw]), le(&pair[iw..])))
            .collect(),
    )
}

/// An `i32` or `i64` little-endian typed array's elements.
fn int_array(cursor: Cursor<'_>) -> Option<Vec<i64>> {
    match cursor.tags().ok()?.as_slice() {
        [I32_LE] => Some(cursor.typed::<i32>().ok()?.iter().map(i64::from).collect()),
        [I64_LE] => Some(cursor.typed::<i64>().ok()?.to_vec()),
        _ => None,
    }
}

/// Appends a head with the shortest argument, as every writer does.
fn head(out: &mut Vec<u8>, major: Major, arg: u64) {
    let mut buf = [0u8; 16];
    let n = crate::wire::encode_head(major.bits(), arg, &mut buf);
    out.extend_from_slice(&buf[..n]);
}

fn bytes(out: &mut Vec<u8>, payload: &[u8]) {
    head(out, Major::Bytes, payload.len() as u64);
    out.extend_from_slice(payload);
}

/// Offsets or counts: `i32` elements, or `i64` when one does not fit.
fn typed(out: &mut Vec<u8>, values: &[i64]) {
    let narrow = values.iter().all(|&v| i32::try_from(v).is_ok());
    if narrow {
        head(out, Major::Tag, I32_LE);
        head(out, Major::Bytes, values.len() as u64 * 4);
        for &v in values {
            out.extend_from_slice(&(v as i32).to_le_bytes());
        }
    } else {
        head(out, Major::Tag, I64_LE);
        head(out, Major::Bytes, values.len() as u64 * 8);
        for &v in values {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

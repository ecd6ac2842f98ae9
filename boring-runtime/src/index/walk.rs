//! Building an index from finished bytes: one walk over the items that
//! finds the containers worth indexing by the reference's policy
//! (`docs/WIRE.md` §11), with their anchors, and the stringref literals
//! the data refers to.

use alloc::vec::Vec;

use super::{anchor_count, IndexOptions, Node};
use crate::error::{Error, ErrorKind};
use crate::wire::stringref::min_len;
use crate::wire::{parse_head, Head, BREAK};

/// The payloads the reference writes as fixed-shape arrays inside a
/// record frame (tag 27): never indexed themselves, though what they hold
/// may be.
const FIXED_PAYLOADS: [&str; 6] = [
    "clojure/with-meta",
    "clojure/ex-info",
    "java/throwable",
    "java/boolean-array",
    "java/string-array",
    "java/object-array",
];

/// What one walk found.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// The kept container nodes, in ascending offset order.
    pub nodes: Vec<Node>,
    /// For data that opens a stringref namespace: each referenced index
    /// with the offset of its defining literal, ascending by index.
    pub stringrefs: Option<Vec<(u64, u64)>>,
}

/// An open container.
struct Open {
    offset: usize,
    map: bool,
    count: u64,
    /// Items left (a map's keys and values), `None` up to a break.
    left: Option<u64>,
    /// Items read so far (keys and values).
    read: u64,
    /// Heads counted when the container's head was read.
    heads_at_open: u64,
    /// Σ over entries of the heads inside the container before the entry.
    walk_sum: u128,
    /// Where each entry starts (its key, for a map), kept for candidates.
    entries: Vec<u64>,
    candidate: bool,
    /// Whether containers inside may be candidates.
    inner_ok: bool,
    /// A map whose keys have ascended bytewise so far.
    sorted: bool,
    /// The previous key's bytes and the current key's start.
    last_key: Option<(usize, usize)>,
    key_start: usize,
    /// The `[name, payload]` array of a record frame: its name, once read.
    record: Option<Option<usize>>,
    /// This container is a stringref namespace's content.
    namespace: bool,
}

/// Walks the items of `data` from `start` (one item, or every item of a
/// sequence) and returns the kept nodes and the stringref table.
pub(super) fn walk(data: &[u8], start: usize, opts: IndexOptions) -> Result<Found, Error> {
    let mut w = Walker {
        data,
        opts,
        heads: 0,
        stack: Vec::new(),
        nodes: Vec::new(),
        tags: Vec::new(),
        tables: Vec::new(),
        referenced: None,
    };
    let mut pos = start;
    while pos < data.len() {
        pos = w.item(pos)?;
    }
    let mut nodes = w.nodes;
    nodes.sort_by_key(|n| n.offset);
    Ok(Found {
        nodes,
        stringrefs: w.referenced.map(|mut r| {
            r.sort_unstable();
            r.dedup();
            r
        }),
    })
}

struct Walker<'a> {
    data: &'a [u8],
    opts: IndexOptions,
    heads: u64,
    stack: Vec<Open>,
    nodes: Vec<Node>,
    /// Tags read and not yet applied to their content.
    tags: Vec<u64>,
    /// Stringref tables of the open namespaces: the offsets of their
    /// literals, by index.
    tables: Vec<Vec<usize>>,
    /// The top-level namespace's referenced (index, literal offset) pairs.
    referenced: Option<Vec<(u64, u64)>>,
}

impl Walker<'_> {
    /// Walks one top-level item from `at`; returns where it ends.
    fn item(&mut self, at: usize) -> Result<usize, Error> {
        let mut pos = at;
        loop {
            // Close what is complete; not while a tag waits for its
            // content, which is still an item of the innermost container
            // (a stringref that ends a namespace needs that namespace's
            // table).
            while let Some(top) = self.stack.last().filter(|_| self.tags.is_empty()) {
                let done = match top.left {
                    Some(0) => true,
                    None => self.data.get(pos) == Some(&BREAK),
                    _ => false,
                };
                if !done {
                    break;
                }
                if top.left.is_none() {
                    pos += 1;
                }
                self.close();
            }
            if self.stack.is_empty() && pos > at && self.tags.is_empty() {
                return Ok(pos);
            }
            pos = self.one(pos)?;
            if self.stack.is_empty() && self.tags.is_empty() {
                return Ok(pos);
            }
        }
    }

    /// Reads one head at `pos` (and a string's payload); returns the
    /// offset after it.
    fn one(&mut self, pos: usize) -> Result<usize, Error> {
        self.enter_position(pos);
        let (head, next) = parse_head(self.data, pos)?;
        self.heads += 1;
        let tags = core::mem::take(&mut self.tags);
        match head {
            Head::Tag(tag) => {
                // The content takes this position: no item is complete yet.
                self.tags = tags;
                self.tags.push(tag);
                if tag == 256 {
                    self.tables.push(Vec::new());
                    // The data opens a namespace: the frame lists its
                    // references.
                    if self.stack.is_empty() && self.tables.len() == 1 {
                        self.referenced.get_or_insert_with(Vec::new);
                    }
                }
                Ok(next)
            }
            Head::Array(len) | Head::Map(len) => {
                let map = matches!(head, Head::Map(_));
                let left = match len {
                    Some(n) if map => Some(n.checked_mul(2).ok_or_else(|| bad_count(pos))?),
                    other => other,
                };
                if let Some(n) = left {
                    if n > (self.data.len() - next) as u64 {
                        return Err(bad_count(pos));
                    }
                }
                let (candidate, inner_ok) = self.candidacy(&tags);
                let namespace = tags.contains(&256);
                self.stack.push(Open {
                    offset: pos,
                    map,
                    count: len.unwrap_or(0),
                    left,
                    read: 0,
                    heads_at_open: self.heads,
                    walk_sum: 0,
                    entries: Vec::new(),
                    candidate,
                    inner_ok,
                    sorted: true,
                    last_key: None,
                    key_start: next,
                    record: (tags.last() == Some(&27)).then_some(None),
                    namespace,
                });
                Ok(next)
            }
            Head::Bytes(len) | Head::Text(len) => {
                let end = match len {
                    Some(n) => {
                        self.literal(pos, n, &tags);
                        payload_end(self.data, next, n, pos)?
                    }
                    None => self.chunks(next, pos)?,
                };
                self.finish_scalar(&tags);
                Ok(end)
            }
            Head::Unsigned(n) => {
                if tags.last() == Some(&25) {
                    self.reference(n);
                }
                self.finish_scalar(&tags);
                Ok(next)
            }
            Head::Break => Err(Error::new(ErrorKind::UnexpectedBreak, pos)),
            Head::Negative(_) | Head::Simple(_) => {
                self.finish_scalar(&tags);
                Ok(next)
            }
        }
    }

    /// Notes, before the item at `pos` is read, that it starts the next
    /// position of the innermost container: an entry start (every array
    /// item, every map key), and for a map value the end of its key.
    fn enter_position(&mut self, pos: usize) {
        if !self.tags.is_empty() {
            return;
        }
        let heads = self.heads;
        let data = self.data;
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        let entry = !top.map || top.read % 2 == 0;
        if top.map && !entry {
            // The key just read ends here.
            let key = (top.key_start, pos);
            if let Some(previous) = top.last_key {
                if data[previous.0..previous.1] >= data[key.0..key.1] {
                    top.sorted = false;
                }
            }
            top.last_key = Some(key);
        }
        if entry {
            top.walk_sum += u128::from(heads - top.heads_at_open);
            top.key_start = pos;
            if top.candidate {
                top.entries.push(pos as u64);
            }
        }
        top.read += 1;
        if let Some(n) = top.left.as_mut() {
            *n = n.saturating_sub(1);
        }
    }

    /// Whether a container opened here, under `tags`, may be indexed, and
    /// whether containers inside it may be.
    fn candidacy(&self, tags: &[u64]) -> (bool, bool) {
        let Some(parent) = self.stack.last() else {
            // A top-level item.
            return (!tags.iter().any(|t| matches!(t, 258 | 40 | 1002)), true);
        };
        if !parent.inner_ok {
            return (false, false);
        }
        // `read` already counts this item: a map key is an odd count.
        if parent.map && parent.read % 2 == 1 {
            return (false, false);
        }
        if tags.iter().any(|t| matches!(t, 258 | 40 | 1002)) {
            return (false, false);
        }
        if tags.last() == Some(&27) {
            // The `[name, payload]` pair itself.
            return (false, true);
        }
        if let Some(Some(name)) = parent.record {
            if parent.read == 2 && self.is_fixed(name) {
                return (false, true);
            }
        }
        (true, true)
    }

    /// Whether the record name whose literal is at `at` names a payload the
    /// reference writes as a fixed-shape array.
    fn is_fixed(&self, at: usize) -> bool {
        let Ok((Head::Text(Some(n)), start)) = parse_head(self.data, at) else {
            return false;
        };
        let name = self.data.get(start..start + n as usize).unwrap_or_default();
        FIXED_PAYLOADS.iter().any(|f| f.as_bytes() == name)
    }

    /// A definite string literal at `at` of `n` bytes: a record frame's
    /// name when it is one, and an entry of the namespace's table when
    /// long enough.
    fn literal(&mut self, at: usize, n: u64, tags: &[u64]) {
        if tags.is_empty() {
            self.note_name(at);
        }
        if let Some(table) = self.tables.last_mut() {
            if n >= min_len(table.len()) as u64 {
                table.push(at);
            }
        }
    }

    /// A stringref to index `n`: a record frame's name when it is one, and
    /// a reference of the top-level namespace.
    fn reference(&mut self, n: u64) {
        let target = self
            .tables
            .last()
            .and_then(|t| t.get(usize::try_from(n).ok()?).copied());
        if let Some(at) = target {
            self.note_name(at);
        }
        if self.tables.len() == 1 {
            if let (Some(refs), Some(at)) = (self.referenced.as_mut(), target) {
                refs.push((n, at as u64));
            }
        }
    }

    /// Records the name of a record frame whose first element this is.
    fn note_name(&mut self, literal: usize) {
        if let Some(top) = self.stack.last_mut() {
            if top.read == 1 {
                if let Some(name @ None) = top.record.as_mut() {
                    *name = Some(literal);
                }
            }
        }
    }

    /// A scalar item is complete: a namespace around it closes.
    fn finish_scalar(&mut self, tags: &[u64]) {
        if tags.contains(&256) {
            self.tables.pop();
        }
    }

    /// The innermost container is complete: keep it as a node when the
    /// policy says so.
    fn close(&mut self) {
        let Some(open) = self.stack.pop() else {
            return;
        };
        if open.namespace {
            self.tables.pop();
        }
        let n = if open.left.is_none() {
            // An indefinite container: its entries were counted as read.
            if open.map {
                open.read / 2
            } else {
                open.read
            }
        } else {
            open.count
        };
        if !open.candidate || n < self.opts.index_min.max(1) {
            return;
        }
        let walk = open.walk_sum / u128::from(n);
        let stride = u64::from(self.opts.stride.max(1));
        let keep = if open.map && !open.sorted {
            (n >= 2 && walk >= 4 * u128::from(n)).then_some(1)
        } else {
            let anchors = anchor_count(n, stride);
            (anchors >= 2 && walk >= 64).then_some(if anchors == n { 1 } else { stride })
        };
        if let Some(step) = keep {
            let anchors = open
                .entries
                .iter()
                .step_by(step as usize)
                .copied()
                .collect();
            self.nodes.push(Node {
                offset: open.offset as i64,
                count: n,
                anchors,
                sorted: open.map && open.sorted,
            });
        }
    }

    /// The end of an indefinite string's chunks; each chunk head counts.
    fn chunks(&mut self, mut pos: usize, item: usize) -> Result<usize, Error> {
        loop {
            if self.data.get(pos) == Some(&BREAK) {
                return Ok(pos + 1);
            }
            let (h, next) = parse_head(self.data, pos)?;
            self.heads += 1;
            pos = match h {
                Head::Bytes(Some(n)) | Head::Text(Some(n)) => {
                    payload_end(self.data, next, n, item)?
                }
                _ => return Err(Error::new(ErrorKind::BadIndefiniteChunk, pos)),
            };
        }
    }
}

fn payload_end(data: &[u8], pos: usize, n: u64, item: usize) -> Result<usize, Error> {
    if n > (data.len() - pos) as u64 {
        return Err(Error::new(ErrorKind::Truncated, item));
    }
    Ok(pos + n as usize)
}

fn bad_count(at: usize) -> Error {
    Error::new(ErrorKind::BadCount, at)
}

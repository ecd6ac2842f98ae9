//! Navigation over encoded bytes without decoding them.
//!
//! A [`Cursor`] is a view of one item in a byte slice: its kind, its length
//! read from its head, a key or position inside it, its exact bytes, and
//! its value decoded on demand, borrowing from the input. Moving a cursor
//! reads heads and skips items; nothing is built.
//!
//! ```
//! use boring::nav::{Cursor, Key};
//! use boring::Value;
//!
//! let v = Value::Map(vec![
//!     ("name".into(), "Ada".into()),
//!     ("langs".into(), Value::Array(vec!["en".into(), "fr".into()].into())),
//! ].into());
//! let bytes = boring::to_vec(&v)?;
//! let root = Cursor::new(&bytes)?;
//! assert_eq!(root.len()?, 2);
//! assert_eq!(root.get("name")?.as_str()?, "Ada");
//! assert_eq!(root.path(&[Key::from("langs"), Key::Index(1)])?.as_str()?, "fr");
//! # Ok::<(), boring::Error>(())
//! ```
//!
//! Tags are transparent: a cursor on `1("…")` navigates its content and
//! reports the tag ([`Cursor::tags`]). The forms of ours stand for what
//! they encode: a shaped (39649) or columnar (39653) table is an array of
//! maps, a keyed table (39654) and a scattered shape (39650) are maps, and
//! a cursor answers row and field questions inside them without expanding
//! them; a typed column is available whole as a [`TypedSlice`].
//!
//! # Errors
//!
//! Indefinite-length containers can be iterated, but have no count on the
//! wire: [`Cursor::len`] and [`Cursor::index`] on them are refused with
//! [`ErrorKind::UnexpectedType`]. A stringref (tag 25) has no meaning at a
//! position reached without reading what precedes it, so reading one (as
//! a string, or comparing it with a key) is refused with
//! [`ErrorKind::BadStringref`], never answered wrongly.
//!
//! A cursor reads only the heads it needs, so malformed bytes are found
//! when navigation reaches them, with the kind and offset a decoder
//! reports: [`ErrorKind::Truncated`], [`ErrorKind::BadCount`],
//! [`ErrorKind::UnexpectedBreak`], [`ErrorKind::BadIndefiniteChunk`],
//! [`ErrorKind::ReservedInfo`], [`ErrorKind::ReservedSimpleValue`] or
//! [`ErrorKind::MalformedSimpleValue`]. One of our forms whose content is
//! not what its tag requires is [`ErrorKind::BadTagContent`]; a
//! scattered-shape reference with no definition before it,
//! [`ErrorKind::UndefinedShape`].
//!
//! [`TypedSlice`]: crate::ext::typed::TypedSlice

mod file;
mod forms;
mod frame;
mod iter;
mod key;
mod leaves;
mod scan;
mod shapes;

use alloc::vec::Vec;

pub use file::Indexed;
pub use iter::{Elements, Entries};
pub use key::Key;

use crate::error::{Error, ErrorKind};
use crate::ext::typed::Number;
use crate::index::Frame;
use crate::wire::{Head, Simple};
use forms::Form;

/// How deep [`Cursor::to_value`] builds part by part (it recurses; decoding
/// an item whole does not).
const BUILD_DEPTH: usize = 256;

/// What an item is, as navigation sees it (tags looked through).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// An unsigned or negative integer (bignums are tagged byte strings).
    Integer,
    /// A byte string.
    Bytes,
    /// A text string.
    Text,
    /// An array, or a table standing for an array of maps.
    Array,
    /// A map, or a form standing for one (a table row, a keyed table, a
    /// scattered shape).
    Map,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
    /// `undefined`.
    Undefined,
    /// A float of any width.
    Float,
    /// Any other simple value.
    Simple,
    /// A stringref (tag 25), which a cursor does not resolve.
    Stringref,
}

/// A read-only view of one item (or of what one of our forms stands for)
/// in a byte slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor<'a> {
    input: &'a [u8],
    /// The top-level item, in which scattered-shape references resolve.
    root: usize,
    node: Node,
    /// The file's index, when the cursor came from an [`Indexed`] file.
    frame: Option<&'a Frame>,
}

/// Where a cursor points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    /// An item in the bytes: the offset of its first head (tags included).
    Item(usize),
    /// Row of a shaped table: its key array and the row's array.
    Row { keys: usize, cells: usize },
    /// Row `row` of a columnar table with its key array and column array.
    ColumnRow {
        keys: usize,
        columns: usize,
        row: u64,
    },
    /// One number of a typed array: its tag and the element's bytes.
    Element { tag: u64, at: usize },
    /// `len` numbers of a typed array from `at` (a row of a grid column).
    Numbers { tag: u64, at: usize, len: u64 },
    /// `len` consecutive items from `at`, standing for an array (a row of
    /// a grid column of plain elements).
    Run { at: usize, len: u64 },
    /// A map written as its keys and the items after them: a scattered
    /// shape's values.
    Zipped { keys: usize, values: usize },
    /// A keyed table: its keys, and the array item of its values.
    Keyed { keys: usize, values: usize },
}

impl<'a> Cursor<'a> {
    /// A cursor on the first item of `input`. Only its head is read: a
    /// truncated or malformed item is found when navigation reaches it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Truncated`] for empty input; a malformed first head
    /// ([`nav`](crate::nav#errors)).
    pub fn new(input: &'a [u8]) -> Result<Cursor<'a>, Error> {
        scan::head(input, 0)?;
        Ok(Cursor {
            input,
            root: 0,
            node: Node::Item(0),
            frame: None,
        })
    }

    /// A cursor on the top-level item at `at` of `input` (an item of a
    /// sequence), whose head is known to be there.
    pub(crate) fn top_level(input: &'a [u8], at: usize) -> Cursor<'a> {
        Cursor {
            input,
            root: at,
            node: Node::Item(at),
            frame: None,
        }
    }

    fn at(&self, node: Node) -> Cursor<'a> {
        Cursor { node, ..*self }
    }

    fn item(&self, at: usize) -> Cursor<'a> {
        self.at(Node::Item(at))
    }

    /// The length of the whole input the cursor reads, which bounds what
    /// a query over it may cost.
    pub(crate) fn input_len(&self) -> usize {
        self.input.len()
    }

    /// The offset of the item in the input, for items in the bytes; `None`
    /// for what only a table stands for (a row, a typed element).
    pub fn offset(&self) -> Option<usize> {
        match self.node {
            Node::Item(at) => Some(at),
            _ => None,
        }
    }

    /// The tags around the item, outermost first.
    ///
    /// # Errors
    ///
    /// Malformed input ([`nav`](crate::nav#errors)).
    pub fn tags(&self) -> Result<Vec<u64>, Error> {
        let Node::Item(mut at) = self.node else {
            return Ok(Vec::new());
        };
        let mut tags = Vec::new();
        while let (Head::Tag(tag), next) = scan::head(self.input, at)? {
            tags.push(tag);
            at = next;
        }
        Ok(tags)
    }

    /// What the item is.
    ///
    /// # Errors
    ///
    /// Malformed input ([`nav`](crate::nav#errors)).
    pub fn kind(&self) -> Result<Kind, Error> {
        Ok(match self.form()? {
            Form::Head(head, _) => match head {
                Head::Unsigned(_) | Head::Negative(_) => Kind::Integer,
                Head::Bytes(_) => Kind::Bytes,
                Head::Text(_) => Kind::Text,
                Head::Simple(Simple::Bool(_)) => Kind::Bool,
                Head::Simple(Simple::Null) => Kind::Null,
                Head::Simple(Simple::Undefined) => Kind::Undefined,
                Head::Simple(Simple::F16(_) | Simple::F32(_) | Simple::F64(_)) => Kind::Float,
                Head::Simple(Simple::Other(_)) | Head::Break => Kind::Simple,
                Head::Array(_) | Head::Map(_) | Head::Tag(_) => Kind::Simple,
            },
            Form::Array { .. } | Form::Shaped { .. } | Form::Columns { .. } => Kind::Array,
            Form::Numbers { .. } | Form::Run { .. } => Kind::Array,
            Form::Map { .. } | Form::VirtualMap => Kind::Map,
            Form::Number(Number::Int(_)) => Kind::Integer,
            Form::Number(Number::Float(_)) => Kind::Float,
            Form::Stringref(at) => match self.referenced(at) {
                Ok(literal) => return literal.kind(),
                Err(_) => Kind::Stringref,
            },
        })
    }

    /// The number of elements of an array or entries of a map, read from
    /// heads (a table's rows from its count; a row's entries by counting
    /// its present cells). Refused for indefinite-length containers and
    /// for anything that is not a container.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an indefinite-length container or
    /// anything that is not a container; [`ErrorKind::OutOfRange`] for a count
    /// past `usize`; malformed input ([`nav`](crate::nav#errors)).
    pub fn len(&self) -> Result<usize, Error> {
        let n = match self.form()? {
            Form::Array { len: Some(n), .. } | Form::Map { len: Some(n), .. } => n,
            Form::Shaped { rows, .. } => rows,
            Form::Columns { rows, .. } => rows,
            Form::Numbers { len, .. } | Form::Run { len, .. } => len,
            Form::VirtualMap => self.entries()?.count() as u64,
            _ => return Err(self.not("a container with a count")),
        };
        usize::try_from(n).map_err(|_| self.out_of_range(n, "usize"))
    }

    /// Whether [`Cursor::len`] is 0.
    ///
    /// # Errors
    ///
    /// As [`Cursor::len`].
    pub fn is_empty(&self) -> Result<bool, Error> {
        self.len().map(|n| n == 0)
    }

    /// Element `i` of an array (or row `i` of a table). Refused for
    /// indefinite-length arrays; an index past the end is `PathAbsent`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::PathAbsent`] for `i` past the end; otherwise as
    /// [`Cursor::len`].
    pub fn index(&self, i: usize) -> Result<Cursor<'a>, Error> {
        let n = self.len()?;
        if i >= n {
            return Err(self.error(ErrorKind::PathAbsent));
        }
        if let (Form::Array { head, .. }, Some(frame)) = (self.form()?, self.frame) {
            if let Some((anchor, rest)) = frame::anchor(frame, head as i64, i) {
                return self.item(anchor).step(rest);
            }
        }
        self.elements()?
            .nth(i)
            .unwrap_or_else(|| Err(self.error(ErrorKind::BadCount)))
    }

    /// The value of the first entry of a map whose key is `key`; a key
    /// that is not there is `PathAbsent`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::PathAbsent`] when no entry has `key`; otherwise as
    /// [`Cursor::find`].
    pub fn get<'k>(&self, key: impl Into<Key<'k>>) -> Result<Cursor<'a>, Error> {
        let key = key.into();
        match self.find(&key)? {
            Some(value) => Ok(value),
            None => Err(self.error(ErrorKind::PathAbsent)),
        }
    }

    /// The value of the first entry whose key is `key`, if any.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a map (nor, for a
    /// [`Key::Index`], an array); for a [`Key::Index`] into an array, what
    /// [`Cursor::index`] reports; [`ErrorKind::BadStringref`] for a stringref
    /// key the cursor cannot resolve; malformed input
    /// ([`nav`](crate::nav#errors)).
    pub fn find(&self, key: &Key<'_>) -> Result<Option<Cursor<'a>>, Error> {
        if let Key::Index(i) = *key {
            return match self.form()? {
                Form::Map { .. } | Form::VirtualMap => self.find_key(&Key::Int(i as i64)),
                _ => self.index(i).map(Some),
            };
        }
        self.find_key(key)
    }

    fn find_key(&self, key: &Key<'_>) -> Result<Option<Cursor<'a>>, Error> {
        if let (Form::Map { head, .. }, Some(frame)) = (self.form()?, self.frame) {
            if let Some(found) = frame::search(*self, frame, head, key)? {
                return Ok(Some(found));
            }
            // Not found by the index: the scan below confirms it.
        }
        for entry in self.entries()? {
            let (k, v) = entry?;
            if key.matches(&k)? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// Follows `path` from this item: a [`Key::Index`] selects an element
    /// of an array or an integer key of a map, other keys select map
    /// entries.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::PathAbsent`] at the first key that is not there; otherwise
    /// what [`Cursor::find`] reports for a step.
    pub fn path(&self, path: &[Key<'_>]) -> Result<Cursor<'a>, Error> {
        let mut here = *self;
        for key in path {
            here = match here.find(key)? {
                Some(next) => next,
                None => return Err(here.error(ErrorKind::PathAbsent)),
            };
        }
        Ok(here)
    }

    /// A cursor on the next item after this one in the input (the next item
    /// of a CBOR sequence), if bytes follow.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for what only a table stands for (it has
    /// no bytes of its own); malformed input ([`nav`](crate::nav#errors)) in
    /// this item or at the next head.
    pub fn next_item(&self) -> Result<Option<Cursor<'a>>, Error> {
        let end = scan::end(
            self.input,
            self.offset().ok_or_else(|| self.not("an item"))?,
        )?;
        if end >= self.input.len() {
            return Ok(None);
        }
        scan::head(self.input, end)?;
        Ok(Some(Cursor {
            root: end,
            node: Node::Item(end),
            ..*self
        }))
    }

    fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.position())
    }

    fn out_of_range(&self, value: impl core::fmt::Display, target: &'static str) -> Error {
        Error::out_of_range(value, target, self.position())
    }

    fn not(&self, expected: &'static str) -> Error {
        let found = match self.kind() {
            Ok(kind) => kind_name(kind),
            Err(e) => return e,
        };
        self.error(ErrorKind::UnexpectedType { expected, found })
    }

    /// The offset errors report: the item's, or the bytes a virtual node
    /// reads from.
    fn position(&self) -> usize {
        match self.node {
            Node::Item(at)
            | Node::Element { at, .. }
            | Node::Numbers { at, .. }
            | Node::Run { at, .. } => at,
            Node::Row { cells, .. } => cells,
            Node::ColumnRow { columns, .. } => columns,
            Node::Zipped { keys, .. } | Node::Keyed { keys, .. } => keys,
        }
    }
}

impl<'a> Cursor<'a> {
    /// The item `n` items after this one in the same container.
    fn step(&self, n: usize) -> Result<Cursor<'a>, Error> {
        let mut at = self.offset().ok_or_else(|| self.not("an item"))?;
        for _ in 0..n {
            at = scan::end(self.input, at)?;
        }
        Ok(self.item(at))
    }
}

/// Where the item at `at` of `input` ends, read from heads alone.
pub(crate) fn item_end(input: &[u8], at: usize) -> Result<usize, Error> {
    scan::end(input, at)
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Integer => "integer",
        Kind::Bytes => "byte string",
        Kind::Text => "text string",
        Kind::Array => "array",
        Kind::Map => "map",
        Kind::Bool => "boolean",
        Kind::Null => "null",
        Kind::Undefined => "undefined",
        Kind::Float => "float",
        Kind::Simple => "simple value",
        Kind::Stringref => "stringref",
    }
}

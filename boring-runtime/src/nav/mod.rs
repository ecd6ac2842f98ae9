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
//!     ("langs".into(), Value::Array(vec!["en".into(), "fr".into()])),
//! ]);
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
//! Indefinite-length containers can be iterated, but have no count on the
//! wire: [`Cursor::len`] and [`Cursor::index`] on them are refused with
//! [`ErrorKind::UnexpectedType`]. A stringref (tag 25) has no meaning at a
//! position reached without reading what precedes it, so reading one (as
//! a string, or comparing it with a key) is refused with
//! [`ErrorKind::BadStringref`], never answered wrongly.
//!
//! [`TypedSlice`]: crate::ext::typed::TypedSlice

mod file;
mod forms;
mod frame;
mod key;
mod scan;
mod shapes;

use alloc::boxed::Box;
use alloc::vec::Vec;

pub use file::Indexed;
pub use key::Key;

use crate::codec::Decode;
use crate::error::{Error, ErrorKind};
use crate::ext::typed::{Number, SliceElem, TypedKind, TypedSlice};
use crate::ext::{columns, keyed, shapes as shaped};
use crate::index::Frame;
use crate::value::scattered;
use crate::value::Value;
use crate::wire::{Head, Reader, Simple};
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

    /// The offset of the item in the input, for items in the bytes; `None`
    /// for what only a table stands for (a row, a typed element).
    pub fn offset(&self) -> Option<usize> {
        match self.node {
            Node::Item(at) => Some(at),
            _ => None,
        }
    }

    /// The tags around the item, outermost first.
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
    pub fn len(&self) -> Result<usize, Error> {
        let n = match self.form()? {
            Form::Array { len: Some(n), .. } | Form::Map { len: Some(n), .. } => n,
            Form::Shaped { rows, .. } => rows,
            Form::Columns { rows, .. } => rows,
            Form::Numbers { len, .. } | Form::Run { len, .. } => len,
            Form::VirtualMap => self.entries()?.count() as u64,
            _ => return Err(self.not("a container with a count")),
        };
        usize::try_from(n).map_err(|_| self.error(ErrorKind::OutOfRange))
    }

    /// Whether [`Cursor::len`] is 0.
    pub fn is_empty(&self) -> Result<bool, Error> {
        self.len().map(|n| n == 0)
    }

    /// Element `i` of an array (or row `i` of a table). Refused for
    /// indefinite-length arrays; an index past the end is `PathAbsent`.
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
    pub fn get<'k>(&self, key: impl Into<Key<'k>>) -> Result<Cursor<'a>, Error> {
        let key = key.into();
        match self.find(&key)? {
            Some(value) => Ok(value),
            None => Err(self.error(ErrorKind::PathAbsent)),
        }
    }

    /// The value of the first entry whose key is `key`, if any.
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

    /// The elements of an array (the rows of a table), in order.
    pub fn elements(&self) -> Result<Elements<'a>, Error> {
        let state = match self.form()? {
            Form::Array { len, first, .. } => ElementsState::Items {
                at: first,
                left: len,
            },
            Form::Shaped { keys, rows, first } => ElementsState::Rows {
                keys,
                at: first,
                left: rows,
            },
            Form::Columns {
                keys,
                columns,
                rows,
            } => ElementsState::ColumnRows {
                keys,
                columns,
                row: 0,
                rows,
            },
            Form::Numbers { tag, at, len } => ElementsState::Numbers { tag, at, left: len },
            Form::Run { at, len } => ElementsState::Items {
                at,
                left: Some(len),
            },
            _ => return Err(self.not("an array")),
        };
        Ok(Elements {
            cursor: *self,
            state,
        })
    }

    /// The entries of a map (or of what stands for one), in order, as
    /// cursors on each key and value. A shaped or columnar row leaves out
    /// the keys the row does not hold.
    pub fn entries(&self) -> Result<Entries<'a>, Error> {
        let state = match self.node {
            Node::Row { keys, cells } => EntriesState::Zip {
                keys: shapes::array_items(self.input, keys)?,
                values: Values::Items(shapes::array_items(self.input, cells)?),
                row: true,
            },
            Node::ColumnRow { keys, columns, row } => EntriesState::Zip {
                keys: shapes::array_items(self.input, keys)?,
                values: Values::Columns {
                    at: shapes::array_items(self.input, columns)?.0,
                    row,
                },
                row: true,
            },
            Node::Zipped { keys, values } => {
                let keys = shapes::array_items(self.input, keys)?;
                EntriesState::Zip {
                    keys,
                    values: Values::Items((values, keys.1)),
                    row: false,
                }
            }
            Node::Keyed { keys, values } => EntriesState::Zip {
                keys: shapes::array_items(self.input, keys)?,
                values: Values::Elements(Box::new(self.item(values).elements()?)),
                row: false,
            },
            _ => match self.form()? {
                Form::Map { len, first, .. } => EntriesState::Pairs {
                    at: first,
                    left: len,
                },
                Form::VirtualMap => return self.resolved()?.entries(),
                _ => return Err(self.not("a map")),
            },
        };
        Ok(Entries {
            cursor: *self,
            state,
        })
    }

    /// The exact bytes of the item, head and tags included. What only a
    /// table stands for (a row, a typed element) has no bytes of its own.
    pub fn bytes(&self) -> Result<&'a [u8], Error> {
        let Node::Item(at) = self.node else {
            return Err(self.not("an item in the bytes"));
        };
        let end = scan::end(self.input, at)?;
        Ok(&self.input[at..end])
    }

    /// Decodes the item as `T`, borrowing from the input where `T` does.
    /// The top-level item's stringref namespace is entered as decoding
    /// does; anywhere else a stringref is refused. A row of a table, or
    /// any other form that has no bytes of its own, decodes through
    /// [`Cursor::to_value`].
    pub fn decode<T: Decode<'a>>(&self) -> Result<T, Error> {
        let Node::Item(at) = self.node else {
            return Err(self.not("an item in the bytes"));
        };
        let mut r = Reader::new(self.input);
        r.seek(at);
        if at == self.root {
            return crate::api::decode_document(&mut r);
        }
        match T::decode(&mut r) {
            Err(e) if matches!(e.kind(), ErrorKind::UndefinedShape(_)) => {
                // The item refers to scattered shapes defined before it in
                // its top-level item: read those definitions, then decode.
                let mut r = Reader::new(self.input);
                for keys in shapes::definitions(self.input, self.root, at, None)? {
                    r.seek(keys);
                    let keys: Vec<Value> = Vec::decode(&mut r)?;
                    r.shapes_mut().define(Some(keys), at)?;
                }
                r.seek(at);
                T::decode(&mut r)
            }
            other => other,
        }
    }

    /// The value the item stands for, built: a table row as its map, a
    /// typed element as its number.
    pub fn to_value(&self) -> Result<Value, Error> {
        self.value_at(0)
    }

    /// [`Cursor::to_value`] at `depth` levels below the first call: what a
    /// cursor builds part by part (rows, and items whose stringrefs resolve
    /// through the index) recurses, so it has the decoder's depth limit.
    fn value_at(&self, depth: usize) -> Result<Value, Error> {
        if depth >= BUILD_DEPTH {
            return Err(self.error(ErrorKind::DepthExceeded));
        }
        match self.node {
            Node::Item(at) => match self.decode() {
                // Stringrefs resolved through the index: built from the
                // cursor instead.
                Err(e) if e.kind() == &ErrorKind::BadStringref && self.frame.is_some() => {
                    self.build(at, depth)
                }
                other => other,
            },
            Node::Element { .. } => match self.form()? {
                Form::Number(Number::Int(v)) => Ok(Value::Integer(v)),
                Form::Number(Number::Float(v)) => Ok(Value::from(v)),
                _ => Err(self.not("a number")),
            },
            _ => self.collect(depth),
        }
    }

    /// The value of the item at `at` built from its parts, each through the
    /// cursor (so that stringrefs resolve through the index).
    fn build(&self, at: usize, depth: usize) -> Result<Value, Error> {
        let (head, content) = scan::head(self.input, at)?;
        match head {
            Head::Tag(25) => self.referenced(at)?.value_at(depth + 1),
            Head::Tag(256) => self.item(content).value_at(depth + 1),
            // Our forms stand for what they hold.
            Head::Tag(shaped::TAG | columns::TAG | keyed::TAG | scattered::TAG) => {
                self.collect(depth)
            }
            Head::Tag(tag) => Ok(Value::Tag(
                tag,
                Box::new(self.item(content).value_at(depth + 1)?),
            )),
            Head::Array(_) | Head::Map(_) => self.collect(depth),
            _ => self.decode(),
        }
    }

    /// An array's elements or a map's entries, each as its value.
    fn collect(&self, depth: usize) -> Result<Value, Error> {
        let below = depth + 1;
        if self.kind()? == Kind::Array {
            let items = self.elements()?.map(|e| e.and_then(|c| c.value_at(below)));
            return items.collect::<Result<_, _>>().map(Value::Array);
        }
        let entries = self.entries()?;
        let entries =
            entries.map(|e| e.and_then(|(k, v)| Ok((k.value_at(below)?, v.value_at(below)?))));
        entries.collect::<Result<_, _>>().map(Value::Map)
    }

    /// The item as an unsigned integer that fits `u64`.
    pub fn as_u64(&self) -> Result<u64, Error> {
        match self.form()? {
            Form::Head(Head::Unsigned(v), _) => Ok(v),
            Form::Number(Number::Int(v)) => {
                u64::try_from(v).map_err(|_| self.error(ErrorKind::OutOfRange))
            }
            _ => Err(self.not("an integer")),
        }
    }

    /// The item as an integer that fits `i64`.
    pub fn as_i64(&self) -> Result<i64, Error> {
        let v = match self.form()? {
            Form::Head(Head::Unsigned(v), _) => i128::from(v),
            Form::Head(Head::Negative(n), _) => -1 - i128::from(n),
            Form::Number(Number::Int(v)) => v,
            _ => return Err(self.not("an integer")),
        };
        i64::try_from(v).map_err(|_| self.error(ErrorKind::OutOfRange))
    }

    /// The item as a float (any width, widened), or an integer that is
    /// exactly representable.
    pub fn as_f64(&self) -> Result<f64, Error> {
        match self.form()? {
            Form::Head(Head::Simple(Simple::F64(v)), _) => Ok(v),
            Form::Head(Head::Simple(Simple::F32(v)), _) => Ok(f64::from(v)),
            Form::Head(Head::Simple(Simple::F16(bits)), _) => {
                Ok(crate::wire::float::f16_to_f64(bits))
            }
            Form::Number(Number::Float(v)) => Ok(v),
            _ => Err(self.not("a float")),
        }
    }

    /// The item as a boolean.
    pub fn as_bool(&self) -> Result<bool, Error> {
        match self.form()? {
            Form::Head(Head::Simple(Simple::Bool(b)), _) => Ok(b),
            _ => Err(self.not("a boolean")),
        }
    }

    /// Whether the item is `null`.
    pub fn is_null(&self) -> Result<bool, Error> {
        Ok(matches!(
            self.form()?,
            Form::Head(Head::Simple(Simple::Null), _)
        ))
    }

    /// The item as text, borrowed from the input (a definite text string;
    /// an identifier's text under tag 39 is reached through the tag).
    pub fn as_str(&self) -> Result<&'a str, Error> {
        let (payload, at) = self.definite_string(false)?;
        core::str::from_utf8(payload).map_err(|_| Error::new(ErrorKind::InvalidUtf8, at))
    }

    /// The item as a byte string, borrowed from the input.
    pub fn as_bytes(&self) -> Result<&'a [u8], Error> {
        self.definite_string(true).map(|(payload, _)| payload)
    }

    fn definite_string(&self, bytes: bool) -> Result<(&'a [u8], usize), Error> {
        match self.form()? {
            Form::Head(Head::Text(Some(n)), at) if !bytes => Ok((self.payload(at, n)?, at)),
            Form::Head(Head::Bytes(Some(n)), at) if bytes => Ok((self.payload(at, n)?, at)),
            Form::Stringref(at) => self.referenced(at)?.definite_string(bytes),
            _ => Err(self.not(if bytes {
                "a definite byte string"
            } else {
                "a definite text string"
            })),
        }
    }

    /// The payload of the string whose head is at `at`.
    fn payload(&self, at: usize, n: u64) -> Result<&'a [u8], Error> {
        let (_, start) = scan::head(self.input, at)?;
        let end = scan::end(self.input, at)?;
        debug_assert_eq!((end - start) as u64, n);
        Ok(&self.input[start..end])
    }

    /// A typed array (RFC 8746) whose element type is exactly `T`, read in
    /// place: a typed item, or the typed column `key` of a columnar table.
    pub fn typed<T: SliceElem>(&self) -> Result<TypedSlice<'a, T>, Error> {
        self.decode()
    }

    /// The column `key` of a columnar table (tag 39653) as a typed array
    /// whose element type is exactly `T`, read in place; a column that is
    /// not typed is `UnexpectedType`.
    pub fn column<'k, T: SliceElem>(
        &self,
        key: impl Into<Key<'k>>,
    ) -> Result<TypedSlice<'a, T>, Error> {
        let key = key.into();
        let Form::Columns { keys, columns, .. } = self.form()? else {
            return Err(self.not("a columnar table"));
        };
        let (first_key, count) = shapes::array_items(self.input, keys)?;
        let mut at = first_key;
        let (mut column, _) = shapes::array_items(self.input, columns)?;
        for _ in 0..count {
            if key.matches(&self.item(at))? {
                return self.item(column).typed();
            }
            at = scan::end(self.input, at)?;
            column = scan::end(self.input, column)?;
        }
        Err(self.error(ErrorKind::PathAbsent))
    }

    /// A cursor on the next item after this one in the input (the next item
    /// of a CBOR sequence), if bytes follow.
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

/// The elements of an array; see [`Cursor::elements`].
#[derive(Debug, Clone)]
pub struct Elements<'a> {
    cursor: Cursor<'a>,
    state: ElementsState,
}

#[derive(Debug, Clone)]
enum ElementsState {
    Items {
        at: usize,
        left: Option<u64>,
    },
    Rows {
        keys: usize,
        at: usize,
        left: u64,
    },
    ColumnRows {
        keys: usize,
        columns: usize,
        row: u64,
        rows: u64,
    },
    Numbers {
        tag: u64,
        at: usize,
        left: u64,
    },
    Done,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Result<Cursor<'a>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let input = self.cursor.input;
        let result = match &mut self.state {
            ElementsState::Items { at, left } => {
                match left {
                    Some(0) => return None,
                    None if input.get(*at) == Some(&crate::wire::BREAK) => return None,
                    _ => {}
                }
                let here = *at;
                scan::end(input, here).map(|end| {
                    *at = end;
                    if let Some(n) = left.as_mut() {
                        *n -= 1;
                    }
                    self.cursor.item(here)
                })
            }
            ElementsState::Rows { keys, at, left } => {
                if *left == 0 {
                    return None;
                }
                let (cells, keys) = (*at, *keys);
                scan::end(input, cells).map(|end| {
                    *at = end;
                    *left -= 1;
                    self.cursor.at(Node::Row { keys, cells })
                })
            }
            ElementsState::ColumnRows {
                keys,
                columns,
                row,
                rows,
            } => {
                if *row == *rows {
                    return None;
                }
                let node = Node::ColumnRow {
                    keys: *keys,
                    columns: *columns,
                    row: *row,
                };
                *row += 1;
                Ok(self.cursor.at(node))
            }
            ElementsState::Numbers { tag, at, left } => {
                if *left == 0 {
                    return None;
                }
                let node = Node::Element { tag: *tag, at: *at };
                let width = TypedKind::from_tag(*tag).map_or(1, |k| k.elem.width());
                *at += width;
                *left -= 1;
                Ok(self.cursor.at(node))
            }
            ElementsState::Done => return None,
        };
        if result.is_err() {
            self.state = ElementsState::Done;
        }
        Some(result)
    }
}

/// The entries of a map; see [`Cursor::entries`].
#[derive(Debug, Clone)]
pub struct Entries<'a> {
    cursor: Cursor<'a>,
    state: EntriesState<'a>,
}

#[derive(Debug, Clone)]
enum EntriesState<'a> {
    /// A map's key and value items, in turn.
    Pairs {
        at: usize,
        left: Option<u64>,
    },
    /// Keys from a key array (first key, count), values from elsewhere;
    /// `row` when an `undefined` value is a key the row does not hold.
    Zip {
        keys: (usize, u64),
        values: Values<'a>,
        row: bool,
    },
    Done,
}

/// Where the values of zipped entries come from.
#[derive(Debug, Clone)]
enum Values<'a> {
    /// Consecutive items: the first one's offset and their count.
    Items((usize, u64)),
    /// Row `row` of the columns whose first column is at `at`.
    Columns { at: usize, row: u64 },
    /// The elements of an array-like item.
    Elements(Box<Elements<'a>>),
}

impl<'a> Iterator for Entries<'a> {
    type Item = Result<(Cursor<'a>, Cursor<'a>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let result = self.step();
        match result {
            Ok(Some(entry)) => Some(Ok(entry)),
            Ok(None) => {
                self.state = EntriesState::Done;
                None
            }
            Err(e) => {
                self.state = EntriesState::Done;
                Some(Err(e))
            }
        }
    }
}

impl<'a> Entries<'a> {
    fn step(&mut self) -> Result<Option<(Cursor<'a>, Cursor<'a>)>, Error> {
        let cursor = self.cursor;
        let input = cursor.input;
        loop {
            match &mut self.state {
                EntriesState::Done => return Ok(None),
                EntriesState::Pairs { at, left } => {
                    match left {
                        Some(0) => return Ok(None),
                        None if input.get(*at) == Some(&crate::wire::BREAK) => return Ok(None),
                        _ => {}
                    }
                    let key = *at;
                    let value = scan::end(input, key)?;
                    *at = scan::end(input, value)?;
                    if let Some(n) = left.as_mut() {
                        *n -= 1;
                    }
                    return Ok(Some((cursor.item(key), cursor.item(value))));
                }
                EntriesState::Zip { keys, values, row } => {
                    if keys.1 == 0 {
                        return Ok(None);
                    }
                    let key = keys.0;
                    keys.0 = scan::end(input, key)?;
                    keys.1 -= 1;
                    let value = match values {
                        Values::Items((at, left)) => {
                            if *left == 0 {
                                return Ok(None);
                            }
                            let here = *at;
                            *at = scan::end(input, here)?;
                            *left -= 1;
                            cursor.item(here)
                        }
                        Values::Columns { at, row } => {
                            let column = *at;
                            *at = scan::end(input, column)?;
                            match shapes::cell(cursor, column, *row)? {
                                Some(cell) => cell,
                                None => continue,
                            }
                        }
                        Values::Elements(elements) => match elements.next() {
                            Some(value) => value?,
                            None => return Ok(None),
                        },
                    };
                    // An `undefined` cell is a key the row does not hold.
                    if *row && value.is_absent()? {
                        continue;
                    }
                    return Ok(Some((cursor.item(key), value)));
                }
            }
        }
    }
}

//! What a cursor's node is: tags looked through, and our tables and maps
//! read from their heads.

use super::shapes::{array_items, definition};
use super::{scan, Cursor, Node};
use crate::error::{Error, ErrorKind};
use crate::ext::typed::{element, Number, TypedKind, BEYOND_F64};
use crate::ext::{columns, keyed, shapes as shaped};
use crate::value::scattered;
use crate::wire::{Head, Simple};

/// The structure under a node.
#[derive(Debug, Clone, Copy)]
pub(super) enum Form {
    /// A scalar or a string: its head, and the offset of the head.
    Head(Head, usize),
    /// An array: its count, head and first element.
    Array {
        len: Option<u64>,
        head: usize,
        first: usize,
    },
    /// A map: its count, head and first key.
    Map {
        len: Option<u64>,
        head: usize,
        first: usize,
    },
    /// A shaped table (39649): its key array, row count and first row.
    Shaped {
        keys: usize,
        rows: u64,
        first: usize,
    },
    /// A columnar table (39653): its key array, column array and row count.
    Columns {
        keys: usize,
        columns: usize,
        rows: u64,
    },
    /// A run of typed elements (a grid row).
    Numbers { tag: u64, at: usize, len: u64 },
    /// A run of items standing for an array (a grid row of plain elements).
    Run { at: usize, len: u64 },
    /// A map that is not a CBOR map: a table row, a keyed table, a
    /// scattered shape (see [`Cursor::resolved`]).
    VirtualMap,
    /// One element of a typed array.
    Number(Number),
    /// A stringref (tag 25), at this offset.
    Stringref(usize),
}

impl<'a> Cursor<'a> {
    /// The structure under this cursor.
    pub(super) fn form(&self) -> Result<Form, Error> {
        let at = match self.node {
            Node::Item(at) => at,
            Node::Row { .. }
            | Node::ColumnRow { .. }
            | Node::Zipped { .. }
            | Node::Keyed { .. } => return Ok(Form::VirtualMap),
            Node::Numbers { tag, at, len } => return Ok(Form::Numbers { tag, at, len }),
            Node::Run { at, len } => return Ok(Form::Run { at, len }),
            Node::Element { tag, at } => {
                let kind = TypedKind::from_tag(tag).ok_or_else(|| bad(tag, at))?;
                let chunk = self
                    .input
                    .get(at..at + kind.elem.width())
                    .ok_or_else(|| Error::new(ErrorKind::Truncated, at))?;
                let number = element(kind, chunk)
                    .ok_or_else(|| Error::out_of_range(BEYOND_F64, "f64", at))?;
                return Ok(Form::Number(number));
            }
        };
        let mut here = at;
        loop {
            let (head, next) = scan::head(self.input, here)?;
            return Ok(match head {
                Head::Tag(shaped::TAG) => self.shaped(here, next)?,
                Head::Tag(columns::TAG) => self.columnar(here, next)?,
                Head::Tag(keyed::TAG | scattered::TAG) => Form::VirtualMap,
                Head::Tag(25) => Form::Stringref(here),
                Head::Tag(_) => {
                    here = next;
                    continue;
                }
                Head::Array(len) => Form::Array {
                    len,
                    head: here,
                    first: next,
                },
                Head::Map(len) => Form::Map {
                    len,
                    head: here,
                    first: next,
                },
                other => Form::Head(other, here),
            });
        }
    }

    /// `39649([keys, rows])`.
    fn shaped(&self, tag_at: usize, content: usize) -> Result<Form, Error> {
        let bad = || bad(shaped::TAG, tag_at);
        let (parts, count) = array_items(self.input, content).map_err(|_| bad())?;
        if count != 2 {
            return Err(bad());
        }
        let rows_at = scan::end(self.input, parts)?;
        array_items(self.input, parts).map_err(|_| bad())?;
        let (first, rows) = array_items(self.input, rows_at).map_err(|_| bad())?;
        Ok(Form::Shaped {
            keys: parts,
            rows,
            first,
        })
    }

    /// `39653([keys, n, columns])`.
    fn columnar(&self, tag_at: usize, content: usize) -> Result<Form, Error> {
        let bad = || bad(columns::TAG, tag_at);
        let (parts, count) = array_items(self.input, content).map_err(|_| bad())?;
        if count != 3 {
            return Err(bad());
        }
        let (_, key_count) = array_items(self.input, parts).map_err(|_| bad())?;
        let n_at = scan::end(self.input, parts)?;
        let (Head::Unsigned(rows), columns_at) = scan::head(self.input, n_at)? else {
            return Err(bad());
        };
        let (_, column_count) = array_items(self.input, columns_at).map_err(|_| bad())?;
        if column_count != key_count {
            return Err(bad());
        }
        Ok(Form::Columns {
            keys: parts,
            columns: columns_at,
            rows,
        })
    }

    /// The node a keyed table or a scattered shape at this item stands for;
    /// any other cursor as it is.
    pub(super) fn resolved(&self) -> Result<Cursor<'a>, Error> {
        let Node::Item(at) = self.node else {
            return Ok(*self);
        };
        let mut here = at;
        loop {
            let (head, next) = scan::head(self.input, here)?;
            match head {
                Head::Tag(keyed::TAG) => {
                    let bad = || bad(keyed::TAG, here);
                    let (keys, count) = array_items(self.input, next).map_err(|_| bad())?;
                    if count != 2 {
                        return Err(bad());
                    }
                    let values = scan::end(self.input, keys)?;
                    array_items(self.input, keys).map_err(|_| bad())?;
                    return Ok(self.at(Node::Keyed { keys, values }));
                }
                Head::Tag(scattered::TAG) => {
                    let bad = || bad(scattered::TAG, here);
                    let (first, count) = array_items(self.input, next).map_err(|_| bad())?;
                    let keys = match scan::head(self.input, first)?.0 {
                        Head::Array(_) => first,
                        Head::Unsigned(index) => definition(self.input, self.root, index, here)?,
                        _ => return Err(bad()),
                    };
                    let (_, key_count) = array_items(self.input, keys).map_err(|_| bad())?;
                    if count < 2 || key_count != count - 1 {
                        return Err(bad());
                    }
                    let values = scan::end(self.input, first)?;
                    return Ok(self.at(Node::Zipped { keys, values }));
                }
                Head::Tag(shaped::TAG | columns::TAG | 25) => return Ok(*self),
                Head::Tag(_) => here = next,
                _ => return Ok(*self),
            }
        }
    }

    /// Whether this is an `undefined` cell, which a table row uses for a
    /// key it does not hold.
    pub(super) fn is_absent(&self) -> Result<bool, Error> {
        match self.node {
            Node::Item(at) => Ok(matches!(
                scan::head(self.input, at)?.0,
                Head::Simple(Simple::Undefined)
            )),
            _ => Ok(false),
        }
    }
}

fn bad(tag: u64, at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag }, at)
}

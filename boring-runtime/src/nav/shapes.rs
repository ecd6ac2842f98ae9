//! Inside our tables without expanding them: a definite array's items, a
//! columnar table's cell, a scattered shape's definition.

use alloc::vec;
use alloc::vec::Vec;

use super::forms::Form;
use super::{scan, Cursor, Node};
use crate::error::{Error, ErrorKind};
use crate::ext::grid;
use crate::ext::typed::TypedKind;
use crate::value::scattered;
use crate::wire::{Head, BREAK};

/// The first item and the count of the definite array whose head (no
/// tags) is at `at`.
pub(super) fn array_items(input: &[u8], at: usize) -> Result<(usize, u64), Error> {
    match scan::head(input, at)? {
        (Head::Array(Some(n)), first) => Ok((first, n)),
        (head, _) => Err(Error::new(
            ErrorKind::UnexpectedType {
                expected: "a definite array",
                found: describe(&head),
            },
            at,
        )),
    }
}

fn describe(head: &Head) -> &'static str {
    match head {
        Head::Unsigned(_) | Head::Negative(_) => "integer",
        Head::Bytes(_) => "byte string",
        Head::Text(_) => "text string",
        Head::Array(_) => "indefinite array",
        Head::Map(_) => "map",
        Head::Tag(_) => "tag",
        Head::Simple(_) | Head::Break => "simple value",
    }
}

/// The cell of row `row` in the column at `column` of a columnar table:
/// an element of a typed column, a run of a grid, an item of a plain
/// column, a row of a nested table; `None` for an absent cell.
pub(super) fn cell<'a>(
    cursor: Cursor<'a>,
    column: usize,
    row: u64,
) -> Result<Option<Cursor<'a>>, Error> {
    let input = cursor.input;
    let (head, next) = scan::head(input, column)?;
    if let Head::Tag(tag) = head {
        if let Some(kind) = TypedKind::from_tag(tag) {
            let width = kind.elem.width() as u64;
            let (payload, _) = string_payload(input, next)?;
            let at = row
                .checked_mul(width)
                .map(|offset| payload as u64 + offset)
                .filter(|&at| at + width <= input.len() as u64)
                .ok_or_else(|| Error::new(ErrorKind::BadCount, column))?;
            return Ok(Some(cursor.at(Node::Element {
                tag,
                at: at as usize,
            })));
        }
        if tag == grid::TAG {
            return grid_row(cursor, column, next, row).map(Some);
        }
    }
    let column_cursor = cursor.item(column);
    let cell = match column_cursor.form()? {
        Form::Columns { .. } | Form::Shaped { .. } | Form::Array { .. } => {
            column_cursor.elements()?.nth(row as usize).transpose()?
        }
        _ => None,
    };
    match cell {
        Some(cell) if cell.is_absent()? => Ok(None),
        Some(cell) => Ok(Some(cell)),
        None => Err(Error::new(
            ErrorKind::BadTagContent {
                tag: crate::ext::columns::TAG,
            },
            column,
        )),
    }
}

/// Row `row` of a grid `40([[n, k], elements])`: k typed elements, or k
/// items of a plain element array.
fn grid_row<'a>(
    cursor: Cursor<'a>,
    at: usize,
    content: usize,
    row: u64,
) -> Result<Cursor<'a>, Error> {
    let input = cursor.input;
    let bad = || Error::new(ErrorKind::BadTagContent { tag: grid::TAG }, at);
    let (dims, count) = array_items(input, content).map_err(|_| bad())?;
    let (first_dim, dim_count) = array_items(input, dims).map_err(|_| bad())?;
    if count != 2 || dim_count != 2 {
        return Err(bad());
    }
    let k_at = scan::end(input, first_dim)?;
    let (Head::Unsigned(k), _) = scan::head(input, k_at)? else {
        return Err(bad());
    };
    let elements = scan::end(input, dims)?;
    let start = row.checked_mul(k).ok_or_else(bad)?;
    match scan::head(input, elements)? {
        (Head::Tag(tag), next) => {
            let kind = TypedKind::from_tag(tag).ok_or_else(bad)?;
            let width = kind.elem.width() as u64;
            let (payload, len) = string_payload(input, next)?;
            let offset = start.checked_mul(width).ok_or_else(bad)?;
            if offset + k * width > len {
                return Err(bad());
            }
            Ok(cursor.at(Node::Numbers {
                tag,
                at: payload + offset as usize,
                len: k,
            }))
        }
        (Head::Array(Some(_)), _) => {
            let mut items = cursor.item(elements).elements()?;
            let first = match start.checked_sub(1) {
                None => items.next(),
                Some(skip) => items.nth(skip as usize + 1),
            };
            let first = first.ok_or_else(bad)??;
            Ok(cursor.at(Node::Run {
                at: first.offset().ok_or_else(bad)?,
                len: k,
            }))
        }
        _ => Err(bad()),
    }
}

/// The payload offset and length of the definite byte string at `at`.
fn string_payload(input: &[u8], at: usize) -> Result<(usize, u64), Error> {
    match scan::head(input, at)? {
        (Head::Bytes(Some(n)), payload) if n <= (input.len() - payload) as u64 => Ok((payload, n)),
        _ => Err(Error::new(ErrorKind::BadTagContent { tag: 64 }, at)),
    }
}

/// The key array of scattered-shape definition `index` in the top-level
/// item at `root`, for a reference at `at`.
pub(super) fn definition(input: &[u8], root: usize, index: u64, at: usize) -> Result<usize, Error> {
    let found = definitions(input, root, at, Some(index))?;
    match found.get(index as usize) {
        Some(&keys) => Ok(keys),
        None => Err(Error::new(ErrorKind::UndefinedShape(index), at)),
    }
}

/// The key arrays of the scattered-shape definitions in the top-level item
/// at `root` that are complete before `at`, in the order they complete
/// (their indices); with `upto`, no more than needed to reach that index.
pub(super) fn definitions(
    input: &[u8],
    root: usize,
    at: usize,
    upto: Option<u64>,
) -> Result<Vec<usize>, Error> {
    struct Frame {
        left: Option<u64>,
        /// The key array, when this frame is a definition's content.
        keys: Option<usize>,
    }
    let mut frames = vec![Frame {
        left: Some(1),
        keys: None,
    }];
    let mut found = Vec::new();
    let mut scattered_next = false;
    let mut pos = root;
    loop {
        while let Some(top) = frames.last_mut() {
            match top.left {
                Some(0) => {}
                None if input.get(pos) == Some(&BREAK) => pos += 1,
                _ => break,
            }
            if let Some(Frame {
                keys: Some(keys), ..
            }) = frames.pop()
            {
                found.push(keys);
                if upto.is_some_and(|i| found.len() as u64 > i) {
                    return Ok(found);
                }
            }
        }
        // Only definitions complete before `at` count.
        let Some(top) = frames.last_mut().filter(|_| pos < at) else {
            return Ok(found);
        };
        if let Some(n) = top.left.as_mut() {
            *n -= 1;
        }
        let item = pos;
        let (head, next) = scan::head(input, pos)?;
        let definition = core::mem::take(&mut scattered_next);
        match head {
            Head::Tag(tag) => {
                scattered_next = tag == scattered::TAG;
                // The content takes the tag's place.
                if let Some(n) = top.left.as_mut() {
                    *n += 1;
                }
                pos = next;
            }
            Head::Array(len) => {
                let keys = (definition && matches!(scan::head(input, next)?.0, Head::Array(_)))
                    .then_some(next);
                frames.push(Frame { left: len, keys });
                pos = next;
            }
            Head::Map(len) => {
                let left = match len {
                    Some(n) => Some(
                        n.checked_mul(2)
                            .ok_or_else(|| Error::new(ErrorKind::BadCount, item))?,
                    ),
                    None => None,
                };
                frames.push(Frame { left, keys: None });
                pos = next;
            }
            _ => pos = scan::end(input, item)?,
        }
    }
}

//! Walking a container: the elements of an array (or the rows a table
//! stands for) and the entries of a map (or of what stands for one).

use alloc::boxed::Box;

use super::forms::Form;
use super::{scan, shapes, Cursor, Node};
use crate::error::Error;
use crate::ext::typed::TypedKind;

impl<'a> Cursor<'a> {
    /// The elements of an array (the rows of a table), in order.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`](crate::ErrorKind::UnexpectedType) for an
    /// item that is neither an array nor a table; malformed input
    /// ([`nav`](crate::nav#errors)).
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
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`](crate::ErrorKind::UnexpectedType) for an
    /// item that is neither a map nor a form standing for one; malformed input
    /// ([`nav`](crate::nav#errors)).
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

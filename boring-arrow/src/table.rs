//! Reading one boring item that is a table into an Arrow record batch.
//!
//! A columnar table (39653) is read column by column through the
//! navigation cursor: a column the batch does not ask for is never
//! decoded, only skipped over once to find the next. Typed columns become
//! primitive arrays with one bulk copy ([`crate::typed`]), grids become
//! fixed-size lists, plain columns of scalars are read straight from the
//! bytes, and plain columns of nested values are decoded into `Value`s
//! first. Anything else that stands for an array of maps (a shaped table,
//! a plain array of maps, a table under a stringref namespace, whose
//! strings only mean something read in order) is decoded whole.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::types::{
    Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type,
    UInt64Type, UInt8Type,
};
use arrow_array::{
    new_null_array, ArrayRef, BinaryArray, FixedSizeListArray, LargeBinaryArray, LargeListArray,
    LargeStringArray, ListArray, PrimitiveArray, RecordBatch, RecordBatchOptions, StringArray,
    StringViewArray,
};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{DataType, FieldRef, Schema, SchemaRef};
use boring::ext::typed::{Elem, Number, TypedKind};
use boring::nav::{Cursor, Kind};
use boring::{ErrorKind, Value};

use crate::cells::{cells_to_array, describe, Cell};
use crate::error::{Error, Result};
use crate::infer::{key_name, Guess, SchemaGuess};
use crate::typed::{convert, show, typed_to_array, Place, Target};

const COLUMNAR: u64 = boring::ext::COLUMNAR_TAG;
const GRID: u64 = boring::ext::GRID_TAG;
/// Self-described CBOR, looked through at the start of an item.
const SELF_DESCRIBED: u64 = 55799;

/// One table, opened: its keys and row count read, its columns located.
#[derive(Debug)]
pub struct Table<'a> {
    keys: Vec<String>,
    rows: usize,
    source: Source<'a>,
    /// Where each column item starts in the table's item, for a columnar
    /// table read in place.
    starts: Option<Vec<usize>>,
}

#[derive(Debug)]
enum Source<'a> {
    /// A columnar table: a cursor on each column item.
    Columns(Vec<Cursor<'a>>),
    /// A decoded columnar table (one under a stringref namespace): its
    /// columns, typed ones kept as their payload.
    Decoded(Vec<Owned>),
    /// A decoded array of maps, split into one vector of cells per key.
    Cells(Vec<Vec<Cell<'static>>>),
}

/// A column of a decoded columnar table.
#[derive(Debug)]
enum Owned {
    Typed(TypedKind, Vec<u8>),
    Grid(usize, Box<Owned>),
    Cells(Vec<Cell<'static>>),
}

/// One column (or a grid's elements), however it is held.
enum Form<'a> {
    Typed(TypedKind, &'a [u8]),
    Grid {
        width: usize,
        elements: Box<Form<'a>>,
    },
    Plain(Cursor<'a>),
    Cells(&'a [Cell<'static>]),
}

impl Owned {
    fn form(&self) -> Form<'_> {
        match self {
            Owned::Typed(kind, payload) => Form::Typed(*kind, payload),
            Owned::Grid(width, elements) => Form::Grid {
                width: *width,
                elements: Box::new(elements.form()),
            },
            Owned::Cells(cells) => Form::Cells(cells),
        }
    }

    /// A decoded column: typed and grid columns kept, anything else
    /// expanded into cells (nested tables included).
    fn from_value(column: Value, grid_allowed: bool) -> Result<Owned> {
        match column {
            Value::Tag(tag, content) if TypedKind::from_tag(tag).is_some() => {
                let kind = TypedKind::from_tag(tag).ok_or_else(|| bad_tag(tag))?;
                match content.into_inner() {
                    Value::Bytes(payload) if payload.len() % kind.elem.width() == 0 => {
                        Ok(Owned::Typed(kind, payload))
                    }
                    _ => Err(bad_tag(tag).into()),
                }
            }
            Value::Tag(GRID, content) if grid_allowed => {
                let Value::Array(parts) = content.into_inner() else {
                    return Err(bad_tag(GRID).into());
                };
                let [dims, elements]: [Value; 2] =
                    parts.into_vec().try_into().map_err(|_| bad_tag(GRID))?;
                let width = dims
                    .as_array()
                    .and_then(|d| d.get(1))
                    .and_then(Value::as_u64)
                    .and_then(|w| usize::try_from(w).ok())
                    .filter(|w| *w > 0)
                    .ok_or_else(|| bad_tag(GRID))?;
                Ok(Owned::Grid(
                    width,
                    Box::new(Owned::from_value(elements, false)?),
                ))
            }
            other => {
                // Nested tables kept by the unexpanded decode: encoded again
                // without stringref (the strings are resolved) and decoded
                // expanded.
                let bytes = boring::to_vec_with(&other, &boring::Profile::Interop.into())?;
                let Value::Array(cells) = boring::from_slice::<Value>(&bytes)? else {
                    return Err(bad_tag(COLUMNAR).into());
                };
                Ok(Owned::Cells(
                    cells
                        .into_vec()
                        .into_iter()
                        .map(|c| Some(Cow::Owned(c)))
                        .collect(),
                ))
            }
        }
    }
}

fn bad_tag(tag: u64) -> boring::Error {
    boring::Error::new(ErrorKind::BadTagContent { tag }, 0)
}

impl<'a> Table<'a> {
    /// Opens the table that is the first item of `item`: a columnar table
    /// (tag 39653), a shaped table (39649) or an array of maps.
    ///
    /// # Errors
    ///
    /// [`Error::Boring`] for malformed bytes or a table that breaks its
    /// tag's rules (the offset is counted from the start of `item`);
    /// [`Error::NotATable`] for any other item.
    pub fn open(item: &'a [u8]) -> Result<Table<'a>> {
        Table::open_with(item, None)
    }

    /// As [`Table::open`], for an item opened before whose
    /// [`Table::column_starts`] were kept: a columnar table's columns are
    /// taken from there instead of being found by walking every column
    /// before them (a text column is as many items as it has rows). For
    /// the bytes they were read from; other starts give errors or wrong
    /// columns.
    ///
    /// # Errors
    ///
    /// As [`Table::open`]; a start past the item is a malformed table.
    pub fn open_at(item: &'a [u8], starts: &[usize]) -> Result<Table<'a>> {
        Table::open_with(item, Some(starts))
    }

    /// Where each column item of a columnar table read in place starts in
    /// its item, in key order (for [`Table::open_at`]); `None` for a table
    /// read any other way.
    pub fn column_starts(&self) -> Option<&[usize]> {
        self.starts.as_deref()
    }

    /// Where each column of `item` starts, when it is a columnar table read
    /// in place (for [`Table::open_at`]); `None` for any other item, which is
    /// not decoded to find out.
    ///
    /// # Errors
    ///
    /// As [`Table::open`], for a columnar table.
    pub fn locate_columns(item: &[u8]) -> Result<Option<Vec<usize>>> {
        match columnar_content(item) {
            Some(content) => Ok(Table::columnar(item, content, None)?.starts),
            None => Ok(None),
        }
    }

    fn open_with(item: &'a [u8], known: Option<&[usize]>) -> Result<Table<'a>> {
        if let Some(content) = columnar_content(item) {
            return Table::columnar(item, content, known);
        }
        // Under a stringref namespace (or any other wrapping) a table's
        // strings only mean something read in order: decoded whole, a
        // columnar table kept as columns.
        let kept = boring::Options::default().expand_shapes(false);
        if let Ok(Value::Tag(COLUMNAR, content)) = boring::from_slice_with::<Value>(item, &kept) {
            return Table::decoded(content.into_inner());
        }
        Table::from_value(boring::from_slice(item)?)
    }

    /// A decoded `[keys, n, columns]`.
    fn decoded(content: Value) -> Result<Table<'static>> {
        let bad = || Error::Boring(bad_tag(COLUMNAR));
        let Value::Array(parts) = content else {
            return Err(bad());
        };
        let [keys, rows, columns]: [Value; 3] = parts.into_vec().try_into().map_err(|_| bad())?;
        let keys = keys
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|k| key_name(k).ok_or(Error::BadKey { offset: 0 }))
            .collect::<Result<Vec<_>>>()?;
        let rows = rows
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(bad)?;
        let Value::Array(columns) = columns else {
            return Err(bad());
        };
        let columns = columns
            .into_vec()
            .into_iter()
            .map(|c| Owned::from_value(c, true))
            .collect::<Result<Vec<_>>>()?;
        if columns.len() != keys.len() {
            return Err(bad());
        }
        Ok(Table {
            keys,
            rows,
            source: Source::Decoded(columns),
            starts: None,
        })
    }

    /// A table from a decoded array of maps (a decoded shaped or columnar
    /// table is one).
    ///
    /// # Errors
    ///
    /// [`Error::NotATable`] when `value` is not an array of maps,
    /// [`Error::BadKey`] for a key that names no field.
    pub fn from_value(value: Value) -> Result<Table<'static>> {
        let Value::Array(rows) = value else {
            return Err(Error::NotATable {
                offset: 0,
                found: describe(&value),
            });
        };
        let rows = rows.into_vec();
        let n = rows.len();
        let mut keys: Vec<String> = Vec::new();
        let mut columns: Vec<Vec<Cell<'static>>> = Vec::new();
        for (row, map) in rows.into_iter().enumerate() {
            let Value::Map(entries) = map else {
                return Err(Error::NotATable {
                    offset: 0,
                    found: "an array whose elements are not all maps",
                });
            };
            for (key, v) in entries.into_vec() {
                let name = key_name(&key).ok_or(Error::BadKey { offset: 0 })?;
                let i = match keys.iter().position(|k| *k == name) {
                    Some(i) => i,
                    None => {
                        keys.push(name);
                        columns.push(vec![None; n]);
                        keys.len() - 1
                    }
                };
                columns[i][row] = Some(Cow::Owned(v));
            }
        }
        Ok(Table {
            keys,
            rows: n,
            source: Source::Cells(columns),
            starts: None,
        })
    }

    /// `39653([keys, n, columns])`, its content at `content` in `item`;
    /// its columns at `known` when given, else found by walking them.
    fn columnar(item: &'a [u8], content: usize, known: Option<&[usize]>) -> Result<Table<'a>> {
        let bad = || {
            Error::Boring(boring::Error::new(
                ErrorKind::BadTagContent { tag: COLUMNAR },
                0,
            ))
        };
        let parts = Cursor::new(&item[content..])?;
        if parts.kind()? != Kind::Array || parts.len()? != 3 {
            return Err(bad());
        }
        let key_array = parts.index(0)?;
        let mut keys = Vec::new();
        for key in key_array.elements()? {
            let key = key?;
            let name = match key.kind()? {
                Kind::Text => key.as_str()?.to_owned(),
                _ => key_name(&key.to_value()?).ok_or(Error::BadKey {
                    offset: content + key_array.offset().unwrap_or(0),
                })?,
            };
            keys.push(name);
        }
        let rows = parts.index(1)?.as_u64()?;
        let rows = usize::try_from(rows).map_err(|_| bad())?;
        let (columns, starts) = match known {
            // Each column from its start: nothing before it is walked.
            Some(starts) => {
                let columns = starts
                    .iter()
                    .map(|&at| item.get(at..).map(Cursor::new))
                    .collect::<Option<Result<Vec<_>, _>>>()
                    .ok_or_else(bad)??;
                (columns, starts.to_vec())
            }
            None => {
                let columns = parts.index(2)?.elements()?.collect::<Result<Vec<_>, _>>()?;
                let starts = columns
                    .iter()
                    .map(|c| c.offset().map(|at| content + at))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(bad)?;
                (columns, starts)
            }
        };
        if columns.len() != keys.len() {
            return Err(bad());
        }
        Ok(Table {
            keys,
            rows,
            source: Source::Columns(columns),
            starts: Some(starts),
        })
    }

    /// The column names, in table order.
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// The number of rows, as the table's head says.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The encoded size of column `i`, for a columnar table: what reading
    /// it touches. `None` for a decoded table or no such column.
    pub fn column_bytes(&self, i: usize) -> Option<usize> {
        match &self.source {
            // The next column's start less its own; the last is walked.
            Source::Columns(columns) => match self.starts.as_deref() {
                Some(starts) if i + 1 < starts.len() => starts[i + 1].checked_sub(starts[i]),
                _ => columns.get(i)?.bytes().ok().map(<[u8]>::len),
            },
            Source::Cells(_) | Source::Decoded(_) => None,
        }
    }

    /// Column `i` in the form it is held.
    fn form(&self, i: usize) -> Result<Form<'_>> {
        Ok(match &self.source {
            Source::Columns(columns) => form(columns[i])?,
            Source::Decoded(columns) => columns[i].form(),
            Source::Cells(columns) => Form::Cells(&columns[i]),
        })
    }

    /// What each column's values show, for schema inference.
    ///
    /// # Errors
    ///
    /// [`Error::Inconsistent`] for a column no Arrow type holds;
    /// [`Error::Boring`] for malformed bytes.
    pub fn guess(&self) -> Result<SchemaGuess> {
        let mut schema = SchemaGuess::new();
        for (i, name) in self.keys.iter().enumerate() {
            let guess = guess_form(self.form(i)?, name)?;
            schema.add(name, guess)?;
        }
        Ok(schema)
    }

    /// The inferred schema of this table alone.
    ///
    /// # Errors
    ///
    /// As [`Table::guess`].
    pub fn infer_schema(&self) -> Result<Schema> {
        self.guess()?.to_schema()
    }

    /// Column `i` as an array of `data_type`.
    ///
    /// # Errors
    ///
    /// [`Error::Mismatch`] or [`Error::OutOfRange`] for a value the type does
    /// not hold, [`Error::RowCount`] for a column of the wrong length,
    /// [`Error::Boring`] for malformed bytes.
    pub fn column(&self, i: usize, data_type: &DataType) -> Result<ArrayRef> {
        let name = self.keys.get(i).map_or("", String::as_str);
        let place = Place {
            column: name,
            data_type,
        };
        self.form_to_array(self.form(i)?, place)
    }

    fn form_to_array(&self, form: Form<'_>, place: Place<'_>) -> Result<ArrayRef> {
        match form {
            Form::Typed(kind, payload) => {
                self.check_count(place.column, payload.len() / kind.elem.width())?;
                typed_to_array(kind, payload, place)
            }
            Form::Grid { width, elements } => self.grid(width, *elements, place),
            Form::Cells(cells) => {
                self.check_count(place.column, cells.len())?;
                cells_to_array(cells, place.data_type, place.column)
            }
            Form::Plain(column) => {
                self.check_count(place.column, column.len()?)?;
                match plain_scalars(column, place)? {
                    Some(array) => Ok(array),
                    None => {
                        let cells = decode_cells(column)?;
                        cells_to_array(&cells, place.data_type, place.column)
                    }
                }
            }
        }
    }

    fn check_count(&self, column: &str, found: usize) -> Result<()> {
        if found != self.rows {
            return Err(Error::RowCount {
                column: column.to_owned(),
                expected: self.rows,
                found,
            });
        }
        Ok(())
    }

    /// A grid column (`40([[n, width], elements])`) as a fixed-size list of
    /// `width` (or a list).
    fn grid(&self, width: usize, elements: Form<'_>, place: Place<'_>) -> Result<ArrayRef> {
        let (field, fixed): (&FieldRef, bool) = match place.data_type {
            DataType::FixedSizeList(field, k) if usize::try_from(*k).ok() == Some(width) => {
                (field, true)
            }
            DataType::List(field) | DataType::LargeList(field) => (field, false),
            _ => return Err(place.mismatch(0, format!("arrays of {width} elements"))),
        };
        let inner = format!("{}[]", place.column);
        let child = Place {
            column: &inner,
            data_type: field.data_type(),
        };
        let count = |n: usize| self.check_count(place.column, n / width);
        let values = match elements {
            Form::Typed(kind, payload) => {
                count(payload.len() / kind.elem.width())?;
                typed_to_array(kind, payload, child)?
            }
            Form::Cells(cells) => {
                count(cells.len())?;
                cells_to_array(cells, field.data_type(), &inner)?
            }
            Form::Plain(column) => {
                let cells = decode_cells(column)?;
                count(cells.len())?;
                cells_to_array(&cells, field.data_type(), &inner)?
            }
            Form::Grid { .. } => return Err(place.mismatch(0, "a grid of grids")),
        };
        let offsets = (0..=self.rows).map(|r| r * width);
        Ok(match place.data_type {
            _ if fixed => Arc::new(FixedSizeListArray::try_new(
                field.clone(),
                width as i32,
                values,
                None,
            )?),
            DataType::List(_) => Arc::new(ListArray::try_new(
                field.clone(),
                OffsetBuffer::new(offsets.map(|o| o as i32).collect()),
                values,
                None,
            )?),
            _ => Arc::new(LargeListArray::try_new(
                field.clone(),
                OffsetBuffer::new(offsets.map(|o| o as i64).collect()),
                values,
                None,
            )?),
        })
    }

    /// The table as a batch of `schema`'s fields (all of them, or those at
    /// `projection`); a field the table lacks is all nulls.
    ///
    /// # Errors
    ///
    /// As [`Table::column`]; [`Error::Arrow`] for a null in a field that is
    /// not nullable.
    pub fn to_batch(
        &self,
        schema: &SchemaRef,
        projection: Option<&[usize]>,
    ) -> Result<RecordBatch> {
        let schema = match projection {
            Some(indices) => Arc::new(schema.project(indices)?),
            None => schema.clone(),
        };
        let mut arrays = Vec::with_capacity(schema.fields().len());
        for field in schema.fields() {
            let array = match self.keys.iter().position(|k| k == field.name()) {
                Some(i) => self.column(i, field.data_type())?,
                None => new_null_array(field.data_type(), self.rows),
            };
            arrays.push(array);
        }
        let options = RecordBatchOptions::new().with_row_count(Some(self.rows));
        Ok(RecordBatch::try_new_with_options(schema, arrays, &options)?)
    }
}

/// Where the content of a columnar table read in place starts: after its
/// tag, behind any self-described CBOR tags; `None` for any other item.
fn columnar_content(item: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some((tag, next)) = tag_head(item, at) {
        match tag {
            SELF_DESCRIBED => at = next,
            COLUMNAR => return Some(next),
            _ => return None,
        }
    }
    None
}

/// The tag whose head is at `at`, and where its content starts; `None` when
/// the item there is not a tag.
fn tag_head(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    let initial = *bytes.get(at)?;
    if initial >> 5 != 6 {
        return None;
    }
    let info = initial & 0x1f;
    let (len, value) = match info {
        0..=23 => return Some((u64::from(info), at + 1)),
        24 => (1, 0),
        25 => (2, 0),
        26 => (4, 0),
        27 => (8, 0),
        _ => return None,
    };
    let arg = bytes.get(at + 1..at + 1 + len)?;
    let value = arg.iter().fold(value, |acc, b| (acc << 8) | u64::from(*b));
    Some((value, at + 1 + len))
}

fn form(column: Cursor<'_>) -> Result<Form<'_>> {
    let tags = column.tags()?;
    match tags.first() {
        Some(&tag) if TypedKind::from_tag(tag).is_some() && tags.len() == 1 => {
            let kind = TypedKind::from_tag(tag)
                .ok_or_else(|| boring::Error::new(ErrorKind::BadTagContent { tag }, 0))?;
            Ok(Form::Typed(kind, column.as_bytes()?))
        }
        Some(&GRID) if tags.len() == 1 => {
            let bad = || boring::Error::new(ErrorKind::BadTagContent { tag: GRID }, 0);
            if column.len()? != 2 {
                return Err(bad().into());
            }
            let dims = column.index(0)?;
            if dims.len()? != 2 {
                return Err(bad().into());
            }
            let width = usize::try_from(dims.index(1)?.as_u64()?).map_err(|_| bad())?;
            if width == 0 {
                return Err(bad().into());
            }
            Ok(Form::Grid {
                width,
                elements: Box::new(match form(column.index(1)?)? {
                    Form::Grid { .. } => return Err(bad().into()),
                    other => other,
                }),
            })
        }
        _ => Ok(Form::Plain(column)),
    }
}

/// What a column shows.
fn guess_form(form: Form<'_>, name: &str) -> Result<Guess> {
    Ok(match form {
        Form::Typed(kind, payload) => typed_guess(kind, payload),
        Form::Grid { width, elements } => {
            let element = match guess_form(*elements, name)? {
                Guess::List(element) => *element,
                other => other,
            };
            Guess::Fixed(Box::new(element), width)
        }
        Form::Cells(cells) => {
            let mut guess = Guess::Null;
            for cell in cells.iter().flatten() {
                guess = guess.merge(Guess::of_value(cell, name)?, name)?;
            }
            guess
        }
        Form::Plain(column) => {
            let mut guess = Guess::Null;
            for cell in column.elements()? {
                let cell = cell?;
                let g = match cell.kind()? {
                    Kind::Null | Kind::Undefined => continue,
                    Kind::Bool => Guess::Bool,
                    Kind::Text => Guess::Text,
                    Kind::Bytes if cell.tags()?.is_empty() => Guess::Bytes,
                    Kind::Integer => {
                        let v = integer(cell)?;
                        Guess::Int { min: v, max: v }
                    }
                    _ => Guess::of_value(&cell.to_value()?, name)?,
                };
                guess = guess.merge(g, name)?;
            }
            guess
        }
    })
}

/// A plain column's cells, decoded (nested tables expanded).
fn decode_cells(column: Cursor<'_>) -> Result<Vec<Cell<'static>>> {
    let Value::Array(cells) = column.decode::<Value>()? else {
        return Err(bad_tag(COLUMNAR).into());
    };
    Ok(cells
        .into_vec()
        .into_iter()
        .map(|c| Some(Cow::Owned(c)))
        .collect())
}

/// A typed array's guess: its integers' bounds, or its float width.
fn typed_guess(kind: TypedKind, payload: &[u8]) -> Guess {
    match kind.elem {
        Elem::F16 | Elem::F32 => Guess::Float { single: true },
        Elem::F64 | Elem::F128 => Guess::Float { single: false },
        _ => {
            let mut bounds: Option<(i128, i128)> = None;
            for chunk in payload.chunks_exact(kind.elem.width()) {
                if let Some(Number::Int(v)) = boring::ext::typed::element(kind, chunk) {
                    bounds = Some(bounds.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))));
                }
            }
            bounds.map_or(Guess::Null, |(min, max)| Guess::Int { min, max })
        }
    }
}

fn integer(cell: Cursor<'_>) -> Result<i128> {
    match cell.as_i64() {
        Ok(v) => Ok(i128::from(v)),
        Err(_) => Ok(i128::from(cell.as_u64()?)),
    }
}

/// A plain column of scalars read straight from the bytes, for scalar
/// target types; `None` for a nested target type.
fn plain_scalars(column: Cursor<'_>, place: Place<'_>) -> Result<Option<ArrayRef>> {
    Ok(Some(match place.data_type {
        DataType::Boolean => {
            let mut b = BooleanBuilder::new();
            for (row, cell) in column.elements()?.enumerate() {
                let cell = cell?;
                match cell.kind()? {
                    Kind::Null | Kind::Undefined => b.append_null(),
                    Kind::Bool => b.append_value(cell.as_bool()?),
                    other => return Err(place.mismatch(row, kind_name(other))),
                }
            }
            Arc::new(b.finish())
        }
        DataType::Int8 => scalar_numbers::<Int8Type>(column, place)?,
        DataType::Int16 => scalar_numbers::<Int16Type>(column, place)?,
        DataType::Int32 => scalar_numbers::<Int32Type>(column, place)?,
        DataType::Int64 => scalar_numbers::<Int64Type>(column, place)?,
        DataType::UInt8 => scalar_numbers::<UInt8Type>(column, place)?,
        DataType::UInt16 => scalar_numbers::<UInt16Type>(column, place)?,
        DataType::UInt32 => scalar_numbers::<UInt32Type>(column, place)?,
        DataType::UInt64 => scalar_numbers::<UInt64Type>(column, place)?,
        DataType::Float32 => scalar_numbers::<Float32Type>(column, place)?,
        DataType::Float64 => scalar_numbers::<Float64Type>(column, place)?,
        DataType::Utf8 => Arc::new(
            scalar_texts(column, place)?
                .into_iter()
                .collect::<StringArray>(),
        ),
        DataType::LargeUtf8 => Arc::new(
            scalar_texts(column, place)?
                .into_iter()
                .collect::<LargeStringArray>(),
        ),
        DataType::Utf8View => Arc::new(
            scalar_texts(column, place)?
                .into_iter()
                .collect::<StringViewArray>(),
        ),
        DataType::Binary => Arc::new(
            scalar_bytes(column, place)?
                .into_iter()
                .collect::<BinaryArray>(),
        ),
        DataType::LargeBinary => Arc::new(
            scalar_bytes(column, place)?
                .into_iter()
                .collect::<LargeBinaryArray>(),
        ),
        _ => return Ok(None),
    }))
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Integer => "an integer",
        Kind::Bytes => "a byte string",
        Kind::Text => "text",
        Kind::Array => "an array",
        Kind::Map => "a map",
        Kind::Bool => "a boolean",
        Kind::Null => "null",
        Kind::Undefined => "undefined",
        Kind::Float => "a float",
        Kind::Stringref => "a stringref",
        _ => "a simple value",
    }
}

fn scalar_numbers<T: Target>(column: Cursor<'_>, place: Place<'_>) -> Result<ArrayRef> {
    let mut values = Vec::with_capacity(column.len()?);
    for (row, cell) in column.elements()?.enumerate() {
        let cell = cell?;
        let n = match cell.kind()? {
            Kind::Null | Kind::Undefined => {
                values.push(None);
                continue;
            }
            Kind::Integer => Number::Int(integer(cell)?),
            Kind::Float => Number::Float(cell.as_f64()?),
            other => return Err(place.mismatch(row, kind_name(other))),
        };
        values.push(Some(
            convert::<T>(n).ok_or_else(|| place.out_of_range(row, show(n)))?,
        ));
    }
    Ok(Arc::new(values.into_iter().collect::<PrimitiveArray<T>>()))
}

fn scalar_texts<'a>(column: Cursor<'a>, place: Place<'_>) -> Result<Vec<Option<&'a str>>> {
    let mut values = Vec::with_capacity(column.len()?);
    for (row, cell) in column.elements()?.enumerate() {
        let cell = cell?;
        values.push(match cell.kind()? {
            Kind::Null | Kind::Undefined => None,
            Kind::Text => Some(cell.as_str()?),
            other => return Err(place.mismatch(row, kind_name(other))),
        });
    }
    Ok(values)
}

fn scalar_bytes<'a>(column: Cursor<'a>, place: Place<'_>) -> Result<Vec<Option<&'a [u8]>>> {
    let mut values = Vec::with_capacity(column.len()?);
    for (row, cell) in column.elements()?.enumerate() {
        let cell = cell?;
        values.push(match cell.kind()? {
            Kind::Null | Kind::Undefined => None,
            Kind::Bytes if cell.tags()?.is_empty() => Some(cell.as_bytes()?),
            Kind::Bytes => return Err(place.mismatch(row, "a tagged byte string")),
            other => return Err(place.mismatch(row, kind_name(other))),
        });
    }
    Ok(values)
}

//! What a cursor points at, read: its exact bytes, its value decoded or
//! built, its scalars and strings, a typed column in place.

use alloc::vec::Vec;

use super::forms::Form;
use super::{scan, shapes, Cursor, Key, Kind, Node, BUILD_DEPTH};
use crate::codec::Decode;
use crate::error::{Error, ErrorKind};
use crate::ext::typed::{Number, SliceElem, TypedSlice};
use crate::ext::{columns, keyed, shapes as shaped};
use crate::value::scattered;
use crate::value::{Boxed, Value};
use crate::wire::{Head, Reader, Simple};

impl<'a> Cursor<'a> {
    /// The exact bytes of the item, head and tags included. What only a
    /// table stands for (a row, a typed element) has no bytes of its own.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for what only a table stands for;
    /// malformed input ([`nav`](crate::nav#errors)).
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
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for what only a table stands for;
    /// otherwise what decoding `T` reports (see
    /// [`from_slice`](crate::from_slice)).
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
                for site in shapes::definitions(self.input, self.root, at, None)? {
                    r.seek(site);
                    let keys: Vec<Value> = Vec::decode(&mut r)?;
                    r.shapes_mut().define(Some(keys), site, at)?;
                }
                r.seek(at);
                T::decode(&mut r)
            }
            other => other,
        }
    }

    /// The value the item stands for, built: a table row as its map, a
    /// typed element as its number.
    ///
    /// # Errors
    ///
    /// What [`Cursor::decode`] reports for an item in the bytes;
    /// [`ErrorKind::DepthExceeded`] when what is built part by part (table
    /// rows, stringrefs resolved through an index) nests more than 256 levels;
    /// malformed input ([`nav`](crate::nav#errors)).
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
                Boxed::new(self.item(content).value_at(depth + 1)?),
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
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not an integer;
    /// [`ErrorKind::OutOfRange`] for one that `u64` does not hold; malformed
    /// input ([`nav`](crate::nav#errors)).
    pub fn as_u64(&self) -> Result<u64, Error> {
        match self.form()? {
            Form::Head(Head::Unsigned(v), _) => Ok(v),
            Form::Number(Number::Int(v)) => {
                u64::try_from(v).map_err(|_| self.out_of_range(v, "u64"))
            }
            _ => Err(self.not("an integer")),
        }
    }

    /// The item as an integer that fits `i64`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not an integer;
    /// [`ErrorKind::OutOfRange`] for one that `i64` does not hold; malformed
    /// input ([`nav`](crate::nav#errors)).
    pub fn as_i64(&self) -> Result<i64, Error> {
        let v = match self.form()? {
            Form::Head(Head::Unsigned(v), _) => i128::from(v),
            Form::Head(Head::Negative(n), _) => -1 - i128::from(n),
            Form::Number(Number::Int(v)) => v,
            _ => return Err(self.not("an integer")),
        };
        i64::try_from(v).map_err(|_| self.out_of_range(v, "i64"))
    }

    /// The item as a float of any width, widened to `f64` (an integer is
    /// not a float: read it with [`Cursor::as_i64`] or [`Cursor::as_u64`]).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a float; malformed
    /// input ([`nav`](crate::nav#errors)).
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
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a boolean;
    /// malformed input ([`nav`](crate::nav#errors)).
    pub fn as_bool(&self) -> Result<bool, Error> {
        match self.form()? {
            Form::Head(Head::Simple(Simple::Bool(b)), _) => Ok(b),
            _ => Err(self.not("a boolean")),
        }
    }

    /// Whether the item is `null`.
    ///
    /// # Errors
    ///
    /// Malformed input ([`nav`](crate::nav#errors)).
    pub fn is_null(&self) -> Result<bool, Error> {
        Ok(matches!(
            self.form()?,
            Form::Head(Head::Simple(Simple::Null), _)
        ))
    }

    /// The item as text, borrowed from the input (a definite text string;
    /// an identifier's text under tag 39 is reached through the tag).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a definite-length
    /// text string; [`ErrorKind::InvalidUtf8`]; [`ErrorKind::BadStringref`] for
    /// a stringref the cursor cannot resolve; malformed input
    /// ([`nav`](crate::nav#errors)).
    pub fn as_str(&self) -> Result<&'a str, Error> {
        let (payload, at) = self.definite_string(false)?;
        core::str::from_utf8(payload).map_err(|_| Error::new(ErrorKind::InvalidUtf8, at))
    }

    /// The item as a byte string, borrowed from the input.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a definite-length
    /// byte string; [`ErrorKind::BadStringref`] for a stringref the cursor
    /// cannot resolve; malformed input ([`nav`](crate::nav#errors)).
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
        usize::try_from(n)
            .ok()
            .and_then(|n| self.input.get(start..start.checked_add(n)?))
            .ok_or_else(|| Error::new(ErrorKind::Truncated, at))
    }

    /// The text of a map key that is a definite text string, bare or under
    /// tag 39 (`true`: a keyword, its `:` still there), read from its
    /// heads alone; `None` for any other key, a stringref among them.
    pub(crate) fn key_text(&self) -> Result<Option<(&'a str, bool)>, Error> {
        let Node::Item(at) = self.node else {
            return Ok(None);
        };
        let (mut h, mut next) = scan::head(self.input, at)?;
        let keyword = matches!(h, Head::Tag(39));
        if keyword {
            (h, next) = scan::head(self.input, next)?;
        }
        let Head::Text(Some(n)) = h else {
            return Ok(None);
        };
        let text = usize::try_from(n)
            .ok()
            .and_then(|n| self.input.get(next..next.checked_add(n)?))
            .ok_or_else(|| Error::new(ErrorKind::Truncated, at))?;
        let text =
            core::str::from_utf8(text).map_err(|_| Error::new(ErrorKind::InvalidUtf8, at))?;
        Ok(Some((text, keyword)))
    }

    /// A typed array (RFC 8746) whose element type is exactly `T`, read in
    /// place: a typed item, or the typed column `key` of a columnar table.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a typed array of
    /// element type `T`; [`ErrorKind::BadTagContent`] for a typed-array tag
    /// over anything but a byte string of whole elements; otherwise as
    /// [`Cursor::decode`].
    pub fn typed<T: SliceElem>(&self) -> Result<TypedSlice<'a, T>, Error> {
        self.decode()
    }

    /// The column `key` of a columnar table (tag 39653) as a typed array
    /// whose element type is exactly `T`, read in place; a column that is
    /// not typed is `UnexpectedType`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a columnar table,
    /// or a column that is not a typed array of `T`; [`ErrorKind::PathAbsent`]
    /// when the table has no column `key`; malformed input
    /// ([`nav`](crate::nav#errors)).
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
}

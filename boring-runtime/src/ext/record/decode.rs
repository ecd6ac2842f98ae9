//! Reading structs from maps and records: key matching, slots, absence.

use super::*;

/// Field filling the derive generates for a struct with named fields. A
/// decode collects each field's value in a slot (`Option<T>` per field),
/// then builds the struct, applying absence rules.
pub trait DecodeFields<'de>: Sized {
    /// The type's field description.
    const SHAPE: &'static Shape;
    /// One `Option` per field.
    type Slots;

    /// Empty slots.
    fn slots() -> Self::Slots;

    /// Decodes field `field`'s value into its slot.
    fn fill(slots: &mut Self::Slots, field: usize, r: &mut Reader<'de>) -> Result<(), Error>;

    /// Builds the value; `at` is the offset of the map (or row) for
    /// missing-field errors.
    fn build(slots: Self::Slots, at: usize) -> Result<Self, Error>;

    /// Decodes the column of field `field`, `rows` values, into the slots
    /// of the table's rows (each row is then built as a map's slots are):
    /// how small tables are read.
    fn fill_rows(
        into: &mut Rows<Self::Slots>,
        field: usize,
        rows: usize,
        r: &mut Reader<'de>,
    ) -> Result<(), Error>;

    /// One `Option<Vec<_>>` per field: the columns of a large columnar
    /// table.
    type Columns;

    /// No column read yet.
    fn columns() -> Self::Columns;

    /// Decodes the column of field `field`: `rows` values.
    fn fill_column(
        columns: &mut Self::Columns,
        field: usize,
        rows: usize,
        r: &mut Reader<'de>,
    ) -> Result<(), Error>;

    /// Builds the rows from their columns; a field without a column is
    /// absent in every row.
    fn build_rows(columns: Self::Columns, rows: usize, at: usize) -> Result<Vec<Self>, Error>;
}

/// The index of `name` in `names`, trying `hint` (the field after the
/// previous match: encoders write fields in order) before scanning.
#[inline]
pub(super) fn find(names: &[&str], name: &str, hint: usize) -> Option<usize> {
    if names.get(hint) == Some(&name) {
        return Some(hint);
    }
    names.iter().position(|n| *n == name)
}

/// A map key, read through the reader (so stringrefs resolve and literals
/// register): a field of the shape, or something else.
pub(super) enum Key<'de> {
    Field(usize),
    Unknown(UnknownKey<'de>),
}

/// A key that names no field, kept for error messages and duplicate checks
/// (ordered, so that a table's unknown keys are checked in a set).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum UnknownKey<'de> {
    Text(Cow<'de, str>),
    Ident(Cow<'de, str>),
    Int(i128),
    Other(&'de [u8]),
}

impl UnknownKey<'_> {
    /// The error for this key in a map whose type knows the keys
    /// `expected`.
    pub(super) fn error(&self, expected: &'static [&'static str], at: usize) -> Error {
        use alloc::string::ToString;
        let name = match self {
            UnknownKey::Text(t) => alloc::format!("{t:?}"),
            UnknownKey::Ident(t) => alloc::format!("39({t:?})"),
            UnknownKey::Int(n) => alloc::format!("{n}"),
            UnknownKey::Other(_) => "(a key that is not text)".to_string(),
        };
        Error::new(ErrorKind::UnknownField { name, expected }, at)
    }
}

/// Reads one key: text (literal or stringref), or an identifier (tag 39
/// over `":name"` or `"name"`); anything else is skipped and unknown.
pub(super) fn read_key<'de>(
    r: &mut Reader<'de>,
    names: &[&str],
    hint: usize,
) -> Result<Key<'de>, Error> {
    let start = r.position();
    let (text, ident) = match r.peek_head()? {
        Head::Text(_) | Head::Tag(25) => (r.text()?, false),
        Head::Tag(IDENT) => {
            r.tag()?;
            r.enter()?;
            let text = match r.peek_head()? {
                Head::Text(_) | Head::Tag(25) => Some(r.text()?),
                _ => {
                    r.skip()?;
                    None
                }
            };
            r.leave();
            match text {
                Some(text) => (text, true),
                None => {
                    let raw = r.input().get(start..r.position()).unwrap_or_default();
                    return Ok(Key::Unknown(UnknownKey::Other(raw)));
                }
            }
        }
        _ => {
            r.skip()?;
            let raw = r.input().get(start..r.position()).unwrap_or_default();
            return Ok(Key::Unknown(UnknownKey::Other(raw)));
        }
    };
    let name = if ident {
        text.strip_prefix(':').unwrap_or(&text)
    } else {
        &text
    };
    Ok(match find(names, name, hint) {
        Some(i) => Key::Field(i),
        None if ident => Key::Unknown(UnknownKey::Ident(text)),
        None => Key::Unknown(UnknownKey::Text(text)),
    })
}

/// Reads one key against a shape: like [`read_key`], and for a shape with
/// integer keys also integers, a text key never matching an integer field.
pub(super) fn read_shape_key<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    hint: usize,
) -> Result<Key<'de>, Error> {
    if !shape.int_keys {
        return read_key(r, shape.names, hint);
    }
    if let Head::Unsigned(_) | Head::Negative(_) = r.peek_head()? {
        let n = r.i128()?;
        let found = shape.keys.iter().position(|k| *k == KeySpec::Int(n));
        return Ok(found.map_or(Key::Unknown(UnknownKey::Int(n)), Key::Field));
    }
    match read_key(r, shape.names, hint)? {
        Key::Field(i) if shape.int_key(i).is_some() => {
            // The name of an integer field is its decimal text: look for
            // a text field of the same name instead.
            let name = shape.names.get(i).copied().unwrap_or_default();
            let text = (0..shape.len())
                .find(|&j| shape.int_key(j).is_none() && shape.names.get(j) == Some(&name));
            Ok(match text {
                Some(j) => Key::Field(j),
                None => Key::Unknown(UnknownKey::Text(Cow::Borrowed(name))),
            })
        }
        other => Ok(other),
    }
}

/// Decodes a struct from a map.
#[inline]
pub fn decode_map<'de, T: DecodeFields<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    let at = r.position();
    let mut slots = T::slots();
    match decode_map_with(r, T::SHAPE, |r, i| T::fill(&mut slots, i, r)) {
        Ok(()) => T::build(slots, at),
        Err(e) => Err(e),
    }
}

/// Reads a map of `shape`'s fields in any order, handing each known field
/// to `fill` and skipping unknown keys (an error under
/// `deny_unknown_fields`): [`decode_entries`] with the expected key found
/// through the shape at run time (struct variants and the other callers
/// that have no generated key arms).
#[inline]
pub fn decode_map_with<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    fill: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    decode_entries(
        r,
        shape,
        |r, hint| expected_key(r, shape, hint).is_some(),
        fill,
    )
}

/// A key off the fast path of [`decode_entries`]: the field it names, or
/// `None` once an unknown entry has been skipped (an error under
/// `deny_unknown_fields`).
#[inline(never)]
fn other_key(r: &mut Reader<'_>, shape: &Shape, hint: usize) -> Result<Option<usize>, Error> {
    let at = r.position();
    match read_shape_key(r, shape, hint)? {
        Key::Field(i) => Ok(Some(i)),
        Key::Unknown(key) if shape.deny_unknown => Err(key.error(shape.texts, at)),
        Key::Unknown(_) => {
            r.skip()?;
            Ok(None)
        }
    }
}

/// A map being read by generated code: fields taken in declaration order
/// by [`in_order`] while the input follows it, then the rest by
/// [`finish_entries`].
#[derive(Debug)]
pub struct Entries {
    seq: Seq,
    /// The field expected next.
    hint: usize,
    /// An entry was opened whose key was not the expected one: it is
    /// still unread.
    open: bool,
    /// The map ended.
    ended: bool,
}

/// `Entries::hint` of a scattered shape (tag 39650) standing for the map:
/// no field is taken in order; its keys were read with its definition and
/// wait in the reader, and [`finish_entries`] reads its values.
const SCATTERED: usize = usize::MAX;

impl Entries {
    /// Opens a map, or a scattered shape standing for one. Always inlined:
    /// a call here costs as much as reading a small map's head.
    #[inline(always)]
    pub fn open(r: &mut Reader<'_>) -> Result<Entries, Error> {
        match r.map() {
            Ok(seq) => Ok(Entries {
                seq,
                hint: 0,
                open: false,
                ended: false,
            }),
            Err(e) => Entries::open_other(r, e),
        }
    }

    /// [`Entries::open`] for an item that is not a map, out of line: a
    /// scattered shape (tag 39650) where the map reader failed (its error's
    /// offset) is opened with its keys read, and no field is then taken in
    /// order (`hint` is [`SCATTERED`]), all go through [`finish_entries`];
    /// anything else is the map reader's error.
    #[cold]
    #[inline(never)]
    fn open_other(r: &mut Reader<'_>, e: Error) -> Result<Entries, Error> {
        match e.offset() {
            Some(at) => r.seek(at),
            None => return Err(e),
        }
        if !scattered::at_scattered(r) {
            return Err(e);
        }
        let opened = scattered::open(r)?;
        r.shapes_mut().push_open(opened);
        Ok(Entries {
            seq: Seq::empty(),
            hint: SCATTERED,
            open: false,
            ended: false,
        })
    }
}

/// One step of reading a map in declaration order: when field `i` is the
/// one expected, opens the next entry and consumes its key if it is field
/// `i`'s (`expect`, the key's constant bytes). `Ok(true)`: the caller reads
/// field `i`'s value. Once an entry's key is another, or the map ends,
/// every later step answers `false` and [`finish_entries`] takes over.
#[inline(always)]
pub fn in_order<'de>(
    r: &mut Reader<'de>,
    entries: &mut Entries,
    i: usize,
    expect: impl FnOnce(&mut Reader<'de>) -> bool,
) -> Result<bool, Error> {
    if entries.hint != i {
        return Ok(false);
    }
    match entries.seq.next(r) {
        Ok(true) => {}
        Ok(false) => {
            entries.ended = true;
            return Ok(false);
        }
        Err(e) => return Err(e),
    }
    if expect(r) {
        entries.hint = i + 1;
        Ok(true)
    } else {
        entries.open = true;
        Ok(false)
    }
}

/// Reads a map of `shape`'s fields in any order, as the derive calls it for
/// a struct: `expect(r, i)` consumes the key of field `i` when it is next
/// (generated with the key's constant bytes), and anything else goes
/// through the general key reader (`other_key`, out of line).
#[inline]
pub fn decode_entries<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    expect: impl FnMut(&mut Reader<'de>, usize) -> bool,
    fill: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    match Entries::open(r) {
        Ok(entries) => finish_entries(r, entries, shape, expect, fill),
        Err(e) => Err(e),
    }
}

/// The entries [`in_order`] did not take: keys in any order, as
/// [`decode_entries`] reads them.
///
/// Decoding a recursive type passes through this frame once per level, so
/// it holds only the loop state, and matches stand where `?` would: in an
/// unoptimised build each `?` keeps temporaries of its own in the frame.
#[inline]
#[allow(clippy::question_mark)]
pub fn finish_entries<'de>(
    r: &mut Reader<'de>,
    entries: Entries,
    shape: &Shape,
    mut expect: impl FnMut(&mut Reader<'de>, usize) -> bool,
    mut fill: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    if entries.ended {
        return Ok(());
    }
    let Entries {
        mut seq,
        mut hint,
        mut open,
        ..
    } = entries;
    if hint == SCATTERED {
        return scattered::finish_open(r, shape, &mut fill);
    }
    loop {
        if !open {
            match seq.next(r) {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        open = false;
        let field = if expect(r, hint) {
            hint
        } else {
            match other_key(r, shape, hint) {
                Ok(Some(i)) => i,
                Ok(None) => continue,
                Err(e) => return Err(e),
            }
        };
        if let Err(e) = fill(r, field) {
            return Err(e);
        }
        hint = field + 1;
    }
}

/// Consumes the key of field `i` when it is the next item (see
/// `expected_key`). Always inlined: with a constant `i` and the type's
/// constant shape the comparison is against the key's own bytes.
#[inline(always)]
pub fn expect_key(r: &mut Reader<'_>, shape: &Shape, i: usize) -> bool {
    expected_key(r, shape, i).is_some()
}

/// The fast path for maps written in field order by an encoder like ours:
/// when the bytes at the reader are exactly the encoded key of field
/// `hint`, that key is consumed with one comparison, no head parsing and no
/// UTF-8 check (the bytes are our own constant). Inside a stringref
/// namespace the literal is registered as the reader would, and a
/// reference is matched by comparing the text it resolves to.
#[inline(always)]
fn expected_key<'de>(r: &mut Reader<'de>, shape: &Shape, hint: usize) -> Option<usize> {
    let key = shape.key(hint);
    if key.is_empty() {
        return None;
    }
    if r.rest().starts_with(key) {
        if shape.int_key(hint).is_none() && r.in_namespace() {
            // The literal's text is the shape's own: register that, with no
            // UTF-8 check of bytes already known equal to it.
            let text: &'static str = shape.texts.get(hint)?;
            r.register_text(text);
        }
        r.seek(r.position() + key.len());
        return Some(hint);
    }
    if !r.in_namespace() || shape.int_key(hint).is_some() {
        return None;
    }
    let text = shape.texts.get(hint)?.as_bytes();
    if shape.keyword {
        let cp = r.checkpoint();
        if r.rest().starts_with(&[0xd8, 0x27]) {
            r.seek(r.position() + 2);
            if r.take_reference_to(text) {
                return Some(hint);
            }
        }
        r.rewind(cp);
        None
    } else {
        r.take_reference_to(text).then_some(hint)
    }
}

/// [`decode_map_with`] for maps that hold more than the shape's fields:
/// an entry whose key is the text `ignore` (the tag of an internally
/// tagged enum) is skipped, and every other unknown entry is offered to
/// `rest` with the reader at its key (flattened fields, the unknown-field
/// collector), which returns whether it consumed the entry.
pub fn decode_map_ext<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    ignore: Option<&str>,
    mut fill: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
    mut rest: impl FnMut(&mut Reader<'de>) -> Result<bool, Error>,
) -> Result<(), Error> {
    let mut seq = r.map()?;
    let mut hint = 0;
    while seq.next(r)? {
        let at = r.position();
        let cp = r.checkpoint();
        match read_shape_key(r, shape, hint)? {
            Key::Field(i) => {
                fill(r, i)?;
                hint = i + 1;
            }
            Key::Unknown(UnknownKey::Text(t)) if ignore == Some(&*t) => r.skip()?,
            Key::Unknown(key) => {
                r.rewind(cp);
                if rest(r)? {
                    continue;
                }
                if shape.deny_unknown {
                    return Err(key.error(shape.texts, at));
                }
                r.skip()?;
                r.skip()?;
            }
        }
    }
    Ok(())
}

/// Decodes a record: tag 27 over `[name, map]` with the expected name (a
/// bare map is accepted too).
pub fn decode_record<'de, T: DecodeFields<'de>>(
    r: &mut Reader<'de>,
    name: &'static str,
) -> Result<T, Error> {
    if r.peek_tag() != Some(RECORD) {
        return decode_map(r);
    }
    let at = r.position();
    r.tag()?;
    r.enter()?;
    let bad = || Error::new(ErrorKind::BadTagContent { tag: RECORD }, at);
    let mut seq = r.array()?;
    if !seq.next(r)? {
        return Err(bad());
    }
    if r.text()? != name {
        return Err(bad());
    }
    if !seq.next(r)? {
        return Err(bad());
    }
    let value = decode_map(r)?;
    seq.finish(r).map_err(|_| bad())?;
    r.leave();
    Ok(value)
}

/// Puts a decoded value in `slot`; a second value for the same field is a
/// duplicate key unless the options keep the last one. Errors gain the
/// field in their path.
#[inline]
pub fn fill<'de, T>(
    slot: &mut Option<T>,
    r: &mut Reader<'de>,
    name: &'static FieldName,
    decode: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<(), Error> {
    if slot.is_some() && r.options().duplicate_keys == DuplicateKeys::Reject {
        return Err(duplicate(r, name));
    }
    // A match rather than `?` and `map_err`: this frame is on the path of
    // every level of a recursive type, and each of those adapters would
    // hold its own copy of the value in an unoptimised build.
    match decode(r) {
        Ok(value) => {
            *slot = Some(value);
            Ok(())
        }
        Err(e) => Err(name.wrap(e)),
    }
}

#[cold]
fn duplicate(r: &Reader<'_>, name: &'static FieldName) -> Error {
    name.wrap(r.error(ErrorKind::DuplicateKey))
}

/// A field's value from its slot: the decoded value, or what the type takes
/// when absent (`None` for options), or a missing-field error.
#[inline]
pub fn take<'de, T: Decode<'de>>(
    slot: Option<T>,
    name: &'static FieldName,
    at: usize,
) -> Result<T, Error> {
    match slot {
        Some(v) => Ok(v),
        None => T::absent().ok_or_else(|| missing(name, at)),
    }
}

/// Like [`take`] for a `#[boring(bytes)]` field.
#[inline]
pub fn take_bytes<'de, T: DecodeBytes<'de>>(
    slot: Option<T>,
    name: &'static FieldName,
    at: usize,
) -> Result<T, Error> {
    match slot {
        Some(v) => Ok(v),
        None => T::absent().ok_or_else(|| missing(name, at)),
    }
}

/// A field that must be present (a `with` field without a default).
#[inline]
pub fn require<T>(slot: Option<T>, name: &'static FieldName, at: usize) -> Result<T, Error> {
    slot.ok_or_else(|| missing(name, at))
}

#[cold]
pub(super) fn missing(name: &FieldName, at: usize) -> Error {
    name.wrap(Error::new(ErrorKind::MissingField(name.as_str()), at))
}

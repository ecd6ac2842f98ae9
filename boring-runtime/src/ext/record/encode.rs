//! Writing structs as maps and records, and sequences of them as shaped tables.

use super::*;
use crate::ext::columns::write_table;

/// Field access the derive generates for a struct with named fields.
pub trait EncodeFields {
    /// The type's field description.
    const SHAPE: &'static Shape;

    /// Whether field `field` is written (false for a `None` under
    /// `skip_if_none`).
    #[inline]
    fn present(&self, field: usize) -> bool {
        let _ = field;
        true
    }

    /// Writes the value of field `field`.
    fn encode_field<S: Sink>(&self, field: usize, w: &mut Writer<S>) -> Result<(), Error>;

    /// Writes field `field` of every row as one column of a columnar table:
    /// by default a plain array of the values, `undefined` where a row
    /// leaves the field out. The derive forwards plain fields to their
    /// type's [`Encode::encode_column`](crate::Encode::encode_column).
    fn encode_column<'a, S, I>(items: I, field: usize, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: Sized + 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        plain_column(items, field, w)
    }

    /// Whether [`EncodeFields::encode_column`] writes field `field` as a
    /// typed array.
    fn column_is_typed<'a, I>(items: I, field: usize) -> bool
    where
        Self: Sized + 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let _ = (items, field);
        false
    }
}

/// Writes field `i`'s key: one copy of its precomputed bytes, or through the
/// stringref table when a namespace is open. Always inlined: with a
/// constant `i` and the type's constant shape, it folds to the key's bytes.
#[inline(always)]
pub(crate) fn write_key<S: Sink>(w: &mut Writer<S>, shape: &Shape, i: usize) -> Result<(), Error> {
    if w.stringref_active() {
        if let Some(n) = shape.int_key(i) {
            return w.i128(n);
        }
        if shape.keyword {
            w.tag(IDENT)?;
        }
        w.static_str(shape.texts.get(i).copied().unwrap_or_default())
    } else {
        w.raw(shape.key(i))
    }
}

/// Writes field `i`'s key (for maps the derive writes entry by entry:
/// structs with flattened or unknown-entry fields, and the straight-line
/// maps of the others).
#[inline(always)]
pub fn encode_key<S: Sink>(w: &mut Writer<S>, shape: &Shape, i: usize) -> Result<(), Error> {
    write_key(w, shape, i)
}

/// Writes field `i`'s key as its precomputed bytes, when
/// [`keys_are_plain`] says no string table is open.
#[inline(always)]
pub fn encode_plain_key<S: Sink>(w: &mut Writer<S>, shape: &Shape, i: usize) -> Result<(), Error> {
    w.raw(shape.key(i))
}

/// Whether keys are written as their precomputed bytes (no stringref
/// namespace is open): the derive then writes a struct's entries with no
/// per-key test.
#[inline]
pub fn keys_are_plain<S: Sink>(w: &Writer<S>) -> bool {
    !w.stringref_active()
}

/// Whether the writer's profile writes map keys in declaration order (every
/// profile but the sorted ones) and no scattered shape is planned: the
/// derive then writes a struct's entries in one straight run.
#[inline]
pub fn in_declaration_order<S: Sink>(w: &Writer<S>) -> bool {
    w.straight_maps()
}

/// Writes a struct as a map, keys in the profile's order, or as a
/// scattered shape where the item's plan says so.
#[inline]
pub fn encode_map<T: EncodeFields + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    if w.scattering() {
        return encode_map_scattered(value, w);
    }
    encode_map_with(
        w,
        T::SHAPE,
        |i| value.present(i),
        |w, i| value.encode_field(i, w),
    )
}

/// [`encode_map`] while scattered shapes are planned: out of line, so that
/// the plain path inlines as it does without them.
#[inline(never)]
fn encode_map_scattered<T: EncodeFields + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    match w.scatter_use(T::SHAPE) {
        Some(scatter) => write_scattered(w, T::SHAPE, scatter, |w, i| value.encode_field(i, w)),
        None => encode_map_with(
            w,
            T::SHAPE,
            |i| value.present(i),
            |w, i| value.encode_field(i, w),
        ),
    }
}

/// Writes the fields of a struct variant's payload as a map, or as a
/// scattered shape where the item's plan says so: [`encode_map`] for the
/// maps that have no `EncodeFields` type of their own.
#[inline]
pub fn encode_variant_map<S: Sink>(
    w: &mut Writer<S>,
    shape: &'static Shape,
    present: impl Fn(usize) -> bool,
    field: impl FnMut(&mut Writer<S>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    if w.scattering() {
        if let Some(scatter) = w.scatter_use(shape) {
            return write_scattered(w, shape, scatter, field);
        }
    }
    encode_map_with(w, shape, present, field)
}

/// Writes a struct map as tag 39650 (`docs/WIRE.md` §6a): a definition
/// (its keys, then its values; it takes the item's next index once they
/// are written) or a reference (an index, then the values). Only shapes
/// with every field written are planned.
fn write_scattered<S: Sink>(
    w: &mut Writer<S>,
    shape: &'static Shape,
    scatter: Scatter,
    mut field: impl FnMut(&mut Writer<S>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let n = shape.len();
    w.tag(SCATTERED)?;
    w.array(n + 1)?;
    match scatter {
        Scatter::Refer(index) => w.u64(index)?,
        Scatter::Define(_) if w.stringref_active() => {
            w.array(n)?;
            for i in 0..n {
                write_key(w, shape, i)?;
            }
        }
        // The key array is the shaped-array header after its tag and pair
        // head.
        Scatter::Define(_) => w.raw(shape.header.get(TABLE_PREFIX.len()..).unwrap_or_default())?,
    }
    for i in 0..n {
        field(w, i)?;
    }
    match scatter {
        Scatter::Define(slot) => w.scatter_defined(slot),
        Scatter::Refer(_) => Ok(()),
    }
}

/// Writes a map of `shape`'s fields: `present` tells which are written,
/// `field` writes one value (used directly for struct variants).
pub fn encode_map_with<S: Sink>(
    w: &mut Writer<S>,
    shape: &Shape,
    present: impl Fn(usize) -> bool,
    field: impl FnMut(&mut Writer<S>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let n = shape.len();
    let count = if shape.skippable {
        (0..n).filter(|&i| present(i)).count()
    } else {
        n
    };
    w.map(count)?;
    write_entries(w, shape, present, field)
}

/// The entries of [`encode_map_with`], in the profile's key order.
pub(super) fn write_entries<S: Sink>(
    w: &mut Writer<S>,
    shape: &Shape,
    present: impl Fn(usize) -> bool,
    mut field: impl FnMut(&mut Writer<S>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    // Plain loops over positions: a recursive type passes through this
    // frame once per level, and iterator adapters would add frames of their
    // own to each level of an unoptimised build.
    let order = shape.order(w.options().key_order);
    for k in 0..shape.len() {
        let i = match order {
            None => k,
            Some(order) => order.get(k).copied().unwrap_or(k),
        };
        if !shape.skippable || present(i) {
            write_key(w, shape, i)?;
            field(w, i)?;
        }
    }
    Ok(())
}

/// Writes a record as tag 27 over `[name, map]`: keyword keys, declaration
/// order (sorted under the sorted profiles).
pub fn encode_record<T: EncodeFields + ?Sized, S: Sink>(
    value: &T,
    name: &str,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    w.tag(RECORD)?;
    w.array(2)?;
    w.str(name)?;
    // A record frame's payload is never a scattered shape.
    encode_map_with(
        w,
        T::SHAPE,
        |i| value.present(i),
        |w, i| value.encode_field(i, w),
    )
}

/// Writes a sequence of records: a columnar table (tag 39653) when the
/// options ask for columns, the table qualifies and one of its columns is
/// typed; else a shaped table (tag 39649) when the options ask for shapes
/// and the reference's rules (WIRE.md §7) accept the sequence; else a plain
/// array of maps. Decides exactly as `Value` does for
/// the same maps, so both write the same bytes.
pub fn encode_seq<'a, T, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: EncodeFields + Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    if w.scattering() {
        return encode_seq_unscattered(items, w);
    }
    let shape = T::SHAPE;
    let (shapes, columns) = (w.options().shapes, w.options().columns);
    if (shapes || columns)
        && items.len() >= 2
        && !shape.is_empty()
        && write_seq_table(items.clone(), shape, w)?
    {
        return Ok(());
    }
    if let Some(each) = T::MAX_SIZE {
        w.reserve(items.len().saturating_mul(each));
    }
    w.array(items.len())?;
    for item in items {
        item.encode(w)?;
    }
    Ok(())
}

/// [`encode_seq`] with scattered shapes off: the census does not visit
/// records in a sequence of them. Out of line, so that the common path
/// stays as the compiler inlines it without scattered shapes.
#[cold]
#[inline(never)]
fn encode_seq_unscattered<'a, T, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: EncodeFields + Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    w.enter_rows();
    let result = encode_seq(items, w);
    w.leave_rows();
    result
}

/// What [`encode_seq`] saves by writing `items` as a table under `options`
/// (the density guard's estimate), or 0 when it writes a plain array: the
/// decision of `write_seq_table`, made without writing.
pub fn seq_table_saving<'a, T, I>(items: I, options: &Resolved) -> usize
where
    T: EncodeFields + 'a,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    let shape = T::SHAPE;
    let (shapes, columns) = (options.shapes, options.columns);
    if !(shapes || columns) || items.len() < 2 || shape.is_empty() {
        return 0;
    }
    let typed = |fields: &[usize]| fields.iter().any(|&i| T::column_is_typed(items.clone(), i));
    if shape.skippable {
        let Some(union) = Union::plan(items.clone(), shape) else {
            return 0;
        };
        let tabled = shapes || (columns && typed(union.fields.as_slice()));
        return if tabled { union.saving } else { 0 };
    }
    let n = shape.len();
    let estimates = (0..n).map(|i| shape.estimate(i)).sum();
    let saving = saving(items.len().saturating_mul(n), n, 0, estimates);
    let tabled = shapes || (columns && typed(&(0..n).collect::<Vec<_>>()));
    if saving > 0 && tabled {
        saving
    } else {
        0
    }
}

/// The table forms of [`encode_seq`]: writes a columnar or shaped table and
/// returns `true`, or writes nothing and returns `false` (a plain array
/// follows). Kept out of `encode_seq`, which a recursive type passes through
/// once per level, so that its field-index buffers are on the stack only
/// while a table is being planned and written.
#[inline(never)]
fn write_seq_table<'a, T, S, I>(items: I, shape: &Shape, w: &mut Writer<S>) -> Result<bool, Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    if shape.skippable {
        write_union_table(items, shape, w)
    } else {
        write_dense_table(items, shape, w)
    }
}

/// Field indices `0..64`: the columns of a table whose rows hold every
/// field, without a buffer on the stack.
const IDENTITY: [usize; 64] = {
    let mut all = [0; 64];
    let mut i = 0;
    while i < 64 {
        all[i] = i;
        i += 1;
    }
    all
};

/// [`write_seq_table`] for a type without optional fields.
#[inline(never)]
fn write_dense_table<'a, T, S, I>(items: I, shape: &Shape, w: &mut Writer<S>) -> Result<bool, Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    let (shapes, columns) = (w.options().shapes, w.options().columns);
    // Every row holds every field in declaration order: E = n × U, no
    // padding.
    let n = shape.len();
    let estimates = (0..n).map(|i| shape.estimate(i)).sum();
    if !dense_enough(items.len().saturating_mul(n), n, 0, estimates) {
        return Ok(false);
    }
    if columns {
        let written = match IDENTITY.get(..n) {
            Some(all) => write_table(items.clone(), all, true, w)?,
            None => write_table(items.clone(), &(0..n).collect::<Vec<_>>(), true, w)?,
        };
        if written {
            return Ok(true);
        }
    }
    if shapes {
        write_full_table(items, shape, w)?;
    }
    Ok(shapes)
}

/// [`write_seq_table`] for a type with optional fields: the table's keys
/// are the union of the fields the rows hold.
#[inline(never)]
fn write_union_table<'a, T, S, I>(items: I, shape: &Shape, w: &mut Writer<S>) -> Result<bool, Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    let (shapes, columns) = (w.options().shapes, w.options().columns);
    let Some(union) = Union::plan(items.clone(), shape) else {
        return Ok(false);
    };
    if columns && write_table(items.clone(), union.fields.as_slice(), false, w)? {
        return Ok(true);
    }
    if shapes {
        union.write(items, shape, w)?;
    }
    Ok(shapes)
}

/// The table of a record type without optional fields: the header is the
/// precomputed constant, every row is full.
pub(super) fn write_full_table<'a, T, S, I>(
    items: I,
    shape: &Shape,
    w: &mut Writer<S>,
) -> Result<(), Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T>,
{
    let n = shape.len();
    if w.stringref_active() {
        w.tag(TAG)?;
        w.array(2)?;
        w.array(n)?;
        (0..n).try_for_each(|i| write_key(w, shape, i))?;
    } else {
        w.raw(shape.header)?;
    }
    w.array(items.len())?;
    for item in items {
        w.array(n)?;
        (0..n).try_for_each(|i| item.encode_field(i, w))?;
    }
    Ok(())
}

/// A small buffer of field indices: on the stack for up to 64 fields, so
/// that shaping a vector allocates nothing for ordinary records.
#[allow(clippy::large_enum_variant)] // the large variant is the point
pub(super) enum Indices {
    Stack([usize; 64], usize),
    Heap(Vec<usize>),
}

impl Indices {
    pub(super) fn new(capacity: usize) -> Self {
        if capacity <= 64 {
            Indices::Stack([0; 64], 0)
        } else {
            Indices::Heap(Vec::with_capacity(capacity))
        }
    }

    pub(super) fn push(&mut self, v: usize) {
        match self {
            Indices::Stack(buf, len) => {
                if let Some(slot) = buf.get_mut(*len) {
                    *slot = v;
                    *len += 1;
                }
            }
            Indices::Heap(buf) => buf.push(v),
        }
    }

    pub(super) fn set(&mut self, i: usize, v: usize) {
        let slot = match self {
            Indices::Stack(buf, len) => buf.get_mut(..*len).and_then(|b| b.get_mut(i)),
            Indices::Heap(buf) => buf.get_mut(i),
        };
        if let Some(slot) = slot {
            *slot = v;
        }
    }

    pub(super) fn as_slice(&self) -> &[usize] {
        match self {
            Indices::Stack(buf, len) => buf.get(..*len).unwrap_or_default(),
            Indices::Heap(buf) => buf,
        }
    }
}

/// The union of the fields present in a sequence of records, in first-seen
/// order, when the density guard accepts the table.
pub(super) struct Union {
    /// Union position → field.
    fields: Indices,
    /// Field → union position (`usize::MAX` when never present).
    positions: Indices,
    /// The density guard's estimate of the bytes the table saves.
    saving: usize,
}

impl Union {
    pub(super) fn plan<'a, T, I>(items: I, shape: &Shape) -> Option<Union>
    where
        T: EncodeFields + 'a,
        I: Iterator<Item = &'a T>,
    {
        let n = shape.len();
        let mut fields = Indices::new(n);
        let mut positions = Indices::new(n);
        (0..n).for_each(|_| positions.push(usize::MAX));
        let (mut occurrences, mut padding) = (0, 0);
        for item in items {
            let (mut size, mut highest) = (0, None::<usize>);
            for i in (0..n).filter(|&i| item.present(i)) {
                let known = positions.as_slice().get(i).copied().unwrap_or(usize::MAX);
                let p = if known == usize::MAX {
                    let p = fields.as_slice().len();
                    fields.push(i);
                    positions.set(i, p);
                    p
                } else {
                    known
                };
                size += 1;
                highest = Some(highest.map_or(p, |h| h.max(p)));
            }
            occurrences += size;
            padding += highest.map_or(0, |h| h + 1 - size);
        }
        let union = fields.as_slice();
        let estimates = union.iter().map(|&i| shape.estimate(i)).sum();
        let saving = saving(occurrences, union.len(), padding, estimates);
        (saving > 0).then_some(Union {
            fields,
            positions,
            saving,
        })
    }

    pub(super) fn write<'a, T, S, I>(
        &self,
        items: I,
        shape: &Shape,
        w: &mut Writer<S>,
    ) -> Result<(), Error>
    where
        T: EncodeFields + 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a T>,
    {
        let union = self.fields.as_slice();
        let positions = self.positions.as_slice();
        w.tag(TAG)?;
        w.array(2)?;
        w.array(union.len())?;
        union.iter().try_for_each(|&i| write_key(w, shape, i))?;
        w.array(items.len())?;
        for item in items {
            let width = (0..shape.len())
                .filter(|&i| item.present(i))
                .filter_map(|i| positions.get(i))
                .max()
                .map_or(0, |p| p + 1);
            w.array(width)?;
            for &i in union.iter().take(width) {
                if item.present(i) {
                    item.encode_field(i, w)?;
                } else {
                    w.undefined()?;
                }
            }
        }
        Ok(())
    }
}

/// The default column of a field: a plain array of its values, `undefined`
/// for rows that leave it out.
pub fn plain_column<'a, T, S, I>(items: I, field: usize, w: &mut Writer<S>) -> Result<(), Error>
where
    T: EncodeFields + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T>,
{
    w.array(items.len())?;
    for item in items {
        if item.present(field) {
            item.encode_field(field, w)?;
        } else {
            w.undefined()?;
        }
    }
    Ok(())
}

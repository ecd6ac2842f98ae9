//! Iterative `Value` encoding, in the writer's profile.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::columns::{Column, Numbers};
use super::keyed;
use super::scattered::{self, Use};
use super::shapes::{row_layout, table, Items, Table};
use super::{Float, Value};
use crate::codec::{compare_encoded, fragment, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::columns::TAG as COLUMNS;
use crate::ext::grid::TAG as GRID;
use crate::ext::shapes::TAG;
use crate::ext::typed::{write_float_bits, write_ints};
use crate::profile::{FloatPolicy, KeyOrder};
use crate::wire::{Sink, Writer};

enum Task<'a> {
    /// A value, its depth, and whether it may take a rewritten form: a small
    /// bignum as an integer, an array of maps as a shaped table. `false` for
    /// content the reference writes through a fixed path (a decimal's
    /// mantissa, a set's element array).
    Item(&'a Value, usize, bool),
    /// Pre-encoded bytes (sorted keys and set elements).
    Raw(Vec<u8>),
    /// An array head (a shaped row).
    Row(usize),
    /// An absent position in a shaped row.
    Absent,
    /// A table's row count.
    Count(usize),
    /// A typed column (or a grid's elements).
    Typed(Numbers),
    /// A grid's head, `40([[rows, width], `, before its elements.
    Grid(usize, usize),
    /// The end of a scattered-shape definition (plan entry `slot`): the
    /// map is complete and its shape takes the item's next index.
    Defined(usize),
    /// The table of a keyed table's values (the map's entries), written
    /// after its keys, at the given depth.
    Values(&'a [(Value, Value)], Box<Table<'a>>, usize),
}

impl Encode for Value {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        // A stringref namespace around the document is a level too, as the
        // reader counts it.
        let base = usize::from(w.stringref_active());
        encode_shallow(self, w, base)
    }

    /// A sequence of values (`Vec<Value>`, `[Value]`) writes the bytes the
    /// `Value::Array` of them writes: under the table options an array of
    /// maps may be a shaped or columnar table, a decision that needs the
    /// whole array, so the values are gathered into one (cloned) first.
    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        S: Sink,
        I: ExactSizeIterator<Item = &'a Value> + Clone,
    {
        let opts = w.options();
        if opts.shapes || opts.columns || opts.scattered_shapes {
            return Value::Array(items.cloned().collect::<Vec<_>>().into()).encode(w);
        }
        crate::codec::encode_array(items, w)
    }

    /// What writing these values as a table saves, by the decision a
    /// `Value::Map` of them takes for a keyed table (so that a
    /// `BTreeMap<K, Value>` writes what that map writes).
    fn seq_table_saving<'a, I>(items: I, options: &crate::profile::Resolved) -> usize
    where
        I: ExactSizeIterator<Item = &'a Value> + Clone,
    {
        let items: Vec<&Value> = items.collect();
        let tables = (options.shapes, options.columns);
        table(items.iter().copied(), tables, options.float_policy).map_or(0, |t| t.plan.saving)
    }
}

/// Nesting handled by plain recursion before the explicit stack takes
/// over: deep enough for ordinary documents, so that they encode without
/// allocating, and shallow enough for any thread stack.
const RECURSION_LIMIT: usize = 32;

/// The record tag: `27([name, payload])`.
const RECORD: u64 = 27;

/// The common forms, written recursively with no allocation; everything
/// else (sorted maps, shaped tables, reductions, deep nesting) goes to the
/// iterative encoder.
fn encode_shallow<S: Sink>(value: &Value, w: &mut Writer<S>, depth: usize) -> Result<(), Error> {
    let opts = *w.options();
    let plain = opts.key_order == KeyOrder::Insertion
        && !opts.shapes
        && !opts.columns
        && !opts.scattered_shapes;
    // Bignums are written as they are only where neither reduction nor
    // the minimal form applies.
    let literal_bignums =
        opts.float_policy == FloatPolicy::PreserveWidth && !opts.profile.is_deterministic();
    if write_scalar(value, w)? {
        return Ok(());
    }
    if depth >= RECURSION_LIMIT || !plain {
        return encode_iterative(value, w, depth);
    }
    match value {
        Value::Array(items) => {
            enter(w, depth, opts.max_depth)?;
            w.array(items.len())?;
            for item in items {
                encode_shallow(item, w, depth + 1)?;
            }
            Ok(())
        }
        Value::Map(entries) => {
            enter(w, depth, opts.max_depth)?;
            w.map(entries.len())?;
            for (k, v) in entries {
                encode_shallow(k, w, depth + 1)?;
                encode_shallow(v, w, depth + 1)?;
            }
            Ok(())
        }
        Value::Tag(tag, inner) if *tag != 4 && (literal_bignums || !matches!(tag, 2 | 3)) => {
            enter(w, depth, opts.max_depth)?;
            w.check_tag(*tag, inner)?;
            w.tag(*tag)?;
            encode_shallow(inner, w, depth + 1)
        }
        _ => encode_iterative(value, w, depth),
    }
}

fn encode_iterative<S: Sink>(root: &Value, w: &mut Writer<S>, start: usize) -> Result<(), Error> {
    let max_depth = w.options().max_depth;
    let sorted = w.options().key_order != KeyOrder::Insertion;
    let floats = w.options().float_policy;
    let reduce = floats == FloatPolicy::Shortest;
    // A deterministic profile has one form per bignum: no leading zero
    // bytes, as its verifier requires.
    let minimal = w.options().profile.is_deterministic();
    let shapes = w.options().shapes && !sorted;
    let columns = w.options().columns && !sorted;
    let mut chosen = (w.options().scattered_shapes && !sorted)
        .then(|| scattered::choose(root, (shapes, columns), floats, w.shapes_left()));
    let mut stack = Vec::new();
    stack.push(Task::Item(root, start, true));
    while let Some(task) = stack.pop() {
        let (value, depth, free) = match task {
            Task::Raw(bytes) => {
                w.raw(&bytes)?;
                continue;
            }
            Task::Row(len) => {
                w.array(len)?;
                continue;
            }
            Task::Absent => {
                w.undefined()?;
                continue;
            }
            Task::Count(n) => {
                w.u64(n as u64)?;
                continue;
            }
            Task::Typed(Numbers::Ints(values)) => {
                write_ints(w, values.into_iter())?;
                continue;
            }
            Task::Typed(Numbers::F32(values)) => {
                write_float_bits(w, values.iter().map(|v| v.to_bits().to_le_bytes()))?;
                continue;
            }
            Task::Typed(Numbers::F64(values)) => {
                write_float_bits(w, values.iter().map(|v| v.to_bits().to_le_bytes()))?;
                continue;
            }
            Task::Grid(rows, width) => {
                w.tag(GRID)?;
                w.array(2)?;
                w.array(2)?;
                w.u64(rows as u64)?;
                w.u64(width as u64)?;
                continue;
            }
            Task::Defined(slot) => {
                let index = w.define_shape()?;
                if let Some(chosen) = chosen.as_mut() {
                    chosen.defined(slot, index);
                }
                continue;
            }
            Task::Values(entries, table, depth) => {
                write_table(w, keyed::values(entries), *table, depth, &mut stack)?;
                continue;
            }
            Task::Item(value, depth, free) => (value, depth, free),
        };
        if write_scalar(value, w)? {
            continue;
        }
        match value {
            Value::Array(items) if (shapes || columns) && free => {
                let planned = chosen.as_mut().and_then(|c| c.take_table(items.as_ptr()));
                match planned.or_else(|| table(items.iter(), (shapes, columns), floats)) {
                    Some(table) => {
                        // Tag, content, keys or rows, row or column, value.
                        enter(w, depth + 4, max_depth)?;
                        write_table(w, items.iter(), table, depth, &mut stack)?;
                    }
                    None => {
                        enter(w, depth, max_depth)?;
                        w.array(items.len())?;
                        stack.extend(items.iter().rev().map(|v| Task::Item(v, depth + 1, true)));
                    }
                }
            }
            Value::Array(items) => {
                enter(w, depth, max_depth)?;
                w.array(items.len())?;
                stack.extend(items.iter().rev().map(|v| Task::Item(v, depth + 1, true)));
            }
            Value::Map(entries) => {
                let keyed = (shapes || columns) && free;
                let planned = chosen.as_mut().and_then(|c| c.take_table(entries.as_ptr()));
                let table = planned.or_else(|| {
                    keyed
                        .then(|| keyed::plan(entries, (shapes, columns), floats))
                        .flatten()
                });
                if let Some(table) = table {
                    // Tag, pair, keys, key; the values' table one level
                    // below the pair.
                    enter(w, depth + 6, max_depth)?;
                    w.tag(keyed::TAG)?;
                    w.array(2)?;
                    w.array(entries.len())?;
                    stack.push(Task::Values(entries, Box::new(table), depth + 2));
                    let keys = entries.iter().rev().map(|(k, _)| k);
                    stack.extend(keys.map(|k| Task::Item(k, depth + 3, true)));
                    continue;
                }
                let form = chosen
                    .as_ref()
                    .filter(|_| free)
                    .and_then(|c| c.use_for(entries));
                if let Some(use_) = form {
                    // Tag, content and, for a definition, the key array.
                    let levels = if matches!(use_, Use::Define(_)) { 2 } else { 1 };
                    enter(w, depth + levels, max_depth)?;
                    write_scattered(w, entries, use_, depth, &mut stack)?;
                    continue;
                }
                enter(w, depth, max_depth)?;
                w.map(entries.len())?;
                if sorted {
                    let mut keyed = entries
                        .iter()
                        .map(|(k, v)| Ok((fragment(w, k)?, v)))
                        .collect::<Result<Vec<_>, Error>>()?;
                    let order = w.options().key_order;
                    keyed.sort_by(|a, b| compare_encoded(order, &a.0, &b.0));
                    if keyed.windows(2).any(|p| p[0].0 == p[1].0) {
                        return Err(w.error(ErrorKind::DuplicateKey));
                    }
                    for (key, v) in keyed.into_iter().rev() {
                        stack.push(Task::Item(v, depth + 1, true));
                        stack.push(Task::Raw(key));
                    }
                } else {
                    for (k, v) in entries.iter().rev() {
                        stack.push(Task::Item(v, depth + 1, true));
                        stack.push(Task::Item(k, depth + 1, true));
                    }
                }
            }
            Value::Tag(tag @ (2 | 3), inner) if (reduce && free) || minimal => {
                let digits = significant_digits(inner);
                match digits.and_then(|d| reduced(d, free)) {
                    Some(m) if reduce && *tag == 2 => w.u64(m)?,
                    Some(m) if reduce => w.head(crate::wire::Major::Negative, m)?,
                    _ => {
                        enter(w, depth, max_depth)?;
                        w.tag(*tag)?;
                        match digits {
                            Some(digits) if minimal => w.bytes(digits)?,
                            _ => stack.push(Task::Item(inner, depth + 1, true)),
                        }
                    }
                }
            }
            Value::Tag(258, inner) if sorted && matches!(**inner, Value::Array(_)) => {
                enter(w, depth + 1, max_depth)?;
                w.tag(258)?;
                let Value::Array(items) = &**inner else {
                    continue;
                };
                w.array(items.len())?;
                let order = w.options().key_order;
                let mut encoded = items
                    .iter()
                    .map(|v| fragment(w, v))
                    .collect::<Result<Vec<_>, Error>>()?;
                encoded.sort_by(|a, b| compare_encoded(order, a, b));
                if encoded.windows(2).any(|p| p[0] == p[1]) {
                    return Err(w.error(ErrorKind::DuplicateKey));
                }
                stack.extend(encoded.into_iter().rev().map(Task::Raw));
            }
            Value::Tag(4, inner) => {
                enter(w, depth, max_depth)?;
                w.tag(4)?;
                match &**inner {
                    Value::Array(parts) => {
                        enter(w, depth + 1, max_depth)?;
                        w.array(parts.len())?;
                        stack.extend(parts.iter().rev().map(|v| Task::Item(v, depth + 2, false)));
                    }
                    other => stack.push(Task::Item(other, depth + 1, true)),
                }
            }
            Value::Tag(RECORD, inner) => {
                // A record frame's `[name, payload]`, and an array payload
                // (a queue's or an object array's elements, the with-meta
                // pair) or a map payload (a record's fields), are fixed forms
                // the reference never shapes; what they hold is written as
                // usual.
                enter(w, depth, max_depth)?;
                w.tag(RECORD)?;
                match &**inner {
                    Value::Array(parts) => {
                        enter(w, depth + 1, max_depth)?;
                        w.array(parts.len())?;
                        stack.extend(parts.iter().rev().map(|part| {
                            let free = !matches!(part, Value::Array(_) | Value::Map(_));
                            Task::Item(part, depth + 2, free)
                        }));
                    }
                    other => stack.push(Task::Item(other, depth + 1, true)),
                }
            }
            Value::Tag(tag, inner) => {
                enter(w, depth, max_depth)?;
                w.check_tag(*tag, inner)?;
                w.tag(*tag)?;
                stack.push(Task::Item(inner, depth + 1, *tag != 258));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Writes the heads of a map as tag 39650 (a definition of its keys, or a
/// reference to one) and queues its keys (for a definition) and values on
/// `stack`; a definition's index is taken once its values are written.
fn write_scattered<'a, S: Sink>(
    w: &mut Writer<S>,
    entries: &'a [(Value, Value)],
    use_: Use,
    depth: usize,
    stack: &mut Vec<Task<'a>>,
) -> Result<(), Error> {
    w.tag(scattered::TAG)?;
    w.array(entries.len() + 1)?;
    if let Use::Define(slot) = use_ {
        stack.push(Task::Defined(slot));
    }
    // Tag, content, values; a definition's keys one level deeper.
    let values = entries.iter().rev().map(|(_, v)| v);
    stack.extend(values.map(|v| Task::Item(v, depth + 2, true)));
    match use_ {
        Use::Refer(index) => w.u64(index),
        Use::Define(_) => {
            w.array(entries.len())?;
            let keys = entries.iter().rev().map(|(k, _)| k);
            stack.extend(keys.map(|k| Task::Item(k, depth + 3, true)));
            Ok(())
        }
    }
}

/// Writes the heads of `items` as `table` — columns (39653) or a shaped
/// array (39649) — and queues its keys and cells on `stack`.
fn write_table<'a, S: Sink>(
    w: &mut Writer<S>,
    items: impl Items<'a>,
    table: Table<'a>,
    depth: usize,
    stack: &mut Vec<Task<'a>>,
) -> Result<(), Error> {
    let cell = |cell: &Option<&'a Value>, depth| match cell {
        Some(v) => Task::Item(v, depth, true),
        None => Task::Absent,
    };
    let Table { plan, columns } = table;
    match columns {
        Some(columns) => {
            // 39653([keys, n, columns]): tag, triple, columns, column, value.
            w.tag(COLUMNS)?;
            w.array(3)?;
            w.array(plan.keys.len())?;
            for column in columns.into_iter().rev() {
                match column {
                    Column::Typed(numbers) => stack.push(Task::Typed(numbers)),
                    Column::Grid(width, numbers) => {
                        stack.push(Task::Typed(numbers));
                        stack.push(Task::Grid(items.len(), width));
                    }
                    Column::Plain(cells) => {
                        stack.extend(cells.iter().rev().map(|c| cell(c, depth + 4)));
                        stack.push(Task::Row(cells.len()));
                    }
                }
            }
            stack.push(Task::Row(plan.keys.len()));
            stack.push(Task::Count(items.len()));
        }
        None => {
            // 39649([keys, rows]): tag, pair, keys, rows, row, value.
            w.tag(TAG)?;
            w.array(2)?;
            w.array(plan.keys.len())?;
            let rows = items.len();
            for (item, positions) in items.zip(&plan.positions).rev() {
                let Value::Map(entries) = item else {
                    continue;
                };
                let row = row_layout(entries, positions);
                stack.extend(row.iter().rev().map(|c| cell(c, depth + 5)));
                stack.push(Task::Row(row.len()));
            }
            stack.push(Task::Row(rows));
        }
    }
    stack.extend(
        plan.keys
            .iter()
            .rev()
            .map(|k| Task::Item(k, depth + 3, true)),
    );
    Ok(())
}

/// Writes `value` if it has no children; `false` for containers and tags.
#[inline]
fn write_scalar<S: Sink>(value: &Value, w: &mut Writer<S>) -> Result<bool, Error> {
    match value {
        Value::Integer(v) => w.i128(*v)?,
        Value::Float(Float::F16(bits)) => w.f16_bits(*bits)?,
        Value::Float(Float::F32(v)) => w.f32(*v)?,
        Value::Float(Float::F64(v)) => w.f64(*v)?,
        Value::Bytes(b) => w.bytes(b)?,
        Value::Text(t) => w.str(t)?,
        Value::Bool(b) => w.bool(*b)?,
        Value::Null => w.null()?,
        Value::Undefined => w.undefined()?,
        Value::Simple(n) => w.simple(*n)?,
        Value::Array(_) | Value::Map(_) | Value::Tag(..) => return Ok(false),
    }
    Ok(true)
}

fn enter<S: Sink>(w: &Writer<S>, depth: usize, max_depth: usize) -> Result<(), Error> {
    if depth >= max_depth {
        Err(w.error(ErrorKind::DepthExceeded))
    } else {
        Ok(())
    }
}

/// A bignum's magnitude without its leading zero bytes (empty for zero),
/// when its content is a byte string.
fn significant_digits(content: &Value) -> Option<&[u8]> {
    let Value::Bytes(digits) = content else {
        return None;
    };
    let start = digits.iter().position(|&b| b != 0).unwrap_or(digits.len());
    digits.get(start..)
}

/// The magnitude of significant `digits` when the bignum is written as a
/// plain integer under `Shortest`: whenever it fits 64 bits, except for a
/// decimal's parts (`free` false), which the reference writes as bignums
/// from 2^62 on.
fn reduced(digits: &[u8], free: bool) -> Option<u64> {
    let m = (digits.len() <= 8).then(|| {
        digits
            .iter()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
    })?;
    (free || m < 1 << 62).then_some(m)
}

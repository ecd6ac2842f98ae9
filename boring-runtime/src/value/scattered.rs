//! Scattered shapes (tag 39650) for `Value`: a map whose key sequence
//! recurs in one top-level item is written once with its keys (a
//! definition) and afterwards with the definition's index in their place (a
//! reference). `docs/WIRE.md` §6a has the rules.

use alloc::vec::Vec;

use super::clone::Footprint;
use super::cmp::{has_duplicates, written_key_cmp};
use super::decode::spend_expansion;
use super::key_groups::{self, key_order};
use super::shapes::{table, Items, Table};
use super::Value;
use crate::error::{Error, ErrorKind};
use crate::ext::shapes::key_estimate;
use crate::profile::FloatPolicy;
use crate::wire::{Head, Reader, Seq};

/// The scattered-shapes tag.
pub const TAG: u64 = 39650;

/// The most definitions one top-level item may hold; a reader refuses the
/// next one with [`ErrorKind::TooManyShapes`].
pub const MAX_SHAPES: usize = 65_536;

/// Whether a map may be written as a scattered shape: at least two entries,
/// no `undefined` value (the exclusions of a shaped array's rows), keys
/// that stay distinct as written (a definition never repeats a key), and
/// keys that hold no map (so that where a map's keys go does not change
/// which nested map completes first).
fn qualifies(entries: &[(Value, Value)], floats: FloatPolicy) -> bool {
    entries.len() >= 2
        && entries
            .iter()
            .all(|(k, v)| plain_key(k) && !matches!(v, Value::Undefined))
        && !has_duplicates(entries.iter().map(|(k, _)| k), |a, b| {
            written_key_cmp(a, b, floats)
        })
}

/// A scalar, or an identifier (tag 39) over one.
fn plain_key(key: &Value) -> bool {
    match key {
        Value::Array(_) | Value::Map(_) => false,
        Value::Tag(39, inner) => {
            !matches!(**inner, Value::Array(_) | Value::Map(_) | Value::Tag(..))
        }
        Value::Tag(..) => false,
        _ => true,
    }
}

/// What the writer does with a map.
pub(crate) enum Use {
    /// Writes the keys; the definition is entry `slot` of the plan, and
    /// takes its index when the map is complete.
    Define(usize),
    /// Writes the index of an earlier definition.
    Refer(u64),
}

/// The writer's plan for one `Value` tree: the key sequences worth a
/// definition, each with the map that defines it (the first of them to
/// be complete in writing order) and the index it took once written.
pub(crate) struct Chosen<'a> {
    sequences: Vec<&'a [(Value, Value)]>,
    definers: Vec<*const (Value, Value)>,
    index: Vec<Option<u64>>,
    /// The tables the first pass laid out (arrays and keyed maps, by the
    /// address of their elements), handed to the writer so that it does
    /// not lay them out again.
    tables: Vec<(usize, Option<Table<'a>>)>,
    floats: FloatPolicy,
}

impl<'a> Chosen<'a> {
    /// How to write the map `entries`: `None` for a plain map (one whose
    /// sequence has no definition, or whose definition is not complete
    /// yet: the definer is inside it).
    pub fn use_for(&self, entries: &[(Value, Value)]) -> Option<Use> {
        // Most maps have no chosen sequence: look that up before the
        // costlier qualification, which the first pass already ran.
        let slot = self
            .sequences
            .binary_search_by(|s| key_order(s, entries, self.floats))
            .ok()?;
        if !qualifies(entries, self.floats) {
            return None;
        }
        match self.index.get(slot).copied().flatten() {
            Some(index) => Some(Use::Refer(index)),
            None if self.definers.get(slot) == Some(&entries.as_ptr()) => Some(Use::Define(slot)),
            None => None,
        }
    }

    /// The table the first pass laid out for the elements at `at` (an
    /// array's items or a keyed map's entries), taken: each is written
    /// once.
    pub fn take_table<T>(&mut self, at: *const T) -> Option<Table<'a>> {
        let at = at as usize;
        let i = self.tables.binary_search_by_key(&at, |(a, _)| *a).ok()?;
        self.tables.get_mut(i)?.1.take()
    }

    /// Records that the definition for `slot` is complete and took `index`.
    pub fn defined(&mut self, slot: usize, index: u64) {
        if let Some(entry) = self.index.get_mut(slot) {
            *entry = Some(index);
        }
    }
}

/// The first pass: walks `root` in writing order and finds the maps the
/// writer will write as maps (not rows of a shaped or columnar table, not
/// a record frame's payload), in the order they are complete; groups them
/// by key sequence, and keeps the sequences whose definition pays for
/// itself, defined by their first complete map. At most `room` are kept,
/// the definitions left in this item.
pub(crate) fn choose<'a>(
    root: &'a Value,
    tables: (bool, bool),
    floats: FloatPolicy,
    room: usize,
) -> Chosen<'a> {
    let (shapes, columns) = tables;
    // Complete maps, in order.
    let mut maps: Vec<&'a [(Value, Value)]> = Vec::new();
    let mut tables: Vec<(usize, Option<Table<'a>>)> = Vec::new();
    // (value, the encoder's `free` flag, children already queued).
    let mut stack: Vec<(&'a Value, bool, bool)> = alloc::vec![(root, true, false)];
    while let Some((value, free, queued)) = stack.pop() {
        if queued {
            if let Value::Map(entries) = value {
                if free && qualifies(entries, floats) {
                    maps.push(entries);
                }
            }
            continue;
        }
        let tables_on = (shapes || columns) && free;
        // A map written as a keyed table is not written as a map.
        let keyed = match value {
            Value::Map(entries) if tables_on => {
                super::keyed::plan(entries, (shapes, columns), floats)
            }
            _ => None,
        };
        stack.push((value, free && keyed.is_none(), true));
        let at = stack.len();
        match (value, keyed) {
            (Value::Map(entries), Some(table)) => {
                stack.extend(entries.iter().map(|(k, _)| (k, true, false)));
                let cells = table_cells(super::keyed::values(entries), &table);
                stack.extend(cells.into_iter().map(|v| (v, true, false)));
                tables.push((entries.as_ptr() as usize, Some(table)));
            }
            (Value::Array(items), _) if tables_on => {
                match table(items.iter(), (shapes, columns), floats) {
                    Some(table) => {
                        let cells = table_cells(items.iter(), &table);
                        stack.extend(cells.into_iter().map(|v| (v, true, false)));
                        tables.push((items.as_ptr() as usize, Some(table)));
                    }
                    None => stack.extend(items.iter().map(|v| (v, true, false))),
                }
            }
            (Value::Array(items), _) => stack.extend(items.iter().map(|v| (v, true, false))),
            (Value::Map(entries), None) => {
                for (k, v) in entries {
                    stack.push((k, true, false));
                    stack.push((v, true, false));
                }
            }
            (Value::Tag(27, inner), _) => match &**inner {
                Value::Array(parts) => stack.extend(parts.iter().map(|p| {
                    let free = !matches!(p, Value::Array(_) | Value::Map(_));
                    (p, free, false)
                })),
                other => stack.push((other, true, false)),
            },
            (Value::Tag(4, inner), _) => match &**inner {
                Value::Array(parts) => stack.extend(parts.iter().map(|p| (p, false, false))),
                other => stack.push((other, true, false)),
            },
            (Value::Tag(tag, inner), _) => stack.push((inner, *tag != 258, false)),
            _ => {}
        }
        // Children were queued in writing order; the stack pops the last
        // first.
        stack[at..].reverse();
    }
    // Each group is defined by its first complete map; the lookup
    // searches the sequences in key order.
    let mut sequences: Vec<&'a [(Value, Value)]> = key_groups::group(&maps, floats)
        .into_iter()
        .filter(|&(first, count)| pays(first, count))
        .map(|(first, _)| first)
        .collect();
    sequences.sort_by(|a, b| key_order(a, b, floats));
    sequences.truncate(room);
    let definers = sequences.iter().map(|s| s.as_ptr()).collect();
    let index = alloc::vec![None; sequences.len()];
    tables.sort_unstable_by_key(|(at, _)| *at);
    Chosen {
        sequences,
        definers,
        index,
        tables,
        floats,
    }
}

/// What a table holds, in the order the encoder writes it: the keys, then
/// the cells row by row (shaped) or column by column (columnar; typed
/// columns hold only numbers).
fn table_cells<'a>(items: impl Items<'a>, table: &Table<'a>) -> Vec<&'a Value> {
    let mut cells: Vec<&Value> = table.plan.keys.clone();
    match &table.columns {
        Some(columns) => {
            for column in columns {
                if let super::columns::Column::Plain(column) = column {
                    cells.extend(column.iter().flatten().copied());
                }
            }
        }
        None => {
            for item in items {
                cells.extend(item.as_map().unwrap_or_default().iter().map(|(_, v)| v));
            }
        }
    }
    cells
}

/// Whether `count` maps with the keys of `entries` are smaller written as
/// one definition and `count − 1` references. A reference replaces the map
/// head and the keys (estimated as a shaped array's guard does, §6) by a
/// three-byte tag, an array head and an index of about one byte; the
/// definition adds the tag, an array head and the key array's head.
fn pays(entries: &[(Value, Value)], count: usize) -> bool {
    if count < 2 {
        return false;
    }
    let keys: usize = entries.iter().map(|(k, _)| key_estimate(k)).sum();
    let saved = (count - 1) * (keys + 1).saturating_sub(5);
    saved > 4
}

/// The reader's definitions in the current top-level item, numbered in the
/// order they are complete: their keys (`None` for a definition inside an
/// item that was skipped, not built).
#[derive(Debug, Default)]
pub(crate) struct ShapeTable {
    keys: Vec<Option<Vec<Value>>>,
    /// Where each definition's key array starts, so that a typed map can
    /// read its keys again as its own key type.
    sites: Vec<usize>,
    /// Scattered shapes a typed decoder has opened and not finished,
    /// innermost last (kept here so that the decoder's own frame stays
    /// small and needs no drop).
    open: Vec<OpenShape>,
}

/// A 39650 item whose keys are read and whose values are next.
#[derive(Debug)]
pub(crate) struct OpenShape {
    /// The content array, positioned after its first element.
    pub seq: Seq,
    /// The keys, one per value to read.
    pub keys: Vec<Value>,
    /// Where the tag starts, when the item is a definition: it takes the
    /// next index once its values are read.
    pub defines: Option<usize>,
}

impl ShapeTable {
    /// Adds a complete definition as the next index (`None`: one skipped,
    /// not built), its key array at `site`; refused past [`MAX_SHAPES`]
    /// (at `at`).
    pub fn define(
        &mut self,
        keys: Option<Vec<Value>>,
        site: usize,
        at: usize,
    ) -> Result<(), Error> {
        if self.keys.len() >= MAX_SHAPES {
            return Err(Error::new(ErrorKind::TooManyShapes, at));
        }
        self.keys.push(keys);
        self.sites.push(site);
        Ok(())
    }

    /// Where the key array of definition `index` starts, if it is complete.
    pub fn site(&self, index: u64) -> Option<usize> {
        self.sites.get(usize::try_from(index).ok()?).copied()
    }

    /// The keys of definition `index`, if it is complete and was built.
    pub fn keys(&self, index: u64) -> Option<&[Value]> {
        let index = usize::try_from(index).ok()?;
        self.keys.get(index)?.as_deref()
    }

    /// Holds an opened item until its values are read.
    pub fn push_open(&mut self, open: OpenShape) {
        self.open.push(open);
    }

    /// The innermost opened item.
    pub fn pop_open(&mut self) -> Option<OpenShape> {
        self.open.pop()
    }

    /// The number of definitions (saved by checkpoints).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Drops the definitions after the first `len` (a checkpoint's rewind).
    pub fn truncate(&mut self, len: usize) {
        self.keys.truncate(len);
        self.sites.truncate(len);
    }

    /// Forgets everything: a new top-level item starts.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.sites.clear();
        self.open.clear();
    }
}

/// Where the key array of the 39650 definition whose tag starts at `at`
/// begins: after the tag's three bytes and the content array's head.
pub(crate) fn key_array_at(input: &[u8], at: usize) -> usize {
    let content = at + 3;
    let head = match input.get(content).map(|b| b & 0x1f) {
        Some(24) => 2,
        Some(25) => 3,
        Some(26) => 5,
        Some(27) => 9,
        _ => 1,
    };
    content + head
}

/// Whether the item at the reader's position is the content of a 39650
/// definition: an array whose first element is an array (a reference's is
/// an unsigned integer). Read from the bytes, consuming nothing.
pub(crate) fn defines(input: &[u8], at: usize) -> bool {
    let Some(&initial) = input.get(at) else {
        return false;
    };
    if initial >> 5 != 4 {
        return false;
    }
    let head = match initial & 0x1f {
        0..=23 | 31 => 1,
        24 => 2,
        25 => 3,
        26 => 5,
        27 => 9,
        _ => return false,
    };
    input.get(at + head).is_some_and(|b| b >> 5 == 4)
}

/// Opens the 39650 item at the reader for a typed reader, up to its first
/// element (a definition's key array or a reference's index): its content,
/// a definite array of at least two elements (`bad` otherwise), how many
/// values follow the first element, and whether it defines a shape.
pub(crate) fn open_content(
    r: &mut Reader<'_>,
    bad: &dyn Fn() -> Error,
) -> Result<(Seq, u64, bool), Error> {
    r.tag()?;
    r.enter()?;
    let defining = defines(r.input(), r.position());
    let mut seq = match r.peek_head()? {
        Head::Array(Some(n)) if n >= 2 => r.array()?,
        _ => return Err(bad()),
    };
    let values = seq.declared().unwrap_or(0) - 1;
    if !seq.next(r)? {
        return Err(bad());
    }
    Ok((seq, values, defining))
}

/// The keys of a definition as its first element was read: a non-empty
/// array of distinct keys, as many as the values that follow.
pub(crate) fn definition_keys(first: Value, values: u64, at: usize) -> Result<Vec<Value>, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let keys = first.into_array().ok_or_else(bad)?;
    if keys.is_empty() || keys.len() as u64 != values || has_duplicates(keys.iter(), Value::cmp) {
        return Err(bad());
    }
    Ok(keys)
}

/// The keys a reference names, copied for the map being built (and
/// charged to the budgets): the definition must be complete and have as
/// many keys as values follow.
pub(crate) fn referenced_keys(
    r: &mut Reader<'_>,
    first: &Value,
    values: u64,
    at: usize,
) -> Result<Vec<Value>, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let Value::Integer(index) = first else {
        return Err(bad());
    };
    let index = u64::try_from(*index).map_err(|_| bad())?;
    let undefined = || Error::new(ErrorKind::UndefinedShape(index), at);
    let keys = r.shape_keys(index).ok_or_else(undefined)?;
    if keys.len() as u64 != values {
        return Err(bad());
    }
    let cost = Footprint::of_all(keys);
    spend_expansion(r, cost, at)?;
    r.count_shape_reference();
    Ok(r.shape_keys(index).ok_or_else(undefined)?.to_vec())
}

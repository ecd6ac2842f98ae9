//! Scattered shapes (tag 39650, `docs/WIRE.md` §6a) for derived records:
//! the first pass that counts a top-level item's struct maps, and the plan
//! the writer follows.
//!
//! A struct's key sequence is its shape's constant header, so the pass
//! counts shapes, not keys. Before writing an item whose type may hold
//! records, [`Writer::write`](crate::Writer::write) walks the value with
//! [`Encode::census`], which visits what the encoder would write as struct
//! maps (not table rows), in writing order. Each shape whose definition
//! pays is planned, with the map that defines it: the first to be
//! complete, named by its place among the shape's maps in the order they
//! start, which the writer counts again as it writes. A walk that misses a
//! map (a payload of an internally tagged enum, a field written `with` a
//! function) only moves where a definition lands: the writer refers only to
//! definitions it has completed, so its output is always valid.

use alloc::vec::Vec;

use super::Shape;
use crate::ext::keyed;
use crate::profile::{KeyOrder, Resolved};
use crate::value::scattered::MAX_SHAPES;

/// The first pass over one top-level item: the struct maps the writer will
/// write, counted per shape.
#[derive(Debug)]
pub struct Census {
    seen: Vec<Seen>,
    /// Per open map: its shape's entry and its place among the shape's
    /// maps in start order.
    open: Vec<(usize, u32)>,
    /// Struct levels entered, bounded by the writer's depth limit (the
    /// writer refuses deeper values anyway).
    depth: usize,
    options: Resolved,
}

#[derive(Debug)]
struct Seen {
    shape: &'static Shape,
    started: u32,
    complete: u32,
    /// The start place of the first map to be complete.
    definer: Option<u32>,
}

impl Census {
    pub(crate) fn new(options: &Resolved) -> Census {
        Census {
            seen: Vec::new(),
            open: Vec::new(),
            depth: 0,
            options: *options,
        }
    }

    /// Visits a struct written as a map: `fields` visits its field values.
    /// Only a shape that can be scattered ([`scatters`]) is counted; the
    /// values of any struct are visited.
    #[inline]
    pub fn record(&mut self, shape: &'static Shape, fields: impl FnOnce(&mut Census)) {
        if self.depth >= self.options.max_depth {
            return;
        }
        self.depth += 1;
        let counted = scatters(shape);
        if counted {
            let entry = self.entry(shape);
            let place = self.seen.get(entry).map_or(0, |s| s.started);
            if let Some(seen) = self.seen.get_mut(entry) {
                seen.started += 1;
            }
            self.open.push((entry, place));
        }
        fields(self);
        if counted {
            if let Some((entry, place)) = self.open.pop() {
                if let Some(seen) = self.seen.get_mut(entry) {
                    seen.complete += 1;
                    seen.definer.get_or_insert(place);
                }
            }
        }
        self.depth -= 1;
    }

    /// Visits a struct's values only (a tuple struct, a record frame, a
    /// struct with flattened fields: never scattered itself).
    #[inline]
    pub fn values(&mut self, fields: impl FnOnce(&mut Census)) {
        if self.depth < self.options.max_depth {
            self.depth += 1;
            fields(self);
            self.depth -= 1;
        }
    }

    /// Whether a map of `len` entries whose values save `saving` as a
    /// table is written as a keyed table (its values are then table rows,
    /// not visited): the decision of the map encoder.
    pub(crate) fn keyed(&self, len: usize, saving: impl FnOnce() -> usize) -> bool {
        (self.options.shapes || self.options.columns) && len >= 2 && keyed::pays(saving())
    }

    /// The options the encoder decides by.
    pub(crate) fn options(&self) -> &Resolved {
        &self.options
    }

    fn entry(&mut self, shape: &'static Shape) -> usize {
        if let Some(i) = self.seen.iter().position(|s| same(s.shape, shape)) {
            return i;
        }
        self.seen.push(Seen {
            shape,
            started: 0,
            complete: 0,
            definer: None,
        });
        self.seen.len() - 1
    }

    /// The shapes worth a definition, at most `room` of them.
    pub(crate) fn plan(self, room: usize) -> Vec<Planned> {
        self.seen
            .into_iter()
            .filter(|s| pays(s.shape, s.complete))
            .filter_map(|s| {
                Some(Planned {
                    shape: s.shape,
                    definer: s.definer?,
                    started: 0,
                    index: None,
                })
            })
            .take(room.min(MAX_SHAPES))
            .collect()
    }
}

/// A shape the writer writes as scattered shapes in the current item.
#[derive(Debug)]
pub(crate) struct Planned {
    shape: &'static Shape,
    definer: u32,
    started: u32,
    index: Option<u64>,
}

/// How the writer writes one struct map.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scatter {
    /// A definition: plan entry `slot` takes its index once the values
    /// are written.
    Define(usize),
    /// A reference to definition `index`.
    Refer(u64),
}

/// Counts a map of `shape` starting in writing order and says how to
/// write it (`None`: a plain map).
pub(crate) fn scatter_use(plan: &mut [Planned], shape: &'static Shape) -> Option<Scatter> {
    let slot = plan.iter().position(|p| same(p.shape, shape))?;
    let planned = plan.get_mut(slot)?;
    let place = planned.started;
    planned.started += 1;
    match planned.index {
        Some(index) => Some(Scatter::Refer(index)),
        None if place == planned.definer => Some(Scatter::Define(slot)),
        None => None,
    }
}

/// Records that the definition of plan entry `slot` took `index`.
pub(crate) fn defined(plan: &mut [Planned], slot: usize, index: u64) {
    if let Some(planned) = plan.get_mut(slot) {
        planned.index = Some(index);
    }
}

/// Whether maps of `shape` may be scattered: at least two keys, all of
/// them always written (a struct with `skip_if_none` fields has no one
/// key sequence).
#[inline]
pub(crate) fn scatters(shape: &Shape) -> bool {
    shape.len() >= 2 && !shape.skippable
}

/// Whether a census may plan anything under `options`.
pub(crate) fn planned_under(options: &Resolved) -> bool {
    options.scattered_shapes && options.key_order == KeyOrder::Insertion
}

/// One key sequence: the same constant, or equal key bytes (two types with
/// the same keys share a definition, as two `Value` maps do).
fn same(a: &Shape, b: &Shape) -> bool {
    core::ptr::eq(a.header, b.header) || a.header == b.header
}

/// Whether `count` maps of `shape` are smaller written as one definition
/// and `count − 1` references: the rule `Value` applies (§6a).
fn pays(shape: &Shape, count: u32) -> bool {
    if count < 2 {
        return false;
    }
    let keys: usize = (0..shape.len()).map(|i| shape.estimate(i)).sum();
    let saved = (count as usize - 1) * (keys + 1).saturating_sub(5);
    saved > 4
}

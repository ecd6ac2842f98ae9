//! Iterative `Clone`, and the footprint of a value (what cloning it
//! allocates), without recursion: a clone of a deeply nested value must not
//! overflow a small thread stack, and a table expansion charges each key
//! copy before making it.

use alloc::vec::Vec;
use core::mem::size_of;

use super::{Array, Boxed, Map, Value};

enum Task<'a> {
    Visit(&'a Value),
    Array(usize),
    Map(usize),
    Tag(u64),
}

impl Clone for Value {
    fn clone(&self) -> Self {
        if let Some(leaf) = clone_leaf(self) {
            return leaf;
        }
        let mut tasks = alloc::vec![Task::Visit(self)];
        // Finished clones, in order; a container's children are the last
        // ones when its task comes up.
        let mut done: Vec<Value> = Vec::new();
        while let Some(task) = tasks.pop() {
            let value = match task {
                Task::Visit(v) => {
                    if let Some(leaf) = clone_leaf(v) {
                        done.push(leaf);
                        continue;
                    }
                    match v {
                        Value::Array(items) => {
                            tasks.push(Task::Array(items.len()));
                            tasks.extend(items.iter().rev().map(Task::Visit));
                        }
                        Value::Map(entries) => {
                            tasks.push(Task::Map(entries.len()));
                            for (k, v) in entries.iter().rev() {
                                tasks.push(Task::Visit(v));
                                tasks.push(Task::Visit(k));
                            }
                        }
                        Value::Tag(tag, inner) => {
                            tasks.push(Task::Tag(*tag));
                            tasks.push(Task::Visit(inner));
                        }
                        _ => {}
                    }
                    continue;
                }
                Task::Array(len) => {
                    let items = done.split_off(done.len() - len);
                    Value::Array(items.into())
                }
                Task::Map(len) => {
                    let flat = done.split_off(done.len() - 2 * len);
                    let mut entries = Vec::with_capacity(len);
                    let mut flat = flat.into_iter();
                    while let (Some(k), Some(v)) = (flat.next(), flat.next()) {
                        entries.push((k, v));
                    }
                    Value::Map(entries.into())
                }
                Task::Tag(tag) => {
                    let inner = done.pop().unwrap_or_default();
                    Value::Tag(tag, Boxed::new(inner))
                }
            };
            done.push(value);
        }
        done.pop().unwrap_or_default()
    }
}

/// The clone of a value with no children, or of a tag around one (a
/// keyword, a date: the commonest map keys, cloned without the task
/// stack); `None` for a non-empty array or map, or a tag around anything
/// else.
fn clone_leaf(v: &Value) -> Option<Value> {
    match v {
        Value::Tag(tag, inner) => Some(Value::Tag(*tag, Boxed::new(clone_scalar(inner)?))),
        _ => clone_scalar(v),
    }
}

/// The clone of a value with no children; `None` for a non-empty array or
/// map, or a tag.
fn clone_scalar(v: &Value) -> Option<Value> {
    Some(match v {
        Value::Integer(n) => Value::Integer(*n),
        Value::Float(f) => Value::Float(*f),
        Value::Bytes(b) => Value::Bytes(b.clone()),
        Value::Text(t) => Value::Text(t.clone()),
        Value::Array(items) if items.is_empty() => Value::Array(Array::new()),
        Value::Map(entries) if entries.is_empty() => Value::Map(Map::new()),
        Value::Bool(b) => Value::Bool(*b),
        Value::Null => Value::Null,
        Value::Undefined => Value::Undefined,
        Value::Simple(n) => Value::Simple(*n),
        Value::Array(_) | Value::Map(_) | Value::Tag(..) => return None,
    })
}

/// What cloning a value costs: heap bytes and data items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Footprint {
    pub bytes: u64,
    pub items: u64,
}

impl Footprint {
    /// The footprint of a clone of the vector `values`: its buffer and
    /// every value's own.
    pub fn of_all(values: &[Value]) -> Footprint {
        values.iter().map(Footprint::of).fold(
            Footprint {
                bytes: core::mem::size_of_val(values) as u64,
                items: 0,
            },
            |sum, v| Footprint {
                bytes: sum.bytes.saturating_add(v.bytes),
                items: sum.items.saturating_add(v.items),
            },
        )
    }

    /// The footprint of a clone of `root`, walked without recursion.
    pub fn of(root: &Value) -> Footprint {
        let mut total = Footprint::default();
        let mut stack = alloc::vec![root];
        while let Some(v) = stack.pop() {
            total.items += 1;
            let heap = match v {
                Value::Bytes(b) => b.len(),
                Value::Text(t) => t.len(),
                Value::Array(items) => {
                    stack.extend(items);
                    items.len() * size_of::<Value>()
                }
                Value::Map(entries) => {
                    for (k, v) in entries {
                        stack.push(k);
                        stack.push(v);
                    }
                    entries.len() * size_of::<(Value, Value)>()
                }
                Value::Tag(_, inner) => {
                    stack.push(inner);
                    size_of::<Value>()
                }
                _ => 0,
            };
            total.bytes += heap as u64;
        }
        total
    }

    /// `self` for each of `n` copies.
    pub fn times(self, n: u64) -> Footprint {
        Footprint {
            bytes: self.bytes.saturating_mul(n),
            items: self.items.saturating_mul(n),
        }
    }

    /// The sum of two footprints.
    pub fn plus(self, other: Footprint) -> Footprint {
        Footprint {
            bytes: self.bytes.saturating_add(other.bytes),
            items: self.items.saturating_add(other.items),
        }
    }
}

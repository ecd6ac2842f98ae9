//! Iterative `Clone`: a clone of a deeply nested value must not overflow a
//! small thread stack.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::Value;

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
                    Value::Array(items)
                }
                Task::Map(len) => {
                    let flat = done.split_off(done.len() - 2 * len);
                    let mut entries = Vec::with_capacity(len);
                    let mut flat = flat.into_iter();
                    while let (Some(k), Some(v)) = (flat.next(), flat.next()) {
                        entries.push((k, v));
                    }
                    Value::Map(entries)
                }
                Task::Tag(tag) => {
                    let inner = done.pop().unwrap_or_default();
                    Value::Tag(tag, Box::new(inner))
                }
            };
            done.push(value);
        }
        done.pop().unwrap_or_default()
    }
}

/// The clone of a value with no children; `None` for a non-empty array or
/// map, or a tag.
fn clone_leaf(v: &Value) -> Option<Value> {
    Some(match v {
        Value::Integer(n) => Value::Integer(*n),
        Value::Float(f) => Value::Float(*f),
        Value::Bytes(b) => Value::Bytes(b.clone()),
        Value::Text(t) => Value::Text(t.clone()),
        Value::Array(items) if items.is_empty() => Value::Array(Vec::new()),
        Value::Map(entries) if entries.is_empty() => Value::Map(Vec::new()),
        Value::Bool(b) => Value::Bool(*b),
        Value::Null => Value::Null,
        Value::Undefined => Value::Undefined,
        Value::Simple(n) => Value::Simple(*n),
        Value::Array(_) | Value::Map(_) | Value::Tag(..) => return None,
    })
}

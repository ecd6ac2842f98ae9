//! Equality and ordering of values, iteratively.
//!
//! `PartialEq`/`Ord` are structural: floats compare by width and bits, so a
//! decoded value equals its re-decoded encoding exactly. [`data_item_cmp`]
//! is CBOR data-item equality as duplicate-key detection needs it: a float
//! is the same item at any width (`1.0` half equals `1.0` double), while
//! `1` and `1.0`, or `"a"` and `h'61'`, stay distinct. A writer merging
//! keys (the union of a shaped table) tells them apart by the bytes it
//! writes instead ([`written_key_cmp`]).

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::{Float, Value};
use crate::profile::FloatPolicy;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Structural,
    DataItem,
    /// As written under `FloatPolicy::Shortest`: a float by its value at
    /// any width, and every NaN one item (all are written `f9 7e00`).
    Shortest,
}

fn rank(v: &Value) -> u8 {
    match v {
        Value::Integer(_) => 0,
        Value::Bytes(_) => 1,
        Value::Text(_) => 2,
        Value::Array(_) => 3,
        Value::Map(_) => 4,
        Value::Tag(..) => 5,
        Value::Bool(_) => 6,
        Value::Null => 7,
        Value::Undefined => 8,
        Value::Simple(_) => 9,
        Value::Float(_) => 10,
    }
}

fn float_cmp(a: Float, b: Float, mode: Mode) -> Ordering {
    match mode {
        Mode::Structural => a
            .width_rank()
            .cmp(&b.width_rank())
            .then_with(|| a.raw_bits().cmp(&b.raw_bits())),
        Mode::DataItem => a.to_f64_bits().cmp(&b.to_f64_bits()),
        Mode::Shortest if a.to_f64().is_nan() && b.to_f64().is_nan() => Ordering::Equal,
        Mode::Shortest => a.to_f64_bits().cmp(&b.to_f64_bits()),
    }
}

fn compare(a: &Value, b: &Value, mode: Mode) -> Ordering {
    // Pairs still to compare below the current one; it stays empty (and
    // unallocated) while the values compared have no children.
    let mut stack: Vec<(&Value, &Value)> = Vec::new();
    let (mut x, mut y) = (a, b);
    loop {
        // A tag's content is compared next, directly: keyword keys (tag 39
        // over text) then compare without touching the stack.
        let mut content = None;
        let order = rank(x).cmp(&rank(y)).then_with(|| match (x, y) {
            (Value::Integer(p), Value::Integer(q)) => p.cmp(q),
            (Value::Bytes(p), Value::Bytes(q)) => p.cmp(q),
            (Value::Text(p), Value::Text(q)) => p.cmp(q),
            (Value::Bool(p), Value::Bool(q)) => p.cmp(q),
            (Value::Simple(p), Value::Simple(q)) => p.cmp(q),
            (Value::Float(p), Value::Float(q)) => float_cmp(*p, *q, mode),
            (Value::Array(p), Value::Array(q)) => {
                let order = p.len().cmp(&q.len());
                if order == Ordering::Equal {
                    stack.extend(p.iter().zip(q.iter()).rev());
                }
                order
            }
            (Value::Map(p), Value::Map(q)) => {
                let order = p.len().cmp(&q.len());
                if order == Ordering::Equal {
                    for ((pk, pv), (qk, qv)) in p.iter().zip(q.iter()).rev() {
                        stack.push((pv, qv));
                        stack.push((pk, qk));
                    }
                }
                order
            }
            (Value::Tag(p, pi), Value::Tag(q, qi)) => {
                let order = p.cmp(q);
                if order == Ordering::Equal {
                    content = Some((&**pi, &**qi));
                }
                order
            }
            _ => Ordering::Equal,
        });
        if order != Ordering::Equal {
            return order;
        }
        match content.or_else(|| stack.pop()) {
            Some((p, q)) => (x, y) = (p, q),
            None => return Ordering::Equal,
        }
    }
}

/// Orders values as CBOR data items: equal exactly when they are the same
/// data item (floats by value at any width, NaNs by their bits).
pub fn data_item_cmp(a: &Value, b: &Value) -> Ordering {
    compare(a, b, Mode::DataItem)
}

/// Orders map keys as a writer tells them apart: equal exactly when they
/// are written as the same bytes under `policy`. Under `PreserveWidth` an
/// `f64` 1.0 and an `f32` 1.0 are two keys (`fb …` and `fa …`), as the
/// reference keeps them; under `Shortest` both are `f9 3c00`, one key.
pub(crate) fn written_key_cmp(a: &Value, b: &Value, policy: FloatPolicy) -> Ordering {
    // Text and keyword keys, the common case, without the general walk.
    match (a, b) {
        (Value::Text(p), Value::Text(q)) => return p.cmp(q),
        (Value::Tag(s, p), Value::Tag(t, q)) if s == t => {
            if let (Value::Text(p), Value::Text(q)) = (&**p, &**q) {
                return p.cmp(q);
            }
        }
        _ => {}
    }
    let mode = match policy {
        FloatPolicy::PreserveWidth => Mode::Structural,
        FloatPolicy::Shortest => Mode::Shortest,
    };
    compare(a, b, mode)
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        compare(self, other, Mode::Structural) == Ordering::Equal
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        compare(self, other, Mode::Structural)
    }
}

/// Whether `entries` holds two keys that are the same data item.
pub(crate) fn has_duplicate_keys<'a>(keys: impl ExactSizeIterator<Item = &'a Value>) -> bool {
    has_duplicates(keys, data_item_cmp)
}

/// Whether keys that are all text, or all tags over text (keywords),
/// repeat one: a hash set instead of a sort, for the maps of many keys
/// that keyed tables are made of. `None` when some key is neither, or the
/// kinds mix. Two such keys are equal under every comparison used here
/// exactly when their tag and text are.
fn texts_repeat(keys: &[&Value]) -> Option<bool> {
    fn text(key: &Value) -> Option<(Option<u64>, &str)> {
        match key {
            Value::Text(t) => Some((None, t.as_str())),
            Value::Tag(tag, inner) => match &**inner {
                Value::Text(t) => Some((Some(*tag), t.as_str())),
                _ => None,
            },
            _ => None,
        }
    }
    let mut seen: hashbrown::HashTable<(Option<u64>, &str)> =
        hashbrown::HashTable::with_capacity(keys.len());
    for key in keys {
        let (tag, t) = text(key)?;
        let hash = crate::wire::stringref::hash_bytes(t.as_bytes()) ^ tag.unwrap_or(u64::MAX);
        if seen.find(hash, |&(u, v)| u == tag && v == t).is_some() {
            return Some(true);
        }
        seen.insert_unique(hash, (tag, t), |&(u, v)| {
            crate::wire::stringref::hash_bytes(v.as_bytes()) ^ u.unwrap_or(u64::MAX)
        });
    }
    Some(false)
}

/// Whether `keys` holds two that `cmp` finds equal.
pub(crate) fn has_duplicates<'a>(
    keys: impl ExactSizeIterator<Item = &'a Value>,
    cmp: impl Fn(&Value, &Value) -> Ordering,
) -> bool {
    let len = keys.len();
    if len < 2 {
        return false;
    }
    let mut sorted: Vec<&Value> = keys.collect();
    if len > 8 {
        if let Some(found) = texts_repeat(&sorted) {
            return found;
        }
    }
    if len <= 8 {
        for i in 0..len {
            for j in i + 1..len {
                if cmp(sorted[i], sorted[j]) == Ordering::Equal {
                    return true;
                }
            }
        }
        return false;
    }
    sorted.sort_by(|a, b| cmp(a, b));
    sorted
        .windows(2)
        .any(|pair| cmp(pair[0], pair[1]) == Ordering::Equal)
}

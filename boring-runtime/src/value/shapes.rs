//! Shaped arrays (tag 39649) for `Value`: deciding and laying out the table
//! on write, validating and expanding it on read.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::mem::size_of;

use super::clone::Footprint;
use super::cmp::{has_duplicates, written_key_cmp};
use super::columns::{plan_columns, Column};
use super::decode::spend_expansion;
use super::Value;
use crate::error::{Error, ErrorKind};
use crate::ext::shapes::{key_estimate, saving, TAG};
use crate::profile::FloatPolicy;
use crate::wire::Reader;

/// A table worth shaping: the union key set (first-seen order) and, for
/// every row, the union position of each of its entries.
pub(crate) struct Plan<'a> {
    pub keys: Vec<&'a Value>,
    pub positions: Vec<Vec<usize>>,
    /// The guard's estimate of the bytes saved ([`saving`]).
    pub saving: usize,
}

/// The elements of a candidate table: an array's items, or a map's values
/// (a keyed table, tag 39654).
pub(crate) trait Items<'a>:
    ExactSizeIterator<Item = &'a Value> + DoubleEndedIterator + Clone
{
}

impl<'a, I> Items<'a> for I where
    I: ExactSizeIterator<Item = &'a Value> + DoubleEndedIterator + Clone
{
}

/// Beyond this many distinct keys, the union is found by sorting the key
/// occurrences rather than by scanning the keys found so far for each one,
/// which would be quadratic.
const SCANNED_UNION: usize = 32;

/// How the encoder writes a sequence of maps as a table: the layout, and
/// the columns when it is a columnar table (39653) rather than a shaped
/// one (39649).
pub(crate) struct Table<'a> {
    pub plan: Plan<'a>,
    pub columns: Option<Vec<Column<'a>>>,
}

/// The table `items` is written as, if any: columns when `columns` is on
/// and one of them is typed, else a shaped array when `shapes` is on (the
/// decision of WIRE.md §8, shared by arrays, keyed tables and the
/// scattered-shape planner, which must agree on it).
pub(crate) fn table<'a>(
    items: impl Items<'a>,
    (shapes, columns): (bool, bool),
    floats: FloatPolicy,
) -> Option<Table<'a>> {
    if !(shapes || columns) {
        return None;
    }
    let plan = plan(items.clone(), floats)?;
    let columns = if columns {
        plan_columns(items, &plan)
    } else {
        None
    };
    (shapes || columns.is_some()).then_some(Table { plan, columns })
}

/// Decides whether `items` is written as a shaped array, by the rules the
/// reference applies: at least two elements, all plain maps, no `undefined`
/// value, a non-empty key union, and the density guard. Two keys are one
/// union key when they are written as the same bytes under `floats`
/// ([`written_key_cmp`]): never merely equal numbers.
pub(crate) fn plan<'a>(items: impl Items<'a>, floats: FloatPolicy) -> Option<Plan<'a>> {
    let same = |a: &Value, b: &Value| written_key_cmp(a, b, floats);
    if items.len() < 2 {
        return None;
    }
    let mut keys: Vec<&Value> = Vec::new();
    let mut positions = Vec::with_capacity(items.len());
    for item in items.clone() {
        let Value::Map(entries) = item else {
            return None;
        };
        let mut row = Vec::with_capacity(entries.len());
        for (j, (k, v)) in entries.iter().enumerate() {
            if matches!(v, Value::Undefined) {
                return None;
            }
            // Rows mostly repeat the first row's keys in its order: try the
            // key at this position before scanning the union.
            let hinted = keys
                .get(j)
                .is_some_and(|known| same(known, k) == Ordering::Equal);
            let found = match hinted {
                true => Some(j),
                false => keys
                    .iter()
                    .position(|known| same(known, k) == Ordering::Equal),
            };
            let position = match found {
                Some(p) => p,
                None if keys.len() == SCANNED_UNION => return plan_sorted(items, floats),
                None => {
                    keys.push(k);
                    keys.len() - 1
                }
            };
            row.push(position);
        }
        positions.push(row);
    }
    guard(keys, positions)
}

/// [`plan`] for a wide union: every key occurrence sorted once, each run of
/// equal keys numbered by its first occurrence.
fn plan_sorted<'a>(items: impl Items<'a>, floats: FloatPolicy) -> Option<Plan<'a>> {
    let same = |a: &Value, b: &Value| written_key_cmp(a, b, floats);
    let mut all: Vec<&Value> = Vec::new();
    for item in items.clone() {
        let Value::Map(entries) = item else {
            return None;
        };
        for (k, v) in entries {
            if matches!(v, Value::Undefined) {
                return None;
            }
            all.push(k);
        }
    }
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_unstable_by(|&a, &b| same(all[a], all[b]).then(a.cmp(&b)));
    // The first occurrence of each occurrence's key.
    let mut first = vec![0; all.len()];
    let mut run = 0;
    for (i, &occurrence) in order.iter().enumerate() {
        if i > 0 && same(all[order[i - 1]], all[occurrence]) != Ordering::Equal {
            run = i;
        }
        first[occurrence] = order[run];
    }
    // Union positions in first-seen order.
    let mut position = vec![0; all.len()];
    let mut keys = Vec::new();
    for (i, &f) in first.iter().enumerate() {
        if f == i {
            position[i] = keys.len();
            keys.push(all[i]);
        }
    }
    let mut next = 0;
    let mut positions = Vec::with_capacity(items.len());
    for item in items {
        let len = item.as_map().map_or(0, <[_]>::len);
        positions.push((next..next + len).map(|i| position[first[i]]).collect());
        next += len;
    }
    guard(keys, positions)
}

/// The density guard over a laid-out union.
fn guard<'a>(keys: Vec<&'a Value>, positions: Vec<Vec<usize>>) -> Option<Plan<'a>> {
    let occurrences = positions.iter().map(Vec::len).sum();
    let padding = positions
        .iter()
        // A map built with a repeated key has fewer positions than entries.
        .filter_map(|row| row.iter().max().map(|h| (h + 1).saturating_sub(row.len())))
        .sum();
    let estimate_sum = keys.iter().map(|k| key_estimate(k)).sum();
    let saving = saving(occurrences, keys.len(), padding, estimate_sum);
    (saving > 0).then_some(Plan {
        keys,
        positions,
        saving,
    })
}

/// The values of one row laid out by union position: `None` where the row
/// lacks the key (written `undefined`); trailing absences are cut.
pub(crate) fn row_layout<'a>(
    entries: &'a [(Value, Value)],
    positions: &[usize],
) -> Vec<Option<&'a Value>> {
    let width = positions.iter().max().map_or(0, |p| p + 1);
    let mut row = vec![None; width];
    for ((_, v), &p) in entries.iter().zip(positions) {
        row[p] = Some(v);
    }
    row
}

/// Validates a decoded 39649 table and expands it into an array of maps
/// (absent keys omitted). What the expansion builds, a key copy in every
/// row that has the key, is charged to `r`'s budgets before it is built.
pub(crate) fn expand(content: Value, at: usize, r: &mut Reader<'_>) -> Result<Value, Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    validate(&content, at)?;
    let mut parts = content.into_array().ok_or_else(bad)?;
    let rows = core::mem::take(&mut parts[1])
        .into_array()
        .ok_or_else(bad)?;
    let keys = core::mem::take(&mut parts[0])
        .into_array()
        .ok_or_else(bad)?;
    let key_costs: Vec<Footprint> = keys.iter().map(Footprint::of).collect();
    let entry = Footprint {
        bytes: size_of::<(Value, Value)>() as u64,
        items: 0,
    };
    let mut cost = Footprint {
        bytes: (rows.len() * size_of::<Value>()) as u64,
        items: 0,
    };
    for row in &rows {
        for (cell, key) in row.as_array().unwrap_or_default().iter().zip(&key_costs) {
            if !matches!(cell, Value::Undefined) {
                cost = cost.plus(key.plus(entry));
            }
        }
    }
    spend_expansion(r, cost, at)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let values = row.into_array().ok_or_else(bad)?;
        let entries = keys
            .iter()
            .zip(values)
            .filter(|(_, v)| !matches!(v, Value::Undefined))
            .map(|(k, v)| (k.clone(), v))
            .collect();
        out.push(Value::Map(entries));
    }
    Ok(Value::Array(out.into()))
}

/// Checks a 39649 table without expanding it (for readers that keep the
/// tagged form).
pub(crate) fn validate(content: &Value, at: usize) -> Result<(), Error> {
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let [keys, rows] = content.as_array().ok_or_else(bad)? else {
        return Err(bad());
    };
    let keys = keys.as_array().ok_or_else(bad)?;
    validate_keys(keys, TAG, at)?;
    for row in rows.as_array().ok_or_else(bad)? {
        if row.as_array().ok_or_else(bad)?.len() > keys.len() {
            return Err(bad());
        }
    }
    Ok(())
}

/// A table's keys (of tag `tag`) must be non-empty and distinct, whatever
/// the duplicate-key policy. Distinct as the writer's union tells them
/// apart: keys read as different bytes (an `f64` 1.0 and an `f32` 1.0) are
/// two keys.
pub(crate) fn validate_keys(keys: &[Value], tag: u64, at: usize) -> Result<(), Error> {
    if keys.is_empty() || has_duplicates(keys.iter(), Value::cmp) {
        return Err(Error::new(ErrorKind::BadTagContent { tag }, at));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(keys: impl Iterator<Item = i128>) -> Value {
        Value::Map(keys.map(|k| (Value::Integer(k), Value::Null)).collect())
    }

    /// The union and positions by scanning, whatever the union's width.
    fn scanned(items: &[Value]) -> (Vec<&Value>, Vec<Vec<usize>>) {
        let mut keys: Vec<&Value> = Vec::new();
        let positions = items
            .iter()
            .map(|item| {
                let entries = item.as_map().unwrap_or_default();
                entries
                    .iter()
                    .map(|(k, _)| match keys.iter().position(|known| *known == k) {
                        Some(p) => p,
                        None => {
                            keys.push(k);
                            keys.len() - 1
                        }
                    })
                    .collect()
            })
            .collect();
        (keys, positions)
    }

    #[test]
    fn wide_unions_are_numbered_in_first_seen_order() {
        // 80 keys over three rows, in differing orders, one repeated in a row.
        let items = [
            row((0..40).rev()),
            row((20..80).chain([25])),
            row((0..80).step_by(3)),
        ];
        let plan = plan(items.iter(), FloatPolicy::PreserveWidth).expect("dense enough");
        let (keys, positions) = scanned(&items);
        assert_eq!(plan.keys, keys);
        assert_eq!(plan.positions, positions);
    }
}

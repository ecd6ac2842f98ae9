//! Keyed tables (tag 39654) for `Value`: a map whose values make a shaped
//! or columnar table is written as its keys and that table; read back as
//! the map. `docs/WIRE.md` §8a has the rules.

use alloc::vec::Vec;

use super::cmp::{has_duplicates, written_key_cmp};
use super::decode::finish_map;
use super::shapes::{table, Items, Table};
use super::Value;
use crate::error::{Error, ErrorKind};
use crate::ext::keyed::pays;
pub(crate) use crate::ext::keyed::TAG;
use crate::profile::FloatPolicy;
use crate::wire::Reader;

/// The values of a map, in order.
pub(crate) fn values(entries: &[(Value, Value)]) -> impl Items<'_> {
    entries.iter().map(|(_, v)| v)
}

/// The table a map's values are written as when the map is written as a
/// keyed table: at least two entries, keys distinct as written, values
/// that an array would write as a table (`tables`: shapes, columns on),
/// and a table that saves more than the keyed form adds.
pub(crate) fn plan(
    entries: &[(Value, Value)],
    tables: (bool, bool),
    floats: FloatPolicy,
) -> Option<Table<'_>> {
    if entries.len() < 2 {
        return None;
    }
    let table = table(values(entries), tables, floats)?;
    let distinct = !has_duplicates(entries.iter().map(|(k, _)| k), |a, b| {
        written_key_cmp(a, b, floats)
    });
    (distinct && pays(table.plan.saving)).then_some(table)
}

/// Builds the map a decoded keyed table stands for: two arrays of one
/// length, zipped. The keys obey the reader's duplicate-key policy as a
/// map's do. The map's entries take the place of the two arrays, which
/// the budgets have already counted.
pub(crate) fn expand(content: Value, at: usize, r: &Reader<'_>) -> Result<Value, Error> {
    let parts: Vec<Value> = content.into_array().ok_or_else(|| bad(at))?;
    let [keys, values] = <[Value; 2]>::try_from(parts).map_err(|_| bad(at))?;
    let keys = keys.into_array().ok_or_else(|| bad(at))?;
    let values = values.into_array().ok_or_else(|| bad(at))?;
    if keys.len() != values.len() {
        return Err(bad(at));
    }
    finish_map(r, keys.into_iter().zip(values).collect(), at)
}

/// Checks a keyed table kept in its tagged form (shapes not expanded): the
/// keys an array, the values an array of as many items or a table (whose
/// own checks have run).
pub(crate) fn validate(content: &Value, at: usize) -> Result<(), Error> {
    let [keys, values] = content.as_array().unwrap_or_default() else {
        return Err(bad(at));
    };
    let keys = keys.as_array().ok_or_else(|| bad(at))?;
    match values {
        Value::Array(values) if values.len() == keys.len() => Ok(()),
        Value::Tag(crate::ext::shapes::TAG | crate::ext::columns::TAG, _) => Ok(()),
        _ => Err(bad(at)),
    }
}

fn bad(at: usize) -> Error {
    Error::new(ErrorKind::BadTagContent { tag: TAG }, at)
}

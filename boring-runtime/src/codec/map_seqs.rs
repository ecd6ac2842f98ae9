//! Sequences of generic maps (`Vec<BTreeMap<K, V>>`, `Vec<HashMap<K, V>>`,
//! the values of a map of maps) written as `Value` writes the same maps: a
//! shaped or columnar table when the options and the density guard say so
//! (`docs/WIRE.md` §6, §7), else a plain array.
//!
//! The decision is `Value`'s own. A derived record's key set is a constant
//! of its type, so its sequences decide from that; a generic map's keys are
//! values, compared as the bytes they are written as, and its values may be
//! anything `Value`'s column rules look at (integer ranges, float widths,
//! arrays of one length). Rather than a second copy of those rules, the
//! maps are read once as `Value`s, written plainly, and the `Value` decides
//! and writes the table. This costs a plain encoding and a `Value` per map,
//! paid only where a table is possible: the table options on, at least two
//! maps, an unsorted profile.

use alloc::vec::Vec;

use super::{encode_array, Decode, Encode};
use crate::error::Error;
use crate::profile::{KeyOrder, Resolved};
use crate::value::Value;
use crate::wire::{Reader, Sink, Writer};

/// Writes `items`, maps, as a table when `Value` writes the same maps as
/// one, else as a plain array of them.
pub(super) fn encode_seq<'a, M, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    M: Encode + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a M> + Clone,
{
    let opts = *w.options();
    if tables_possible(items.len(), &opts) {
        // Maps that cannot be read back as `Value`s (two keys written as
        // the same bytes) are written as they are, and so is a map that
        // fails to encode: the plain array reports its error.
        if let Ok(values) = as_values(items.clone(), &opts) {
            if Value::seq_table_saving(values.iter(), &opts) > 0 {
                return Value::Array(values.into()).encode(w);
            }
        }
    }
    encode_array(items, w)
}

/// What writing `items` as a table saves under `options` (0: a plain
/// array), as `Value` estimates it for the same maps: the measure a map of
/// these maps takes to decide on a keyed table (§8a).
pub(super) fn seq_table_saving<'a, M, I>(items: I, options: &Resolved) -> usize
where
    M: Encode + 'a,
    I: ExactSizeIterator<Item = &'a M> + Clone,
{
    if !tables_possible(items.len(), options) {
        return 0;
    }
    // A map that fails to encode fails again when it is written, with the
    // writer's error; here it only means no table.
    as_values(items, options).map_or(0, |values| Value::seq_table_saving(values.iter(), options))
}

/// Whether the options may write `len` maps as a table at all.
fn tables_possible(len: usize, options: &Resolved) -> bool {
    (options.shapes || options.columns) && len >= 2 && options.key_order == KeyOrder::Insertion
}

/// The maps as `Value`s: written as one plain array under the profile's
/// number and float rules (no string table, no tables, no scattered
/// shapes, so every key and value is written out), and read back.
fn as_values<'a, M, I>(items: I, options: &Resolved) -> Result<Vec<Value>, Error>
where
    M: Encode + 'a,
    I: ExactSizeIterator<Item = &'a M> + Clone,
{
    let plain = Resolved {
        stringref: false,
        shapes: false,
        columns: false,
        scattered_shapes: false,
        ..*options
    };
    let mut scratch = Writer::from_resolved(Vec::new(), plain);
    encode_array(items, &mut scratch)?;
    let bytes = scratch.into_sink();
    let read = Resolved {
        max_depth: options.max_depth.saturating_add(1),
        ..Resolved::default()
    };
    let mut r = Reader::with_resolved(&bytes, read);
    Vec::<Value>::decode(&mut r)
}

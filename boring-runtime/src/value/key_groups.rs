//! Maps grouped by their key sequence, for the scattered-shape writer's
//! first pass: one hash lookup and one comparison per map, where sorting
//! every map by its keys compared each identical sequence key by key
//! log n times.

use alloc::vec::Vec;
use core::cmp::Ordering;

use hashbrown::HashTable;

use super::cmp::written_key_cmp;
use super::Value;
use crate::profile::FloatPolicy;
use crate::wire::stringref::hash_bytes;

/// The groups of `maps` with equal key sequences (as the writer compares
/// keys under `floats`): each group's first map (the earliest in `maps`)
/// and how many maps it holds, in the order the groups first appear.
pub(crate) fn group<'a>(
    maps: &[&'a [(Value, Value)]],
    floats: FloatPolicy,
) -> Vec<(&'a [(Value, Value)], usize)> {
    let mut groups: Vec<(&'a [(Value, Value)], usize)> = Vec::new();
    // Group indices, by the hash of their key sequence.
    let mut by_hash: HashTable<(u64, usize)> = HashTable::new();
    for &entries in maps {
        let hash = sequence_hash(entries);
        let found = by_hash.find(hash, |&(h, g)| {
            h == hash && key_order(groups[g].0, entries, floats) == Ordering::Equal
        });
        match found {
            Some(&(_, g)) => groups[g].1 += 1,
            None => {
                by_hash.insert_unique(hash, (hash, groups.len()), |&(h, _)| h);
                groups.push((entries, 1));
            }
        }
    }
    groups
}

/// Orders key sequences as the writer's lookup does: key by key, then by
/// length.
pub(crate) fn key_order(
    a: &[(Value, Value)],
    b: &[(Value, Value)],
    floats: FloatPolicy,
) -> Ordering {
    for ((x, _), (y, _)) in a.iter().zip(b) {
        let order = written_key_cmp(x, y, floats);
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

/// A hash of a map's keys that equal sequences share: text, keywords and
/// integers hash their content; any other key hashes only its kind, so
/// that keys equal under the float policy (or structurally) never differ.
fn sequence_hash(entries: &[(Value, Value)]) -> u64 {
    let mut hash = entries.len() as u64;
    for (key, _) in entries {
        let part = match key {
            Value::Text(t) => hash_bytes(t.as_bytes()),
            Value::Tag(tag, inner) => match &**inner {
                Value::Text(t) => hash_bytes(t.as_bytes()) ^ tag.rotate_left(32),
                _ => 0x7a9 ^ tag,
            },
            Value::Integer(n) => (*n as u64) ^ 0x1_0000_0000_0003,
            other => 0x51 + other.kind_name().len() as u64,
        };
        hash = (hash.rotate_left(5) ^ part).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    hash
}

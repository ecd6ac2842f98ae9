//! Keyed tables, tag 39654: `[keys, values]`, a map written as the array
//! of its keys and the array of its values, so that values which are
//! records of one shape become one shaped or columnar table.
//!
//! The rule lives here so that `Value` maps and derived maps of records
//! take the same decision and write the same bytes (`docs/WIRE.md` §8a).

/// The keyed-table tag.
pub const TAG: u64 = 39654;

/// What a keyed table adds over the plain map, beyond what the table of
/// its values saves: its tag and pair head (4 bytes), and the table's own
/// tag and heads that a plain map has no counterpart for (6 bytes).
const OVERHEAD: usize = 10;

/// Whether a map whose values make a table saving `saving` bytes (the
/// density guard's estimate, [`crate::ext::shapes::saving`]) is smaller
/// written as a keyed table.
pub fn pays(saving: usize) -> bool {
    saving > OVERHEAD
}

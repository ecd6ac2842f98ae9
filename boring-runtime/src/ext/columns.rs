//! Columnar tables, tag 39653: `[keys, n, columns]`, each numeric column an
//! RFC 8746 typed array of the narrowest element type (`docs/WIRE.md` §8).

/// The columnar-table tag.
pub const TAG: u64 = 39653;

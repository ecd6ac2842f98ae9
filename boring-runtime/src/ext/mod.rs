//! Extensions beyond plain CBOR: shaped arrays (tag 39649, from the
//! reference), scattered shapes (tag 39650), RFC 8746 typed arrays, our
//! columnar tables (tag 39653), their columns of fixed-size arrays (RFC 8746
//! tag 40) and keyed tables (tag 39654), maps of records written as one
//! table.
//!
//! What users see of them is their tags and the typed-array element model
//! ([`typed`]); the writers and readers behind them are reached through
//! [`Options`](crate::Options), the derive and [`nav`](crate::nav).

pub(crate) mod columns;
pub mod describe;
pub(crate) mod grid;
pub(crate) mod keyed;
pub(crate) mod record;
pub(crate) mod shapes;
pub mod typed;

/// Shaped arrays: the keys once, then each record's values (the
/// reference's tag, `docs/WIRE.md` §6).
pub const SHAPED_TAG: u64 = shapes::TAG;
/// Scattered shapes: key sequences defined once and referenced by maps
/// anywhere in one item (`docs/WIRE.md` §6a).
pub const SCATTERED_TAG: u64 = crate::value::scattered::TAG;
/// Columnar tables: keys, row count, one column per key
/// (`docs/WIRE.md` §8).
pub const COLUMNAR_TAG: u64 = columns::TAG;
/// Keyed tables: a map whose values are records of one shape, as its keys
/// and one table of its values (`docs/WIRE.md` §8a).
pub const KEYED_TAG: u64 = keyed::TAG;
/// RFC 8746 multi-dimensional arrays (row-major), used for columns of
/// fixed-size numeric arrays.
pub const GRID_TAG: u64 = grid::TAG;

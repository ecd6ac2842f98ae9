//! Extensions beyond plain CBOR: shaped arrays (tag 39649, from the
//! reference), RFC 8746 typed arrays, our columnar tables (tag 39653),
//! their columns of fixed-size arrays (RFC 8746 tag 40) and keyed tables
//! (tag 39654), maps of records written as one table.

pub mod columns;
pub mod grid;
pub mod keyed;
pub mod record;
pub mod shapes;
pub mod typed;

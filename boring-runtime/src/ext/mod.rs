//! Extensions beyond plain CBOR: shaped arrays (tag 39649, from the
//! reference), RFC 8746 typed arrays, and our columnar tables (tag 39653).

pub mod columns;
pub mod record;
pub mod shapes;
pub mod typed;

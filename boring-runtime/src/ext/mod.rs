//! Extensions beyond plain CBOR: shaped arrays (tag 39649, from the
//! reference), RFC 8746 typed arrays, our columnar tables (tag 39653) and
//! their columns of fixed-size arrays (RFC 8746 tag 40).

pub mod columns;
pub mod grid;
pub mod record;
pub mod shapes;
pub mod typed;

//! Extensions beyond plain CBOR that the reference defines: shaped arrays
//! (tag 39649); and RFC 8746 typed arrays.

pub mod shapes;
pub mod typed;
pub mod record;

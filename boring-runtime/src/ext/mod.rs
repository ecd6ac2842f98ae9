//! Extensions beyond plain CBOR that the reference defines: shaped arrays
//! (tag 39649).

pub mod shapes;

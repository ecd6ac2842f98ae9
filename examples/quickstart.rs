//! Encode and decode a value.
fn main() {}

//! COSE envelope encryption: the working group's vectors, and the
//! sealers' key and nonce handling. Module names start with `cose` so that
//! `cargo test -p boring-codec cose` selects them.

#[path = "sealing.rs"]
mod cose_sealing;
#[path = "vectors.rs"]
mod cose_vectors;

/// Bytes from hex text (the vectors' form), whitespace ignored.
pub(crate) fn hex(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap())
        .collect()
}

/// Upper-case hex text of `bytes`.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

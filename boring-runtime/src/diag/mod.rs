//! Diagnostic notation (RFC 8949 §8) and annotated hex dumps, for looking
//! at CBOR bytes exactly as they are written.
//!
//! Neither view resolves anything: a stringref namespace shows as tag
//! `256(…)` and a reference as `25(n)`, chunked strings keep their chunks,
//! and floats keep their width. Both walk the input with an explicit stack,
//! so deep nesting costs no native stack, and both check well-formedness
//! (and the reader's depth and count limits) as they go: bad input fails
//! with the same [`Error`] a decoder reports, offset included.
//!
//! ```
//! let bytes = [0x83, 0x01, 0xf9, 0x3e, 0x00, 0x62, 0x68, 0x69];
//! assert_eq!(boring::diag::diag(&bytes).unwrap(), r#"[1, 1.5_1, "hi"]"#);
//!
//! let plain = boring::diag::DiagOptions::new().indicators(false);
//! assert_eq!(boring::diag::diag_with(&bytes, &plain).unwrap(), r#"[1, 1.5, "hi"]"#);
//!
//! assert_eq!(
//!     boring::diag::dump(&bytes).unwrap(),
//!     "83        # array(3)\n\
//!     \x20 01      # unsigned(1)\n\
//!     \x20 f9 3e00 # float16(1.5)\n\
//!     \x20 62      # text(2) \"hi\"\n\
//!     \x20   6869\n",
//! );
//! ```
//!
//! # Errors
//!
//! The views fail on bytes that are not well-formed CBOR, with the kind and
//! offset a decoder reports: [`ErrorKind::Truncated`],
//! [`ErrorKind::ReservedInfo`], [`ErrorKind::ReservedSimpleValue`],
//! [`ErrorKind::MalformedSimpleValue`], [`ErrorKind::UnexpectedBreak`],
//! [`ErrorKind::BadIndefiniteChunk`], [`ErrorKind::InvalidUtf8`] for a text
//! string, [`ErrorKind::BadCount`] for a length or count past the bytes
//! left, and [`ErrorKind::DepthExceeded`] past the reader's depth limit (the
//! default one for the functions that take bytes).

mod dump;
mod float;
mod notation;
mod parse;
mod walk;

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind};
use crate::wire::Reader;

pub use dump::tag_meaning;
pub use parse::from_diag;

/// How [`diag_with`] writes its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagOptions {
    indicators: bool,
    widen_floats: bool,
}

impl Default for DiagOptions {
    fn default() -> Self {
        DiagOptions::new()
    }
}

impl DiagOptions {
    /// Encoding indicators on, floats at their own width.
    pub fn new() -> Self {
        DiagOptions {
            indicators: true,
            widen_floats: false,
        }
    }

    /// Whether floats carry their encoding indicator (`_1` half, `_2`
    /// single, `_3` double), as in `1.5_1` or `NaN_3`. On by default.
    #[must_use]
    pub fn indicators(mut self, on: bool) -> Self {
        self.indicators = on;
        self
    }

    /// Print every float as the shortest decimal that reads back as the
    /// same `f64` (the half `f9 0001` becomes `5.960464477539063e-08`, as
    /// RFC 8949 Appendix A writes it) instead of the shortest one at its own
    /// width (`6e-08`). Off by default.
    #[must_use]
    pub fn widen_floats(mut self, on: bool) -> Self {
        self.widen_floats = on;
        self
    }
}

/// The diagnostic notation of the single item in `bytes`, with encoding
/// indicators. Bytes after the item are a [`ErrorKind::TrailingBytes`]
/// error.
///
/// # Errors
///
/// Malformed input ([module docs](crate::diag#errors));
/// [`ErrorKind::TrailingBytes`] for bytes after the item.
pub fn diag(bytes: &[u8]) -> Result<String, Error> {
    diag_with(bytes, &DiagOptions::new())
}

/// The diagnostic notation of the single item in `bytes`, written as
/// `options` say.
///
/// # Errors
///
/// As [`diag`].
pub fn diag_with(bytes: &[u8], options: &DiagOptions) -> Result<String, Error> {
    let mut r = Reader::new(bytes);
    let out = diag_next(&mut r, options)?;
    if !r.is_at_end() {
        return Err(r.error(ErrorKind::TrailingBytes));
    }
    Ok(out)
}

/// The diagnostic notation of each item of a CBOR sequence (RFC 8742),
/// in order; empty input is an empty sequence.
///
/// # Errors
///
/// Malformed input in any item ([module docs](crate::diag#errors)).
pub fn diag_seq(bytes: &[u8], options: &DiagOptions) -> Result<Vec<String>, Error> {
    let mut r = Reader::new(bytes);
    let mut items = Vec::new();
    while !r.is_at_end() {
        items.push(diag_next(&mut r, options)?);
    }
    Ok(items)
}

/// The diagnostic notation of the next item of `reader`, which is left
/// after it: for reading a sequence one item at a time. Error offsets are
/// offsets into the reader's whole input.
///
/// # Errors
///
/// Malformed input, under the reader's limits
/// ([module docs](crate::diag#errors)).
pub fn diag_next(reader: &mut Reader<'_>, options: &DiagOptions) -> Result<String, Error> {
    notation::render(reader, options)
}

/// An annotated hex dump of the single item in `bytes`: one line per head,
/// indented by nesting depth, with string payloads on the lines below their
/// head (16 bytes a line) and a `#` comment naming each head.
///
/// ```
/// let bytes = [0xa1, 0x61, 0x61, 0xd8, 0x25, 0x40];
/// assert_eq!(
///     boring::diag::dump(&bytes).unwrap(),
///     "a1      # map(1)\n\
///     \x20 61    # text(1) \"a\"\n\
///     \x20   61\n\
///     \x20 d8 25 # tag(37) UUID\n\
///     \x20   40  # bytes(0)\n",
/// );
/// ```
///
/// # Errors
///
/// As [`diag`].
pub fn dump(bytes: &[u8]) -> Result<String, Error> {
    let mut r = Reader::new(bytes);
    let out = dump_next(&mut r)?;
    if !r.is_at_end() {
        return Err(r.error(ErrorKind::TrailingBytes));
    }
    Ok(out)
}

/// The dumps of every item of a CBOR sequence, one after the other (each
/// item aligns its comments on its own).
///
/// # Errors
///
/// As [`diag_seq`].
pub fn dump_seq(bytes: &[u8]) -> Result<String, Error> {
    let mut r = Reader::new(bytes);
    let mut out = String::new();
    while !r.is_at_end() {
        out.push_str(&dump_next(&mut r)?);
    }
    Ok(out)
}

/// The dump of the next item of `reader`, which is left after it.
///
/// # Errors
///
/// As [`diag_next`].
pub fn dump_next(reader: &mut Reader<'_>) -> Result<String, Error> {
    dump::render(reader)
}

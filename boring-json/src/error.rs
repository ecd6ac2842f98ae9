//! The crate's error: a kind and the byte offset where it was found.

use core::fmt;

/// What went wrong. The set may grow, so matches need a wildcard arm.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The JSON text is not well-formed; the message names what was expected.
    Syntax(&'static str),
    /// JSON nesting went past the depth limit of the options.
    DepthExceeded,
    /// A JSON number whose magnitude is too large for a finite `f64`.
    NumberOutOfRange,
    /// A CBOR float that is NaN or infinite: JSON has no spelling for it.
    NonFiniteFloat,
    /// The CBOR side failed: malformed input, a limit, or the writer refused.
    Cbor(boring::ErrorKind),
}

/// A failed conversion: its kind and the byte offset in the input (the JSON
/// text for JSON input, the CBOR bytes for CBOR input).
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    kind: ErrorKind,
    offset: Option<usize>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, offset: usize) -> Self {
        Error {
            kind,
            offset: Some(offset),
        }
    }

    /// The same error with its offset moved `by` bytes further (for an
    /// input read from the middle of a larger one).
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.offset = self.offset.map(|at| at + by);
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte offset in the input, when known.
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl From<boring::Error> for Error {
    fn from(e: boring::Error) -> Self {
        Error {
            kind: ErrorKind::Cbor(e.kind().clone()),
            offset: e.offset(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax(what) => write!(f, "invalid JSON: {what}")?,
            ErrorKind::DepthExceeded => f.write_str("JSON nested too deep")?,
            ErrorKind::NumberOutOfRange => f.write_str("JSON number out of range")?,
            ErrorKind::NonFiniteFloat => f.write_str("NaN or infinity has no JSON form")?,
            ErrorKind::Cbor(kind) => write!(f, "{kind}")?,
        }
        match self.offset {
            Some(at) => write!(f, " at byte {at}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Error {}

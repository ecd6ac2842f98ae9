//! The crate's one error type.
//!
//! Every failure is a value of [`Error`]: a mistake in how a pipeline was
//! asked for ([`Error::is_usage`]), bad data, or an I/O failure of a
//! stream. Nothing in this crate panics on its input.

use std::fmt;
use std::io;

/// What went wrong, and where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A pipeline that cannot be built: a spec string that does not parse,
    /// or a level out of range. `position` is the byte offset in the spec
    /// string, `None` for a pipeline built from code.
    #[error("codec spec: {problem}{}", at(*position))]
    Spec {
        /// The byte offset in the spec string where the problem starts.
        position: Option<usize>,
        /// What is wrong.
        problem: SpecProblem,
    },
    /// The input ends inside a frame, a block or a checksum.
    #[error("{step}: input is truncated")]
    Truncated {
        /// The step that needed more input.
        step: &'static str,
    },
    /// The input is not what the step writes; `detail` is the underlying
    /// library's message.
    #[error("{step}: corrupt input: {detail}")]
    Corrupt {
        /// The step that refused its input.
        step: &'static str,
        /// Why, in the words of the library that noticed.
        detail: String,
    },
    /// A text encoding met a character it does not use, or padding where
    /// none may be; `offset` counts the step's input bytes.
    #[error("{step}: invalid input at offset {offset}")]
    InvalidEncoding {
        /// The text encoding.
        step: &'static str,
        /// Where in the step's input.
        offset: u64,
    },
    /// The CRC-32C stored after the data is not the CRC-32C of the data.
    #[error("crc32c: checksum mismatch: stored {stored:#010x}, computed {computed:#010x}")]
    Checksum {
        /// The checksum in the input.
        stored: u32,
        /// The checksum of the data in front of it.
        computed: u32,
    },
    /// Bytes after the end of a compressed stream that takes no more.
    #[error("{step}: {count} bytes after the end of the stream")]
    TrailingData {
        /// The step whose stream ended.
        step: &'static str,
        /// How many bytes follow it.
        count: u64,
    },
    /// A step would have written more than the output bound allows.
    #[error("{step}: output exceeds the limit of {limit} bytes")]
    OutputLimit {
        /// The step that stopped.
        step: &'static str,
        /// The bound, in bytes.
        limit: u64,
    },
    /// The input has no codec header where one is required.
    #[error("no codec header: the input was written raw (give its codec spec)")]
    NoHeader,
    /// A codec header that is malformed or names what this crate does not
    /// know.
    #[error("codec header: {detail}")]
    Header {
        /// What is wrong with it.
        detail: String,
    },
    /// The header names a different chain from the one asked for.
    #[error("codec header names {found}, not {expected}")]
    HeaderMismatch {
        /// The chain asked for.
        expected: String,
        /// The chain the header names.
        found: String,
    },
    /// A seekable file whose seek table or frames do not add up.
    #[error("seekable: {detail}")]
    Seekable {
        /// What does not add up.
        detail: String,
    },
    /// A compression library refused to set up or to run.
    #[error("{step}: {detail}")]
    Library {
        /// The step whose library failed.
        step: &'static str,
        /// The library's message.
        detail: String,
    },
    /// Reading or writing a stream failed.
    #[error("I/O: {0}")]
    Io(#[from] io::Error),
}

/// Why a spec string or a step list is not a pipeline.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpecProblem {
    /// No step at all, or an empty step between two `+`.
    EmptyStep,
    /// A step name this crate does not know.
    UnknownName(String),
    /// A level on a step that takes none.
    TakesNoLevel(&'static str),
    /// A level that is not a decimal number.
    NotANumber(String),
    /// A level outside the step's range.
    LevelOutOfRange {
        /// The step.
        step: &'static str,
        /// The level given.
        level: u64,
        /// The lowest level.
        min: u8,
        /// The highest level.
        max: u8,
    },
    /// More steps than a pipeline holds.
    TooManySteps(usize),
}

impl fmt::Display for SpecProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecProblem::EmptyStep => f.write_str("empty step"),
            SpecProblem::UnknownName(name) => write!(
                f,
                "unknown step {name:?} (known: {})",
                crate::step::NAMES.join(", ")
            ),
            SpecProblem::TakesNoLevel(step) => write!(f, "{step} takes no level"),
            SpecProblem::NotANumber(text) => write!(f, "level {text:?} is not a number"),
            SpecProblem::LevelOutOfRange {
                step,
                level,
                min,
                max,
            } => write!(f, "{step} level {level} is outside {min}..={max}"),
            SpecProblem::TooManySteps(max) => write!(f, "more than {max} steps"),
        }
    }
}

/// ` at byte N` when the position is known.
fn at(position: Option<usize>) -> String {
    position
        .map(|p| format!(" at byte {p}"))
        .unwrap_or_default()
}

impl Error {
    /// Whether the error is a mistake in the request rather than in the
    /// data: a command line reports it as a usage error.
    pub fn is_usage(&self) -> bool {
        matches!(self, Error::Spec { .. })
    }

    /// A stable, machine-readable name of the variant.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Error::Spec { .. } => "spec",
            Error::Truncated { .. } => "truncated",
            Error::Corrupt { .. } => "corrupt",
            Error::InvalidEncoding { .. } => "invalid-encoding",
            Error::Checksum { .. } => "checksum",
            Error::TrailingData { .. } => "trailing-data",
            Error::OutputLimit { .. } => "output-limit",
            Error::NoHeader => "no-header",
            Error::Header { .. } => "header",
            Error::HeaderMismatch { .. } => "header-mismatch",
            Error::Seekable { .. } => "seekable",
            Error::Library { .. } => "library",
            Error::Io(_) => "io",
        }
    }

    /// A spec error at `position`.
    pub(crate) fn spec(position: Option<usize>, problem: SpecProblem) -> Error {
        Error::Spec { position, problem }
    }

    /// A corrupt-input error carrying a library's message.
    pub(crate) fn corrupt(step: &'static str, detail: impl fmt::Display) -> Error {
        Error::Corrupt {
            step,
            detail: detail.to_string(),
        }
    }
}

/// Streams report [`Error`]s through `io::Error`; this turns them back.
impl From<Error> for io::Error {
    fn from(err: Error) -> io::Error {
        match err {
            Error::Io(e) => e,
            other => io::Error::new(io::ErrorKind::InvalidData, other),
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

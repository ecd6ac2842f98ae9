//! Why a command stopped, its exit status, and how it is told.

use std::io;

use boring::Error;

/// Why a command stopped. The variants about the input are reported with
/// the input's name, which the command does not know: `main` adds it.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The command line is wrong in a way clap cannot see (options the
    /// profile refuses, binary to a terminal); status 2.
    Usage(String),
    /// The input, or its re-encoding, failed; status 1.
    Data(Error),
    /// The input could not be read; status 1.
    Read(io::Error),
    /// `check` was given no item at all; status 1.
    Empty,
    /// `from-diag` was given input that is not UTF-8 text; status 1.
    NotText,
    /// A path step that does not exist (the path as far as that step);
    /// status 1.
    Path(String),
    /// A sequence ended in a torn tail at this offset; status 3.
    Torn(u64),
    /// COSE decryption or encryption failed (`open`, `seal`); status 1.
    Cose(boring_codec::cose::CoseError),
    /// A byte pipeline failed on the input (`pack`, `unpack`); status 1,
    /// or 2 for a pipeline that cannot be built.
    Codec(boring_codec::Error),
    /// A JSON conversion failed on the input (`json2cbor`, `cbor2json`);
    /// status 1.
    Json(boring_json::Error),
    /// The key file could not be read or is not a usable key; status 1.
    Key {
        /// The key file as the message names it.
        file: String,
        /// What is wrong with it.
        message: String,
    },
    /// Writing the output failed; status 1.
    Write {
        /// The output as the message names it.
        target: String,
        /// What went wrong.
        error: io::Error,
    },
}

impl From<Error> for Failure {
    fn from(err: Error) -> Self {
        Failure::Data(err)
    }
}

/// Only standard output is written through `?`; a file output names itself
/// with [`Failure::Write`].
impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Write {
            target: "<stdout>".to_string(),
            error,
        }
    }
}

impl Failure {
    /// The process exit status.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Codec(err) if err.is_usage() => 2,
            Failure::Torn(_) => 3,
            Failure::Data(_)
            | Failure::Read(_)
            | Failure::Empty
            | Failure::NotText
            | Failure::Path(_)
            | Failure::Cose(_)
            | Failure::Codec(_)
            | Failure::Json(_)
            | Failure::Key { .. }
            | Failure::Write { .. } => 1,
        }
    }

    /// The message for standard error, without the `error: ` prefix;
    /// `input` names the input file.
    pub(crate) fn message(&self, input: &str) -> String {
        match self {
            Failure::Usage(message) => message.clone(),
            Failure::Data(err) => match err.offset() {
                Some(at) => format!(
                    "{input}: {} (kind {}, offset {at})",
                    err.kind(),
                    err.kind().reference_name(),
                ),
                None => format!(
                    "{input}: {} (kind {})",
                    err.kind(),
                    err.kind().reference_name(),
                ),
            },
            Failure::Read(err) => format!("{input}: {err}"),
            Failure::Empty => format!("{input}: empty input"),
            Failure::NotText => format!("{input}: not UTF-8 text"),
            Failure::Path(path) => format!("{input}: no item at path {path}"),
            Failure::Torn(offset) => {
                format!("{input}: torn tail: the last item, at offset {offset}, is incomplete")
            }
            Failure::Write { target, error } => format!("{target}: {error}"),
            Failure::Cose(err) => format!("{input}: {err}"),
            Failure::Codec(boring_codec::Error::NoHeader) => format!(
                "{input}: {}; pass --codec SPEC",
                boring_codec::Error::NoHeader
            ),
            Failure::Codec(err) if err.is_usage() => err.to_string(),
            Failure::Codec(err) => format!("{input}: {err}"),
            Failure::Json(err) => format!("{input}: {err}"),
            Failure::Key { file, message } => format!("{file}: {message}"),
        }
    }

    /// `(kind, offset, message)` for machine-readable reports: the kind is
    /// the library's stable name where the library raised the error; the
    /// offset is `None` where no byte locates the failure.
    pub(crate) fn parts(&self) -> (&'static str, Option<u64>, String) {
        match self {
            Failure::Data(err) => (
                err.kind().reference_name(),
                err.offset().map(|at| at as u64),
                err.kind().to_string(),
            ),
            Failure::Empty => ("empty-input", None, "empty input".to_string()),
            Failure::NotText => ("not-text", None, "not UTF-8 text".to_string()),
            Failure::Read(err) => ("io", None, err.to_string()),
            Failure::Write { target, error } => ("io", None, format!("{target}: {error}")),
            Failure::Path(path) => ("path-absent", None, format!("no item at path {path}")),
            Failure::Torn(offset) => ("torn-tail", Some(*offset), "torn tail".to_string()),
            Failure::Usage(message) => ("usage", None, message.clone()),
            Failure::Cose(err) => ("cose", None, err.to_string()),
            Failure::Codec(err) => (err.kind_name(), None, err.to_string()),
            Failure::Json(err) => (
                match err.kind() {
                    boring_json::ErrorKind::Cbor(kind) => kind.reference_name(),
                    _ => "json",
                },
                err.offset().map(|at| at as u64),
                err.to_string(),
            ),
            Failure::Key { file, message } => ("key", None, format!("{file}: {message}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boring::ErrorKind;

    #[test]
    fn exit_statuses_follow_the_documented_table() {
        assert_eq!(Failure::Usage("x".into()).exit_code(), 2);
        assert_eq!(Failure::Torn(3).exit_code(), 3);
        assert_eq!(Failure::Empty.exit_code(), 1);
        assert_eq!(Failure::Path("a".into()).exit_code(), 1);
        let data = Failure::Data(Error::new(ErrorKind::Truncated, 3));
        assert_eq!(data.exit_code(), 1);
        assert_eq!(
            data.message("data.cbor"),
            "data.cbor: input ends inside an item (kind truncated-input, offset 3)"
        );
        assert_eq!(data.parts().0, "truncated-input");
        assert_eq!(data.parts().1, Some(3));
    }
}

//! Where output goes: `-o FILE`, or standard output, which binary output
//! reaches only when it is not a terminal (or `--force` says so).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use crate::args::OutputArgs;
use crate::failure::Failure;

/// The place a command writes its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Destination {
    /// Standard output.
    Stdout,
    /// A file, created or truncated.
    File(PathBuf),
}

/// Where binary output goes, decided before any input is read so that a
/// refusal costs nothing. Writing binary to a terminal garbles it and
/// shows nothing useful, so it needs `--force`.
pub(crate) fn decide(
    output: Option<&Path>,
    force: bool,
    stdout_is_terminal: bool,
) -> Result<Destination, Failure> {
    match output {
        Some(path) => Ok(Destination::File(path.to_path_buf())),
        None if stdout_is_terminal && !force => Err(Failure::Usage(
            "refusing to write binary output to a terminal; use -o FILE or --force".into(),
        )),
        None => Ok(Destination::Stdout),
    }
}

/// [`decide`] for this process's standard output; `binary` is false for
/// text output, which a terminal may always show.
pub(crate) fn destination(args: &OutputArgs, binary: bool) -> Result<Destination, Failure> {
    decide(
        args.output.as_deref(),
        args.force || !binary,
        io::stdout().is_terminal(),
    )
}

impl Destination {
    /// Writes `bytes`, whole, to the destination.
    pub(crate) fn write(&self, bytes: &[u8]) -> Result<(), Failure> {
        match self {
            Destination::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(bytes)?;
                Ok(out.flush()?)
            }
            Destination::File(path) => write_file(path, bytes),
        }
    }
}

/// Writes `bytes` to the file at `path`, naming it in an error.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|error| Failure::Write {
        target: path.display().to_string(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_is_refused_only_on_a_terminal_without_force() {
        let refused = decide(None, false, true);
        assert!(
            matches!(&refused, Err(Failure::Usage(m)) if m.contains("-o FILE or --force")),
            "{refused:?}"
        );
        assert_eq!(refused.map_err(|f| f.exit_code()).unwrap_err(), 2);
        assert_eq!(decide(None, true, true).unwrap(), Destination::Stdout);
        assert_eq!(decide(None, false, false).unwrap(), Destination::Stdout);
    }

    #[test]
    fn an_output_file_is_used_whatever_standard_output_is() {
        let path = Path::new("out.cbor");
        for (force, terminal) in [(false, true), (false, false), (true, true)] {
            assert_eq!(
                decide(Some(path), force, terminal).unwrap(),
                Destination::File(path.to_path_buf())
            );
        }
    }
}

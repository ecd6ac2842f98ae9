//! `boring`: look at, check and re-encode CBOR files.
//!
//! Every command reads one file (or standard input for `-`) holding one
//! CBOR item or a CBOR sequence (items back to back). Exit status: 0 on
//! success, 1 when the input (or its re-encoding) fails, 2 on usage errors.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use boring::diag::{self, DiagOptions};
use boring::{Error, Options, Profile, Reader, Value};

const USAGE: &str = "\
boring: look at, check and re-encode CBOR

usage:
  boring diag [--no-indicators] FILE
      diagnostic notation (RFC 8949 section 8), one line per item
  boring dump FILE
      annotated hex dump: one line per head, indented by depth
  boring check FILE
      decode every item; print OK and the item count, or the error
  boring reencode --profile PROFILE [--shapes] [--columns] [--scattered-shapes] FILE
      decode every item and write it again under PROFILE
      (default, compact, interop, archival, canonical, canonical-rfc7049,
      ctap2)
  boring --help

FILE is a path, or - for standard input. It may hold one CBOR item or a
CBOR sequence. Exit status: 0 success, 1 bad input, 2 usage error.
";

/// Why a command stopped.
enum Failure {
    /// The command line is wrong: message, then usage hint; status 2.
    Usage(String),
    /// The input or its encoding failed; status 1.
    Data(Error),
    /// Reading the input or writing the output failed; status 1.
    Io(String),
}

impl From<Error> for Failure {
    fn from(err: Error) -> Self {
        Failure::Data(err)
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Io(err.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            eprintln!("run `boring --help` for usage");
            ExitCode::from(2)
        }
        Err(Failure::Data(err)) => {
            eprintln!(
                "error: {} (kind {}, offset {})",
                err.kind(),
                err.kind().reference_name(),
                err.offset()
            );
            ExitCode::from(1)
        }
        Err(Failure::Io(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Failure::Usage("no command given".into()));
    };
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return print_usage();
    }
    match command.as_str() {
        "--help" | "-h" | "help" => print_usage(),
        "diag" => {
            let (flags, file) = parse(rest, &["--no-indicators"], &[])?;
            let options = DiagOptions::new().indicators(!flags.has("--no-indicators"));
            let input = read_input(&file)?;
            let mut r = Reader::new(&input);
            let mut out = io::stdout().lock();
            while !r.is_at_end() {
                let line = diag::diag_next(&mut r, &options)?;
                writeln!(out, "{line}")?;
            }
            Ok(out.flush()?)
        }
        "dump" => {
            let (_, file) = parse(rest, &[], &[])?;
            let input = read_input(&file)?;
            let mut r = Reader::new(&input);
            let mut out = io::stdout().lock();
            while !r.is_at_end() {
                out.write_all(diag::dump_next(&mut r)?.as_bytes())?;
            }
            Ok(out.flush()?)
        }
        "check" => {
            let (_, file) = parse(rest, &[], &[])?;
            let input = read_input(&file)?;
            let count = decode_all(&input, |_| Ok(()))?;
            let plural = if count == 1 { "" } else { "s" };
            Ok(writeln!(io::stdout(), "OK ({count} item{plural})")?)
        }
        "reencode" => {
            let (flags, file) = parse(
                rest,
                &["--shapes", "--columns", "--scattered-shapes"],
                &["--profile"],
            )?;
            let Some(name) = flags.value("--profile") else {
                return Err(Failure::Usage("reencode needs --profile".into()));
            };
            let profile = Profile::from_name(name)
                .ok_or_else(|| Failure::Usage(format!("unknown profile `{name}`")))?;
            // The flags switch extensions on; they never switch off what
            // the profile itself turns on (compact has both).
            let mut options = Options::from(profile);
            if flags.has("--shapes") {
                options = options.shapes(true);
            }
            if flags.has("--columns") {
                options = options.columns(true);
            }
            if flags.has("--scattered-shapes") {
                options = options.scattered_shapes(true);
            }
            let input = read_input(&file)?;
            // Encode everything before writing, so a failure leaves no
            // partial output behind.
            let mut encoded = Vec::new();
            decode_all(&input, |value| {
                encoded.extend_from_slice(&boring::to_vec_with(&value, &options)?);
                Ok(())
            })?;
            let mut out = io::stdout().lock();
            out.write_all(&encoded)?;
            Ok(out.flush()?)
        }
        other => Err(Failure::Usage(format!("unknown command `{other}`"))),
    }
}

fn print_usage() -> Result<(), Failure> {
    Ok(io::stdout().write_all(USAGE.as_bytes())?)
}

/// Decodes every item of `input` as a [`Value`] under the default options,
/// handing each to `each`; returns the item count.
fn decode_all(
    input: &[u8],
    mut each: impl FnMut(Value) -> Result<(), Error>,
) -> Result<usize, Failure> {
    let mut r = Reader::with_options(input, &Options::default())?;
    let mut count = 0;
    while !r.is_at_end() {
        let value: Value = boring::decode_document(&mut r)?;
        each(value)?;
        count += 1;
    }
    Ok(count)
}

/// The flags given on a command line.
struct Flags {
    switches: Vec<String>,
    values: Vec<(String, String)>,
}

impl Flags {
    fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits `args` into known switches, known `--name value` (or
/// `--name=value`) options and exactly one FILE operand.
fn parse(args: &[String], switches: &[&str], valued: &[&str]) -> Result<(Flags, String), Failure> {
    let mut flags = Flags {
        switches: Vec::new(),
        values: Vec::new(),
    };
    let mut files = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "-" || !arg.starts_with('-') {
            files.push(arg.clone());
        } else if switches.contains(&arg.as_str()) {
            flags.switches.push(arg.clone());
        } else if let Some((name, value)) = arg.split_once('=').filter(|(n, _)| valued.contains(n))
        {
            flags.values.push((name.to_string(), value.to_string()));
        } else if valued.contains(&arg.as_str()) {
            let value = iter
                .next()
                .ok_or_else(|| Failure::Usage(format!("{arg} needs a value")))?;
            flags.values.push((arg.clone(), value.clone()));
        } else {
            return Err(Failure::Usage(format!("unknown option `{arg}`")));
        }
    }
    match <[String; 1]>::try_from(files) {
        Ok([file]) => Ok((flags, file)),
        Err(files) if files.is_empty() => Err(Failure::Usage("no FILE given".into())),
        Err(_) => Err(Failure::Usage("give exactly one FILE".into())),
    }
}

/// The bytes of FILE, or of standard input for `-`.
fn read_input(file: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if file == "-" {
        io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(file).map_err(|e| Failure::Io(format!("{file}: {e}")))?;
    }
    Ok(bytes)
}

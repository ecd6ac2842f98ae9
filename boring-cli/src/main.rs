//! `boring`: look at, check and re-encode CBOR files.
//!
//! Every command reads one file (or standard input for `-`) holding one
//! CBOR item or a CBOR sequence (items back to back). Exit status: 0 on
//! success, 1 when the input (or its re-encoding) fails, 2 on usage errors,
//! 3 when `items` meets a torn tail.

mod path;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use boring::diag::{self, DiagOptions};
use boring::edit::FramePolicy;
use boring::index::{Frame, IndexOptions};
use boring::nav::{Cursor, Indexed};
use boring::seq::{SeqEnd, SeqReader};
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
  boring get [--raw] FILE SEG...
      the item at the path from the file's first item, in diagnostic
      notation, or with --raw its exact bytes
  boring count FILE [SEG...]
      the number of elements or entries of the container at the path
  boring items FILE
      each item of a sequence in diagnostic notation, one per line
  boring index [--profile P] [--stride N] [--index-min M] [--seq] FILE
      the input sealed with an index frame: its first item as a single
      value, or with --seq its items as a sequence
  boring set FILE SEG... --value DIAG [--profile P] [--frame F] [-o OUT | --in-place]
      the file with the value at the path replaced by DIAG (a new key adds
      an entry); P is a deterministic profile (canonical by default), F
      rebuild, drop or maintain; to OUT, FILE itself, or standard output
  boring from-diag FILE
      the items written in diagnostic notation in FILE, encoded
  boring --help

FILE is a path, or - for standard input. It may hold one CBOR item or a
CBOR sequence; a final index frame is never an item. A path segment that
is an integer selects an array element or an integer key; :name is a
keyword key; anything else is a text key, and a leading ' forces text.
Segments that start with - come after --.
Exit status: 0 success, 1 bad input or a path that does not exist,
2 usage error, 3 a torn tail (items).
";

/// Why a command stopped.
pub(crate) enum Failure {
    /// The command line is wrong: message, then usage hint; status 2.
    Usage(String),
    /// The input or its encoding failed; status 1.
    Data(Error),
    /// Reading the input or writing the output failed; status 1.
    Io(String),
    /// A sequence ended in a torn tail at this offset; status 3.
    Torn(u64),
    /// A path step that does not exist; status 1.
    Path(String),
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
        Err(Failure::Path(path)) => {
            eprintln!("error: no item at path {path}");
            ExitCode::from(1)
        }
        Err(Failure::Torn(offset)) => {
            eprintln!("error: torn tail: the last item, at offset {offset}, is incomplete");
            ExitCode::from(3)
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
        "get" => {
            let (flags, file, segments) = path::parse(rest, &["--raw"], &[])?;
            if segments.is_empty() {
                return Err(Failure::Usage("get needs a path".into()));
            }
            let input = read_input(&file)?;
            let indexed = Indexed::new(&input);
            let item = path::follow(indexed.root()?, &segments)?;
            let mut out = io::stdout().lock();
            if flags.has("--raw") {
                out.write_all(item.bytes()?)?;
            } else {
                writeln!(out, "{}", show(&item)?)?;
            }
            Ok(out.flush()?)
        }
        "count" => {
            let (_, file, segments) = path::parse(rest, &[], &[])?;
            let input = read_input(&file)?;
            let indexed = Indexed::new(&input);
            let item = path::follow(indexed.root()?, &segments)?;
            Ok(writeln!(io::stdout(), "{}", item.len()?)?)
        }
        "items" => {
            let (_, file) = parse(rest, &[], &[])?;
            let input = read_input(&file)?;
            let mut reader = SeqReader::new(&input);
            let mut out = io::stdout().lock();
            for item in reader.by_ref() {
                writeln!(out, "{}", show(&item)?)?;
            }
            out.flush()?;
            match reader.end() {
                Some(SeqEnd::Torn { offset }) => Err(Failure::Torn(*offset)),
                Some(SeqEnd::Corrupt(e)) => Err(Failure::Data(e.clone())),
                _ => Ok(()),
            }
        }
        "index" => {
            let (flags, file) = parse(rest, &["--seq"], &["--profile", "--stride", "--index-min"])?;
            let profile = match flags.value("--profile") {
                Some(name) => Profile::from_name(name)
                    .ok_or_else(|| Failure::Usage(format!("unknown profile `{name}`")))?,
                None => Profile::Default,
            };
            let mut index = IndexOptions::default();
            if let Some(n) = flags.value("--stride") {
                index.stride = number(n, "--stride")?;
            }
            if let Some(n) = flags.value("--index-min") {
                index.index_min = number(n, "--index-min")?;
            }
            let input = read_input(&file)?;
            let sealed = if flags.has("--seq") {
                seal_sequence(&input, profile, index)?
            } else {
                let data = Indexed::new(&input);
                let value: Value = data.root()?.decode()?;
                boring::index::encode_indexed(&value, &Options::from(profile), index)?
            };
            let mut out = io::stdout().lock();
            out.write_all(&sealed)?;
            Ok(out.flush()?)
        }
        "set" => {
            let (flags, file, segments) = path::parse(
                rest,
                &["--in-place"],
                &["--value", "--profile", "--frame", "-o"],
            )?;
            let Some(text) = flags.value("--value") else {
                return Err(Failure::Usage("set needs --value".into()));
            };
            if segments.is_empty() {
                return Err(Failure::Usage("set needs a path".into()));
            }
            let profile = match flags.value("--profile") {
                Some(name) => Profile::from_name(name)
                    .ok_or_else(|| Failure::Usage(format!("unknown profile `{name}`")))?,
                None => Profile::Canonical,
            };
            let policy = match flags.value("--frame").unwrap_or("rebuild") {
                "rebuild" => FramePolicy::Rebuild,
                "drop" => FramePolicy::Drop,
                "maintain" => FramePolicy::Maintain,
                other => return Err(Failure::Usage(format!("unknown frame policy `{other}`"))),
            };
            let value: Value = boring::from_slice(&boring::diag::from_diag(text)?)?;
            let input = read_input(&file)?;
            let keys: Vec<_> = segments.iter().map(path::Segment::key).collect();
            let edited = boring::edit::set(&input, &keys, &value, &Options::from(profile), policy)?;
            match (flags.value("-o"), flags.has("--in-place")) {
                (Some(_), true) => Err(Failure::Usage("give -o or --in-place, not both".into())),
                (Some(out), false) => {
                    Ok(std::fs::write(out, edited)
                        .map_err(|e| Failure::Io(format!("{out}: {e}")))?)
                }
                (None, true) if file != "-" => Ok(std::fs::write(&file, edited)
                    .map_err(|e| Failure::Io(format!("{file}: {e}")))?),
                (None, true) => Err(Failure::Usage("--in-place needs a FILE".into())),
                (None, false) => {
                    let mut out = io::stdout().lock();
                    out.write_all(&edited)?;
                    Ok(out.flush()?)
                }
            }
        }
        "from-diag" => {
            let (_, file) = parse(rest, &[], &[])?;
            let input = read_input(&file)?;
            let text = String::from_utf8(input)
                .map_err(|_| Failure::Io(format!("{file}: not UTF-8 text")))?;
            let bytes = boring::diag::from_diag(&text)?;
            let mut out = io::stdout().lock();
            out.write_all(&bytes)?;
            Ok(out.flush()?)
        }
        other => Err(Failure::Usage(format!("unknown command `{other}`"))),
    }
}

/// An item in diagnostic notation: its own bytes when it has them and
/// they stand alone, else the value it stands for (a table row, an item
/// holding stringrefs resolved through the index).
fn show(item: &Cursor<'_>) -> Result<String, Failure> {
    if let Ok(bytes) = item.bytes() {
        if let Ok(text) = diag::diag(bytes) {
            return Ok(text);
        }
    }
    let value = item.to_value()?;
    let bytes = boring::to_vec_with(&value, &Options::from(Profile::Interop))?;
    Ok(diag::diag(&bytes)?)
}

/// The input's items (a final frame dropped) re-encoded under `profile`
/// and written as a sealed sequence.
fn seal_sequence(input: &[u8], profile: Profile, index: IndexOptions) -> Result<Vec<u8>, Failure> {
    let data = match Frame::find(input) {
        Some(frame) => &input[..frame.data_end as usize],
        None => input,
    };
    let mut writer = boring::seq::SeqWriter::new(Vec::new(), &Options::from(profile))?.index(index);
    let mut reader = SeqReader::new(data);
    for item in reader.by_ref() {
        let value: Value = item.decode()?;
        writer.write(&value)?;
    }
    if let Some(SeqEnd::Torn { offset }) = reader.end() {
        return Err(Failure::Torn(*offset));
    }
    if let Some(SeqEnd::Corrupt(e)) = reader.end() {
        return Err(Failure::Data(e.clone()));
    }
    Ok(writer.finish()?)
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, Failure> {
    text.parse()
        .map_err(|_| Failure::Usage(format!("{flag} needs a number, not `{text}`")))
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
pub(crate) struct Flags {
    switches: Vec<String>,
    values: Vec<(String, String)>,
}

impl Flags {
    pub(crate) fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits `args` into known switches, known `--name value` (or
/// `--name=value`) options and exactly one FILE operand.
pub(crate) fn parse(
    args: &[String],
    switches: &[&str],
    valued: &[&str],
) -> Result<(Flags, String), Failure> {
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

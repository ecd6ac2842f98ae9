//! The command line, as clap parses it: one struct per subcommand.
//!
//! Only the shape of the arguments lives here; whether options fit
//! together under a profile is checked by the commands, before they read
//! any input.

use std::path::PathBuf;

use boring::edit::FramePolicy;
use boring::index::IndexOptions;
use boring::{Profile, Value};
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::path::Segment;

mod codec;
mod cose;
mod json;
mod query;
pub(crate) use codec::{PackArgs, UnpackArgs};
pub(crate) use cose::{OpenArgs, SealArgs};
pub(crate) use json::{Cbor2JsonArgs, Json2CborArgs};
pub(crate) use query::QueryArgs;

/// Shown after the top-level help: what every command has in common.
const AFTER_HELP: &str = "\
FILE is a path, or - for standard input. It may hold one CBOR item or a
CBOR sequence; a final index frame is never an item. A path segment that
is an integer selects an array element or an integer key; :name is a
keyword key; anything else is a text key, and a leading ' forces text.
Segments that start with - come after --.

Commands that write bytes (reencode, index, set, from-diag, get --raw,
seal, open, pack, unpack, json2cbor) write them to standard output, or with -o to a file; they
refuse to write to a terminal unless --force is given.

Exit status: 0 success, 1 bad input or a path that does not exist,
2 usage error, 3 a torn tail (items).";

/// `boring`: look at, check and re-encode CBOR.
#[derive(Debug, Parser)]
#[command(
    name = "boring",
    version,
    about = "Look at, check and re-encode CBOR",
    after_help = AFTER_HELP,
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = false
)]
pub(crate) struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// Every command of the tool.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Diagnostic notation (RFC 8949 section 8), one line per item
    Diag(DiagArgs),
    /// Annotated hex dump: one line per head, indented by depth
    Dump(InputArg),
    /// Decode every item; print OK and the item count, or the error
    Check(CheckArgs),
    /// Decode every item and write it again under a profile
    Reencode(ReencodeArgs),
    /// The item at a path from the first item, in diagnostic notation or
    /// as its exact bytes
    Get(GetArgs),
    /// The number of elements or entries of the container at a path
    Count(CountArgs),
    /// Each item of a sequence in diagnostic notation, one per line
    Items(InputArg),
    /// The input sealed with an index frame
    Index(IndexArgs),
    /// The file with the value at a path replaced (a new key adds an entry)
    Set(SetArgs),
    /// The items written in diagnostic notation in FILE, encoded
    FromDiag(FromDiagArgs),
    /// A completion script for a shell, on standard output
    Completions(CompletionsArgs),
    /// FILE encrypted as COSE_Encrypt0, or with --wrap as COSE_Encrypt
    Seal(SealArgs),
    /// The plaintext of a COSE_Encrypt0 or COSE_Encrypt message
    Open(OpenArgs),
    /// FILE through a byte pipeline (compression, checksum, text), after
    /// a header naming it unless --raw
    Pack(PackArgs),
    /// The bytes a packed FILE was made from
    Unpack(UnpackArgs),
    /// JSON text as one CBOR item under a profile
    Json2cbor(Json2CborArgs),
    /// CBOR as JSON text (RFC 8949 section 6.1): every item of a CBOR
    /// sequence (RFC 8742), one JSON text per line
    Cbor2json(Cbor2JsonArgs),
    /// The items a JSONPath query (RFC 9535) selects in the first item,
    /// one line of JSON each in document order
    Query(QueryArgs),
    #[cfg(feature = "sql")]
    #[command(flatten)]
    Sql(crate::sql::SqlCommand),
}

impl Command {
    /// The input file the command reads, named in its error messages.
    pub(crate) fn input(&self) -> Option<&InputArg> {
        match self {
            Command::Diag(a) => Some(&a.input),
            Command::Dump(a) | Command::Items(a) => Some(a),
            Command::Check(a) => Some(&a.input),
            Command::Reencode(a) => Some(&a.input),
            Command::Get(a) => Some(&a.input),
            Command::Count(a) => Some(&a.input),
            Command::Index(a) => Some(&a.input),
            Command::Set(a) => Some(&a.input),
            Command::FromDiag(a) => Some(&a.input),
            Command::Completions(_) => None,
            Command::Seal(a) => Some(&a.input),
            Command::Open(a) => Some(&a.input),
            Command::Pack(a) => Some(&a.input),
            Command::Unpack(a) => Some(&a.input),
            Command::Json2cbor(a) => Some(&a.input),
            Command::Cbor2json(a) => Some(&a.input),
            Command::Query(a) => Some(&a.input),
            #[cfg(feature = "sql")]
            Command::Sql(_) => None,
        }
    }
}

/// The one input file of a command.
#[derive(Debug, Args)]
pub(crate) struct InputArg {
    /// The input: a path, or - for standard input
    #[arg(value_name = "FILE")]
    pub(crate) file: PathBuf,
}

impl InputArg {
    /// Whether the input is standard input.
    pub(crate) fn is_stdin(&self) -> bool {
        self.file.as_os_str() == "-"
    }

    /// The input as error messages name it.
    pub(crate) fn display_name(&self) -> String {
        if self.is_stdin() {
            "<stdin>".to_string()
        } else {
            self.file.display().to_string()
        }
    }
}

/// Where a command that writes bytes writes them.
#[derive(Debug, Args)]
pub(crate) struct OutputArgs {
    /// Write to this file instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Write binary output to standard output even when it is a terminal
    #[arg(long)]
    pub(crate) force: bool,
}

/// `boring diag`.
#[derive(Debug, Args)]
pub(crate) struct DiagArgs {
    /// Leave out floats' width indicators (the _1, _2, _3 of 1.5_1)
    #[arg(long)]
    pub(crate) no_indicators: bool,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Decode under this profile's options
    #[arg(long, default_value = "default")]
    pub(crate) profile: ProfileArg,
    /// Also refuse items not written exactly as the (deterministic)
    /// profile writes them
    #[arg(long)]
    pub(crate) verify_deterministic: bool,
    /// The deepest nesting accepted, every array, map and tag counted
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=boring::profile::MAX_MAX_DEPTH as u64)
    )]
    pub(crate) max_depth: Option<u64>,
    /// Print one JSON object: {"ok", "items", "error"}
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring reencode`.
#[derive(Debug, Args)]
pub(crate) struct ReencodeArgs {
    /// The profile to write under
    #[arg(long)]
    pub(crate) profile: ProfileArg,
    /// Write vectors of maps as shaped arrays (tag 39649)
    #[arg(long)]
    pub(crate) shapes: bool,
    /// Write vectors of records as typed columns (tag 39653)
    #[arg(long)]
    pub(crate) columns: bool,
    /// Write recurring map key sequences as scattered shapes (tag 39650)
    #[arg(long)]
    pub(crate) scattered_shapes: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring get`.
#[derive(Debug, Args)]
pub(crate) struct GetArgs {
    /// Write the item's exact bytes instead of diagnostic notation
    #[arg(long)]
    pub(crate) raw: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
    /// The path from the first item
    #[arg(value_name = "SEG", required = true)]
    pub(crate) path: Vec<Segment>,
}

/// `boring count`.
#[derive(Debug, Args)]
pub(crate) struct CountArgs {
    #[command(flatten)]
    pub(crate) input: InputArg,
    /// The path from the first item (none: the first item itself)
    #[arg(value_name = "SEG")]
    pub(crate) path: Vec<Segment>,
}

/// `boring index`.
#[derive(Debug, Args)]
pub(crate) struct IndexArgs {
    /// The profile to write under
    #[arg(long, default_value = "default")]
    pub(crate) profile: ProfileArg,
    /// Every Nth entry of an indexed container is an anchor; 0 writes no
    /// frame
    #[arg(long, value_name = "N", default_value_t = IndexOptions::default().stride)]
    pub(crate) stride: u32,
    /// The fewest entries a container (or the sequence) needs to be indexed
    #[arg(long, value_name = "M", default_value_t = IndexOptions::default().index_min)]
    pub(crate) index_min: u64,
    /// Seal the input's items as a sequence instead of its first item as a
    /// single value
    #[arg(long)]
    pub(crate) seq: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring set`.
#[derive(Debug, Args)]
pub(crate) struct SetArgs {
    /// The new value, in diagnostic notation
    // Diagnostic notation may start with `-` (-5, -Infinity).
    #[arg(long, value_name = "DIAG", value_parser = parse_diag, allow_hyphen_values = true)]
    pub(crate) value: Value,
    /// The deterministic profile the file is written in
    #[arg(long, default_value = "canonical")]
    pub(crate) profile: ProfileArg,
    /// What happens to an index frame when the data's length changes
    #[arg(long, value_enum, default_value_t = FrameArg::Rebuild)]
    pub(crate) frame: FrameArg,
    /// Write the result back to FILE
    #[arg(long, conflicts_with = "output")]
    pub(crate) in_place: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
    /// The path from the first item
    #[arg(value_name = "SEG", required = true)]
    pub(crate) path: Vec<Segment>,
}

/// `boring from-diag`.
#[derive(Debug, Args)]
pub(crate) struct FromDiagArgs {
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to write the script for
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

/// A [`Profile`] on the command line, spelled as [`Profile::name`] spells
/// it, so the list in help and errors follows the library's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ProfileArg(pub(crate) Profile);

impl ValueEnum for ProfileArg {
    fn value_variants<'a>() -> &'a [Self] {
        const VARIANTS: [ProfileArg; Profile::ALL.len()] = {
            let mut all = [ProfileArg(Profile::Default); Profile::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = ProfileArg(Profile::ALL[i]);
                i += 1;
            }
            all
        };
        &VARIANTS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.0.name());
        // The reference calls the default profile `clojure`; accept that
        // spelling without listing it.
        Some(if self.0 == Profile::Default {
            value.alias("clojure")
        } else {
            value
        })
    }
}

/// [`FramePolicy`] on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FrameArg {
    /// Index the edited data again
    Rebuild,
    /// Write the edited data without a frame
    Drop,
    /// Shift the frame's offsets (a scalar replaced by a scalar only)
    Maintain,
}

impl From<FrameArg> for FramePolicy {
    fn from(arg: FrameArg) -> Self {
        match arg {
            FrameArg::Rebuild => FramePolicy::Rebuild,
            FrameArg::Drop => FramePolicy::Drop,
            FrameArg::Maintain => FramePolicy::Maintain,
        }
    }
}

/// `--value DIAG` as a value: a malformed one is a usage error, caught
/// before any input is read.
fn parse_diag(text: &str) -> Result<Value, String> {
    let bytes = boring::diag::from_diag(text).map_err(|e| e.to_string())?;
    boring::from_slice(&bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_model_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_profile_is_offered_by_its_library_name() {
        let names: Vec<String> = ProfileArg::value_variants()
            .iter()
            .filter_map(|p| p.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect();
        let expected: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, expected);
    }
}

//! The arguments of `json2cbor` and `cbor2json`, the JSON conversions of
//! `boring_json`.

use clap::Args;

use super::{InputArg, OutputArgs, ProfileArg};

/// `boring json2cbor`.
#[derive(Debug, Args)]
pub(crate) struct Json2CborArgs {
    /// The profile to write under
    #[arg(long, default_value = "default")]
    pub(crate) profile: ProfileArg,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring cbor2json`: the input is an RFC 8742 CBOR sequence (one item
/// is a sequence of one), and every item becomes one JSON text followed
/// by a newline, so that a sequence comes out as JSON Lines.
#[derive(Debug, Args)]
pub(crate) struct Cbor2JsonArgs {
    /// Indent the JSON by two spaces, one entry per line (each item of a
    /// sequence then spans several lines)
    #[arg(long, conflicts_with = "lines")]
    pub(crate) pretty: bool,
    /// JSON Lines whatever the input holds: every item on one line, and an
    /// empty input is an empty sequence (no output) instead of an error
    #[arg(long)]
    pub(crate) lines: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

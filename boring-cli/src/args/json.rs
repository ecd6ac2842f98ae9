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

/// `boring cbor2json`.
#[derive(Debug, Args)]
pub(crate) struct Cbor2JsonArgs {
    /// Indent the JSON by two spaces, one entry per line
    #[arg(long)]
    pub(crate) pretty: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

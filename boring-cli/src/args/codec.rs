//! The arguments of `pack` and `unpack`, byte pipelines of
//! `boring_codec`.

use boring_codec::{Pipeline, DEFAULT_MAX_OUTPUT};
use clap::Args;

use super::{InputArg, OutputArgs};

/// `boring pack`.
#[derive(Debug, Args)]
pub(crate) struct PackArgs {
    /// The steps, applied in order: NAME[:LEVEL] joined by +, e.g.
    /// zstd:19+crc32c+base64 (zstd 1-22, lz4, lz4hc 1-12, deflate and
    /// gzip 1-9, crc32c, base64, base64url, base64nopad, base64urlpad,
    /// base32, hex)
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) codec: Pipeline,
    /// Leave out the header that names the steps (unpack then needs
    /// --codec)
    #[arg(long)]
    pub(crate) raw: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring unpack`.
#[derive(Debug, Args)]
pub(crate) struct UnpackArgs {
    /// The steps the input was packed with; needed for input packed with
    /// --raw, optional (and then checked) for input with a header
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) codec: Option<Pipeline>,
    /// The most bytes any step may produce; more is an error, raised
    /// before more is written
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_OUTPUT)]
    pub(crate) max_output: u64,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `--codec SPEC` as a pipeline: a bad spec is a usage error naming the
/// byte where it goes wrong, caught before any input is read.
fn parse_spec(spec: &str) -> Result<Pipeline, String> {
    Pipeline::parse(spec).map_err(|e| e.to_string())
}

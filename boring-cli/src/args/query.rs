//! The arguments of `query`, a JSONPath query over the first item.

use clap::Args;

use super::InputArg;

/// `boring query`.
#[derive(Debug, Args)]
pub(crate) struct QueryArgs {
    /// Print each match's normalized path instead of its value
    #[arg(long)]
    pub(crate) paths: bool,
    /// The JSONPath query (RFC 9535), e.g. '$.books[?@.price < 10].title'
    #[arg(value_name = "PATH")]
    pub(crate) path: String,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

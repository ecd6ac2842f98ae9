//! The arguments of `query`, a JSONPath query over the first item.

use clap::Args;

use super::InputArg;

/// `boring query`.
#[derive(Debug, Args)]
pub(crate) struct QueryArgs {
    /// Print each match's normalized path instead of its value
    #[arg(long)]
    pub(crate) paths: bool,
    /// Stop a query after this many steps (nodes reached or selected,
    /// keys compared, bytes of values a filter reads, regex steps); by
    /// default 64 per byte of input, and at least a million
    #[arg(long, value_name = "N")]
    pub(crate) max_steps: Option<u64>,
    /// The JSONPath query (RFC 9535), e.g. '$.books[?@.price < 10].title'
    #[arg(value_name = "PATH")]
    pub(crate) path: String,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

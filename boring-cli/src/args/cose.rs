//! The arguments of `seal` and `open`, COSE encryption with a key file.

use std::path::PathBuf;

use clap::Args;

use super::{InputArg, OutputArgs};

/// `boring seal`.
#[derive(Debug, Args)]
pub(crate) struct SealArgs {
    /// The key: a JSON Web Key {"kty":"oct","k":BASE64URL}, with an
    /// optional "kid" and "alg"
    #[arg(long, value_name = "KEYFILE")]
    pub(crate) key: PathBuf,
    /// The key id written in the message (default: the key file's kid)
    #[arg(long, value_name = "ID")]
    pub(crate) kid: Option<String>,
    /// Write COSE_Encrypt with a fresh A256GCM content key wrapped for the
    /// key (A128KW/A192KW/A256KW by its length) instead of COSE_Encrypt0
    #[arg(long)]
    pub(crate) wrap: bool,
    /// External AAD (RFC 9052 external_aad): authenticated with the
    /// message but not written in it; TEXT as its UTF-8 bytes, or @FILE
    /// for a file's bytes
    #[arg(long, value_name = "TEXT|@FILE")]
    pub(crate) aad: Option<String>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

/// `boring open`.
#[derive(Debug, Args)]
pub(crate) struct OpenArgs {
    /// The key the message was sealed with (for a wrapped message, the
    /// key-encryption key), as a JSON Web Key
    #[arg(long, value_name = "KEYFILE")]
    pub(crate) key: PathBuf,
    /// The key's id: a message that names another key id (or none) is
    /// refused instead of tried
    #[arg(long, value_name = "ID")]
    pub(crate) kid: Option<String>,
    /// External AAD (RFC 9052 external_aad) the message was sealed with:
    /// TEXT as its UTF-8 bytes, or @FILE for a file's bytes
    #[arg(long, value_name = "TEXT|@FILE")]
    pub(crate) aad: Option<String>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) input: InputArg,
}

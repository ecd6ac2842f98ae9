//! The commands, grouped by what they write: text views of the input
//! ([`view`]), the `check` report ([`check`]), and CBOR bytes
//! ([`rewrite`]).

mod check;
mod codec;
mod cose;
mod json;
mod query;
mod rewrite;
mod view;

use std::io::{self, Write};

use boring::{Error, ErrorKind, Options, Profile, Reader, Value};
use clap::CommandFactory;

use crate::args::{Cli, Command, CompletionsArgs};
use crate::failure::Failure;

/// Runs one parsed command.
pub(crate) fn run(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Diag(args) => view::diag(args),
        Command::Dump(args) => view::dump(args),
        Command::Check(args) => check::check(args),
        Command::Reencode(args) => rewrite::reencode(args),
        Command::Get(args) => view::get(args),
        Command::Count(args) => view::count(args),
        Command::Items(args) => view::items(args),
        Command::Index(args) => rewrite::index(args),
        Command::Set(args) => rewrite::set(args),
        Command::FromDiag(args) => rewrite::from_diag(args),
        Command::Completions(args) => completions(args),
        Command::Seal(args) => cose::seal(args),
        Command::Open(args) => cose::open(args),
        Command::Pack(args) => codec::pack(args),
        Command::Unpack(args) => codec::unpack(args),
        Command::Json2cbor(args) => json::json2cbor(args),
        Command::Cbor2json(args) => json::cbor2json(args),
        Command::Query(args) => query::query(args),
        #[cfg(feature = "sql")]
        Command::Sql(command) => crate::sql::run(command),
    }
}

/// `boring completions SHELL`: the script that teaches SHELL this tool's
/// commands and options.
fn completions(args: &CompletionsArgs) -> Result<(), Failure> {
    // Into memory first: the generator panics on a write error, where a
    // closed pipe should be an ordinary failure.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "boring", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    Ok(out.flush()?)
}

/// `options`, checked against their profile before any input is read: a
/// switch the profile locks is a mistake on the command line, not in the
/// data.
pub(crate) fn validated(options: Options) -> Result<Options, Failure> {
    match options.resolve() {
        Ok(_) => Ok(options),
        Err(err) => {
            let why = match err.kind() {
                ErrorKind::InvalidOptions(why) => (*why).to_string(),
                other => other.to_string(),
            };
            Err(Failure::Usage(format!(
                "the options do not fit profile {}: {why}",
                options.profile().name()
            )))
        }
    }
}

/// The usage error for `what` (a command or an option) given a profile
/// with no single deterministic encoding; it lists the profiles that have
/// one.
pub(crate) fn needs_deterministic(what: &str, profile: Profile) -> Failure {
    let deterministic: Vec<&str> = Profile::ALL
        .iter()
        .filter(|p| p.is_deterministic())
        .map(|p| p.name())
        .collect();
    Failure::Usage(format!(
        "{what} needs a deterministic profile ({}), not {}",
        deterministic.join(", "),
        profile.name()
    ))
}

/// Decodes the items of `input` in order under `options`, handing each to
/// `each`, up to the first error: how many were handed over, and that
/// error.
pub(crate) fn decode_items(
    input: &[u8],
    options: &Options,
    mut each: impl FnMut(Value) -> Result<(), Error>,
) -> (usize, Option<Error>) {
    let mut r = match Reader::with_options(input, options) {
        Ok(r) => r,
        Err(e) => return (0, Some(e)),
    };
    let mut count = 0;
    while !r.is_at_end() {
        let decoded = boring::decode_document::<Value>(&mut r).and_then(&mut each);
        if let Err(e) = decoded {
            return (count, Some(e));
        }
        count += 1;
    }
    (count, None)
}

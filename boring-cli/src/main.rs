//! `boring`: look at, check and re-encode CBOR files.
//!
//! Every command reads one file (or standard input for `-`) holding one
//! CBOR item or a CBOR sequence (items back to back). Exit status: 0 on
//! success, 1 when the input (or its re-encoding) fails or a path does not
//! exist, 2 on usage errors (clap's own, and options that do not fit
//! together, found before any input is read), 3 when `items` meets a torn
//! tail.

mod args;
mod commands;
mod failure;
mod input;
mod output;
mod path;
#[cfg(feature = "sql")]
mod sql;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, InputArg};

fn main() -> ExitCode {
    // clap exits by itself: 2 on a usage error, 0 after --help/--version.
    let cli = Cli::parse();
    match commands::run(&cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let input = cli
                .command
                .input()
                .map(InputArg::display_name)
                .unwrap_or_default();
            eprintln!("error: {}", failure.message(&input));
            ExitCode::from(failure.exit_code())
        }
    }
}

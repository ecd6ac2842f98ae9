//! Writes the fuzz targets' seed corpora: `fuzz_seeds DIR` fills
//! `DIR/<target>/` with one file per seed input (see
//! `boring_tests::fuzz::seeds`). CI runs it before fuzzing, so no binary
//! corpus is kept in the repository.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: fuzz_seeds DIR");
        return ExitCode::FAILURE;
    };
    match boring_tests::fuzz::write_seeds(&dir) {
        Ok(n) => {
            println!("{n} seed inputs written under {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write seeds under {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

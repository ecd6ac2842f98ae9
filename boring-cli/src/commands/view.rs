//! Commands that show the input as text: `diag`, `dump`, `items`, `get`,
//! `count`.

use std::io::{self, Write};

use boring::diag::{self, DiagOptions};
use boring::nav::{Cursor, Indexed};
use boring::seq::{SeqEnd, SeqReader};
use boring::{Options, Profile, Reader};

use crate::args::{CountArgs, DiagArgs, GetArgs, InputArg};
use crate::failure::Failure;
use crate::{input, output, path};

/// `boring diag`: every item in diagnostic notation, one per line.
pub(crate) fn diag(args: &DiagArgs) -> Result<(), Failure> {
    let options = DiagOptions::new().indicators(!args.no_indicators);
    let input = input::read(&args.input)?;
    let mut r = Reader::new(&input);
    let mut out = io::stdout().lock();
    while !r.is_at_end() {
        let line = diag::diag_next(&mut r, &options)?;
        writeln!(out, "{line}")?;
    }
    Ok(out.flush()?)
}

/// `boring dump`: an annotated hex dump of every item.
pub(crate) fn dump(args: &InputArg) -> Result<(), Failure> {
    let input = input::read(args)?;
    let mut r = Reader::new(&input);
    let mut out = io::stdout().lock();
    while !r.is_at_end() {
        out.write_all(diag::dump_next(&mut r)?.as_bytes())?;
    }
    Ok(out.flush()?)
}

/// `boring items`: each item of a sequence, stopping at a torn tail.
pub(crate) fn items(args: &InputArg) -> Result<(), Failure> {
    let input = input::read(args)?;
    let mut reader = SeqReader::new(&input);
    let mut out = io::stdout().lock();
    for item in reader.by_ref() {
        writeln!(out, "{}", show(&item)?)?;
    }
    out.flush()?;
    match reader.end() {
        Some(SeqEnd::Torn { offset }) => Err(Failure::Torn(*offset)),
        Some(SeqEnd::Corrupt(e)) => Err(Failure::Data(e.clone())),
        _ => Ok(()),
    }
}

/// `boring get`: the item at a path, as text or (with `--raw`) its bytes.
pub(crate) fn get(args: &GetArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, args.raw)?;
    let input = input::read(&args.input)?;
    let indexed = Indexed::new(&input);
    let item = path::follow(indexed.root()?, &args.path)?;
    let bytes = if args.raw {
        item.bytes()?.to_vec()
    } else {
        format!("{}\n", show(&item)?).into_bytes()
    };
    destination.write(&bytes)
}

/// `boring count`: the number of elements or entries at a path.
pub(crate) fn count(args: &CountArgs) -> Result<(), Failure> {
    let input = input::read(&args.input)?;
    let indexed = Indexed::new(&input);
    let item = path::follow(indexed.root()?, &args.path)?;
    Ok(writeln!(io::stdout(), "{}", item.len()?)?)
}

/// An item in diagnostic notation: its own bytes when it has them and
/// they stand alone, else the value it stands for (a table row, an item
/// holding stringrefs resolved through the index).
fn show(item: &Cursor<'_>) -> Result<String, Failure> {
    if let Ok(bytes) = item.bytes() {
        if let Ok(text) = diag::diag(bytes) {
            return Ok(text);
        }
    }
    let value = item.to_value()?;
    let bytes = boring::to_vec_with(&value, &Options::from(Profile::Interop))?;
    Ok(diag::diag(&bytes)?)
}

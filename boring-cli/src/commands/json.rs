//! `json2cbor` and `cbor2json`: one document between JSON text and CBOR,
//! through `boring_json`. Like the other commands that write, each decides
//! where its output goes before it reads any input.

use boring::Options;

use crate::args::{Cbor2JsonArgs, Json2CborArgs};
use crate::commands::validated;
use crate::failure::Failure;
use crate::{input, output};

/// `boring json2cbor`: the JSON input as one CBOR item under `--profile`.
pub(crate) fn json2cbor(args: &Json2CborArgs) -> Result<(), Failure> {
    let options = validated(Options::from(args.profile.0))?;
    let destination = output::destination(&args.output, true)?;
    let json = input::read(&args.input)?;
    let cbor = boring_json::json_to_cbor(&json, &options).map_err(Failure::Json)?;
    destination.write(&cbor)
}

/// `boring cbor2json`: the one CBOR item of the input as JSON text, with a
/// final newline.
pub(crate) fn cbor2json(args: &Cbor2JsonArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, false)?;
    let cbor = input::read(&args.input)?;
    let mut json = boring_json::cbor_to_json(&cbor, &Options::default(), args.pretty)
        .map_err(Failure::Json)?;
    json.push('\n');
    destination.write(json.as_bytes())
}

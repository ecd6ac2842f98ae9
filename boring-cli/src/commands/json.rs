//! `json2cbor` and `cbor2json`: JSON text to one CBOR item, and a CBOR
//! sequence to JSON texts, through `boring_json`. Like the other commands
//! that write, each decides where its output goes before it reads any
//! input.

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

/// `boring cbor2json`: every item of the input (an RFC 8742 CBOR
/// sequence; a single item is a sequence of one) as JSON text followed by
/// a newline: JSON Lines when the items are not indented. An item cut
/// short at the end is an error with its offset, not dropped; nothing is
/// written unless every item converts.
pub(crate) fn cbor2json(args: &Cbor2JsonArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, false)?;
    let cbor = input::read(&args.input)?;
    let options = Options::default();
    let mut json = String::with_capacity(cbor.len() * 2);
    let mut at = 0;
    // Without --lines an empty input is no JSON text: the one item is
    // missing (truncated at offset 0), as for a single item.
    while at < cbor.len() || (at == 0 && !args.lines) {
        let (text, next) = boring_json::cbor_item_to_json(&cbor, at, &options, args.pretty)
            .map_err(Failure::Json)?;
        json.push_str(&text);
        json.push('\n');
        at = next;
    }
    destination.write(json.as_bytes())
}

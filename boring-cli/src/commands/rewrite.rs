//! Commands that write CBOR bytes: `reencode`, `index`, `set`,
//! `from-diag`. Each builds its whole output before writing any of it, so
//! a failure leaves no partial output behind.

use boring::index::{Frame, IndexOptions};
use boring::nav::Indexed;
use boring::seq::{SeqEnd, SeqReader, SeqWriter};
use boring::{Options, Value};

use crate::args::{FromDiagArgs, IndexArgs, ReencodeArgs, SetArgs};
use crate::commands::{decode_items, needs_deterministic, validated};
use crate::failure::Failure;
use crate::output::{self, Destination};
use crate::{input, path};

/// `boring reencode`: every item decoded and written again under a
/// profile.
pub(crate) fn reencode(args: &ReencodeArgs) -> Result<(), Failure> {
    // The flags switch extensions on; they never switch off what the
    // profile itself turns on (compact has both).
    let mut options = Options::from(args.profile.0);
    if args.shapes {
        options = options.shapes(true);
    }
    if args.columns {
        options = options.columns(true);
    }
    if args.scattered_shapes {
        options = options.scattered_shapes(true);
    }
    let options = validated(options)?;
    let destination = output::destination(&args.output, true)?;
    let input = input::read(&args.input)?;
    let mut encoded = Vec::new();
    let (_, error) = decode_items(&input, &Options::default(), |value| {
        encoded.extend_from_slice(&boring::to_vec_with(&value, &options)?);
        Ok(())
    });
    if let Some(error) = error {
        return Err(Failure::Data(error));
    }
    destination.write(&encoded)
}

/// `boring index`: the input sealed with an index frame.
pub(crate) fn index(args: &IndexArgs) -> Result<(), Failure> {
    let options = validated(Options::from(args.profile.0))?;
    let index = IndexOptions {
        stride: args.stride,
        index_min: args.index_min,
    };
    let destination = output::destination(&args.output, true)?;
    let input = input::read(&args.input)?;
    let sealed = if args.seq {
        seal_sequence(&input, &options, index)?
    } else {
        let data = Indexed::new(&input);
        let value: Value = data.root()?.decode()?;
        boring::index::encode_indexed(&value, &options, index)?
    };
    destination.write(&sealed)
}

/// The input's items (a final frame dropped) re-encoded under `options`
/// and written as a sealed sequence.
fn seal_sequence(input: &[u8], options: &Options, index: IndexOptions) -> Result<Vec<u8>, Failure> {
    let data = match Frame::find(input) {
        Some(frame) => &input[..frame.data_end as usize],
        None => input,
    };
    let mut writer = SeqWriter::new(Vec::new(), options)?.index(index);
    let mut reader = SeqReader::new(data);
    for item in reader.by_ref() {
        let value: Value = item.decode()?;
        writer.write(&value)?;
    }
    match reader.end() {
        Some(SeqEnd::Torn { offset }) => Err(Failure::Torn(*offset)),
        Some(SeqEnd::Corrupt(e)) => Err(Failure::Data(e.clone())),
        _ => Ok(writer.finish()?),
    }
}

/// `boring set`: the file with the value at a path replaced or added.
pub(crate) fn set(args: &SetArgs) -> Result<(), Failure> {
    let profile = args.profile.0;
    // Edits keep every byte they do not touch, which is only sound where
    // one encoding is the encoding.
    if !profile.is_deterministic() {
        return Err(needs_deterministic("set", profile));
    }
    let options = validated(Options::from(profile))?;
    let destination = if args.in_place {
        if args.input.is_stdin() {
            return Err(Failure::Usage(
                "--in-place needs a FILE, not standard input".into(),
            ));
        }
        Destination::File(args.input.file.clone())
    } else {
        output::destination(&args.output, true)?
    };
    let input = input::read(&args.input)?;
    let keys: Vec<_> = args.path.iter().map(path::Segment::key).collect();
    let edited = boring::edit::set(&input, &keys, &args.value, &options, args.frame.into())?;
    destination.write(&edited)
}

/// `boring from-diag`: diagnostic notation encoded.
pub(crate) fn from_diag(args: &FromDiagArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, true)?;
    let input = input::read(&args.input)?;
    let text = String::from_utf8(input).map_err(|_| Failure::NotText)?;
    let bytes = boring::diag::from_diag(&text)?;
    destination.write(&bytes)
}

//! `pack` and `unpack`: the input through a `boring_codec` pipeline. Like
//! the other commands that write bytes, each decides where its output goes
//! before it reads any input, and builds its whole output before writing
//! any of it.

use boring_codec::{header, Codec};

use crate::args::{PackArgs, UnpackArgs};
use crate::failure::Failure;
use crate::{input, output};

/// `boring pack`: the input encoded by the pipeline, after a header naming
/// it unless `--raw`.
pub(crate) fn pack(args: &PackArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, true)?;
    let input = input::read(&args.input)?;
    let mut codec = Codec::new(args.codec.clone()).with_header(!args.raw);
    let packed = codec.encode(&input).map_err(Failure::Codec)?;
    destination.write(&packed)
}

/// `boring unpack`: the input decoded by the pipeline its header names, or
/// by `--codec` (which a header, if there is one, must agree with).
pub(crate) fn unpack(args: &UnpackArgs) -> Result<(), Failure> {
    let destination = output::destination(&args.output, true)?;
    let input = input::read(&args.input)?;
    let codec = match &args.codec {
        Some(pipeline) => {
            let framed = header::read(&input).is_ok();
            Codec::new(pipeline.clone()).with_header(framed)
        }
        None => Codec::from_header(&input).map_err(Failure::Codec)?,
    };
    let mut codec = codec.with_max_output(args.max_output);
    let plain = codec.decode(&input).map_err(Failure::Codec)?;
    destination.write(&plain)
}

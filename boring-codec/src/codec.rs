//! The reusable context: a pipeline with its compressor contexts and
//! buffers, kept warm across messages.

use crate::engine::{Budget, Decoder, Encoder};
use crate::error::{Error, Result};
use crate::header::{self, Scan};
use crate::pipeline::{Pipeline, DEFAULT_MAX_OUTPUT};
use crate::step::Step;

/// A pipeline ready to run many times.
///
/// The first message through each direction creates the steps' library
/// contexts; later ones reuse them, and reuse the intermediate buffers, so
/// that [`Codec::encode_into`] and [`Codec::decode_into`] on a warm codec
/// allocate nothing once `out` and the scratch buffers have grown to the
/// size of a message, for every step (`tests/allocations.rs` counts).
/// gzip is decoded as raw DEFLATE with the member framing read here,
/// because flate2's zlib-rs backend rebuilds a gzip-mode inflate state on
/// every reset; a raw one it resets in place. A larger message than any
/// before still grows the buffers once, and the one-off
/// [`crate::Transform`] calls build a fresh context each time.
///
/// ```
/// use boring_codec::{Codec, Pipeline};
///
/// let mut codec = Codec::new(Pipeline::parse("zstd:3+crc32c")?).with_header(true);
/// let packed = codec.encode(b"hello hello hello hello")?;
/// assert_eq!(codec.decode(&packed)?, b"hello hello hello hello");
/// # Ok::<(), boring_codec::Error>(())
/// ```
#[derive(Debug)]
pub struct Codec {
    pipeline: Pipeline,
    header: bool,
    max_output: u64,
    encoders: Vec<Option<Encoder>>,
    decoders: Vec<Option<Decoder>>,
    scratch: [Vec<u8>; 2],
}

impl Codec {
    /// A codec for `pipeline`: raw output (no header), decoding bounded
    /// by [`DEFAULT_MAX_OUTPUT`].
    pub fn new(pipeline: Pipeline) -> Codec {
        let n = pipeline.steps().len();
        Codec {
            pipeline,
            header: false,
            max_output: DEFAULT_MAX_OUTPUT,
            encoders: (0..n).map(|_| None).collect(),
            decoders: (0..n).map(|_| None).collect(),
            scratch: [Vec::new(), Vec::new()],
        }
    }

    /// A codec for the chain the header at the start of `input` names,
    /// with headers on.
    pub fn from_header(input: &[u8]) -> Result<Codec> {
        let (pipeline, _) = header::read(input)?;
        Ok(Codec::new(pipeline).with_header(true))
    }

    /// Whether encoding writes, and decoding requires, the self-describing
    /// header (docs/WIRE.md, "Codec pipelines").
    pub fn with_header(mut self, header: bool) -> Codec {
        self.header = header;
        self
    }

    /// The most bytes any one step may produce when decoding; more is
    /// [`Error::OutputLimit`], raised before more than that is written.
    pub fn with_max_output(mut self, bytes: u64) -> Codec {
        self.max_output = bytes;
        self
    }

    /// The pipeline.
    pub fn pipeline(&self) -> &Pipeline {
        &self.pipeline
    }

    /// Whether the header is written and required.
    pub fn header(&self) -> bool {
        self.header
    }

    /// The bound on each decoding step's output.
    pub fn max_output(&self) -> u64 {
        self.max_output
    }

    /// The encoded form of `input`.
    pub fn encode(&mut self, input: &[u8]) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.encode_into(input, &mut out)?;
        Ok(out)
    }

    /// The decoded form of `input`.
    pub fn decode(&mut self, input: &[u8]) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.decode_into(input, &mut out)?;
        Ok(out)
    }

    /// Encodes `input` into `out`, replacing what it held (its capacity is
    /// reused).
    pub fn encode_into(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        out.clear();
        if self.header {
            header::write(&self.pipeline, out);
        }
        let Codec {
            pipeline,
            encoders,
            scratch,
            ..
        } = self;
        let steps = pipeline.steps();
        chain(steps.len(), input, out, scratch, |i, src, dst| {
            encoder(encoders, steps, i)?.encode_all(src, dst)
        })
    }

    /// Decodes `input` into `out`, replacing what it held. With headers on,
    /// `input` must start with one naming this pipeline's steps.
    pub fn decode_into(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        out.clear();
        let body = if self.header {
            match header::expect(input, &self.pipeline)? {
                Scan::Complete(len) => &input[len..],
                Scan::Incomplete => return Err(Error::Truncated { step: "header" }),
            }
        } else {
            input
        };
        let Codec {
            pipeline,
            decoders,
            scratch,
            max_output,
            ..
        } = self;
        let steps = pipeline.steps();
        let n = steps.len();
        chain(n, body, out, scratch, |i, src, dst| {
            let k = n - 1 - i;
            let mut budget = Budget::new(steps[k].name(), *max_output);
            decoder(decoders, steps, k)?.decode_all(src, dst, &mut budget)
        })
    }

    /// The encoder of step `i`, created on first use.
    pub(crate) fn encoder(&mut self, i: usize) -> Result<&mut Encoder> {
        encoder(&mut self.encoders, self.pipeline.steps(), i)
    }

    /// The decoder of step `i`, created on first use.
    pub(crate) fn decoder(&mut self, i: usize) -> Result<&mut Decoder> {
        decoder(&mut self.decoders, self.pipeline.steps(), i)
    }
}

/// The encoder in `slots[i]`, created for `steps[i]` on first use.
fn encoder<'a>(
    slots: &'a mut [Option<Encoder>],
    steps: &[Step],
    i: usize,
) -> Result<&'a mut Encoder> {
    let slot = &mut slots[i];
    Ok(match slot {
        Some(made) => made,
        None => slot.insert(Encoder::new(steps[i])?),
    })
}

/// The decoder in `slots[i]`, created for `steps[i]` on first use.
fn decoder<'a>(
    slots: &'a mut [Option<Decoder>],
    steps: &[Step],
    i: usize,
) -> Result<&'a mut Decoder> {
    let slot = &mut slots[i];
    Ok(match slot {
        Some(made) => made,
        None => slot.insert(Decoder::new(steps[i])?),
    })
}

/// Runs `n` stages, the first reading `input`, the last appending to
/// `out`, each in between writing one of the two scratch buffers and the
/// next reading it: stage `i` writes `scratch[i % 2]`.
fn chain(
    n: usize,
    input: &[u8],
    out: &mut Vec<u8>,
    scratch: &mut [Vec<u8>; 2],
    mut stage: impl FnMut(usize, &[u8], &mut Vec<u8>) -> Result<()>,
) -> Result<()> {
    let [even, odd] = scratch;
    for i in 0..n {
        let last = i + 1 == n;
        match (i, last) {
            (0, true) => stage(i, input, out)?,
            (0, false) => {
                even.clear();
                stage(i, input, even)?;
            }
            (_, true) if i % 2 == 1 => stage(i, even, out)?,
            (_, true) => stage(i, odd, out)?,
            _ if i % 2 == 1 => {
                odd.clear();
                stage(i, even, odd)?;
            }
            _ => {
                even.clear();
                stage(i, odd, even)?;
            }
        }
    }
    Ok(())
}

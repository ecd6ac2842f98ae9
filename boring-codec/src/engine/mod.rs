//! The per-step machinery: one reusable encoder and decoder per step, each
//! driven by pushing input and collecting output into a `Vec`.
//!
//! Encoders and decoders keep their library contexts between messages
//! (`begin` resets them instead of building new ones), which is what lets
//! a warm [`crate::Codec`] run without allocating.

mod crc;
mod flate;
mod gzip;
mod lz4f;
mod text;
pub(crate) mod zstd;

use crate::error::{Error, Result};
use crate::step::Step;

/// How much output a decoding step may still produce.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    /// The step, for the error.
    step: &'static str,
    /// The bound, in bytes.
    limit: u64,
    /// Bytes produced so far.
    used: u64,
}

impl Budget {
    /// A fresh budget of `limit` bytes for `step`.
    pub(crate) fn new(step: &'static str, limit: u64) -> Budget {
        Budget {
            step,
            limit,
            used: 0,
        }
    }

    /// Bytes that may still be produced, capped to what a `usize` holds.
    pub(crate) fn room(&self) -> usize {
        usize::try_from(self.limit - self.used).unwrap_or(usize::MAX)
    }

    /// Records `n` bytes produced; past the bound is an error.
    pub(crate) fn spend(&mut self, n: usize) -> Result<()> {
        self.used = self.used.saturating_add(n as u64);
        if self.used > self.limit {
            return Err(self.exceeded());
        }
        Ok(())
    }

    /// The error for output past the bound.
    pub(crate) fn exceeded(&self) -> Error {
        Error::OutputLimit {
            step: self.step,
            limit: self.limit,
        }
    }
}

/// How much output space a decompressor is offered per call: large enough
/// that calls are few, small enough that a bound is checked often.
pub(crate) const OUT_CHUNK: usize = 128 << 10;

/// The encoding side of one step.
#[derive(Debug)]
pub(crate) enum Encoder {
    /// zstd.
    Zstd(zstd::Encoder),
    /// LZ4 frames.
    Lz4(lz4f::Encoder),
    /// DEFLATE and gzip.
    Flate(flate::Encoder),
    /// CRC-32C.
    Crc(crc::Encoder),
    /// The text encodings.
    Text(text::Encoder),
}

impl Encoder {
    /// The encoder of `step`, its context created.
    pub(crate) fn new(step: Step) -> Result<Encoder> {
        Ok(match step {
            Step::Zstd { level } => Encoder::Zstd(zstd::Encoder::new(level)?),
            Step::Lz4 => Encoder::Lz4(lz4f::Encoder::new(0)?),
            Step::Lz4Hc { level } => Encoder::Lz4(lz4f::Encoder::new(level)?),
            Step::Deflate { level } => Encoder::Flate(flate::Encoder::new(level, false)),
            Step::Gzip { level } => Encoder::Flate(flate::Encoder::new(level, true)),
            Step::Crc32c => Encoder::Crc(crc::Encoder::default()),
            other => Encoder::Text(text::Encoder::new(text::Kind::of(other))),
        })
    }

    /// Starts a new message; output the format puts first goes to `out`.
    pub(crate) fn begin(&mut self, out: &mut Vec<u8>) -> Result<()> {
        match self {
            Encoder::Zstd(e) => e.begin(),
            Encoder::Lz4(e) => e.begin(out),
            Encoder::Flate(e) => {
                e.begin();
                Ok(())
            }
            Encoder::Crc(e) => {
                e.begin();
                Ok(())
            }
            Encoder::Text(e) => {
                e.begin();
                Ok(())
            }
        }
    }

    /// Encodes more of the message.
    pub(crate) fn update(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        match self {
            Encoder::Zstd(e) => e.update(input, out),
            Encoder::Lz4(e) => e.update(input, out),
            Encoder::Flate(e) => e.update(input, out),
            Encoder::Crc(e) => {
                e.update(input, out);
                Ok(())
            }
            Encoder::Text(e) => {
                e.update(input, out);
                Ok(())
            }
        }
    }

    /// Ends the message.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<()> {
        match self {
            Encoder::Zstd(e) => e.finish(out),
            Encoder::Lz4(e) => e.finish(out),
            Encoder::Flate(e) => e.finish(out),
            Encoder::Crc(e) => {
                e.finish(out);
                Ok(())
            }
            Encoder::Text(e) => {
                e.finish(out);
                Ok(())
            }
        }
    }

    /// A whole message at once, appended to `out`.
    pub(crate) fn encode_all(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        match self {
            // One call with the whole input records its size in the frame.
            Encoder::Zstd(e) => e.encode_all(input, out),
            Encoder::Flate(e) => e.encode_all(input, out),
            _ => {
                self.begin(out)?;
                self.update(input, out)?;
                self.finish(out)
            }
        }
    }
}

/// The decoding side of one step.
#[derive(Debug)]
pub(crate) enum Decoder {
    /// zstd.
    Zstd(zstd::Decoder),
    /// LZ4 frames.
    Lz4(lz4f::Decoder),
    /// DEFLATE and gzip.
    Flate(flate::Decoder),
    /// CRC-32C.
    Crc(crc::Decoder),
    /// The text encodings.
    Text(text::Decoder),
}

impl Decoder {
    /// The decoder of `step`, its context created.
    pub(crate) fn new(step: Step) -> Result<Decoder> {
        Ok(match step {
            Step::Zstd { .. } => Decoder::Zstd(zstd::Decoder::new()?),
            Step::Lz4 | Step::Lz4Hc { .. } => Decoder::Lz4(lz4f::Decoder::new()?),
            Step::Deflate { .. } => Decoder::Flate(flate::Decoder::new(false)),
            Step::Gzip { .. } => Decoder::Flate(flate::Decoder::new(true)),
            Step::Crc32c => Decoder::Crc(crc::Decoder::default()),
            other => Decoder::Text(text::Decoder::new(text::Kind::of(other))),
        })
    }

    /// Starts a new message.
    pub(crate) fn begin(&mut self) -> Result<()> {
        match self {
            Decoder::Zstd(d) => d.begin(),
            Decoder::Lz4(d) => {
                d.begin();
                Ok(())
            }
            Decoder::Flate(d) => {
                d.begin();
                Ok(())
            }
            Decoder::Crc(d) => {
                d.begin();
                Ok(())
            }
            Decoder::Text(d) => {
                d.begin();
                Ok(())
            }
        }
    }

    /// Decodes more of the message, within `budget`.
    pub(crate) fn update(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        match self {
            Decoder::Zstd(d) => d.update(input, out, budget),
            Decoder::Lz4(d) => d.update(input, out, budget),
            Decoder::Flate(d) => d.update(input, out, budget),
            Decoder::Crc(d) => d.update(input, out, budget),
            Decoder::Text(d) => d.update(input, out, budget),
        }
    }

    /// Ends the message: input that stops short is an error here.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>, budget: &mut Budget) -> Result<()> {
        match self {
            Decoder::Zstd(d) => d.finish(),
            Decoder::Lz4(d) => d.finish(),
            Decoder::Flate(d) => d.finish(),
            Decoder::Crc(d) => d.finish(),
            Decoder::Text(d) => d.finish(out, budget),
        }
    }

    /// A whole message at once, appended to `out`.
    pub(crate) fn decode_all(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        match self {
            Decoder::Zstd(d) => d.decode_all(input, out, budget),
            _ => {
                self.begin()?;
                self.update(input, out, budget)?;
                self.finish(out, budget)
            }
        }
    }
}

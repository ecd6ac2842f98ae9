//! Raw DEFLATE and gzip through `flate2`'s reusable `Compress` and
//! `Decompress` objects (the zlib-rs backend).

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use super::{Budget, OUT_CHUNK};
use crate::error::{Error, Result};

/// The window flate2 asks for gzip: the largest, as `gzip` uses.
const WINDOW_BITS: u8 = 15;

/// The step's name.
fn name(gzip: bool) -> &'static str {
    if gzip {
        "gzip"
    } else {
        "deflate"
    }
}

/// A DEFLATE or gzip compressor.
pub(crate) struct Encoder {
    c: Compress,
    gzip: bool,
}

impl std::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.gzip {
            "gzip::Encoder"
        } else {
            "deflate::Encoder"
        })
    }
}

impl Encoder {
    /// A compressor at `level`: gzip members, or raw DEFLATE.
    pub(crate) fn new(level: u8, gzip: bool) -> Encoder {
        let level = Compression::new(u32::from(level));
        let c = if gzip {
            Compress::new_gzip(level, WINDOW_BITS)
        } else {
            Compress::new(level, false)
        };
        Encoder { c, gzip }
    }

    /// Starts a new stream (and, for gzip, a new header).
    pub(crate) fn begin(&mut self) {
        self.c.reset();
    }

    /// Runs the compressor over `input` with `flush` until it has taken
    /// everything and, when finishing, written the end of the stream.
    fn run(&mut self, input: &[u8], out: &mut Vec<u8>, flush: FlushCompress) -> Result<()> {
        let finishing = flush == FlushCompress::Finish;
        let mut taken = 0;
        loop {
            // Deflate rarely grows data by more than a few bytes per block;
            // half the input plus a margin is room for most calls.
            out.reserve((input.len() - taken) / 2 + 64);
            let before = self.c.total_in();
            let status = self
                .c
                .compress_vec(&input[taken..], out, flush)
                .map_err(|e| Error::Library {
                    step: name(self.gzip),
                    detail: e.to_string(),
                })?;
            taken += (self.c.total_in() - before) as usize;
            let done = if finishing {
                status == Status::StreamEnd
            } else {
                taken == input.len()
            };
            if done {
                return Ok(());
            }
        }
    }

    /// Compresses more of the stream.
    pub(crate) fn update(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        if input.is_empty() {
            return Ok(());
        }
        self.run(input, out, FlushCompress::None)
    }

    /// Ends the stream.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<()> {
        self.run(&[], out, FlushCompress::Finish)
    }
}

/// A DEFLATE or gzip decompressor.
pub(crate) struct Decoder {
    d: Decompress,
    gzip: bool,
    /// The current stream (member) has ended.
    ended: bool,
    /// Input taken since the last end, so the next member has started.
    started: bool,
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(if self.gzip {
            "gzip::Decoder"
        } else {
            "deflate::Decoder"
        })
        .field("ended", &self.ended)
        .finish()
    }
}

impl Decoder {
    /// A decompressor of gzip members, or of raw DEFLATE.
    pub(crate) fn new(gzip: bool) -> Decoder {
        let d = if gzip {
            Decompress::new_gzip(WINDOW_BITS)
        } else {
            Decompress::new(false)
        };
        Decoder {
            d,
            gzip,
            ended: false,
            started: false,
        }
    }

    /// Starts a new stream.
    pub(crate) fn begin(&mut self) {
        // `true` keeps the gzip wrapper of a gzip decoder; a raw decoder
        // stays raw with `false`.
        self.d.reset(self.gzip);
        self.ended = false;
        self.started = false;
    }

    /// Decompresses more input, never writing past `budget`. gzip members
    /// may follow each other, as `gzip -d` allows; raw DEFLATE ends once.
    pub(crate) fn update(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        let step = name(self.gzip);
        let mut taken = 0;
        while taken < input.len() || (self.started && !self.ended) {
            if self.ended {
                if !self.gzip {
                    return Err(Error::TrailingData {
                        step,
                        count: (input.len() - taken) as u64,
                    });
                }
                self.d.reset(true);
                self.ended = false;
            }
            self.started = true;
            let room = budget.room();
            let want = ((input.len() - taken).saturating_mul(4))
                .clamp(4096, OUT_CHUNK)
                .min(room);
            let before = out.len();
            out.reserve(want);
            let (in_before, out_before) = (self.d.total_in(), self.d.total_out());
            let spare = out.capacity() - before;
            let (status, window) = if room > 0 && spare <= room {
                // All the spare capacity is within the bound: the library
                // may fill it directly.
                let status = self
                    .d
                    .decompress_vec(&input[taken..], out, FlushDecompress::None);
                (status, spare)
            } else {
                // More capacity than the bound allows (or the bound
                // reached, where a one-byte probe tells whether the stream
                // has more): a window of exactly that many bytes,
                // zero-filled because flate2 writes only to initialized
                // bytes there.
                let window = want.max(1);
                out.resize(before + window, 0);
                let status =
                    self.d
                        .decompress(&input[taken..], &mut out[before..], FlushDecompress::None);
                let wrote = (self.d.total_out() - out_before) as usize;
                out.truncate(before + wrote);
                (status, window)
            };
            let took = (self.d.total_in() - in_before) as usize;
            let wrote = (self.d.total_out() - out_before) as usize;
            let status = status.map_err(|e| Error::corrupt(step, e))?;
            taken += took;
            if room == 0 && wrote > 0 {
                return Err(budget.exceeded());
            }
            budget.spend(wrote)?;
            if status == Status::StreamEnd {
                self.ended = true;
                continue;
            }
            // No progress with output room left: the library needs input.
            if took == 0 && wrote < window {
                break;
            }
        }
        Ok(())
    }

    /// Ends the message: a stream cut short, or none at all, is truncated.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if !self.ended {
            return Err(Error::Truncated {
                step: name(self.gzip),
            });
        }
        Ok(())
    }
}

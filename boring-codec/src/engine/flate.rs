//! Raw DEFLATE and gzip through `flate2`'s reusable `Compress` and
//! `Decompress` objects (the zlib-rs backend).

use flate2::{Compress, Compression, Crc, Decompress, FlushCompress, FlushDecompress, Status};

use super::{gzip, Budget, OUT_CHUNK};
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

    /// A whole message in one finishing call: the call a user of flate2
    /// with the message in hand makes (instead of a `None` pass and then a
    /// `Finish` pass, which executes as many instructions give or take
    /// 0.1 %).
    pub(crate) fn encode_all(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<()> {
        self.c.reset();
        self.run(input, out, FlushCompress::Finish)
    }
}

/// Where a decompressor is in its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Reading a gzip member's header.
    Header,
    /// Inflating the DEFLATE stream.
    Body,
    /// Reading a gzip member's trailer, this many bytes of it so far.
    Trailer(usize),
    /// The stream (or member) has ended.
    Ended,
}

/// A DEFLATE or gzip decompressor.
///
/// Both inflate raw DEFLATE; gzip's member framing is read here
/// ([`gzip`]), so a reset never rebuilds the inflate state.
pub(crate) struct Decoder {
    d: Decompress,
    gzip: bool,
    phase: Phase,
    header: gzip::Header,
    /// The CRC-32 and length of the member's data, for its trailer.
    crc: Crc,
    trailer: [u8; gzip::TRAILER],
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(if self.gzip {
            "gzip::Decoder"
        } else {
            "deflate::Decoder"
        })
        .field("phase", &self.phase)
        .finish()
    }
}

impl Decoder {
    /// A decompressor of gzip members, or of raw DEFLATE.
    pub(crate) fn new(gzip: bool) -> Decoder {
        Decoder {
            d: Decompress::new(false),
            gzip,
            phase: Decoder::first(gzip),
            header: gzip::Header::new(),
            crc: Crc::new(),
            trailer: [0; gzip::TRAILER],
        }
    }

    /// Where a stream starts: at a member's header, or in raw DEFLATE.
    fn first(gzip: bool) -> Phase {
        if gzip {
            Phase::Header
        } else {
            Phase::Body
        }
    }

    /// Starts a new stream.
    pub(crate) fn begin(&mut self) {
        self.next_member();
    }

    /// Readies the state for a stream (or the next gzip member): a raw
    /// inflate state is reset in place, without allocating.
    fn next_member(&mut self) {
        self.d.reset(false);
        self.phase = Decoder::first(self.gzip);
        self.header.reset();
        self.crc.reset();
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
        loop {
            let rest = &input[taken..];
            match self.phase {
                Phase::Ended => {
                    if rest.is_empty() {
                        return Ok(());
                    }
                    if !self.gzip {
                        return Err(Error::TrailingData {
                            step,
                            count: rest.len() as u64,
                        });
                    }
                    self.next_member();
                }
                Phase::Header => {
                    if rest.is_empty() {
                        return Ok(());
                    }
                    taken += self.header.feed(rest)?;
                    if self.header.done() {
                        self.phase = Phase::Body;
                    }
                }
                Phase::Trailer(have) => {
                    if rest.is_empty() {
                        return Ok(());
                    }
                    let n = rest.len().min(gzip::TRAILER - have);
                    self.trailer[have..have + n].copy_from_slice(&rest[..n]);
                    taken += n;
                    self.phase = Phase::Trailer(have + n);
                    if have + n == gzip::TRAILER {
                        gzip::check_trailer(&self.trailer, &self.crc)?;
                        self.phase = Phase::Ended;
                    }
                }
                Phase::Body => {
                    let (took, progress) = self.inflate(rest, out, budget)?;
                    taken += took;
                    if !progress {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// One inflate call over `input` within `budget`: the input it took,
    /// and whether calling again may make progress.
    fn inflate(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<(usize, bool)> {
        let step = name(self.gzip);
        let room = budget.room();
        let want = (input.len().saturating_mul(4))
            .clamp(4096, OUT_CHUNK)
            .min(room);
        let before = out.len();
        out.reserve(want);
        let (in_before, out_before) = (self.d.total_in(), self.d.total_out());
        let spare = out.capacity() - before;
        let (status, window) = if room > 0 && spare <= room {
            // All the spare capacity is within the bound: the library may
            // fill it directly.
            let status = self.d.decompress_vec(input, out, FlushDecompress::None);
            (status, spare)
        } else {
            // More capacity than the bound allows (or the bound reached,
            // where a one-byte probe tells whether the stream has more): a
            // window of exactly that many bytes, zero-filled because
            // flate2 writes only to initialized bytes there.
            let window = want.max(1);
            out.resize(before + window, 0);
            let status = self
                .d
                .decompress(input, &mut out[before..], FlushDecompress::None);
            let wrote = (self.d.total_out() - out_before) as usize;
            out.truncate(before + wrote);
            (status, window)
        };
        let took = (self.d.total_in() - in_before) as usize;
        let wrote = (self.d.total_out() - out_before) as usize;
        let status = status.map_err(|e| Error::corrupt(step, e))?;
        if room == 0 && wrote > 0 {
            return Err(budget.exceeded());
        }
        budget.spend(wrote)?;
        if self.gzip {
            self.crc.update(&out[before..before + wrote]);
        }
        if status == Status::StreamEnd {
            self.phase = if self.gzip {
                Phase::Trailer(0)
            } else {
                Phase::Ended
            };
            return Ok((took, true));
        }
        // No progress with output room left: the library needs input.
        Ok((took, took > 0 || wrote == window))
    }

    /// Ends the message: a stream cut short, or none at all, is truncated.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.phase != Phase::Ended {
            return Err(Error::Truncated {
                step: name(self.gzip),
            });
        }
        Ok(())
    }
}

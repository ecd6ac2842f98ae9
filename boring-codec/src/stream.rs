//! `io::Read` and `io::Write` adapters over a [`Codec`], in either
//! direction: data is pushed through every step as it arrives, so memory
//! stays bounded by a chunk and what the steps hold (and, decoding, by the
//! codec's output bound per step).
//!
//! Errors of the pipeline travel inside `io::Error` (kind `InvalidData`);
//! [`Error::from_io`] recovers them.

use std::io::{self, Read, Write};

use crate::codec::Codec;
use crate::engine::Budget;
use crate::error::{Error, Result};
use crate::header::{self, Scan};

/// Which way data goes through the pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Plain bytes in, encoded bytes out.
    Encode,
    /// Encoded bytes in, plain bytes out.
    Decode,
}

/// How much a reader asks of its source at a time.
const CHUNK: usize = 64 << 10;

/// Where the header stands.
#[derive(Debug)]
enum Lead {
    /// Nothing to write or read.
    Done,
    /// To be written in front of the first output.
    Write,
    /// Being read: the input so far.
    Read(Vec<u8>),
}

/// The steps of a codec run incrementally, one buffer per step.
#[derive(Debug)]
struct Chain {
    codec: Codec,
    direction: Direction,
    bufs: Vec<Vec<u8>>,
    budgets: Vec<Budget>,
    lead: Lead,
    started: bool,
}

impl Chain {
    fn new(codec: Codec, direction: Direction) -> Chain {
        let steps = codec.pipeline().steps();
        let budgets = steps
            .iter()
            .rev()
            .map(|s| Budget::new(s.name(), codec.max_output()))
            .collect();
        let lead = match (codec.header(), direction) {
            (false, _) => Lead::Done,
            (true, Direction::Encode) => Lead::Write,
            (true, Direction::Decode) => Lead::Read(Vec::new()),
        };
        Chain {
            bufs: vec![Vec::new(); steps.len()],
            codec,
            direction,
            budgets,
            lead,
            started: false,
        }
    }

    /// What the last push or finish produced.
    fn output(&self) -> &[u8] {
        self.bufs.last().map_or(&[], Vec::as_slice)
    }

    /// Pushes `input` through every step; `finishing` ends the message.
    fn push(&mut self, input: &[u8], finishing: bool) -> Result<()> {
        if let Lead::Read(seen) = &mut self.lead {
            seen.extend_from_slice(input);
            match header::expect(seen, self.codec.pipeline())? {
                Scan::Complete(len) => {
                    let seen = std::mem::take(seen);
                    self.lead = Lead::Done;
                    return self.run(&seen[len..], finishing);
                }
                Scan::Incomplete if finishing => return Err(Error::Truncated { step: "header" }),
                Scan::Incomplete => {
                    self.bufs.iter_mut().for_each(Vec::clear);
                    return Ok(());
                }
            }
        }
        self.run(input, finishing)
    }

    fn run(&mut self, input: &[u8], finishing: bool) -> Result<()> {
        let n = self.bufs.len();
        let first = !self.started;
        self.started = true;
        for i in 0..n {
            let (done, rest) = self.bufs.split_at_mut(i);
            let dst = &mut rest[0];
            dst.clear();
            let src: &[u8] = if i == 0 { input } else { &done[i - 1] };
            match self.direction {
                Direction::Encode => {
                    if i + 1 == n && matches!(self.lead, Lead::Write) {
                        header::write(self.codec.pipeline(), dst);
                        self.lead = Lead::Done;
                    }
                    let encoder = self.codec.encoder(i)?;
                    if first {
                        encoder.begin(dst)?;
                    }
                    encoder.update(src, dst)?;
                    if finishing {
                        encoder.finish(dst)?;
                    }
                }
                Direction::Decode => {
                    let decoder = self.codec.decoder(n - 1 - i)?;
                    let budget = &mut self.budgets[i];
                    if first {
                        decoder.begin()?;
                    }
                    decoder.update(src, dst, budget)?;
                    if finishing {
                        decoder.finish(dst, budget)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Writes through a pipeline: bytes written to it go through the codec,
/// in its [`Direction`], to the inner writer.
///
/// Call [`CodecWriter::finish`] at the end: it writes the steps' last bytes
/// (and, decoding, checks that the input was whole). Dropped without it,
/// the output is incomplete.
#[derive(Debug)]
pub struct CodecWriter<W: Write> {
    chain: Chain,
    inner: W,
}

impl<W: Write> CodecWriter<W> {
    /// A writer that runs `codec` in `direction` into `inner`.
    pub fn new(codec: Codec, direction: Direction, inner: W) -> CodecWriter<W> {
        CodecWriter {
            chain: Chain::new(codec, direction),
            inner,
        }
    }

    /// Ends the message and hands back the writer and the codec (still
    /// warm, for the next message).
    pub fn finish(mut self) -> Result<(W, Codec)> {
        self.chain.push(&[], true)?;
        self.inner.write_all(self.chain.output())?;
        self.inner.flush()?;
        Ok((self.inner, self.chain.codec))
    }
}

impl<W: Write> Write for CodecWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.chain.push(buf, false)?;
        self.inner.write_all(self.chain.output())?;
        Ok(buf.len())
    }

    /// Flushes the inner writer; what a compressor still holds stays there
    /// until [`CodecWriter::finish`].
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Reads through a pipeline: bytes read from it are the inner reader's,
/// through the codec in its [`Direction`].
#[derive(Debug)]
pub struct CodecReader<R: Read> {
    chain: Chain,
    inner: R,
    chunk: Vec<u8>,
    /// How much of the chain's output was already read.
    pos: usize,
    ended: bool,
}

impl<R: Read> CodecReader<R> {
    /// A reader that runs `codec` in `direction` over `inner`.
    pub fn new(codec: Codec, direction: Direction, inner: R) -> CodecReader<R> {
        CodecReader {
            chain: Chain::new(codec, direction),
            inner,
            chunk: Vec::new(),
            pos: 0,
            ended: false,
        }
    }

    /// A decoding reader for input that starts with a header: the header
    /// is read first, and names the pipeline.
    pub fn from_header(mut inner: R, max_output: u64) -> Result<CodecReader<R>> {
        let mut seen = Vec::new();
        let mut byte = [0u8; 1];
        // Byte by byte, so that nothing after the header is taken from
        // `inner`; a header is at most a few hundred bytes.
        loop {
            match header::scan(&seen, |_| Ok(()))? {
                Scan::Complete(_) => break,
                Scan::Incomplete => {
                    if inner.read(&mut byte)? == 0 {
                        return Err(Error::Truncated { step: "header" });
                    }
                    seen.push(byte[0]);
                }
            }
        }
        let codec = Codec::from_header(&seen)?.with_max_output(max_output);
        let mut reader = CodecReader::new(codec, Direction::Decode, inner);
        reader.chain.push(&seen, false)?;
        Ok(reader)
    }

    /// The inner reader and the codec.
    pub fn into_inner(self) -> (R, Codec) {
        (self.inner, self.chain.codec)
    }
}

impl<R: Read> Read for CodecReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let out = self.chain.output();
            if self.pos < out.len() {
                let n = buf.len().min(out.len() - self.pos);
                buf[..n].copy_from_slice(&out[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            if self.ended || buf.is_empty() {
                return Ok(0);
            }
            self.pos = 0;
            self.chunk.resize(CHUNK, 0);
            let n = loop {
                match self.inner.read(&mut self.chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other?,
                }
            };
            if n == 0 {
                self.ended = true;
                self.chain.push(&[], true)?;
            } else {
                let chunk = std::mem::take(&mut self.chunk);
                let pushed = self.chain.push(&chunk[..n], false);
                self.chunk = chunk;
                pushed?;
            }
        }
    }
}

impl Codec {
    /// This codec as a writer in `direction` into `inner`.
    pub fn writer<W: Write>(self, direction: Direction, inner: W) -> CodecWriter<W> {
        CodecWriter::new(self, direction, inner)
    }

    /// This codec as a reader in `direction` over `inner`.
    pub fn reader<R: Read>(self, direction: Direction, inner: R) -> CodecReader<R> {
        CodecReader::new(self, direction, inner)
    }
}

impl Error {
    /// The [`Error`] inside an `io::Error` from one of this module's
    /// adapters, or the `io::Error` itself as [`Error::Io`].
    pub fn from_io(err: io::Error) -> Error {
        if !err.get_ref().is_some_and(|inner| inner.is::<Error>()) {
            return Error::Io(err);
        }
        match err.into_inner().map(|inner| inner.downcast::<Error>()) {
            Some(Ok(codec)) => *codec,
            // Checked just above; kept total rather than unwrapped.
            _ => Error::Io(io::Error::other(
                "an adapter error that could not be recovered",
            )),
        }
    }
}

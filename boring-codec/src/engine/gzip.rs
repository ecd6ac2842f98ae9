//! The gzip member framing (RFC 1952) around a raw DEFLATE stream: the
//! header read incrementally, the trailer's CRC-32 and length checked.
//!
//! Reading the framing here, rather than through zlib's gzip mode, lets
//! the decoder reuse a raw inflate state between messages: flate2's
//! zlib-rs backend rebuilds (and so allocates) a gzip-mode state on every
//! reset, and resets a raw one in place.

use flate2::Crc;

use crate::error::{Error, Result};

/// `ID1 ID2`: the first two bytes of every member.
const MAGIC: [u8; 2] = [0x1F, 0x8B];

/// `CM`: the only compression method defined, DEFLATE.
const DEFLATE: u8 = 8;

/// The `FLG` bits.
const FHCRC: u8 = 0x02;
const FEXTRA: u8 = 0x04;
const FNAME: u8 = 0x08;
const FCOMMENT: u8 = 0x10;
const RESERVED: u8 = 0xE0;

/// The fixed part of a header: magic, method, flags, time, extra flags, OS.
const FIXED: usize = 10;

/// The trailer: CRC-32 and length modulo 2^32, both little-endian.
pub(crate) const TRAILER: usize = 8;

/// Where a header read has got to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The ten fixed bytes.
    Fixed,
    /// The two-byte length of the extra field.
    ExtraLen,
    /// The extra field, this many bytes still to skip.
    Extra(u16),
    /// The zero-terminated file name.
    Name,
    /// The zero-terminated comment.
    Comment,
    /// The two-byte header CRC.
    HeaderCrc,
    /// The whole header has been read.
    Done,
}

/// Reads one member's header from input that may arrive in pieces.
#[derive(Debug)]
pub(crate) struct Header {
    part: Part,
    flags: u8,
    /// The bytes of a fixed-size part read so far.
    buf: [u8; FIXED],
    have: usize,
    /// Bytes of the member read so far, for error offsets.
    read: u64,
    /// The CRC-32 of the header bytes read, for `FHCRC`.
    crc: Crc,
}

impl Header {
    /// A reader waiting for a member's first byte.
    pub(crate) fn new() -> Header {
        Header {
            part: Part::Fixed,
            flags: 0,
            buf: [0; FIXED],
            have: 0,
            read: 0,
            crc: Crc::new(),
        }
    }

    /// Starts over for the next member.
    pub(crate) fn reset(&mut self) {
        self.part = Part::Fixed;
        self.flags = 0;
        self.have = 0;
        self.read = 0;
        self.crc.reset();
    }

    /// Whether the whole header has been read.
    pub(crate) fn done(&self) -> bool {
        self.part == Part::Done
    }

    /// Reads header bytes from `input`; how many it took (all of them
    /// unless the header ended within).
    pub(crate) fn feed(&mut self, input: &[u8]) -> Result<usize> {
        let mut taken = 0;
        while taken < input.len() && self.part != Part::Done {
            let rest = &input[taken..];
            let used = match self.part {
                Part::Fixed => self.fill(rest, FIXED),
                Part::ExtraLen | Part::HeaderCrc => self.fill(rest, 2),
                Part::Extra(left) => {
                    let n = rest.len().min(usize::from(left));
                    self.part = Part::Extra(left - n as u16);
                    n
                }
                Part::Name | Part::Comment => match rest.iter().position(|&b| b == 0) {
                    Some(zero) => {
                        self.have = 1;
                        zero + 1
                    }
                    None => rest.len(),
                },
                Part::Done => 0,
            };
            if self.part != Part::HeaderCrc {
                self.crc.update(&rest[..used]);
            }
            taken += used;
            self.read += used as u64;
            self.advance()?;
        }
        Ok(taken)
    }

    /// Copies up to `want` bytes of a fixed-size part into `buf`.
    fn fill(&mut self, rest: &[u8], want: usize) -> usize {
        let n = rest.len().min(want - self.have);
        self.buf[self.have..self.have + n].copy_from_slice(&rest[..n]);
        self.have += n;
        n
    }

    /// Moves past the current part once it is complete.
    fn advance(&mut self) -> Result<()> {
        let complete = match self.part {
            Part::Fixed => self.have == FIXED,
            Part::ExtraLen | Part::HeaderCrc => self.have == 2,
            Part::Extra(left) => left == 0,
            // `have` is set to 1 when the terminating zero was seen.
            Part::Name | Part::Comment => self.have == 1,
            Part::Done => false,
        };
        if !complete {
            return Ok(());
        }
        let finished = self.part;
        self.have = 0;
        match finished {
            Part::Fixed => {
                if self.buf[..2] != MAGIC {
                    return Err(self.bad(0, "not a gzip member (no 1f 8b magic)".into()));
                }
                if self.buf[2] != DEFLATE {
                    let method = self.buf[2];
                    return Err(self.bad(2, format!("compression method {method}, not DEFLATE")));
                }
                self.flags = self.buf[3];
                if self.flags & RESERVED != 0 {
                    let flags = self.flags;
                    return Err(self.bad(3, format!("reserved flag bits set: {flags:#04x}")));
                }
                self.part = self.after(FEXTRA);
            }
            Part::ExtraLen => {
                let len = u16::from_le_bytes([self.buf[0], self.buf[1]]);
                self.part = if len == 0 {
                    self.after(FNAME)
                } else {
                    Part::Extra(len)
                };
            }
            Part::Extra(_) => self.part = self.after(FNAME),
            Part::Name => self.part = self.after(FCOMMENT),
            Part::Comment => self.part = self.after(FHCRC),
            Part::HeaderCrc => {
                let stored = u16::from_le_bytes([self.buf[0], self.buf[1]]);
                let computed = self.crc.sum() as u16;
                if stored != computed {
                    return Err(self.bad(
                        self.read - 2,
                        format!("header CRC {stored:#06x}, computed {computed:#06x}"),
                    ));
                }
                self.part = Part::Done;
            }
            Part::Done => {}
        }
        Ok(())
    }

    /// The first optional part from `flag` on that the flags call for.
    fn after(&self, flag: u8) -> Part {
        let order = [
            (FEXTRA, Part::ExtraLen),
            (FNAME, Part::Name),
            (FCOMMENT, Part::Comment),
            (FHCRC, Part::HeaderCrc),
        ];
        order
            .iter()
            .skip_while(|(f, _)| *f != flag)
            .find(|(f, _)| self.flags & f != 0)
            .map_or(Part::Done, |(_, part)| *part)
    }

    /// A header error at byte `at` of the member.
    fn bad(&self, at: u64, detail: String) -> Error {
        Error::corrupt("gzip", format_args!("{detail} at byte {at} of the member"))
    }
}

/// Checks a member's trailer against the CRC-32 and length of what was
/// inflated.
pub(crate) fn check_trailer(trailer: &[u8; TRAILER], data: &Crc) -> Result<()> {
    let stored = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let len = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]);
    if stored != data.sum() {
        return Err(Error::corrupt(
            "gzip",
            format_args!(
                "CRC-32 mismatch: stored {stored:#010x}, computed {:#010x}",
                data.sum()
            ),
        ));
    }
    if len != data.amount() {
        return Err(Error::corrupt(
            "gzip",
            format_args!(
                "length mismatch: stored {len}, inflated {} (mod 2^32)",
                data.amount()
            ),
        ));
    }
    Ok(())
}

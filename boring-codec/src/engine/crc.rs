//! CRC-32C (Castagnoli, `crc32c`): the checksum appended on encode, checked
//! and removed on decode.

use super::Budget;
use crate::error::{Error, Result};

/// The bytes appended.
const LEN: usize = 4;

/// Passes data through and appends its CRC-32C, big-endian.
#[derive(Debug, Default)]
pub(crate) struct Encoder {
    crc: u32,
}

impl Encoder {
    /// Starts a new message.
    pub(crate) fn begin(&mut self) {
        self.crc = 0;
    }

    /// Copies `input` and folds it into the checksum.
    pub(crate) fn update(&mut self, input: &[u8], out: &mut Vec<u8>) {
        self.crc = crc32c::crc32c_append(self.crc, input);
        out.extend_from_slice(input);
    }

    /// Appends the checksum.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.crc.to_be_bytes());
    }
}

/// Passes data through, holding back the last four bytes, which at the end
/// must be the CRC-32C of everything before them.
#[derive(Debug, Default)]
pub(crate) struct Decoder {
    crc: u32,
    /// The last bytes seen, which may be the checksum.
    tail: [u8; LEN],
    /// How many of `tail` are filled (fewer than four only at the start).
    held: usize,
}

impl Decoder {
    /// Starts a new message.
    pub(crate) fn begin(&mut self) {
        self.crc = 0;
        self.held = 0;
    }

    /// Emits `bytes` as data.
    fn emit(&mut self, bytes: &[u8], out: &mut Vec<u8>, budget: &mut Budget) -> Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        budget.spend(bytes.len())?;
        self.crc = crc32c::crc32c_append(self.crc, bytes);
        out.extend_from_slice(bytes);
        Ok(())
    }

    /// Takes more input: everything but the last four bytes seen is data.
    pub(crate) fn update(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        budget: &mut Budget,
    ) -> Result<()> {
        if input.len() >= LEN {
            let tail = self.tail;
            self.emit(&tail[..self.held], out, budget)?;
            let (data, last) = input.split_at(input.len() - LEN);
            self.emit(data, out, budget)?;
            self.tail.copy_from_slice(last);
            self.held = LEN;
        } else {
            // Fewer than four new bytes: the oldest held ones become data.
            let mut joined = [0u8; 2 * LEN];
            joined[..self.held].copy_from_slice(&self.tail[..self.held]);
            joined[self.held..self.held + input.len()].copy_from_slice(input);
            let total = self.held + input.len();
            let keep = total.min(LEN);
            self.emit(&joined[..total - keep], out, budget)?;
            self.tail[..keep].copy_from_slice(&joined[total - keep..total]);
            self.held = keep;
        }
        Ok(())
    }

    /// Checks the held checksum.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.held < LEN {
            return Err(Error::Truncated { step: "crc32c" });
        }
        let stored = u32::from_be_bytes(self.tail);
        if stored != self.crc {
            return Err(Error::Checksum {
                stored,
                computed: self.crc,
            });
        }
        Ok(())
    }
}

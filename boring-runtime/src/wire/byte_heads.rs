//! Array elements below 256 (the bytes of a `Vec<u8>` written as an array
//! of integers) gathered on the stack and written a block at a time.
//!
//! Written one call per element, each element's write reloaded the output
//! vector's pointer and length from memory, since the previous element's
//! byte store might have changed them. Here the write position is a local
//! whose address is never taken, so it stays in a register, and the sink
//! is met once per block.

use super::{Sink, Writer};
use crate::error::Error;

/// Bytes gathered before a write to the sink.
const BLOCK: usize = 256;

/// Writes the head of each byte `next` yields, until it yields `None`, as
/// an unsigned integer item: one byte below 24, else `0x18` and the value.
#[inline(always)]
pub(crate) fn write_byte_heads<S: Sink>(
    w: &mut Writer<S>,
    mut next: impl FnMut() -> Option<u8>,
) -> Result<(), Error> {
    let mut block = [0u8; BLOCK];
    let mut used = 0;
    while let Some(v) = next() {
        if used > BLOCK - 2 {
            w.raw(&block[..used])?;
            used = 0;
        }
        // Both bytes are stored; a one-byte head's second is overwritten
        // by the next head or left out of the write.
        block[used] = if v < 24 { v } else { 0x18 };
        block[used + 1] = v;
        used += 1 + usize::from(v >= 24);
    }
    w.raw(&block[..used])
}

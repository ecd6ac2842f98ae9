//! Reading heads and finding where items end, straight from the bytes:
//! nothing is built, no string is registered, and a stringref (tag 25) is
//! just a tag over an integer.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind};
use crate::wire::{parse_head, Head, BREAK};

/// The head at `at` and the offset after it.
#[inline]
pub(super) fn head(input: &[u8], at: usize) -> Result<(Head, usize), Error> {
    parse_head(input, at)
}

/// The offset where the item at `at` ends.
///
/// Iterative, with constant stack: definite containers and tags only add
/// to the count of items left at the current level; a frame is saved only
/// for an indefinite container (and for a definite one inside it), which
/// runs to its break.
pub(super) fn end(input: &[u8], at: usize) -> Result<usize, Error> {
    // Most items skipped are map keys and leaves: one head, no levels.
    let (h, next) = head(input, at)?;
    match h {
        Head::Unsigned(_) | Head::Negative(_) | Head::Simple(_) => return Ok(next),
        Head::Bytes(Some(n)) | Head::Text(Some(n)) => return payload_end(input, next, n, at),
        _ => {}
    }
    // `Some(n)`: n items left; `None`: items until a break.
    let mut level: Option<u64> = Some(1);
    let mut outer: Vec<Option<u64>> = Vec::new();
    let mut pos = at;
    loop {
        loop {
            match level {
                Some(0) => match outer.pop() {
                    Some(saved) => level = saved,
                    None => return Ok(pos),
                },
                None if input.get(pos) == Some(&BREAK) => {
                    pos += 1;
                    level = outer.pop().unwrap_or(Some(0));
                }
                _ => break,
            }
        }
        if let Some(n) = level.as_mut() {
            *n -= 1;
        }
        let item = pos;
        let (h, next) = head(input, pos)?;
        pos = next;
        let inner = match h {
            Head::Bytes(Some(n)) | Head::Text(Some(n)) => {
                pos = payload_end(input, pos, n, item)?;
                continue;
            }
            Head::Bytes(None) | Head::Text(None) => {
                pos = chunks_end(input, pos, item)?;
                continue;
            }
            Head::Unsigned(_) | Head::Negative(_) | Head::Simple(_) => continue,
            Head::Break => return Err(Error::new(ErrorKind::UnexpectedBreak, item)),
            Head::Array(None) | Head::Map(None) => None,
            Head::Array(Some(n)) => Some(n),
            Head::Map(Some(n)) => Some(n.checked_mul(2).ok_or_else(|| bad_count(item))?),
            Head::Tag(_) => Some(1),
        };
        if let Some(n) = inner {
            // Every item takes at least a byte.
            if n > (input.len() - pos) as u64 {
                return Err(bad_count(item));
            }
        }
        level = match (level, inner) {
            (Some(left), Some(n)) => Some(left + n),
            (saved, inner) => {
                outer.push(saved);
                inner
            }
        };
    }
}

/// The end of a definite string's payload of `n` bytes starting at `pos`.
fn payload_end(input: &[u8], pos: usize, n: u64, item: usize) -> Result<usize, Error> {
    let left = (input.len() - pos) as u64;
    if n > left {
        return Err(Error::new(ErrorKind::Truncated, item));
    }
    Ok(pos + n as usize)
}

/// The end of an indefinite string's chunks, its break included.
fn chunks_end(input: &[u8], mut pos: usize, item: usize) -> Result<usize, Error> {
    loop {
        if input.get(pos) == Some(&BREAK) {
            return Ok(pos + 1);
        }
        let (h, next) = head(input, pos)?;
        pos = match h {
            Head::Bytes(Some(n)) | Head::Text(Some(n)) => payload_end(input, next, n, item)?,
            _ => return Err(Error::new(ErrorKind::BadIndefiniteChunk, pos)),
        };
    }
}

fn bad_count(at: usize) -> Error {
    Error::new(ErrorKind::BadCount, at)
}

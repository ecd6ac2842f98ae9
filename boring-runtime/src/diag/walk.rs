//! The traversal shared by the notation and the dump: one pass over the
//! bytes of an item, with an explicit stack instead of recursion, reporting
//! each head (with its string payload) and each container end.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind};
use crate::wire::{Head, Major, Reader};

/// Where an item sits in its parent; the notation derives its separators
/// from this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Position {
    /// The item is the whole document.
    Top,
    /// First entry of an array, key of a map, or chunk of a string.
    First,
    /// A later array entry, map key or chunk.
    Next,
    /// A map value.
    Value,
    /// The content of a tag.
    Content,
}

/// What kind of nested item an [`Event::End`] closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Nest {
    Array,
    Map,
    Tag,
    /// An indefinite-length byte or text string (its chunks were nested).
    Chunks,
}

/// One step of the traversal.
#[derive(Debug)]
pub(super) enum Event<'de> {
    /// A head at `at` ending at `head_end`; `payload` holds a definite
    /// string's bytes (empty otherwise).
    Item {
        head: Head,
        at: usize,
        head_end: usize,
        payload: &'de [u8],
        depth: usize,
        position: Position,
    },
    /// The end of an array, map, tag or chunked string opened at `depth`;
    /// `break_at` is the offset of its break for indefinite lengths.
    End {
        nest: Nest,
        depth: usize,
        break_at: Option<usize>,
    },
}

struct Frame {
    nest: Nest,
    /// Entries left (keys and values counted separately), `None` until a
    /// break.
    remaining: Option<u64>,
    /// Entries seen so far.
    index: u64,
}

/// Walks one item from the reader's position, calling `emit` for every
/// event. Depth and declared counts are checked by the reader, so bad input
/// fails with the same error kinds as decoding.
pub(super) fn walk<'de>(
    r: &mut Reader<'de>,
    mut emit: impl FnMut(Event<'de>),
) -> Result<(), Error> {
    let mut stack: Vec<Frame> = Vec::new();
    let result = walk_loop(r, &mut stack, &mut emit);
    if result.is_err() {
        // Release the depth levels still held so the reader stays coherent.
        for frame in &stack {
            if frame.nest != Nest::Chunks {
                r.leave();
            }
        }
    }
    result
}

fn walk_loop<'de>(
    r: &mut Reader<'de>,
    stack: &mut Vec<Frame>,
    emit: &mut impl FnMut(Event<'de>),
) -> Result<(), Error> {
    loop {
        let at = r.position();
        let head = r.head()?;
        let head_end = r.position();
        let depth = stack.len();
        let position = match stack.last() {
            None => Position::Top,
            Some(frame) => match frame.nest {
                Nest::Tag => Position::Content,
                Nest::Map if frame.index % 2 == 1 => Position::Value,
                _ if frame.index == 0 => Position::First,
                _ => Position::Next,
            },
        };
        let item = |payload: &'de [u8]| Event::Item {
            head,
            at,
            head_end,
            payload,
            depth,
            position,
        };
        match head {
            Head::Break => {
                let closes = matches!(
                    stack.last(),
                    Some(frame) if frame.remaining.is_none()
                        && !(frame.nest == Nest::Map && frame.index % 2 == 1)
                );
                let frame = match stack.pop() {
                    Some(frame) if closes => frame,
                    _ => return Err(Error::new(ErrorKind::UnexpectedBreak, at)),
                };
                r.leave();
                emit(Event::End {
                    nest: frame.nest,
                    depth: stack.len(),
                    break_at: Some(at),
                });
            }
            Head::Bytes(Some(len)) | Head::Text(Some(len)) => {
                let text = matches!(head, Head::Text(_));
                let payload = r.take_string(len, at, text)?;
                emit(item(payload));
            }
            Head::Bytes(None) | Head::Text(None) => {
                emit(item(&[]));
                chunks(r, head.major(), depth, emit)?;
            }
            Head::Array(len) | Head::Map(len) => {
                let pairs = matches!(head, Head::Map(_));
                r.open(len, if pairs { 2 } else { 1 }, at)?;
                emit(item(&[]));
                let nest = if pairs { Nest::Map } else { Nest::Array };
                if len == Some(0) {
                    r.leave();
                    emit(Event::End {
                        nest,
                        depth,
                        break_at: None,
                    });
                } else {
                    stack.push(Frame {
                        nest,
                        remaining: len.map(|n| if pairs { n.saturating_mul(2) } else { n }),
                        index: 0,
                    });
                    continue;
                }
            }
            Head::Tag(_) => {
                r.enter()?;
                emit(item(&[]));
                stack.push(Frame {
                    nest: Nest::Tag,
                    remaining: Some(1),
                    index: 0,
                });
                continue;
            }
            Head::Unsigned(_) | Head::Negative(_) | Head::Simple(_) => emit(item(&[])),
        }
        // One item is complete: count it in the enclosing frames, closing
        // every definite one it fills.
        loop {
            let Some(frame) = stack.last_mut() else {
                return Ok(());
            };
            frame.index += 1;
            if let Some(n) = &mut frame.remaining {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    let nest = frame.nest;
                    stack.pop();
                    r.leave();
                    emit(Event::End {
                        nest,
                        depth: stack.len(),
                        break_at: None,
                    });
                    continue;
                }
            }
            break;
        }
    }
}

/// Reads the chunks of an indefinite-length string (head at `depth`)
/// through its break.
fn chunks<'de>(
    r: &mut Reader<'de>,
    major: Major,
    depth: usize,
    emit: &mut impl FnMut(Event<'de>),
) -> Result<(), Error> {
    let text = major == Major::Text;
    let mut index = 0u64;
    loop {
        let at = r.position();
        let head = r.head()?;
        match head {
            Head::Break => {
                emit(Event::End {
                    nest: Nest::Chunks,
                    depth,
                    break_at: Some(at),
                });
                return Ok(());
            }
            Head::Bytes(Some(len)) | Head::Text(Some(len)) if head.major() == major => {
                let head_end = r.position();
                let payload = r.take_string(len, at, text)?;
                emit(Event::Item {
                    head,
                    at,
                    head_end,
                    payload,
                    depth: depth + 1,
                    position: if index == 0 {
                        Position::First
                    } else {
                        Position::Next
                    },
                });
                index += 1;
            }
            _ => return Err(Error::new(ErrorKind::BadIndefiniteChunk, at)),
        }
    }
}

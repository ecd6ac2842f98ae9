//! The self-describing header: one small CBOR item in front of the encoded
//! bytes that names the chain which wrote them (docs/WIRE.md, "Codec
//! pipelines").
//!
//! ```text
//! D9 D9 F7               tag 55799, self-described CBOR
//!   83                   array(3)
//!     65 63 6F 64 65 63  "codec"
//!     01                 version 1
//!     8N                 array(N), 1 <= N <= 16: the steps in encoding order
//!       81 6L name       [name]         a step without a level
//!       82 6L name LL    [name, level]  a step with one, level 1..=22
//! ```
//!
//! Every integer and length is in its shortest form, so a chain has exactly
//! one header, and the reader accepts nothing else.

use crate::error::{Error, Result};
use crate::pipeline::{Pipeline, MAX_STEPS};
use crate::step::{Step, NAMES};

/// The bytes every header starts with: the tag, the array of three, the
/// text "codec".
pub const MAGIC: [u8; 10] = [0xD9, 0xD9, 0xF7, 0x83, 0x65, b'c', b'o', b'd', b'e', b'c'];

/// The version this crate writes and reads.
pub const VERSION: u8 = 1;

/// The longest header: [`MAX_STEPS`] steps of the longest name with a level.
pub const MAX_LEN: usize = MAGIC.len() + 2 + MAX_STEPS * (3 + 12 + 1);

/// Appends the header naming `pipeline`.
pub fn write(pipeline: &Pipeline, out: &mut Vec<u8>) {
    out.extend_from_slice(&MAGIC);
    out.push(VERSION);
    // At most 16 steps and names of at most 12 bytes: every head is one byte.
    out.push(0x80 | pipeline.steps().len() as u8);
    for step in pipeline.steps() {
        let name = step.name().as_bytes();
        match step.level() {
            Some(level) => {
                out.extend_from_slice(&[0x82, 0x60 | name.len() as u8]);
                out.extend_from_slice(name);
                out.push(level);
            }
            None => {
                out.extend_from_slice(&[0x81, 0x60 | name.len() as u8]);
                out.extend_from_slice(name);
            }
        }
    }
}

/// What a prefix of the input says about a header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Scan {
    /// The input starts with a whole header of this many bytes.
    Complete(usize),
    /// The input could still become a header: more bytes are needed.
    Incomplete,
}

/// A malformed header.
fn malformed(detail: impl Into<String>) -> Error {
    Error::Header {
        detail: detail.into(),
    }
}

/// Reads the header at the start of `input`, handing each step to `each`
/// in order. Input that cannot start a header is [`Error::NoHeader`].
pub(crate) fn scan(input: &[u8], mut each: impl FnMut(Step) -> Result<()>) -> Result<Scan> {
    let prefix = input.len().min(MAGIC.len());
    if input[..prefix] != MAGIC[..prefix] {
        return Err(Error::NoHeader);
    }
    let mut at = MAGIC.len();
    let Some(&version) = input.get(at) else {
        return Ok(Scan::Incomplete);
    };
    if version != VERSION {
        return Err(malformed(format!(
            "unsupported version byte {version:#04x}"
        )));
    }
    at += 1;
    let Some(&count) = input.get(at) else {
        return Ok(Scan::Incomplete);
    };
    let count = match count {
        0x81..=0x90 => usize::from(count & 0x1F),
        0x80 => return Err(malformed("no steps")),
        other => return Err(malformed(format!("bad step list head {other:#04x}"))),
    };
    at += 1;
    for _ in 0..count {
        let Some(&[head, text]) = input.get(at..at + 2) else {
            return Ok(Scan::Incomplete);
        };
        let leveled = match head {
            0x81 => false,
            0x82 => true,
            other => return Err(malformed(format!("bad step head {other:#04x}"))),
        };
        if !(0x60..=0x77).contains(&text) {
            return Err(malformed(format!("bad step name head {text:#04x}")));
        }
        at += 2;
        let len = usize::from(text & 0x1F);
        let Some(name) = input.get(at..at + len) else {
            return Ok(Scan::Incomplete);
        };
        let Some(name) = NAMES.iter().find(|n| n.as_bytes() == name) else {
            return Err(malformed(format!(
                "unknown step {:?}",
                String::from_utf8_lossy(name)
            )));
        };
        at += len;
        let level = if leveled {
            let Some(&level) = input.get(at) else {
                return Ok(Scan::Incomplete);
            };
            if level > 0x17 {
                return Err(malformed(format!("bad level byte {level:#04x}")));
            }
            at += 1;
            Some(u64::from(level))
        } else {
            None
        };
        let levels = Step::levels(name);
        if levels.is_some() != leveled {
            return Err(malformed(format!(
                "{name} is written {} a level",
                if leveled { "with" } else { "without" }
            )));
        }
        let step = Step::from_name(name, level).map_err(|e| malformed(e.to_string()))?;
        each(step)?;
    }
    Ok(Scan::Complete(at))
}

/// The pipeline named by the header at the start of `input`, and the
/// header's length.
pub fn read(input: &[u8]) -> Result<(Pipeline, usize)> {
    let mut steps = Vec::new();
    match scan(input, |step| {
        steps.push(step);
        Ok(())
    })? {
        Scan::Complete(len) => Ok((Pipeline::new(steps)?, len)),
        Scan::Incomplete => Err(Error::Truncated { step: "header" }),
    }
}

/// Checks that the header at the start of `input` names the steps of
/// `pipeline` (levels aside: they do not change decoding) and returns its
/// length, without allocating.
pub(crate) fn expect(input: &[u8], pipeline: &Pipeline) -> Result<Scan> {
    let steps = pipeline.steps();
    let mut seen = 0;
    let mut same = true;
    let scanned = scan(input, |step| {
        same &= steps.get(seen).is_some_and(|s| s.name() == step.name());
        seen += 1;
        Ok(())
    })?;
    match scanned {
        Scan::Complete(_) if !same || seen != steps.len() => Err(Error::HeaderMismatch {
            expected: pipeline.to_string(),
            found: read(input).map_or_else(|e| e.to_string(), |(p, _)| p.to_string()),
        }),
        other => Ok(other),
    }
}

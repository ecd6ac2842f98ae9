//! JSON strings (RFC 8259 §7): the scan for their end, and their escapes
//! decoded.

use crate::error::{Error, ErrorKind};

/// Bytes that end the fast scan of a string: the quote, the backslash and
/// the control characters JSON forbids unescaped.
static STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// The first position from `i` of a byte in [`STOP`], or the length:
/// eight bytes at a time while none of them stops the scan.
#[inline]
pub(crate) fn scan(json: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Each test sets the high bit of a byte that matches; the lowest set
    // bit is exact (false positives only appear above a true match).
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    while let Some(chunk) = json.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        let hits = zero(v ^ (ONES * u64::from(b'"')))
            | zero(v ^ (ONES * u64::from(b'\\')))
            | (v.wrapping_sub(ONES * 0x20) & !v & HIGH);
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < json.len() && !STOP[usize::from(json[i])] {
        i += 1;
    }
    i
}

/// Appends `raw` (a string's text between its quotes, at offset `at` of the
/// input) to `out` with its escapes decoded.
pub(crate) fn unescape(raw: &str, at: usize, out: &mut String) -> Result<(), Error> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    let mut plain = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&raw[plain..i]);
        let bad = |what| Error::new(ErrorKind::Syntax(what), at + i);
        let c = match bytes.get(i + 1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                let hi = hex4(bytes, i + 2).ok_or_else(|| bad("four hex digits"))?;
                let (code, len) = if (0xd800..0xdc00).contains(&hi) {
                    let lo = match (bytes.get(i + 6), bytes.get(i + 7)) {
                        (Some(b'\\'), Some(b'u')) => hex4(bytes, i + 8),
                        _ => None,
                    };
                    match lo {
                        Some(lo @ 0xdc00..=0xdfff) => {
                            (0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00), 12)
                        }
                        _ => return Err(bad("a low surrogate after a high one")),
                    }
                } else {
                    (hi, 6)
                };
                let c = char::from_u32(code)
                    .ok_or_else(|| bad("a scalar value, not a lone surrogate"))?;
                out.push(c);
                i += len;
                plain = i;
                continue;
            }
            _ => return Err(bad("a valid escape")),
        };
        out.push(c);
        i += 2;
        plain = i;
    }
    out.push_str(&raw[plain..]);
    Ok(())
}

fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let digits = bytes.get(at..at + 4)?;
    digits
        .iter()
        .try_fold(0u32, |acc, &d| Some(acc << 4 | char::from(d).to_digit(16)?))
}

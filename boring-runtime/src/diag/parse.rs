//! Reading diagnostic notation (RFC 8949 §8 and the encoding indicators of
//! RFC 8610 Appendix G) back into CBOR: the inverse of [`super::diag`].

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind};
use crate::wire::float::{f16_to_f64, f64_to_f16_exact, f64_to_f32_exact};
use crate::wire::Major;

/// Encodes the items written in diagnostic notation in `text`, one after
/// another (a CBOR sequence when there are several). Integers without an
/// encoding indicator take the shortest head; `_0` to `_3` choose a 1-,
/// 2-, 4- or 8-byte argument. Floats take the width of their indicator
/// (`_1` half, `_2` single, `_3` double), or without one the shortest
/// width that holds the value exactly. Errors carry the offset in `text`.
///
/// ```
/// let bytes = boring::diag::from_diag(r#"{"a": [1, 2.5_2], "b": h'ff'}"#)?;
/// assert_eq!(boring::diag::diag(&bytes)?, r#"{"a": [1, 2.5_2], "b": h'ff'}"#);
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// [`ErrorKind::Custom`] naming what is wrong in `text` (an unterminated
/// string, an unknown escape, a number out of range, …);
/// [`ErrorKind::DepthExceeded`] past
/// [`DEFAULT_MAX_DEPTH`](crate::profile::DEFAULT_MAX_DEPTH) levels;
/// [`ErrorKind::BadIndefiniteChunk`] for a chunk of another type in `(_ …)`.
pub fn from_diag(text: &str) -> Result<Vec<u8>, Error> {
    let mut p = Parser {
        text: text.as_bytes(),
        pos: 0,
        out: Vec::new(),
        depth: 0,
    };
    p.space();
    while p.pos < p.text.len() {
        p.item()?;
        p.space();
        // Items of a sequence may also be separated by commas.
        if p.eat(b',') {
            p.space();
        }
    }
    Ok(p.out)
}

/// Nesting beyond this is refused, as the decoder refuses it.
const MAX_DEPTH: usize = crate::profile::DEFAULT_MAX_DEPTH;

struct Parser<'t> {
    text: &'t [u8],
    pos: usize,
    out: Vec<u8>,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, why: &'static str) -> Error {
        Error::new(ErrorKind::Custom(String::from(why)), self.pos)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8, why: &'static str) -> Result<(), Error> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.error(why))
        }
    }

    fn word(&mut self, word: &str) -> bool {
        if self.text[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    /// Skips whitespace and `/ comments /`.
    fn space(&mut self) {
        loop {
            while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
                self.pos += 1;
            }
            if self.peek() == Some(b'/') {
                match self.text[self.pos + 1..].iter().position(|&b| b == b'/') {
                    Some(end) => self.pos += end + 2,
                    None => return,
                }
            } else {
                return;
            }
        }
    }

    /// A head: the shortest, or with the argument width an encoding
    /// indicator chose (`_0` one byte … `_3` eight).
    fn head(&mut self, major: Major, arg: u64, width: Option<u8>) {
        let m = major.bits();
        match width {
            None => {
                let mut buf = [0u8; 16];
                let n = crate::wire::encode_head(m, arg, &mut buf);
                self.out.extend_from_slice(&buf[..n]);
            }
            Some(0) => self.out.extend_from_slice(&[m | 24, arg as u8]),
            Some(1) => {
                self.out.push(m | 25);
                self.out.extend_from_slice(&(arg as u16).to_be_bytes());
            }
            Some(2) => {
                self.out.push(m | 26);
                self.out.extend_from_slice(&(arg as u32).to_be_bytes());
            }
            Some(_) => {
                self.out.push(m | 27);
                self.out.extend_from_slice(&arg.to_be_bytes());
            }
        }
    }

    /// An encoding indicator `_0` … `_3` after a number or an opening.
    fn indicator(&mut self) -> Option<u8> {
        match (self.peek(), self.text.get(self.pos + 1)) {
            (Some(b'_'), Some(&d @ b'0'..=b'3')) => {
                self.pos += 2;
                Some(d - b'0')
            }
            _ => None,
        }
    }

    fn item(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new(ErrorKind::DepthExceeded, self.pos));
        }
        self.space();
        let result = match self.peek() {
            Some(b'[') => self.array(),
            Some(b'{') => self.map(),
            Some(b'"') => self.text_string(),
            Some(b'\'') => self.bytes_literal(|s| Some(s.to_vec())),
            Some(b'h') if self.text.get(self.pos + 1) == Some(&b'\'') => {
                self.pos += 1;
                self.bytes_literal(decode_hex)
            }
            Some(b'b') if self.text[self.pos..].starts_with(b"b64'") => {
                self.pos += 3;
                self.bytes_literal(decode_base64)
            }
            Some(b'(') => self.indefinite_string(),
            Some(b'-' | b'0'..=b'9' | b'N' | b'I') => self.number(),
            _ => self.keyword(),
        };
        self.depth -= 1;
        result
    }

    fn keyword(&mut self) -> Result<(), Error> {
        if self.word("true") {
            self.out.push(0xf5);
        } else if self.word("false") {
            self.out.push(0xf4);
        } else if self.word("null") {
            self.out.push(0xf6);
        } else if self.word("undefined") {
            self.out.push(0xf7);
        } else if self.word("simple(") {
            let n = self.unsigned()?;
            self.expect(b')', "expected ) after simple(n")?;
            match n {
                0..=23 => self.out.push(0xe0 | n as u8),
                32..=255 => self.out.extend_from_slice(&[0xf8, n as u8]),
                _ => return Err(self.error("simple values are 0–23 and 32–255")),
            }
        } else {
            return Err(self.error("expected an item"));
        }
        Ok(())
    }

    fn unsigned(&mut self) -> Result<u64, Error> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        core::str::from_utf8(&self.text[start..self.pos])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Custom(String::from("expected an unsigned integer")),
                    start,
                )
            })
    }

    fn number(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let negative = self.eat(b'-');
        if self.word("Infinity") {
            let v = if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            return self.float(v, start);
        }
        if !negative && self.word("NaN") {
            return self.float(f64::NAN, start);
        }
        let digits_start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        let is_float = matches!(self.peek(), Some(b'.' | b'e' | b'E'));
        if is_float {
            while self.peek().is_some_and(|b| {
                b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-')
            }) {
                self.pos += 1;
            }
            let text = core::str::from_utf8(&self.text[start..self.pos]).unwrap_or_default();
            let v: f64 = text
                .parse()
                .map_err(|_| Error::new(ErrorKind::Custom(String::from("not a number")), start))?;
            // A number printed at a narrower width is the shortest decimal
            // that reads back at that width: read it at that width.
            match (self.text.get(self.pos), self.text.get(self.pos + 1)) {
                (Some(b'_'), Some(b'2')) => {
                    let single: f32 = text.parse().map_err(|_| self.error("not a number"))?;
                    self.pos += 2;
                    self.out.push(0xfa);
                    self.out.extend_from_slice(&single.to_bits().to_be_bytes());
                    return Ok(());
                }
                (Some(b'_'), Some(b'1')) => {
                    self.pos += 2;
                    self.out.push(0xf9);
                    self.out.extend_from_slice(&nearest_half(v).to_be_bytes());
                    return Ok(());
                }
                _ => {}
            }
            return self.float(v, start);
        }
        // A tag: digits and an opening parenthesis.
        if !negative && self.peek() == Some(b'(') {
            let tag = u64::try_from(self.number_value(digits_start)?)
                .map_err(|_| self.error("tag number out of range"))?;
            self.pos += 1;
            self.head(Major::Tag, tag, None);
            self.item()?;
            self.space();
            return self.expect(b')', "expected ) after a tag's content");
        }
        let magnitude = self.number_value(digits_start)?;
        let width = self.indicator();
        let out_of_range = || {
            Error::new(
                ErrorKind::Custom(String::from("integer out of range")),
                start,
            )
        };
        if negative {
            // −1 − argument: −2^64 is the most negative integer.
            let arg = magnitude.checked_sub(1).ok_or_else(out_of_range)?;
            self.head(
                Major::Negative,
                u64::try_from(arg).map_err(|_| out_of_range())?,
                width,
            );
        } else {
            self.head(
                Major::Unsigned,
                u64::try_from(magnitude).map_err(|_| out_of_range())?,
                width,
            );
        }
        Ok(())
    }

    fn number_value(&self, start: usize) -> Result<u128, Error> {
        core::str::from_utf8(&self.text[start..self.pos])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Custom(String::from("integer out of range")),
                    start,
                )
            })
    }

    /// A float at the indicated width, or the shortest exact one.
    fn float(&mut self, v: f64, start: usize) -> Result<(), Error> {
        let width = self.indicator();
        if v.is_nan() {
            // The quiet NaN at the width asked for, half when none is.
            match width {
                Some(2) => self.out.extend_from_slice(&[0xfa, 0x7f, 0xc0, 0, 0]),
                Some(3) => self
                    .out
                    .extend_from_slice(&[0xfb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0]),
                _ => self.out.extend_from_slice(&[0xf9, 0x7e, 0x00]),
            }
            return Ok(());
        }
        let half = f64_to_f16_exact(v);
        let single = f64_to_f32_exact(v);
        match (width, half, single) {
            (Some(1), Some(h), _) | (None, Some(h), _) => {
                self.out.push(0xf9);
                self.out.extend_from_slice(&h.to_be_bytes());
            }
            (Some(2), _, Some(f)) | (None, None, Some(f)) => {
                self.out.push(0xfa);
                self.out.extend_from_slice(&f.to_bits().to_be_bytes());
            }
            (Some(3), ..) | (None, None, None) => {
                self.out.push(0xfb);
                self.out.extend_from_slice(&v.to_bits().to_be_bytes());
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::Custom(String::from("the float does not fit the indicated width")),
                    start,
                ))
            }
        }
        Ok(())
    }

    fn array(&mut self) -> Result<(), Error> {
        self.pos += 1;
        self.space();
        let indefinite = self.eat(b'_');
        let width = if indefinite { None } else { self.indicator() };
        let mut items = Vec::new();
        let outer = core::mem::take(&mut self.out);
        loop {
            self.space();
            if self.eat(b']') {
                break;
            }
            if !items.is_empty() {
                self.expect(b',', "expected , or ] in an array")?;
                self.space();
            }
            let start = self.out.len();
            self.item()?;
            items.push(start);
        }
        let inner = core::mem::replace(&mut self.out, outer);
        if indefinite {
            self.out.push(0x9f);
            self.out.extend_from_slice(&inner);
            self.out.push(0xff);
        } else {
            self.head(Major::Array, items.len() as u64, width);
            self.out.extend_from_slice(&inner);
        }
        Ok(())
    }

    fn map(&mut self) -> Result<(), Error> {
        self.pos += 1;
        self.space();
        let indefinite = self.eat(b'_');
        let width = if indefinite { None } else { self.indicator() };
        let mut entries = 0u64;
        let outer = core::mem::take(&mut self.out);
        loop {
            self.space();
            if self.eat(b'}') {
                break;
            }
            if entries > 0 {
                self.expect(b',', "expected , or } in a map")?;
            }
            self.item()?;
            self.space();
            self.expect(b':', "expected : after a map key")?;
            self.item()?;
            entries += 1;
        }
        let inner = core::mem::replace(&mut self.out, outer);
        if indefinite {
            self.out.push(0xbf);
            self.out.extend_from_slice(&inner);
            self.out.push(0xff);
        } else {
            self.head(Major::Map, entries, width);
            self.out.extend_from_slice(&inner);
        }
        Ok(())
    }

    /// `(_ chunk, chunk, …)`: an indefinite-length string.
    fn indefinite_string(&mut self) -> Result<(), Error> {
        self.pos += 1;
        self.space();
        self.expect(b'_', "expected _ after ( for an indefinite string")?;
        let at = self.out.len();
        self.out.push(0); // the initial byte, once the chunks show the type
        let mut major = None;
        loop {
            self.space();
            if self.eat(b')') {
                break;
            }
            if major.is_some() {
                self.expect(b',', "expected , or ) between chunks")?;
                self.space();
            }
            let chunk = self.out.len();
            self.item()?;
            let this = self.out.get(chunk).map(|&b| b >> 5);
            if !matches!(this, Some(2 | 3)) || major.is_some_and(|m| Some(m) != this) {
                return Err(Error::new(ErrorKind::BadIndefiniteChunk, chunk));
            }
            major = this;
        }
        self.out[at] = (major.unwrap_or(2) << 5) | 31;
        self.out.push(0xff);
        Ok(())
    }

    fn text_string(&mut self) -> Result<(), Error> {
        let start = self.pos;
        self.pos += 1;
        let mut s = String::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(Error::new(
                    ErrorKind::Custom(String::from("unterminated text")),
                    start,
                ));
            };
            match b {
                b'"' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => {
                    self.pos += 1;
                    let c = self.escape()?;
                    s.push(c);
                }
                _ => {
                    let rest = core::str::from_utf8(&self.text[self.pos..]).unwrap_or_default();
                    let c = rest
                        .chars()
                        .next()
                        .ok_or_else(|| self.error("invalid UTF-8"))?;
                    s.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        self.head(Major::Text, s.len() as u64, None);
        self.out.extend_from_slice(s.as_bytes());
        Ok(())
    }

    fn escape(&mut self) -> Result<char, Error> {
        let Some(b) = self.peek() else {
            return Err(self.error("unterminated escape"));
        };
        self.pos += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'\'' => '\'',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4()?;
                if (0xd800..0xdc00).contains(&high) && self.word("\\u") {
                    let low = self.hex4()?;
                    let c = 0x10000 + ((high - 0xd800) << 10) + (low.wrapping_sub(0xdc00) & 0x3ff);
                    char::from_u32(c).ok_or_else(|| self.error("invalid surrogate pair"))?
                } else {
                    char::from_u32(high).ok_or_else(|| self.error("invalid \\u escape"))?
                }
            }
            _ => return Err(self.error("unknown escape")),
        })
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let digits = self
            .text
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.error("short \\u escape"))?;
        let v = core::str::from_utf8(digits)
            .ok()
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.error("bad \\u escape"))?;
        self.pos += 4;
        Ok(v)
    }

    /// `'…'` after its prefix: the content decoded by `decode`.
    fn bytes_literal(&mut self, decode: fn(&[u8]) -> Option<Vec<u8>>) -> Result<(), Error> {
        let start = self.pos;
        self.pos += 1;
        let len = self.text[self.pos..]
            .iter()
            .position(|&b| b == b'\'')
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Custom(String::from("unterminated byte string")),
                    start,
                )
            })?;
        let content = &self.text[self.pos..self.pos + len];
        let bytes = decode(content).ok_or_else(|| {
            Error::new(
                ErrorKind::Custom(String::from("bad byte string content")),
                start,
            )
        })?;
        self.pos += len + 1;
        self.head(Major::Bytes, bytes.len() as u64, None);
        self.out.extend_from_slice(&bytes);
        Ok(())
    }
}

/// The binary16 value nearest to `v` (ties to the even one): exact when
/// `v` is one.
fn nearest_half(v: f64) -> u16 {
    if let Some(exact) = f64_to_f16_exact(v) {
        return exact;
    }
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let mut best = sign | 0x7c00; // infinity, beyond the largest finite
    let mut best_gap = f64::INFINITY;
    for bits in 0..0x7c00u16 {
        let candidate = f16_to_f64(bits | sign);
        let gap = (candidate - v).abs();
        if gap < best_gap || (gap == best_gap && bits & 1 == 0) {
            best = bits | sign;
            best_gap = gap;
        }
    }
    best
}

fn decode_hex(text: &[u8]) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks(2)
        .map(|pair| {
            let s = core::str::from_utf8(pair).ok()?;
            u8::from_str_radix(s, 16).ok()
        })
        .collect()
}

/// Base64, standard or URL-safe alphabet, padding optional.
fn decode_base64(text: &[u8]) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        } as u32)
    };
    let symbols: Vec<u8> = text
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace() && *b != b'=')
        .collect();
    let mut out = Vec::with_capacity(symbols.len() * 3 / 4);
    for chunk in symbols.chunks(4) {
        let mut acc = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            acc |= value(c)? << (18 - 6 * i);
        }
        let bytes = acc.to_be_bytes();
        match chunk.len() {
            4 => out.extend_from_slice(&bytes[1..4]),
            3 => out.extend_from_slice(&bytes[1..3]),
            2 => out.push(bytes[1]),
            _ => return None,
        }
    }
    Some(out)
}

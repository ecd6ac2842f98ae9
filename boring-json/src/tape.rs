//! JSON text to a tape of tokens in document order, every container's
//! count filled in when it closes; writing the tape through a `Writer` is
//! then one linear walk (CBOR needs the counts before the contents).

use boring::wire::{Major, Sink};
use boring::{Encode, Writer};

use crate::error::{Error, ErrorKind};
use crate::unescape::{scan, unescape};
use sonic_number::ParserNumber;

/// One token of a parsed document.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Tok<'a> {
    Array(usize),
    Map(usize),
    /// A string with no escapes, borrowed from the input.
    Str(&'a str),
    /// An unescaped string: a range of the tape's scratch text.
    Esc(u32, u32),
    U64(u64),
    /// −1 − n.
    Neg(u64),
    /// An integer beyond the 64-bit range: its sign and its digits (a range
    /// of the input).
    Big(bool, u32, u32),
    F64(f64),
    Bool(bool),
    Null,
}

/// A validated document, ready to be written.
#[derive(Debug)]
pub(crate) struct Tape<'a> {
    pub(crate) json: &'a [u8],
    pub(crate) toks: Vec<Tok<'a>>,
    pub(crate) scratch: String,
}

impl Encode for Tape<'_> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), boring::Error> {
        for tok in &self.toks {
            match *tok {
                Tok::Array(n) => w.array(n)?,
                Tok::Map(n) => w.map(n)?,
                Tok::Str(s) => w.str(s)?,
                Tok::Esc(a, b) => w.str(&self.scratch[a as usize..b as usize])?,
                Tok::U64(v) => w.u64(v)?,
                Tok::Neg(n) => w.head(Major::Negative, n)?,
                Tok::F64(v) => w.f64(v)?,
                Tok::Bool(b) => w.bool(b)?,
                Tok::Null => w.null()?,
                Tok::Big(negative, a, b) => big(w, negative, &self.json[a as usize..b as usize])?,
            }
        }
        Ok(())
    }
}

/// Writes a decimal integer past the 64-bit range as a bignum (tag 2 or 3
/// and the big-endian magnitude, RFC 8949 §3.4.3).
fn big<S: Sink>(w: &mut Writer<S>, negative: bool, digits: &[u8]) -> Result<(), boring::Error> {
    // Big-endian base-256 digits, built by multiply-add per decimal digit.
    let mut mag: Vec<u8> = Vec::with_capacity(digits.len() / 2 + 1);
    for &d in digits {
        let mut carry = u32::from(d - b'0');
        for byte in mag.iter_mut().rev() {
            let v = u32::from(*byte) * 10 + carry;
            *byte = v as u8;
            carry = v >> 8;
        }
        while carry > 0 {
            mag.insert(0, carry as u8);
            carry >>= 8;
        }
    }
    if negative {
        // A negative bignum holds n for the value −1 − n.
        for byte in mag.iter_mut().rev() {
            let (v, borrow) = byte.overflowing_sub(1);
            *byte = v;
            if !borrow {
                break;
            }
        }
        let zeros = mag.iter().take_while(|&&b| b == 0).count();
        mag.drain(..zeros);
    }
    if mag.len() <= 8 {
        // −2^64 is the one value of this path with a plain head.
        let n = mag.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b));
        let major = if negative {
            Major::Negative
        } else {
            Major::Unsigned
        };
        return w.head(major, n);
    }
    w.tag(if negative { 3 } else { 2 })?;
    w.bytes(&mag)
}

/// An open container while parsing: where its token is and how many
/// entries it has so far.
struct Frame {
    at: usize,
    count: usize,
    map: bool,
}

/// Parses `json` (RFC 8259: any value at the top, surrounded by
/// whitespace) into a tape, nesting at most `max_depth` deep.
pub(crate) fn parse(json: &[u8], max_depth: usize) -> Result<Tape<'_>, Error> {
    if u32::try_from(json.len()).is_err() {
        // Token ranges are 32-bit to keep the tape small.
        return Err(Error::new(ErrorKind::Syntax("a text under 4 GiB"), 0));
    }
    let mut p = Parser {
        json,
        // Valid UTF-8 throughout (the common case) is checked once here, in
        // one pass, and strings are then slices of it; otherwise each
        // string is checked, so that the first error found is the first in
        // the input.
        text: simdutf8::basic::from_utf8(json).ok(),
        pos: 0,
        toks: Vec::with_capacity(json.len() / 8),
        scratch: String::new(),
    };
    let mut stack: Vec<Frame> = Vec::new();
    'value: loop {
        p.skip_ws();
        match p.peek() {
            Some(open @ (b'[' | b'{')) => {
                if stack.len() >= max_depth {
                    return Err(Error::new(ErrorKind::DepthExceeded, p.pos));
                }
                p.pos += 1;
                let map = open == b'{';
                stack.push(Frame {
                    at: p.toks.len(),
                    count: 0,
                    map,
                });
                p.toks.push(if map { Tok::Map(0) } else { Tok::Array(0) });
                p.skip_ws();
                let close = if map { b'}' } else { b']' };
                if p.peek() == Some(close) {
                    p.pos += 1;
                    stack.pop();
                } else {
                    if map {
                        p.key()?;
                    }
                    continue 'value;
                }
            }
            Some(b'"') => p.string()?,
            Some(b'-' | b'0'..=b'9') => p.number()?,
            Some(b't') => p.literal(b"true", Tok::Bool(true))?,
            Some(b'f') => p.literal(b"false", Tok::Bool(false))?,
            Some(b'n') => p.literal(b"null", Tok::Null)?,
            Some(_) => return Err(p.error("a value")),
            None => return Err(p.error("a value, not the end of the input")),
        }
        // A value is complete: close every container it completes.
        loop {
            let Some(top) = stack.last_mut() else {
                p.skip_ws();
                if p.pos != json.len() {
                    return Err(p.error("the end of the input"));
                }
                return Ok(Tape {
                    json,
                    toks: p.toks,
                    scratch: p.scratch,
                });
            };
            top.count += 1;
            p.skip_ws();
            let close = if top.map { b'}' } else { b']' };
            match p.peek() {
                Some(b',') => {
                    p.pos += 1;
                    if top.map {
                        p.key()?;
                    }
                    continue 'value;
                }
                Some(c) if c == close => {
                    p.pos += 1;
                    let (at, count, map) = (top.at, top.count, top.map);
                    p.toks[at] = if map {
                        Tok::Map(count)
                    } else {
                        Tok::Array(count)
                    };
                    stack.pop();
                }
                _ if top.map => return Err(p.error("',' or '}'")),
                _ => return Err(p.error("',' or ']'")),
            }
        }
    }
}

struct Parser<'a> {
    json: &'a [u8],
    /// `json` as text, when all of it is UTF-8.
    text: Option<&'a str>,
    pos: usize,
    toks: Vec<Tok<'a>>,
    scratch: String,
}

impl<'a> Parser<'a> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.json.get(self.pos).copied()
    }

    #[cold]
    fn error(&self, expected: &'static str) -> Error {
        Error::new(ErrorKind::Syntax(expected), self.pos)
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &'static [u8], tok: Tok<'a>) -> Result<(), Error> {
        if self.json.get(self.pos..self.pos + word.len()) != Some(word) {
            return Err(self.error("true, false or null"));
        }
        self.pos += word.len();
        self.toks.push(tok);
        Ok(())
    }

    /// An object key and its colon, whitespace around.
    fn key(&mut self) -> Result<(), Error> {
        self.skip_ws();
        if self.peek() != Some(b'"') {
            return Err(self.error("a string key"));
        }
        self.string()?;
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err(self.error("':'"));
        }
        self.pos += 1;
        Ok(())
    }

    /// A string, the current byte being its opening quote.
    fn string(&mut self) -> Result<(), Error> {
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            i = scan(self.json, i);
            match self.json.get(i) {
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    // Skip the escaped byte so an escaped quote does not end
                    // the scan; the escape itself is checked below.
                    i += 2;
                }
                Some(_) => {
                    self.pos = i;
                    return Err(self.error("an escape for a control character"));
                }
                None => {
                    self.pos = self.json.len();
                    return Err(self.error("'\"' to end the string"));
                }
            }
        }
        // Both ends are next to a quote, so on character boundaries.
        let text = match self.text.and_then(|t| t.get(start..i)) {
            Some(text) => text,
            None => {
                let raw = &self.json[start..i];
                match simdutf8::basic::from_utf8(raw) {
                    Ok(text) => text,
                    Err(_) => {
                        let valid =
                            core::str::from_utf8(raw).map_or_else(|e| e.valid_up_to(), str::len);
                        return Err(Error::new(ErrorKind::Syntax("UTF-8 text"), start + valid));
                    }
                }
            }
        };
        self.pos = i + 1;
        if escaped {
            let from = self.scratch.len();
            unescape(text, start, &mut self.scratch)?;
            self.toks
                .push(Tok::Esc(from as u32, self.scratch.len() as u32));
        } else {
            self.toks.push(Tok::Str(text));
        }
        Ok(())
    }

    /// A number (RFC 8259 §6 grammar): integers as integers, anything with
    /// a fraction or an exponent as an `f64`, correctly rounded.
    ///
    /// `sonic_number` checks the grammar and converts in one pass (eight
    /// digits at a time, Eisel–Lemire with an exact fallback). What it does
    /// not settle goes to [`Parser::number_exact`]: a grammar error (for
    /// its precise offset), an integer beyond `u64` (which it gives as a
    /// float) and a float too large for an `f64`.
    // Out of line: inlined into `parse`, the digit loop's accumulator
    // spilled to the stack (measured on canada.json).
    #[inline(never)]
    fn number(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let negative = self.json[start] == b'-';
        let mut end = start + usize::from(negative);
        let tok = match sonic_number::parse_number(self.json, &mut end, negative) {
            Ok(ParserNumber::Unsigned(v)) => Tok::U64(v),
            // Always below zero: the magnitude is at least 1.
            Ok(ParserNumber::Signed(v)) => Tok::Neg(v.unsigned_abs() - 1),
            // Its zero paths drop the sign; a negative text is never above
            // zero, so the sign is restored here (−0 stays −0.0).
            Ok(ParserNumber::Float(v)) if is_float_text(&self.json[start..end]) => {
                Tok::F64(if negative { -v.abs() } else { v })
            }
            _ => return self.number_exact(),
        };
        self.pos = end;
        self.toks.push(tok);
        Ok(())
    }

    /// A number the fast path left: the grammar checked byte by byte (an
    /// error names the offending byte), integers of any size, and floats
    /// through the standard library's exact parser.
    #[cold]
    fn number_exact(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let digits_at = self.pos;
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("a digit")),
        }
        let digits_end = self.pos;
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.need_digit()?;
            self.digits();
            float = true;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'-' | b'+') = self.peek() {
                self.pos += 1;
            }
            self.need_digit()?;
            self.digits();
            float = true;
        }
        if !float {
            return self.integer(negative, digits_at, digits_end);
        }
        let v = core::str::from_utf8(&self.json[start..self.pos])
            .ok()
            .and_then(|text| text.parse::<f64>().ok())
            .ok_or_else(|| Error::new(ErrorKind::Syntax("a number"), start))?;
        if !v.is_finite() {
            return Err(Error::new(ErrorKind::NumberOutOfRange, start));
        }
        self.toks.push(Tok::F64(v));
        Ok(())
    }

    /// Skips a run of digits.
    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    fn need_digit(&self) -> Result<(), Error> {
        match self.peek() {
            Some(b'0'..=b'9') => Ok(()),
            _ => Err(self.error("a digit")),
        }
    }

    fn integer(&mut self, negative: bool, at: usize, end: usize) -> Result<(), Error> {
        let digits = &self.json[at..end];
        let mut v: u64 = 0;
        let mut fits = digits.len() <= 20;
        for &d in digits {
            match v
                .checked_mul(10)
                .and_then(|x| x.checked_add(u64::from(d - b'0')))
            {
                Some(x) => v = x,
                None => {
                    fits = false;
                    break;
                }
            }
        }
        let tok = if fits {
            int_token(negative, v)
        } else {
            Tok::Big(negative, at as u32, end as u32)
        };
        self.toks.push(tok);
        Ok(())
    }
}

/// The token of an integer of magnitude `v`.
#[inline]
fn int_token(negative: bool, v: u64) -> Tok<'static> {
    match (negative, v) {
        (false, _) => Tok::U64(v),
        // JSON's −0 is the float −0.0, the one way to keep its sign.
        (true, 0) => Tok::F64(-0.0),
        (true, _) => Tok::Neg(v - 1),
    }
}

/// Whether a number's text that the fast parser read as a float has a
/// fraction or an exponent, as a float's text has and an integer's (past
/// 64 bits) has not.
///
/// That parser reads every integer of up to 19 digits as an integer, so a
/// text of at most 19 bytes (a sign counts) that it read as a float has a
/// fraction or an exponent: only longer texts are scanned.
#[inline]
fn is_float_text(text: &[u8]) -> bool {
    text.len() <= 19 || text.iter().any(|&b| matches!(b, b'.' | b'e' | b'E'))
}

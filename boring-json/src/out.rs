//! JSON text output shared by the CBOR and the `Value` emitters: string
//! escaping, numbers, the byte-string encodings and optional indentation.

use crate::unescape::scan;

/// How a byte string becomes JSON text (RFC 8949 §6.1: tags 21, 22 and 23
/// are hints for the byte strings inside their content).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BytesAs {
    /// base64url without padding: the default, and tag 21.
    Base64Url,
    /// Classic base64 with padding: tag 22.
    Base64,
    /// Lower-case hexadecimal: tag 23.
    Base16,
}

const URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const STD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HEX: &[u8; 16] = b"0123456789abcdef";

/// A growing JSON text, as bytes: text strings from CBOR are copied
/// without a UTF-8 check each, and the finished text is checked once
/// (`check_text` asks for the check string by string instead, to find
/// where a bad one is).
#[derive(Debug, Default)]
pub(crate) struct Out {
    pub(crate) buf: Vec<u8>,
    pretty: bool,
    level: usize,
    pub(crate) check_text: bool,
    /// The most bytes the text may grow to (the output budget): the
    /// emitters check it after each item.
    pub(crate) limit: usize,
}

/// The finished text as a `String`, or `None` when it is not UTF-8.
///
/// `String::from_utf8` is the only safe way to keep the buffer, and its
/// check is fast on ASCII but slow on other text: on the JSON of
/// `twitter.json` (467 kB, much of it CJK) it takes 3–5 times as long as
/// the SIMD check plus a copy into a new `String`, while on ASCII-only text
/// the copy costs about a fifth more. A long text is therefore checked by
/// SIMD and copied (its memory is held twice meanwhile); a short one is
/// kept.
pub(crate) fn into_text(buf: Vec<u8>) -> Option<String> {
    if buf.len() < COPY_FROM {
        return String::from_utf8(buf).ok();
    }
    simdutf8::basic::from_utf8(&buf).ok().map(str::to_owned)
}

/// The length from which [`into_text`] checks and copies.
const COPY_FROM: usize = 4096;

impl Out {
    pub(crate) fn new(pretty: bool, capacity: usize) -> Self {
        Out {
            buf: Vec::with_capacity(capacity),
            pretty,
            level: 0,
            check_text: false,
            limit: usize::MAX,
        }
    }

    /// A text for a map key's JSON, under the same checks and what is left
    /// of the budget.
    pub(crate) fn for_key(&self) -> Out {
        let mut inner = Out::new(false, 16);
        inner.check_text = self.check_text;
        inner.limit = self.limit.saturating_sub(self.buf.len());
        inner
    }

    /// Whether the text has outgrown its budget.
    #[inline]
    pub(crate) fn over(&self) -> bool {
        self.buf.len() > self.limit
    }

    /// Back to an empty text at the outermost level, keeping the buffer.
    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.level = 0;
    }

    /// Opens an array or object (`open` is `[` or `{`).
    #[inline]
    pub(crate) fn open(&mut self, open: u8) {
        self.buf.push(open);
        self.level += 1;
    }

    /// Before an element or a key: the comma and, when pretty, the line.
    #[inline]
    pub(crate) fn item(&mut self, first: bool) {
        if !first {
            self.buf.push(b',');
        }
        if self.pretty {
            self.newline();
        }
    }

    /// Between a key and its value.
    #[inline]
    pub(crate) fn colon(&mut self) {
        if self.pretty {
            self.buf.extend_from_slice(b": ");
        } else {
            self.buf.push(b':');
        }
    }

    /// Closes an array or object; `empty` keeps `[]` on one line.
    #[inline]
    pub(crate) fn close(&mut self, close: u8, empty: bool) {
        self.level -= 1;
        if self.pretty && !empty {
            self.newline();
        }
        self.buf.push(close);
    }

    fn newline(&mut self) {
        self.buf.push(b'\n');
        for _ in 0..self.level {
            self.buf.extend_from_slice(b"  ");
        }
    }

    #[inline]
    pub(crate) fn raw(&mut self, s: &[u8]) {
        self.buf.extend_from_slice(s);
    }

    #[inline]
    pub(crate) fn u64(&mut self, v: u64) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// −1 − `n`, which may be below `i64::MIN`.
    #[inline]
    pub(crate) fn negative(&mut self, n: u64) {
        let v = -1 - i128::from(n);
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    pub(crate) fn i128(&mut self, v: i128) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// A finite float, shortest text that reads back to the same `f64`.
    /// The caller refuses non-finite values first.
    #[inline]
    pub(crate) fn f64(&mut self, v: f64) {
        self.buf
            .extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
    }

    /// A JSON string of `bytes` (UTF-8 text, or checked afterwards).
    #[inline]
    pub(crate) fn str(&mut self, bytes: &[u8]) {
        self.buf.reserve(bytes.len() + 2);
        self.buf.push(b'"');
        let mut start = 0;
        // Most strings need no escape: find each escape with the
        // word-at-a-time scan and copy the runs between them whole.
        loop {
            let stop = scan(bytes, start);
            self.buf.extend_from_slice(&bytes[start..stop]);
            match bytes.get(stop) {
                Some(&b) => self.escape(b),
                None => break,
            }
            start = stop + 1;
        }
        self.buf.push(b'"');
    }

    #[cold]
    fn escape(&mut self, b: u8) {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x08 => b'b',
            0x0c => b'f',
            _ => 0,
        };
        if short == 0 {
            self.buf.extend_from_slice(b"\\u00");
            self.buf.push(HEX[usize::from(b >> 4)]);
            self.buf.push(HEX[usize::from(b & 15)]);
        } else {
            self.buf.push(b'\\');
            self.buf.push(short);
        }
    }

    /// A byte string as a JSON string in the encoding `how`.
    pub(crate) fn bytes(&mut self, data: &[u8], how: BytesAs) {
        self.buf.push(b'"');
        match how {
            BytesAs::Base16 => {
                self.buf.reserve(data.len() * 2);
                for &b in data {
                    self.buf.push(HEX[usize::from(b >> 4)]);
                    self.buf.push(HEX[usize::from(b & 15)]);
                }
            }
            BytesAs::Base64Url => self.base64(data, URL, false),
            BytesAs::Base64 => self.base64(data, STD, true),
        }
        self.buf.push(b'"');
    }

    fn base64(&mut self, data: &[u8], alphabet: &[u8; 64], pad: bool) {
        self.buf.reserve(data.len().div_ceil(3) * 4);
        let mut chunks = data.chunks_exact(3);
        for c in &mut chunks {
            let n = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
            for shift in [18, 12, 6, 0] {
                self.buf.push(alphabet[(n >> shift & 63) as usize]);
            }
        }
        let rest = chunks.remainder();
        if rest.is_empty() {
            return;
        }
        let n = u32::from(rest[0]) << 16 | rest.get(1).map_or(0, |&b| u32::from(b) << 8);
        let chars = rest.len() + 1;
        for shift in [18, 12, 6].into_iter().take(chars) {
            self.buf.push(alphabet[(n >> shift & 63) as usize]);
        }
        if pad {
            for _ in chars..4 {
                self.buf.push(b'=');
            }
        }
    }

    /// A bignum magnitude (big-endian bytes) in decimal, `-1 - n` when
    /// `negative` (RFC 8949 §3.4.3).
    pub(crate) fn bignum(&mut self, magnitude: &[u8], negative: bool) {
        // Little-endian base-10^9 limbs, filled by repeated multiply-add.
        let mut limbs: Vec<u32> = Vec::new();
        let add_one = negative;
        for &byte in magnitude {
            let mut carry = u64::from(byte);
            for limb in &mut limbs {
                let v = u64::from(*limb) * 256 + carry;
                *limb = (v % 1_000_000_000) as u32;
                carry = v / 1_000_000_000;
            }
            while carry > 0 {
                limbs.push((carry % 1_000_000_000) as u32);
                carry /= 1_000_000_000;
            }
        }
        if add_one {
            let mut carry = 1u64;
            for limb in &mut limbs {
                let v = u64::from(*limb) + carry;
                *limb = (v % 1_000_000_000) as u32;
                carry = v / 1_000_000_000;
                if carry == 0 {
                    break;
                }
            }
            if carry > 0 {
                limbs.push(carry as u32);
            }
            self.buf.push(b'-');
        }
        match limbs.split_last() {
            None => self.buf.push(b'0'),
            Some((top, rest)) => {
                self.u64(u64::from(*top));
                for limb in rest.iter().rev() {
                    let text = itoa::Buffer::new().format(*limb).len();
                    self.buf.resize(self.buf.len() + 9 - text, b'0');
                    self.buf
                        .extend_from_slice(itoa::Buffer::new().format(*limb).as_bytes());
                }
            }
        }
    }
}

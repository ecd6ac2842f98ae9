//! Text and byte strings: zero-copy literals, indefinite-length chunks and
//! stringref resolution.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::wire::head::{Head, Major};

/// A short text found by [`Reader::peek_short_text`], not yet consumed.
#[cfg(feature = "serde")]
#[derive(Debug, Clone, Copy)]
pub(crate) struct ShortText<'de> {
    /// The text's bytes (the literal's payload, or what the reference
    /// resolves to).
    pub(crate) bytes: &'de [u8],
    /// The offset after the item.
    end: usize,
    /// A literal (registered when taken) rather than a stringref.
    literal: bool,
}

impl<'de> Reader<'de> {
    /// Whether the next bytes are a stringref (`d8 19`) inside a namespace.
    #[inline]
    pub(super) fn at_reference(&self) -> bool {
        self.strings.active()
            && self.input.get(self.pos) == Some(&0xd8)
            && self.input.get(self.pos + 1) == Some(&0x19)
    }

    /// Consumes the head of a definite text string shorter than 256 bytes
    /// (one or two bytes: most text), returning its length; consumes
    /// nothing for any other item.
    #[inline]
    fn short_text_head(&mut self) -> Option<u64> {
        let (start, len) = self.short_text()?;
        self.pos = start;
        Some(len as u64)
    }

    /// The payload offset and length of the definite text string at the
    /// current position when it is shorter than 256 bytes; nothing consumed.
    #[inline]
    fn short_text(&self) -> Option<(usize, usize)> {
        match *self.input.get(self.pos)? {
            b @ 0x60..=0x77 => Some((self.pos + 1, usize::from(b - 0x60))),
            0x78 => Some((self.pos + 2, usize::from(*self.input.get(self.pos + 1)?))),
            _ => None,
        }
    }

    /// The index of the stringref at the current position and the offset
    /// after it, when the index takes at most two bytes (every table of up
    /// to 65 536 entries): read from the bytes, without a head parse.
    #[inline]
    fn short_reference(&self) -> Option<(u64, usize)> {
        if !self.at_reference() {
            return None;
        }
        let at = self.pos + 2;
        match *self.input.get(at)? {
            b @ 0..=23 => Some((u64::from(b), at + 1)),
            0x18 => Some((u64::from(*self.input.get(at + 1)?), at + 2)),
            0x19 => {
                let index = u16::from_be_bytes(super::scalars::be(self.input, at + 1)?);
                Some((u64::from(index), at + 3))
            }
            _ => None,
        }
    }

    #[doc(hidden)]
    /// Consumes a stringref at the current position when it resolves to the
    /// text `expected`: the derive's key fast path inside a namespace, a
    /// byte comparison in place of decoding the key. Consumes nothing
    /// otherwise. Always inlined: it is the whole per-key cost of a derived
    /// map inside a namespace, and a call frame would double it.
    #[inline(always)]
    pub fn take_reference_to(&mut self, expected: &[u8]) -> bool {
        match self.short_text_reference() {
            // A key registered from a derived type's constant is that very
            // constant: the same address answers without comparing bytes.
            Some((text, next))
                if core::ptr::eq(text.as_bytes(), expected) || text.as_bytes() == expected =>
            {
                self.took_reference(next);
                true
            }
            _ => false,
        }
    }

    /// The text that a stringref at the current position resolves to, and
    /// the offset after it, when its index takes at most two bytes;
    /// nothing consumed ([`Reader::took_reference`] consumes it).
    #[inline(always)]
    fn short_text_reference(&self) -> Option<(&'de str, usize)> {
        let (index, next) = self.short_reference()?;
        match self.strings.get(index)? {
            crate::wire::stringref::Entry::Text(text) => Some((text, next)),
            crate::wire::stringref::Entry::Bytes(_) => None,
        }
    }

    /// Consumes a reference found by [`Reader::short_text_reference`],
    /// which ends at `next`.
    #[inline(always)]
    fn took_reference(&mut self, next: usize) {
        self.pos = next;
        self.references += 1;
    }

    /// The next item when it is a text literal of up to 255 bytes or a
    /// stringref with a one- or two-byte index to text: its bytes and how
    /// to consume it ([`Reader::take_short_text`]); nothing consumed. The
    /// caller matches the bytes in its own frame, with no closure between.
    #[cfg(feature = "serde")]
    #[inline(always)]
    pub(crate) fn peek_short_text(&self) -> Option<ShortText<'de>> {
        let input: &'de [u8] = self.input;
        if let Some((start, len)) = self.short_text() {
            let bytes = input.get(start..start + len)?;
            return Some(ShortText {
                bytes,
                end: start + len,
                literal: true,
            });
        }
        let (text, end) = self.short_text_reference()?;
        Some(ShortText {
            bytes: text.as_bytes(),
            end,
            literal: false,
        })
    }

    /// Consumes `found`, which the caller recognised as the constant
    /// `text` (byte for byte): a literal registers `text` as
    /// [`Reader::str`] would register the literal.
    #[cfg(feature = "serde")]
    #[inline(always)]
    pub(crate) fn take_short_text(&mut self, found: ShortText<'de>, text: &'de str) {
        if found.literal {
            self.strings.register_text(text);
            self.pos = found.end;
        } else {
            self.took_reference(found.end);
        }
    }

    #[doc(hidden)]
    /// Consumes the next text string when `known` recognises its bytes as
    /// one of the caller's constant names, returning what `known` made of
    /// it; consumes nothing otherwise (the caller falls back to
    /// [`Reader::text`]). The derive's variant names take this path: a
    /// literal of up to 255 bytes or a stringref with a one- or two-byte
    /// index, matched without a head parse, a UTF-8 check or a `Cow`.
    /// A matched literal registers the constant, which is byte-for-byte
    /// the literal, so the stringref table is what [`Reader::str`] builds.
    /// Its body repeats the serde bridge's `peek_short_text`, calling
    /// `known` in each branch: written as a call to the peek and one call
    /// to `known`, it decoded derived enums with 0.6–0.8 % more
    /// instructions.
    #[inline(always)]
    pub fn take_known_text<T>(
        &mut self,
        known: impl FnOnce(&[u8]) -> Option<(T, &'static str)>,
    ) -> Option<T> {
        let Some((start, len)) = self.short_text() else {
            let (text, next) = self.short_text_reference()?;
            let (value, _) = known(text.as_bytes())?;
            self.took_reference(next);
            return Some(value);
        };
        let bytes = self.input.get(start..start + len)?;
        let (value, text) = known(bytes)?;
        self.strings.register_text(text);
        self.pos = start + len;
        Some(value)
    }

    #[doc(hidden)]
    /// Registers a text literal the caller consumed without
    /// [`Reader::str`] (a key matched by its bytes), as every literal inside
    /// a namespace must be.
    #[inline]
    pub fn register_text(&mut self, text: &'de str) {
        self.strings.register_text(text);
    }

    /// Resolves the stringref at the current position.
    pub(super) fn reference(&mut self) -> Result<crate::wire::stringref::Entry<'de>, Error> {
        let at = self.pos;
        let index = match self.short_reference() {
            Some((index, next)) => {
                self.pos = next;
                index
            }
            None => {
                self.pos += 2;
                match self.head()? {
                    Head::Unsigned(i) => i,
                    _ => return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at)),
                }
            }
        };
        let entry = self
            .strings
            .get(index)
            .ok_or_else(|| Error::new(ErrorKind::BadStringref, at))?;
        self.references += 1;
        Ok(entry)
    }

    /// A reference that resolved to the other kind of string.
    #[cold]
    fn wrong_reference(&self, want_text: bool, at: usize) -> Error {
        let (expected, found) = if want_text {
            ("text string", "byte string")
        } else {
            ("byte string", "text string")
        };
        Error::new(ErrorKind::UnexpectedType { expected, found }, at)
    }

    /// Resolves a reference to text: one with a one- or two-byte index
    /// inline, any other (and every error) through the general resolver.
    #[inline]
    pub(super) fn text_reference(&mut self) -> Result<&'de str, Error> {
        if let Some((text, next)) = self.short_text_reference() {
            self.took_reference(next);
            return Ok(text);
        }
        let at = self.pos;
        match self.reference()? {
            crate::wire::stringref::Entry::Text(text) => Ok(text),
            crate::wire::stringref::Entry::Bytes(_) => Err(self.wrong_reference(true, at)),
        }
    }

    /// Resolves a reference to a byte string.
    #[inline]
    pub(super) fn bytes_reference(&mut self) -> Result<&'de [u8], Error> {
        let at = self.pos;
        match self.reference()? {
            crate::wire::stringref::Entry::Bytes(bytes) => Ok(bytes),
            crate::wire::stringref::Entry::Text(_) => Err(self.wrong_reference(false, at)),
        }
    }

    /// A definite-length text string (or a reference to one), borrowed.
    /// An indefinite-length string cannot be borrowed: use [`Reader::text`].
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a definite-length
    /// text string; [`ErrorKind::BadCount`] for a length past the bytes left;
    /// [`ErrorKind::InvalidUtf8`]; inside a stringref namespace,
    /// [`ErrorKind::BadStringref`] for a reference to nothing and
    /// [`ErrorKind::UnexpectedType`] for one to a byte string; and malformed
    /// input ([`Reader`](Reader#errors)).
    #[inline]
    pub fn str(&mut self) -> Result<&'de str, Error> {
        if self.at_reference() {
            return self.text_reference();
        }
        let at = self.pos;
        if let Some(len) = self.short_text_head() {
            return self.text_literal(len, at);
        }
        match self.head()? {
            Head::Text(Some(len)) => self.text_literal(len, at),
            Head::Text(None) => Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "definite-length text (to borrow)",
                    found: "indefinite-length text",
                },
                at,
            )),
            other => self.nested(other, at, "text string", Self::str),
        }
    }

    #[inline]
    pub(super) fn text_literal(&mut self, len: u64, at: usize) -> Result<&'de str, Error> {
        let payload_at = self.pos;
        let bytes = self.take(len, at)?;
        let text = core::str::from_utf8(bytes)
            .map_err(|e| Error::new(ErrorKind::InvalidUtf8, payload_at + e.valid_up_to()))?;
        self.strings.register_text(text);
        Ok(text)
    }

    /// A text string of either length form: borrowed when definite, owned
    /// when it had to be joined from chunks.
    ///
    /// # Errors
    ///
    /// As [`Reader::str`], except that an indefinite-length string is read: a
    /// chunk that is not definite-length text is
    /// [`ErrorKind::BadIndefiniteChunk`].
    pub fn text(&mut self) -> Result<Cow<'de, str>, Error> {
        if self.at_reference() {
            return self.text_reference().map(Cow::Borrowed);
        }
        let at = self.pos;
        if let Some(len) = self.short_text_head() {
            return self.text_literal(len, at).map(Cow::Borrowed);
        }
        match self.head()? {
            Head::Text(Some(len)) => self.text_literal(len, at).map(Cow::Borrowed),
            Head::Text(None) => {
                let mut joined = String::new();
                self.chunks(Major::Text, |r, len, chunk_at| {
                    joined.push_str(r.text_literal(len, chunk_at)?);
                    Ok(())
                })?;
                Ok(Cow::Owned(joined))
            }
            other => self.nested(other, at, "text string", Self::text),
        }
    }

    /// A text string of either length form, copied out of the input and
    /// charged to the output budget (a three-byte stringref may name an
    /// entry as long as the input). A reference or a short literal is read
    /// inline; anything else (long or chunked text, another item) through
    /// [`Reader::text`] out of line.
    #[inline]
    pub(crate) fn string(&mut self) -> Result<String, Error> {
        let at = self.pos;
        let text = if self.at_reference() {
            self.text_reference()?
        } else if let Some(len) = self.short_text_head() {
            self.text_literal(len, at)?
        } else {
            return self.string_general(at);
        };
        self.charge_output_at(text.len(), at)?;
        Ok(String::from(text))
    }

    #[inline(never)]
    fn string_general(&mut self, at: usize) -> Result<String, Error> {
        let text = self.text()?;
        self.charge_output_at(text.len(), at)?;
        Ok(text.into_owned())
    }

    /// A definite-length byte string, borrowed.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a definite-length
    /// byte string; [`ErrorKind::BadCount`] for a length past the bytes left;
    /// inside a stringref namespace, [`ErrorKind::BadStringref`] for a
    /// reference to nothing and [`ErrorKind::UnexpectedType`] for one to text;
    /// and malformed input ([`Reader`](Reader#errors)).
    #[inline]
    pub fn bytes(&mut self) -> Result<&'de [u8], Error> {
        if self.at_reference() {
            return self.bytes_reference();
        }
        let at = self.pos;
        match self.head()? {
            Head::Bytes(Some(len)) => self.bytes_literal(len, at),
            Head::Bytes(None) => Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "definite-length bytes (to borrow)",
                    found: "indefinite-length bytes",
                },
                at,
            )),
            other => self.nested(other, at, "byte string", Self::bytes),
        }
    }

    #[inline]
    pub(super) fn bytes_literal(&mut self, len: u64, at: usize) -> Result<&'de [u8], Error> {
        let bytes = self.take(len, at)?;
        self.strings.register_bytes(bytes);
        Ok(bytes)
    }

    /// A byte string of either length form.
    ///
    /// # Errors
    ///
    /// As [`Reader::bytes`], except that an indefinite-length string is read: a
    /// chunk that is not a definite-length byte string is
    /// [`ErrorKind::BadIndefiniteChunk`].
    pub fn byte_buf(&mut self) -> Result<Cow<'de, [u8]>, Error> {
        if self.at_reference() {
            return self.bytes_reference().map(Cow::Borrowed);
        }
        let at = self.pos;
        match self.head()? {
            Head::Bytes(Some(len)) => self.bytes_literal(len, at).map(Cow::Borrowed),
            Head::Bytes(None) => {
                let mut joined = Vec::new();
                self.chunks(Major::Bytes, |r, len, chunk_at| {
                    joined.extend_from_slice(r.bytes_literal(len, chunk_at)?);
                    Ok(())
                })?;
                Ok(Cow::Owned(joined))
            }
            other => self.nested(other, at, "byte string", Self::byte_buf),
        }
    }

    /// Reads the chunks of an indefinite-length string whose head was just
    /// consumed, through the break.
    pub(crate) fn chunks(
        &mut self,
        major: Major,
        mut each: impl FnMut(&mut Self, u64, usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        loop {
            let at = self.pos;
            let head = self.head()?;
            match (major, head) {
                (_, Head::Break) => return Ok(()),
                (Major::Bytes, Head::Bytes(Some(len))) | (Major::Text, Head::Text(Some(len))) => {
                    each(self, len, at)?
                }
                _ => return Err(Error::new(ErrorKind::BadIndefiniteChunk, at)),
            }
        }
    }
}

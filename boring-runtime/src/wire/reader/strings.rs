//! Text and byte strings: zero-copy literals, indefinite-length chunks and
//! stringref resolution.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::wire::head::{Head, Major};

impl<'de> Reader<'de> {
    /// Whether the next bytes are a stringref (`d8 19`) inside a namespace.
    #[inline]
    pub(super) fn at_reference(&self) -> bool {
        self.strings.active()
            && self.input.get(self.pos) == Some(&0xd8)
            && self.input.get(self.pos + 1) == Some(&0x19)
    }

    /// Consumes a stringref at the current position when it resolves to the
    /// text `expected`: the derive's key fast path inside a namespace, a
    /// byte comparison in place of decoding the key. Consumes nothing
    /// otherwise.
    #[inline]
    pub fn take_reference_to(&mut self, expected: &[u8]) -> bool {
        if !self.at_reference() {
            return false;
        }
        // Indices below 24 are in the byte after the tag.
        let (index, next) = match self.input.get(self.pos + 2) {
            Some(&b @ 0..=23) => (u64::from(b), self.pos + 3),
            _ => match self.parse_head(self.pos + 2) {
                Ok((Head::Unsigned(index), next)) => (index, next),
                _ => return false,
            },
        };
        match self.strings.get(index) {
            // A key registered from a derived type's constant is that very
            // constant: the same address answers without comparing bytes.
            Some(crate::wire::stringref::Entry::Text(text))
                if core::ptr::eq(text.as_bytes(), expected) || text.as_bytes() == expected =>
            {
                self.pos = next;
                self.references += 1;
                true
            }
            _ => false,
        }
    }

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
        self.pos += 2;
        let index = match self.head()? {
            Head::Unsigned(i) => i,
            _ => return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at)),
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

    /// Resolves a reference to text.
    #[inline]
    pub(super) fn text_reference(&mut self) -> Result<&'de str, Error> {
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
    #[inline]
    pub fn str(&mut self) -> Result<&'de str, Error> {
        if self.at_reference() {
            return self.text_reference();
        }
        let at = self.pos;
        match self.head()? {
            Head::Text(Some(len)) => self.text_literal(len, at),
            Head::Text(None) => Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "definite-length text (to borrow)",
                    found: "indefinite-length text",
                },
                at,
            )),
            other => Err(self.unexpected("text string", &other, at)),
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
    pub fn text(&mut self) -> Result<Cow<'de, str>, Error> {
        if self.at_reference() {
            return self.str().map(Cow::Borrowed);
        }
        let at = self.pos;
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
            other => Err(self.unexpected("text string", &other, at)),
        }
    }

    /// A definite-length byte string, borrowed.
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
            other => Err(self.unexpected("byte string", &other, at)),
        }
    }

    #[inline]
    pub(super) fn bytes_literal(&mut self, len: u64, at: usize) -> Result<&'de [u8], Error> {
        let bytes = self.take(len, at)?;
        self.strings.register_bytes(bytes);
        Ok(bytes)
    }

    /// A byte string of either length form.
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
            other => Err(self.unexpected("byte string", &other, at)),
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

//! The [`Reader`]: heads, zero-copy strings, stringref resolution, depth and
//! count limits, and skipping without building.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::head::{Head, Major, Simple};
use super::stringref::ReadTable;
use crate::error::{Error, ErrorKind};
use crate::profile::{Options, Resolved};

/// The largest count a container or string may declare (2^31 − 1).
const MAX_COUNT: u64 = i32::MAX as u64;

/// Reads CBOR from a byte slice. Text and byte strings are borrowed from the
/// input; every error carries the byte offset where it was found.
///
/// The reader enforces the limits of its options: nesting depth (every
/// array, map and tag level counts), declared counts against the bytes left
/// (checked before anything is allocated), and the item budget.
#[derive(Debug)]
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    opts: Resolved,
    depth: usize,
    items_left: u64,
    strings: ReadTable<'de>,
    references: u64,
}

/// Iteration state of an array or map being read: definite (`remaining`
/// entries) or indefinite (until a break).
#[derive(Debug, Clone, Copy)]
pub struct Seq {
    remaining: Option<u64>,
    done: bool,
}

impl Seq {
    /// The declared number of entries (pairs for a map), or `None` for an
    /// indefinite-length container.
    pub fn declared(&self) -> Option<u64> {
        self.remaining
    }

    /// A capacity to reserve: the declared count, which the reader has
    /// already checked against the bytes left.
    pub fn size_hint(&self) -> usize {
        self.remaining.unwrap_or(0) as usize
    }

    /// Advances to the next entry: `true` if there is one, `false` at the end
    /// (after which the container's depth level is released).
    #[inline]
    pub fn next(&mut self, r: &mut Reader<'_>) -> Result<bool, Error> {
        if self.done {
            return Ok(false);
        }
        let more = match &mut self.remaining {
            Some(0) => false,
            Some(n) => {
                *n -= 1;
                true
            }
            None => {
                if r.peek()? == 0xff {
                    r.pos += 1;
                    false
                } else {
                    true
                }
            }
        };
        if more {
            r.charge(1)?;
        } else {
            self.done = true;
            r.leave();
        }
        Ok(more)
    }

    /// Requires the container to be exhausted (for fixed-size targets).
    pub fn finish(mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        if self.next(r)? {
            Err(r.error(ErrorKind::BadCount))
        } else {
            Ok(())
        }
    }
}

impl<'de> Reader<'de> {
    /// A reader over `input` with the default options.
    pub fn new(input: &'de [u8]) -> Self {
        Reader::with_resolved(input, Resolved::default())
    }

    /// A reader over `input` with `options`, refused when they do not
    /// resolve.
    pub fn with_options(input: &'de [u8], options: &Options) -> Result<Self, Error> {
        Ok(Reader::with_resolved(input, options.resolve()?))
    }

    /// A reader over `input` with options already resolved.
    pub fn with_resolved(input: &'de [u8], opts: Resolved) -> Self {
        Reader {
            input,
            pos: 0,
            items_left: opts.max_items.unwrap_or(u64::MAX),
            opts,
            depth: 0,
            strings: ReadTable::default(),
            references: 0,
        }
    }

    /// The resolved options.
    #[inline]
    pub fn options(&self) -> &Resolved {
        &self.opts
    }

    /// The whole input.
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// The offset of the next byte to read.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The unread rest of the input.
    pub fn rest(&self) -> &'de [u8] {
        &self.input[self.pos..]
    }

    /// Moves to `offset` (clamped to the input's end).
    pub(crate) fn seek(&mut self, offset: usize) {
        self.pos = offset.min(self.input.len());
    }

    /// Takes the payload of a definite string whose head (at `head_at`)
    /// was just read, checking its length against the bytes left; nothing
    /// is registered or validated.
    pub fn payload(&mut self, len: u64, head_at: usize) -> Result<&'de [u8], Error> {
        self.take(len, head_at)
    }

    /// Whether the whole input has been read.
    pub fn is_at_end(&self) -> bool {
        self.pos >= self.input.len()
    }

    /// An error of `kind` at the current offset.
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    /// An "expected X, found Y" error at `offset`.
    #[cold]
    pub fn unexpected(&self, expected: &'static str, found: &Head, offset: usize) -> Error {
        Error::new(
            ErrorKind::UnexpectedType {
                expected,
                found: found.describe(),
            },
            offset,
        )
    }

    /// The next byte, not consumed.
    #[inline]
    pub fn peek(&self) -> Result<u8, Error> {
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.error(ErrorKind::Truncated)),
        }
    }

    /// The next head, not consumed.
    pub fn peek_head(&self) -> Result<Head, Error> {
        let (head, _) = self.parse_head(self.pos)?;
        Ok(head)
    }

    /// Reads one head, validating the reserved encodings.
    #[inline]
    pub fn head(&mut self) -> Result<Head, Error> {
        let (head, next) = self.parse_head(self.pos)?;
        self.pos = next;
        Ok(head)
    }

    fn parse_head(&self, at: usize) -> Result<(Head, usize), Error> {
        let initial = match self.input.get(at) {
            Some(&b) => b,
            None => return Err(Error::new(ErrorKind::Truncated, at)),
        };
        let major = Major::of(initial);
        let info = initial & 0x1f;
        let width = match info {
            0..=23 => 0,
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            28..=30 => {
                let kind = if major == Major::Simple {
                    ErrorKind::ReservedSimpleValue
                } else {
                    ErrorKind::ReservedInfo
                };
                return Err(Error::new(kind, at));
            }
            _ => {
                let head = match major {
                    Major::Bytes => Head::Bytes(None),
                    Major::Text => Head::Text(None),
                    Major::Array => Head::Array(None),
                    Major::Map => Head::Map(None),
                    Major::Simple => Head::Break,
                    _ => return Err(Error::new(ErrorKind::ReservedInfo, at)),
                };
                return Ok((head, at + 1));
            }
        };
        let start = at + 1;
        let arg = if width == 0 {
            u64::from(info)
        } else {
            let bytes = self
                .input
                .get(start..start + width)
                .ok_or_else(|| Error::new(ErrorKind::Truncated, at))?;
            bytes.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
        };
        let next = start + width;
        let head = match major {
            Major::Unsigned => Head::Unsigned(arg),
            Major::Negative => Head::Negative(arg),
            Major::Bytes => Head::Bytes(Some(arg)),
            Major::Text => Head::Text(Some(arg)),
            Major::Array => Head::Array(Some(arg)),
            Major::Map => Head::Map(Some(arg)),
            Major::Tag => Head::Tag(arg),
            Major::Simple => Head::Simple(match info {
                20 => Simple::Bool(false),
                21 => Simple::Bool(true),
                22 => Simple::Null,
                23 => Simple::Undefined,
                24 if arg < 32 => return Err(Error::new(ErrorKind::MalformedSimpleValue, at)),
                24 => Simple::Other(arg as u8),
                25 => Simple::F16(arg as u16),
                26 => Simple::F32(f32::from_bits(arg as u32)),
                27 => Simple::F64(f64::from_bits(arg)),
                _ => Simple::Other(info),
            }),
        };
        Ok((head, next))
    }

    /// Takes `len` bytes of string payload; a length the input cannot hold
    /// is a count error.
    #[inline]
    fn take(&mut self, len: u64, head_at: usize) -> Result<&'de [u8], Error> {
        let left = (self.input.len() - self.pos) as u64;
        if len > left || len > MAX_COUNT {
            return Err(Error::new(ErrorKind::BadCount, head_at));
        }
        let start = self.pos;
        self.pos += len as usize;
        Ok(&self.input[start..self.pos])
    }

    /// Checks a container's declared count against the bytes left (each
    /// element needs at least `min_bytes`).
    #[inline]
    fn check_count(&self, count: u64, min_bytes: u64, head_at: usize) -> Result<(), Error> {
        let left = (self.input.len() - self.pos) as u64;
        if count > MAX_COUNT || count * min_bytes > left {
            return Err(Error::new(ErrorKind::BadCount, head_at));
        }
        Ok(())
    }

    /// Enters one nesting level (array, map or tag).
    #[inline]
    pub fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= self.opts.max_depth {
            return Err(self.error(ErrorKind::DepthExceeded));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaves a nesting level entered with [`Reader::enter`].
    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The current nesting depth.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Charges `n` items against the budget.
    #[inline]
    pub fn charge(&mut self, n: u64) -> Result<(), Error> {
        match self.items_left.checked_sub(n) {
            Some(left) => {
                self.items_left = left;
                Ok(())
            }
            None => Err(self.error(ErrorKind::LimitExceeded)),
        }
    }

    // ----- scalars -------------------------------------------------------

    /// An unsigned integer that fits `u64`.
    pub fn u64(&mut self) -> Result<u64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Unsigned(v) => Ok(v),
            Head::Negative(_) => Err(Error::new(ErrorKind::OutOfRange, at)),
            Head::Tag(2 | 3) => self
                .bignum_tail(at)
                .and_then(|v| u64::try_from(v).map_err(|_| Error::new(ErrorKind::OutOfRange, at))),
            other => Err(self.unexpected("integer", &other, at)),
        }
    }

    /// A signed integer that fits `i64`.
    pub fn i64(&mut self) -> Result<i64, Error> {
        let at = self.pos;
        let v = self.i128()?;
        i64::try_from(v).map_err(|_| Error::new(ErrorKind::OutOfRange, at))
    }

    /// Any integer that fits `i128`, including bignums (tags 2 and 3).
    pub fn i128(&mut self) -> Result<i128, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Unsigned(v) => Ok(i128::from(v)),
            Head::Negative(n) => Ok(-1 - i128::from(n)),
            Head::Tag(2 | 3) => self.bignum_tail(at),
            other => Err(self.unexpected("integer", &other, at)),
        }
    }

    /// Any non-negative integer that fits `u128`, including bignums.
    pub fn u128(&mut self) -> Result<u128, Error> {
        let at = self.pos;
        match self.peek_head()? {
            Head::Tag(2) => {
                self.head()?;
                let digits = self.bytes_in_tag(2, at)?;
                magnitude(digits).ok_or_else(|| Error::new(ErrorKind::OutOfRange, at))
            }
            _ => {
                let v = self.i128()?;
                u128::try_from(v).map_err(|_| Error::new(ErrorKind::OutOfRange, at))
            }
        }
    }

    fn bignum_tail(&mut self, at: usize) -> Result<i128, Error> {
        let tag = match self.input[at] & 0x1f {
            2 => 2,
            _ => 3,
        };
        let digits = self.bytes_in_tag(tag, at)?;
        let m = magnitude(digits)
            .and_then(|m| i128::try_from(m).ok())
            .ok_or_else(|| Error::new(ErrorKind::OutOfRange, at))?;
        Ok(if tag == 2 { m } else { -1 - m })
    }

    fn bytes_in_tag(&mut self, tag: u64, at: usize) -> Result<Cow<'de, [u8]>, Error> {
        self.enter()?;
        let content = match self.peek_head()? {
            Head::Bytes(_) => self.byte_buf()?,
            _ => return Err(Error::new(ErrorKind::BadTagContent { tag }, at)),
        };
        self.leave();
        Ok(content)
    }

    /// A float of any width, widened to `f64`.
    pub fn f64(&mut self) -> Result<f64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::F64(v)) => Ok(v),
            Head::Simple(Simple::F32(v)) => Ok(f64::from(v)),
            Head::Simple(Simple::F16(bits)) => Ok(super::float::f16_to_f64(bits)),
            other => Err(self.unexpected("float", &other, at)),
        }
    }

    /// A float that an `f32` holds exactly (half and single always; a double
    /// only when it narrows without loss).
    pub fn f32(&mut self) -> Result<f32, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::F32(v)) => Ok(v),
            Head::Simple(Simple::F16(bits)) => Ok(super::float::f16_to_f64(bits) as f32),
            Head::Simple(Simple::F64(v)) if v.is_nan() => Ok(v as f32),
            Head::Simple(Simple::F64(v)) => super::float::f64_to_f32_exact(v)
                .ok_or_else(|| Error::new(ErrorKind::OutOfRange, at)),
            other => Err(self.unexpected("float", &other, at)),
        }
    }

    /// `true` or `false`.
    pub fn bool(&mut self) -> Result<bool, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::Bool(b)) => Ok(b),
            other => Err(self.unexpected("boolean", &other, at)),
        }
    }

    /// Whether the next item is `null` or `undefined` (not consumed).
    #[inline]
    pub fn peek_null(&self) -> bool {
        matches!(self.input.get(self.pos), Some(0xf6 | 0xf7))
    }

    /// Consumes `null` or `undefined`.
    pub fn null(&mut self) -> Result<(), Error> {
        let at = self.pos;
        match self.head()? {
            Head::Simple(Simple::Null | Simple::Undefined) => Ok(()),
            other => Err(self.unexpected("null", &other, at)),
        }
    }

    // ----- strings -------------------------------------------------------

    /// Whether the next bytes are a stringref (`d8 19`) inside a namespace.
    #[inline]
    fn at_reference(&self) -> bool {
        self.strings.active()
            && self.input.get(self.pos) == Some(&0xd8)
            && self.input.get(self.pos + 1) == Some(&0x19)
    }

    /// Resolves the stringref at the current position.
    fn reference(&mut self, want_text: bool) -> Result<&'de [u8], Error> {
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
        if entry.is_text != want_text {
            let found = if entry.is_text {
                "text string"
            } else {
                "byte string"
            };
            let expected = if want_text {
                "text string"
            } else {
                "byte string"
            };
            return Err(Error::new(
                ErrorKind::UnexpectedType { expected, found },
                at,
            ));
        }
        Ok(entry.bytes)
    }

    /// A definite-length text string (or a reference to one), borrowed.
    /// An indefinite-length string cannot be borrowed: use [`Reader::text`].
    #[inline]
    pub fn str(&mut self) -> Result<&'de str, Error> {
        if self.at_reference() {
            let bytes = self.reference(true)?;
            return core::str::from_utf8(bytes).map_err(|_| self.error(ErrorKind::InvalidUtf8));
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
    fn text_literal(&mut self, len: u64, at: usize) -> Result<&'de str, Error> {
        let payload_at = self.pos;
        let bytes = self.take(len, at)?;
        let text = core::str::from_utf8(bytes)
            .map_err(|e| Error::new(ErrorKind::InvalidUtf8, payload_at + e.valid_up_to()))?;
        self.strings.register(bytes, true);
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
            return self.reference(false);
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
    fn bytes_literal(&mut self, len: u64, at: usize) -> Result<&'de [u8], Error> {
        let bytes = self.take(len, at)?;
        self.strings.register(bytes, false);
        Ok(bytes)
    }

    /// A byte string of either length form.
    pub fn byte_buf(&mut self) -> Result<Cow<'de, [u8]>, Error> {
        if self.at_reference() {
            return self.reference(false).map(Cow::Borrowed);
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

    // ----- containers ----------------------------------------------------

    /// Starts reading an array: checks its count and enters a depth level.
    #[inline]
    pub fn array(&mut self) -> Result<Seq, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Array(len) => self.open(len, 1, at),
            other => Err(self.unexpected("array", &other, at)),
        }
    }

    /// Starts reading a map: checks its count and enters a depth level.
    #[inline]
    pub fn map(&mut self) -> Result<Seq, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Map(len) => self.open(len, 2, at),
            other => Err(self.unexpected("map", &other, at)),
        }
    }

    /// Opens a container whose head (at `at`) was just read.
    pub fn open(&mut self, len: Option<u64>, min_bytes: u64, at: usize) -> Result<Seq, Error> {
        if let Some(n) = len {
            self.check_count(n, min_bytes, at)?;
        }
        self.enter()?;
        Ok(Seq {
            remaining: len,
            done: false,
        })
    }

    /// Reads a tag head and returns its number (the content follows).
    pub fn tag(&mut self) -> Result<u64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Tag(t) => Ok(t),
            other => Err(self.unexpected("tag", &other, at)),
        }
    }

    /// The number of the tag at the current position, if the next item is
    /// one (not consumed).
    pub fn peek_tag(&self) -> Option<u64> {
        match self.peek_head() {
            Ok(Head::Tag(t)) => Some(t),
            _ => None,
        }
    }

    /// Requires tag `expected` and consumes its head.
    pub fn expect_tag(&mut self, expected: u64) -> Result<(), Error> {
        let at = self.pos;
        match self.peek_head()? {
            Head::Tag(t) if t == expected => {
                self.head()?;
                Ok(())
            }
            Head::Tag(t) => Err(Error::new(
                ErrorKind::WrongTag {
                    expected,
                    found: Some(t),
                },
                at,
            )),
            _ => Err(Error::new(
                ErrorKind::WrongTag {
                    expected,
                    found: None,
                },
                at,
            )),
        }
    }

    // ----- stringref namespaces ------------------------------------------

    /// Opens a stringref namespace (after its tag-256 head) and enters a
    /// depth level.
    pub fn enter_namespace(&mut self) -> Result<(), Error> {
        self.enter()?;
        self.strings.enter();
        Ok(())
    }

    /// Closes the namespace opened by [`Reader::enter_namespace`].
    pub fn leave_namespace(&mut self) {
        self.strings.leave();
        self.leave();
    }

    /// Whether a stringref namespace is open.
    pub fn in_namespace(&self) -> bool {
        self.strings.active()
    }

    /// Resolves stringref index `index` in the current namespace: the bytes
    /// and whether they are text.
    pub fn resolve_reference(&mut self, index: u64, at: usize) -> Result<(&'de [u8], bool), Error> {
        if !self.strings.active() {
            return Err(Error::new(ErrorKind::BadStringref, at));
        }
        let entry = self
            .strings
            .get(index)
            .ok_or_else(|| Error::new(ErrorKind::BadStringref, at))?;
        self.references += 1;
        Ok((entry.bytes, entry.is_text))
    }

    /// Registers a string literal read through [`Reader::head`] by a caller
    /// that takes payloads itself.
    pub(crate) fn take_string(
        &mut self,
        len: u64,
        at: usize,
        text: bool,
    ) -> Result<&'de [u8], Error> {
        if text {
            self.text_literal(len, at).map(str::as_bytes)
        } else {
            self.bytes_literal(len, at)
        }
    }

    /// A snapshot of the reader's position and stringref state, for
    /// decoders that try alternatives.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth: self.depth,
            items_left: self.items_left,
            strings: self.strings.snapshot(),
        }
    }

    /// Returns to a [`Checkpoint`].
    pub fn rewind(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth = cp.depth;
        self.items_left = cp.items_left;
        self.strings.restore(cp.strings);
    }

    /// How many stringrefs this reader has resolved so far: a decoder that
    /// keeps raw bytes compares it before and after, since bytes holding a
    /// reference mean nothing outside their document.
    pub fn references_resolved(&self) -> u64 {
        self.references
    }

    /// Skips one item and returns its bytes, head included. An item that
    /// holds a stringref is refused: its bytes would not mean the same
    /// anywhere else.
    pub fn skip_raw(&mut self) -> Result<&'de [u8], Error> {
        let start = self.pos;
        let before = self.references;
        self.skip()?;
        if self.references != before {
            return Err(Error::new(ErrorKind::StringrefInRaw, start));
        }
        Ok(&self.input[start..self.pos])
    }

    // ----- skipping ------------------------------------------------------

    /// Skips one item without building it, iteratively (no recursion),
    /// validating its structure and registering its string literals.
    pub fn skip(&mut self) -> Result<(), Error> {
        // Each frame: entries left (None = indefinite), and whether the
        // frame is a stringref namespace (closed when its item ends).
        let mut stack: Vec<Frame> = Vec::new();
        let base_depth = self.depth;
        let result = self.skip_loop(&mut stack);
        if result.is_err() {
            // Restore what the frames held open.
            for frame in stack.iter().rev() {
                if frame.namespace {
                    self.strings.leave();
                }
            }
            self.depth = base_depth;
        }
        result
    }

    fn skip_loop(&mut self, stack: &mut Vec<Frame>) -> Result<(), Error> {
        loop {
            let at = self.pos;
            let head = self.head()?;
            let mut complete = true;
            match head {
                Head::Unsigned(_) | Head::Negative(_) | Head::Simple(_) => {}
                Head::Bytes(Some(len)) => {
                    self.bytes_literal(len, at)?;
                }
                Head::Text(Some(len)) => {
                    self.text_literal(len, at)?;
                }
                Head::Bytes(None) => {
                    self.chunks(Major::Bytes, |r, len, a| r.bytes_literal(len, a).map(drop))?
                }
                Head::Text(None) => {
                    self.chunks(Major::Text, |r, len, a| r.text_literal(len, a).map(drop))?
                }
                Head::Array(len) | Head::Map(len) => {
                    let pairs = matches!(head, Head::Map(_));
                    let seq = self.open(len, if pairs { 2 } else { 1 }, at)?;
                    let remaining = seq.remaining.map(|n| if pairs { n * 2 } else { n });
                    if remaining != Some(0) {
                        stack.push(Frame {
                            remaining,
                            pairs,
                            odd: false,
                            namespace: false,
                        });
                        complete = false;
                    } else {
                        self.leave();
                    }
                }
                Head::Tag(tag) => {
                    self.enter()?;
                    if tag == 25 && self.strings.active() {
                        match self.head()? {
                            Head::Unsigned(i) => {
                                self.resolve_reference(i, at)?;
                            }
                            _ => return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at)),
                        }
                        self.leave();
                    } else {
                        let namespace = tag == 256;
                        if namespace {
                            self.strings.enter();
                        }
                        stack.push(Frame {
                            remaining: Some(1),
                            pairs: false,
                            odd: false,
                            namespace,
                        });
                        complete = false;
                    }
                }
                Head::Break => {
                    match stack.last_mut() {
                        Some(frame) if frame.remaining.is_none() && !frame.odd => {
                            stack.pop();
                            self.leave();
                        }
                        _ => return Err(Error::new(ErrorKind::UnexpectedBreak, at)),
                    }
                    // A closed indefinite container completes an item of its
                    // parent.
                }
            }
            if !complete {
                continue;
            }
            // One item finished: count it against the enclosing frames.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return Ok(());
                };
                match &mut frame.remaining {
                    Some(n) => {
                        *n -= 1;
                        if frame.pairs {
                            frame.odd = !frame.odd;
                        }
                        if *n == 0 {
                            let frame = stack.pop().unwrap_or_default();
                            if frame.namespace {
                                self.strings.leave();
                            }
                            self.leave();
                            continue;
                        }
                    }
                    None => {
                        if frame.pairs {
                            frame.odd = !frame.odd;
                        }
                    }
                }
                break;
            }
        }
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Frame {
    remaining: Option<u64>,
    pairs: bool,
    odd: bool,
    namespace: bool,
}

/// A saved reader state; see [`Reader::checkpoint`].
#[derive(Debug, Clone, Copy)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
    items_left: u64,
    strings: (usize, usize),
}

/// The magnitude of a bignum's big-endian digits, if it fits `u128`.
fn magnitude(digits: Cow<'_, [u8]>) -> Option<u128> {
    let digits = &digits[..];
    let start = digits.iter().position(|&b| b != 0).unwrap_or(digits.len());
    let significant = &digits[start..];
    if significant.len() > 16 {
        return None;
    }
    Some(
        significant
            .iter()
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b)),
    )
}

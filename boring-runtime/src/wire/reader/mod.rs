//! The [`Reader`]: heads, zero-copy strings, stringref resolution, depth and
//! count limits, and skipping without building.

mod header_memo;
mod scalars;
mod skip;
mod strings;

use super::head::{Head, Major, Simple};
use super::stringref::ReadTable;
use crate::error::{Error, ErrorKind};
use crate::profile::{Options, Resolved};
use crate::value::scattered::ShapeTable;
use crate::value::{TagHandler, TagRegistry, Value};
use alloc::boxed::Box;
use alloc::sync::Arc;

/// The largest count a container or string may declare (2^31 − 1).
const MAX_COUNT: u64 = i32::MAX as u64;

/// The capacity [`Seq::capacity`] reserves when the output budget cannot
/// cover the declared count: a start the vector grows from as elements
/// actually arrive.
const UNCHARGED_CAPACITY: u64 = 16;

/// How many pointers may be entered one inside another without reading a
/// byte: far more than any type nests without recursing, and small enough
/// that an untagged enum with two `Box<Self>` variants, which tries both at
/// every step, gives up after 2^8 attempts.
const POINTER_RUN: usize = 8;

/// The innermost run of pointers entered at one position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PointerRun {
    at: usize,
    run: usize,
}

/// Reads CBOR from a byte slice. Text and byte strings are borrowed from the
/// input; every error carries the byte offset where it was found.
///
/// The reader enforces the limits of its options: nesting depth (every
/// array, map and tag level counts), declared counts against the bytes left
/// (checked before anything is allocated), the item budget and the output
/// budget.
///
/// Most code decodes with [`from_slice`](crate::from_slice); a `Reader` is
/// for walking items by hand, or for hand-written [`Decode`](crate::Decode)
/// impls.
///
/// ```
/// use boring::Reader;
///
/// let bytes = [0x82, 0x63, b'a', b'b', b'c', 0xf5]; // ["abc", true]
/// let mut r = Reader::new(&bytes);
/// let mut items = r.array()?;
/// assert_eq!(items.declared(), Some(2));
/// assert!(items.next(&mut r)?);
/// assert_eq!(r.str()?, "abc"); // borrowed from `bytes`
/// assert!(items.next(&mut r)?);
/// assert!(r.bool()?);
/// assert!(!items.next(&mut r)?);
/// assert!(r.is_at_end());
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// Every method that reads a head fails on malformed input, at the head's
/// offset: [`ErrorKind::Truncated`] when the input ends inside it,
/// [`ErrorKind::ReservedInfo`], [`ErrorKind::ReservedSimpleValue`] or
/// [`ErrorKind::MalformedSimpleValue`] for an encoding RFC 8949 reserves.
/// The scalar, string and container readers also read through a stringref
/// namespace (tag 256) around their item, which takes a depth level
/// ([`ErrorKind::DepthExceeded`] past [`Options::max_depth`]). Each method
/// names what else it fails with.
#[derive(Debug)]
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    opts: Resolved,
    depth: usize,
    /// The pointers being decoded at one position: see
    /// [`Reader::enter_pointer`].
    pointer_run: PointerRun,
    /// Bytes read and then given back by alternatives that failed: see
    /// [`Reader::retry_from`].
    retried: u64,
    items_left: u64,
    output_left: u64,
    strings: ReadTable<'de>,
    references: u64,
    /// Scattered-shape definitions (tag 39650) of the current top-level
    /// item, allocated at the first: a reader is on the stack once per
    /// embedded document, and most documents hold none.
    shapes: Option<Box<ShapeTable>>,
    /// The options' tag registry, for `Value` decoding and dumps.
    tags: Option<Arc<TagRegistry>>,
    /// The last table header matched to a derived type.
    header_memo: header_memo::HeaderMemo,
}

/// Iteration state of an array or map being read: definite (`remaining`
/// entries) or indefinite (until a break).
///
/// One word, so that `Result<Seq, Error>` comes back in registers: returned
/// through memory as a struct of mixed-width fields, the caller's first wide
/// load of it missed store forwarding and stalled on every container.
#[derive(Debug, Clone, Copy)]
pub struct Seq(u64);

// Bits 0–31 of a `Seq`: entries left of a definite container (counts are
// refused past 2^31 − 1, so they fit); then one flag each, and the stringref
// namespaces (tag 256) around the container, closed with it, in 40–47.
const COUNT: u64 = 0xffff_ffff;
const INDEFINITE: u64 = 1 << 32;
const DONE: u64 = 1 << 33;
const NAMESPACES_SHIFT: u32 = 40;

impl Seq {
    /// A sequence of `len` entries (`None`: indefinite), not yet read.
    #[inline(always)]
    fn new(len: Option<u64>) -> Seq {
        match len {
            Some(n) => Seq(n & COUNT),
            None => Seq(INDEFINITE),
        }
    }

    /// The stringref namespaces this container closes.
    #[inline(always)]
    fn namespaces(self) -> u8 {
        (self.0 >> NAMESPACES_SHIFT) as u8
    }

    /// Whether the end was reached (no entry is left to read).
    #[inline(always)]
    pub(crate) fn finished(&self) -> bool {
        self.0 & DONE != 0
    }

    /// The declared number of entries (pairs for a map), or `None` for an
    /// indefinite-length container.
    pub fn declared(&self) -> Option<u64> {
        if self.0 & INDEFINITE != 0 {
            None
        } else {
            Some(self.0 & COUNT)
        }
    }

    /// The declared count, 0 for an indefinite length. Checked against the
    /// bytes left, but so is every enclosing count: reserve with
    /// [`Seq::capacity`], which does not let nested reservations multiply.
    pub fn size_hint(&self) -> usize {
        self.declared().unwrap_or(0) as usize
    }

    /// A capacity to reserve for elements of type `T`: the declared count
    /// when the reader's output budget covers it (it is charged), else a
    /// small start that grows as elements arrive. Never an error: a
    /// document that does hold its elements is not refused for what its
    /// counts promised.
    #[inline]
    pub fn capacity<T>(&self, r: &mut Reader<'_>) -> usize {
        r.capacity_for::<T>(self.declared().unwrap_or(0))
    }

    /// A finished sequence with nothing to read (a placeholder for a
    /// container read another way).
    pub(crate) fn empty() -> Seq {
        Seq(DONE)
    }

    /// Advances to the next entry: `true` if there is one, `false` at the end
    /// (after which the container's depth level is released).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Truncated`] when the input ends before an indefinite-length
    /// container's break; [`ErrorKind::LimitExceeded`] when its entry passes
    /// the item budget ([`Options::max_items`]); a definite container's
    /// entries are charged when [`Reader::array`] or [`Reader::map`] opens it.
    #[inline]
    pub fn next(&mut self, r: &mut Reader<'_>) -> Result<bool, Error> {
        // A definite container with entries left, the common case, in one
        // test: an indefinite or finished container's count is zero. Its
        // entries were charged when it opened.
        if self.0 & COUNT != 0 {
            self.0 -= 1;
            return Ok(true);
        }
        if self.0 & DONE != 0 {
            return Ok(false);
        }
        let more = if self.0 & INDEFINITE != 0 {
            if r.peek()? == 0xff {
                r.pos += 1;
                false
            } else {
                true
            }
        } else {
            false
        };
        if more {
            r.charge(1)?;
        } else {
            self.0 |= DONE;
            r.leave();
            if self.namespaces() != 0 {
                r.leave_namespaces(self.namespaces());
            }
        }
        Ok(more)
    }

    /// Requires the container to be exhausted (for fixed-size targets).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BadCount`] when entries are left; otherwise as
    /// [`Seq::next`].
    #[inline]
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
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidOptions`] (with no byte offset) when `options` asks
    /// for something its profile locks off (see [`Options::resolve`]).
    pub fn with_options(input: &'de [u8], options: &Options) -> Result<Self, Error> {
        let mut r = Reader::with_resolved(input, options.resolve()?);
        r.tags = options.tags().cloned();
        Ok(r)
    }

    #[doc(hidden)]
    /// A reader over `input` with options already resolved.
    pub fn with_resolved(input: &'de [u8], opts: Resolved) -> Self {
        Reader {
            input,
            pos: 0,
            items_left: opts.max_items.unwrap_or(u64::MAX),
            output_left: opts.output_budget.bytes_for(input.len()),
            opts,
            depth: 0,
            pointer_run: PointerRun {
                at: usize::MAX,
                run: 0,
            },
            retried: 0,
            strings: ReadTable::default(),
            references: 0,
            shapes: None,
            tags: None,
            header_memo: header_memo::HeaderMemo::default(),
        }
    }

    /// The options' tag registry, shared.
    pub(crate) fn tag_registry(&self) -> Option<Arc<TagRegistry>> {
        self.tags.clone()
    }

    /// The registered handler of `tag`, if the options hold one.
    #[inline]
    pub(crate) fn tag_handler(&self, tag: u64) -> Option<&TagHandler> {
        self.tags.as_deref()?.get(tag)
    }

    /// The resolved options.
    #[inline]
    pub fn options(&self) -> &Resolved {
        &self.opts
    }

    /// The whole input.
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// The offset of the next byte to read.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The unread rest of the input.
    #[inline]
    pub fn rest(&self) -> &'de [u8] {
        &self.input[self.pos..]
    }

    /// Moves to `offset` (clamped to the input's end).
    #[inline]
    pub(crate) fn seek(&mut self, offset: usize) {
        self.pos = offset.min(self.input.len());
    }

    /// Reads the item at `at`, read once already, with `read`, and comes
    /// back: the way a table header's key is read again for each row that
    /// holds it. Stringrefs resolve as they did; literals are not registered
    /// a second time.
    pub(crate) fn reread<T>(
        &mut self,
        at: usize,
        read: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let back = self.pos;
        let was = self.strings.freeze(true);
        self.seek(at);
        let value = read(self);
        self.strings.freeze(was);
        self.pos = back;
        value
    }

    #[doc(hidden)]
    /// Takes the payload of a definite string whose head (at `head_at`)
    /// was just read, checking its length against the bytes left; nothing
    /// is registered or validated.
    pub fn payload(&mut self, len: u64, head_at: usize) -> Result<&'de [u8], Error> {
        self.take(len, head_at)
    }

    /// Whether the whole input has been read.
    #[inline]
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

    /// What a scalar reader does with a head it cannot take: inside a
    /// stringref namespace (tag 256) the scalar is read in the namespace,
    /// which closes after it; anything else is "expected X, found Y".
    #[cold]
    #[inline(never)]
    pub(super) fn nested<T>(
        &mut self,
        found: Head,
        at: usize,
        expected: &'static str,
        read: fn(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if found != Head::Tag(256) {
            return Err(self.unexpected(expected, &found, at));
        }
        self.enter_namespace()?;
        let value = read(self);
        self.leave_namespace();
        value
    }

    /// [`Reader::nested`] for a container: the namespace closes when the
    /// container's [`Seq`] ends.
    #[cold]
    #[inline(never)]
    fn nested_container(
        &mut self,
        found: Head,
        at: usize,
        expected: &'static str,
        open: fn(&mut Self) -> Result<Seq, Error>,
    ) -> Result<Seq, Error> {
        if found != Head::Tag(256) {
            return Err(self.unexpected(expected, &found, at));
        }
        self.enter_namespace()?;
        let seq = open(self)?;
        let namespaces = seq
            .namespaces()
            .checked_add(1)
            .ok_or_else(|| Error::new(ErrorKind::DepthExceeded, at))?;
        let others = seq.0 & !(0xff << NAMESPACES_SHIFT);
        Ok(Seq(others | u64::from(namespaces) << NAMESPACES_SHIFT))
    }

    /// The next byte, not consumed.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Truncated`] at the end of the input.
    #[inline]
    pub fn peek(&self) -> Result<u8, Error> {
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.error(ErrorKind::Truncated)),
        }
    }

    /// The next head, not consumed.
    ///
    /// # Errors
    ///
    /// A missing or malformed head ([`Reader`](Reader#errors)).
    pub fn peek_head(&self) -> Result<Head, Error> {
        let (head, _) = self.parse_head(self.pos)?;
        Ok(head)
    }

    /// Reads one head, validating the reserved encodings.
    ///
    /// # Errors
    ///
    /// A missing or malformed head ([`Reader`](Reader#errors)).
    #[inline]
    pub fn head(&mut self) -> Result<Head, Error> {
        let (head, next) = self.parse_head(self.pos)?;
        self.pos = next;
        Ok(head)
    }

    #[inline]
    pub(super) fn parse_head(&self, at: usize) -> Result<(Head, usize), Error> {
        parse_head(self.input, at)
    }
}

/// Parses the head at `at` of `input`, validating the reserved encodings:
/// the head and the offset after it.
pub(crate) fn parse_head(input: &[u8], at: usize) -> Result<(Head, usize), Error> {
    let initial = match input.get(at) {
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
        let bytes = input
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

impl<'de> Reader<'de> {
    /// Takes `len` bytes of string payload; a length the input cannot hold
    /// is a count error.
    #[inline]
    pub(super) fn take(&mut self, len: u64, head_at: usize) -> Result<&'de [u8], Error> {
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
    pub(super) fn check_count(
        &self,
        count: u64,
        min_bytes: u64,
        head_at: usize,
    ) -> Result<(), Error> {
        let left = (self.input.len() - self.pos) as u64;
        if count > MAX_COUNT || count * min_bytes > left {
            return Err(Error::new(ErrorKind::BadCount, head_at));
        }
        Ok(())
    }

    /// Enters one nesting level (array, map or tag).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::DepthExceeded`] at the depth limit
    /// ([`Options::max_depth`]).
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

    /// Enters the decoding of a pointer's (`Box`, `Rc`, `Arc`) content,
    /// returning what [`Reader::leave_pointer`] restores.
    ///
    /// Every cycle of a recursive type passes through a pointer or a
    /// collection. A collection opens a level, but a pointer need not: an
    /// untagged enum with a `Box<Self>` variant, or a transparent
    /// `Option<Box<Self>>`, would recurse at one position without end. Such
    /// a cycle reads nothing, so pointers entered one inside another at the
    /// same position are counted, and more than [`POINTER_RUN`] is
    /// `DepthExceeded`; a type with a pointer per level still reaches the
    /// full depth, since each level reads a head first.
    #[inline]
    pub(crate) fn enter_pointer(&mut self) -> Result<PointerRun, Error> {
        let saved = self.pointer_run;
        let run = if saved.at == self.pos {
            saved.run + 1
        } else {
            1
        };
        if run > POINTER_RUN {
            return Err(self.error(ErrorKind::DepthExceeded));
        }
        self.pointer_run = PointerRun { at: self.pos, run };
        Ok(saved)
    }

    /// Leaves a pointer entered with [`Reader::enter_pointer`].
    #[inline]
    pub(crate) fn leave_pointer(&mut self, saved: PointerRun) {
        self.pointer_run = saved;
    }

    #[doc(hidden)]
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

    /// A capacity to reserve for `count` values of type `T` that the input
    /// promises: `count`, charged to the output budget, when the budget
    /// covers it, else a small start (see [`Seq::capacity`]).
    #[inline]
    pub(crate) fn capacity_for<T>(&mut self, count: u64) -> usize {
        let bytes = count.saturating_mul(core::mem::size_of::<T>() as u64);
        match self.output_left.checked_sub(bytes) {
            Some(left) => {
                self.output_left = left;
                count as usize
            }
            None => count.min(UNCHARGED_CAPACITY) as usize,
        }
    }

    #[doc(hidden)]
    /// Charges `bytes` against the output budget: decoders call it where
    /// they allocate on the strength of the input (a string copied out, a
    /// row built, a key cloned), before allocating.
    #[inline]
    pub fn charge_output(&mut self, bytes: usize) -> Result<(), Error> {
        match self.output_left.checked_sub(bytes as u64) {
            Some(left) => {
                self.output_left = left;
                Ok(())
            }
            None => Err(self.error(ErrorKind::LimitExceeded)),
        }
    }

    /// [`Reader::charge_output`] for the item that starts at `at`: running
    /// out is `LimitExceeded` there, where the copy or the rows were asked
    /// for, not where the reader has got to.
    #[inline]
    pub(crate) fn charge_output_at(&mut self, bytes: usize, at: usize) -> Result<(), Error> {
        match self.charge_output(bytes) {
            Ok(()) => Ok(()),
            Err(_) => Err(Error::new(ErrorKind::LimitExceeded, at)),
        }
    }

    #[doc(hidden)]
    /// The bytes of output budget left.
    pub fn output_left(&self) -> u64 {
        self.output_left
    }

    /// A reader over a document embedded in this reader's input (CBOR
    /// inside a byte string): its own positions and string table, but this
    /// reader's options, nesting depth and what is left of its item and
    /// output budgets, so that documents nested in documents restart
    /// neither the depth limit nor the budgets. Hand the budgets back with
    /// [`Reader::absorb_budgets`].
    pub fn embedded<'a>(&self, bytes: &'a [u8]) -> Reader<'a> {
        let mut inner = Reader::with_resolved(bytes, self.opts);
        inner.depth = self.depth;
        inner.items_left = self.items_left;
        inner.output_left = self.output_left;
        inner.tags = self.tags.clone();
        inner
    }

    #[doc(hidden)]
    /// Takes over the budgets an [`embedded`](Reader::embedded) reader
    /// left.
    pub fn absorb_budgets(&mut self, inner: &Reader<'_>) {
        self.items_left = inner.items_left;
        self.output_left = inner.output_left;
    }

    // ----- containers ----------------------------------------------------

    /// Starts reading an array: checks its count and enters a depth level.
    /// Always inlined in optimised builds, as [`Reader::map`] is: a short
    /// array opens with no call, and its `Seq` stays in registers (returned
    /// through memory, it stalled the caller's first load of it). Not in
    /// unoptimised ones, where every inlined copy would widen the frames of
    /// recursive decoders.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for another item; [`ErrorKind::BadCount`]
    /// for a count the bytes left cannot hold (or past 2^31 − 1);
    /// [`ErrorKind::DepthExceeded`] at the depth limit;
    /// [`ErrorKind::LimitExceeded`] when the declared count passes the item
    /// budget ([`Options::max_items`]), which charges a definite array's
    /// elements here, before they are read; and malformed input
    /// ([`Reader`](Reader#errors)).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array(&mut self) -> Result<Seq, Error> {
        let at = self.pos;
        // Up to 23 elements the count is in the initial byte.
        if let Some(&b @ 0x80..=0x97) = self.input.get(at) {
            self.pos = at + 1;
            return self.open_entries(Some(u64::from(b & 0x1f)), 1, at);
        }
        self.array_head(at)
    }

    /// [`Reader::array`] past its fast path.
    #[inline(never)]
    fn array_head(&mut self, at: usize) -> Result<Seq, Error> {
        match self.head()? {
            Head::Array(len) => self.open_entries(len, 1, at),
            other => self.nested_container(other, at, "array", Self::array),
        }
    }

    /// Starts reading a map: checks its count and enters a depth level.
    /// Always inlined: a map of up to 23 entries (the count in the initial
    /// byte) opens with no call; any other head is read out of line.
    ///
    /// # Errors
    ///
    /// As [`Reader::array`].
    #[inline(always)]
    pub fn map(&mut self) -> Result<Seq, Error> {
        let at = self.pos;
        if let Some(&b @ 0xa0..=0xb7) = self.input.get(at) {
            self.pos = at + 1;
            return self.open_entries(Some(u64::from(b & 0x1f)), 2, at);
        }
        self.map_head(at)
    }

    /// [`Reader::map`] past its fast path.
    #[inline(never)]
    fn map_head(&mut self, at: usize) -> Result<Seq, Error> {
        match self.head()? {
            Head::Map(len) => self.open_entries(len, 2, at),
            other => self.nested_container(other, at, "map", Self::map),
        }
    }

    /// [`Reader::open`] for a container read entry by entry through
    /// [`Seq::next`]: a definite one's entries are charged to the item
    /// budget here, all at once, so that the loop over them (every byte of a
    /// `Vec<u8>` written as integers) touches no budget. The count was
    /// checked against the bytes left, so the charge is no more than the
    /// input could hold. Inlined only in optimised builds, as
    /// [`Reader::array`] is.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn open_entries(&mut self, len: Option<u64>, min_bytes: u64, at: usize) -> Result<Seq, Error> {
        let seq = self.open(len, min_bytes, at)?;
        if let Some(n) = len {
            if self.charge(n).is_err() {
                self.leave();
                return Err(Error::new(ErrorKind::LimitExceeded, at));
            }
        }
        Ok(seq)
    }

    #[doc(hidden)]
    /// Opens a container whose head (at `at`) was just read.
    #[inline]
    pub fn open(&mut self, len: Option<u64>, min_bytes: u64, at: usize) -> Result<Seq, Error> {
        if let Some(n) = len {
            self.check_count(n, min_bytes, at)?;
        }
        self.enter()?;
        Ok(Seq::new(len))
    }

    /// Reads a tag head and returns its number (the content follows).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::UnexpectedType`] for an item that is not a tag; and
    /// malformed input ([`Reader`](Reader#errors)).
    pub fn tag(&mut self) -> Result<u64, Error> {
        let at = self.pos;
        match self.head()? {
            Head::Tag(t) => Ok(t),
            other => Err(self.unexpected("tag", &other, at)),
        }
    }

    /// The number of the tag at the current position, if the next item is
    /// one (not consumed).
    #[inline]
    pub fn peek_tag(&self) -> Option<u64> {
        // Most items are not tags: their initial byte says so without a
        // head parse.
        let initial = *self.input.get(self.pos)?;
        if initial >> 5 != 6 {
            return None;
        }
        // The tags of this format's extensions take one or two bytes after
        // the initial byte: read those here, the rest through a head parse.
        match initial {
            0xc0..=0xd7 => return Some(u64::from(initial & 0x1f)),
            0xd8 => return self.input.get(self.pos + 1).map(|&b| u64::from(b)),
            0xd9 => {
                return scalars::be(self.input, self.pos + 1)
                    .map(|b| u64::from(u16::from_be_bytes(b)))
            }
            _ => {}
        }
        match self.peek_head() {
            Ok(Head::Tag(t)) => Some(t),
            _ => None,
        }
    }

    /// Requires tag `expected` and consumes its head.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::WrongTag`] for another tag or an untagged item (nothing is
    /// consumed); and malformed input ([`Reader`](Reader#errors)).
    pub fn expect_tag(&mut self, expected: u64) -> Result<(), Error> {
        let at = self.pos;
        let (head, next) = self.parse_head(at)?;
        match head {
            Head::Tag(t) if t == expected => {
                self.pos = next;
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

    // ----- scattered shapes ------------------------------------------------

    /// The keys of scattered-shape definition `index` of this item, once
    /// it is complete.
    pub(crate) fn shape_keys(&self, index: u64) -> Option<&[Value]> {
        self.shapes.as_ref()?.keys(index)
    }

    /// The scattered-shape definitions, to add to.
    pub(crate) fn shapes_mut(&mut self) -> &mut ShapeTable {
        self.shapes.get_or_insert_with(Box::default)
    }

    /// Starts a top-level item: its shape definitions start from none.
    pub(crate) fn start_item(&mut self) {
        if let Some(shapes) = &mut self.shapes {
            shapes.clear();
        }
    }

    // ----- stringref namespaces ------------------------------------------

    #[doc(hidden)]
    /// Opens a stringref namespace (after its tag-256 head) and enters a
    /// depth level.
    pub fn enter_namespace(&mut self) -> Result<(), Error> {
        self.enter()?;
        self.strings.enter(self.rest().len());
        Ok(())
    }

    #[doc(hidden)]
    /// Runs `read` on the next item inside the stringref namespaces (tag
    /// 256) that wrap it, if any, closing them after it: how a type that
    /// reads its item by a tag of its own (a [`Tagged`](crate::Tagged), a
    /// UUID, a decimal fraction) honours a nested document as `Value`
    /// decoding does. The reader's own scalar and container reads do this
    /// already.
    ///
    /// # Errors
    ///
    /// `read`'s error, or malformed input ([`Reader`](Reader#errors)).
    pub fn namespaced<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut opened = 0usize;
        while self.peek_tag() == Some(256) {
            self.head()?;
            if let Err(e) = self.enter_namespace() {
                self.leave_namespaces_n(opened);
                return Err(e);
            }
            opened += 1;
        }
        let value = read(self);
        self.leave_namespaces_n(opened);
        value
    }

    fn leave_namespaces_n(&mut self, n: usize) {
        for _ in 0..n {
            self.leave_namespace();
        }
    }

    /// Closes the namespace opened by [`Reader::enter_namespace`].
    pub fn leave_namespace(&mut self) {
        self.strings.leave();
        self.leave();
    }

    /// Closes `n` namespaces that a container opened (see
    /// [`Reader::nested_container`]) as it ends.
    #[cold]
    #[inline(never)]
    fn leave_namespaces(&mut self, n: u8) {
        for _ in 0..n {
            self.leave_namespace();
        }
    }

    #[doc(hidden)]
    /// Whether a stringref namespace is open.
    #[inline]
    pub fn in_namespace(&self) -> bool {
        self.strings.active()
    }

    #[doc(hidden)]
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
        Ok((entry.bytes(), entry.is_text()))
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
            output_left: self.output_left,
            strings: self.strings.snapshot(),
            shapes: self.shapes.as_ref().map_or(0, |s| s.len()),
        }
    }

    #[doc(hidden)]
    /// Returns to `cp` after an alternative that failed, charging what it
    /// read (at least a byte) to a budget of 16 times the input plus 4096
    /// bytes. Untagged enums try their variants this way; nested ones whose
    /// variants fail deep inside the input would otherwise retry
    /// exponentially often. A spent budget is `LimitExceeded` at `cp`, and
    /// stays spent ([`Reader::retries_spent`]) so that every enclosing
    /// alternative gives up too.
    pub fn retry_from(&mut self, cp: Checkpoint) -> Result<(), Error> {
        let read = self.pos.saturating_sub(cp.pos) as u64 + 1;
        self.retried = self.retried.saturating_add(read);
        self.rewind(cp);
        if self.retries_spent() {
            return Err(self.error(ErrorKind::LimitExceeded));
        }
        Ok(())
    }

    #[doc(hidden)]
    /// Whether failed alternatives have spent the budget of
    /// [`Reader::retry_from`].
    pub fn retries_spent(&self) -> bool {
        let budget = (self.input.len() as u64).saturating_mul(16) + 4096;
        self.retried > budget
    }

    /// Returns to a [`Checkpoint`].
    pub fn rewind(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth = cp.depth;
        self.items_left = cp.items_left;
        self.output_left = cp.output_left;
        self.strings.restore(cp.strings);
        if let Some(shapes) = &mut self.shapes {
            shapes.truncate(cp.shapes);
        }
    }

    #[doc(hidden)]
    /// How many stringrefs and scattered-shape references this reader has
    /// resolved (or skipped) so far: a decoder that keeps raw bytes compares
    /// it before and after, since bytes holding a reference mean nothing
    /// outside their document.
    pub fn references_resolved(&self) -> u64 {
        self.references
    }

    /// Counts a scattered-shape reference read (see
    /// [`Reader::references_resolved`]).
    pub(crate) fn count_shape_reference(&mut self) {
        self.references += 1;
    }

    /// Skips one item and returns its bytes, head included. An item that
    /// holds a stringref or a scattered-shape reference is refused: its
    /// bytes would not mean the same anywhere else.
    ///
    /// # Errors
    ///
    /// As [`Reader::skip`]; [`ErrorKind::StringrefInRaw`] for an item that
    /// holds a stringref or a scattered-shape reference.
    pub fn skip_raw(&mut self) -> Result<&'de [u8], Error> {
        let start = self.pos;
        let before = self.references;
        self.skip()?;
        if self.references != before {
            return Err(Error::new(ErrorKind::StringrefInRaw, start));
        }
        Ok(&self.input[start..self.pos])
    }
}

/// A saved reader state; see [`Reader::checkpoint`].
#[derive(Debug, Clone, Copy)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
    items_left: u64,
    output_left: u64,
    strings: (usize, usize),
    shapes: usize,
}

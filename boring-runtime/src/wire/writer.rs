//! The [`Writer`]: shortest heads, the float policy and the stringref table,
//! over any [`Sink`].

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::float::{f64_to_f16_exact, f64_to_f32_exact};
use super::head::{encode_head, head_block, short_text_block, Major};
use super::sink::Sink;
use super::stringref::{min_len, WriteTable};
use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::ext::record::census::{self, Census, Planned, Scatter};
use crate::ext::record::Shape;
use crate::profile::{FloatPolicy, KeyOrder, Options, Profile, Resolved};
use crate::value::scattered::MAX_SHAPES;
use crate::value::{TagRegistry, Value};

/// The stringref namespace tag, as written before a top-level item.
const NAMESPACE: [u8; 3] = [0xd9, 0x01, 0x00];

/// Writes CBOR items into a [`Sink`] under options resolved once, at
/// construction.
///
/// A `Writer` is meant to be reused: its buffer and its stringref table keep
/// their capacity, so that after warm-up an encode allocates nothing.
///
/// ```
/// use boring::{Options, Profile, Writer};
/// let mut w = Writer::new(&Options::from(Profile::Interop))?;
/// assert_eq!(w.encode(&[1u8, 2, 3][..])?, &[0x83, 1, 2, 3]);
/// assert_eq!(w.encode(&"hi")?, &[0x62, b'h', b'i']);
///
/// // Options a profile locks off are refused here, not at the first write.
/// let bad = Options::from(Profile::Interop).shapes(true);
/// assert!(Writer::new(&bad).is_err());
/// # Ok::<(), boring::Error>(())
/// ```
///
/// # Errors
///
/// A write fails with its sink's error, and with nothing else unless its
/// method says so: [`ErrorKind::BufferFull`] when a [`SliceSink`] is out of
/// room, [`ErrorKind::Io`] when an [`IoSink`]'s writer fails; a `Vec<u8>`
/// or a [`CountingSink`] never fails. The offset is the output position.
///
/// [`SliceSink`]: crate::wire::SliceSink
/// [`IoSink`]: crate::wire::IoSink
/// [`CountingSink`]: crate::wire::CountingSink
#[derive(Debug)]
pub struct Writer<S = Vec<u8>> {
    sink: S,
    opts: Resolved,
    /// For a sink that counts its own bytes ([`Sink::bytes_taken`]), its
    /// count when this writer started or was last cleared; for any other,
    /// the bytes written since then.
    counted: usize,
    strings: WriteTable,
    in_namespace: bool,
    /// Scattered-shape definitions written in the current top-level item.
    shapes: usize,
    /// The derived records' scattered shapes planned for the current item
    /// (empty when none pays, or the options write none).
    scatter: Vec<Planned>,
    /// Table writers under way: the records in their rows are not
    /// scattered (the census does not visit them).
    rows: u32,
    /// Derived structs write their entries in one straight run: the
    /// profile keeps declaration order and no scattered shape is planned.
    straight: bool,
    /// The options' tag registry, whose checkers see `Value` tags.
    tags: Option<Arc<TagRegistry>>,
    /// The encoded elements of the serde arrays being gathered under a
    /// sorted profile (which must write the count first), innermost last.
    #[cfg(feature = "serde")]
    pub(crate) fragments: Vec<Vec<u8>>,
}

impl Writer<Vec<u8>> {
    /// A writer with its own growable buffer.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidOptions`] when `options` asks for something its
    /// profile locks off (see [`Options::resolve`]).
    #[inline]
    pub fn new(options: &Options) -> Result<Self, Error> {
        Writer::with_sink(Vec::new(), options)
    }

    /// Encodes `value` as one top-level item into the writer's buffer,
    /// replacing what the previous call wrote, and returns the bytes.
    ///
    /// # Errors
    ///
    /// What encoding `value` reports: a value the profile cannot represent
    /// ([`ErrorKind::Unencodable`]), a failing `Encode` impl.
    pub fn encode<T: Encode + ?Sized>(&mut self, value: &T) -> Result<&[u8], Error> {
        self.sink.clear();
        self.counted = 0;
        self.write(value)?;
        Ok(&self.sink)
    }

    /// The bytes written so far.
    pub fn buffer(&self) -> &[u8] {
        &self.sink
    }

    /// Empties the buffer, keeping its capacity.
    pub fn clear(&mut self) {
        self.sink.clear();
        self.counted = 0;
    }
}

impl Default for Writer<Vec<u8>> {
    /// A writer under [`Profile::Default`], which always resolves.
    fn default() -> Self {
        Writer::from_resolved(Vec::new(), Resolved::default())
    }
}

impl<S: Sink> Writer<S> {
    /// A writer into `sink` (a caller's `Vec<u8>`, a [`SliceSink`], an
    /// [`IoSink`], …).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidOptions`] when `options` asks for something its
    /// profile locks off (see [`Options::resolve`]).
    ///
    /// [`SliceSink`]: crate::wire::SliceSink
    /// [`IoSink`]: crate::wire::IoSink
    #[inline]
    pub fn with_sink(sink: S, options: &Options) -> Result<Self, Error> {
        let mut w = Writer::from_resolved(sink, options.resolve()?);
        w.tags = options.tags().cloned();
        Ok(w)
    }

    #[doc(hidden)]
    /// A writer into `sink` with options already resolved (they cannot be
    /// invalid).
    #[inline]
    pub fn from_resolved(sink: S, opts: Resolved) -> Self {
        Writer {
            counted: sink.bytes_taken().unwrap_or(0),
            sink,
            opts,
            strings: WriteTable::default(),
            in_namespace: false,
            shapes: 0,
            scatter: Vec::new(),
            rows: 0,
            straight: opts.key_order == KeyOrder::Insertion,
            tags: None,
            #[cfg(feature = "serde")]
            fragments: Vec::new(),
        }
    }

    /// Runs the registered checker of `tag`, if any, on `content` before a
    /// `Value` tag is written.
    #[inline]
    pub(crate) fn check_tag(&self, tag: u64, content: &Value) -> Result<(), Error> {
        match self.tags.as_deref().and_then(|tags| tags.get(tag)) {
            Some(handler) => handler
                .check(content)
                .map_err(|why| self.error(ErrorKind::Unencodable(why))),
            None => Ok(()),
        }
    }

    /// The resolved options.
    #[inline]
    pub fn options(&self) -> &Resolved {
        &self.opts
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably. Over a sink that counts its own bytes
    /// ([`Sink::bytes_taken`], such as `Vec<u8>`), what is added or removed
    /// here moves [`Writer::position`] too.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Gives the sink back.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Bytes written since construction (or the last `clear`): over a sink
    /// that counts its own bytes, how far its count has moved since then.
    #[inline]
    pub fn position(&self) -> usize {
        match self.sink.bytes_taken() {
            Some(taken) => taken.saturating_sub(self.counted),
            None => self.counted,
        }
    }

    /// Counts `len` bytes just written, unless the sink counts them.
    #[inline(always)]
    fn count(&mut self, len: usize) {
        if self.sink.bytes_taken().is_none() {
            self.counted += len;
        }
    }

    /// Writes `value` as one top-level item: inside its own stringref
    /// namespace (`d9 01 00`) when stringref is on.
    ///
    /// # Errors
    ///
    /// What encoding `value` reports: a value the profile cannot represent
    /// ([`ErrorKind::Unencodable`]), a failing `Encode` impl, the sink's error
    /// (see [`Writer`](Writer#errors)).
    pub fn write<T: Encode + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.shapes = 0;
        if self.opts.stringref {
            self.raw(&NAMESPACE)?;
        }
        let saved = self.plan_item(value);
        let result = if self.opts.stringref {
            self.strings.clear();
            self.in_namespace = true;
            let result = value.encode(self);
            self.in_namespace = false;
            result
        } else {
            value.encode(self)
        };
        self.end_item(saved);
        result
    }

    /// Plans the scattered shapes of an item's records when the options
    /// write them and the type may hold records; returns the state to put
    /// back once the item is written.
    #[inline]
    fn plan_item<T: Encode + ?Sized>(&mut self, value: &T) -> Option<(Vec<Planned>, u32, bool)> {
        (T::HOLDS_RECORDS && census::planned_under(&self.opts)).then(|| self.plan(value))
    }

    /// Ends what [`Writer::plan_item`] began.
    #[inline]
    fn end_item(&mut self, saved: Option<(Vec<Planned>, u32, bool)>) {
        if let Some(saved) = saved {
            (self.scatter, self.rows, self.straight) = saved;
        }
    }

    /// Walks `value` with [`Encode::census`] and puts its plan in place,
    /// returning the state it replaces. Out of line: most items plan
    /// nothing, and the encoder's inlining should not depend on it.
    #[inline(never)]
    fn plan<T: Encode + ?Sized>(&mut self, value: &T) -> (Vec<Planned>, u32, bool) {
        let mut census = Census::new(&self.opts);
        value.census(&mut census);
        let plan = census.plan(self.shapes_left());
        let straight = self.straight && plan.is_empty();
        let saved = (
            core::mem::replace(&mut self.scatter, plan),
            self.rows,
            self.straight,
        );
        self.rows = 0;
        self.straight = straight;
        saved
    }

    #[doc(hidden)]
    /// Writes one item with stringref off, whatever the options say (items of
    /// a CBOR sequence are independent documents).
    pub fn write_plain<T: Encode + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let saved = (self.in_namespace, self.shapes);
        self.in_namespace = false;
        self.shapes = 0;
        let planned = self.plan_item(value);
        let result = value.encode(self);
        self.end_item(planned);
        (self.in_namespace, self.shapes) = saved;
        result
    }

    /// Takes the next scattered-shape index of the current item (tag 39650
    /// definitions are numbered from 0 in each top-level item).
    pub(crate) fn define_shape(&mut self) -> Result<u64, Error> {
        if self.shapes >= MAX_SHAPES {
            return Err(self.error(ErrorKind::TooManyShapes));
        }
        self.shapes += 1;
        Ok(self.shapes as u64 - 1)
    }

    /// Whether derived structs write their entries in one straight run
    /// (declaration order, no scattered shape planned).
    #[inline]
    pub(crate) fn straight_maps(&self) -> bool {
        self.straight
    }

    /// How the struct map of `shape` starting now is written, by the
    /// item's plan: `None` for a plain map.
    pub(crate) fn scatter_use(&mut self, shape: &'static Shape) -> Option<Scatter> {
        if !self.scattering() {
            return None;
        }
        census::scatter_use(&mut self.scatter, shape)
    }

    /// Ends the definition of plan entry `slot`: it takes the item's next
    /// index.
    pub(crate) fn scatter_defined(&mut self, slot: usize) -> Result<(), Error> {
        let index = self.define_shape()?;
        census::defined(&mut self.scatter, slot, index);
        Ok(())
    }

    /// Whether struct maps written now may be scattered shapes: a plan is
    /// under way and no sequence of records is being written.
    #[inline]
    pub(crate) fn scattering(&self) -> bool {
        self.rows == 0 && !self.scatter.is_empty()
    }

    /// Turns scattering off while a sequence of records is written (the
    /// census does not visit them); [`Writer::leave_rows`] turns it back.
    pub(crate) fn enter_rows(&mut self) {
        self.rows += 1;
    }

    /// Ends [`Writer::enter_rows`].
    pub(crate) fn leave_rows(&mut self) {
        self.rows -= 1;
    }

    /// How many more scattered-shape definitions the current item may take.
    pub(crate) fn shapes_left(&self) -> usize {
        MAX_SHAPES - self.shapes
    }

    #[doc(hidden)]
    /// Whether strings written now go through the stringref table.
    #[inline]
    pub fn stringref_active(&self) -> bool {
        self.in_namespace
    }

    /// An error of `kind` at the current output offset.
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.position())
    }

    /// A hint that about `additional` more bytes follow (see
    /// [`Sink::reserve`]); sequences of types with an
    /// [`Encode::MAX_SIZE`](crate::Encode::MAX_SIZE) give it.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.sink.reserve(additional);
    }

    /// Appends bytes as they are (a pre-encoded item or fragment).
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn raw(&mut self, bytes: &[u8]) -> Result<(), Error> {
        match self.sink.put(bytes) {
            Ok(()) => {
                self.count(bytes.len());
                Ok(())
            }
            Err(kind) => Err(Error::new(kind, self.position())),
        }
    }

    /// Appends one pre-encoded item unchanged. Inside a stringref namespace
    /// its string literals are registered as a reader will register them,
    /// so that references written after it still point at the right
    /// strings.
    ///
    /// # Errors
    ///
    /// Inside a stringref namespace, where its strings are read to be
    /// registered, an `item` that is not well-formed, as a
    /// [`Reader`](super::Reader#errors) reports it; and the sink's error (see
    /// [`Writer`](Writer#errors)).
    pub fn raw_item(&mut self, item: &[u8]) -> Result<(), Error> {
        if self.in_namespace {
            let mut r = super::Reader::new(item);
            while !r.is_at_end() {
                let at = r.position();
                match r.head()? {
                    super::Head::Text(Some(len)) => {
                        let payload = r.take_string(len, at, true)?;
                        self.strings.literal(payload, true);
                    }
                    super::Head::Bytes(Some(len)) => {
                        let payload = r.take_string(len, at, false)?;
                        self.strings.literal(payload, false);
                    }
                    _ => {}
                }
            }
        }
        self.raw(item)
    }

    /// Writes a head: `major` with the shortest argument encoding.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    // Always in optimised builds: a loop over small items (a byte array
    // written element by element) is only as fast as this is inlined into
    // it. Not in unoptimised ones, where every inlined copy would widen
    // the frames of recursive encoders.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn head(&mut self, major: Major, arg: u64) -> Result<(), Error> {
        let (block, n) = head_block(major.bits(), arg);
        self.prefix(&block, n)
    }

    /// Appends the first `len` bytes of `buf` (see [`Sink::put_prefix`]).
    #[inline]
    pub(crate) fn prefix(&mut self, buf: &[u8; 16], len: usize) -> Result<(), Error> {
        match self.sink.put_prefix(buf, len) {
            Ok(()) => {
                self.count(len);
                Ok(())
            }
            Err(kind) => Err(Error::new(kind, self.position())),
        }
    }

    /// An unsigned integer.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn u64(&mut self, v: u64) -> Result<(), Error> {
        self.head(Major::Unsigned, v)
    }

    /// A signed integer.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn i64(&mut self, v: i64) -> Result<(), Error> {
        // A one-byte head as one byte: a record of small signed fields
        // (table-512) wrote each through the 16-byte head block and ran
        // 1.2× cbor4ii's speed in some runs and 1.7× in others; with this,
        // 1.5–1.8× (focused runs). Unsigned values stay on the block: a
        // `Vec<u8>` through serde mixes both sides of this branch.
        if (0..24).contains(&v) {
            return self.raw(&[v as u8]);
        }
        // Major 1 carries −1 − v, v's bitwise complement: one head serves
        // both signs, its major bit taken from the sign. Two heads, one per
        // sign, made the function too large to inline into serde's
        // `Serialize for i64`, which then cost a call per integer.
        let sign = (v >> 63) as u64;
        let (block, n) = head_block(sign as u8 & Major::Negative.bits(), v as u64 ^ sign);
        self.prefix(&block, n)
    }

    /// Any integer of the CBOR range (−2^64 … 2^64−1) as major 0/1; outside
    /// that range as a bignum (tag 2/3).
    ///
    /// # Errors
    ///
    /// Outside −2^64 … 2^64−1, what [`Writer::bignum`] reports; otherwise the
    /// sink's error (see [`Writer`](Writer#errors)).
    pub fn i128(&mut self, v: i128) -> Result<(), Error> {
        if let Ok(u) = u64::try_from(v) {
            self.head(Major::Unsigned, u)
        } else if let Ok(n) = u64::try_from(-1 - v) {
            self.head(Major::Negative, n)
        } else if v > 0 {
            self.bignum(false, v as u128)
        } else {
            self.bignum(true, (-1 - v) as u128)
        }
    }

    /// A `u128`: major 0 when it fits 64 bits, else tag 2.
    ///
    /// # Errors
    ///
    /// Past `u64::MAX`, what [`Writer::bignum`] reports; otherwise the sink's
    /// error (see [`Writer`](Writer#errors)).
    pub fn u128(&mut self, v: u128) -> Result<(), Error> {
        match u64::try_from(v) {
            Ok(u) => self.head(Major::Unsigned, u),
            Err(_) => self.bignum(false, v),
        }
    }

    /// Tag 2 (or 3 when `negative`, for −1 − `magnitude`) over the minimal
    /// big-endian bytes of `magnitude`. Zero is the single byte `00`, as the
    /// reference writes it, except under a deterministic profile, whose one
    /// form has no leading zero byte: the empty byte string.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Unencodable`] under [`Profile::Ctap2`], which has no tags;
    /// and the sink's error (see [`Writer`](Writer#errors)).
    pub fn bignum(&mut self, negative: bool, magnitude: u128) -> Result<(), Error> {
        let bytes = magnitude.to_be_bytes();
        let skip = (magnitude.leading_zeros() / 8) as usize;
        let digits = if magnitude == 0 && !self.opts.profile.is_deterministic() {
            &bytes[15..]
        } else {
            bytes.get(skip..).unwrap_or_default()
        };
        self.tag(if negative { 3 } else { 2 })?;
        self.bytes(digits)
    }

    /// `true` or `false`.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn bool(&mut self, v: bool) -> Result<(), Error> {
        self.raw(&[if v { 0xf5 } else { 0xf4 }])
    }

    /// `null`.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn null(&mut self) -> Result<(), Error> {
        self.raw(&[0xf6])
    }

    /// `undefined`.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn undefined(&mut self) -> Result<(), Error> {
        self.raw(&[0xf7])
    }

    /// A simple value; 24–31 have no well-formed encoding and are refused.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Unencodable`] for 24 to 31; and the sink's error (see
    /// [`Writer`](Writer#errors)).
    pub fn simple(&mut self, v: u8) -> Result<(), Error> {
        match v {
            0..=23 => self.raw(&[0xe0 | v]),
            24..=31 => Err(self.error(ErrorKind::Unencodable("simple values 24 to 31"))),
            _ => self.raw(&[0xf8, v]),
        }
    }

    /// An `f64`: at full width under `PreserveWidth`, narrowest exact width
    /// under `Shortest` (every NaN as `f9 7e00`).
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn f64(&mut self, v: f64) -> Result<(), Error> {
        match self.opts.float_policy {
            FloatPolicy::PreserveWidth => self.f64_raw(v),
            FloatPolicy::Shortest => self.float_shortest(v),
        }
    }

    /// An `f32`: as `fa` under `PreserveWidth`, narrowest under `Shortest`.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn f32(&mut self, v: f32) -> Result<(), Error> {
        match self.opts.float_policy {
            FloatPolicy::PreserveWidth => self.f32_raw(v),
            FloatPolicy::Shortest => self.float_shortest(f64::from(v)),
        }
    }

    /// A half float given by its bits: as `f9` under `PreserveWidth`; under
    /// `Shortest` only NaNs change (to `f9 7e00`).
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    pub fn f16_bits(&mut self, bits: u16) -> Result<(), Error> {
        let nan = bits & 0x7c00 == 0x7c00 && bits & 0x03ff != 0;
        match self.opts.float_policy {
            FloatPolicy::Shortest if nan => self.raw(&[0xf9, 0x7e, 0x00]),
            _ => {
                let [a, b] = bits.to_be_bytes();
                self.raw(&[0xf9, a, b])
            }
        }
    }

    /// A plain array of `f32`s. Under `PreserveWidth` every element is
    /// `fa` and four bytes, so the head and up to three elements go out as
    /// one block of at most 16 bytes: a `[f32; 3]` is one write.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    pub fn f32_array<I: ExactSizeIterator<Item = f32>>(&mut self, values: I) -> Result<(), Error> {
        let len = values.len();
        if self.opts.float_policy != FloatPolicy::PreserveWidth || len >= 24 {
            self.array(len)?;
            return values.into_iter().try_for_each(|v| self.f32(v));
        }
        if len <= 3 {
            // One block, built as one big-endian word so that it stays in
            // registers: bytes stored one by one into a buffer that is then
            // copied as 16 stalled the copy's load. A loop of at most three
            // steps, which the compiler unrolls (vectors are `[f32; 3]`).
            // A head below 24 is one byte.
            let mut word = u128::from(0x80 | len as u8) << 120;
            for (k, v) in values.take(3).enumerate() {
                let marker = (14 - 5 * k as u32) * 8;
                word |= 0xfa << marker | u128::from(v.to_bits()) << (marker - 32);
            }
            return self.prefix(&word.to_be_bytes(), 1 + 5 * len);
        }
        let mut buf = [0u8; 16];
        buf[0] = 0x80 | len as u8;
        let mut n = 1;
        for v in values {
            if n + 5 > 16 {
                self.prefix(&buf, n)?;
                n = 0;
            }
            if let Some(slot) = buf.get_mut(n..n + 5) {
                let [a, b, c, d] = v.to_bits().to_be_bytes();
                slot.copy_from_slice(&[0xfa, a, b, c, d]);
            }
            n += 5;
        }
        self.prefix(&buf, n)
    }

    #[doc(hidden)]
    /// `fb` and the eight bytes of `v`, whatever the policy.
    pub fn f64_raw(&mut self, v: f64) -> Result<(), Error> {
        let mut buf = [0xfb; 9];
        buf[1..].copy_from_slice(&v.to_bits().to_be_bytes());
        self.raw(&buf)
    }

    #[doc(hidden)]
    /// `fa` and the four bytes of `v`, whatever the policy.
    pub fn f32_raw(&mut self, v: f32) -> Result<(), Error> {
        let mut buf = [0xfa; 5];
        buf[1..].copy_from_slice(&v.to_bits().to_be_bytes());
        self.raw(&buf)
    }

    fn float_shortest(&mut self, v: f64) -> Result<(), Error> {
        if v.is_nan() {
            return self.raw(&[0xf9, 0x7e, 0x00]);
        }
        if let Some(half) = f64_to_f16_exact(v) {
            let [a, b] = half.to_be_bytes();
            return self.raw(&[0xf9, a, b]);
        }
        match f64_to_f32_exact(v) {
            Some(single) => self.f32_raw(single),
            None => self.f64_raw(v),
        }
    }

    /// A text string, through the stringref table when a namespace is open.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn str(&mut self, v: &str) -> Result<(), Error> {
        if self.in_namespace {
            if let Some(index) = self.strings.text(v.as_bytes()) {
                return self.reference(index);
            }
        }
        self.text_literal(v)
    }

    #[doc(hidden)]
    /// A `'static` text string (a derived type's key): like [`Writer::str`],
    /// but the stringref lookup is by address, without hashing. Always
    /// inlined: with a derived type's constant key the length tests fold
    /// away, and a key seen before costs one cache probe and one write;
    /// everything else is out of line.
    #[inline(always)]
    pub fn static_str(&mut self, v: &'static str) -> Result<(), Error> {
        if self.in_namespace && v.len() >= min_len(0) {
            return match self.strings.static_cached(v) {
                Some(Some(index)) => self.reference(index),
                Some(None) => self.text_literal(v),
                None => self.static_str_lookup(v),
            };
        }
        self.text_literal(v)
    }

    /// A variant name or a serialized struct's field name:
    /// [`Writer::static_str`] with a short literal written as one
    /// fixed-size block. The derive's keys keep `static_str`: in its
    /// straight-line encoders the larger inlined body cost more than the
    /// block saved (measured). Not forced inline in unoptimised builds,
    /// where the inlined block would widen the frame of every recursive
    /// enum's encoder.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn name_key(&mut self, v: &'static str) -> Result<(), Error> {
        if self.in_namespace && v.len() >= min_len(0) {
            return match self.strings.static_cached(v) {
                Some(Some(index)) => self.reference(index),
                Some(None) => self.static_literal(v),
                None => self.static_str_lookup(v),
            };
        }
        self.static_literal(v)
    }

    /// [`Writer::static_str`] for a string the address cache does not
    /// hold: the table, which caches it.
    #[inline(never)]
    fn static_str_lookup(&mut self, v: &'static str) -> Result<(), Error> {
        match self.strings.static_uncached(v) {
            Some(index) => self.reference(index),
            None => self.text_literal(v),
        }
    }

    /// A text string written as it is, with no stringref bookkeeping.
    #[inline(always)]
    fn text_literal(&mut self, v: &str) -> Result<(), Error> {
        self.head(Major::Text, v.len() as u64)?;
        self.raw(v.as_bytes())
    }

    /// A key's text written as it is: a short one as a single fixed-size
    /// write. Only for names, whose length is a constant where this
    /// inlines; for text of any length the size-class branches cost more
    /// than the `memcpy` they save.
    #[inline(always)]
    fn static_literal(&mut self, v: &'static str) -> Result<(), Error> {
        let text = v.as_bytes();
        if let Some(block) = short_text_block(text) {
            return self.prefix(&block, 1 + text.len());
        }
        self.text_literal(v)
    }

    /// A stringref reference, `d8 19` and the index, in one write.
    #[inline]
    fn reference(&mut self, index: u64) -> Result<(), Error> {
        let mut buf = [0u8; 16];
        buf[0] = 0xd8;
        buf[1] = 0x19;
        let mut head = [0u8; 16];
        let n = encode_head(Major::Unsigned.bits(), index, &mut head);
        buf[2..11].copy_from_slice(&head[..9]);
        self.prefix(&buf, 2 + n)
    }

    /// A byte string (it takes a stringref index when it qualifies, but is
    /// always written literally).
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn bytes(&mut self, v: &[u8]) -> Result<(), Error> {
        if self.in_namespace {
            self.strings.bytes(v.len());
        }
        self.head(Major::Bytes, v.len() as u64)?;
        self.raw(v)
    }

    /// The head of a byte string of `len` bytes whose payload the caller
    /// writes with [`Writer::raw`] (it takes a stringref index like any
    /// byte-string literal).
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn bytes_head(&mut self, len: usize) -> Result<(), Error> {
        if self.in_namespace {
            self.strings.bytes(len);
        }
        self.head(Major::Bytes, len as u64)
    }

    /// An array head of `len` elements.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn array(&mut self, len: usize) -> Result<(), Error> {
        self.head(Major::Array, len as u64)
    }

    /// A map head of `len` entries.
    ///
    /// # Errors
    ///
    /// The sink's error only (see [`Writer`](Writer#errors)).
    #[inline]
    pub fn map(&mut self, len: usize) -> Result<(), Error> {
        self.head(Major::Map, len as u64)
    }

    /// A tag head. Tags 25 and 256 belong to the stringref machinery and are
    /// refused here.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Unencodable`] for tags 25 and 256, and for any tag under
    /// [`Profile::Ctap2`]; and the sink's error (see
    /// [`Writer`](Writer#errors)).
    #[inline]
    pub fn tag(&mut self, tag: u64) -> Result<(), Error> {
        if tag == 25 || tag == 256 {
            return Err(self.error(ErrorKind::Unencodable(
                "tags 25 and 256 are written only by the stringref machinery",
            )));
        }
        if self.opts.profile == Profile::Ctap2 {
            return Err(self.error(ErrorKind::Unencodable("CTAP2 canonical form has no tags")));
        }
        self.head(Major::Tag, tag)
    }
}

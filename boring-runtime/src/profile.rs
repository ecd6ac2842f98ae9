//! Profiles and options. Options are resolved once, when a [`Writer`] or
//! [`Reader`] is built, never per value.
//!
//! [`Writer`]: crate::Writer
//! [`Reader`]: crate::Reader

use alloc::sync::Arc;

use crate::error::{Error, ErrorKind};
use crate::value::registry::TagRegistry;
pub use crate::value::registry::UnknownTags;

/// A named set of wire rules (WIRE.md §9 of the reference, `docs/WIRE.md`
/// here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Profile {
    /// The reference's default (`clojure` there): stringref on, float width
    /// kept, maps in insertion order, shapes opt-in.
    #[default]
    Default,
    /// Ours, the fast path: stringref, shaped arrays, columnar tables and
    /// narrowest typed arrays all on.
    Compact,
    /// For generic CBOR readers: no stringref, shapes, columns or typed-array
    /// narrowing (all locked off); data-model tags are still written.
    Interop,
    /// Deterministic with float width kept: keys sorted bytewise.
    Archival,
    /// RFC 8949 §4.2.1 core deterministic encoding: bytewise key order,
    /// shortest floats, bignums reduced.
    Canonical,
    /// RFC 7049 §3.9 canonical form: shorter keys first, then bytewise; what
    /// cbor2's `canonical=True` and ciborium write.
    CanonicalRfc7049,
    /// CTAP2 canonical CBOR (FIDO2): keys sorted by major type, then length,
    /// then bytes — the bytewise order of their encodings — floats at their
    /// width, no tags.
    Ctap2,
}

impl Profile {
    /// Every profile, in documentation order.
    pub const ALL: [Profile; 7] = [
        Profile::Default,
        Profile::Compact,
        Profile::Interop,
        Profile::Archival,
        Profile::Canonical,
        Profile::CanonicalRfc7049,
        Profile::Ctap2,
    ];

    /// The spelling used by the CLI and the docs (`default`, `compact`,
    /// `interop`, `archival`, `canonical`, `canonical-rfc7049`).
    pub fn name(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Compact => "compact",
            Profile::Interop => "interop",
            Profile::Archival => "archival",
            Profile::Canonical => "canonical",
            Profile::CanonicalRfc7049 => "canonical-rfc7049",
            Profile::Ctap2 => "ctap2",
        }
    }

    /// Parses [`Profile::name`]'s spelling; `clojure` is accepted for
    /// `default`, as the reference calls it.
    pub fn from_name(name: &str) -> Option<Profile> {
        Some(match name {
            "default" | "clojure" => Profile::Default,
            "compact" => Profile::Compact,
            "interop" => Profile::Interop,
            "archival" => Profile::Archival,
            "canonical" => Profile::Canonical,
            "canonical-rfc7049" => Profile::CanonicalRfc7049,
            "ctap2" => Profile::Ctap2,
            _ => return None,
        })
    }

    /// The map-key order this profile writes.
    pub fn key_order(self) -> KeyOrder {
        match self {
            Profile::Default | Profile::Compact | Profile::Interop => KeyOrder::Insertion,
            Profile::Archival | Profile::Canonical | Profile::Ctap2 => KeyOrder::Bytewise,
            Profile::CanonicalRfc7049 => KeyOrder::LengthFirst,
        }
    }

    fn float_policy_locked(self) -> Option<FloatPolicy> {
        match self {
            Profile::Default | Profile::Compact | Profile::Interop => None,
            Profile::Archival | Profile::Ctap2 => Some(FloatPolicy::PreserveWidth),
            Profile::Canonical | Profile::CanonicalRfc7049 => Some(FloatPolicy::Shortest),
        }
    }

    fn stringref_default(self) -> bool {
        matches!(self, Profile::Default | Profile::Compact)
    }

    fn extensions_allowed(self) -> bool {
        matches!(self, Profile::Default | Profile::Compact)
    }

    /// Whether the profile has one deterministic form that
    /// `verify_deterministic` can check input against.
    pub fn is_deterministic(self) -> bool {
        matches!(
            self,
            Profile::Archival | Profile::Canonical | Profile::CanonicalRfc7049 | Profile::Ctap2
        )
    }

    fn extensions_default(self) -> bool {
        matches!(self, Profile::Compact)
    }
}

/// How floats are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum FloatPolicy {
    /// Every float at the width it has (an `f64` as `fb`, an `f32` as `fa`, a
    /// decoded half as `f9`); NaN bits kept.
    #[default]
    PreserveWidth,
    /// The shortest of half, single and double that holds the value exactly;
    /// every NaN as `f9 7e00`; bignums that fit 64 bits as plain integers.
    Shortest,
}

/// Order of map entries (and set elements) on write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KeyOrder {
    /// As the map iterates (insertion order for `Value` maps and derived
    /// structs).
    Insertion,
    /// By the encoded bytes of each key (RFC 8949 §4.2.1).
    Bytewise,
    /// Shorter encoded key first, equal lengths bytewise (RFC 7049 §3.9).
    LengthFirst,
}

/// What a decoder does with a map key it has already seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum DuplicateKeys {
    /// Refuse the input with [`ErrorKind::DuplicateKey`] (the default).
    #[default]
    Reject,
    /// Accept it; the last entry wins where the target keeps one entry per
    /// key.
    LastWins,
}

/// How many bytes one decode may allocate on the strength of its input:
/// reservations made for declared counts, strings copied out of the input
/// or a stringref table, rows and keys built by expanding tables, typed
/// arrays widened into numbers. Counted cumulatively where the allocation
/// happens; running out is [`ErrorKind::LimitExceeded`]. Borrowed decoding
/// (`&str`, `&[u8]`) allocates nothing and is not charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum OutputBudget {
    /// `max(64 MiB, 64 × the input's length)` (the default): every document
    /// that does not expand (no stringref, shaped or columnar table) stays
    /// well inside it, and a small document cannot make the decoder
    /// allocate more than 64 MiB.
    #[default]
    Proportional,
    /// At most this many bytes.
    Bytes(u64),
    /// No bound: for trusted input only.
    Unbounded,
}

/// The floor of [`OutputBudget::Proportional`]: 64 MiB.
pub const OUTPUT_BUDGET_FLOOR: u64 = 64 << 20;
/// The factor of [`OutputBudget::Proportional`]: 64 bytes per input byte.
pub const OUTPUT_BUDGET_FACTOR: u64 = 64;

impl OutputBudget {
    /// The number of bytes this budget allows a decode of `input_len` bytes.
    pub fn bytes_for(self, input_len: usize) -> u64 {
        match self {
            OutputBudget::Proportional => (input_len as u64)
                .saturating_mul(OUTPUT_BUDGET_FACTOR)
                .max(OUTPUT_BUDGET_FLOOR),
            OutputBudget::Bytes(n) => n,
            OutputBudget::Unbounded => u64::MAX,
        }
    }
}

/// The default nesting limit: 1024 levels, every array, map and tag counted.
pub const DEFAULT_MAX_DEPTH: usize = 1024;
/// The largest nesting limit that may be configured.
pub const MAX_MAX_DEPTH: usize = 2048;

/// Encoding and decoding options: a [`Profile`] plus the switches it leaves
/// open. Built by value:
///
/// ```
/// use boring::{Options, Profile, FloatPolicy};
/// let opts = Options::from(Profile::Default)
///     .stringref(false)
///     .float_policy(FloatPolicy::Shortest)
///     .max_depth(256);
/// assert_eq!(opts.profile(), Profile::Default);
/// ```
///
/// A switch the profile locks is refused when the options are put to use
/// ([`Options::resolve`], building a [`Writer`](crate::Writer) or a
/// [`Reader`](crate::Reader), any encode or decode), with
/// [`ErrorKind::InvalidOptions`] and no byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    profile: Profile,
    stringref: Option<bool>,
    shapes: bool,
    scattered_shapes: bool,
    columns: bool,
    typed_arrays: bool,
    float_policy: Option<FloatPolicy>,
    max_depth: usize,
    duplicate_keys: DuplicateKeys,
    max_items: Option<u64>,
    output_budget: OutputBudget,
    expand_shapes: bool,
    verify_deterministic: bool,
    unknown_tags: UnknownTags,
    tags: Option<Tags>,
}

/// A shared tag registry: options compare equal when they share one.
#[derive(Debug, Clone)]
pub(crate) struct Tags(pub(crate) Arc<TagRegistry>);

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Tags {}

impl Default for Options {
    fn default() -> Self {
        Options::from(Profile::Default)
    }
}

impl From<Profile> for Options {
    fn from(profile: Profile) -> Self {
        let on = profile.extensions_default();
        Options {
            profile,
            stringref: None,
            shapes: on,
            scattered_shapes: on,
            columns: on,
            typed_arrays: on,
            float_policy: None,
            max_depth: DEFAULT_MAX_DEPTH,
            duplicate_keys: DuplicateKeys::Reject,
            max_items: None,
            output_budget: OutputBudget::Proportional,
            expand_shapes: true,
            verify_deterministic: false,
            unknown_tags: UnknownTags::Keep,
            tags: None,
        }
    }
}

impl Options {
    /// The profile these options start from.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Write strings through a stringref table (tags 256/25). On by default
    /// in `Default`; locked off elsewhere.
    #[must_use]
    pub fn stringref(mut self, on: bool) -> Self {
        self.stringref = Some(on);
        self
    }

    /// The stringref switch as asked for, before the profile's default.
    #[cfg(feature = "std")]
    pub(crate) fn stringref_asked(&self) -> Option<bool> {
        self.stringref
    }

    /// Write vectors of at least two maps as shaped arrays (tag 39649).
    #[must_use]
    pub fn shapes(mut self, on: bool) -> Self {
        self.shapes = on;
        self
    }

    /// Write maps whose key sequence recurs in an item as scattered shapes
    /// (tag 39650): the keys once, then an index in their place. Written
    /// for `Value` and for derived structs (`docs/WIRE.md` §6a says where);
    /// read always. On by default in `Compact`, off elsewhere.
    #[must_use]
    pub fn scattered_shapes(mut self, on: bool) -> Self {
        self.scattered_shapes = on;
        self
    }

    /// Write vectors of records as typed columns (tag 39653).
    #[must_use]
    pub fn columns(mut self, on: bool) -> Self {
        self.columns = on;
        self
    }

    /// Write numeric vectors as RFC 8746 typed arrays of the narrowest type.
    #[must_use]
    pub fn typed_arrays(mut self, on: bool) -> Self {
        self.typed_arrays = on;
        self
    }

    /// Choose the float policy (the sorted profiles lock theirs).
    #[must_use]
    pub fn float_policy(mut self, policy: FloatPolicy) -> Self {
        self.float_policy = Some(policy);
        self
    }

    /// The nesting limit for both directions (1..=2048; default 1024).
    #[must_use]
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// What a decoder does with a repeated map key.
    #[must_use]
    pub fn duplicate_keys(mut self, policy: DuplicateKeys) -> Self {
        self.duplicate_keys = policy;
        self
    }

    /// Bound the number of items one decode may build (`None`: unbounded).
    #[must_use]
    pub fn max_items(mut self, limit: Option<u64>) -> Self {
        self.max_items = limit;
        self
    }

    /// Bound the bytes one decode may allocate on the strength of its input
    /// (see [`OutputBudget`]; default `max(64 MiB, 64 × input length)`).
    /// Shorthand: `Some(n)` is [`OutputBudget::Bytes`], `None`
    /// [`OutputBudget::Unbounded`].
    ///
    /// ```
    /// use boring::{ErrorKind, Options, Value};
    /// // Ten references to a 1000-byte string: 10 000 bytes of text.
    /// let mut doc = vec![0xd9, 0x01, 0x00, 0x8b, 0x79, 0x03, 0xe8];
    /// doc.extend([b'x'; 1000]);
    /// doc.extend([0xd8, 0x19, 0x00].repeat(10));
    /// let opts = Options::default().max_output_bytes(Some(4096));
    /// let err = boring::from_slice_with::<Value>(&doc, &opts).unwrap_err();
    /// assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
    /// assert!(boring::from_slice::<Value>(&doc).is_ok());
    /// ```
    #[must_use]
    pub fn max_output_bytes(self, limit: Option<u64>) -> Self {
        self.output_budget(limit.map_or(OutputBudget::Unbounded, OutputBudget::Bytes))
    }

    /// Set the output budget (see [`OutputBudget`]).
    #[must_use]
    pub fn output_budget(mut self, budget: OutputBudget) -> Self {
        self.output_budget = budget;
        self
    }

    /// Decode shaped arrays (tag 39649) into `Value` as arrays of maps (the
    /// default) or keep the tagged form.
    #[must_use]
    pub fn expand_shapes(mut self, on: bool) -> Self {
        self.expand_shapes = on;
        self
    }

    /// Refuse input not written exactly as the profile writes it:
    /// non-shortest heads, indefinite lengths, keys out of order or
    /// repeated, and (where the profile narrows floats) floats that could be
    /// shorter; under `Ctap2` also any tag. Only the deterministic profiles
    /// (`Archival`, `Canonical`, `CanonicalRfc7049`, `Ctap2`) allow it.
    #[must_use]
    pub fn verify_deterministic(mut self, on: bool) -> Self {
        self.verify_deterministic = on;
        self
    }

    /// Tags `Value` decoding reads, and `Value` encoding checks, with the
    /// handlers of `registry` (see [`crate::value::TagRegistry`]).
    #[must_use]
    pub fn tag_registry(mut self, registry: TagRegistry) -> Self {
        self.tags = (!registry.is_empty()).then(|| Tags(Arc::new(registry)));
        self
    }

    /// What `Value` decoding does with a tag that is neither built in nor
    /// registered: keep it (the default) or refuse it.
    #[must_use]
    pub fn unknown_tags(mut self, policy: UnknownTags) -> Self {
        self.unknown_tags = policy;
        self
    }

    /// The registry of [`Options::tag_registry`], shared.
    pub(crate) fn tags(&self) -> Option<&Arc<TagRegistry>> {
        self.tags.as_ref().map(|t| &t.0)
    }

    /// Checks the switches against the profile and resolves the defaults.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidOptions`] (with no byte offset) for a switch the
    /// profile locks.
    pub fn resolve(&self) -> Result<Resolved, Error> {
        let profile = self.profile;
        let stringref = match self.stringref {
            Some(true) if !profile.extensions_allowed() => {
                return Err(locked("stringref is locked off in this profile"))
            }
            Some(on) => on,
            None => profile.stringref_default(),
        };
        if !profile.extensions_allowed() {
            if self.shapes || self.scattered_shapes {
                return Err(locked("shapes are locked off in this profile"));
            }
            if self.columns {
                return Err(locked("columns are locked off in this profile"));
            }
            if self.typed_arrays {
                return Err(locked("typed arrays are locked off in this profile"));
            }
        }
        let float_policy = match (profile.float_policy_locked(), self.float_policy) {
            (Some(locked_policy), Some(asked)) if asked != locked_policy => {
                return Err(locked("the float policy is fixed by this profile"))
            }
            (Some(locked_policy), _) => locked_policy,
            (None, asked) => asked.unwrap_or_default(),
        };
        if self.verify_deterministic && !profile.is_deterministic() {
            return Err(locked("verify_deterministic needs a deterministic profile"));
        }
        if self.max_depth == 0 || self.max_depth > MAX_MAX_DEPTH {
            return Err(locked("max_depth must be between 1 and 2048"));
        }
        Ok(Resolved {
            profile,
            stringref,
            shapes: self.shapes,
            scattered_shapes: self.scattered_shapes,
            columns: self.columns,
            typed_arrays: self.typed_arrays,
            float_policy,
            key_order: profile.key_order(),
            max_depth: self.max_depth,
            duplicate_keys: self.duplicate_keys,
            max_items: self.max_items,
            output_budget: self.output_budget,
            expand_shapes: self.expand_shapes,
            verify_deterministic: self.verify_deterministic,
            unknown_tags: self.unknown_tags,
        })
    }
}

fn locked(why: &'static str) -> Error {
    Error::unplaced(ErrorKind::InvalidOptions(why))
}

/// Options after [`Options::resolve`]: every switch decided, every lock
/// checked. Writers and readers hold one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Resolved {
    /// The profile.
    pub profile: Profile,
    /// Stringref namespaces on write.
    pub stringref: bool,
    /// Shaped arrays on write.
    pub shapes: bool,
    /// Scattered shapes (tag 39650) on write.
    pub scattered_shapes: bool,
    /// Typed columns on write.
    pub columns: bool,
    /// Narrowest typed arrays on write.
    pub typed_arrays: bool,
    /// Float policy on write.
    pub float_policy: FloatPolicy,
    /// Map key order on write.
    pub key_order: KeyOrder,
    /// Nesting limit.
    pub max_depth: usize,
    /// Duplicate-key policy on read.
    pub duplicate_keys: DuplicateKeys,
    /// Item budget on read.
    pub max_items: Option<u64>,
    /// Output budget on read.
    pub output_budget: OutputBudget,
    /// Expand tags 39649 and 39653 into arrays of maps when decoding
    /// `Value`.
    pub expand_shapes: bool,
    /// Refuse input not in the profile's deterministic form.
    pub verify_deterministic: bool,
    /// Tags with no built-in or registered meaning, when decoding `Value`.
    pub unknown_tags: UnknownTags,
}

impl Default for Resolved {
    /// The resolution of `Options::default()`.
    fn default() -> Self {
        Resolved {
            profile: Profile::Default,
            stringref: true,
            shapes: false,
            scattered_shapes: false,
            columns: false,
            typed_arrays: false,
            float_policy: FloatPolicy::PreserveWidth,
            key_order: KeyOrder::Insertion,
            max_depth: DEFAULT_MAX_DEPTH,
            duplicate_keys: DuplicateKeys::Reject,
            max_items: None,
            output_budget: OutputBudget::Proportional,
            expand_shapes: true,
            verify_deterministic: false,
            unknown_tags: UnknownTags::Keep,
        }
    }
}

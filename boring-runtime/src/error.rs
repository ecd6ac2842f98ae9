//! The one error type of the crate: a kind, a byte offset and, for typed
//! decoding, the path to the failing value.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// What went wrong. The set of kinds may grow, so matches need a wildcard arm.
///
/// `docs/SECURITY.md` maps each kind to the reference implementation's
/// `:boring/<kind>` name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside an item.
    Truncated,
    /// A declared length or count cannot be satisfied by the bytes left, or is
    /// larger than the decoder accepts.
    BadCount,
    /// Nesting went past the depth limit.
    DepthExceeded,
    /// A text string is not valid UTF-8.
    InvalidUtf8,
    /// A map (or set) holds the same key twice.
    DuplicateKey,
    /// Additional information 28, 29 or 30, or 31 on a major type that has no
    /// indefinite form.
    ReservedInfo,
    /// A simple value encoded with additional information 28 to 30.
    ReservedSimpleValue,
    /// `f8 00` to `f8 1f`: a two-byte simple value below 32.
    MalformedSimpleValue,
    /// A break (`ff`) where no indefinite-length item is open, or in the value
    /// position of an indefinite map.
    UnexpectedBreak,
    /// A chunk of an indefinite-length string that is not a definite string of
    /// the same major type.
    BadIndefiniteChunk,
    /// A tag's content does not have the form the tag requires.
    BadTagContent {
        /// The tag number.
        tag: u64,
    },
    /// A stringref (tag 25) outside a namespace or past the end of its table.
    BadStringref,
    /// Raw bytes were asked of an item that holds stringref references (or
    /// scattered-shape references, tag 39650).
    StringrefInRaw,
    /// A tag with no built-in or registered meaning, refused under
    /// [`UnknownTags::Refuse`](crate::UnknownTags::Refuse).
    UnregisteredTag(u64),
    /// A scattered-shape reference (tag 39650) to an index with no complete
    /// definition before it in the item.
    UndefinedShape(u64),
    /// A top-level item holds more scattered-shape definitions than a
    /// reader keeps (65 536).
    TooManyShapes,
    /// Input that is not in the deterministic form the options require;
    /// `rule` names the rule broken.
    NotDeterministic {
        /// The rule, e.g. "shortest head" or "key order".
        rule: &'static str,
    },
    /// Bytes follow the item where exactly one item was expected.
    TrailingBytes,
    /// The item has another type than the one asked for.
    UnexpectedType {
        /// What the decoder wanted.
        expected: &'static str,
        /// What the input holds.
        found: &'static str,
    },
    /// A number does not fit the target type.
    OutOfRange {
        /// The number as read (or a description of it, for a bignum too
        /// large to print usefully).
        value: String,
        /// The Rust type it was to become.
        target: &'static str,
    },
    /// A required field is absent.
    MissingField(&'static str),
    /// A field the type does not know, under `deny_unknown_fields`.
    UnknownField {
        /// The key as read: quoted text, `39("name")` for an identifier,
        /// or an integer.
        name: String,
        /// The keys the type knows, as written.
        expected: &'static [&'static str],
    },
    /// An enum variant name or index the type does not know.
    UnknownVariant {
        /// The name or index as read (empty when it was neither).
        name: String,
        /// The variants the type knows, as written.
        expected: &'static [&'static str],
    },
    /// A tag other than the one required.
    WrongTag {
        /// The tag the type requires.
        expected: u64,
        /// The tag found, if any.
        found: Option<u64>,
    },
    /// A budget is spent: the item budget (`Options::max_items`), the
    /// output budget (`Options::max_output_bytes`), the retry budget of an
    /// untagged enum's failed variants (`Reader::retry_from`), or a
    /// JSONPath evaluation's steps (`path::Path::max_steps`).
    LimitExceeded,
    /// A caller-supplied output slice is too small.
    BufferFull,
    /// A path leads nowhere: a key not in its map, a position past the
    /// end of its array. (A step into something that is not a container
    /// is [`ErrorKind::UnexpectedType`].)
    PathAbsent,
    /// An in-place edit would change the encoded length.
    NotPokeable,
    /// The options ask for something the profile locks off, or something
    /// this build cannot do yet.
    InvalidOptions(&'static str),
    /// A value that CBOR, or the chosen profile, cannot represent.
    Unencodable(&'static str),
    /// A JSONPath query ([`crate::path::Path::parse`]) that is not well
    /// formed or not well typed; the error's offset is the character
    /// position in the query.
    BadPath(&'static str),
    /// An error of the underlying reader or writer.
    #[cfg(feature = "std")]
    Io(std::io::ErrorKind),
    /// A message from user code (for example a `with` module).
    Custom(String),
}

impl ErrorKind {
    /// The reference implementation's name for this kind (`truncated-input`,
    /// `bad-count`, …), as the conformance vectors spell it after `:boring/`.
    pub fn reference_name(&self) -> &'static str {
        match self {
            ErrorKind::Truncated => "truncated-input",
            ErrorKind::BadCount => "bad-count",
            ErrorKind::DepthExceeded => "max-depth-exceeded",
            ErrorKind::InvalidUtf8 => "invalid-utf8",
            ErrorKind::DuplicateKey => "duplicate-map-key",
            ErrorKind::ReservedInfo => "reserved-info",
            ErrorKind::ReservedSimpleValue => "reserved-simple-value",
            ErrorKind::MalformedSimpleValue => "malformed-simple-value",
            ErrorKind::UnexpectedBreak => "unexpected-break",
            ErrorKind::BadIndefiniteChunk => "bad-indefinite-chunk",
            ErrorKind::BadTagContent { .. } => "bad-tag-content",
            ErrorKind::BadStringref => "bad-stringref",
            ErrorKind::StringrefInRaw => "stringref-in-raw",
            ErrorKind::UndefinedShape(_) => "undefined-shape",
            ErrorKind::TooManyShapes => "too-many-shapes",
            ErrorKind::UnregisteredTag(_) => "unregistered-tag",
            ErrorKind::NotDeterministic { .. } => "not-deterministic",
            ErrorKind::TrailingBytes => "trailing-bytes",
            ErrorKind::UnexpectedType { .. } => "unexpected-type",
            ErrorKind::OutOfRange { .. } => "out-of-range",
            ErrorKind::MissingField(_) => "missing-field",
            ErrorKind::UnknownField { .. } => "unknown-field",
            ErrorKind::UnknownVariant { .. } => "unknown-variant",
            ErrorKind::WrongTag { .. } => "wrong-tag",
            ErrorKind::LimitExceeded => "max-items-exceeded",
            ErrorKind::BufferFull => "buffer-full",
            ErrorKind::PathAbsent => "path-absent",
            ErrorKind::NotPokeable => "not-pokeable",
            ErrorKind::InvalidOptions(_) => "invalid-options",
            ErrorKind::Unencodable(_) => "unencodable",
            ErrorKind::BadPath(_) => "bad-path",
            #[cfg(feature = "std")]
            ErrorKind::Io(_) => "io",
            ErrorKind::Custom(_) => "custom",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated => f.write_str("input ends inside an item"),
            ErrorKind::BadCount => f.write_str("declared length exceeds the bytes left"),
            ErrorKind::DepthExceeded => f.write_str("nesting exceeds the depth limit"),
            ErrorKind::InvalidUtf8 => f.write_str("text string is not valid UTF-8"),
            ErrorKind::DuplicateKey => f.write_str("duplicate map key"),
            ErrorKind::ReservedInfo => f.write_str("reserved additional information"),
            ErrorKind::ReservedSimpleValue => f.write_str("reserved simple value encoding"),
            ErrorKind::MalformedSimpleValue => {
                f.write_str("two-byte simple value below 32 is not well-formed")
            }
            ErrorKind::UnexpectedBreak => f.write_str("unexpected break"),
            ErrorKind::BadIndefiniteChunk => {
                f.write_str("indefinite-length string holds a chunk of another type")
            }
            ErrorKind::BadTagContent { tag } => write!(f, "invalid content for tag {tag}"),
            ErrorKind::BadStringref => f.write_str("invalid string reference"),
            ErrorKind::StringrefInRaw => {
                f.write_str("raw bytes of an item that holds string references")
            }
            ErrorKind::UndefinedShape(index) => {
                write!(
                    f,
                    "reference to shape {index}, which is not defined before it"
                )
            }
            ErrorKind::TooManyShapes => f.write_str("too many shape definitions in one item"),
            ErrorKind::UnregisteredTag(tag) => write!(f, "tag {tag} is not registered"),
            ErrorKind::NotDeterministic { rule } => {
                write!(f, "input is not in deterministic form: {rule}")
            }
            ErrorKind::TrailingBytes => f.write_str("trailing bytes after the item"),
            ErrorKind::UnexpectedType { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ErrorKind::OutOfRange { value, target } => {
                write!(f, "{value} is out of range for {target}")
            }
            ErrorKind::MissingField(name) => write!(f, "missing field `{name}`"),
            ErrorKind::UnknownField { name, expected } => {
                write!(f, "unknown field {name}")?;
                one_of(f, expected)
            }
            ErrorKind::UnknownVariant { name, expected } => {
                match name.as_str() {
                    "" => f.write_str("unknown variant")?,
                    name => write!(f, "unknown variant {name}")?,
                }
                one_of(f, expected)
            }
            ErrorKind::WrongTag {
                expected,
                found: Some(found),
            } => write!(f, "expected tag {expected}, found tag {found}"),
            ErrorKind::WrongTag {
                expected,
                found: None,
            } => write!(f, "expected tag {expected}, found an untagged item"),
            ErrorKind::LimitExceeded => {
                f.write_str("budget exceeded (items, output bytes, retries or query steps)")
            }
            ErrorKind::BufferFull => f.write_str("output buffer is full"),
            ErrorKind::PathAbsent => f.write_str("no item at the path"),
            ErrorKind::NotPokeable => {
                f.write_str("the new value's encoding has another length than the old one's")
            }
            ErrorKind::InvalidOptions(why) => write!(f, "invalid options: {why}"),
            ErrorKind::Unencodable(why) => write!(f, "cannot encode: {why}"),
            ErrorKind::BadPath(why) => write!(f, "invalid JSONPath: {why}"),
            #[cfg(feature = "std")]
            ErrorKind::Io(kind) => write!(f, "i/o error: {kind}"),
            ErrorKind::Custom(msg) => f.write_str(msg),
        }
    }
}

/// `, expected one of `a`, `b`` after an unknown name (nothing when the
/// type names nothing).
fn one_of(f: &mut fmt::Formatter<'_>, expected: &[&str]) -> fmt::Result {
    match expected {
        [] => Ok(()),
        [only] => write!(f, ", expected `{only}`"),
        [first, rest @ ..] => {
            write!(f, ", expected one of `{first}`")?;
            rest.iter().try_for_each(|name| write!(f, ", `{name}`"))
        }
    }
}

/// One step of the path from the decoded root to a failing value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathSegment {
    /// A named field of a struct or struct variant.
    Field(&'static str),
    /// A position in an array, tuple or row.
    Index(usize),
    /// An enum variant.
    Variant(&'static str),
    /// A field keyed by an integer (`#[boring(key = 1)]`).
    Key(i128),
}

/// A failed encode or decode: what went wrong, where (byte offset into the
/// input, or into the output for encoding), and for typed decoding the path
/// of fields and indices that led there.
///
/// ```
/// use boring::{ErrorKind, PathSegment};
///
/// #[derive(boring::Boring, Debug)]
/// struct Reading {
///     celsius: i8,
/// }
///
/// // {"celsius": 200}
/// let err = boring::from_slice::<Reading>(b"\xa1\x67celsius\x18\xc8").unwrap_err();
/// assert_eq!(err.offset(), Some(9));
/// assert_eq!(err.path(), [PathSegment::Field("celsius")]);
/// assert!(matches!(err.kind(), ErrorKind::OutOfRange { target: "i8", .. }));
/// assert_eq!(err.to_string(), "200 is out of range for i8 at byte 9 (in celsius)");
/// ```
///
/// The error is one pointer wide so that `Result<T, Error>` stays small on
/// the hot path.
#[derive(Clone)]
pub struct Error(Box<Inner>);

#[derive(Clone)]
struct Inner {
    kind: ErrorKind,
    /// `None` for errors that have no place in the bytes (invalid options,
    /// I/O).
    offset: Option<usize>,
    path: Vec<PathSegment>,
    /// The I/O error this one wraps, for [`core::error::Error::source`].
    #[cfg(feature = "std")]
    source: Option<std::sync::Arc<std::io::Error>>,
}

impl Error {
    /// An error of `kind` at byte `offset`.
    #[cold]
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        Error::placed(kind, Some(offset))
    }

    /// An error of `kind` that no byte offset locates: options refused
    /// before anything is read or written.
    #[cold]
    pub fn unplaced(kind: ErrorKind) -> Self {
        Error::placed(kind, None)
    }

    fn placed(kind: ErrorKind, offset: Option<usize>) -> Self {
        Error(Box::new(Inner {
            kind,
            offset,
            path: Vec::new(),
            #[cfg(feature = "std")]
            source: None,
        }))
    }

    /// An error carrying a caller's message, for `with` modules and manual
    /// impls.
    #[cold]
    pub fn custom(message: impl fmt::Display, offset: usize) -> Self {
        use alloc::string::ToString;
        Error::new(ErrorKind::Custom(message.to_string()), offset)
    }

    /// [`ErrorKind::OutOfRange`]: `value` does not fit `target`.
    #[cold]
    pub(crate) fn out_of_range(
        value: impl fmt::Display,
        target: &'static str,
        offset: usize,
    ) -> Self {
        use alloc::string::ToString;
        let value = value.to_string();
        Error::new(ErrorKind::OutOfRange { value, target }, offset)
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The byte offset: of the input for decoding, of the output for
    /// encoding; `None` for an error no offset locates (invalid options, an
    /// I/O failure).
    pub fn offset(&self) -> Option<usize> {
        self.0.offset
    }

    /// The same error with its offset moved `by` bytes later (for input
    /// read at an offset of a larger stream).
    #[cold]
    #[must_use]
    #[cfg(feature = "std")]
    pub(crate) fn shifted(mut self, by: u64) -> Self {
        let by = usize::try_from(by).unwrap_or(usize::MAX);
        self.0.offset = self.0.offset.map(|at| at.saturating_add(by));
        self
    }

    /// The path from the root to the failing value, outermost first.
    pub fn path(&self) -> &[PathSegment] {
        &self.0.path
    }

    /// Adds `segment` in front of the path; decoders call this while the
    /// error travels outwards.
    #[cold]
    #[must_use]
    pub fn within(mut self, segment: PathSegment) -> Self {
        self.0.path.insert(0, segment);
        self
    }

    /// Shorthand for `within(PathSegment::Field(name))`.
    #[cold]
    #[must_use]
    pub fn in_field(self, name: &'static str) -> Self {
        self.within(PathSegment::Field(name))
    }

    /// Shorthand for `within(PathSegment::Index(index))`.
    #[cold]
    #[must_use]
    pub fn at_index(self, index: usize) -> Self {
        self.within(PathSegment::Index(index))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.kind)?;
        if let Some(at) = self.0.offset {
            write!(f, " at byte {at}")?;
        }
        if !self.0.path.is_empty() {
            f.write_str(" (in ")?;
            for (i, seg) in self.0.path.iter().enumerate() {
                match seg {
                    PathSegment::Field(name) if i == 0 => f.write_str(name)?,
                    PathSegment::Field(name) => write!(f, ".{name}")?,
                    PathSegment::Variant(name) if i == 0 => f.write_str(name)?,
                    PathSegment::Variant(name) => write!(f, "::{name}")?,
                    PathSegment::Key(key) if i == 0 => write!(f, "{key}")?,
                    PathSegment::Key(key) => write!(f, ".{key}")?,
                    PathSegment::Index(idx) => write!(f, "[{idx}]")?,
                }
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.0.kind)
            .field("offset", &self.0.offset)
            .field("path", &self.0.path)
            .finish()
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        #[cfg(feature = "std")]
        if let Some(io) = &self.0.source {
            return Some(&**io);
        }
        None
    }
}

#[cfg(feature = "std")]
impl From<std::io::Error> for Error {
    /// Keeps the I/O error as the [`source`](core::error::Error::source).
    fn from(err: std::io::Error) -> Self {
        let mut error = Error::unplaced(ErrorKind::Io(err.kind()));
        error.0.source = Some(std::sync::Arc::new(err));
        error
    }
}

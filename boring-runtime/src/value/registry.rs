//! A registry of tags for [`Value`]: a name, a reader and a checker per tag
//! number, passed in [`Options`](crate::Options) — never global, so two
//! libraries in one process cannot interfere.
//!
//! When `Value` decoding meets a registered tag, the tag's reader turns its
//! content into the value that takes its place (by default the tag itself,
//! checked); when `Value` encoding writes one, the tag's checker sees the
//! content first. Tags neither built in nor registered stay inert
//! [`Value::Tag`]s (forward compatible), unless
//! [`UnknownTags::Refuse`](crate::UnknownTags::Refuse) is asked for. The
//! annotated dump ([`crate::diag::dump_next`]) names registered tags.
//!
//! ```
//! use boring::value::{TagHandler, TagRegistry};
//! use boring::{ErrorKind, Options, UnknownTags, Value};
//!
//! /// Tag 1234: a temperature in hundredths of a degree, as an integer.
//! fn read_temperature(content: Value) -> Result<Value, &'static str> {
//!     match content.as_i64() {
//!         Some(centi) if (-27_315..=1_000_000).contains(&centi) => Ok(Value::tag(1234, content)),
//!         _ => Err("not a temperature"),
//!     }
//! }
//!
//! let tags = TagRegistry::new()
//!     .with(1234, TagHandler::named("temperature").on_read(read_temperature));
//! let options = Options::default().tag_registry(tags).unknown_tags(UnknownTags::Refuse);
//!
//! let warm: Value = boring::from_slice_with(&[0xd9, 0x04, 0xd2, 0x19, 0x08, 0x98], &options)?;
//! assert_eq!(warm, Value::tag(1234, Value::from(2200)));
//!
//! // Content the reader refuses, and a tag nobody registered.
//! let cold = [0xd9, 0x04, 0xd2, 0x3a, 0x00, 0x01, 0x86, 0x9f];
//! let err = boring::from_slice_with::<Value>(&cold, &options).unwrap_err();
//! assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 1234 });
//! let err = boring::from_slice_with::<Value>(&[0xd9, 0x04, 0xd3, 0x00], &options).unwrap_err();
//! assert_eq!(err.kind(), &ErrorKind::UnregisteredTag(1235));
//! # Ok::<(), boring::Error>(())
//! ```

use alloc::collections::BTreeMap;
use core::fmt;

use super::Value;

/// What to do with a tag the decoder has no rule for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum UnknownTags {
    /// Keep it as an inert [`Value::Tag`] (the default: data written by a
    /// newer writer still reads).
    #[default]
    Keep,
    /// Refuse it: [`ErrorKind::UnregisteredTag`](crate::ErrorKind::UnregisteredTag)
    /// at its offset (the reference's strict mode, `unregistered-tag`).
    Refuse,
}

/// Turns a registered tag's content into the value that takes the tag's
/// place; an `Err` refuses the content (with `BadTagContent`).
pub type ReadFn = fn(Value) -> Result<Value, &'static str>;

/// Checks a registered tag's content before it is written; an `Err`
/// refuses it (with `Unencodable`).
pub type CheckFn = fn(&Value) -> Result<(), &'static str>;

/// What the registry knows of one tag.
#[derive(Clone, Copy)]
pub struct TagHandler {
    name: &'static str,
    read: Option<ReadFn>,
    check: Option<CheckFn>,
}

impl TagHandler {
    /// A tag known by `name` (shown in dumps), read and written as an
    /// ordinary tag.
    pub const fn named(name: &'static str) -> TagHandler {
        TagHandler {
            name,
            read: None,
            check: None,
        }
    }

    /// Reads the tag's content with `read` when decoding `Value`.
    #[must_use]
    pub const fn on_read(mut self, read: ReadFn) -> TagHandler {
        self.read = Some(read);
        self
    }

    /// Checks the tag's content with `check` before encoding a `Value`.
    #[must_use]
    pub const fn on_write(mut self, check: CheckFn) -> TagHandler {
        self.check = Some(check);
        self
    }

    /// The tag's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The value that takes the place of `tag` over `content`.
    pub(crate) fn read(&self, tag: u64, content: Value) -> Result<Value, &'static str> {
        match self.read {
            Some(read) => read(content),
            None => Ok(Value::tag(tag, content)),
        }
    }

    /// Checks `content` before it is written.
    pub(crate) fn check(&self, content: &Value) -> Result<(), &'static str> {
        self.check.map_or(Ok(()), |check| check(content))
    }
}

impl fmt::Debug for TagHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TagHandler")
            .field("name", &self.name)
            .field("reads", &self.read.is_some())
            .field("checks", &self.check.is_some())
            .finish()
    }
}

/// Tag numbers and their handlers, for [`Options::tag_registry`](crate::Options::tag_registry).
#[derive(Debug, Clone, Default)]
pub struct TagRegistry {
    handlers: BTreeMap<u64, TagHandler>,
}

impl TagRegistry {
    /// An empty registry.
    pub fn new() -> TagRegistry {
        TagRegistry::default()
    }

    /// The registry with `tag` handled by `handler` (replacing an earlier
    /// handler of the same tag).
    #[must_use]
    pub fn with(mut self, tag: u64, handler: TagHandler) -> TagRegistry {
        self.handlers.insert(tag, handler);
        self
    }

    /// The handler of `tag`, if registered.
    pub fn get(&self, tag: u64) -> Option<&TagHandler> {
        self.handlers.get(&tag)
    }

    /// Whether no tag is registered.
    pub fn is_empty(&self) -> bool {
        self.handlers.is_empty()
    }
}

/// Whether `tag` has a meaning built into this crate: a tag that `Value`
/// decoding checks or expands, or that the typed impls write. Under
/// [`UnknownTags::Refuse`] every other tag must be registered.
pub(crate) fn built_in(tag: u64) -> bool {
    matches!(
        tag,
        0..=4
            | 21..=25
            | 27
            | 30
            | 32..=37
            | 39
            | 40
            | 52
            | 54
            | 64..=87
            | 100
            | 256
            | 258
            | 1001..=1004
            | 39649
            | 39650
            | 39653
            | 39654
            | 55799
    )
}

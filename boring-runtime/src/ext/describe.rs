//! What a type's values are, as far as a schema needs to know it.
//!
//! [`Encode::describe`](crate::Encode::describe) gives a type's
//! [`Description`]: the standard types describe themselves, and
//! `#[derive(Boring)]` describes a struct written as a map field by field
//! ([`Kind::Record`]), so that a consumer such as `boring-arrow` can build
//! a schema from a Rust type alone. A description says what the values are,
//! not how a profile writes them: an `f64` field is [`Kind::Float`] of 64
//! bits even where a column of it is written narrower.
//!
//! ```
//! use boring::ext::describe::Kind;
//! use boring::{Boring, Encode};
//!
//! #[derive(Boring)]
//! struct Reading {
//!     sensor: String,
//!     value: f64,
//!     note: Option<String>,
//! }
//!
//! let Kind::Record(fields) = Reading::describe().kind else { unreachable!() };
//! assert_eq!(fields.len(), 3);
//! assert_eq!(fields.key_text(2), "note");
//! assert!(matches!(fields.describe(1).kind, Kind::Float { bits: 64 }));
//! assert!(fields.describe(2).nullable);
//! ```

use core::fmt;

use super::record::Shape;

/// A type's description: the kind of its values, and whether `null` is
/// one of them (an `Option`).
#[derive(Debug, Clone, Copy)]
pub struct Description {
    /// What the values are.
    pub kind: Kind,
    /// `null` is a value too.
    pub nullable: bool,
}

/// A description produced on demand, so that a recursive type is described
/// one level at a time.
pub type Describe = fn() -> Description;

/// The kind of a type's values.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Kind {
    /// A type that does not describe itself: an `Encode` impl of its own,
    /// `Value`, a field written `#[boring(with = …)]`, an enum.
    Opaque,
    /// `bool`.
    Bool,
    /// An integer type of `bits` bits (8 to 128).
    Int {
        /// Whether it holds negative values.
        signed: bool,
        /// Its width.
        bits: u8,
    },
    /// A float type of `bits` bits (32 or 64).
    Float {
        /// Its width.
        bits: u8,
    },
    /// Text: `String`, `str`, `char`.
    Text,
    /// A byte string: the byte-string types and `#[boring(bytes)]` fields.
    Bytes,
    /// A sequence of any length: `Vec<T>`, slices, sets.
    List(Describe),
    /// A sequence of exactly this many elements: `[T; N]`.
    Array(Describe, usize),
    /// A map from keys of the first description to values of the second.
    Map(Describe, Describe),
    /// A derived struct written as a map.
    Record(Fields),
}

impl Description {
    /// Values of `kind`, never `null`.
    pub const fn of(kind: Kind) -> Description {
        Description {
            kind,
            nullable: false,
        }
    }

    /// The same values, or `null`.
    pub const fn or_null(self) -> Description {
        Description {
            nullable: true,
            ..self
        }
    }

    /// A type that does not describe itself.
    pub const fn opaque() -> Description {
        Description::of(Kind::Opaque)
    }
}

/// The fields of a derived record: each one's key and description, in the
/// order they are written.
#[derive(Clone, Copy)]
pub struct Fields {
    shape: &'static Shape,
    field: fn(usize) -> Description,
}

impl Fields {
    #[doc(hidden)]
    /// The fields of a derived type: its shape and its field descriptions
    /// by position (what the derive generates).
    pub const fn new(shape: &'static Shape, field: fn(usize) -> Description) -> Fields {
        Fields { shape, field }
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.shape.len()
    }

    /// Whether there is no field.
    pub fn is_empty(&self) -> bool {
        self.shape.is_empty()
    }

    /// Field `i`'s key as its text: the text of a text key, `:name` for a
    /// keyword key, the declared name of an integer-keyed field (see
    /// [`Fields::int_key`]). Empty for an index out of range.
    pub fn key_text(&self, i: usize) -> &'static str {
        self.shape.texts.get(i).copied().unwrap_or_default()
    }

    /// Field `i`'s integer key, when it has one.
    pub fn int_key(&self, i: usize) -> Option<i128> {
        match self.shape.keys.get(i)? {
            super::record::KeySpec::Int(k) => Some(*k),
            super::record::KeySpec::Text(_) => None,
        }
    }

    /// Field `i`'s description ([`Description::opaque`] past the last).
    pub fn describe(&self, i: usize) -> Description {
        if i < self.len() {
            (self.field)(i)
        } else {
            Description::opaque()
        }
    }
}

impl fmt::Debug for Fields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries((0..self.len()).map(|i| self.key_text(i)))
            .finish()
    }
}

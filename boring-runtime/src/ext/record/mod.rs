//! The CBOR side of `#[derive(Boring)]`: struct maps (text, keyword and
//! integer keys), tag-27 records, shaped tables (tag 39649) of derived
//! records, enum variants in every representation, tuples, byte-string
//! fields, flattened and unknown-entry fields, and tags around values.
//!
//! Generated code lays out a type's structure (which field is which, how
//! each value is written) and calls into this module for everything that is
//! CBOR: key bytes, key matching, key order under the sorted profiles, the
//! shaped-table header, its permutation onto fields, and absence.
//!
//! Per type, the derive emits one [`Shape`] constant whose key bytes and
//! shaped-array header are computed at compile time by the `const fn`s here
//! ([`header_len`], [`header`], [`key_offsets`], [`key_order`]).

// Derive plumbing, reached only through `__private`: not public API.
#![allow(clippy::missing_errors_doc)]

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use crate::codec::{decode_byte_array, decode_byte_string, Decode, Encode};
use crate::error::{Error, ErrorKind, PathSegment};
use crate::ext::columns::Rows;
use crate::ext::shapes::{dense_enough, identifier_key_estimate, saving, text_key_estimate, TAG};
use crate::profile::{DuplicateKeys, KeyOrder, Resolved};
use crate::wire::{Head, Reader, Seq, Sink, Writer};

/// The identifier tag (keywords and symbols).
const IDENT: u64 = 39;
/// The record tag.
const RECORD: u64 = 27;
/// The scattered-shapes tag.
const SCATTERED: u64 = crate::value::scattered::TAG;
/// `d9 9ae1 82`: tag 39649 and the head of its two-element content.
const TABLE_PREFIX: [u8; 4] = [0xd9, 0x9a, 0xe1, 0x82];

// Each part sees this module's imports and its siblings' items through
// `use super::*`.
mod bytes;
pub(crate) mod census;
mod decode;
mod encode;
mod flat;
mod keys;
mod names;
mod repr;
mod scattered;
mod table;
mod variants;

pub use bytes::*;
pub use census::Census;
use census::Scatter;
pub use decode::*;
pub use encode::*;
pub use flat::*;
pub use keys::*;
pub use names::same_name;
pub use repr::*;
pub use table::*;
pub use variants::*;

// ----- the per-type description --------------------------------------------

/// A field as errors name it: its key text, and its integer key when it
/// has one (so that the error path holds [`PathSegment::Key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldName {
    text: &'static str,
    key: Option<i128>,
}

impl FieldName {
    /// A field keyed by text (or a keyword).
    pub const fn text(text: &'static str) -> FieldName {
        FieldName { text, key: None }
    }

    /// A field keyed by the integer `key` (`text` is its decimal form).
    pub const fn key(key: i128, text: &'static str) -> FieldName {
        FieldName {
            text,
            key: Some(key),
        }
    }

    /// The key text.
    pub fn as_str(&self) -> &'static str {
        self.text
    }

    /// `e` with this field in front of its path.
    #[cold]
    pub fn wrap(&self, e: Error) -> Error {
        e.within(match self.key {
            Some(key) => PathSegment::Key(key),
            None => PathSegment::Field(self.text),
        })
    }
}

/// What the derive knows about a struct's (or struct variant's) fields,
/// computed at compile time. Field `i` is the `i`-th field that is not
/// `#[boring(skip)]`, in declaration order.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Field names as matched on decode (no leading colon).
    pub names: &'static [&'static str],
    /// Key texts as written (`":name"` for keyword keys).
    pub texts: &'static [&'static str],
    /// Keys are identifiers (tag 39) rather than text.
    pub keyword: bool,
    /// The shaped-array header over every field ([`header`]).
    pub header: &'static [u8],
    /// Key boundaries inside `header` ([`key_offsets`]).
    pub offsets: &'static [usize],
    /// Field order under bytewise key sorting.
    pub bytewise: &'static [usize],
    /// Field order under length-first key sorting.
    pub length_first: &'static [usize],
    /// Some field may be left out (`skip_if_none`).
    pub skippable: bool,
    /// Unknown keys are errors (`deny_unknown_fields`).
    pub deny_unknown: bool,
    /// The declared keys, text or integer (for text keys, the same texts
    /// as `texts`).
    pub keys: &'static [KeySpec],
    /// Some key is an integer ([`has_int_keys`]): keys are matched by
    /// kind as well as by name.
    pub int_keys: bool,
}

impl Shape {
    /// The number of encoded fields.
    #[inline]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the type has no encoded field.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The encoded key of field `i` (empty for an index out of range).
    #[inline]
    pub fn key(&self, i: usize) -> &'static [u8] {
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&start), Some(&end)) => self.header.get(start..end).unwrap_or_default(),
            _ => &[],
        }
    }

    /// The field order the writer's profile asks for (`None`: declaration
    /// order).
    #[inline]
    pub(super) fn order(&self, order: KeyOrder) -> Option<&'static [usize]> {
        // Every sorted profile (Ctap2 included) resolves to one of the two
        // sorted orders.
        match order {
            KeyOrder::Insertion => None,
            KeyOrder::Bytewise => Some(self.bytewise),
            KeyOrder::LengthFirst => Some(self.length_first),
        }
    }

    /// The integer key of field `i`, if it has one.
    #[inline]
    pub fn int_key(&self, i: usize) -> Option<i128> {
        match self.keys.get(i) {
            Some(KeySpec::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// The reference's size estimate for field `i`'s key.
    pub(super) fn estimate(&self, i: usize) -> usize {
        if let Some(KeySpec::Int(_)) = self.keys.get(i) {
            // The reference's estimate for a key that is not text.
            return 8;
        }
        let text = self.texts.get(i).copied().unwrap_or_default();
        if self.keyword {
            identifier_key_estimate(text)
        } else {
            text_key_estimate(text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXTS: [&str; 3] = ["zeta", "a", "mid"];
    const KEYS3: [KeySpec; 3] = [
        KeySpec::Text("zeta"),
        KeySpec::Text("a"),
        KeySpec::Text("mid"),
    ];
    const HEADER: [u8; header_len(&KEYS3, false)] = header(&KEYS3, false);
    const OFFSETS: [usize; 4] = key_offsets(&KEYS3, false);
    const KEYWORDS: [KeySpec; 1] = [KeySpec::Text(":e")];
    const KEYWORD_HEADER: [u8; header_len(&KEYWORDS, true)] = header(&KEYWORDS, true);

    #[test]
    fn header_is_the_shaped_prefix_and_keys() {
        assert_eq!(
            HEADER,
            [
                0xd9, 0x9a, 0xe1, 0x82, 0x83, 0x64, b'z', b'e', b't', b'a', 0x61, b'a', 0x63, b'm',
                b'i', b'd'
            ]
        );
        assert_eq!(OFFSETS, [5, 10, 12, 16]);
        assert_eq!(
            KEYWORD_HEADER,
            [0xd9, 0x9a, 0xe1, 0x82, 0x81, 0xd8, 0x27, 0x62, b':', b'e']
        );
    }

    #[test]
    fn long_keys_take_longer_heads() {
        const LONG: [KeySpec; 1] = [KeySpec::Text("abcdefghijklmnopqrstuvwxyz")];
        const H: [u8; header_len(&LONG, false)] = header(&LONG, false);
        assert_eq!(&H[5..7], [0x78, 26]);
        assert_eq!(H.len(), 7 + 26);
    }

    #[test]
    fn key_orders() {
        let bytewise: [usize; 3] = key_order(&HEADER, &OFFSETS, false);
        assert_eq!(bytewise, [1, 2, 0]);
        let length_first: [usize; 3] = key_order(&HEADER, &OFFSETS, true);
        assert_eq!(length_first, [1, 2, 0]);
        // A 24-byte key has a two-byte head (78 18): bytewise it sorts
        // after a one-byte-head key starting with a lower byte, and by
        // length it sorts last.
        const KEYS: [KeySpec; 2] = [
            KeySpec::Text("aaaaaaaaaaaaaaaaaaaaaaaa"),
            KeySpec::Text("b"),
        ];
        const H: [u8; header_len(&KEYS, false)] = header(&KEYS, false);
        const O: [usize; 3] = key_offsets(&KEYS, false);
        assert_eq!(key_order::<2>(&H, &O, false), [1, 0]);
        assert_eq!(key_order::<2>(&H, &O, true), [1, 0]);
    }

    #[test]
    fn find_prefers_the_hint() {
        assert_eq!(find(&TEXTS, "a", 1), Some(1));
        assert_eq!(find(&TEXTS, "mid", 0), Some(2));
        assert_eq!(find(&TEXTS, "nope", 0), None);
    }
}

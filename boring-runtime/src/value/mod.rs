//! [`Value`]: the whole CBOR data model, faithful to the wire so that decode
//! then encode under the same profile gives the same bytes.
//!
//! Decoding, skipping, encoding, cloning, comparing, dropping, checking and
//! `Debug` formatting of a `Value` are iterative (an explicit stack, no
//! recursion), so nesting up to the depth limit never overflows a small
//! thread stack.

mod access;
mod clojure;
mod clone;
mod cmp;
mod columns;
mod containers;
mod debug;
mod decode;
mod encode;
mod key_groups;
mod keyed;
pub(crate) mod registry;
pub(crate) mod scattered;
mod shapes;
mod show;
mod tags;

use alloc::string::String;
use alloc::vec::Vec;

pub use cmp::data_item_cmp;
pub use containers::{Array, Boxed, Map};
pub use registry::{CheckFn, ReadFn, TagHandler, TagRegistry};

/// A CBOR data item.
///
/// Maps keep their entries in wire order; tags keep their number and content
/// (bignums stay tags 2/3 unless asked otherwise); floats keep their width
/// and NaN bits; `Undefined` is distinct from `Null`.
///
/// Its containers ([`Array`], [`Map`], a tag's [`Boxed`] content) drop
/// iteratively and deref to the vector or value they hold, so a `Value`
/// nested to any depth drops without recursion and can still be taken
/// apart by pattern matching.
///
/// ```
/// use boring::Value;
///
/// // {"name": "Ada", "langs": ["en", "fr"]}
/// let bytes = [
///     0xa2, 0x64, b'n', b'a', b'm', b'e', 0x63, b'A', b'd', b'a', //
///     0x65, b'l', b'a', b'n', b'g', b's', 0x82, 0x62, b'e', b'n', 0x62, b'f', b'r',
/// ];
/// let value: Value = boring::from_slice(&bytes)?;
/// assert_eq!(value["name"].as_str(), Some("Ada"));
/// assert_eq!(value["langs"][1].as_str(), Some("fr"));
/// assert_eq!(value.to_string(), r#"{"name": "Ada", "langs": ["en", "fr"]}"#);
///
/// // Taken apart by value: the containers move out.
/// let Value::Map(entries) = value else { unreachable!() };
/// let (_, langs) = entries.into_vec().pop().expect("two entries");
/// assert_eq!(langs.into_array().map(|l| l.len()), Some(2));
/// # Ok::<(), boring::Error>(())
/// ```
#[derive(Default)]
pub enum Value {
    /// An integer, −2^64 … 2^64−1 on the wire (major types 0 and 1). Values
    /// beyond that range are written as bignums (tags 2/3).
    Integer(i128),
    /// A float, at the width it was read or built with.
    Float(Float),
    /// A byte string.
    Bytes(Vec<u8>),
    /// A text string.
    Text(String),
    /// An array.
    Array(Array),
    /// A map, entries in wire order.
    Map(Map),
    /// A tag and its content.
    Tag(u64, Boxed),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    #[default]
    Null,
    /// `undefined`.
    Undefined,
    /// Another simple value (0–19 or 32–255).
    Simple(u8),
}

/// A float with its wire width.
#[derive(Debug, Clone, Copy)]
pub enum Float {
    /// binary16, as its bits.
    F16(u16),
    /// binary32.
    F32(f32),
    /// binary64.
    F64(f64),
}

impl Float {
    /// The value widened to `f64` (exact for every width).
    pub fn to_f64(self) -> f64 {
        match self {
            Float::F16(bits) => crate::wire::float::f16_to_f64(bits),
            Float::F32(v) => f64::from(v),
            Float::F64(v) => v,
        }
    }

    /// The bits of the widened value, NaN payloads carried over.
    pub fn to_f64_bits(self) -> u64 {
        match self {
            Float::F16(bits) => crate::wire::float::f16_to_f64(bits).to_bits(),
            Float::F32(v) => crate::wire::float::widen_f32_bits(v),
            Float::F64(v) => v.to_bits(),
        }
    }

    fn width_rank(self) -> u8 {
        match self {
            Float::F16(_) => 1,
            Float::F32(_) => 2,
            Float::F64(_) => 3,
        }
    }

    fn raw_bits(self) -> u64 {
        match self {
            Float::F16(bits) => u64::from(bits),
            Float::F32(v) => u64::from(v.to_bits()),
            Float::F64(v) => v.to_bits(),
        }
    }
}

impl PartialEq for Float {
    /// Same width and same bits (so a NaN equals itself).
    fn eq(&self, other: &Self) -> bool {
        self.width_rank() == other.width_rank() && self.raw_bits() == other.raw_bits()
    }
}

impl Eq for Float {}

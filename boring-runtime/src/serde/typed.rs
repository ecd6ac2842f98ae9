//! RFC 8746 typed arrays (tags 64 to 87) read through serde: a sequence of
//! numbers, each element handed to the visitor as the primitive its element
//! type is (`u64` or `i64`, `f32` for binary16 and binary32, `f64`), so a
//! `Vec<u16>`, a `[f32; 3]` or a `serde_json::Value` reads what the derive
//! and `Value` write under `Compact`.

use ::serde::de::{DeserializeSeed, IntoDeserializer, SeqAccess, Visitor};

use crate::error::{Error, ErrorKind};
use crate::ext::typed::{element, read_typed, Elem, Number, TypedKind, BEYOND_F64};
use crate::value::Value;
use crate::wire::Reader;

/// The elements of one typed array not yet handed over.
pub(super) struct TypedSeq<'b> {
    kind: TypedKind,
    /// Whole elements: the payload's length is checked against the width.
    bytes: &'b [u8],
    /// The array's offset, for an element no `f64` holds (`None` inside
    /// an expanded layout item, which has no offsets; the caller places it).
    at: Option<usize>,
}

impl<'b> TypedSeq<'b> {
    /// Reads the typed array at `r` (its tag included).
    pub(super) fn read(r: &mut Reader<'b>) -> Result<Self, Error> {
        let at = r.position();
        let (kind, bytes) = read_typed(r)?;
        Ok(TypedSeq {
            kind,
            bytes,
            at: Some(at),
        })
    }

    /// The typed array a decoded `Value::Tag(tag, content)` holds, when it
    /// is one with a payload of whole elements.
    pub(super) fn of_value(tag: u64, content: &'b Value) -> Option<Self> {
        let kind = TypedKind::from_tag(tag)?;
        match content {
            Value::Bytes(bytes) if bytes.len() % kind.elem.width() == 0 => Some(TypedSeq {
                kind,
                bytes,
                at: None,
            }),
            _ => None,
        }
    }

    /// Hands the elements to `v` as a sequence.
    pub(super) fn visit<'de, V: Visitor<'de>>(mut self, v: V) -> Result<V::Value, Error> {
        v.visit_seq(&mut self)
    }

    /// A `u8` array is a byte string too: `serde_bytes` and `&[u8]` take it
    /// whole.
    pub(super) fn u8_bytes(&self) -> Option<&'b [u8]> {
        matches!(self.kind.elem, Elem::U8 | Elem::U8Clamped).then_some(self.bytes)
    }
}

impl<'de> SeqAccess<'de> for TypedSeq<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let width = self.kind.elem.width();
        if self.bytes.len() < width {
            return Ok(None);
        }
        let (chunk, rest) = self.bytes.split_at(width);
        self.bytes = rest;
        let Some(number) = element(self.kind, chunk) else {
            let kind = ErrorKind::OutOfRange {
                value: BEYOND_F64.into(),
                target: "f64",
            };
            return Err(match self.at {
                Some(at) => Error::new(kind, at),
                None => Error::unplaced(kind),
            });
        };
        let value = match (number, self.kind.elem) {
            // Typed integers are at most 64 bits wide, signed or not.
            (Number::Int(n), _) => match u64::try_from(n) {
                Ok(n) => seed.deserialize(n.into_deserializer()),
                Err(_) => seed.deserialize((n as i64).into_deserializer()),
            },
            // Widened from binary16 or binary32, so exact as `f32`.
            (Number::Float(x), Elem::F16 | Elem::F32) => {
                seed.deserialize((x as f32).into_deserializer())
            }
            (Number::Float(x), _) => seed.deserialize(x.into_deserializer()),
        };
        value.map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.bytes.len() / self.kind.elem.width())
    }
}

//! Layout tags read through serde: a shaped array, scattered shape, columnar
//! or keyed table, or grid (tags 39649 to 39654) is expanded by the `Value`
//! decoder into the plain arrays and maps it stands for, then handed to the
//! visitor from that `Value`.
//!
//! Text and byte strings inside such an item reach the visitor as owned
//! data (`visit_string`, `visit_byte_buf`): the expanded rows are built, not
//! borrowed, so a target that borrows `&str` from the input fails there with
//! a type error, as it does for an indefinite-length string.

use alloc::vec::Vec;

use ::serde::de::value::{MapDeserializer, SeqDeserializer};
use ::serde::de::{self, IntoDeserializer, Visitor};
use ::serde::forward_to_deserialize_any;

use super::typed::TypedSeq;
use crate::error::Error;
use crate::value::{Float, Value};

/// Whether `tag` is one of the layout tags this module expands.
pub(super) fn is_layout(tag: u64) -> bool {
    use crate::ext::{COLUMNAR_TAG, GRID_TAG, KEYED_TAG, SCATTERED_TAG, SHAPED_TAG};
    [SHAPED_TAG, SCATTERED_TAG, COLUMNAR_TAG, KEYED_TAG, GRID_TAG].contains(&tag)
}

/// A decoded, expanded item as a serde deserializer.
pub(super) struct Expanded(pub(super) Value);

impl<'de> IntoDeserializer<'de, Error> for Expanded {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> de::Deserializer<'de> for Expanded {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Integer(n) => match (u64::try_from(n), i64::try_from(n)) {
                (Ok(n), _) => v.visit_u64(n),
                (_, Ok(n)) => v.visit_i64(n),
                _ => v.visit_i128(n),
            },
            Value::Float(Float::F64(x)) => v.visit_f64(x),
            Value::Float(Float::F32(x)) => v.visit_f32(x),
            Value::Float(f) => v.visit_f32(f.to_f64() as f32),
            Value::Bytes(bytes) => v.visit_byte_buf(bytes),
            Value::Text(text) => v.visit_string(text),
            Value::Array(items) => {
                let mut seq = SeqDeserializer::new(items.into_vec().into_iter().map(Expanded));
                let value = v.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Value::Map(entries) => {
                let entries = entries.into_vec().into_iter();
                let mut map =
                    MapDeserializer::new(entries.map(|(k, x)| (Expanded(k), Expanded(x))));
                let value = v.visit_map(&mut map)?;
                map.end()?;
                Ok(value)
            }
            // As on the streaming path: a typed array is a sequence of
            // numbers, any other tag its content.
            Value::Tag(tag, content) => match TypedSeq::of_value(tag, &content) {
                Some(typed) => typed.visit(v),
                None => Expanded(content.into_inner()).deserialize_any(v),
            },
            Value::Bool(b) => v.visit_bool(b),
            Value::Null | Value::Undefined => v.visit_unit(),
            Value::Simple(n) => v.visit_u8(n),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null | Value::Undefined => v.visit_none(),
            other => v.visit_some(Expanded(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            // A unit variant by name, or a one-entry map of variant and
            // content: the two forms the streaming path reads.
            Value::Text(name) => v.visit_enum(IntoDeserializer::<Error>::into_deserializer(name)),
            Value::Map(entries) => {
                let entries: Vec<(Value, Value)> = entries.into_vec();
                let map = MapDeserializer::new(
                    entries.into_iter().map(|(k, x)| (Expanded(k), Expanded(x))),
                );
                v.visit_enum(de::value::MapAccessDeserializer::new(map))
            }
            other => Expanded(other).deserialize_any(v),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

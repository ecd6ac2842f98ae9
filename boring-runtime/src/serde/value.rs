//! `Serialize` and `Deserialize` for [`Value`]: faithful through this
//! crate's serializer and deserializer, plain data through other formats.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use ::serde::de::{
    self, Deserialize, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};
use ::serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{SIMPLE_TOKEN, TAG_TOKEN, VALUE_TOKEN};
use crate::profile::{Options, Profile};
use crate::value::{Array, Float, Map, Value};

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Integer(n) => match (u64::try_from(*n), i64::try_from(*n)) {
                (Ok(n), _) => s.serialize_u64(n),
                (_, Ok(n)) => s.serialize_i64(n),
                _ => s.serialize_i128(*n),
            },
            // A binary16 has no serde type; binary32 holds it exactly.
            Value::Float(Float::F16(_)) | Value::Float(Float::F32(_)) => {
                s.serialize_f32(float_f32(self))
            }
            Value::Float(Float::F64(x)) => s.serialize_f64(*x),
            Value::Bytes(b) => s.serialize_bytes(b),
            Value::Text(t) => s.serialize_str(t),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                items
                    .iter()
                    .try_for_each(|item| seq.serialize_element(item))?;
                seq.end()
            }
            Value::Map(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                entries
                    .iter()
                    .try_for_each(|(k, v)| map.serialize_entry(k, v))?;
                map.end()
            }
            Value::Tag(tag, content) => s.serialize_newtype_struct(TAG_TOKEN, &(*tag, &**content)),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Null => s.serialize_unit(),
            Value::Undefined => s.serialize_newtype_struct(SIMPLE_TOKEN, &23u8),
            Value::Simple(n) => s.serialize_newtype_struct(SIMPLE_TOKEN, n),
        }
    }
}

fn float_f32(value: &Value) -> f32 {
    match value {
        Value::Float(Float::F32(x)) => *x,
        Value::Float(f) => f.to_f64() as f32,
        _ => 0.0,
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        // This crate's deserializer answers the private name with the whole
        // item; any other treats it as a newtype and reads the content.
        d.deserialize_newtype_struct(VALUE_TOKEN, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any CBOR data item")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Integer(v.into()))
    }

    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(Value::Integer(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Integer(v.into()))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        i128::try_from(v)
            .map(Value::Integer)
            .map_err(|_| E::custom("an integer past i128::MAX"))
    }

    fn visit_f32<E>(self, v: f32) -> Result<Value, E> {
        Ok(Value::Float(Float::F32(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Float(Float::F64(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Text(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::Text(v))
    }

    fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Bytes(v.to_owned()))
    }

    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Value, E> {
        Ok(Value::Bytes(v))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(Array::from(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Value::Map(Map::from(entries)))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let (name, variant): (String, _) = data.variant()?;
        if name == VALUE_TOKEN {
            return variant.newtype_variant_seed(Whole);
        }
        // Another format's enum: the externally tagged form.
        let content: Value = variant.newtype_variant()?;
        Ok(Value::Map(Map::from(alloc::vec![(
            Value::Text(name),
            content
        )])))
    }
}

/// The whole item as plain CBOR bytes, from this crate's deserializer.
struct Whole;

impl<'de> de::DeserializeSeed<'de> for Whole {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_bytes(self)
    }
}

impl Visitor<'_> for Whole {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an encoded CBOR item")
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Value, E> {
        crate::from_slice_with(v, &Options::from(Profile::Interop)).map_err(E::custom)
    }
}

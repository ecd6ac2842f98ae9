//! The deserializer's access types: the elements of an array, the entries
//! of a map, an enum's variant, and the whole item `Value` asks for.

use alloc::vec::Vec;

use ::serde::de::value::{BorrowedStrDeserializer, BytesDeserializer};
use ::serde::de::{self, DeserializeSeed, Unexpected};

use super::de::Deserializer;
use super::VALUE_TOKEN;
use crate::error::Error;
use crate::wire::Seq;

/// The elements of an array.
pub(crate) struct Items<'a, 'b, 'de> {
    pub(crate) de: &'a mut Deserializer<'b, 'de>,
    pub(crate) seq: Seq,
}

impl<'de> de::SeqAccess<'de> for Items<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if !self.seq.next(self.de.r)? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.de).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.declared().map(|n| n.min(4096) as usize)
    }
}

/// The entries of a map.
pub(crate) struct Entries<'a, 'b, 'de> {
    pub(crate) de: &'a mut Deserializer<'b, 'de>,
    pub(crate) seq: Seq,
    /// A struct's field names (empty for a map): a key equal to one is
    /// handed over as that constant, with no UTF-8 check of its bytes.
    pub(crate) fields: &'static [&'static str],
    /// The field after the last one matched, the likeliest next key.
    pub(crate) next: usize,
}

/// The index of the field named by `name`, trying `next` first.
#[inline]
fn field_index(fields: &[&str], next: usize, name: &[u8]) -> Option<usize> {
    match fields.get(next) {
        Some(field) if field.as_bytes() == name => Some(next),
        _ => fields.iter().position(|field| field.as_bytes() == name),
    }
}

impl<'de> de::MapAccess<'de> for Entries<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if !self.seq.next(self.de.r)? {
            return Ok(None);
        }
        if !self.fields.is_empty() {
            let (fields, next) = (self.fields, self.next);
            // A literal or a stringref to one of the names (a matched
            // literal is registered as the reader would register it).
            let known = self.de.r.take_known_text(|name| {
                let index = field_index(fields, next, name)?;
                let field = *fields.get(index)?;
                Some(((index, field), field))
            });
            if let Some((index, field)) = known {
                self.next = index + 1;
                return seed
                    .deserialize(BorrowedStrDeserializer::new(field))
                    .map(Some);
            }
        }
        seed.deserialize(&mut *self.de).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.de)
    }

    fn size_hint(&self) -> Option<usize> {
        // Capped: the count is the input's claim, not yet backed by entries.
        self.seq.declared().map(|n| n.min(4096) as usize)
    }
}

/// A variant written as its name alone: a unit variant.
pub(crate) struct UnitVariant<'a, 'b, 'de> {
    pub(crate) de: &'a mut Deserializer<'b, 'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, '_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = seed.deserialize(&mut *self.de)?;
        Ok((name, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, '_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> Result<T::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a newtype variant",
        ))
    }

    fn tuple_variant<V: de::Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a tuple variant",
        ))
    }

    fn struct_variant<V: de::Visitor<'de>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"a struct variant",
        ))
    }
}

/// A variant written as a map of one entry, name to payload; the map is
/// open and its one entry started.
pub(crate) struct Variant<'a, 'b, 'de> {
    pub(crate) de: &'a mut Deserializer<'b, 'de>,
}

impl<'de> de::EnumAccess<'de> for Variant<'_, '_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = seed.deserialize(&mut *self.de)?;
        Ok((name, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, '_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        // `{"Unit": null}` is accepted as well as `"Unit"`.
        <() as de::Deserialize>::deserialize(&mut *self.de)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(&mut *self.de)
    }

    fn tuple_variant<V: de::Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(&mut *self.de, len, v)
    }

    fn struct_variant<V: de::Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(&mut *self.de, "", fields, v)
    }
}

/// A whole item for `Value`, as plain CBOR: the enum variant
/// [`VALUE_TOKEN`] over a byte string.
pub(crate) struct RawValue(pub(crate) Vec<u8>);

impl<'de> de::EnumAccess<'de> for RawValue {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = seed.deserialize(BorrowedStrDeserializer::<Error>::new(VALUE_TOKEN))?;
        Ok((name, self))
    }
}

impl<'de> de::VariantAccess<'de> for RawValue {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Err(de::Error::invalid_type(
            Unexpected::NewtypeVariant,
            &"a unit variant",
        ))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(BytesDeserializer::<Error>::new(&self.0))
    }

    fn tuple_variant<V: de::Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::NewtypeVariant,
            &"a tuple variant",
        ))
    }

    fn struct_variant<V: de::Visitor<'de>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            Unexpected::NewtypeVariant,
            &"a struct variant",
        ))
    }
}

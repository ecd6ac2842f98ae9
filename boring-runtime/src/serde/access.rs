//! The deserializer's access types: the elements of an array, the entries
//! of a map, an enum's variant, and the whole item `Value` asks for.

use alloc::vec::Vec;

use ::serde::de::value::{BorrowedStrDeserializer, BytesDeserializer};
use ::serde::de::{self, DeserializeSeed, Unexpected};

use super::de::Deserializer;
use super::VALUE_TOKEN;
use crate::error::Error;
use crate::ext::record::same_name;
use crate::wire::{Reader, Seq};

/// The elements of an array, handed to the visitor by value and two words
/// wide, so that it travels in registers: its `Seq` is then the visitor's
/// own local, kept in a register across the element loop (behind a
/// pointer, it was loaded and stored once per byte of a `Vec<u8>`).
/// Dropped, it leaves its state in [`Deserializer::ended`], where the
/// deserializer checks that the array was read to its end.
pub(crate) struct Items<'a, 'b, 'de> {
    pub(crate) de: &'a mut Deserializer<'b, 'de>,
    pub(crate) seq: Seq,
}

impl Drop for Items<'_, '_, '_> {
    #[inline]
    fn drop(&mut self) {
        self.de.ended = self.seq;
    }
}

impl<'de> de::SeqAccess<'de> for Items<'_, '_, 'de> {
    type Error = Error;

    #[inline]
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

/// The index of the name equal to `name`, trying `next` first (inline: a
/// struct's keys come in field order), the others out of line.
#[inline(always)]
fn name_index(names: &[&str], next: usize, name: &[u8]) -> Option<usize> {
    match names.get(next) {
        Some(known) if same_name(known.as_bytes(), name) => Some(next),
        _ => find_name(names, name),
    }
}

/// The index of the name equal to `name`.
#[inline(never)]
fn find_name(names: &[&str], name: &[u8]) -> Option<usize> {
    names
        .iter()
        .position(|known| same_name(known.as_bytes(), name))
}

/// The next item when it is one of `names` — a text literal or a stringref
/// to one — consumed, with the name's index (a matched literal is
/// registered as the reader would register it). Anything else is left for
/// the general path.
#[inline(always)]
fn known_name(
    r: &mut Reader<'_>,
    names: &'static [&'static str],
    next: usize,
) -> Option<(usize, &'static str)> {
    if names.is_empty() {
        return None;
    }
    let found = r.peek_short_text()?;
    let index = name_index(names, next, found.bytes)?;
    let known = *names.get(index)?;
    r.take_short_text(found, known);
    Some((index, known))
}

/// Reads a variant's name: one of `variants` as that constant (no UTF-8
/// check), anything else through the deserializer.
fn variant_name<'de, V: DeserializeSeed<'de>>(
    de: &mut Deserializer<'_, 'de>,
    variants: &'static [&'static str],
    seed: V,
) -> Result<V::Value, Error> {
    match known_name(de.r, variants, 0) {
        Some((_, name)) => seed.deserialize(BorrowedStrDeserializer::new(name)),
        None => seed.deserialize(de),
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
        if let Some((index, field)) = known_name(self.de.r, self.fields, self.next) {
            self.next = index + 1;
            return seed
                .deserialize(BorrowedStrDeserializer::new(field))
                .map(Some);
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
    /// The enum's variant names.
    pub(crate) variants: &'static [&'static str],
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, '_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = variant_name(self.de, self.variants, seed)?;
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
    /// The enum's variant names.
    pub(crate) variants: &'static [&'static str],
}

impl<'de> de::EnumAccess<'de> for Variant<'_, '_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = variant_name(self.de, self.variants, seed)?;
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

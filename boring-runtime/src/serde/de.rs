//! [`Deserializer`]: serde's data model read through a [`Reader`].

use alloc::borrow::Cow;
use alloc::vec::Vec;

use ::serde::de::{self, Visitor};
use ::serde::forward_to_deserialize_any;

use super::access::{Entries, Items, RawValue, UnitVariant, Variant};
use super::error::place;
use super::expanded::{self, Expanded};
use super::typed::TypedSeq;
use super::VALUE_TOKEN;
use crate::codec::Decode;
use crate::error::{Error, ErrorKind};
use crate::ext::typed::TypedKind;
use crate::profile::{Options, Profile};
use crate::value::Value;
use crate::wire::{Head, Reader, Seq, Simple};

/// A serde deserializer reading one item from a [`Reader`], borrowing
/// strings and byte strings from its input where the target allows.
///
/// See [the module documentation](super) for how CBOR maps onto serde's
/// data model.
#[derive(Debug)]
pub struct Deserializer<'a, 'de> {
    pub(crate) r: &'a mut Reader<'de>,
    /// The state of the array whose elements were read last, handed back
    /// when its [`Items`] is dropped.
    pub(crate) ended: Seq,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer reading the next item of `r`.
    pub fn new(r: &'a mut Reader<'de>) -> Self {
        Deserializer {
            r,
            ended: Seq::empty(),
        }
    }

    /// The content of a tag (its head at `at` not yet read): bignums as
    /// integers, stringref resolved, any other tag as its content.
    fn tagged<V: Visitor<'de>>(&mut self, tag: u64, at: usize, v: V) -> Result<V::Value, Error> {
        match tag {
            2 => match self.r.u128()? {
                n if n <= u128::from(u64::MAX) => v.visit_u64(n as u64),
                n => v.visit_u128(n),
            },
            3 => v.visit_i128(self.r.i128()?),
            25 if self.r.in_namespace() => {
                self.r.head()?;
                let index = self.r.u64()?;
                let (bytes, text) = self.r.resolve_reference(index, at)?;
                if text {
                    let text = core::str::from_utf8(bytes)
                        .map_err(|_| Error::new(ErrorKind::InvalidUtf8, at))?;
                    v.visit_borrowed_str(text)
                } else {
                    v.visit_borrowed_bytes(bytes)
                }
            }
            256 => {
                self.r.head()?;
                self.r.enter_namespace()?;
                let result = de::Deserializer::deserialize_any(&mut *self, v);
                self.r.leave_namespace();
                result
            }
            tag if expanded::is_layout(tag) => self.layout(v),
            64..=87 if TypedKind::from_tag(tag).is_some() => TypedSeq::read(self.r)?.visit(v),
            _ => {
                self.r.head()?;
                // A depth level per tag, so that a chain of tags cannot
                // recurse past the limit.
                self.r.enter()?;
                let result = de::Deserializer::deserialize_any(&mut *self, v);
                self.r.leave();
                result
            }
        }
    }

    /// A `u8` typed array (tag 64 or 68) asked for as bytes: its payload,
    /// borrowed.
    #[inline(never)]
    fn u8_array<V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        let typed = TypedSeq::read(self.r)?;
        match typed.u8_bytes() {
            Some(bytes) => v.visit_borrowed_bytes(bytes),
            None => typed.visit(v),
        }
    }

    /// A layout tag (shaped array, table, …), decoded and expanded first.
    /// Out of line: its frame would otherwise sit on every level of a deep
    /// chain of other tags.
    #[inline(never)]
    fn layout<V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        let value = Value::decode(self.r)?;
        de::Deserializer::deserialize_any(Expanded(value), v)
    }

    fn simple<V: Visitor<'de>>(&mut self, simple: Simple, v: V) -> Result<V::Value, Error> {
        self.r.head()?;
        match simple {
            Simple::Bool(b) => v.visit_bool(b),
            Simple::Null | Simple::Undefined => v.visit_unit(),
            Simple::Other(n) => v.visit_u8(n),
            Simple::F16(bits) => v.visit_f32(crate::wire::float::f16_to_f64(bits) as f32),
            Simple::F32(x) => v.visit_f32(x),
            Simple::F64(x) => v.visit_f64(x),
        }
    }

    fn array<V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        let seq = self.r.array()?;
        // A visitor that leaks its `Items` leaves this placeholder: the
        // array is then left unfinished, and the input misaligned, which the
        // items after it report.
        self.ended = Seq::empty();
        let value = v.visit_seq(Items { de: self, seq })?;
        self.ended.finish(self.r)?;
        Ok(value)
    }

    /// A map; a struct's when `fields` holds its field names.
    fn map<V: Visitor<'de>>(
        &mut self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let seq = self.r.map()?;
        let mut entries = Entries {
            de: self,
            seq,
            fields,
            next: 0,
        };
        let value = v.visit_map(&mut entries)?;
        entries.seq.finish(entries.de.r)?;
        Ok(value)
    }

    /// Opens the stringref namespace (tag 256) that the next item starts
    /// with, if it does: a top-level item under stringref has one. The
    /// caller closes it with `leave_namespace` once the item is read.
    #[inline]
    fn open_namespace(&mut self) -> Result<bool, Error> {
        if self.r.peek_tag() != Some(256) {
            return Ok(false);
        }
        self.r.head()?;
        self.r.enter_namespace()?;
        Ok(true)
    }

    /// Items whose initial byte alone does not tell what to call: negative
    /// integers, tags, simple values and floats, a stray break.
    fn other<V: Visitor<'de>>(&mut self, at: usize, v: V) -> Result<V::Value, Error> {
        match self.r.peek_head()? {
            Head::Negative(n) if n <= i64::MAX as u64 => {
                let n = self.r.i64()?;
                v.visit_i64(n)
            }
            Head::Negative(_) => {
                let n = self.r.i128()?;
                v.visit_i128(n)
            }
            Head::Tag(tag) => self.tagged(tag, at, v),
            Head::Simple(simple) => self.simple(simple, v),
            Head::Break => Err(Error::new(ErrorKind::UnexpectedBreak, at)),
            // `deserialize_any` dispatches the other majors on their byte.
            _ => de::Deserializer::deserialize_any(self, v),
        }
    }

    /// An array (`major` 4) or a map (5) when the next item is one, read
    /// without `deserialize_any`'s dispatch; any other item through it.
    #[inline]
    fn container<V: Visitor<'de>>(
        &mut self,
        major: u8,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let at = self.r.position();
        let result = match self.r.peek()? >> 5 {
            4 if major == 4 => self.array(v),
            5 if major == 5 => self.map(fields, v),
            _ => return de::Deserializer::deserialize_any(self, v),
        };
        result.map_err(|e| place(e, at))
    }

    /// An unsigned integer when the next item is one, visited as `u64`
    /// exactly as `deserialize_any` would, without its dispatch; any other
    /// item through it.
    ///
    /// Only the head is inline: the rest, `deserialize_any` included, is
    /// out of line, so that a byte of a `Vec<u8>` inlines into serde's
    /// element loop instead of costing two calls.
    #[inline(always)]
    fn unsigned<V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        match self.r.unsigned_head() {
            Some(n) => v.visit_u64(n).map_err(|e| place(e, at)),
            None => self.not_unsigned_head(v),
        }
    }

    /// [`Deserializer::unsigned`] past its fast path: a reserved head or the
    /// end of input through the reader's errors, any other item through
    /// `deserialize_any`.
    #[inline(never)]
    fn not_unsigned_head<V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        if self.r.peek()? >> 5 != 0 {
            return de::Deserializer::deserialize_any(self, v);
        }
        let n = self.r.u64()?;
        v.visit_u64(n).map_err(|e| place(e, at))
    }

    /// Whether the next item is `null` or `undefined`.
    #[inline]
    fn at_null(&self) -> Result<bool, Error> {
        // `null` and `undefined` are one byte each.
        Ok(matches!(self.r.peek()?, 0xf6 | 0xf7))
    }
}

/// `Deserializer` methods that read an unsigned head directly.
macro_rules! integers_at_their_head {
    ($($method:ident)*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.unsigned(v)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        // The common majors dispatch on the initial byte alone: the readers
        // they call parse the head once, and check it.
        let result = match self.r.peek()? >> 5 {
            0 => {
                let n = self.r.u64()?;
                v.visit_u64(n)
            }
            2 => return self.deserialize_bytes(v),
            3 => return self.deserialize_str(v),
            4 => self.array(v),
            5 => self.map(&[], v),
            _ => self.other(at, v),
        };
        result.map_err(|e| place(e, at))
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        // Text of either length form; anything else (a stringref reference
        // among them) through `deserialize_any`.
        if self.r.peek()? >> 5 != 3 {
            return self.deserialize_any(v);
        }
        let result = match self.r.text()? {
            Cow::Borrowed(text) => v.visit_borrowed_str(text),
            Cow::Owned(text) => v.visit_string(text),
        };
        result.map_err(|e| place(e, at))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        if self.r.peek()? >> 5 != 2 {
            if let Some(64 | 68) = self.r.peek_tag() {
                return self.u8_array(v).map_err(|e| place(e, at));
            }
            return self.deserialize_any(v);
        }
        let result = match self.r.byte_buf()? {
            Cow::Borrowed(bytes) => v.visit_borrowed_bytes(bytes),
            Cow::Owned(bytes) => v.visit_byte_buf(bytes),
        };
        result.map_err(|e| place(e, at))
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let at = self.r.position();
        if self.open_namespace()? {
            let result = self.deserialize_option(v);
            self.r.leave_namespace();
            return result;
        }
        if self.at_null()? {
            self.r.head()?;
            return v.visit_none().map_err(|e| place(e, at));
        }
        v.visit_some(self).map_err(|e| place(e, at))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.at_null()? {
            let at = self.r.position();
            self.r.head()?;
            return v.visit_unit().map_err(|e| place(e, at));
        }
        self.deserialize_any(v)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        let at = self.r.position();
        if name == VALUE_TOKEN {
            // `Value` asks for the whole item: decoded natively, so that tags
            // and simple values survive, and handed over as plain CBOR.
            let value = Value::decode(self.r)?;
            let bytes: Vec<u8> = crate::to_vec_with(&value, &Options::from(Profile::Interop))
                .map_err(|e| place(e, at))?;
            return v.visit_enum(RawValue(bytes)).map_err(|e| place(e, at));
        }
        v.visit_newtype_struct(self).map_err(|e| place(e, at))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        let at = self.r.position();
        if self.open_namespace()? {
            let result = self.deserialize_enum(name, variants, v);
            self.r.leave_namespace();
            return result;
        }
        if !matches!(self.r.peek_head()?, Head::Map(_)) {
            return v
                .visit_enum(UnitVariant { de: self, variants })
                .map_err(|e| place(e, at));
        }
        let mut seq = self.r.map()?;
        if !seq.next(self.r)? {
            let kind = ErrorKind::UnexpectedType {
                expected: "an enum variant (a map of one entry)",
                found: "an empty map",
            };
            return Err(Error::new(kind, at));
        }
        let value = v
            .visit_enum(Variant {
                de: &mut *self,
                variants,
            })
            .map_err(|e| place(e, at))?;
        seq.finish(self.r)?;
        Ok(value)
    }

    // The floats and booleans a type asks for, read at their one-byte
    // heads without the general head parser; any other item goes through
    // `deserialize_any`, as serde's visitors expect (an f64 handed to an
    // `f32` visitor, for one).
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.r.peek()? != 0xfa {
            return self.deserialize_any(v);
        }
        let at = self.r.position();
        let x = self.r.f32()?;
        v.visit_f32(x).map_err(|e| place(e, at))
    }

    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.r.peek()? != 0xfb {
            return self.deserialize_any(v);
        }
        let at = self.r.position();
        let x = self.r.f64()?;
        v.visit_f64(x).map_err(|e| place(e, at))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if !matches!(self.r.peek()?, 0xf4 | 0xf5) {
            return self.deserialize_any(v);
        }
        let at = self.r.position();
        let b = self.r.bool()?;
        v.visit_bool(b).map_err(|e| place(e, at))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.r.skip()?;
        v.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        false
    }

    // Arrays and maps a type asks for open at their initial byte; anything
    // else (a tag around them, a layout tag) goes through `deserialize_any`.
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.container(4, &[], v)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, v: V) -> Result<V::Value, Error> {
        self.container(4, &[], v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        self.container(4, &[], v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.container(5, &[], v)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        self.container(5, fields, v)
    }

    // Integers a type asks for: an unsigned head is read at once (serde's
    // visitors check the range); negative, big and tagged integers and
    // every other item go through `deserialize_any`, as before.
    integers_at_their_head! {
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
    }

    forward_to_deserialize_any! {
        i128 u128 char
    }
}

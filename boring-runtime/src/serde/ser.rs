//! [`Serializer`]: serde's data model written through a [`Writer`].

use ::serde::ser::{self, Serialize};

use super::compound::{Compound, Keyed};
use super::{SIMPLE_TOKEN, TAG_TOKEN};
use crate::error::{Error, ErrorKind};
use crate::wire::{Sink, Writer};

/// What an integer means where the serializer is: an ordinary number, or
/// the number of a tag or simple value travelling under a private newtype
/// name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Plain,
    /// The pair `(number, content)` of a tag.
    TagPair,
    /// The first element of that pair.
    TagNumber,
    Simple,
}

/// A serde serializer writing one item into a [`Writer`].
///
/// The writer's options decide the wire form (stringref, float widths, key
/// order); see [the module documentation](super) for the data model.
#[derive(Debug)]
pub struct Serializer<'w, S> {
    pub(crate) w: &'w mut Writer<S>,
    pub(crate) mode: Mode,
}

impl<'w, S: Sink> Serializer<'w, S> {
    /// A serializer writing into `w`. The item is written where the writer
    /// is: to open a stringref namespace around a top-level item, use
    /// [`to_writer`](super::to_writer).
    pub fn new(w: &'w mut Writer<S>) -> Self {
        Serializer {
            w,
            mode: Mode::Plain,
        }
    }
}

impl<'w, S: Sink> ser::Serializer for Serializer<'w, S> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, S>;
    type SerializeTuple = Compound<'w, S>;
    type SerializeTupleStruct = Compound<'w, S>;
    type SerializeTupleVariant = Compound<'w, S>;
    type SerializeMap = Keyed<'w, S>;
    type SerializeStruct = Keyed<'w, S>;
    type SerializeStructVariant = Keyed<'w, S>;

    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.w.bool(v)
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.w.i64(v.into())
    }

    #[inline]
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.w.i64(v.into())
    }

    #[inline]
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.w.i64(v.into())
    }

    #[inline]
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.w.i64(v)
    }

    #[inline]
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.w.i128(v)
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        match self.mode {
            // `undefined` is simple value 23, which has its own byte.
            Mode::Simple if v == 23 => self.w.undefined(),
            Mode::Simple => self.w.simple(v),
            _ => self.serialize_u64(v.into()),
        }
    }

    #[inline]
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    #[inline]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    #[inline]
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        match self.mode {
            Mode::TagNumber => self.w.tag(v),
            _ => self.w.u64(v),
        }
    }

    #[inline]
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.w.u128(v)
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.w.f32(v)
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.w.f64(v)
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.w.str(v.encode_utf8(&mut [0; 4]))
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.w.str(v)
    }

    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.w.bytes(v)
    }

    #[inline]
    fn serialize_none(self) -> Result<(), Error> {
        self.w.null()
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<(), Error> {
        self.w.null()
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.w.null()
    }

    #[inline(always)]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.w.name_key(variant)
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mode = match name {
            TAG_TOKEN => Mode::TagPair,
            SIMPLE_TOKEN => Mode::Simple,
            _ => Mode::Plain,
        };
        value.serialize(Serializer { w: self.w, mode })
    }

    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.map(1)?;
        self.w.name_key(variant)?;
        value.serialize(Serializer::new(self.w))
    }

    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'w, S>, Error> {
        Compound::open(self.w, len)
    }

    /// serde's default, with the items written by `Compound::extend`, which
    /// writes runs of `u8`s a block at a time.
    #[inline]
    fn collect_seq<I>(self, items: I) -> Result<(), Error>
    where
        I: IntoIterator,
        I::Item: Serialize,
    {
        let items = items.into_iter();
        let len = match items.size_hint() {
            (lo, Some(hi)) if lo == hi => Some(lo),
            _ => None,
        };
        Compound::open(self.w, len)?.extend(items)
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, S>, Error> {
        if self.mode == Mode::TagPair {
            if len != 2 {
                return Err(self
                    .w
                    .error(ErrorKind::Unencodable("a tag is a (number, content) pair")));
            }
            return Ok(Compound::tag(self.w));
        }
        Compound::open(self.w, Some(len))
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, S>, Error> {
        Compound::open(self.w, Some(len))
    }

    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'w, S>, Error> {
        self.w.map(1)?;
        self.w.name_key(variant)?;
        Compound::open(self.w, Some(len))
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Keyed<'w, S>, Error> {
        Keyed::open(self.w, len)
    }

    #[inline(always)]
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Keyed<'w, S>, Error> {
        Keyed::open(self.w, Some(len))
    }

    #[inline(always)]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Keyed<'w, S>, Error> {
        self.w.map(1)?;
        self.w.name_key(variant)?;
        Keyed::open(self.w, Some(len))
    }
}

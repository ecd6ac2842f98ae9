//! Telling a `u8` from any other value without writing anything: serde
//! hands a `Vec<u8>` over as a sequence of `u8`s, one `Serialize` call per
//! element, and the serializer's array loop asks each element through
//! [`ByteProbe`] whether it is one, so that it can write a run of bytes'
//! heads in blocks (see `Compound::extend`).

use core::fmt;

use ::serde::ser::{self, Impossible, Serialize};

use super::{SIMPLE_TOKEN, TAG_TOKEN};

/// The probe's answer for anything but a `u8`. Zero-sized: asking an
/// element that is not a byte costs no allocation.
#[derive(Debug)]
pub(super) struct NotAByte;

impl fmt::Display for NotAByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a u8")
    }
}

impl core::error::Error for NotAByte {}

impl ser::Error for NotAByte {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotAByte
    }
}

/// A serializer that accepts exactly the values our serializer writes as a
/// `u8` head (a `u8`, also inside `Some` or a newtype) and returns them;
/// everything else is [`NotAByte`]. It mirrors `Serializer` where that
/// matters: not human-readable, and the tag and simple-value newtypes are
/// refused, since their `u8` means something else.
pub(super) struct ByteProbe;

type No = Impossible<u8, NotAByte>;

/// Methods answering [`NotAByte`] whatever their arguments.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ok:ty;)*) => {$(
        #[inline]
        fn $method(self $(, _: $arg)*) -> Result<$ok, NotAByte> {
            Err(NotAByte)
        }
    )*};
}

impl ser::Serializer for ByteProbe {
    type Ok = u8;
    type Error = NotAByte;
    type SerializeSeq = No;
    type SerializeTuple = No;
    type SerializeTupleStruct = No;
    type SerializeTupleVariant = No;
    type SerializeMap = No;
    type SerializeStruct = No;
    type SerializeStructVariant = No;

    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<u8, NotAByte> {
        Ok(v)
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<u8, NotAByte> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<u8, NotAByte> {
        match name {
            TAG_TOKEN | SIMPLE_TOKEN => Err(NotAByte),
            _ => value.serialize(self),
        }
    }

    #[inline]
    fn collect_str<T: fmt::Display + ?Sized>(self, _: &T) -> Result<u8, NotAByte> {
        Err(NotAByte)
    }

    refuse! {
        serialize_bool(bool) -> u8;
        serialize_i8(i8) -> u8;
        serialize_i16(i16) -> u8;
        serialize_i32(i32) -> u8;
        serialize_i64(i64) -> u8;
        serialize_i128(i128) -> u8;
        serialize_u16(u16) -> u8;
        serialize_u32(u32) -> u8;
        serialize_u64(u64) -> u8;
        serialize_u128(u128) -> u8;
        serialize_f32(f32) -> u8;
        serialize_f64(f64) -> u8;
        serialize_char(char) -> u8;
        serialize_str(&str) -> u8;
        serialize_bytes(&[u8]) -> u8;
        serialize_none() -> u8;
        serialize_unit() -> u8;
        serialize_unit_struct(&'static str) -> u8;
        serialize_unit_variant(&'static str, u32, &'static str) -> u8;
        serialize_seq(Option<usize>) -> No;
        serialize_tuple(usize) -> No;
        serialize_tuple_struct(&'static str, usize) -> No;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> No;
        serialize_map(Option<usize>) -> No;
        serialize_struct(&'static str, usize) -> No;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> No;
    }

    #[inline]
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<u8, NotAByte> {
        Err(NotAByte)
    }
}

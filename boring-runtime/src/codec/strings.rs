//! Text: `str`, `String`, `Cow<str>`, borrowed zero-copy where the input
//! allows.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::ext::describe::{Description, Kind};
use crate::wire::{Reader, Sink, Writer};

impl Encode for str {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.str(self)
    }

    fn describe() -> Description {
        Description::of(Kind::Text)
    }
}

impl Encode for String {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.str(self)
    }

    fn describe() -> Description {
        Description::of(Kind::Text)
    }
}

impl Encode for Cow<'_, str> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.str(self)
    }

    fn describe() -> Description {
        Description::of(Kind::Text)
    }
}

/// Borrows from the input; an indefinite-length string (which cannot be
/// borrowed) is a type error: decode `Cow<str>` or `String` to accept it.
impl<'de> Decode<'de> for &'de str {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.str()
    }
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.string()
    }
}

impl<'de> Decode<'de> for Cow<'de, str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.text()
    }
}

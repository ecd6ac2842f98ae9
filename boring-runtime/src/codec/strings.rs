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
        let at = r.position();
        let text = r.text()?;
        owned_text(r, text, at)
    }
}

/// Copies the text of the item at `at` out of the input, charging the copy
/// to the output budget: a three-byte stringref may name an entry as long
/// as the input.
#[inline]
pub(crate) fn owned_text(
    r: &mut Reader<'_>,
    text: Cow<'_, str>,
    at: usize,
) -> Result<String, Error> {
    if r.charge_output(text.len()).is_err() {
        return Err(Error::new(crate::error::ErrorKind::LimitExceeded, at));
    }
    Ok(text.into_owned())
}

impl<'de> Decode<'de> for Cow<'de, str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.text()
    }
}

//! Paths and OS strings (with `std`) as text. A path or OS string that is
//! not valid UTF-8 has no text form: writing one is an `Unencodable`
//! error, never a lossy conversion.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::string::String;

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::wire::{Reader, Sink, Writer};

/// Writes `text` as a text string, or refuses a value with no UTF-8 form.
fn write_text<S: Sink>(w: &mut Writer<S>, text: Option<&str>) -> Result<(), Error> {
    match text {
        Some(text) => w.str(text),
        None => Err(w.error(ErrorKind::Unencodable(
            "a path or OS string that is not valid UTF-8",
        ))),
    }
}

/// Text; a path that is not valid UTF-8 is `Unencodable`.
impl Encode for Path {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_text(w, self.to_str())
    }
}

/// Text, as [`Path`].
impl Encode for PathBuf {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_text(w, self.to_str())
    }
}

/// Text; an OS string that is not valid UTF-8 is `Unencodable`.
impl Encode for OsStr {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_text(w, self.to_str())
    }
}

/// Text, as [`OsStr`].
impl Encode for OsString {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_text(w, self.to_str())
    }
}

/// Reads text of either length form.
impl<'de> Decode<'de> for PathBuf {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        String::decode(r).map(PathBuf::from)
    }
}

/// Borrows definite-length text from the input, as `&str` does.
impl<'de> Decode<'de> for &'de Path {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.str().map(Path::new)
    }
}

/// Reads text of either length form.
impl<'de> Decode<'de> for OsString {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        String::decode(r).map(OsString::from)
    }
}

/// Borrows definite-length text from the input, as `&str` does.
impl<'de> Decode<'de> for &'de OsStr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.str().map(OsStr::new)
    }
}

//! serde's error traits for [`Error`]: messages become
//! [`ErrorKind::Custom`], the field and variant errors serde names keep
//! their own kinds.

use alloc::format;
use alloc::string::ToString;
use core::fmt;

use crate::error::{Error, ErrorKind};

impl ::serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::unplaced(ErrorKind::Custom(msg.to_string()))
    }
}

impl ::serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::unplaced(ErrorKind::Custom(msg.to_string()))
    }

    fn missing_field(field: &'static str) -> Self {
        Error::unplaced(ErrorKind::MissingField(field))
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let name = format!("{field:?}");
        Error::unplaced(ErrorKind::UnknownField { name, expected })
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let name = variant.to_string();
        Error::unplaced(ErrorKind::UnknownVariant { name, expected })
    }
}

/// Gives an error raised with no offset (by a visitor or a `Serialize`
/// impl, which know nothing of bytes) the offset of the item at hand.
pub(crate) fn place(err: Error, at: usize) -> Error {
    if err.offset().is_some() {
        return err;
    }
    if let ErrorKind::InvalidOptions(_) = err.kind() {
        return err;
    }
    let mut placed = Error::new(err.kind().clone(), at);
    for segment in err.path().iter().rev() {
        placed = placed.within(segment.clone());
    }
    placed
}

//! Map keys and array positions for lookups, matched against the bytes of
//! a key without building it.

use super::forms::Form;
use super::{scan, Cursor, Node};
use crate::error::Error;
use crate::wire::Head;

/// One step of a path: a map key, or an array position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Key<'k> {
    /// A text key.
    Text(&'k str),
    /// A keyword key: tag 39 over `":"` and this name.
    Keyword(&'k str),
    /// An integer key.
    Int(i64),
    /// An array position; on a map, the integer key of that value.
    Index(usize),
}

impl<'k> From<&'k str> for Key<'k> {
    fn from(text: &'k str) -> Self {
        Key::Text(text)
    }
}

impl From<usize> for Key<'_> {
    fn from(i: usize) -> Self {
        Key::Index(i)
    }
}

impl From<i64> for Key<'_> {
    fn from(v: i64) -> Self {
        Key::Int(v)
    }
}

impl<'k> Key<'k> {
    /// A keyword key, `name` without its colon.
    pub fn keyword(name: &'k str) -> Self {
        Key::Keyword(name)
    }

    /// The key's bytes as a map key of a sorted profile writes them (for
    /// a binary search over sorted keys); `None` for a position.
    pub(super) fn encoded(&self) -> Option<alloc::vec::Vec<u8>> {
        let mut w =
            crate::wire::Writer::new(&crate::Options::from(crate::Profile::Canonical)).ok()?;
        let written = match *self {
            Key::Text(text) => w.str(text),
            Key::Keyword(name) => w.tag(39).and_then(|()| {
                let mut text = alloc::string::String::from(":");
                text.push_str(name);
                w.str(&text)
            }),
            Key::Int(v) => w.i128(i128::from(v)),
            Key::Index(_) => return None,
        };
        written.ok().map(|()| w.into_sink())
    }

    /// Whether the key item under `key` is this key, compared as CBOR
    /// data items (a text key never equals a keyword or a byte string). A
    /// key that is a stringref cannot be compared and is refused.
    pub(super) fn matches(&self, key: &Cursor<'_>) -> Result<bool, Error> {
        let Node::Item(at) = key.node else {
            return Ok(false);
        };
        let (head, next) = scan::head(key.input, at)?;
        match (self, head) {
            (Key::Int(v), Head::Unsigned(u)) => Ok(i128::from(*v) == i128::from(u)),
            (Key::Int(v), Head::Negative(n)) => Ok(i128::from(*v) == -1 - i128::from(n)),
            (Key::Index(i), Head::Unsigned(u)) => Ok(*i as u64 == u),
            (Key::Text(text), Head::Text(Some(_))) => Ok(key.as_str()? == *text),
            (Key::Keyword(name), Head::Tag(39)) => match key.item(next).form()? {
                Form::Head(Head::Text(Some(_)), _) | Form::Stringref(_) => {
                    let text = key.item(next).as_str()?;
                    Ok(text.strip_prefix(':') == Some(*name))
                }
                _ => Ok(false),
            },
            // Through the index's literal table, or refused.
            (_, Head::Tag(25)) => self.matches(&key.referenced(at)?),
            (Key::Text(text), Head::Text(None)) => {
                // An indefinite text key: compare its chunks joined.
                let value: crate::Value = key.decode()?;
                Ok(value.as_str() == Some(*text))
            }
            _ => Ok(false),
        }
    }
}

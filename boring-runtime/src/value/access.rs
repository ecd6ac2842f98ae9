//! Constructors, accessors and conversions.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Boxed, Float, Value};

impl Value {
    /// A tagged value.
    pub fn tag(tag: u64, content: Value) -> Value {
        Value::Tag(tag, Boxed::new(content))
    }

    /// A keyword, written as tag 39 over `":name"` (`name` without the
    /// colon, e.g. `"user/name"`).
    pub fn keyword(name: &str) -> Value {
        let mut text = String::with_capacity(name.len() + 1);
        text.push(':');
        text.push_str(name);
        Value::tag(39, Value::Text(text))
    }

    /// A symbol, written as tag 39 over its name (no colon).
    pub fn symbol(name: &str) -> Value {
        Value::tag(39, Value::Text(String::from(name)))
    }

    /// The name of a keyword (without its colon).
    pub fn as_keyword(&self) -> Option<&str> {
        match self {
            Value::Tag(39, inner) => match &**inner {
                Value::Text(t) => t.strip_prefix(':'),
                _ => None,
            },
            _ => None,
        }
    }

    /// The name of a symbol.
    pub fn as_symbol(&self) -> Option<&str> {
        match self {
            Value::Tag(39, inner) => match &**inner {
                Value::Text(t) if !t.starts_with(':') => Some(t),
                _ => None,
            },
            _ => None,
        }
    }

    /// The integer, if this is one.
    pub fn as_i128(&self) -> Option<i128> {
        match self {
            Value::Integer(v) => Some(*v),
            _ => None,
        }
    }

    /// The integer, if this is one that fits `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_i128().and_then(|v| i64::try_from(v).ok())
    }

    /// The integer, if this is one that fits `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_i128().and_then(|v| u64::try_from(v).ok())
    }

    /// The float widened to `f64`, if this is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Float(f) => Some(f.to_f64()),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The text, if this is a text string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The bytes, if this is a byte string.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Bytes(b) => Some(b),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The entries in wire order, if this is a map.
    pub fn as_map(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// The tag number and content, if this is a tag.
    pub fn as_tag(&self) -> Option<(u64, &Value)> {
        match self {
            Value::Tag(t, inner) => Some((*t, inner)),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The value of the first map entry whose key is the text `key` or the
    /// keyword `:key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map()?.iter().find_map(|(k, v)| {
            let hit = k.as_str() == Some(key) || k.as_keyword() == Some(key);
            hit.then_some(v)
        })
    }

    /// The elements, if this is an array.
    pub fn into_array(self) -> Option<Vec<Value>> {
        match self {
            Value::Array(items) => Some(items.into_vec()),
            _ => None,
        }
    }

    /// The entries in wire order, if this is a map.
    pub fn into_map(self) -> Option<Vec<(Value, Value)>> {
        match self {
            Value::Map(entries) => Some(entries.into_vec()),
            _ => None,
        }
    }

    /// The text, if this is a text string.
    pub fn into_text(self) -> Option<String> {
        match self {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The tag number and content, if this is a tag.
    pub fn into_tag(self) -> Option<(u64, Value)> {
        match self {
            Value::Tag(t, inner) => Some((t, inner.into_inner())),
            _ => None,
        }
    }

    /// A short name of the kind of value, for messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Integer(_) => "integer",
            Value::Float(_) => "float",
            Value::Bytes(_) => "byte string",
            Value::Text(_) => "text string",
            Value::Array(_) => "array",
            Value::Map(_) => "map",
            Value::Tag(..) => "tag",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
            Value::Undefined => "undefined",
            Value::Simple(_) => "simple value",
        }
    }
}

macro_rules! from_int {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Value {
            fn from(v: $ty) -> Value {
                Value::Integer(v as i128)
            }
        }
    )*};
}

from_int!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, i128);

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Float(Float::F64(v))
    }
}

impl From<f32> for Value {
    fn from(v: f32) -> Value {
        Value::Float(Float::F32(v))
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(String::from(v))
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl From<Vec<Value>> for Value {
    fn from(v: Vec<Value>) -> Value {
        Value::Array(v.into())
    }
}

impl From<Vec<(Value, Value)>> for Value {
    fn from(v: Vec<(Value, Value)>) -> Value {
        Value::Map(v.into())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

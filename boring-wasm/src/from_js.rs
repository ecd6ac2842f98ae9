//! JavaScript values → `boring::Value` (`encode`).
//!
//! `js/convert.js` writes the value as plain CBOR in one call (the mapping
//! is in the README; values with no CBOR form are refused there, with kind
//! `unencodable`, and nesting past 1024 levels, a cycle included, with
//! `max-depth-exceeded`). Here its heads are turned into a `Value` one for
//! one, without the checks a decoder applies to tags: the `Value` is what
//! the JavaScript value says, and the runtime encodes it as it would any
//! `Value` built in Rust.

use boring::value::Boxed;
use boring::{Float, Value};
use js_sys::Uint8Array;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use crate::error::{unplaced, UNENCODABLE};

#[wasm_bindgen(module = "/js/convert.js")]
extern "C" {
    /// One JavaScript value as plain CBOR.
    #[wasm_bindgen(catch)]
    fn write(value: &JsValue) -> Result<Uint8Array, JsValue>;
}

/// Deeper than the writer ever nests (1024 levels, then a tag's content):
/// a guard for the recursion below.
const MAX_DEPTH: usize = 2048;

/// Converts a JavaScript value into a `Value`.
pub(crate) fn value(js: &JsValue) -> Result<Value, JsValue> {
    let plain = write(js)?.to_vec();
    let mut parts = Parts {
        bytes: &plain,
        at: 0,
    };
    let value = parts.item(0).ok_or_else(malformed)?;
    if parts.at != plain.len() {
        return Err(malformed());
    }
    Ok(value)
}

/// The items of plain CBOR as the writer lays them out: definite lengths,
/// arguments of up to eight bytes, valid UTF-8.
struct Parts<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Parts<'a> {
    fn take(&mut self, n: u64) -> Option<&'a [u8]> {
        let end = self.at.checked_add(usize::try_from(n).ok()?)?;
        let taken = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(taken)
    }

    fn argument(&mut self, info: u8) -> Option<u64> {
        let width = match info {
            0..=23 => return Some(u64::from(info)),
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            _ => return None,
        };
        let bytes = self.take(width)?;
        Some(bytes.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn item(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let initial = *self.take(1)?.first()?;
        let info = initial & 31;
        if initial >> 5 == 7 {
            return self.simple(info);
        }
        let n = self.argument(info)?;
        Some(match initial >> 5 {
            0 => Value::Integer(i128::from(n)),
            1 => Value::Integer(-1 - i128::from(n)),
            2 => Value::Bytes(self.take(n)?.to_vec()),
            3 => Value::Text(String::from_utf8(self.take(n)?.to_vec()).ok()?),
            4 => {
                // Each element takes at least one byte: a count beyond the
                // bytes left is malformed, and bounds the reservation.
                let mut items = Vec::with_capacity(self.bounded(n)?);
                for _ in 0..n {
                    items.push(self.item(depth + 1)?);
                }
                Value::Array(items.into())
            }
            5 => {
                let mut entries = Vec::with_capacity(self.bounded(n)?);
                for _ in 0..n {
                    let key = self.item(depth + 1)?;
                    entries.push((key, self.item(depth + 1)?));
                }
                Value::Map(entries.into())
            }
            _ => Value::Tag(n, Boxed::new(self.item(depth + 1)?)),
        })
    }

    fn bounded(&self, n: u64) -> Option<usize> {
        let n = usize::try_from(n).ok()?;
        (n <= self.bytes.len() - self.at).then_some(n)
    }

    fn simple(&mut self, info: u8) -> Option<Value> {
        Some(match info {
            20 => Value::Bool(false),
            21 => Value::Bool(true),
            22 => Value::Null,
            23 => Value::Undefined,
            0..=19 => Value::Simple(info),
            24 => Value::Simple(*self.take(1)?.first()?),
            25 => {
                let b = self.take(2)?;
                Value::Float(Float::F16(u16::from_be_bytes([b[0], b[1]])))
            }
            26 => {
                let b: [u8; 4] = self.take(4)?.try_into().ok()?;
                Value::Float(Float::F32(f32::from_be_bytes(b)))
            }
            27 => {
                let b: [u8; 8] = self.take(8)?.try_into().ok()?;
                Value::Float(Float::F64(f64::from_be_bytes(b)))
            }
            _ => return None,
        })
    }
}

/// What the writer produced is not what it writes: a defect, reported as
/// an error rather than a panic.
fn malformed() -> JsValue {
    unplaced(
        UNENCODABLE,
        "cannot encode: the value's transfer into the module was malformed",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(bytes: &[u8]) -> Option<Value> {
        let mut parts = Parts { bytes, at: 0 };
        let value = parts.item(0)?;
        (parts.at == bytes.len()).then_some(value)
    }

    #[test]
    fn heads_become_values_one_for_one() {
        // [1, -1, "a", h'ff', {"k": null}, 39(":x"), undefined, simple(200)]
        let bytes = [
            0x88, 0x01, 0x20, 0x61, b'a', 0x41, 0xff, 0xa1, 0x61, b'k', 0xf6, 0xd8, 0x27, 0x62,
            b':', b'x', 0xf7, 0xf8, 0xc8,
        ];
        let expected = Value::Array(
            vec![
                Value::Integer(1),
                Value::Integer(-1),
                Value::Text("a".into()),
                Value::Bytes(vec![0xff]),
                Value::Map(vec![(Value::Text("k".into()), Value::Null)].into()),
                Value::keyword("x"),
                Value::Undefined,
                Value::Simple(200),
            ]
            .into(),
        );
        assert_eq!(parse(&bytes), Some(expected));
    }

    #[test]
    fn floats_keep_their_width_and_integers_their_range() {
        assert_eq!(
            parse(&[0xf9, 0x3c, 0x00]),
            Some(Value::Float(Float::F16(0x3c00)))
        );
        assert_eq!(
            parse(&[0xfa, 0x3f, 0xc0, 0, 0]),
            Some(Value::Float(Float::F32(1.5)))
        );
        let mut min = vec![0x3b];
        min.extend([0xff; 8]);
        assert_eq!(parse(&min), Some(Value::Integer(-(1i128 << 64))));
        // A tag the decoder would check (37: a UUID of 16 bytes) is kept as
        // given: the value is what JavaScript said.
        assert_eq!(
            parse(&[0xd8, 0x25, 0x41, 0x00]),
            Some(Value::tag(37, Value::Bytes(vec![0])))
        );
    }

    #[test]
    fn malformed_transfers_are_refused_not_trusted() {
        assert_eq!(parse(&[]), None);
        assert_eq!(
            parse(&[0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
            None
        );
        assert_eq!(parse(&[0x62, b'a']), None);
        assert_eq!(parse(&[0x61, 0xff]), None);
        assert_eq!(parse(&[0x01, 0x02]), None);
        assert_eq!(parse(&[0x9f, 0xff]), None);
        assert_eq!(parse(&[0xfc]), None);
    }
}

//! CBOR to JSON text in one pass over a `Reader`, following RFC 8949 §6.1.

use boring::codec::Decode;
use boring::wire::{Head, Simple};
use boring::{Float, Reader, Value};

use crate::error::{Error, ErrorKind};
use crate::out::{BytesAs, Out};
use crate::value::emit_value;

/// The first tag number of boring's own layouts (shaped arrays, scattered
/// shapes, columns, keyed tables): items under these are decoded to a
/// `Value`, which expands them into plain arrays and maps first.
const BORING_TAGS: core::ops::RangeInclusive<u64> = 39649..=39654;

/// Writes the item at the reader's position as JSON.
pub(crate) fn item(r: &mut Reader<'_>, out: &mut Out, how: BytesAs) -> Result<(), Error> {
    let at = r.position();
    // Dispatch on the major type of the initial byte: numbers and simple
    // values parse their head once, strings and containers go to the
    // reader's own fast paths.
    match r.peek()? >> 5 {
        3 => text(r, out, at)?,
        2 => {
            let bytes = r.byte_buf()?;
            out.bytes(&bytes, how);
        }
        4 => {
            let mut seq = r.array()?;
            out.open(b'[');
            let mut first = true;
            while seq.next(r)? {
                out.item(first);
                first = false;
                item(r, out, how)?;
            }
            out.close(b']', first);
        }
        5 => {
            let mut seq = r.map()?;
            out.open(b'{');
            let mut first = true;
            while seq.next(r)? {
                out.item(first);
                first = false;
                key(r, out, how)?;
                out.colon();
                item(r, out, how)?;
            }
            out.close(b'}', first);
        }
        6 => match r.peek_head()? {
            Head::Tag(number) => tag(r, out, how, number, at)?,
            _ => return Err(r.error(boring::ErrorKind::ReservedInfo).into()),
        },
        _ => scalar(r, out, at)?,
    }
    Ok(())
}

/// A text string. Outside a stringref namespace (where nothing needs
/// registering) a definite string's payload is taken raw and checked here
/// with SIMD, the hot path of text-heavy documents; everything else goes
/// through the reader.
#[inline]
fn text(r: &mut Reader<'_>, out: &mut Out, at: usize) -> Result<(), Error> {
    // 0x60 to 0x7b are the definite text heads: one head parse, not two.
    if !r.in_namespace() && r.peek()? < 0x7c {
        let Head::Text(Some(len)) = r.head()? else {
            let kind = boring::ErrorKind::UnexpectedType {
                expected: "text string",
                found: "another item",
            };
            return Err(boring::Error::new(kind, at).into());
        };
        let payload_at = r.position();
        let bytes = r.payload(len, at)?;
        let Ok(text) = simdutf8::basic::from_utf8(bytes) else {
            let valid = core::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len);
            let kind = boring::ErrorKind::InvalidUtf8;
            return Err(boring::Error::new(kind, payload_at + valid).into());
        };
        out.str(text);
        return Ok(());
    }
    let text = r.text()?;
    out.str(&text);
    Ok(())
}

/// An integer, a float or a simple value.
#[inline]
fn scalar(r: &mut Reader<'_>, out: &mut Out, at: usize) -> Result<(), Error> {
    let v = match r.head()? {
        Head::Simple(Simple::F64(v)) => v,
        Head::Unsigned(v) => {
            out.u64(v);
            return Ok(());
        }
        Head::Negative(n) => {
            out.negative(n);
            return Ok(());
        }
        Head::Simple(Simple::F32(v)) => f64::from(v),
        Head::Simple(Simple::F16(bits)) => Float::F16(bits).to_f64(),
        Head::Simple(Simple::Bool(true)) => {
            out.raw(b"true");
            return Ok(());
        }
        Head::Simple(Simple::Bool(false)) => {
            out.raw(b"false");
            return Ok(());
        }
        // RFC 8949 §6.1: null, undefined and every other simple value
        // become null.
        Head::Simple(Simple::Null | Simple::Undefined | Simple::Other(_)) => {
            out.raw(b"null");
            return Ok(());
        }
        _ => return Err(boring::Error::new(boring::ErrorKind::UnexpectedBreak, at).into()),
    };
    float(out, v, at)
}

/// A finite float; NaN and the infinities are refused (JSON has no
/// spelling for them, and null would lose them silently).
pub(crate) fn float(out: &mut Out, v: f64, at: usize) -> Result<(), Error> {
    if !v.is_finite() {
        return Err(Error::new(ErrorKind::NonFiniteFloat, at));
    }
    out.f64(v);
    Ok(())
}

fn tag(r: &mut Reader<'_>, out: &mut Out, how: BytesAs, tag: u64, at: usize) -> Result<(), Error> {
    match tag {
        25 => {
            r.head()?;
            let index = r.u64()?;
            let (bytes, text) = r.resolve_reference(index, at)?;
            if text {
                // The reader checked the UTF-8 when it registered the string.
                let text = core::str::from_utf8(bytes)
                    .map_err(|_| boring::Error::new(boring::ErrorKind::InvalidUtf8, at))?;
                out.str(text);
            } else {
                out.bytes(bytes, how);
            }
        }
        256 => {
            r.head()?;
            r.enter_namespace()?;
            let result = item(r, out, how);
            r.leave_namespace();
            result?;
        }
        2 | 3 => {
            r.head()?;
            let magnitude = r.byte_buf()?;
            out.bignum(&magnitude, tag == 3);
        }
        21..=23 => {
            r.head()?;
            let how = match tag {
                21 => BytesAs::Base64Url,
                22 => BytesAs::Base64,
                _ => BytesAs::Base16,
            };
            item(r, out, how)?;
        }
        t if BORING_TAGS.contains(&t) => {
            let value = Value::decode(r)?;
            emit_value(&value, out, how, at)?;
        }
        _ => {
            // RFC 8949 §6.1: any other tag converts as its content.
            r.head()?;
            item(r, out, how)?;
        }
    }
    Ok(())
}

/// A map key: text as it is; anything else as the JSON text it converts
/// to, or that text's string when it converts to a string.
fn key(r: &mut Reader<'_>, out: &mut Out, how: BytesAs) -> Result<(), Error> {
    if r.peek()? >> 5 == 3 {
        return text(r, out, r.position());
    }
    let mut inner = Out::new(false, 16);
    item(r, &mut inner, how)?;
    stringify_key(out, inner);
    Ok(())
}

/// The JSON key for a non-text key already converted to `inner`.
pub(crate) fn stringify_key(out: &mut Out, inner: Out) {
    if inner.buf.first() == Some(&b'"') {
        out.raw(&inner.buf);
    } else {
        // The converter writes only UTF-8.
        let text = String::from_utf8(inner.buf).unwrap_or_default();
        out.str(&text);
    }
}

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

/// Writes the item at the reader's position as JSON; past the output
/// budget ([`Out::limit`]), refuses it with `LimitExceeded` at its offset.
pub(crate) fn item(r: &mut Reader<'_>, out: &mut Out, how: BytesAs) -> Result<(), Error> {
    let at = r.position();
    written(r, out, how, at)?;
    if out.over() {
        return Err(over_budget(at));
    }
    Ok(())
}

/// The error for JSON text past its output budget: a stringref repeated,
/// deep indentation, or non-text keys nested in keys (each level escapes
/// the one inside, doubling its backslashes) can make far more text than
/// input.
pub(crate) fn over_budget(at: usize) -> Error {
    boring::Error::new(boring::ErrorKind::LimitExceeded, at).into()
}

/// [`item`] without the budget check.
fn written(r: &mut Reader<'_>, out: &mut Out, how: BytesAs, at: usize) -> Result<(), Error> {
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
/// registering) a definite string's head is read here and its payload
/// copied as it is, the hot path of text-heavy documents: the finished
/// JSON is checked as UTF-8 once, in one pass, instead of string by string
/// (see [`Out::check_text`]). Everything else goes through the reader.
#[inline]
fn text(r: &mut Reader<'_>, out: &mut Out, at: usize) -> Result<(), Error> {
    if !r.in_namespace() {
        let rest = r.rest();
        // Heads 0x60–0x77 hold the length; 0x78–0x7b are followed by it.
        let (len, head) = match rest.first() {
            Some(&b @ 0x60..=0x77) => (u64::from(b & 0x1f), 0),
            Some(&b @ 0x78..=0x7b) => {
                let width = 1usize << (b - 0x78);
                let Some(bytes) = rest.get(1..1 + width) else {
                    return Err(boring::Error::new(boring::ErrorKind::Truncated, at).into());
                };
                (bytes.iter().fold(0, |n, &b| n << 8 | u64::from(b)), width)
            }
            _ => return text_slow(r, out),
        };
        // The head and its payload in one step, checked against the bytes
        // left (a length past them is the reader's count error).
        let whole = match len.checked_add(head as u64 + 1) {
            Some(total) => r.payload(total, at)?,
            None => return Err(boring::Error::new(boring::ErrorKind::BadCount, at).into()),
        };
        let payload_at = at + head + 1;
        let bytes = whole.get(head + 1..).unwrap_or_default();
        if out.check_text {
            if let Err(e) = simdutf8::compat::from_utf8(bytes) {
                let kind = boring::ErrorKind::InvalidUtf8;
                return Err(boring::Error::new(kind, payload_at + e.valid_up_to()).into());
            }
        }
        out.str(bytes);
        return Ok(());
    }
    text_slow(r, out)
}

/// A text string the reader reads: indefinite, or inside a namespace.
#[cold]
fn text_slow(r: &mut Reader<'_>, out: &mut Out) -> Result<(), Error> {
    let text = r.text()?;
    out.str(text.as_bytes());
    Ok(())
}

/// An integer, a float or a simple value.
#[inline]
fn scalar(r: &mut Reader<'_>, out: &mut Out, at: usize) -> Result<(), Error> {
    // The commonest heads in one step: small unsigned integers and doubles.
    match r.rest() {
        [b @ 0x00..=0x17, ..] => {
            out.u64(u64::from(*b));
            r.payload(1, at)?;
            return Ok(());
        }
        [b @ 0x18..=0x1b, bytes @ ..] => {
            let width = 1usize << (b - 0x18);
            if let Some(bytes) = bytes.get(..width) {
                out.u64(bytes.iter().fold(0, |n, &b| n << 8 | u64::from(b)));
                r.payload(width as u64 + 1, at)?;
                return Ok(());
            }
        }
        [0xfb, bits @ ..] if bits.len() >= 8 => {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bits[..8]);
            float(out, f64::from_bits(u64::from_be_bytes(word)), at)?;
            r.payload(9, at)?;
            return Ok(());
        }
        _ => {}
    }
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
                out.str(bytes);
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
    let mut inner = out.for_key();
    item(r, &mut inner, how)?;
    stringify_key(out, inner);
    Ok(())
}

/// The JSON key for a non-text key already converted to `inner`.
pub(crate) fn stringify_key(out: &mut Out, inner: Out) {
    if inner.buf.first() == Some(&b'"') {
        out.raw(&inner.buf);
    } else {
        out.str(&inner.buf);
    }
}

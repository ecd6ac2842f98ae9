//! `Value` to JSON text, with the same rules as the one-pass converter.

use boring::Value;

use crate::emit::{float, over_budget, stringify_key};
use crate::error::Error;
use crate::out::{BytesAs, Out};

/// Writes `value` as JSON; `at` is the offset reported for a failure (the
/// value's position in its CBOR input, or 0). Past the output budget
/// ([`Out::limit`]) it is refused with `LimitExceeded`.
pub(crate) fn emit_value(
    value: &Value,
    out: &mut Out,
    how: BytesAs,
    at: usize,
) -> Result<(), Error> {
    written(value, out, how, at)?;
    if out.over() {
        return Err(over_budget(at));
    }
    Ok(())
}

/// [`emit_value`] without the budget check.
fn written(value: &Value, out: &mut Out, how: BytesAs, at: usize) -> Result<(), Error> {
    match value {
        Value::Integer(v) => out.i128(*v),
        Value::Float(f) => float(out, f.to_f64(), at)?,
        Value::Bytes(b) => out.bytes(b, how),
        Value::Text(s) => out.str(s.as_bytes()),
        Value::Array(items) => {
            out.open(b'[');
            for (i, v) in items.iter().enumerate() {
                out.item(i == 0);
                emit_value(v, out, how, at)?;
            }
            out.close(b']', items.is_empty());
        }
        Value::Map(entries) => {
            out.open(b'{');
            for (i, (k, v)) in entries.iter().enumerate() {
                out.item(i == 0);
                if let Value::Text(s) = k {
                    out.str(s.as_bytes());
                } else {
                    let mut inner = out.for_key();
                    emit_value(k, &mut inner, how, at)?;
                    stringify_key(out, inner);
                }
                out.colon();
                emit_value(v, out, how, at)?;
            }
            out.close(b'}', entries.is_empty());
        }
        Value::Tag(tag @ (2 | 3), content) if matches!(**content, Value::Bytes(_)) => {
            if let Value::Bytes(magnitude) = &**content {
                out.bignum(magnitude, *tag == 3);
            }
        }
        Value::Tag(21, content) => emit_value(content, out, BytesAs::Base64Url, at)?,
        Value::Tag(22, content) => emit_value(content, out, BytesAs::Base64, at)?,
        Value::Tag(23, content) => emit_value(content, out, BytesAs::Base16, at)?,
        Value::Tag(_, content) => emit_value(content, out, how, at)?,
        Value::Bool(true) => out.raw(b"true"),
        Value::Bool(false) => out.raw(b"false"),
        Value::Null | Value::Undefined | Value::Simple(_) => out.raw(b"null"),
    }
    Ok(())
}

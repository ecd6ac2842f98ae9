//! The diagnostic-notation renderer.

use alloc::string::String;
use core::fmt::{self, Write as _};

use super::float::{write_float, WireFloat};
use super::walk::{walk, Event, Nest, Position};
use super::DiagOptions;
use crate::error::Error;
use crate::wire::{Head, Reader, Simple};

pub(super) fn render(r: &mut Reader<'_>, options: &DiagOptions) -> Result<String, Error> {
    let mut out = String::new();
    walk(r, |event| match event {
        Event::Item {
            head,
            payload,
            position,
            ..
        } => {
            match position {
                Position::Next => out.push_str(", "),
                Position::Value => out.push_str(": "),
                Position::Top | Position::First | Position::Content => {}
            }
            // Writing to a String cannot fail.
            let _ = item(&mut out, head, payload, options);
        }
        Event::End { nest, .. } => out.push(match nest {
            Nest::Array => ']',
            Nest::Map => '}',
            Nest::Tag | Nest::Chunks => ')',
        }),
    })?;
    Ok(out)
}

/// Appends one head: a whole scalar or string, or the opening of a nested
/// item.
fn item(out: &mut String, head: Head, payload: &[u8], options: &DiagOptions) -> fmt::Result {
    match head {
        Head::Unsigned(v) => write!(out, "{v}")?,
        Head::Negative(n) => write!(out, "{}", -1 - i128::from(n))?,
        Head::Bytes(Some(_)) => {
            out.push_str("h'");
            push_hex(out, payload);
            out.push('\'');
        }
        // The walker has checked that the payload is UTF-8.
        Head::Text(Some(_)) => push_quoted(out, &String::from_utf8_lossy(payload)),
        Head::Bytes(None) | Head::Text(None) => out.push_str("(_ "),
        Head::Array(len) => out.push_str(if len.is_some() { "[" } else { "[_ " }),
        Head::Map(len) => out.push_str(if len.is_some() { "{" } else { "{_ " }),
        Head::Tag(tag) => write!(out, "{tag}(")?,
        Head::Simple(Simple::Bool(true)) => out.push_str("true"),
        Head::Simple(Simple::Bool(false)) => out.push_str("false"),
        Head::Simple(Simple::Null) => out.push_str("null"),
        Head::Simple(Simple::Undefined) => out.push_str("undefined"),
        Head::Simple(Simple::Other(n)) => write!(out, "simple({n})")?,
        Head::Simple(Simple::F16(bits)) => float(out, WireFloat::Half(bits), options),
        Head::Simple(Simple::F32(v)) => float(out, WireFloat::Single(v), options),
        Head::Simple(Simple::F64(v)) => float(out, WireFloat::Double(v), options),
        // The walker reports breaks as the end of what they close.
        Head::Break => {}
    }
    Ok(())
}

fn float(out: &mut String, value: WireFloat, options: &DiagOptions) {
    write_float(out, value, options.widen_floats);
    if options.indicators {
        out.push_str(value.indicator());
    }
}

/// Appends `bytes` as lowercase hex.
pub(super) fn push_hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
}

/// Appends `text` as a JSON string literal: quotes, backslashes and control
/// characters escaped, everything else (non-ASCII included) as is.
pub(super) fn push_quoted(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

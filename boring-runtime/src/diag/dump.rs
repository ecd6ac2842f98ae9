//! The annotated hex dump renderer.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use super::float::{write_float, WireFloat};
use super::notation::{push_hex, push_quoted};
use super::walk::{walk, Event};
use crate::error::Error;
use crate::value::TagRegistry;
use crate::wire::{Head, Reader, Simple};

/// String payloads are shown this many bytes a line.
const PAYLOAD_BYTES_PER_LINE: usize = 16;

/// Comments line up at the widest hex column, but no further right than
/// this; wider lines put their comment one space after the hex.
const MAX_COMMENT_COLUMN: usize = 40;

/// Spaces per nesting level.
const INDENT: usize = 2;

struct Line {
    hex: String,
    comment: Option<String>,
}

pub(super) fn render(r: &mut Reader<'_>) -> Result<String, Error> {
    let input = r.input();
    // Registered tags are named as the registry names them.
    let tags = r.tag_registry();
    let mut lines: Vec<Line> = Vec::new();
    walk(r, |event| match event {
        Event::Item {
            head,
            at,
            head_end,
            payload,
            depth,
            ..
        } => {
            let raw = input.get(at..head_end).unwrap_or_default();
            let mut hex = indent(depth);
            if let Some((initial, argument)) = raw.split_first() {
                push_hex(&mut hex, &[*initial]);
                if !argument.is_empty() {
                    hex.push(' ');
                    push_hex(&mut hex, argument);
                }
            }
            let mut comment = String::new();
            // Writing to a String cannot fail.
            let _ = describe(&mut comment, head, payload, tags.as_deref());
            lines.push(Line {
                hex,
                comment: Some(comment),
            });
            for chunk in payload.chunks(PAYLOAD_BYTES_PER_LINE) {
                let mut hex = indent(depth + 1);
                push_hex(&mut hex, chunk);
                lines.push(Line { hex, comment: None });
            }
        }
        Event::End {
            depth,
            break_at: Some(_),
            ..
        } => {
            let mut hex = indent(depth);
            hex.push_str("ff");
            lines.push(Line {
                hex,
                comment: Some(String::from("break")),
            });
        }
        Event::End { break_at: None, .. } => {}
    })?;
    let column = lines
        .iter()
        .filter(|line| line.comment.is_some())
        .map(|line| line.hex.len())
        .max()
        .unwrap_or(0)
        .min(MAX_COMMENT_COLUMN);
    let mut out = String::new();
    for line in &lines {
        out.push_str(&line.hex);
        if let Some(comment) = &line.comment {
            for _ in line.hex.len()..column {
                out.push(' ');
            }
            out.push_str(" # ");
            out.push_str(comment);
        }
        out.push('\n');
    }
    Ok(out)
}

fn indent(depth: usize) -> String {
    let mut s = String::new();
    for _ in 0..depth * INDENT {
        s.push(' ');
    }
    s
}

/// The comment for one head.
fn describe(
    out: &mut String,
    head: Head,
    payload: &[u8],
    tags: Option<&TagRegistry>,
) -> fmt::Result {
    match head {
        Head::Unsigned(v) => write!(out, "unsigned({v})")?,
        Head::Negative(n) => write!(out, "negative({})", -1 - i128::from(n))?,
        Head::Bytes(Some(len)) => write!(out, "bytes({len})")?,
        Head::Bytes(None) => out.push_str("bytes(_)"),
        Head::Text(Some(len)) => {
            write!(out, "text({len}) ")?;
            // The walker has checked that the payload is UTF-8.
            push_quoted(out, &String::from_utf8_lossy(payload));
        }
        Head::Text(None) => out.push_str("text(_)"),
        Head::Array(Some(len)) => write!(out, "array({len})")?,
        Head::Array(None) => out.push_str("array(_)"),
        Head::Map(Some(len)) => write!(out, "map({len})")?,
        Head::Map(None) => out.push_str("map(_)"),
        Head::Tag(tag) => {
            write!(out, "tag({tag})")?;
            let registered = tags.and_then(|t| t.get(tag)).map(|h| h.name());
            if let Some(meaning) = registered.or_else(|| tag_meaning(tag)) {
                out.push(' ');
                out.push_str(meaning);
            }
        }
        Head::Simple(Simple::Bool(true)) => out.push_str("true"),
        Head::Simple(Simple::Bool(false)) => out.push_str("false"),
        Head::Simple(Simple::Null) => out.push_str("null"),
        Head::Simple(Simple::Undefined) => out.push_str("undefined"),
        Head::Simple(Simple::Other(n)) => write!(out, "simple({n})")?,
        Head::Simple(Simple::F16(bits)) => float(out, "float16", WireFloat::Half(bits)),
        Head::Simple(Simple::F32(v)) => float(out, "float32", WireFloat::Single(v)),
        Head::Simple(Simple::F64(v)) => float(out, "float64", WireFloat::Double(v)),
        Head::Break => out.push_str("break"),
    }
    Ok(())
}

fn float(out: &mut String, name: &str, value: WireFloat) {
    out.push_str(name);
    out.push('(');
    write_float(out, value, false);
    out.push(')');
}

/// What a tag number means, for the tags this crate reads or writes and the
/// common RFC 8949 ones; `None` for others.
///
/// ```
/// assert_eq!(boring::diag::tag_meaning(256), Some("stringref namespace"));
/// assert_eq!(boring::diag::tag_meaning(85), Some("typed array: float32 little-endian"));
/// assert_eq!(boring::diag::tag_meaning(5), None);
/// ```
pub fn tag_meaning(tag: u64) -> Option<&'static str> {
    Some(match tag {
        0 => "date/time text",
        1 => "epoch time",
        2 => "positive bignum",
        3 => "negative bignum",
        4 => "decimal fraction",
        24 => "embedded CBOR",
        25 => "stringref",
        27 => "record",
        30 => "ratio",
        32 => "URI",
        35 => "regex",
        37 => "UUID",
        39 => "identifier",
        40 => "multi-dimensional array",
        52 => "IPv4 address or prefix",
        54 => "IPv6 address or prefix",
        64 => "typed array: uint8",
        65 => "typed array: uint16 big-endian",
        66 => "typed array: uint32 big-endian",
        67 => "typed array: uint64 big-endian",
        68 => "typed array: uint8 clamped",
        69 => "typed array: uint16 little-endian",
        70 => "typed array: uint32 little-endian",
        71 => "typed array: uint64 little-endian",
        72 => "typed array: sint8",
        73 => "typed array: sint16 big-endian",
        74 => "typed array: sint32 big-endian",
        75 => "typed array: sint64 big-endian",
        76 => "typed array: reserved",
        77 => "typed array: sint16 little-endian",
        78 => "typed array: sint32 little-endian",
        79 => "typed array: sint64 little-endian",
        80 => "typed array: float16 big-endian",
        81 => "typed array: float32 big-endian",
        82 => "typed array: float64 big-endian",
        83 => "typed array: float128 big-endian",
        84 => "typed array: float16 little-endian",
        85 => "typed array: float32 little-endian",
        86 => "typed array: float64 little-endian",
        87 => "typed array: float128 little-endian",
        256 => "stringref namespace",
        258 => "set",
        1002 => "duration",
        1004 => "date",
        39649 => "shaped array",
        39653 => "columnar table",
        _ => return None,
    })
}

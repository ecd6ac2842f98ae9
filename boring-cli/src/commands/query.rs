//! `boring query`: the items a JSONPath query selects, as JSON lines.

use std::io::{self, Write};

use boring::nav::{Cursor, Indexed};
use boring::path::Path;
use boring::{Error, ErrorKind, Float, Options, Profile, Reader, Value};

use crate::args::QueryArgs;
use crate::failure::Failure;
use crate::input;

/// `boring query`: each match as one line of JSON (or its normalized path
/// with `--paths`), in document order.
pub(crate) fn query(args: &QueryArgs) -> Result<(), Failure> {
    // The query is checked before any input is read: a bad one is a usage
    // error whatever the data.
    let path = Path::parse(&args.path)
        .map_err(|e| Failure::Usage(format!("invalid JSONPath {:?}: {e}", args.path)))?;
    let input = input::read(&args.input)?;
    let indexed = Indexed::new(&input);
    let lines = match lines(args, &path, indexed.root()?) {
        Err(e) if e.kind() == &ErrorKind::BadStringref => {
            // Stringrefs without an index to resolve them: the first item
            // decoded (which resolves them) and written again without.
            let value = boring::decode_document::<Value>(&mut Reader::new(&input))?;
            let plain = boring::to_vec_with(&value, &Options::from(Profile::Interop))?;
            lines(args, &path, Cursor::new(&plain)?)?
        }
        other => other?,
    };
    let mut out = io::stdout().lock();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(out.flush()?)
}

/// The output lines for the matches of `path` under `root`: each one's
/// JSON, or its normalized path.
fn lines(args: &QueryArgs, path: &Path, root: Cursor<'_>) -> Result<Vec<String>, Error> {
    let mut lines = Vec::new();
    for m in path.matches(root)? {
        if args.paths {
            lines.push(m.path.to_string());
        } else {
            let mut line = String::new();
            json(&m.cursor.to_value()?, &mut line);
            lines.push(line);
        }
    }
    Ok(lines)
}

/// `value` as JSON text, by RFC 8949 §6.1: byte strings as base64url,
/// non-finite floats and simple values as null, tags as their content,
/// keys that are not text as text (a keyword by its name, others as JSON).
fn json(value: &Value, out: &mut String) {
    match value {
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) => float(*f, out),
        Value::Bytes(b) => {
            out.push('"');
            base64url(b, out);
            out.push('"');
        }
        Value::Text(t) => string(t, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json(item, out);
            }
            out.push(']');
        }
        Value::Map(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                key(k, out);
                out.push(':');
                json(v, out);
            }
            out.push('}');
        }
        Value::Tag(_, content) => json(content, out),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        _ => out.push_str("null"),
    }
}

fn key(k: &Value, out: &mut String) {
    match k {
        Value::Text(t) => string(t, out),
        Value::Tag(39, name) if name.as_str().is_some() => {
            let name = name.as_str().unwrap_or_default();
            string(name.strip_prefix(':').unwrap_or(name), out);
        }
        other => {
            let mut text = String::new();
            json(other, &mut text);
            string(&text, out);
        }
    }
}

fn float(f: Float, out: &mut String) {
    let x = f.to_f64();
    if !x.is_finite() {
        out.push_str("null");
    } else if x == x.trunc() && x.abs() < 1e16 {
        // An integral float keeps a fraction, so it reads back as a float.
        out.push_str(&format!("{x:.1}"));
    } else {
        out.push_str(&format!("{x:?}"));
    }
}

fn string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn base64url(bytes: &[u8], out: &mut String) {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        // Unpadded: 2, 3 or 4 characters for 1, 2 or 3 bytes.
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
}

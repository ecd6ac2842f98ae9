//! Derived structs read from scattered shapes (tag 39650): the keys come
//! from the definition, or from the earlier definition a reference names,
//! and the values follow in their order (`docs/WIRE.md` §6a).

use super::*;
use crate::value::scattered::{definition_keys, open_content, referenced_keys, OpenShape, TAG};
use crate::value::Value;

/// `d9 9ae2`: the head of tag 39650.
const HEAD: [u8; 3] = [0xd9, 0x9a, 0xe2];

/// Whether the item at the reader is tag 39650.
pub(super) fn at_scattered(r: &Reader<'_>) -> bool {
    r.rest().starts_with(&HEAD)
}

/// Opens the 39650 item at the reader and reads its keys: the definition's
/// own, or those a reference names.
pub(super) fn open(r: &mut Reader<'_>) -> Result<OpenShape, Error> {
    let at = r.position();
    let bad = || Error::new(ErrorKind::BadTagContent { tag: TAG }, at);
    let (seq, values, defines) = open_content(r, &bad)?;
    let first = Value::decode(r)?;
    let keys = if defines {
        definition_keys(first, values, at)?
    } else {
        referenced_keys(r, &first, values, at)?
    };
    Ok(OpenShape {
        seq,
        keys,
        defines: defines.then_some(at),
    })
}

/// Reads the values of the innermost opened 39650 item into `shape`'s
/// fields, then closes it (and registers a definition). Out of line: the
/// map reader's frame stays as it was.
#[inline(never)]
pub(super) fn finish_open<'de>(
    r: &mut Reader<'de>,
    shape: &Shape,
    fill: &mut dyn FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    match r.shapes_mut().pop_open() {
        Some(opened) => finish(r, opened, shape, fill),
        None => Err(r.error(ErrorKind::BadCount)),
    }
}

fn finish<'de>(
    r: &mut Reader<'de>,
    scattered: OpenShape,
    shape: &Shape,
    fill: &mut dyn FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let OpenShape {
        mut seq,
        keys,
        defines,
    } = scattered;
    for key in &keys {
        if !seq.next(r)? {
            return Err(r.error(ErrorKind::BadCount));
        }
        match field_of(shape, key) {
            Some(field) => fill(r, field)?,
            None if shape.deny_unknown => return Err(unknown(key).error(shape.texts, r.position())),
            None => r.skip()?,
        }
    }
    seq.finish(r)?;
    r.leave();
    if let Some(at) = defines {
        let site = crate::value::scattered::key_array_at(r.input(), at);
        r.shapes_mut().define(Some(keys), site, at)?;
    }
    Ok(())
}

/// The field a key names, as [`read_shape_key`] matches keys read from the
/// input: an integer key by value, a text key or an identifier (with or
/// without its colon) by name.
fn field_of(shape: &Shape, key: &Value) -> Option<usize> {
    let text_field = |name: &str| {
        (0..shape.len()).find(|&j| shape.int_key(j).is_none() && shape.names.get(j) == Some(&name))
    };
    match key {
        Value::Integer(n) => shape.keys.iter().position(|k| *k == KeySpec::Int(*n)),
        Value::Text(name) => text_field(name),
        Value::Tag(IDENT, inner) => match &**inner {
            Value::Text(name) => text_field(name.strip_prefix(':').unwrap_or(name)),
            _ => None,
        },
        _ => None,
    }
}

/// A key no field has, named in an error as a key read from the input is.
fn unknown(key: &Value) -> UnknownKey<'_> {
    match key {
        Value::Text(name) => UnknownKey::Text(Cow::Borrowed(name)),
        Value::Tag(IDENT, inner) => match &**inner {
            Value::Text(name) => UnknownKey::Ident(Cow::Borrowed(name)),
            _ => UnknownKey::Other(&[]),
        },
        Value::Integer(n) => UnknownKey::Int(*n),
        _ => UnknownKey::Other(&[]),
    }
}

//! Enum representations besides the default one: integer variant
//! identifiers (`index`), internally tagged (`tag`), adjacently tagged
//! (`tag` + `content`) and untagged. Every decoder looks at the input in
//! place: a tag is found by scanning the map from a checkpoint, then the
//! reader rewinds and reads the variant; untagged input is tried against
//! each variant in turn.

use super::*;

/// Writes variant `index`'s identifier: its integer when `ids` is not empty
/// (`#[boring(index)]`), else its name.
#[inline]
pub fn encode_variant_id<S: Sink>(
    w: &mut Writer<S>,
    names: &'static [&'static str],
    ids: &[i128],
    index: usize,
) -> Result<(), Error> {
    if ids.is_empty() {
        w.str(names.get(index).copied().unwrap_or_default())
    } else {
        w.i128(ids.get(index).copied().unwrap_or_default())
    }
}

/// Reads a variant identifier: an integer of `ids` when it is not empty,
/// else a name of `names`.
pub fn read_variant_id(
    r: &mut Reader<'_>,
    names: &'static [&'static str],
    ids: &[i128],
) -> Result<usize, Error> {
    if ids.is_empty() {
        return variant_index(r, names);
    }
    let at = r.position();
    let n = match r.peek_head()? {
        Head::Unsigned(_) | Head::Negative(_) => r.i128()?,
        other => return Err(r.unexpected("variant index (integer)", &other, at)),
    };
    ids.iter().position(|&i| i == n).ok_or_else(|| {
        let name = alloc::format!("{n}");
        Error::new(
            ErrorKind::UnknownVariant {
                name,
                expected: &[],
            },
            at,
        )
    })
}

/// Writes an externally tagged enum with integer identifiers: `id` or
/// `{id: payload}`.
pub fn encode_enum_ids<T: EncodeVariants + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
    ids: &[i128],
) -> Result<(), Error> {
    let (index, payload) = value.variant();
    if payload {
        w.map(1)?;
        encode_variant_id(w, T::NAMES, ids, index)?;
        value.encode_payload(w)
    } else {
        encode_variant_id(w, T::NAMES, ids, index)
    }
}

/// Reads an externally tagged enum with integer identifiers: `id` or
/// `{id: payload}`.
pub fn decode_enum_ids<'de, T: DecodeVariants<'de>>(
    r: &mut Reader<'de>,
    ids: &[i128],
) -> Result<T, Error> {
    let at = r.position();
    if !matches!(r.peek_head()?, Head::Map(_)) {
        let index = read_variant_id(r, T::NAMES, ids)?;
        return read_variant(index, false, r);
    }
    let mut seq = r.map()?;
    if !seq.next(r)? {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    let index = read_variant_id(r, T::NAMES, ids)?;
    let value = read_variant(index, true, r)?;
    seq.finish(r)
        .map_err(|_| Error::new(ErrorKind::BadCount, at))?;
    Ok(value)
}

/// Writes an adjacently tagged enum: `{tag: id}` for a unit variant,
/// `{tag: id, content: payload}` otherwise.
pub fn encode_adjacent<T: EncodeVariants + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
    tag: &str,
    content: &str,
    ids: &[i128],
) -> Result<(), Error> {
    let (index, payload) = value.variant();
    w.map(if payload { 2 } else { 1 })?;
    w.str(tag)?;
    encode_variant_id(w, T::NAMES, ids, index)?;
    if payload {
        w.str(content)?;
        value.encode_payload(w)?;
    }
    Ok(())
}

/// Writes an internally tagged unit variant: `{tag: id}` (a struct variant
/// writes its own map through [`encode_map_tagged`]).
pub fn encode_internal<T: EncodeVariants + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
    tag: &str,
    ids: &[i128],
) -> Result<(), Error> {
    let (index, payload) = value.variant();
    if payload {
        return value.encode_payload(w);
    }
    w.map(1)?;
    w.str(tag)?;
    encode_variant_id(w, T::NAMES, ids, index)
}

/// Writes an untagged enum: the payload alone, `null` for a unit variant.
pub fn encode_untagged<T: EncodeVariants + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    if value.variant().1 {
        value.encode_payload(w)
    } else {
        w.null()
    }
}

/// Reads a map key when it is text (literal or stringref); skips any other
/// key and gives `None`.
fn text_key<'de>(r: &mut Reader<'de>) -> Result<Option<Cow<'de, str>>, Error> {
    match r.peek_head()? {
        Head::Text(_) | Head::Tag(25) => r.text().map(Some),
        _ => {
            r.skip()?;
            Ok(None)
        }
    }
}

/// Scans a map for the entry keyed `tag` and reads the variant identifier
/// there. The caller rewinds afterwards.
fn find_tag(
    r: &mut Reader<'_>,
    tag: &'static str,
    names: &'static [&'static str],
    ids: &[i128],
) -> Result<usize, Error> {
    let at = r.position();
    let mut seq = r.map()?;
    let mut found = None;
    while seq.next(r)? {
        match text_key(r)? {
            Some(k) if k == tag => {
                if found.is_some() && r.options().duplicate_keys == DuplicateKeys::Reject {
                    return Err(r.error(ErrorKind::DuplicateKey).in_field(tag));
                }
                found = Some(read_variant_id(r, names, ids).map_err(|e| e.in_field(tag))?);
            }
            _ => r.skip()?,
        }
    }
    found.ok_or_else(|| missing(&FieldName::text(tag), at))
}

/// Reads an internally tagged enum: finds the tag in the map, rewinds, and
/// reads the whole map as that variant (which skips the tag entry).
pub fn decode_internal<'de, T: DecodeVariants<'de>>(
    r: &mut Reader<'de>,
    tag: &'static str,
    ids: &[i128],
) -> Result<T, Error> {
    let cp = r.checkpoint();
    let index = find_tag(r, tag, T::NAMES, ids)?;
    r.rewind(cp);
    read_variant(index, true, r)
}

/// Reads an adjacently tagged enum: finds the tag, rewinds, and reads the
/// `content` entry as that variant's payload (a unit variant has none).
pub fn decode_adjacent<'de, T: DecodeVariants<'de>>(
    r: &mut Reader<'de>,
    tag: &'static str,
    content: &str,
    ids: &[i128],
) -> Result<T, Error> {
    let cp = r.checkpoint();
    let index = find_tag(r, tag, T::NAMES, ids)?;
    r.rewind(cp);
    let mut seq = r.map()?;
    let mut value = None;
    while seq.next(r)? {
        match text_key(r)? {
            Some(k) if k == content => {
                if value.is_some() && r.options().duplicate_keys == DuplicateKeys::Reject {
                    return Err(r.error(ErrorKind::DuplicateKey));
                }
                value = Some(read_variant(index, true, r)?);
            }
            _ => r.skip()?,
        }
    }
    match value {
        Some(v) => Ok(v),
        None => read_variant(index, false, r),
    }
}

/// The most of the variants' messages an untagged enum's error quotes.
const TRIED_MAX: usize = 512;

/// Reads an untagged enum: each variant in declaration order from the same
/// position; the first that decodes wins. When none does, the error lists
/// what each variant reported (up to `TRIED_MAX` bytes of it).
///
/// What failed variants read is charged to the reader's retry budget
/// ([`Reader::retry_from`]): once spent, the decode fails with
/// `LimitExceeded` instead of trying on.
pub fn decode_untagged<'de, T: DecodeVariants<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    use core::fmt::Write;
    let at = r.position();
    let cp = r.checkpoint();
    let mut tried = alloc::string::String::new();
    for (i, name) in T::NAMES.iter().enumerate() {
        match T::decode_variant(i, true, r) {
            Ok(v) => return Ok(v),
            Err(e) if r.retries_spent() => return Err(e),
            Err(e) => {
                r.retry_from(cp)?;
                // Nested untagged enums nest their messages: a bound keeps
                // the message from growing with every level.
                if tried.len() < TRIED_MAX {
                    let sep = if tried.is_empty() { "" } else { "; " };
                    let _ = write!(tried, "{sep}{name}: {e}");
                    if tried.len() > TRIED_MAX {
                        let mut end = TRIED_MAX;
                        while !tried.is_char_boundary(end) {
                            end -= 1;
                        }
                        tried.truncate(end);
                        tried.push('…');
                    }
                }
            }
        }
    }
    Err(Error::new(
        ErrorKind::Custom(alloc::format!("no variant matched ({tried})")),
        at,
    ))
}

/// Writes the map of an internally tagged struct variant: the tag entry
/// first, then the fields as [`encode_map_with`] writes them.
#[allow(clippy::too_many_arguments)] // generated calls only
pub fn encode_map_tagged<S: Sink>(
    w: &mut Writer<S>,
    shape: &Shape,
    tag: &str,
    names: &'static [&'static str],
    ids: &[i128],
    index: usize,
    present: impl Fn(usize) -> bool,
    field: impl FnMut(&mut Writer<S>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let count = if shape.skippable {
        (0..shape.len()).filter(|&i| present(i)).count()
    } else {
        shape.len()
    };
    w.map(count + 1)?;
    w.str(tag)?;
    encode_variant_id(w, names, ids, index)?;
    write_entries(w, shape, present, field)
}

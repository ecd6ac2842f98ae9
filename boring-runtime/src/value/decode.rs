//! Iterative `Value` decoding: one explicit stack of open containers, tags
//! and stringref namespaces.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::clone::Footprint;
use super::cmp::{data_item_cmp, has_duplicate_keys};
use super::registry::{self, UnknownTags};
use super::scattered;
use super::tags::finish_tag;
use super::{Array, Boxed, Float, Map, Value};
use crate::codec::Decode;
use crate::error::{Error, ErrorKind};
use crate::profile::DuplicateKeys;
use crate::wire::{Head, Major, Reader, Simple};

enum Frame {
    Array {
        items: Vec<Value>,
        remaining: Option<u64>,
    },
    Map {
        entries: Vec<(Value, Value)>,
        key: Option<Value>,
        remaining: Option<u64>,
        at: usize,
    },
    Tag {
        tag: u64,
        at: usize,
    },
    Namespace,
    /// The content of a scattered shape (tag 39650): the keys once its
    /// first element is read (defined there, or referenced), then the
    /// values.
    Scattered {
        at: usize,
        /// Whether it defines a shape (which takes the next index when the
        /// map is complete), rather than refers to one.
        defines: bool,
        keys: Option<Vec<Value>>,
        values: Vec<Value>,
        remaining: u64,
    },
}

impl<'de> Decode<'de> for Value {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_value(r)
    }

    /// A sequence of values from an array or from anything the `Value`
    /// decoder reads as one (a shaped or columnar table, expanded unless
    /// the options keep tables), so that `Vec<Value>` reads what a
    /// `Value::Array` wrote.
    fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
        let at = r.position();
        match decode_value(r)? {
            Value::Array(items) => Ok(items.into_vec()),
            other => Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "array",
                    found: other.kind_name(),
                },
                at,
            )),
        }
    }
}

/// Decodes one item into a [`Value`], without recursion.
pub fn decode_value(r: &mut Reader<'_>) -> Result<Value, Error> {
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        let at = r.position();
        let head = r.head()?;
        // Every item is charged when its head is read, container or not.
        if head != Head::Break {
            r.charge(1)?;
        }
        let mut done = match head {
            Head::Unsigned(v) => Value::Integer(i128::from(v)),
            Head::Negative(n) => Value::Integer(-1 - i128::from(n)),
            Head::Bytes(Some(len)) => {
                let bytes = r.take_string(len, at, false)?;
                spend(r, bytes.len(), at)?;
                Value::Bytes(bytes.to_vec())
            }
            Head::Text(Some(len)) => {
                let bytes = r.take_string(len, at, true)?;
                spend(r, bytes.len(), at)?;
                Value::Text(String::from_utf8_lossy(bytes).into_owned())
            }
            Head::Bytes(None) => {
                let mut joined = Vec::new();
                r.chunks(Major::Bytes, |r, len, a| {
                    let bytes = r.take_string(len, a, false)?;
                    spend(r, bytes.len(), a)?;
                    joined.extend_from_slice(bytes);
                    Ok(())
                })?;
                Value::Bytes(joined)
            }
            Head::Text(None) => {
                let mut joined = String::new();
                r.chunks(Major::Text, |r, len, a| {
                    let bytes = r.take_string(len, a, true)?;
                    spend(r, bytes.len(), a)?;
                    joined.push_str(core::str::from_utf8(bytes).unwrap_or_default());
                    Ok(())
                })?;
                Value::Text(joined)
            }
            Head::Array(len) => {
                let seq = r.open(len, 1, at)?;
                if len == Some(0) {
                    r.leave();
                    Value::Array(Array::new())
                } else {
                    stack.push(Frame::Array {
                        items: Vec::with_capacity(seq.capacity::<Value>(r)),
                        remaining: len,
                    });
                    continue;
                }
            }
            Head::Map(len) => {
                let seq = r.open(len, 2, at)?;
                if len == Some(0) {
                    r.leave();
                    Value::Map(Map::new())
                } else {
                    stack.push(Frame::Map {
                        entries: Vec::with_capacity(seq.capacity::<(Value, Value)>(r)),
                        key: None,
                        remaining: len,
                        at,
                    });
                    continue;
                }
            }
            Head::Tag(25) if r.in_namespace() => {
                let index = match r.head()? {
                    Head::Unsigned(i) => i,
                    _ => return Err(Error::new(ErrorKind::BadTagContent { tag: 25 }, at)),
                };
                let (bytes, is_text) = r.resolve_reference(index, at)?;
                // Three bytes of input may copy a string as long as the
                // input: the copy is what the output budget is for.
                spend(r, bytes.len(), at)?;
                if is_text {
                    Value::Text(String::from_utf8_lossy(bytes).into_owned())
                } else {
                    Value::Bytes(bytes.to_vec())
                }
            }
            Head::Tag(25) => return Err(Error::new(ErrorKind::BadStringref, at)),
            Head::Tag(256) => {
                r.enter_namespace()?;
                stack.push(Frame::Namespace);
                continue;
            }
            Head::Tag(scattered::TAG) => {
                stack.push(open_scattered(r, at)?);
                continue;
            }
            Head::Tag(tag) => {
                r.enter()?;
                stack.push(Frame::Tag { tag, at });
                continue;
            }
            Head::Simple(simple) => match simple {
                Simple::Bool(b) => Value::Bool(b),
                Simple::Null => Value::Null,
                Simple::Undefined => Value::Undefined,
                Simple::Other(n) => Value::Simple(n),
                Simple::F16(bits) => Value::Float(Float::F16(bits)),
                Simple::F32(v) => Value::Float(Float::F32(v)),
                Simple::F64(v) => Value::Float(Float::F64(v)),
            },
            Head::Break => match stack.pop() {
                Some(Frame::Array {
                    items,
                    remaining: None,
                }) => {
                    r.leave();
                    Value::Array(items.into())
                }
                Some(Frame::Map {
                    entries,
                    key: None,
                    remaining: None,
                    at: map_at,
                }) => {
                    r.leave();
                    finish_map(r, entries, map_at)?
                }
                _ => return Err(Error::new(ErrorKind::UnexpectedBreak, at)),
            },
        };
        // Attach the finished item to its parent, closing every parent it
        // completes.
        loop {
            match stack.pop() {
                None => return Ok(done),
                Some(Frame::Array {
                    mut items,
                    mut remaining,
                }) => {
                    items.push(done);
                    if let Some(n) = &mut remaining {
                        *n -= 1;
                    }
                    if remaining == Some(0) {
                        r.leave();
                        done = Value::Array(items.into());
                        continue;
                    }
                    stack.push(Frame::Array { items, remaining });
                    break;
                }
                Some(Frame::Map {
                    mut entries,
                    key,
                    mut remaining,
                    at,
                }) => {
                    let Some(key) = key else {
                        stack.push(Frame::Map {
                            entries,
                            key: Some(done),
                            remaining,
                            at,
                        });
                        break;
                    };
                    entries.push((key, done));
                    if let Some(n) = &mut remaining {
                        *n -= 1;
                    }
                    if remaining == Some(0) {
                        r.leave();
                        done = finish_map(r, entries, at)?;
                        continue;
                    }
                    stack.push(Frame::Map {
                        entries,
                        key: None,
                        remaining,
                        at,
                    });
                    break;
                }
                Some(Frame::Tag { tag, at }) => {
                    r.leave();
                    done = finish_tagged(r, tag, done, at)?;
                }
                Some(Frame::Namespace) => r.leave_namespace(),
                Some(Frame::Scattered {
                    at,
                    defines,
                    mut keys,
                    mut values,
                    mut remaining,
                }) => {
                    remaining -= 1;
                    match &keys {
                        None => keys = Some(scattered_keys(r, defines, done, remaining, at)?),
                        Some(_) => values.push(done),
                    }
                    if remaining == 0 {
                        // The content array, then the tag.
                        r.leave();
                        r.leave();
                        let keys = keys.unwrap_or_default();
                        if defines {
                            spend_expansion(r, Footprint::of_all(&keys), at)?;
                            let site = super::scattered::key_array_at(r.input(), at);
                            r.shapes_mut().define(Some(keys.clone()), site, at)?;
                        }
                        done = Value::Map(keys.into_iter().zip(values).collect());
                        continue;
                    }
                    stack.push(Frame::Scattered {
                        at,
                        defines,
                        keys,
                        values,
                        remaining,
                    });
                    break;
                }
            }
        }
    }
}

/// Opens tag 39650 at `at` (its head read): a definite array of at least
/// two elements, whose first element says whether it defines a shape (an
/// array of keys) or refers to one (an index).
fn open_scattered(r: &mut Reader<'_>, at: usize) -> Result<Frame, Error> {
    r.enter()?;
    let defines = scattered::defines(r.input(), r.position());
    let content_at = r.position();
    let len = match r.head()? {
        Head::Array(Some(len)) if len >= 2 => len,
        _ => {
            return Err(Error::new(
                ErrorKind::BadTagContent {
                    tag: scattered::TAG,
                },
                at,
            ))
        }
    };
    r.charge(1)?;
    let seq = r.open(Some(len), 1, content_at)?;
    Ok(Frame::Scattered {
        at,
        defines,
        keys: None,
        values: Vec::with_capacity(seq.capacity::<Value>(r)),
        remaining: len,
    })
}

/// The keys of a 39650 item from its first element: a definition's own,
/// or those of the definition a reference names.
fn scattered_keys(
    r: &mut Reader<'_>,
    defines: bool,
    first: Value,
    values: u64,
    at: usize,
) -> Result<Vec<Value>, Error> {
    if defines {
        scattered::definition_keys(first, values, at)
    } else {
        scattered::referenced_keys(r, &first, values, at)
    }
}

/// Builds a tagged item once its content is complete: tables are
/// expanded (or checked), other tags checked by their rules.
fn finish_tagged(r: &mut Reader<'_>, tag: u64, content: Value, at: usize) -> Result<Value, Error> {
    let expand = r.options().expand_shapes;
    match tag {
        crate::ext::columns::TAG if expand => super::columns::expand(content, at, r),
        crate::ext::columns::TAG => {
            super::columns::validate(&content, at, r.input().len())?;
            Ok(tagged(tag, content))
        }
        crate::ext::shapes::TAG if expand => super::shapes::expand(content, at, r),
        crate::ext::shapes::TAG => {
            super::shapes::validate(&content, at)?;
            Ok(tagged(tag, content))
        }
        crate::ext::keyed::TAG if expand => super::keyed::expand(content, at, r),
        crate::ext::keyed::TAG => {
            super::keyed::validate(&content, at)?;
            Ok(tagged(tag, content))
        }
        _ => match r.tag_handler(tag) {
            Some(handler) => handler
                .read(tag, content)
                .map_err(|_| Error::new(ErrorKind::BadTagContent { tag }, at)),
            None if !registry::built_in(tag) && r.options().unknown_tags == UnknownTags::Refuse => {
                Err(Error::new(ErrorKind::UnregisteredTag(tag), at))
            }
            None => finish_tag(r, tag, content, at),
        },
    }
}

pub(crate) fn finish_map(
    r: &Reader<'_>,
    entries: Vec<(Value, Value)>,
    at: usize,
) -> Result<Value, Error> {
    if !has_duplicate_keys(entries.iter().map(|(k, _)| k)) {
        return Ok(Value::Map(entries.into()));
    }
    match r.options().duplicate_keys {
        DuplicateKeys::Reject => Err(Error::new(ErrorKind::DuplicateKey, at)),
        DuplicateKeys::LastWins => Ok(Value::Map(last_wins(entries).into())),
    }
}

/// The entries whose key does not occur again later, in their order: one
/// sort of the positions by key, so a map with duplicates costs
/// O(n log n) comparisons, not one scan of the kept entries per entry.
fn last_wins(entries: Vec<(Value, Value)>) -> Vec<(Value, Value)> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_unstable_by(|&a, &b| data_item_cmp(&entries[a].0, &entries[b].0).then(a.cmp(&b)));
    let mut keep = alloc::vec![true; entries.len()];
    for pair in order.windows(2) {
        if data_item_cmp(&entries[pair[0]].0, &entries[pair[1]].0) == Ordering::Equal {
            keep[pair[0]] = false;
        }
    }
    entries
        .into_iter()
        .zip(keep)
        .filter_map(|(entry, kept)| kept.then_some(entry))
        .collect()
}

/// Charges `bytes` copied out of the input for the item at `at` against
/// the output budget.
#[inline]
fn spend(r: &mut Reader<'_>, bytes: usize, at: usize) -> Result<(), Error> {
    r.charge_output_at(bytes, at)
}

/// Charges what expanding the table at `at` builds: bytes against the
/// output budget, copied items against the item budget.
pub(crate) fn spend_expansion(
    r: &mut Reader<'_>,
    cost: super::clone::Footprint,
    at: usize,
) -> Result<(), Error> {
    let bytes = usize::try_from(cost.bytes).unwrap_or(usize::MAX);
    r.charge_output(bytes)
        .and_then(|()| r.charge(cost.items))
        .map_err(|_| Error::new(ErrorKind::LimitExceeded, at))
}

/// Boxes a tag's content; shared by the decoder and the tag checks.
pub(crate) fn tagged(tag: u64, content: Value) -> Value {
    Value::Tag(tag, Boxed::new(content))
}

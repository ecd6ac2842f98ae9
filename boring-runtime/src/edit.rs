//! Editing encoded bytes in place (`docs/WIRE.md` §13): replace the value
//! at a path, add or remove a map entry or an array element, without
//! decoding and re-encoding the rest.
//!
//! Edits work in the deterministic profiles without stringref
//! (`Archival`, `Canonical`, `CanonicalRfc7049`, `Ctap2`): there a value's
//! bytes depend on nothing written before it, and containers hold counts,
//! never byte lengths, so replacing one value rewrites only its own bytes.
//! The contract: the result is exactly `encode(update(decode(bytes)))`
//! under the same profile.
//!
//! ```
//! use boring::edit::{self, FramePolicy};
//! use boring::nav::Key;
//! use boring::{Options, Profile, Value};
//!
//! let opts = Options::from(Profile::Canonical);
//! let doc = Value::Map(vec![("n".into(), 1.into()), ("s".into(), "short".into())].into());
//! let bytes = boring::to_vec_with(&doc, &opts)?;
//! let edited = edit::set(&bytes, &[Key::from("s")], &Value::from("much longer"), &opts, FramePolicy::Rebuild)?;
//! let back: Value = boring::from_slice(&edited)?;
//! assert_eq!(back.get("s").and_then(Value::as_str), Some("much longer"));
//! # Ok::<(), boring::Error>(())
//! ```

use alloc::vec::Vec;

use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::index::{index_value, Frame, IndexOptions};
use crate::nav::{item_end, Cursor, Key};
use crate::profile::Options;
use crate::value::Value;
use crate::wire::Reader;

/// What happens to a file's index frame when an edit changes the length of
/// the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum FramePolicy {
    /// Index the edited data again (at the frame's stride).
    #[default]
    Rebuild,
    /// Write the edited data without a frame.
    Drop,
    /// Shift the frame's offsets past the edit: only for a scalar replaced
    /// by a scalar, whose old bytes hold no indexed container, where it
    /// gives the bytes a rebuild gives without walking the data.
    Maintain,
}

/// Replaces the value at `path` (which must exist, or be a new key of an
/// existing map, or one past the end of an existing array) with `value`.
///
/// A new value whose encoding has the old one's length overwrites it in
/// place and leaves a frame as it is; any other is spliced in, and the
/// frame follows `policy`. A new key re-encodes its map (keys land in the
/// profile's order).
///
/// # Errors
///
/// [`ErrorKind::InvalidOptions`] unless `options` resolve to a deterministic
/// profile without stringref, and under [`FramePolicy::Maintain`] unless a
/// scalar replaces a scalar; [`ErrorKind::NotDeterministic`] for a file not in
/// the profile's form; [`ErrorKind::PathAbsent`] (or what [`Cursor::path`]
/// reports) for a path to neither an item nor a new entry of a container; what
/// encoding `value` reports.
pub fn set<T: Encode + ?Sized>(
    file: &[u8],
    path: &[Key<'_>],
    value: &T,
    options: &Options,
    policy: FramePolicy,
) -> Result<Vec<u8>, Error> {
    let doc = Document::open(file, options)?;
    let new = crate::to_vec_with(value, options)?;
    match doc.locate(path) {
        Ok(at) => doc.replace(at, &new, policy),
        Err(e) if e.kind() == &ErrorKind::PathAbsent => {
            // A new key of an existing map: the map is written again.
            let (parent, key) = split(path).ok_or(e)?;
            let new_value: Value = crate::from_slice(&new)?;
            doc.rewrite_parent(parent, policy, |container| match (container, key) {
                // One past the end of an array appends.
                (Value::Array(items), Key::Index(i)) if *i == items.len() => {
                    items.push(new_value);
                    Ok(())
                }
                (Value::Map(entries), _) => {
                    entries.push((key_value(key), new_value));
                    Ok(())
                }
                _ => Err(Error::new(ErrorKind::PathAbsent, 0)),
            })
        }
        Err(e) => Err(e),
    }
}

/// Replaces the value at `path` only if the new value's encoding has the
/// old one's length, overwriting it in place (`NotPokeable` otherwise):
/// the frame stays valid as it is.
///
/// # Errors
///
/// [`ErrorKind::NotPokeable`] when the new encoding's length differs from the
/// old one's; [`ErrorKind::PathAbsent`] (or what [`Cursor::path`] reports) for
/// a path to nothing; as [`set`] for the options, the file and `value`.
pub fn poke<T: Encode + ?Sized>(
    file: &[u8],
    path: &[Key<'_>],
    value: &T,
    options: &Options,
) -> Result<Vec<u8>, Error> {
    let doc = Document::open(file, options)?;
    let new = crate::to_vec_with(value, options)?;
    let at = doc.locate(path)?;
    let end = item_end(doc.data, at)?;
    if end - at != new.len() {
        return Err(Error::new(ErrorKind::NotPokeable, at));
    }
    doc.replace(at, &new, FramePolicy::Rebuild)
}

/// Removes the entry (of a map) or element (of an array) at `path`; its
/// container is written again.
///
/// # Errors
///
/// [`ErrorKind::PathAbsent`] (or what [`Cursor::path`] reports) for a path to
/// nothing, the empty path included; as [`set`] for the options and the file.
pub fn remove(
    file: &[u8],
    path: &[Key<'_>],
    options: &Options,
    policy: FramePolicy,
) -> Result<Vec<u8>, Error> {
    let doc = Document::open(file, options)?;
    doc.locate(path)?;
    let (parent, last) = split(path).ok_or_else(|| Error::new(ErrorKind::PathAbsent, 0))?;
    doc.rewrite_parent(parent, policy, |container| {
        match (container, last) {
            (Value::Array(items), Key::Index(i)) if *i < items.len() => {
                items.remove(*i);
            }
            (Value::Map(entries), key) => {
                let wanted = key_value(key);
                let alt = match key {
                    Key::Index(i) => Some(Value::Integer(*i as i128)),
                    _ => None,
                };
                let found = entries
                    .iter()
                    .position(|(k, _)| *k == wanted || Some(k) == alt.as_ref());
                match found {
                    Some(i) => {
                        entries.remove(i);
                    }
                    None => return Err(Error::new(ErrorKind::PathAbsent, 0)),
                }
            }
            _ => return Err(Error::new(ErrorKind::PathAbsent, 0)),
        }
        Ok(())
    })
}

/// A file opened for an edit: its data, its frame, its options.
struct Document<'a> {
    data: &'a [u8],
    frame: Option<Frame>,
    options: &'a Options,
}

impl<'a> Document<'a> {
    fn open(file: &'a [u8], options: &'a Options) -> Result<Document<'a>, Error> {
        let resolved = options.resolve()?;
        if !resolved.profile.is_deterministic() || resolved.stringref {
            return Err(Error::unplaced(ErrorKind::InvalidOptions(
                "edits need a deterministic profile without stringref",
            )));
        }
        let frame = Frame::find(file);
        let data = match &frame {
            Some(f) => &file[..f.data_end as usize],
            None => file,
        };
        // The whole item must be in the profile's form: an edit keeps every
        // byte but the edited ones, so they must already be what encoding
        // the updated value writes.
        crate::wire::verify(&Reader::with_resolved(data, resolved), &resolved)?;
        Ok(Document {
            data,
            frame,
            options,
        })
    }

    /// The offset of the item at `path`.
    fn locate(&self, path: &[Key<'_>]) -> Result<usize, Error> {
        let root = Cursor::new(self.data)?;
        let item = root.path(path)?;
        item.offset()
            .ok_or_else(|| Error::new(ErrorKind::PathAbsent, 0))
    }

    /// The bytes with the item at `at` replaced by `new`.
    fn replace(&self, at: usize, new: &[u8], policy: FramePolicy) -> Result<Vec<u8>, Error> {
        let end = item_end(self.data, at)?;
        let mut out = Vec::with_capacity(self.data.len() + new.len());
        out.extend_from_slice(&self.data[..at]);
        out.extend_from_slice(new);
        out.extend_from_slice(&self.data[end..]);
        let poked = end - at == new.len();
        let leaf = poked || (is_scalar(&self.data[at..end]) && is_scalar(new));
        self.seal(out, at, end, new.len(), poked, leaf, policy)
    }

    /// Decodes the container at `path`, lets `update` change it, and
    /// writes it again in its place.
    fn rewrite_parent(
        &self,
        path: &[Key<'_>],
        policy: FramePolicy,
        update: impl FnOnce(&mut Value) -> Result<(), Error>,
    ) -> Result<Vec<u8>, Error> {
        let at = self.locate(path)?;
        let end = item_end(self.data, at)?;
        let mut container: Value = crate::from_slice(&self.data[at..end])?;
        update(&mut container).map_err(|e| Error::new(e.kind().clone(), at))?;
        let new = crate::to_vec_with(&container, self.options)?;
        self.replace(at, &new, policy)
    }

    /// Seals edited data by `policy`: a poke keeps the frame; otherwise it
    /// is rebuilt, dropped, or shifted past the edit.
    #[allow(clippy::too_many_arguments)]
    fn seal(
        &self,
        mut out: Vec<u8>,
        at: usize,
        old_end: usize,
        new_len: usize,
        poked: bool,
        leaf: bool,
        policy: FramePolicy,
    ) -> Result<Vec<u8>, Error> {
        let Some(frame) = &self.frame else {
            return Ok(out);
        };
        let frame = match policy {
            _ if poked => Some(frame.clone()),
            FramePolicy::Drop => None,
            FramePolicy::Rebuild => rebuild(&out, frame)?,
            FramePolicy::Maintain => {
                let inside = frame
                    .nodes
                    .iter()
                    .any(|n| n.offset >= at as i64 && n.offset < old_end as i64);
                if !leaf || inside {
                    return Err(Error::new(
                        ErrorKind::InvalidOptions(
                            "a maintained frame needs a scalar replacing a scalar",
                        ),
                        at,
                    ));
                }
                Some(shifted(frame, at, new_len as i64 - (old_end - at) as i64))
            }
        };
        if let Some(frame) = frame {
            out.extend_from_slice(&frame.to_bytes());
        }
        Ok(out)
    }
}

/// The frame indexing `data` again, at the old frame's stride.
fn rebuild(data: &[u8], old: &Frame) -> Result<Option<Frame>, Error> {
    let opts = IndexOptions {
        stride: old.stride,
        ..IndexOptions::default()
    };
    if old.nodes.first().is_some_and(|n| n.offset == -1) {
        return crate::index::index_sequence(data, opts);
    }
    index_value(data, opts)
}

/// `frame` with every offset and anchor after `at` moved by `delta`.
fn shifted(frame: &Frame, at: usize, delta: i64) -> Frame {
    let mut frame = frame.clone();
    let at = at as i64;
    for node in &mut frame.nodes {
        if node.offset > at {
            node.offset += delta;
        }
        for anchor in &mut node.anchors {
            if *anchor as i64 > at {
                *anchor = (*anchor as i64 + delta) as u64;
            }
        }
    }
    frame.data_end = (frame.data_end as i64 + delta) as u64;
    frame
}

/// Whether `item` is one head and its payload: no container, no tag.
fn is_scalar(item: &[u8]) -> bool {
    item.first().is_some_and(|&b| !matches!(b >> 5, 4..=6))
}

fn split<'p, 'k>(path: &'p [Key<'k>]) -> Option<(&'p [Key<'k>], &'p Key<'k>)> {
    let (last, parent) = path.split_last()?;
    Some((parent, last))
}

/// A path key as the map key it names.
fn key_value(key: &Key<'_>) -> Value {
    match *key {
        Key::Text(t) => Value::from(t),
        Key::Keyword(name) => Value::keyword(name),
        Key::Int(v) => Value::Integer(i128::from(v)),
        Key::Index(i) => Value::Integer(i as i128),
    }
}

//! Flattened fields (`#[boring(flatten)]`), the unknown-entry collector
//! (`#[boring(unknown)]`) and tags around values (`#[boring(cbor_tag)]`).
//!
//! A flattened field writes its entries into the enclosing map and reads
//! the entries the enclosing struct does not know; the collector is a
//! flattened `Vec<(K, V)>` offered every entry last and written last.

use super::*;
use crate::codec::Encode;
use alloc::collections::BTreeMap;

/// How a flattened field writes its entries into the enclosing map.
pub trait EncodeFlat {
    /// The number of entries written.
    fn flat_len(&self) -> usize;

    /// Writes the entries (keys and values).
    fn encode_flat<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error>;
}

/// A derived struct: its present fields, in declaration order.
impl<T: EncodeFields> EncodeFlat for T {
    fn flat_len(&self) -> usize {
        let shape = T::SHAPE;
        if shape.skippable {
            (0..shape.len()).filter(|&i| self.present(i)).count()
        } else {
            shape.len()
        }
    }

    fn encode_flat<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let shape = T::SHAPE;
        for i in 0..shape.len() {
            if !shape.skippable || self.present(i) {
                write_key(w, shape, i)?;
                self.encode_field(i, w)?;
            }
        }
        Ok(())
    }
}

/// Entries in their order.
impl<K: Encode, V: Encode> EncodeFlat for Vec<(K, V)> {
    fn flat_len(&self) -> usize {
        self.len()
    }

    fn encode_flat<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        for (k, v) in self {
            k.encode(w)?;
            v.encode(w)?;
        }
        Ok(())
    }
}

/// Entries in key order.
impl<K: Encode, V: Encode> EncodeFlat for BTreeMap<K, V> {
    fn flat_len(&self) -> usize {
        self.len()
    }

    fn encode_flat<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        for (k, v) in self {
            k.encode(w)?;
            v.encode(w)?;
        }
        Ok(())
    }
}

/// How a flattened field reads the entries of the enclosing map that the
/// enclosing struct does not know.
pub trait DecodeFlat<'de>: Sized {
    /// What is collected while the map is read.
    type State;

    /// Nothing collected yet.
    fn flat_start() -> Self::State;

    /// Offered one entry, the reader at its key: consumes key and value
    /// and returns `true` when the entry is this field's, else leaves the
    /// reader where it was and returns `false`.
    fn flat_offer(state: &mut Self::State, r: &mut Reader<'de>) -> Result<bool, Error>;

    /// The value once the map is read (`at`: the map's offset).
    fn flat_finish(state: Self::State, at: usize) -> Result<Self, Error>;
}

/// A derived struct takes the keys of its shape.
impl<'de, T: DecodeFields<'de>> DecodeFlat<'de> for T {
    type State = T::Slots;

    fn flat_start() -> Self::State {
        T::slots()
    }

    fn flat_offer(state: &mut Self::State, r: &mut Reader<'de>) -> Result<bool, Error> {
        let cp = r.checkpoint();
        match read_shape_key(r, T::SHAPE, 0)? {
            Key::Field(i) => T::fill(state, i, r).map(|()| true),
            Key::Unknown(_) => {
                r.rewind(cp);
                Ok(false)
            }
        }
    }

    fn flat_finish(state: Self::State, at: usize) -> Result<Self, Error> {
        T::build(state, at)
    }
}

/// Reads a key as `K`; `None` (the reader back at the key) when it is not
/// one.
fn flat_key<'de, K: Decode<'de>>(r: &mut Reader<'de>) -> Option<K> {
    let cp = r.checkpoint();
    match K::decode(r) {
        Ok(k) => Some(k),
        Err(_) => {
            r.rewind(cp);
            None
        }
    }
}

/// Takes every entry whose key decodes as `K`, in input order.
impl<'de, K: Decode<'de>, V: Decode<'de>> DecodeFlat<'de> for Vec<(K, V)> {
    type State = Vec<(K, V)>;

    fn flat_start() -> Self::State {
        Vec::new()
    }

    fn flat_offer(state: &mut Self::State, r: &mut Reader<'de>) -> Result<bool, Error> {
        let Some(k) = flat_key::<K>(r) else {
            return Ok(false);
        };
        let index = state.len();
        let v = V::decode(r).map_err(|e| e.at_index(index))?;
        state.push((k, v));
        Ok(true)
    }

    fn flat_finish(state: Self::State, _at: usize) -> Result<Self, Error> {
        Ok(state)
    }
}

/// Takes every entry whose key decodes as `K`; a repeated key is a
/// duplicate unless the options keep the last one.
impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> DecodeFlat<'de> for BTreeMap<K, V> {
    type State = BTreeMap<K, V>;

    fn flat_start() -> Self::State {
        BTreeMap::new()
    }

    fn flat_offer(state: &mut Self::State, r: &mut Reader<'de>) -> Result<bool, Error> {
        let at = r.position();
        let Some(k) = flat_key::<K>(r) else {
            return Ok(false);
        };
        let v = V::decode(r)?;
        if state.insert(k, v).is_some() && r.options().duplicate_keys == DuplicateKeys::Reject {
            return Err(Error::new(ErrorKind::DuplicateKey, at));
        }
        Ok(true)
    }

    fn flat_finish(state: Self::State, _at: usize) -> Result<Self, Error> {
        Ok(state)
    }
}

/// Writes what `value` writes inside tag `tag`.
#[inline]
pub fn encode_in_tag<S: Sink>(
    w: &mut Writer<S>,
    tag: u64,
    value: impl FnOnce(&mut Writer<S>) -> Result<(), Error>,
) -> Result<(), Error> {
    w.tag(tag)?;
    value(w)
}

/// Requires tag `tag` (a missing or different tag is
/// [`ErrorKind::WrongTag`]) and reads its content with `value`.
#[inline]
pub fn decode_in_tag<'de, T>(
    r: &mut Reader<'de>,
    tag: u64,
    value: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    r.expect_tag(tag)?;
    r.enter()?;
    let v = value(r)?;
    r.leave();
    Ok(v)
}

//! Map entries and set elements in the profile's order: as given, or sorted
//! by their encoded keys (bytewise, or length first).

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::codec::Encode;
use crate::error::{Error, ErrorKind};
use crate::profile::KeyOrder;
use crate::wire::{Sink, Writer};

/// Compares two encoded keys under `order`.
pub fn compare_encoded(order: KeyOrder, a: &[u8], b: &[u8]) -> Ordering {
    match order {
        KeyOrder::LengthFirst => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
        KeyOrder::Bytewise | KeyOrder::Insertion => a.cmp(b),
    }
}

/// Writes a map head and its entries in the writer's key order. Under the
/// sorted profiles each entry is encoded on its own, sorted by key bytes,
/// and two keys with identical encodings are refused.
///
/// # Errors
///
/// [`ErrorKind::DuplicateKey`] for two keys that encode alike under a sorted
/// key order; what encoding a key or value reports, and the sink's error (see
/// [`Writer`](Writer#errors)).
pub fn write_map<'a, S, K, V, I>(w: &mut Writer<S>, entries: I) -> Result<(), Error>
where
    S: Sink,
    K: Encode + ?Sized + 'a,
    V: Encode + ?Sized + 'a,
    I: ExactSizeIterator<Item = (&'a K, &'a V)>,
{
    w.map(entries.len())?;
    if w.options().key_order == KeyOrder::Insertion {
        for (k, v) in entries {
            k.encode(w)?;
            v.encode(w)?;
        }
        return Ok(());
    }
    let order = w.options().key_order;
    let mut encoded = entries
        .map(|(k, v)| Ok((fragment(w, k)?, fragment(w, v)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    encoded.sort_by(|a, b| compare_encoded(order, &a.0, &b.0));
    if encoded.windows(2).any(|pair| pair[0].0 == pair[1].0) {
        return Err(w.error(ErrorKind::DuplicateKey));
    }
    for (k, v) in &encoded {
        w.raw(k)?;
        w.raw(v)?;
    }
    Ok(())
}

/// Writes tag 258 over the set's elements, sorted under the sorted
/// profiles.
///
/// # Errors
///
/// [`ErrorKind::Unencodable`] under [`Profile::Ctap2`](crate::Profile::Ctap2),
/// which has no tags; [`ErrorKind::DuplicateKey`] for two elements that encode
/// alike under a sorted key order; what encoding an element reports, and the
/// sink's error (see [`Writer`](Writer#errors)).
pub fn write_set<'a, S, T, I>(w: &mut Writer<S>, items: I) -> Result<(), Error>
where
    S: Sink,
    T: Encode + ?Sized + 'a,
    I: ExactSizeIterator<Item = &'a T>,
{
    w.tag(258)?;
    w.array(items.len())?;
    let order = w.options().key_order;
    if order == KeyOrder::Insertion {
        for item in items {
            item.encode(w)?;
        }
        return Ok(());
    }
    let mut encoded = items
        .map(|item| fragment(w, item))
        .collect::<Result<Vec<_>, Error>>()?;
    encoded.sort_by(|a, b| compare_encoded(order, a, b));
    if encoded.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(w.error(ErrorKind::DuplicateKey));
    }
    for item in &encoded {
        w.raw(item)?;
    }
    Ok(())
}

/// Encodes one value on its own, with the writer's options (sorted profiles
/// have no stringref, so a fragment means the same anywhere).
pub(crate) fn fragment<S: Sink, T: Encode + ?Sized>(
    w: &Writer<S>,
    value: &T,
) -> Result<Vec<u8>, Error> {
    let mut sub = Writer::from_resolved(Vec::new(), *w.options());
    value.encode(&mut sub)?;
    Ok(sub.into_sink())
}

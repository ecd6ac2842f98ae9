//! Sequences, tuples, maps and sets.

use alloc::collections::{BTreeMap, BTreeSet, VecDeque};
use alloc::vec::Vec;

use super::map_order::{write_map, write_set};
use super::map_seqs;
use super::map_tables::{self, MapBuilder};
use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::describe::{Description, Kind};
use crate::ext::record::Census;
use crate::ext::{grid, keyed};
use crate::profile::{DuplicateKeys, KeyOrder, Resolved};
use crate::wire::{Reader, Sink, Writer};

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        T::encode_seq(self.iter(), w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        T::census_seq(self.iter(), census);
    }

    fn describe() -> Description {
        Description::of(Kind::List(T::describe))
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        T::encode_seq(self.iter(), w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        T::census_seq(self.iter(), census);
    }

    fn describe() -> Description {
        Description::of(Kind::List(T::describe))
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        T::encode_seq(self.iter(), w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        T::census_seq(self.iter(), census);
    }

    fn describe() -> Description {
        Description::of(Kind::Array(T::describe, N))
    }

    /// The elements' bound, and a head and a typed-array tag.
    const MAX_SIZE: Option<usize> = match T::MAX_SIZE {
        Some(each) => match each.checked_mul(N) {
            Some(all) => all.checked_add(12),
            None => None,
        },
        None => None,
    };

    /// A column of numeric arrays is one grid (RFC 8746 tag 40) of typed
    /// elements; see [`crate::ext::GRID_TAG`].
    fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        grid::encode_column(items, w)
    }

    fn column_is_typed<'a, I>(items: I) -> bool
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        grid::column_is_grid(items)
    }
}

impl<T: Encode> Encode for VecDeque<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        T::encode_seq(self.iter(), w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        T::census_seq(self.iter(), census);
    }

    fn describe() -> Description {
        Description::of(Kind::List(T::describe))
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_vec(r)
    }

    /// Also reads a grid (RFC 8746 tag 40), the column `Value` writes for
    /// arrays of one length.
    fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
        if grid::at_grid(r) {
            return grid::decode_vecs(r, rows);
        }
        super::decode_column_plain(r, rows)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_vec(r).map(VecDeque::from)
    }
}

/// Reads exactly `N` values: see [`Decode::decode_fixed`].
impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_fixed(r)
    }

    /// Also reads the grid (RFC 8746 tag 40) that numeric arrays write.
    fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
        if grid::at_grid(r) {
            return grid::decode_arrays(r, rows);
        }
        super::decode_column_plain(r, rows)
    }
}

/// The default of [`Decode::decode_fixed`]: a plain array of exactly `N`
/// items read in place; any other sequence form through `decode_vec`.
#[inline]
pub(crate) fn decode_fixed_plain<'de, T: Decode<'de>, const N: usize>(
    r: &mut Reader<'de>,
) -> Result<[T; N], Error> {
    let at = r.position();
    if r.peek()? >> 5 != 4 {
        let items = T::decode_vec(r)?;
        return <[T; N]>::try_from(items).map_err(|_| Error::new(ErrorKind::BadCount, at));
    }
    let mut seq = r.array()?;
    let mut slots: [Option<T>; N] = core::array::from_fn(|_| None);
    for (i, slot) in slots.iter_mut().enumerate() {
        if !seq.next(r)? {
            return Err(Error::new(ErrorKind::BadCount, at));
        }
        *slot = Some(T::decode(r).map_err(|e| e.at_index(i))?);
    }
    seq.finish(r)?;
    Ok(filled(slots))
}

/// The values of slots that are all filled.
pub(crate) fn filled<T, const N: usize>(slots: [Option<T>; N]) -> [T; N] {
    // Callers fill every slot or return an error first: no input reaches
    // the `None` arm.
    slots.map(|slot| slot.unwrap_or_else(|| unreachable!("every slot is filled")))
}

macro_rules! tuple {
    ($len:expr => $($name:ident . $idx:tt),+) => {
        impl<$($name: Encode),+> Encode for ($($name,)+) {
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                w.array($len)?;
                $(self.$idx.encode(w)?;)+
                Ok(())
            }

            const HOLDS_RECORDS: bool = false $(|| $name::HOLDS_RECORDS)+;

            fn census(&self, census: &mut Census) {
                $(self.$idx.census(census);)+
            }
        }

        impl<'de, $($name: Decode<'de>),+> Decode<'de> for ($($name,)+) {
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.position();
                let mut seq = r.array()?;
                let value = ($({
                    if !seq.next(r)? {
                        return Err(Error::new(ErrorKind::BadCount, at));
                    }
                    $name::decode(r).map_err(|e| e.at_index($idx))?
                },)+);
                seq.finish(r)?;
                Ok(value)
            }
        }
    };
}

tuple!(1 => A.0);
tuple!(2 => A.0, B.1);
tuple!(3 => A.0, B.1, C.2);
tuple!(4 => A.0, B.1, C.2, D.3);
tuple!(5 => A.0, B.1, C.2, D.3, E.4);
tuple!(6 => A.0, B.1, C.2, D.3, E.4, F.5);
tuple!(7 => A.0, B.1, C.2, D.3, E.4, F.5, G.6);
tuple!(8 => A.0, B.1, C.2, D.3, E.4, F.5, G.6, H.7);
tuple!(9 => A.0, B.1, C.2, D.3, E.4, F.5, G.6, H.7, I.8);
tuple!(10 => A.0, B.1, C.2, D.3, E.4, F.5, G.6, H.7, I.8, J.9);
tuple!(11 => A.0, B.1, C.2, D.3, E.4, F.5, G.6, H.7, I.8, J.9, K.10);
tuple!(12 => A.0, B.1, C.2, D.3, E.4, F.5, G.6, H.7, I.8, J.9, K.10, L.11);

/// Writes a map in the writer's key order, or as a keyed table (tag 39654)
/// when its values make a table that pays for the form: the decision
/// `Value` takes for the same map (`docs/WIRE.md` §8a). The keys are
/// written one by one, as a map's are.
fn write_map_or_keyed<'a, S, K, V, I>(w: &mut Writer<S>, entries: I) -> Result<(), Error>
where
    S: Sink,
    K: Encode + 'a,
    V: Encode + 'a,
    I: ExactSizeIterator<Item = (&'a K, &'a V)> + Clone,
{
    let opts = w.options();
    let keyed = opts.key_order == KeyOrder::Insertion
        && (opts.shapes || opts.columns)
        && entries.len() >= 2
        && keyed::pays(V::seq_table_saving(entries.clone().map(|(_, v)| v), opts));
    if !keyed {
        return write_map(w, entries);
    }
    w.tag(keyed::TAG)?;
    w.array(2)?;
    w.array(entries.len())?;
    for (k, _) in entries.clone() {
        k.encode(w)?;
    }
    V::encode_seq(entries.map(|(_, v)| v), w)
}

/// [`Encode::census`] for a map, as [`write_map_or_keyed`] writes it: a
/// keyed table's values are table rows.
fn census_map<'a, K, V, I>(census: &mut Census, entries: I)
where
    K: Encode + 'a,
    V: Encode + 'a,
    I: ExactSizeIterator<Item = (&'a K, &'a V)> + Clone,
{
    let values = entries.clone().map(|(_, v)| v);
    let keyed = census.keyed(entries.len(), || {
        V::seq_table_saving(values.clone(), census.options())
    });
    if keyed {
        for (k, _) in entries {
            k.census(census);
        }
        V::census_seq(values, census);
    } else {
        for (k, v) in entries {
            k.census(census);
            v.census(census);
        }
    }
}

/// Reads a map's entries into `insert`, which returns `true` when the key
/// was already present (refused unless duplicates are allowed).
fn decode_entries<'de, K, V>(
    r: &mut Reader<'de>,
    insert: impl FnMut(K, V) -> bool,
) -> Result<(), Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
{
    match r.peek_tag() {
        Some(keyed::TAG) => return decode_keyed(r, insert),
        Some(256) => return decode_nested_entries(r, insert),
        Some(crate::value::scattered::TAG) => return map_tables::decode_scattered(r, insert),
        _ => {}
    }
    let mut insert = insert;
    let mut seq = r.map()?;
    let reject = r.options().duplicate_keys == DuplicateKeys::Reject;
    while seq.next(r)? {
        let at = r.position();
        let k = K::decode(r)?;
        let v = V::decode(r)?;
        if insert(k, v) && reject {
            return Err(Error::new(ErrorKind::DuplicateKey, at));
        }
    }
    Ok(())
}

/// Reads a map (of any form) inside a stringref namespace of its own: a
/// document nested in another.
#[inline(never)]
fn decode_nested_entries<'de, K, V>(
    r: &mut Reader<'de>,
    insert: impl FnMut(K, V) -> bool,
) -> Result<(), Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
{
    r.expect_tag(256)?;
    r.enter_namespace()?;
    decode_entries(r, insert)?;
    r.leave_namespace();
    Ok(())
}

/// Reads a keyed table (tag 39654) into `insert`: the keys, then the values
/// as a sequence (a table of records, typically), one value per key.
#[inline(never)]
fn decode_keyed<'de, K, V>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<(), Error>
where
    K: Decode<'de>,
    V: Decode<'de>,
{
    let at = r.position();
    let bad = || Error::new(ErrorKind::BadTagContent { tag: keyed::TAG }, at);
    r.expect_tag(keyed::TAG)?;
    r.enter()?;
    let mut pair = r.array()?;
    if !pair.next(r)? {
        return Err(bad());
    }
    let keys = decode_keys::<K>(r)?;
    if !pair.next(r)? {
        return Err(bad());
    }
    let values = V::decode_vec(r)?;
    pair.finish(r)?;
    r.leave();
    if keys.len() != values.len() {
        return Err(bad());
    }
    let reject = r.options().duplicate_keys == DuplicateKeys::Reject;
    for ((k, key_at), v) in keys.into_iter().zip(values) {
        if insert(k, v) && reject {
            return Err(Error::new(ErrorKind::DuplicateKey, key_at));
        }
    }
    Ok(())
}

/// A keyed table's key array, each key with its offset.
fn decode_keys<'de, K: Decode<'de>>(r: &mut Reader<'de>) -> Result<Vec<(K, usize)>, Error> {
    let mut seq = r.array()?;
    let mut keys = Vec::with_capacity(seq.capacity::<K>(r));
    while seq.next(r)? {
        let at = r.position();
        keys.push((K::decode(r).map_err(|e| e.at_index(keys.len()))?, at));
    }
    Ok(keys)
}

/// Reads tag 258 (optional on input) over an array into `insert`.
fn decode_set<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    insert: impl FnMut(T) -> bool,
) -> Result<(), Error> {
    r.namespaced(|r| decode_set_items(r, insert))
}

/// [`decode_set`] inside whatever namespaces wrap the item.
fn decode_set_items<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(T) -> bool,
) -> Result<(), Error> {
    let tagged = r.peek_tag() == Some(258);
    if tagged {
        r.tag()?;
        r.enter()?;
    }
    let reject = r.options().duplicate_keys == DuplicateKeys::Reject;
    let mut seq = r.array()?;
    while seq.next(r)? {
        let at = r.position();
        if insert(T::decode(r)?) && reject {
            return Err(Error::new(ErrorKind::DuplicateKey, at));
        }
    }
    if tagged {
        r.leave();
    }
    Ok(())
}

impl<K: Encode, V: Encode> Encode for BTreeMap<K, V> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_map_or_keyed(w, self.iter())
    }

    /// A shaped or columnar table where `Value` writes one for the same
    /// maps ([`map_seqs`]).
    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        map_seqs::encode_seq(items, w)
    }

    fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        map_seqs::seq_table_saving(items, options)
    }

    const HOLDS_RECORDS: bool = K::HOLDS_RECORDS || V::HOLDS_RECORDS;

    fn census(&self, census: &mut Census) {
        census_map(census, self.iter());
    }

    fn describe() -> Description {
        Description::of(Kind::Map(K::describe, V::describe))
    }
}

impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> Decode<'de> for BTreeMap<K, V> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut map = BTreeMap::new();
        decode_entries(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }

    /// A plain array of maps, or a shaped or columnar table of them.
    fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
        if map_tables::at_table(r) {
            return map_tables::decode_tables(r);
        }
        super::decode_array(r)
    }
}

impl<K: Ord, V> MapBuilder<K, V> for BTreeMap<K, V> {
    fn empty() -> Self {
        BTreeMap::new()
    }

    fn put(&mut self, k: K, v: V) -> bool {
        self.insert(k, v).is_some()
    }
}

impl<T: Encode> Encode for BTreeSet<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        write_set(w, self.iter())
    }

    fn describe() -> Description {
        Description::of(Kind::List(T::describe))
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BTreeSet<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut set = BTreeSet::new();
        decode_set(r, |v| !set.insert(v))?;
        Ok(set)
    }
}

#[cfg(feature = "std")]
mod hashed {
    use super::*;
    use core::hash::{BuildHasher, Hash};
    use std::collections::{HashMap, HashSet};

    impl<K: Encode, V: Encode, H> Encode for HashMap<K, V, H> {
        fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
            write_map_or_keyed(w, self.iter())
        }

        /// A shaped or columnar table where `Value` writes one for the
        /// same maps ([`map_seqs`]).
        fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
        where
            Self: 'a,
            S: Sink,
            I: ExactSizeIterator<Item = &'a Self> + Clone,
        {
            map_seqs::encode_seq(items, w)
        }

        fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
        where
            Self: 'a,
            I: ExactSizeIterator<Item = &'a Self> + Clone,
        {
            map_seqs::seq_table_saving(items, options)
        }

        const HOLDS_RECORDS: bool = K::HOLDS_RECORDS || V::HOLDS_RECORDS;

        fn census(&self, census: &mut Census) {
            census_map(census, self.iter());
        }

        fn describe() -> Description {
            Description::of(Kind::Map(K::describe, V::describe))
        }
    }

    impl<'de, K, V, H> Decode<'de> for HashMap<K, V, H>
    where
        K: Decode<'de> + Eq + Hash,
        V: Decode<'de>,
        H: BuildHasher + Default,
    {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            let mut map = HashMap::with_hasher(H::default());
            decode_entries(r, |k, v| map.insert(k, v).is_some())?;
            Ok(map)
        }

        /// A plain array of maps, or a shaped or columnar table of them.
        fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
            if map_tables::at_table(r) {
                return map_tables::decode_tables(r);
            }
            crate::codec::decode_array(r)
        }
    }

    impl<K: Eq + Hash, V, H: BuildHasher + Default> MapBuilder<K, V> for HashMap<K, V, H> {
        fn empty() -> Self {
            HashMap::with_hasher(H::default())
        }

        fn put(&mut self, k: K, v: V) -> bool {
            self.insert(k, v).is_some()
        }
    }

    impl<T: Encode, H> Encode for HashSet<T, H> {
        fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
            write_set(w, self.iter())
        }

        fn describe() -> Description {
            Description::of(Kind::List(T::describe))
        }
    }

    impl<'de, T, H> Decode<'de> for HashSet<T, H>
    where
        T: Decode<'de> + Eq + Hash,
        H: BuildHasher + Default,
    {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            let mut set = HashSet::with_hasher(H::default());
            decode_set(r, |v| !set.insert(v))?;
            Ok(set)
        }
    }
}

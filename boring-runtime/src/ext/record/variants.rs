//! Tuples and enums: positional elements, variant names and payloads.

use super::*;

/// Reads the elements of a tuple struct or tuple variant in order.
#[derive(Debug)]
pub struct TupleReader {
    seq: Seq,
    at: usize,
}

impl TupleReader {
    /// Starts reading an array.
    #[inline]
    pub fn begin(r: &mut Reader<'_>) -> Result<TupleReader, Error> {
        let at = r.position();
        Ok(TupleReader {
            seq: r.array()?,
            at,
        })
    }

    /// Element `index`, decoded by `decode`; a short array leaves trailing
    /// elements absent (an error unless `absent` gives a value).
    #[inline]
    pub fn element<'de, T>(
        &mut self,
        r: &mut Reader<'de>,
        index: usize,
        decode: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
        absent: impl FnOnce() -> Option<T>,
    ) -> Result<T, Error> {
        if self.seq.next(r)? {
            decode(r).map_err(|e| e.at_index(index))
        } else {
            absent().ok_or_else(|| Error::new(ErrorKind::BadCount, self.at))
        }
    }

    /// Requires the array to be exhausted.
    #[inline]
    pub fn end(self, r: &mut Reader<'_>) -> Result<(), Error> {
        let at = self.at;
        self.seq
            .finish(r)
            .map_err(|_| Error::new(ErrorKind::BadCount, at))
    }
}

/// Writes the opening of a data variant: a one-entry map and the variant's
/// name (the payload follows).
#[inline]
pub fn encode_variant<S: Sink>(w: &mut Writer<S>, name: &'static str) -> Result<(), Error> {
    w.map(1)?;
    w.name_key(name)
}

/// Variant reading the derive generates for an enum.
pub trait DecodeVariants<'de>: Sized {
    /// The variants' names, in declaration order.
    const NAMES: &'static [&'static str];

    /// Reads variant `index`; `payload` tells whether the input holds a
    /// payload (the map form) or only the name.
    fn decode_variant(index: usize, payload: bool, r: &mut Reader<'de>) -> Result<Self, Error>;

    /// The index of the variant whose name is `name`'s bytes. The derive
    /// generates a `match` on the constant names; this default scans.
    #[inline]
    fn variant_of(name: &[u8]) -> Option<usize> {
        Self::NAMES.iter().position(|n| n.as_bytes() == name)
    }
}

/// Reads a variant name of `T`: literal or referenced text matched by
/// [`DecodeVariants::variant_of`] when it is one, the general key reader
/// (identifiers, chunked text, unknown names and their errors) otherwise.
#[inline]
fn name_index<'de, T: DecodeVariants<'de>>(r: &mut Reader<'de>) -> Result<usize, Error> {
    let known = r.take_known_text(|name| {
        let index = T::variant_of(name)?;
        Some((index, *T::NAMES.get(index)?))
    });
    match known {
        Some(index) => Ok(index),
        None => variant_index(r, T::NAMES),
    }
}

/// Reads a variant name: text (literal or stringref) or an identifier.
pub(super) fn variant_index(
    r: &mut Reader<'_>,
    names: &'static [&'static str],
) -> Result<usize, Error> {
    let at = r.position();
    let key = match r.peek_head()? {
        Head::Text(_) | Head::Tag(25 | IDENT) => read_key(r, names, 0)?,
        other => return Err(r.unexpected("variant name (text) or a one-entry map", &other, at)),
    };
    match key {
        Key::Field(i) => Ok(i),
        Key::Unknown(UnknownKey::Text(t) | UnknownKey::Ident(t)) => {
            let name = alloc::format!("{t:?}");
            Err(Error::new(
                ErrorKind::UnknownVariant {
                    name,
                    expected: names,
                },
                at,
            ))
        }
        Key::Unknown(UnknownKey::Other(_) | UnknownKey::Int(_)) => {
            let name = alloc::string::String::new();
            Err(Error::new(
                ErrorKind::UnknownVariant {
                    name,
                    expected: names,
                },
                at,
            ))
        }
    }
}

/// Reads variant `index` of `T`, adding the variant to an error's path.
#[inline]
pub(super) fn read_variant<'de, T: DecodeVariants<'de>>(
    index: usize,
    payload: bool,
    r: &mut Reader<'de>,
) -> Result<T, Error> {
    T::decode_variant(index, payload, r).map_err(|e| {
        e.within(PathSegment::Variant(
            T::NAMES.get(index).copied().unwrap_or_default(),
        ))
    })
}

/// Reads an enum value: a variant name alone, or a one-entry map
/// `{name: payload}`.
///
/// Inlined into the enum's `decode`, which a recursive enum passes through
/// once per level; the variant's name is read in `open_variant`, a frame
/// outside the recursion.
#[inline]
pub fn decode_enum<'de, T: DecodeVariants<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    let at = r.position();
    let mut map = Seq::empty();
    let index = open_variant::<T>(r, &mut map)?;
    let payload = !map.finished();
    let value = read_variant(index, payload, r)?;
    if payload && map.finish(r).is_err() {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    Ok(value)
}

/// Reads an enum value's variant name, alone or as the key of a one-entry
/// map, and returns the variant's index; for the map form, `map` becomes
/// the map (its payload comes next). The index comes back in a register
/// and the map through one word: a returned tuple went through memory and
/// stalled the caller's first load of it.
#[inline(never)]
fn open_variant<'de, T: DecodeVariants<'de>>(
    r: &mut Reader<'de>,
    map: &mut Seq,
) -> Result<usize, Error> {
    let at = r.position();
    // Major type 5: a map.
    if r.peek()? >> 5 != 5 {
        return name_index::<T>(r);
    }
    let mut seq = r.map()?;
    if !seq.next(r)? {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    *map = seq;
    name_index::<T>(r)
}

/// Reads a sequence of enum values: an array, or a shaped table (tag
/// 39649) of one-entry maps, as shaped `encode_enum_seq` writes.
pub fn decode_enum_vec<'de, T: DecodeVariants<'de>>(r: &mut Reader<'de>) -> Result<Vec<T>, Error> {
    if r.peek_tag() != Some(TAG) {
        let mut seq = r.array()?;
        let mut out = Vec::with_capacity(seq.capacity::<T>(r));
        while seq.next(r)? {
            let index = out.len();
            out.push(decode_enum(r).map_err(|e| e.at_index(index))?);
        }
        return Ok(out);
    }
    read_shaped(
        r,
        |r: &mut Reader<'de>, bad: &dyn Fn() -> Error| {
            Plan::read(r, T::NAMES, None, false, &mut TableStats::default(), bad)
        },
        |r: &mut Reader<'de>, plan: &Plan, bad: &dyn Fn() -> Error| enum_row(r, plan, bad),
    )
}

/// One row of an enum table: exactly one present value, under its
/// variant's column.
pub(super) fn enum_row<'de, T: DecodeVariants<'de>>(
    r: &mut Reader<'de>,
    plan: &Plan,
    bad: impl Fn() -> Error,
) -> Result<T, Error> {
    let at = r.position();
    if !matches!(r.peek_head()?, Head::Array(_)) {
        return Err(bad());
    }
    let mut seq = r.array()?;
    let mut value = None;
    let mut j = 0;
    while seq.next(r)? {
        let column = plan.column(j).map_err(|()| bad())?;
        j += 1;
        if r.peek()? == 0xf7 {
            r.null()?;
            continue;
        }
        if value.is_some() {
            return Err(Error::new(ErrorKind::BadCount, at));
        }
        match column {
            Some(index) => value = Some(read_variant(index, true, r)?),
            None => {
                let name = alloc::string::String::new();
                let expected = T::NAMES;
                return Err(Error::new(
                    ErrorKind::UnknownVariant { name, expected },
                    r.position(),
                ));
            }
        }
    }
    value.ok_or_else(|| Error::new(ErrorKind::BadCount, at))
}

/// The payload check of a unit variant: none, or `null` in the map form.
#[inline]
pub fn unit_payload(payload: bool, r: &mut Reader<'_>) -> Result<(), Error> {
    if payload {
        r.null()?;
    }
    Ok(())
}

/// The payload check of a data variant: the map form is required.
#[inline]
pub fn require_payload(payload: bool, r: &Reader<'_>) -> Result<(), Error> {
    if payload {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::UnexpectedType {
                expected: "one-entry map (a variant with data)",
                found: "text string",
            },
            r.position(),
        ))
    }
}

/// A unit struct is `null`; `null` or `undefined` decode.
#[inline]
pub fn decode_unit(r: &mut Reader<'_>) -> Result<(), Error> {
    r.null()
}

/// Variant access the derive generates for an enum, so that sequences of
/// it can be shaped like the one-entry maps they are.
pub trait EncodeVariants {
    /// The variants' names, in declaration order.
    const NAMES: &'static [&'static str];

    /// The variant of `self`, and whether it carries a payload (written as a
    /// one-entry map) or not (written as its name).
    fn variant(&self) -> (usize, bool);

    /// Writes the payload of a data variant (nothing for a unit variant).
    fn encode_payload<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error>;
}

/// Writes an enum value: its name, or `{name: payload}`.
#[inline]
pub fn encode_enum<T: EncodeVariants + ?Sized, S: Sink>(
    value: &T,
    w: &mut Writer<S>,
) -> Result<(), Error> {
    let (index, payload) = value.variant();
    let name = T::NAMES.get(index).copied().unwrap_or_default();
    if payload {
        encode_variant(w, name)?;
        value.encode_payload(w)
    } else {
        w.name_key(name)
    }
}

/// Writes a sequence of enum values. When every element is a data variant,
/// the elements are one-entry maps, and the shaped-array rules apply to
/// them as to any maps (so the bytes equal those of the same `Value`s): the
/// union is the variant names in first-seen order, and each row holds
/// `undefined` up to its variant's column, then the payload.
pub fn encode_enum_seq<'a, T, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    T: EncodeVariants + 'a,
    S: Sink,
    I: ExactSizeIterator<Item = &'a T> + Clone,
{
    if w.options().shapes && items.len() >= 2 && items.clone().all(|item| item.variant().1) {
        let n = T::NAMES.len();
        let mut union = Indices::new(n);
        let mut positions = Indices::new(n);
        (0..n).for_each(|_| positions.push(usize::MAX));
        let mut padding = 0;
        for item in items.clone() {
            let v = item.variant().0;
            let known = positions.as_slice().get(v).copied().unwrap_or(usize::MAX);
            let p = if known == usize::MAX {
                let p = union.as_slice().len();
                union.push(v);
                positions.set(v, p);
                p
            } else {
                known
            };
            padding += p;
        }
        let names = union.as_slice();
        let estimates = names
            .iter()
            .map(|&v| text_key_estimate(T::NAMES.get(v).copied().unwrap_or_default()))
            .sum();
        if dense_enough(items.len(), names.len(), padding, estimates) {
            w.tag(TAG)?;
            w.array(2)?;
            w.array(names.len())?;
            for &v in names {
                w.str(T::NAMES.get(v).copied().unwrap_or_default())?;
            }
            w.array(items.len())?;
            for item in items {
                let p = positions
                    .as_slice()
                    .get(item.variant().0)
                    .copied()
                    .unwrap_or(0);
                w.array(p + 1)?;
                (0..p).try_for_each(|_| w.undefined())?;
                item.encode_payload(w)?;
            }
            return Ok(());
        }
    }
    w.array(items.len())?;
    for item in items {
        encode_enum(item, w)?;
    }
    Ok(())
}

//! The serializer's containers: arrays ([`Compound`]) and maps and structs
//! ([`Keyed`]), written directly or, under the sorted profiles, buffered.

use alloc::boxed::Box;
use alloc::vec::Vec;

use ::serde::ser::{self, Serialize};

use super::byte_probe::{ByteProbe, NotAByte};
use super::ser::{Mode, Serializer};
use crate::codec::compare_encoded;
use crate::error::{Error, ErrorKind};
use crate::profile::KeyOrder;
use crate::wire::{write_byte_heads, Sink, Writer, BREAK};

/// Encodes one value on its own with the writer's options. Only the sorted
/// profiles buffer, and they have no stringref, so a fragment means the
/// same wherever it lands. Out of line: a writer is a large value, and its
/// stack frame would otherwise weigh on every field of the unsorted path.
#[inline(never)]
fn fragment<S: Sink, T: Serialize + ?Sized>(w: &Writer<S>, value: &T) -> Result<Vec<u8>, Error> {
    let mut sub = Writer::from_resolved(Vec::new(), *w.options());
    value.serialize(Serializer::new(&mut sub))?;
    Ok(sub.into_sink())
}

/// A length hint that the elements did not match: the head already
/// written would be wrong.
fn miscounted<S: Sink>(w: &Writer<S>) -> Error {
    w.error(ErrorKind::Unencodable(
        "a serde length hint differs from the elements given",
    ))
}

/// What an open array expects next, in one word: serde moves an array by
/// value into `end`, and a writer reference and one word move in registers
/// (a larger state was copied through the stack on every array, a copy
/// whose wide read stalled on the narrow writes just made to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Open(usize);

impl Open {
    /// Set in a buffered array's state; the rest is where its elements
    /// start on the writer's fragment stack.
    const BUFFERED: usize = 1 << (usize::BITS - 1);
    /// A tag pair's content is next (its number is next in `TAG_NUMBER`).
    const TAG_CONTENT: Open = Open(usize::MAX - 3);
    const TAG_NUMBER: Open = Open(usize::MAX - 2);
    /// A tag pair, both written.
    const TAG_DONE: Open = Open(usize::MAX - 1);
    /// An indefinite-length array: elements until the break.
    const INDEFINITE: Open = Open(usize::MAX);

    /// A definite array still expecting `n` elements (its head written).
    fn definite(n: usize) -> Option<Open> {
        (n < Self::BUFFERED).then_some(Open(n))
    }

    /// The elements a definite array still expects.
    #[inline]
    fn left(self) -> Option<usize> {
        (self.0 < Self::BUFFERED).then_some(self.0)
    }

    /// Where a buffered array's elements start on the fragment stack.
    fn buffered_from(self) -> Option<usize> {
        (Self::BUFFERED..Self::TAG_CONTENT.0)
            .contains(&self.0)
            .then(|| self.0 - Self::BUFFERED)
    }
}

/// An array being serialized (sequences, tuples, tuple structs and
/// variants), or the pair of a tag.
#[derive(Debug)]
pub struct Compound<'w, S> {
    w: &'w mut Writer<S>,
    open: Open,
}

impl<'w, S: Sink> Compound<'w, S> {
    #[inline]
    pub(crate) fn open(w: &'w mut Writer<S>, len: Option<usize>) -> Result<Self, Error> {
        let open = match len {
            Some(n) => {
                // No sequence holds 2^63 elements: such a hint cannot be met.
                let open = Open::definite(n).ok_or_else(|| miscounted(w))?;
                w.array(n)?;
                open
            }
            None if w.options().key_order == KeyOrder::Insertion => {
                w.raw(&[0x9f])?;
                Open::INDEFINITE
            }
            // A sorted profile needs the count first: the elements are
            // encoded apart and gathered on the writer's fragment stack.
            None => Open(Open::BUFFERED | w.fragments.len()),
        };
        Ok(Compound { w, open })
    }

    #[inline]
    pub(crate) fn tag(w: &'w mut Writer<S>) -> Self {
        Compound {
            w,
            open: Open::TAG_NUMBER,
        }
    }

    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        match self.open.left() {
            Some(left) if left > 0 => {
                self.open = Open(left - 1);
                value.serialize(Serializer::new(self.w))
            }
            _ => {
                self.open = Self::element_other(self.w, self.open, value)?;
                Ok(())
            }
        }
    }

    /// The rarer elements, out of line so that an array's element inlines
    /// into the `Serialize` impl that writes it: an indefinite or buffered
    /// array's, a tag's number and content, one too many. Given the state
    /// and returning the next, not `&mut self`: a `Compound` whose address
    /// is taken lives in memory, and a `Vec<u8>` loaded and stored its
    /// count there once per byte.
    #[inline(never)]
    fn element_other<T: Serialize + ?Sized>(
        w: &mut Writer<S>,
        open: Open,
        value: &T,
    ) -> Result<Open, Error> {
        if open.buffered_from().is_some() {
            let fragment = fragment(w, value)?;
            w.fragments.push(fragment);
            return Ok(open);
        }
        let (mode, next) = match open {
            Open::INDEFINITE => (Mode::Plain, Open::INDEFINITE),
            Open::TAG_NUMBER => (Mode::TagNumber, Open::TAG_CONTENT),
            Open::TAG_CONTENT => (Mode::Plain, Open::TAG_DONE),
            // A definite array already full, or a tag pair already written.
            _ => return Err(miscounted(w)),
        };
        value.serialize(Serializer { w, mode })?;
        Ok(next)
    }

    /// Writes every item and ends the array, as serde's default
    /// `collect_seq` does through `serialize_element` and `end`, but while
    /// the items are `u8`s (serde's form of a `Vec<u8>`) their heads go
    /// through [`write_byte_heads`], a block at a time. The first item that
    /// is not a byte, and every item after it, takes the ordinary path; a
    /// sequence that does not start with a byte (records, strings) goes
    /// there at once, without the block.
    pub(crate) fn extend<I>(mut self, items: I) -> Result<(), Error>
    where
        I: IntoIterator,
        I::Item: Serialize,
    {
        let mut items = items.into_iter().peekable();
        let mut other = None;
        if items
            .peek()
            .is_some_and(|item| item.serialize(ByteProbe).is_ok())
        {
            let open = &mut self.open;
            write_byte_heads(self.w, || {
                // A full or non-definite array takes no byte here: what
                // follows goes to `element`, which knows those states.
                let left = open.left().filter(|&left| left > 0)?;
                let item = items.next()?;
                match item.serialize(ByteProbe) {
                    Ok(v) => {
                        *open = Open(left - 1);
                        Some(v)
                    }
                    Err(NotAByte) => {
                        other = Some(item);
                        None
                    }
                }
            })?;
        }
        if let Some(item) = other {
            self.element(&item)?;
        }
        for item in items {
            self.element(&item)?;
        }
        self.finish()
    }

    #[inline]
    fn finish(self) -> Result<(), Error> {
        match self.open {
            Open(0) | Open::TAG_DONE => Ok(()),
            open => Self::finish_other(self.w, open),
        }
    }

    /// The rarer ends, out of line so that the common one inlines: a
    /// miscount, an indefinite array's break, a buffered array.
    #[cold]
    fn finish_other(w: &mut Writer<S>, open: Open) -> Result<(), Error> {
        if open == Open::INDEFINITE {
            return w.raw(&[BREAK]);
        }
        let Some(from) = open.buffered_from() else {
            return Err(miscounted(w));
        };
        let items = w.fragments.split_off(from.min(w.fragments.len()));
        w.array(items.len())?;
        items.iter().try_for_each(|item| w.raw(item))
    }
}

macro_rules! array_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<S: Sink> ser::$trait for Compound<'_, S> {
            type Ok = ();
            type Error = Error;

            #[inline]
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            #[inline]
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

array_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A map or struct being serialized.
///
/// The direct path's state is the writer, two counts and a pointer, so
/// that once the derived `Serialize` inlines it, all of it can live in
/// registers; the sorted profiles' buffers sit behind the pointer, touched
/// only by their cold paths.
#[derive(Debug)]
pub struct Keyed<'w, S> {
    w: &'w mut Writer<S>,
    /// The entry count the head promised; `None` for an indefinite map.
    declared: Option<usize>,
    /// Entries written directly so far.
    count: usize,
    /// Under a sorted profile: the entries, encoded, to be sorted at the end.
    sorted: Option<Box<Sorted>>,
}

#[derive(Debug, Default)]
struct Sorted {
    entries: Vec<(Vec<u8>, Vec<u8>)>,
    /// A key given by `serialize_key`, waiting for its value.
    key: Option<Vec<u8>>,
}

impl Sorted {
    fn key<S: Sink, T: Serialize + ?Sized>(&mut self, w: &Writer<S>, key: &T) -> Result<(), Error> {
        self.key = Some(fragment(w, key)?);
        Ok(())
    }

    fn value<S: Sink, T: Serialize + ?Sized>(
        &mut self,
        w: &Writer<S>,
        value: &T,
    ) -> Result<(), Error> {
        let Some(key) = self.key.take() else {
            return Err(w.error(ErrorKind::Unencodable("a map value with no key")));
        };
        self.entries.push((key, fragment(w, value)?));
        Ok(())
    }
}

impl<'w, S: Sink> Keyed<'w, S> {
    #[inline(always)]
    pub(crate) fn open(w: &'w mut Writer<S>, len: Option<usize>) -> Result<Self, Error> {
        let sorted = if w.options().key_order != KeyOrder::Insertion {
            Some(Box::default())
        } else {
            match len {
                Some(n) => w.map(n)?,
                None => w.raw(&[0xbf])?,
            }
            None
        };
        Ok(Keyed {
            w,
            declared: len,
            count: 0,
            sorted,
        })
    }

    #[inline]
    fn key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        if let Some(sorted) = &mut self.sorted {
            return sorted.key(self.w, key);
        }
        self.count += 1;
        key.serialize(Serializer::new(self.w))
    }

    #[inline]
    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if let Some(sorted) = &mut self.sorted {
            return sorted.value(self.w, value);
        }
        value.serialize(Serializer::new(self.w))
    }

    #[inline(always)]
    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        if let Some(sorted) = &mut self.sorted {
            sorted.key(self.w, name)?;
            return sorted.value(self.w, value);
        }
        self.count += 1;
        // The derive writes its keys with `static_str`; this shares its
        // stringref lookup, so the bytes are the same.
        self.w.name_key(name)?;
        value.serialize(Serializer::new(self.w))
    }

    #[inline(always)]
    fn finish(self) -> Result<(), Error> {
        if self.sorted.is_none() && self.declared == Some(self.count) {
            return Ok(());
        }
        Self::finish_other(self.w, self.declared, self.sorted)
    }

    /// The rarer ends, out of line so that the common one inlines: a
    /// miscount, an indefinite map's break, a sorted map.
    #[cold]
    fn finish_other(
        w: &mut Writer<S>,
        declared: Option<usize>,
        sorted: Option<Box<Sorted>>,
    ) -> Result<(), Error> {
        let Some(sorted) = sorted else {
            return match declared {
                None => w.raw(&[BREAK]),
                Some(_) => Err(miscounted(w)),
            };
        };
        let mut entries = sorted.entries;
        if declared.is_some_and(|n| n != entries.len()) {
            return Err(miscounted(w));
        }
        let order = w.options().key_order;
        entries.sort_by(|a, b| compare_encoded(order, &a.0, &b.0));
        if entries.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return Err(w.error(ErrorKind::DuplicateKey));
        }
        w.map(entries.len())?;
        for (k, v) in &entries {
            w.raw(k)?;
            w.raw(v)?;
        }
        Ok(())
    }
}

impl<S: Sink> ser::SerializeMap for Keyed<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key(key)
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.value(value)
    }

    #[inline]
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

macro_rules! struct_like {
    ($($trait:ident),*) => {$(
        impl<S: Sink> ser::$trait for Keyed<'_, S> {
            type Ok = ();
            type Error = Error;

            // Inlined into the derived `Serialize`, where the name is a
            // constant and its encoded bytes fold to one.
            #[inline(always)]
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                name: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(name, value)
            }

            // Inlined too: out of line, the caller copied the whole
            // `Keyed` to pass it by value, once per record.
            #[inline(always)]
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

struct_like!(SerializeStruct, SerializeStructVariant);

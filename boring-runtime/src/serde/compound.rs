//! The serializer's containers: arrays ([`Compound`]) and maps and structs
//! ([`Keyed`]), written directly or, under the sorted profiles, buffered.

use alloc::vec::Vec;

use ::serde::ser::{self, Serialize};

use super::ser::{Mode, Serializer};
use crate::codec::compare_encoded;
use crate::error::{Error, ErrorKind};
use crate::profile::KeyOrder;
use crate::wire::{Sink, Writer, BREAK};

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

#[derive(Debug)]
enum Layout {
    /// Head written; elements follow. `None`: indefinite, ends with a break.
    Direct {
        declared: Option<usize>,
        count: usize,
    },
    /// Unknown length under a sorted profile: elements gathered, then the
    /// definite head.
    Buffered(Vec<Vec<u8>>),
    /// A tag's `(number, content)` pair; the position in it.
    Tag(usize),
}

/// An array being serialized (sequences, tuples, tuple structs and
/// variants), or the pair of a tag.
#[derive(Debug)]
pub struct Compound<'w, S> {
    w: &'w mut Writer<S>,
    layout: Layout,
}

impl<'w, S: Sink> Compound<'w, S> {
    #[inline]
    pub(crate) fn open(w: &'w mut Writer<S>, len: Option<usize>) -> Result<Self, Error> {
        let layout = match len {
            Some(n) => {
                w.array(n)?;
                Layout::Direct {
                    declared: Some(n),
                    count: 0,
                }
            }
            None if w.options().key_order == KeyOrder::Insertion => {
                w.raw(&[0x9f])?;
                Layout::Direct {
                    declared: None,
                    count: 0,
                }
            }
            None => Layout::Buffered(Vec::new()),
        };
        Ok(Compound { w, layout })
    }

    #[inline]
    pub(crate) fn tag(w: &'w mut Writer<S>) -> Self {
        Compound {
            w,
            layout: Layout::Tag(0),
        }
    }

    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if let Layout::Direct { count, .. } = &mut self.layout {
            *count += 1;
            return value.serialize(Serializer::new(self.w));
        }
        self.element_other(value)
    }

    /// The rarer elements, out of line so that an array's element inlines
    /// into the `Serialize` impl that writes it: a buffered array's, a
    /// tag's number and content.
    #[inline(never)]
    fn element_other<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        match &mut self.layout {
            Layout::Direct { count, .. } => {
                *count += 1;
                value.serialize(Serializer::new(self.w))
            }
            Layout::Buffered(items) => {
                items.push(fragment(self.w, value)?);
                Ok(())
            }
            Layout::Tag(at) => {
                let mode = if *at == 0 {
                    Mode::TagNumber
                } else {
                    Mode::Plain
                };
                *at += 1;
                value.serialize(Serializer { w: self.w, mode })
            }
        }
    }

    #[inline]
    fn finish(self) -> Result<(), Error> {
        match self.layout {
            Layout::Direct {
                declared: Some(n),
                count,
            } if n == count => Ok(()),
            Layout::Tag(_) => Ok(()),
            layout => Self::finish_other(self.w, layout),
        }
    }

    /// The rarer ends, out of line so that the common one inlines: a
    /// miscount, an indefinite array's break, a buffered array.
    #[cold]
    fn finish_other(w: &mut Writer<S>, layout: Layout) -> Result<(), Error> {
        match layout {
            Layout::Direct { declared: None, .. } => w.raw(&[BREAK]),
            Layout::Buffered(items) => {
                w.array(items.len())?;
                items.iter().try_for_each(|item| w.raw(item))
            }
            Layout::Direct { .. } | Layout::Tag(_) => Err(miscounted(w)),
        }
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

#[derive(Debug)]
enum Entries {
    /// Head written (or an indefinite head when `None`); entries follow.
    Direct {
        declared: Option<usize>,
        count: usize,
    },
    /// A sorted profile: encoded entries, sorted at the end.
    Sorted {
        entries: Vec<(Vec<u8>, Vec<u8>)>,
        key: Option<Vec<u8>>,
        declared: Option<usize>,
    },
}

/// A map or struct being serialized.
#[derive(Debug)]
pub struct Keyed<'w, S> {
    w: &'w mut Writer<S>,
    entries: Entries,
}

impl<'w, S: Sink> Keyed<'w, S> {
    #[inline]
    pub(crate) fn open(w: &'w mut Writer<S>, len: Option<usize>) -> Result<Self, Error> {
        let entries = if w.options().key_order != KeyOrder::Insertion {
            Entries::Sorted {
                entries: Vec::new(),
                key: None,
                declared: len,
            }
        } else {
            match len {
                Some(n) => w.map(n)?,
                None => w.raw(&[0xbf])?,
            }
            Entries::Direct {
                declared: len,
                count: 0,
            }
        };
        Ok(Keyed { w, entries })
    }

    #[inline]
    fn key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        match &mut self.entries {
            Entries::Direct { count, .. } => {
                *count += 1;
                key.serialize(Serializer::new(self.w))
            }
            Entries::Sorted { key: slot, .. } => {
                *slot = Some(fragment(self.w, key)?);
                Ok(())
            }
        }
    }

    #[inline]
    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        match &mut self.entries {
            Entries::Direct { .. } => value.serialize(Serializer::new(self.w)),
            Entries::Sorted { entries, key, .. } => {
                let Some(key) = key.take() else {
                    return Err(self
                        .w
                        .error(ErrorKind::Unencodable("a map value with no key")));
                };
                entries.push((key, fragment(self.w, value)?));
                Ok(())
            }
        }
    }

    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        match &mut self.entries {
            Entries::Direct { count, .. } => {
                *count += 1;
                // The derive writes its keys with `static_str`; this shares
                // its stringref lookup, so the bytes are the same.
                self.w.serde_key(name)?;
                value.serialize(Serializer::new(self.w))
            }
            Entries::Sorted { .. } => {
                self.key(name)?;
                self.value(value)
            }
        }
    }

    #[inline]
    fn finish(self) -> Result<(), Error> {
        match self.entries {
            Entries::Direct {
                declared: Some(n),
                count,
            } if n == count => Ok(()),
            entries => Self::finish_other(self.w, entries),
        }
    }

    /// The rarer ends, out of line so that the common one inlines: a
    /// miscount, an indefinite map's break, a sorted map.
    #[cold]
    fn finish_other(w: &mut Writer<S>, entries: Entries) -> Result<(), Error> {
        match entries {
            Entries::Direct { declared: None, .. } => w.raw(&[BREAK]),
            Entries::Direct { .. } => Err(miscounted(w)),
            Entries::Sorted {
                mut entries,
                declared,
                ..
            } => {
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

            #[inline]
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                name: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(name, value)
            }

            #[inline]
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

struct_like!(SerializeStruct, SerializeStructVariant);

//! `Option`, smart pointers, `Cow` of owned data, `PhantomData`.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use core::marker::PhantomData;

use alloc::vec::Vec;

use crate::codec::{decode_array, encode_array, Decode, Encode};
use crate::error::Error;
use crate::ext::columns::somes;
use crate::ext::describe::{Description, Kind};
use crate::ext::record::Census;
use crate::wire::{Head, Reader, Sink, Writer};

/// `None` is `null`; decoding accepts `null` or `undefined` for `None`, and
/// a struct field of type `Option<T>` may also be absent.
///
/// A sequence of options that holds no `None` takes `T`'s own sequence
/// layout (a typed array of numbers, a table of records); otherwise it is a
/// plain array with `null` for `None`.
impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self {
            Some(v) => v.encode(w),
            None => w.null(),
        }
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    #[inline]
    fn census(&self, census: &mut Census) {
        if let Some(v) = self {
            v.census(census);
        }
    }

    fn census_seq<'a, I>(items: I, census: &mut Census)
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        match somes(items.clone()) {
            Some(values) => T::census_seq(values, census),
            None => items.for_each(|item| item.census(census)),
        }
    }

    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        match somes(items.clone()) {
            Some(values) => T::encode_seq(values, w),
            None => encode_array(items, w),
        }
    }

    /// `None` is one byte, and every bound is at least that.
    const MAX_SIZE: Option<usize> = T::MAX_SIZE;

    fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        match somes(items.clone()) {
            Some(values) => T::encode_column(values, w),
            None => encode_array(items, w),
        }
    }

    fn column_is_typed<'a, I>(items: I) -> bool
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        somes(items).is_some_and(T::column_is_typed)
    }

    fn seq_table_saving<'a, I>(items: I, options: &crate::profile::Resolved) -> usize
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        somes(items).map_or(0, |values| T::seq_table_saving(values, options))
    }

    #[inline]
    fn is_none(&self) -> bool {
        self.is_none()
    }

    fn describe() -> Description {
        T::describe().or_null()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek_null() {
            r.null()?;
            Ok(None)
        } else {
            T::decode(r).map(Some)
        }
    }

    /// A plain array of values and nulls, or any sequence form of `T`.
    fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
        match r.peek_head()? {
            Head::Array(_) => decode_array(r),
            _ => Ok(T::decode_vec(r)?.into_iter().map(Some).collect()),
        }
    }

    /// A plain array of values and nulls, or any column form of `T`.
    fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
        match r.peek_head()? {
            Head::Array(_) => super::decode_column_plain(r, rows),
            _ => Ok(T::decode_column(r, rows)?.into_iter().map(Some).collect()),
        }
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

macro_rules! pointer {
    ($($ptr:ident),*) => {$(
        /// Written as the pointee; a sequence of pointers takes the
        /// pointees' sequence layout (a table of records, a typed array of
        /// numbers), as the values themselves would.
        impl<T: Encode> Encode for $ptr<T> {
            // Always: a recursive type passes through here once per level.
            #[inline(always)]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                (**self).encode(w)
            }

            fn describe() -> Description {
                T::describe()
            }

            const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

            #[inline(always)]
            fn census(&self, census: &mut Census) {
                (**self).census(census);
            }

            fn census_seq<'a, I>(items: I, census: &mut Census)
            where
                Self: 'a,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::census_seq(items.map(|p| &**p), census);
            }

            fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
            where
                Self: 'a,
                S: Sink,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::encode_seq(pointees(items).iter().copied(), w)
            }

            fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
            where
                Self: 'a,
                S: Sink,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::encode_column(pointees(items).iter().copied(), w)
            }

            fn column_is_typed<'a, I>(items: I) -> bool
            where
                Self: 'a,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::column_is_typed(pointees(items).iter().copied())
            }

            fn seq_table_saving<'a, I>(items: I, options: &crate::profile::Resolved) -> usize
            where
                Self: 'a,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::seq_table_saving(pointees(items).iter().copied(), options)
            }
            // No `MAX_SIZE`: a recursive type holds itself behind a pointer,
            // and its bound would be defined by itself.
        }

        impl Encode for $ptr<str> {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                (**self).encode(w)
            }

            fn describe() -> Description {
                Description::of(Kind::Text)
            }
        }

        impl<T: Encode> Encode for $ptr<[T]> {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                T::encode_seq(self.iter(), w)
            }

            const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

            fn census(&self, census: &mut Census) {
                T::census_seq(self.iter(), census);
            }

            fn describe() -> Description {
                Description::of(Kind::List(T::describe))
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                pointee::<T>(r).map($ptr::new)
            }

            /// A plain array of values, or any other sequence form of `T`
            /// (a table of records): pointers are written as what they
            /// point to, so they read back from the same layouts.
            fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
                match r.peek_head()? {
                    Head::Array(_) => decode_array(r),
                    _ => Ok(T::decode_vec(r)?.into_iter().map($ptr::new).collect()),
                }
            }

            /// Any column form of `T`.
            fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
                match r.peek_head()? {
                    Head::Array(_) => super::decode_column_plain(r, rows),
                    _ => Ok(T::decode_column(r, rows)?.into_iter().map($ptr::new).collect()),
                }
            }
        }
    )*};
}

pointer!(Box, Rc, Arc);

/// The values behind a sequence of pointers, collected: passing a mapped
/// iterator on instead would give a recursive type (a record holding
/// `Option<Box<Self>>`) an iterator type that grows without end.
fn pointees<'a, T: 'a, P: core::ops::Deref<Target = T> + 'a>(
    items: impl Iterator<Item = &'a P>,
) -> Vec<&'a T> {
    items.map(|p| &**p).collect()
}

/// A pointer's content, within the bound on pointers that read nothing
/// ([`Reader::enter_pointer`]).
fn pointee<'de, T: Decode<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    let saved = r.enter_pointer()?;
    let value = T::decode(r);
    r.leave_pointer(saved);
    value
}

impl<'de> Decode<'de> for Box<str> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.string().map(alloc::string::String::into_boxed_str)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_vec(r).map(alloc::vec::Vec::into_boxed_slice)
    }
}

impl<T: Encode + Clone> Encode for Cow<'_, [T]> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        T::encode_seq(self.iter(), w)
    }

    const HOLDS_RECORDS: bool = T::HOLDS_RECORDS;

    fn census(&self, census: &mut Census) {
        T::census_seq(self.iter(), census);
    }

    fn describe() -> Description {
        Description::of(Kind::List(T::describe))
    }
}

impl<T: ?Sized> Encode for PhantomData<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.null()
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.null().map(|()| PhantomData)
    }
}

//! Wrappers written as the value they hold: `Wrapping`, `Saturating`,
//! `Reverse`, `Cell` and `RefCell`. Each forwards every layout hook, so a
//! sequence of wrapped numbers is the typed array the numbers would make,
//! a sequence of wrapped records the records' table, and a wrapped
//! `Option` field is left out under `skip_if_none` or read when absent.

use alloc::vec::Vec;
use core::cell::{Cell, Ref, RefCell};
use core::cmp::Reverse;
use core::num::{Saturating, Wrapping};

use crate::codec::{Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::profile::Resolved;
use crate::wire::{Reader, Sink, Writer};

/// The values inside a sequence of wrappers, collected: passing a mapped
/// iterator on instead would give a recursive type (a record holding
/// `Vec<Reverse<Self>>`) an iterator type that grows without end, as the
/// smart-pointer impls note.
fn inner<'a, W: 'a, T: 'a>(items: impl Iterator<Item = &'a W>, get: fn(&W) -> &T) -> Vec<&'a T> {
    items.map(get).collect()
}

macro_rules! transparent {
    ($($wrapper:ident),*) => {$(
        /// Written as the value it wraps; a sequence of them takes the
        /// values' sequence layout.
        impl<T: Encode> Encode for $wrapper<T> {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                self.0.encode(w)
            }

            fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
            where
                Self: 'a,
                S: Sink,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::encode_seq(inner(items, |x| &x.0).iter().copied(), w)
            }

            fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
            where
                Self: 'a,
                S: Sink,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::encode_column(inner(items, |x| &x.0).iter().copied(), w)
            }

            fn column_is_typed<'a, I>(items: I) -> bool
            where
                Self: 'a,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::column_is_typed(inner(items, |x| &x.0).iter().copied())
            }

            fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
            where
                Self: 'a,
                I: ExactSizeIterator<Item = &'a Self> + Clone,
            {
                T::seq_table_saving(inner(items, |x| &x.0).iter().copied(), options)
            }

            const MAX_SIZE: Option<usize> = T::MAX_SIZE;

            #[inline]
            fn is_none(&self) -> bool {
                self.0.is_none()
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $wrapper<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::decode(r).map($wrapper)
            }

            fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
                Ok(T::decode_vec(r)?.into_iter().map($wrapper).collect())
            }

            fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
                Ok(T::decode_column(r, rows)?.into_iter().map($wrapper).collect())
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($wrapper)
            }
        }
    )*};
}

transparent!(Wrapping, Saturating, Reverse);

/// Written as the value it holds (a copy of it); a sequence of cells
/// takes the values' sequence layout.
impl<T: Encode + Copy> Encode for Cell<T> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        self.get().encode(w)
    }

    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let values: Vec<T> = items.map(Cell::get).collect();
        T::encode_seq(values.iter(), w)
    }

    fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let values: Vec<T> = items.map(Cell::get).collect();
        T::encode_column(values.iter(), w)
    }

    fn column_is_typed<'a, I>(items: I) -> bool
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let values: Vec<T> = items.map(Cell::get).collect();
        T::column_is_typed(values.iter())
    }

    fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let values: Vec<T> = items.map(Cell::get).collect();
        T::seq_table_saving(values.iter(), options)
    }

    const MAX_SIZE: Option<usize> = T::MAX_SIZE;

    #[inline]
    fn is_none(&self) -> bool {
        self.get().is_none()
    }
}

/// Why a `RefCell` cannot be written.
const MUTABLY_BORROWED: &str = "a RefCell that is mutably borrowed";

/// Shared borrows of every cell, or `None` when one is mutably borrowed.
fn borrow_all<'a, T>(items: impl Iterator<Item = &'a RefCell<T>>) -> Option<Vec<Ref<'a, T>>> {
    items.map(|cell| cell.try_borrow().ok()).collect()
}

/// Written as the value it holds, borrowed for the write; a cell that is
/// mutably borrowed meanwhile is an `Unencodable` error, not a panic. A
/// sequence of cells takes the values' sequence layout.
impl<T: Encode> Encode for RefCell<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self.try_borrow() {
            Ok(value) => value.encode(w),
            Err(_) => Err(w.error(ErrorKind::Unencodable(MUTABLY_BORROWED))),
        }
    }

    fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let Some(values) = borrow_all(items) else {
            return Err(w.error(ErrorKind::Unencodable(MUTABLY_BORROWED)));
        };
        T::encode_seq(values.iter().map(|v| &**v), w)
    }

    fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
    where
        Self: 'a,
        S: Sink,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        let Some(values) = borrow_all(items) else {
            return Err(w.error(ErrorKind::Unencodable(MUTABLY_BORROWED)));
        };
        T::encode_column(values.iter().map(|v| &**v), w)
    }

    /// A borrowed cell answers "untyped": the write that follows reports
    /// the error.
    fn column_is_typed<'a, I>(items: I) -> bool
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        borrow_all(items).is_some_and(|values| T::column_is_typed(values.iter().map(|v| &**v)))
    }

    fn seq_table_saving<'a, I>(items: I, options: &Resolved) -> usize
    where
        Self: 'a,
        I: ExactSizeIterator<Item = &'a Self> + Clone,
    {
        borrow_all(items).map_or(0, |values| {
            T::seq_table_saving(values.iter().map(|v| &**v), options)
        })
    }

    const MAX_SIZE: Option<usize> = T::MAX_SIZE;

    /// A mutably borrowed cell is not `None`: the write reports it.
    #[inline]
    fn is_none(&self) -> bool {
        self.try_borrow().is_ok_and(|value| value.is_none())
    }
}

macro_rules! cell_decode {
    ($($cell:ident),*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $cell<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::decode(r).map($cell::new)
            }

            fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
                Ok(T::decode_vec(r)?.into_iter().map($cell::new).collect())
            }

            fn decode_column(r: &mut Reader<'de>, rows: usize) -> Result<Vec<Self>, Error> {
                Ok(T::decode_column(r, rows)?.into_iter().map($cell::new).collect())
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($cell::new)
            }
        }
    )*};
}

cell_decode!(Cell, RefCell);

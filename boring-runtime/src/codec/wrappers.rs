//! `Option`, smart pointers, `Cow` of owned data, `PhantomData`.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use core::marker::PhantomData;

use crate::codec::{Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// `None` is `null`; decoding accepts `null` or `undefined` for `None`, and
/// a struct field of type `Option<T>` may also be absent.
impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        match self {
            Some(v) => v.encode(w),
            None => w.null(),
        }
    }

    #[inline]
    fn is_none(&self) -> bool {
        self.is_none()
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

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

macro_rules! pointer {
    ($($ptr:ident),*) => {$(
        impl<T: Encode + ?Sized> Encode for $ptr<T> {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                (**self).encode(w)
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::decode(r).map($ptr::new)
            }
        }
    )*};
}

pointer!(Box, Rc, Arc);

impl<'de> Decode<'de> for Box<str> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.text().map(|t| t.into_owned().into_boxed_str())
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

//! Integers, floats, `bool`, `char` and `()`.

use alloc::vec::Vec;

use crate::codec::collections::decode_fixed_plain;
use crate::codec::{decode_array, decode_column_each_plain, encode_array, Decode, Encode};
use crate::error::{Error, ErrorKind};
use crate::ext::describe::{Description, Kind};
use crate::ext::grid::regroup;
use crate::ext::typed::{
    at_typed, decode_typed_array, decode_typed_each, decode_typed_grid, decode_typed_vec,
    ints_fit_typed, write_floats, write_ints,
};
use crate::wire::{write_byte_heads, Reader, Sink, Writer};

/// An integer as `i128` for the typed-array width choice; a `u128` beyond
/// `i128::MAX` becomes `i128::MAX`, which no 64-bit element holds either.
fn wide<T>(v: T) -> i128
where
    i128: TryFrom<T>,
{
    i128::try_from(v).unwrap_or(i128::MAX)
}

/// The sequence and column layouts of numbers: `$write` writes the values
/// (widened by `$widen`) as the narrowest typed array, or declines; `$fits`
/// tells, without writing, whether it would accept them. A column is always
/// typed when it can be; another sequence only when the options ask for
/// typed arrays.
macro_rules! typed_layout {
    ($write:ident, $fits:ident, $widen:expr) => {
        typed_layout!($write, $fits, $widen, encode_array);
    };
    ($write:ident, $fits:ident, $widen:expr, $plain:path) => {
        fn encode_seq<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
        where
            Self: 'a,
            S: Sink,
            I: ExactSizeIterator<Item = &'a Self> + Clone,
        {
            if w.options().typed_arrays && $write(w, items.clone().map($widen))? {
                return Ok(());
            }
            $plain(items, w)
        }

        fn encode_column<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
        where
            Self: 'a,
            S: Sink,
            I: ExactSizeIterator<Item = &'a Self> + Clone,
        {
            if $write(w, items.clone().map($widen))? {
                return Ok(());
            }
            $plain(items, w)
        }

        fn column_is_typed<'a, I>(items: I) -> bool
        where
            Self: 'a,
            I: ExactSizeIterator<Item = &'a Self> + Clone,
        {
            $fits(items.map($widen))
        }
    };
}

/// The integer layout: typed when every value fits 64 bits.
macro_rules! int_seq {
    ($($plain:path)?) => {
        typed_layout!(write_ints, ints_fit_typed, |v: &Self| wide(*v) $(, $plain)?);
    };
}

/// The plain array of a `u8` sequence (a `Vec<u8>` or `[u8; N]` without
/// `#[boring(bytes)]`, where typed arrays are off): the heads gathered in
/// blocks (see [`write_byte_heads`]).
fn byte_array<'a, S, I>(mut items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    S: Sink,
    I: ExactSizeIterator<Item = &'a u8>,
{
    w.array(items.len())?;
    write_byte_heads(w, || items.next().copied())
}

/// The float layout: `f32` elements when every value survives the round
/// trip, else `f64`; always typed when there is a value.
macro_rules! float_seq {
    ($widen:expr $(, $plain:path)?) => {
        typed_layout!(write_floats, any_value, $widen $(, $plain)?);
    };
}

/// A plain array of `f32`s, written three at a time (see
/// [`Writer::f32_array`]).
fn f32_array<'a, S, I>(items: I, w: &mut Writer<S>) -> Result<(), Error>
where
    S: Sink,
    I: ExactSizeIterator<Item = &'a f32>,
{
    w.f32_array(items.copied())
}

/// Whether there is at least one value (a float column of any values is
/// typed).
fn any_value<I: Iterator>(mut values: I) -> bool {
    values.next().is_some()
}

/// Decoding a sequence of numbers accepts a plain array or any typed array
/// whose elements fit the target type.
macro_rules! typed_vec {
    () => {
        fn decode_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, Error> {
            if at_typed(r) {
                decode_typed_vec(r)
            } else {
                decode_array(r)
            }
        }

        fn decode_fixed<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N], Error> {
            if at_typed(r) {
                decode_typed_array(r)
            } else {
                decode_fixed_plain(r)
            }
        }

        fn decode_grid<const N: usize>(
            r: &mut Reader<'de>,
            rows: usize,
        ) -> Result<Vec<[Self; N]>, Error> {
            if at_typed(r) {
                decode_typed_grid(r, rows)
            } else {
                regroup(r, rows)
            }
        }

        fn decode_column_each(
            r: &mut Reader<'de>,
            rows: usize,
            each: impl FnMut(Self),
        ) -> Result<(), Error> {
            if at_typed(r) {
                decode_typed_each(r, rows, each)
            } else {
                decode_column_each_plain(r, rows, each)
            }
        }
    };
}

macro_rules! unsigned {
    ($($ty:ty $(: $plain:path)?),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                w.u64(*self as u64)
            }

            fn describe() -> Description {
                Description::of(Kind::Int { signed: false, bits: <$ty>::BITS as u8 })
            }

            const MAX_SIZE: Option<usize> = Some(9);

            int_seq!($($plain)?);
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.position();
                let v = r.u64()?;
                <$ty>::try_from(v).map_err(|_| Error::out_of_range(v, stringify!($ty), at))
            }

            typed_vec!();
        }
    )*};
}

macro_rules! signed {
    ($($ty:ty),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                w.i64(*self as i64)
            }

            fn describe() -> Description {
                Description::of(Kind::Int { signed: true, bits: <$ty>::BITS as u8 })
            }

            const MAX_SIZE: Option<usize> = Some(9);

            int_seq!();
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.position();
                let v = r.i64()?;
                <$ty>::try_from(v).map_err(|_| Error::out_of_range(v, stringify!($ty), at))
            }

            typed_vec!();
        }
    )*};
}

unsigned!(u8: byte_array, u16, u32, u64, usize);
signed!(i8, i16, i32, i64, isize);

impl Encode for i128 {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.i128(*self)
    }

    fn describe() -> Description {
        Description::of(Kind::Int {
            signed: true,
            bits: 128,
        })
    }

    int_seq!();
}

impl<'de> Decode<'de> for i128 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.i128()
    }

    typed_vec!();
}

impl Encode for u128 {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.u128(*self)
    }

    fn describe() -> Description {
        Description::of(Kind::Int {
            signed: false,
            bits: 128,
        })
    }

    int_seq!();
}

impl<'de> Decode<'de> for u128 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.u128()
    }

    typed_vec!();
}

impl Encode for f64 {
    const MAX_SIZE: Option<usize> = Some(9);

    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.f64(*self)
    }

    fn describe() -> Description {
        Description::of(Kind::Float { bits: 64 })
    }

    float_seq!(|v: &f64| *v);
}

impl<'de> Decode<'de> for f64 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.f64()
    }

    typed_vec!();
}

impl Encode for f32 {
    const MAX_SIZE: Option<usize> = Some(5);

    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.f32(*self)
    }

    fn describe() -> Description {
        Description::of(Kind::Float { bits: 32 })
    }

    float_seq!(|v: &f32| f64::from(*v), f32_array);
}

impl<'de> Decode<'de> for f32 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.f32()
    }

    typed_vec!();
}

impl Encode for bool {
    const MAX_SIZE: Option<usize> = Some(1);

    #[inline]
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.bool(*self)
    }

    fn describe() -> Description {
        Description::of(Kind::Bool)
    }
}

impl<'de> Decode<'de> for bool {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.bool()
    }
}

/// A `char` is a text string holding exactly one character.
impl Encode for char {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        let mut buf = [0u8; 4];
        w.str(self.encode_utf8(&mut buf))
    }

    fn describe() -> Description {
        Description::of(Kind::Text)
    }
}

impl<'de> Decode<'de> for char {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let text = r.text()?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "text of one character",
                    found: "longer or empty text",
                },
                at,
            )),
        }
    }
}

/// `()` is `null`.
impl Encode for () {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.null()
    }
}

impl<'de> Decode<'de> for () {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.null()
    }
}

macro_rules! nonzero {
    ($($ty:ident($inner:ty)),*) => {$(
        /// Written as the integer.
        impl Encode for core::num::$ty {
            fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
                self.get().encode(w)
            }

            fn describe() -> Description {
                <$inner>::describe()
            }

            const MAX_SIZE: Option<usize> = <$inner>::MAX_SIZE;
        }

        /// Reads the integer; zero is `OutOfRange`.
        impl<'de> Decode<'de> for core::num::$ty {
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.position();
                let v = <$inner>::decode(r)?;
                core::num::$ty::new(v).ok_or_else(|| Error::out_of_range(0, stringify!($ty), at))
            }
        }
    )*};
}

nonzero!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
    NonZeroU128(u128),
    NonZeroI128(i128),
    NonZeroUsize(usize),
    NonZeroIsize(isize)
);

//! Ranges, reading `Cow<[T]>`, and the `NonZero` integers `numbers.rs`
//! leaves out (128-bit and pointer-sized).

use alloc::borrow::Cow;
use core::ops::{Range, RangeInclusive};

use crate::codec::{bounded_size, Decode, Encode};
use crate::error::Error;
use crate::wire::{Reader, Sink, Writer};

/// `[start, end]`: the two-element array of the pair `(start, end)`, not
/// serde's `{"start", "end"}` map. A range is two values in a fixed order,
/// which is what the data model writes as a tuple; the half-open or closed
/// end is the Rust type's to say, as it is in the source.
impl<T: Encode> Encode for Range<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.array(2)?;
        self.start.encode(w)?;
        self.end.encode(w)
    }

    const MAX_SIZE: Option<usize> = bounded_size(&[T::MAX_SIZE, T::MAX_SIZE]);
}

/// Reads `[start, end]` with a pair's errors; an empty or reversed range
/// is a range like any other, as in Rust.
impl<'de, T: Decode<'de>> Decode<'de> for Range<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (start, end) = <(T, T)>::decode(r)?;
        Ok(start..end)
    }
}

/// `[start, end]`, as `Range` (whether an iteration exhausted the range
/// is not written: it is no part of its value).
impl<T: Encode> Encode for RangeInclusive<T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        w.array(2)?;
        self.start().encode(w)?;
        self.end().encode(w)
    }

    const MAX_SIZE: Option<usize> = bounded_size(&[T::MAX_SIZE, T::MAX_SIZE]);
}

/// Reads `[start, end]`, as `Range`.
impl<'de, T: Decode<'de>> Decode<'de> for RangeInclusive<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (start, end) = <(T, T)>::decode(r)?;
        Ok(start..=end)
    }
}

/// Reads any sequence form of `T`, owned: the elements are decoded
/// values, not bytes of the input. (`Cow<[u8]>` is an array of integers
/// like `Vec<u8>`; [`decode_byte_string`](crate::codec::decode_byte_string)
/// gives a byte string borrowed from the input.)
impl<'de, T: Decode<'de> + Clone> Decode<'de> for Cow<'_, [T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_vec(r).map(Cow::Owned)
    }
}

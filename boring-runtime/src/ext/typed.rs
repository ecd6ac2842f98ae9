//! RFC 8746 typed arrays (tags 64–87): element kinds, the narrowest-type
//! choice for encoding, and conversion into Rust numbers on decode.
//!
//! Tag layout (RFC 8746 §2.1): `0b010_f_s_e_ll` — `f` float, `s` signed (or
//! for floats the width's high bit), `e` little-endian, `ll` width code. Tag
//! 76 (signed 8-bit "little-endian") is reserved.

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::error::{Error, ErrorKind};
use crate::wire::float::{f16_to_f64, f64_bits_fit_f32};
use crate::wire::{Head, Reader, Sink, Writer};

/// The element type of a typed array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    /// `u8` (tag 64).
    U8,
    /// `u8`, clamped arithmetic (tag 68); read like `U8`.
    U8Clamped,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// binary16.
    F16,
    /// binary32.
    F32,
    /// binary64.
    F64,
    /// binary128 (kept as bytes in `Value`; read into `f64` only when exact).
    F128,
}

/// A typed-array tag, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TypedKind {
    /// The element type.
    pub elem: Elem,
    /// Byte order of the elements.
    pub little_endian: bool,
}

impl TypedKind {
    /// The kind of typed-array tag `tag`, or `None` for any other tag
    /// (including the reserved 76).
    pub fn from_tag(tag: u64) -> Option<TypedKind> {
        if !(64..=87).contains(&tag) || tag == 76 {
            return None;
        }
        let bits = (tag - 64) as u8;
        let float = bits & 0b1_0000 != 0;
        let signed = bits & 0b1000 != 0;
        let little_endian = bits & 0b100 != 0;
        let ll = bits & 0b11;
        let elem = match (float, signed, ll) {
            (false, false, 0) if little_endian => Elem::U8Clamped,
            (false, false, 0) => Elem::U8,
            (false, false, 1) => Elem::U16,
            (false, false, 2) => Elem::U32,
            (false, false, _) => Elem::U64,
            (false, true, 0) => Elem::I8,
            (false, true, 1) => Elem::I16,
            (false, true, 2) => Elem::I32,
            (false, true, _) => Elem::I64,
            (true, false, 0) => Elem::F16,
            (true, false, 1) => Elem::F32,
            (true, false, 2) => Elem::F64,
            (true, false, _) => Elem::F128,
            (true, true, _) => return None,
        };
        // For one-byte elements endianness is meaningless: tag 68 is the
        // clamped form, and tag 72 the only signed one.
        let little_endian = little_endian || matches!(elem, Elem::U8 | Elem::I8);
        Some(TypedKind {
            elem,
            little_endian,
        })
    }

    /// The little-endian tag for `elem` (the form this crate writes).
    pub fn le_tag(elem: Elem) -> u64 {
        match elem {
            Elem::U8 => 64,
            Elem::U8Clamped => 68,
            Elem::U16 => 69,
            Elem::U32 => 70,
            Elem::U64 => 71,
            Elem::I8 => 72,
            Elem::I16 => 77,
            Elem::I32 => 78,
            Elem::I64 => 79,
            Elem::F16 => 84,
            Elem::F32 => 85,
            Elem::F64 => 86,
            Elem::F128 => 87,
        }
    }
}

impl Elem {
    /// Bytes per element.
    pub fn width(self) -> usize {
        match self {
            Elem::U8 | Elem::U8Clamped | Elem::I8 => 1,
            Elem::U16 | Elem::I16 | Elem::F16 => 2,
            Elem::U32 | Elem::I32 | Elem::F32 => 4,
            Elem::U64 | Elem::I64 | Elem::F64 => 8,
            Elem::F128 => 16,
        }
    }

    /// Whether the elements are floats.
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::F32 | Elem::F64 | Elem::F128)
    }

    /// The narrowest integer element holding every value in `min..=max`:
    /// unsigned when `min` is not negative, signed otherwise.
    pub fn narrowest_int(min: i128, max: i128) -> Option<Elem> {
        let elem = if min >= 0 {
            match max {
                0..=0xff => Elem::U8,
                0x100..=0xffff => Elem::U16,
                0x1_0000..=0xffff_ffff => Elem::U32,
                _ if max <= i128::from(u64::MAX) => Elem::U64,
                _ => return None,
            }
        } else {
            let fits = |lo: i128, hi: i128| min >= lo && max <= hi;
            if fits(i8::MIN.into(), i8::MAX.into()) {
                Elem::I8
            } else if fits(i16::MIN.into(), i16::MAX.into()) {
                Elem::I16
            } else if fits(i32::MIN.into(), i32::MAX.into()) {
                Elem::I32
            } else if fits(i64::MIN.into(), i64::MAX.into()) {
                Elem::I64
            } else {
                return None;
            }
        };
        Some(elem)
    }
}

/// How an out-of-range error names a binary128 element that no `f64` holds.
pub(crate) const BEYOND_F64: &str = "a binary128 element no f64 holds exactly";

/// One element read from a typed array.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer element.
    Int(i128),
    /// A float element, widened to `f64`.
    Float(f64),
}

/// Reads one element of `kind` from exactly `kind.elem.width()` bytes;
/// `None` for a binary128 value that is not exact in `f64`.
pub fn element(kind: TypedKind, chunk: &[u8]) -> Option<Number> {
    let mut buf = [0u8; 16];
    let width = chunk.len();
    if kind.little_endian {
        buf[..width].copy_from_slice(chunk);
    } else {
        for (dst, src) in buf[..width].iter_mut().zip(chunk.iter().rev()) {
            *dst = *src;
        }
    }
    let le8 = |b: &[u8; 16]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[..8]);
        w
    };
    Some(match kind.elem {
        Elem::U8 | Elem::U8Clamped => Number::Int(i128::from(buf[0])),
        Elem::I8 => Number::Int(i128::from(buf[0] as i8)),
        Elem::U16 => Number::Int(i128::from(u16::from_le_bytes([buf[0], buf[1]]))),
        Elem::I16 => Number::Int(i128::from(i16::from_le_bytes([buf[0], buf[1]]))),
        Elem::U32 => Number::Int(i128::from(u32::from_le_bytes([
            buf[0], buf[1], buf[2], buf[3],
        ]))),
        Elem::I32 => Number::Int(i128::from(i32::from_le_bytes([
            buf[0], buf[1], buf[2], buf[3],
        ]))),
        Elem::U64 => Number::Int(i128::from(u64::from_le_bytes(le8(&buf)))),
        Elem::I64 => Number::Int(i128::from(i64::from_le_bytes(le8(&buf)))),
        Elem::F16 => Number::Float(f16_to_f64(u16::from_le_bytes([buf[0], buf[1]]))),
        Elem::F32 => Number::Float(f64::from(f32::from_le_bytes([
            buf[0], buf[1], buf[2], buf[3],
        ]))),
        Elem::F64 => Number::Float(f64::from_le_bytes(le8(&buf))),
        Elem::F128 => Number::Float(f128_to_f64_exact(u128::from_le_bytes(buf))?),
    })
}

/// A binary128 value as `f64`, when the conversion is exact.
fn f128_to_f64_exact(bits: u128) -> Option<f64> {
    let sign = (bits >> 127) as u64;
    let exp = ((bits >> 112) & 0x7fff) as i64;
    let mant = bits & ((1u128 << 112) - 1);
    if exp == 0x7fff {
        // Infinity, or a NaN whose payload fits the double's.
        if mant == 0 {
            return Some(f64::from_bits((sign << 63) | 0x7ff0_0000_0000_0000));
        }
        if mant & ((1u128 << 60) - 1) != 0 {
            return None;
        }
        return Some(f64::from_bits(
            (sign << 63) | 0x7ff0_0000_0000_0000 | (mant >> 60) as u64,
        ));
    }
    if exp == 0 && mant == 0 {
        return Some(f64::from_bits(sign << 63));
    }
    if exp == 0 {
        return None; // binary128 subnormals are far below f64's range
    }
    let unbiased = exp - 16383;
    if !(-1022..=1023).contains(&unbiased) || mant & ((1u128 << 60) - 1) != 0 {
        return None;
    }
    let bits = (sign << 63) | (((unbiased + 1023) as u64) << 52) | (mant >> 60) as u64;
    Some(f64::from_bits(bits))
}

/// Reads a typed array (its tag head included) and returns its kind and
/// payload, borrowed.
pub(crate) fn read_typed<'de>(r: &mut Reader<'de>) -> Result<(TypedKind, &'de [u8]), Error> {
    let at = r.position();
    let tag = match r.rest() {
        // The usual form, `d8` and the tag, without the general head parser.
        [0xd8, tag @ 64..=87, ..] => {
            r.seek(at + 2);
            u64::from(*tag)
        }
        _ => r.tag()?,
    };
    let kind = TypedKind::from_tag(tag).ok_or_else(|| {
        Error::new(
            ErrorKind::UnexpectedType {
                expected: "typed array",
                found: "another tag",
            },
            at,
        )
    })?;
    r.enter()?;
    let bytes = r
        .bytes()
        .map_err(|_| Error::new(ErrorKind::BadTagContent { tag }, at))?;
    r.leave();
    if bytes.len() % kind.elem.width() != 0 {
        return Err(Error::new(ErrorKind::BadTagContent { tag }, at));
    }
    Ok((kind, bytes))
}

/// A Rust number a typed array converts into, with range checks.
pub(crate) trait TypedTarget: Sized + Copy {
    /// Zero: what a buffer is filled with before the elements are
    /// converted into it.
    const ZERO: Self;

    /// Converts one element; `None` when it does not fit (or is of the
    /// wrong kind: an integer target refuses float elements and the
    /// reverse).
    fn from_number(n: Number) -> Option<Self>;

    /// [`TypedTarget::from_number`] of an unsigned element, without the
    /// detour through `i128` (the bulk paths of [`decode_typed_vec`]).
    #[inline]
    fn from_u64(v: u64) -> Option<Self> {
        Self::from_number(Number::Int(i128::from(v)))
    }

    /// The same for a signed element.
    #[inline]
    fn from_i64(v: i64) -> Option<Self> {
        Self::from_number(Number::Int(i128::from(v)))
    }

    /// The same for a binary32 element.
    #[inline]
    fn from_f32(v: f32) -> Option<Self> {
        Self::from_number(Number::Float(f64::from(v)))
    }

    /// The same for a binary64 element.
    #[inline]
    fn from_f64(v: f64) -> Option<Self> {
        Self::from_number(Number::Float(v))
    }
}

macro_rules! int_target {
    ($($ty:ty),*) => {$(
        impl TypedTarget for $ty {
            const ZERO: Self = 0;

            #[inline]
            fn from_number(n: Number) -> Option<Self> {
                match n {
                    Number::Int(v) => <$ty>::try_from(v).ok(),
                    Number::Float(_) => None,
                }
            }

            #[inline]
            fn from_u64(v: u64) -> Option<Self> {
                <$ty>::try_from(v).ok()
            }

            #[inline]
            fn from_i64(v: i64) -> Option<Self> {
                <$ty>::try_from(v).ok()
            }

            #[inline]
            fn from_f32(_: f32) -> Option<Self> {
                None
            }

            #[inline]
            fn from_f64(_: f64) -> Option<Self> {
                None
            }
        }
    )*};
}

int_target!(u8, u16, u32, u64, usize, u128, i8, i16, i32, i64, isize, i128);

impl TypedTarget for f64 {
    const ZERO: Self = 0.0;

    fn from_number(n: Number) -> Option<Self> {
        match n {
            Number::Float(v) => Some(v),
            Number::Int(_) => None,
        }
    }

    #[inline]
    fn from_f64(v: f64) -> Option<Self> {
        Some(v)
    }
}

impl TypedTarget for f32 {
    const ZERO: Self = 0.0;

    fn from_number(n: Number) -> Option<Self> {
        match n {
            Number::Float(v) if v.is_nan() || f64_bits_fit_f32(v) => Some(v as f32),
            _ => None,
        }
    }

    /// A binary32 element is this very value, NaN payload included.
    #[inline]
    fn from_f32(v: f32) -> Option<Self> {
        Some(v)
    }
}

/// Converts every `W`-byte element of `bytes` by `convert` into the slot
/// of `out` at the same index; `false` at the first that does not fit. One
/// loop per element type and target, so the conversion is a few
/// instructions per element (and vectorised where it is a plain copy).
#[inline(always)]
fn bulk<T, const W: usize>(
    bytes: &[u8],
    out: &mut [T],
    convert: impl Fn([u8; W]) -> Option<T>,
) -> bool {
    let mut fits = true;
    for (slot, chunk) in out.iter_mut().zip(bytes.chunks_exact(W)) {
        let mut raw = [0u8; W];
        raw.copy_from_slice(chunk);
        match convert(raw) {
            Some(v) => *slot = v,
            None => fits = false,
        }
    }
    fits
}

/// Converts the elements of a typed array into `out`, which has a slot per
/// element; `false` when one does not fit `T`.
fn convert_all<T: TypedTarget>(kind: TypedKind, bytes: &[u8], out: &mut [T]) -> bool {
    if !kind.little_endian && kind.elem.width() > 1 {
        return convert_each(kind, bytes, out);
    }
    match kind.elem {
        Elem::U8 | Elem::U8Clamped => bulk(bytes, out, |[b]: [u8; 1]| T::from_u64(u64::from(b))),
        Elem::I8 => bulk(bytes, out, |[b]: [u8; 1]| T::from_i64(i64::from(b as i8))),
        Elem::U16 => bulk(bytes, out, |b| {
            T::from_u64(u64::from(u16::from_le_bytes(b)))
        }),
        Elem::I16 => bulk(bytes, out, |b| {
            T::from_i64(i64::from(i16::from_le_bytes(b)))
        }),
        Elem::U32 => bulk(bytes, out, |b| {
            T::from_u64(u64::from(u32::from_le_bytes(b)))
        }),
        Elem::I32 => bulk(bytes, out, |b| {
            T::from_i64(i64::from(i32::from_le_bytes(b)))
        }),
        Elem::U64 => bulk(bytes, out, |b| T::from_u64(u64::from_le_bytes(b))),
        Elem::I64 => bulk(bytes, out, |b| T::from_i64(i64::from_le_bytes(b))),
        Elem::F32 => bulk(bytes, out, |b| T::from_f32(f32::from_le_bytes(b))),
        Elem::F64 => bulk(bytes, out, |b| T::from_f64(f64::from_le_bytes(b))),
        Elem::F16 | Elem::F128 => convert_each(kind, bytes, out),
    }
}

/// [`convert_all`] element by element through [`element`]: big-endian
/// arrays and the float widths Rust has no type for.
fn convert_each<T: TypedTarget>(kind: TypedKind, bytes: &[u8], out: &mut [T]) -> bool {
    for (slot, chunk) in out.iter_mut().zip(bytes.chunks_exact(kind.elem.width())) {
        match element(kind, chunk).and_then(T::from_number) {
            Some(v) => *slot = v,
            None => return false,
        }
    }
    true
}

/// Decodes a typed array into `Vec<T>`, widening and range-checking each
/// element: a value that does not fit is [`ErrorKind::OutOfRange`], never a
/// wrap.
pub(crate) fn decode_typed_vec<T: TypedTarget>(r: &mut Reader<'_>) -> Result<Vec<T>, Error> {
    let at = r.position();
    let (kind, bytes) = read_typed(r)?;
    let count = bytes.len() / kind.elem.width();
    charge_elements::<T>(r, count, at)?;
    // Allocated once, zeroed (which fresh pages already are), then
    // converted into in one pass.
    let mut out = alloc::vec![T::ZERO; count];
    convert_into(kind, bytes, &mut out, at)?;
    Ok(out)
}

/// Decodes a typed array of exactly `rows` elements (a column of a
/// columnar table) into `each`, converted as [`decode_typed_vec`] converts:
/// a block at a time into a buffer on the stack, so the conversion keeps its
/// one loop per element type and no vector is allocated for the column.
pub(crate) fn decode_typed_each<T: TypedTarget>(
    r: &mut Reader<'_>,
    rows: usize,
    mut each: impl FnMut(T),
) -> Result<(), Error> {
    /// Elements converted per block.
    const BLOCK: usize = 64;
    let at = r.position();
    let (kind, bytes) = read_typed(r)?;
    let width = kind.elem.width();
    let count = bytes.len() / width;
    if count != rows {
        return Err(crate::ext::columns::bad(at));
    }
    // The item budget as a vector of the column would be charged; the
    // memory the values take is the rows', which their table charges.
    r.charge(count as u64)?;
    let mut block = [T::ZERO; BLOCK];
    for chunk in bytes.chunks(BLOCK * width) {
        let out = block.get_mut(..chunk.len() / width).unwrap_or_default();
        convert_into(kind, chunk, out, at)?;
        out.iter().copied().for_each(&mut each);
    }
    Ok(())
}

/// Charges `count` elements converted to `T` to the item and output
/// budgets, before anything is allocated for them (a one-byte element may
/// widen into a sixteen-byte number).
fn charge_elements<T>(r: &mut Reader<'_>, count: usize, at: usize) -> Result<(), Error> {
    r.charge(count as u64)?;
    r.charge_output_at(count.saturating_mul(core::mem::size_of::<T>()), at)
}

/// [`convert_all`], with an element that does not fit as
/// [`ErrorKind::OutOfRange`] at `at`.
fn convert_into<T: TypedTarget>(
    kind: TypedKind,
    bytes: &[u8],
    out: &mut [T],
    at: usize,
) -> Result<(), Error> {
    if convert_all(kind, bytes, out) {
        return Ok(());
    }
    // Name the first element that does not fit.
    let target = core::any::type_name::<T>();
    let misfit = bytes
        .chunks_exact(kind.elem.width())
        .map(|chunk| element(kind, chunk))
        .find(|n| n.is_none_or(|n| T::from_number(n).is_none()));
    Err(match misfit.flatten() {
        Some(Number::Int(v)) => Error::out_of_range(v, target, at),
        Some(Number::Float(v)) => Error::out_of_range(alloc::format!("{v:?}"), target, at),
        None => Error::out_of_range(BEYOND_F64, target, at),
    })
}

/// Decodes a typed array of `rows × N` elements into `rows` arrays of `N`,
/// converted in place as [`decode_typed_vec`] converts (the elements of a
/// grid, [`crate::ext::grid`]).
pub(crate) fn decode_typed_grid<T: TypedTarget, const N: usize>(
    r: &mut Reader<'_>,
    rows: usize,
) -> Result<Vec<[T; N]>, Error> {
    let at = r.position();
    let (kind, bytes) = read_typed(r)?;
    let count = rows
        .checked_mul(N)
        .filter(|&count| count.checked_mul(kind.elem.width()) == Some(bytes.len()))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::BadTagContent {
                    tag: crate::ext::grid::TAG,
                },
                at,
            )
        })?;
    charge_elements::<T>(r, count, at)?;
    let mut out = alloc::vec![[T::ZERO; N]; rows];
    convert_into(kind, bytes, out.as_flattened_mut(), at)?;
    Ok(out)
}

/// Decodes a typed array of exactly `N` elements into `[T; N]`, in place:
/// the same widening and range checks as [`decode_typed_vec`], no heap
/// allocation.
pub(crate) fn decode_typed_array<T: TypedTarget, const N: usize>(
    r: &mut Reader<'_>,
) -> Result<[T; N], Error> {
    let at = r.position();
    let (kind, bytes) = read_typed(r)?;
    if bytes.len() != N * kind.elem.width() {
        return Err(Error::new(ErrorKind::BadCount, at));
    }
    r.charge(N as u64)?;
    let mut out = [T::ZERO; N];
    convert_into(kind, bytes, &mut out, at)?;
    Ok(out)
}

/// Whether the next item is a typed array.
pub(crate) fn at_typed(r: &Reader<'_>) -> bool {
    // Most sequences are plain arrays: one look at the major type answers
    // them without parsing a head.
    match r.rest() {
        // Every typed-array tag fits one byte after `d8`.
        [0xd8, tag, ..] => TypedKind::from_tag(u64::from(*tag)).is_some(),
        [b, ..] if b >> 5 == 6 => {
            matches!(r.peek_head(), Ok(Head::Tag(t)) if TypedKind::from_tag(t).is_some())
        }
        _ => false,
    }
}

/// Whether `values` would be written as a typed array: there is at least
/// one, and together they fit 64 bits.
pub(crate) fn ints_fit_typed<I: Iterator<Item = i128>>(values: I) -> bool {
    let mut bounds: Option<(i128, i128)> = None;
    for v in values {
        bounds = Some(bounds.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))));
    }
    bounds.is_some_and(|(min, max)| Elem::narrowest_int(min, max).is_some())
}

/// Writes integers as a little-endian typed array of the narrowest element
/// type holding them all; `values` must be cloneable for the two passes.
/// Returns `false` (writing nothing) when some value needs more than 64
/// bits or there are no values.
pub(crate) fn write_ints<S, I>(w: &mut Writer<S>, values: I) -> Result<bool, Error>
where
    S: Sink,
    I: Iterator<Item = i128> + Clone,
{
    let mut bounds: Option<(i128, i128)> = None;
    let mut count = 0usize;
    for v in values.clone() {
        count += 1;
        bounds = Some(match bounds {
            None => (v, v),
            Some((lo, hi)) => (lo.min(v), hi.max(v)),
        });
    }
    let Some((min, max)) = bounds else {
        return Ok(false);
    };
    let Some(elem) = Elem::narrowest_int(min, max) else {
        return Ok(false);
    };
    let width = elem.width();
    w.tag(TypedKind::le_tag(elem))?;
    w.bytes_head(count * width)?;
    let mut chunk = Chunker::default();
    for v in values {
        // The range check above makes this truncation exact.
        chunk.push(w, &(v as u128).to_le_bytes()[..width])?;
    }
    chunk.flush(w)?;
    Ok(true)
}

/// Writes floats as a little-endian typed array: `f32` elements when every
/// value's bits survive the round trip through `f32` (NaN payloads and −0.0
/// included), `f64` otherwise. Writes nothing and returns `false` when
/// there are no values.
pub(crate) fn write_floats<S, I>(w: &mut Writer<S>, values: I) -> Result<bool, Error>
where
    S: Sink,
    I: Iterator<Item = f64> + Clone,
{
    let mut count = 0usize;
    let mut single = true;
    for v in values.clone() {
        count += 1;
        single &= f64_bits_fit_f32(v);
    }
    if count == 0 {
        return Ok(false);
    }
    let elem = if single { Elem::F32 } else { Elem::F64 };
    w.tag(TypedKind::le_tag(elem))?;
    w.bytes_head(count * elem.width())?;
    let mut chunk = Chunker::default();
    for v in values {
        if single {
            chunk.push(w, &narrow_bits(v).to_le_bytes())?;
        } else {
            chunk.push(w, &v.to_bits().to_le_bytes())?;
        }
    }
    chunk.flush(w)?;
    Ok(true)
}

/// Writes floats whose width is decided (each one's little-endian bytes,
/// `N` = 4 or 8) as a typed array of that width, every bit kept: a `Value`
/// column of singles stays binary32 (tag 85), of doubles binary64 (tag 86).
pub(crate) fn write_float_bits<S: Sink, const N: usize>(
    w: &mut Writer<S>,
    values: impl ExactSizeIterator<Item = [u8; N]>,
) -> Result<(), Error> {
    let elem = if N == 4 { Elem::F32 } else { Elem::F64 };
    w.tag(TypedKind::le_tag(elem))?;
    w.bytes_head(values.len() * N)?;
    let mut chunk = Chunker::default();
    for bytes in values {
        chunk.push(w, &bytes)?;
    }
    chunk.flush(w)
}

/// The `f32` bits of a value known to narrow exactly, NaN payload kept.
fn narrow_bits(v: f64) -> u32 {
    if v.is_nan() {
        let bits = v.to_bits();
        (((bits >> 63) as u32) << 31) | 0x7f80_0000 | ((bits >> 29) as u32 & 0x007f_ffff)
    } else {
        (v as f32).to_bits()
    }
}

/// Batches element bytes so that a typed array costs one sink call per
/// 256 bytes rather than one per element.
struct Chunker {
    buf: [u8; 256],
    len: usize,
}

impl Default for Chunker {
    fn default() -> Self {
        Chunker {
            buf: [0; 256],
            len: 0,
        }
    }
}

impl Chunker {
    #[inline]
    fn push<S: Sink>(&mut self, w: &mut Writer<S>, bytes: &[u8]) -> Result<(), Error> {
        if self.len + bytes.len() > self.buf.len() {
            self.flush(w)?;
        }
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
        Ok(())
    }

    fn flush<S: Sink>(&mut self, w: &mut Writer<S>) -> Result<(), Error> {
        w.raw(&self.buf[..self.len])?;
        self.len = 0;
        Ok(())
    }
}

/// Numbers of one Rust type, read in place from a typed array whose element
/// type is exactly `T` (either byte order): no copy, safe code, unaligned
/// input welcome.
#[derive(Debug, Clone, Copy)]
pub struct TypedSlice<'a, T> {
    bytes: &'a [u8],
    little_endian: bool,
    _elem: PhantomData<T>,
}

/// A number type [`TypedSlice`] can view.
pub trait SliceElem: Sized + Copy {
    /// The typed-array element this type reads.
    const ELEM: Elem;
    /// Reads one element from exactly `ELEM.width()` bytes.
    fn read(chunk: &[u8], little_endian: bool) -> Self;
}

macro_rules! slice_elem {
    ($($ty:ty => $elem:ident, $n:expr);* $(;)?) => {$(
        impl SliceElem for $ty {
            const ELEM: Elem = Elem::$elem;
            #[inline]
            fn read(chunk: &[u8], little_endian: bool) -> Self {
                let mut raw = [0u8; $n];
                raw.copy_from_slice(chunk);
                if little_endian { <$ty>::from_le_bytes(raw) } else { <$ty>::from_be_bytes(raw) }
            }
        }
    )*};
}

slice_elem! {
    u8 => U8, 1; u16 => U16, 2; u32 => U32, 4; u64 => U64, 8;
    i8 => I8, 1; i16 => I16, 2; i32 => I32, 4; i64 => I64, 8;
    f32 => F32, 4; f64 => F64, 8;
}

impl<'a, T: SliceElem> TypedSlice<'a, T> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.bytes.len() / T::ELEM.width()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Element `index`.
    pub fn get(&self, index: usize) -> Option<T> {
        let width = T::ELEM.width();
        let start = index.checked_mul(width)?;
        let chunk = self.bytes.get(start..start + width)?;
        Some(T::read(chunk, self.little_endian))
    }

    /// The elements in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = T> + 'a {
        let little_endian = self.little_endian;
        self.bytes
            .chunks_exact(T::ELEM.width())
            .map(move |chunk| T::read(chunk, little_endian))
    }

    /// Copies the elements out.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().collect()
    }

    /// The raw payload bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

impl<'de, T: SliceElem> crate::codec::Decode<'de> for TypedSlice<'de, T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.position();
        let (kind, bytes) = read_typed(r)?;
        let same = kind.elem == T::ELEM || (T::ELEM == Elem::U8 && kind.elem == Elem::U8Clamped);
        if !same {
            return Err(Error::new(
                ErrorKind::UnexpectedType {
                    expected: "typed array of the slice's element type",
                    found: "typed array of another element type",
                },
                at,
            ));
        }
        Ok(TypedSlice {
            bytes,
            little_endian: kind.little_endian,
            _elem: PhantomData,
        })
    }
}

impl<T: SliceElem> crate::codec::Encode for TypedSlice<'_, T> {
    fn encode<S: Sink>(&self, w: &mut Writer<S>) -> Result<(), Error> {
        if self.little_endian {
            w.tag(TypedKind::le_tag(T::ELEM))?;
            w.bytes(self.bytes)
        } else {
            // Big-endian input is written back in its own tag, unchanged.
            let tag = TypedKind::le_tag(T::ELEM) - if T::ELEM.width() > 1 { 4 } else { 0 };
            w.tag(tag)?;
            w.bytes(self.bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_decode_to_kinds() {
        assert_eq!(TypedKind::from_tag(64).map(|k| k.elem), Some(Elem::U8));
        assert_eq!(
            TypedKind::from_tag(68).map(|k| k.elem),
            Some(Elem::U8Clamped)
        );
        assert_eq!(TypedKind::from_tag(76), None);
        assert_eq!(
            TypedKind::from_tag(77),
            Some(TypedKind {
                elem: Elem::I16,
                little_endian: true
            })
        );
        assert_eq!(
            TypedKind::from_tag(73),
            Some(TypedKind {
                elem: Elem::I16,
                little_endian: false
            })
        );
        assert_eq!(
            TypedKind::from_tag(82),
            Some(TypedKind {
                elem: Elem::F64,
                little_endian: false
            })
        );
        assert_eq!(TypedKind::from_tag(87).map(|k| k.elem), Some(Elem::F128));
        assert_eq!(TypedKind::from_tag(88), None);
        for elem in [
            Elem::U8,
            Elem::U16,
            Elem::U32,
            Elem::U64,
            Elem::I8,
            Elem::I16,
            Elem::I32,
            Elem::I64,
            Elem::F16,
            Elem::F32,
            Elem::F64,
            Elem::F128,
        ] {
            assert_eq!(
                TypedKind::from_tag(TypedKind::le_tag(elem)).map(|k| k.elem),
                Some(elem)
            );
        }
    }

    #[test]
    fn narrowest_integer_choice() {
        assert_eq!(Elem::narrowest_int(0, 255), Some(Elem::U8));
        assert_eq!(Elem::narrowest_int(0, 256), Some(Elem::U16));
        assert_eq!(Elem::narrowest_int(-1, 127), Some(Elem::I8));
        assert_eq!(Elem::narrowest_int(-1, 128), Some(Elem::I16));
        assert_eq!(Elem::narrowest_int(-129, 0), Some(Elem::I16));
        assert_eq!(Elem::narrowest_int(0, u64::MAX.into()), Some(Elem::U64));
        assert_eq!(Elem::narrowest_int(-1, u64::MAX.into()), None);
        assert_eq!(Elem::narrowest_int(i64::MIN.into(), 0), Some(Elem::I64));
    }

    #[test]
    fn binary128_reads_exactly_or_not_at_all() {
        // 1.0 in binary128: exponent 16383, mantissa 0.
        assert_eq!(f128_to_f64_exact(16383u128 << 112), Some(1.0));
        assert_eq!(f128_to_f64_exact((16383u128 << 112) | 1), None);
        assert_eq!(f128_to_f64_exact(1u128 << 127), Some(-0.0));
    }
}

//! Typed arrays (RFC 8746) to Arrow primitive arrays and back.
//!
//! A typed column whose element type is the field's type is brought over
//! with one bulk copy of its payload: the payload sits at an arbitrary
//! offset in the input, and Arrow requires buffers aligned to the element
//! width, so it cannot be borrowed in place. Any other element type is
//! converted element by element, refusing a value the field's type does not
//! hold.

use std::sync::Arc;

use arrow_array::types::{
    ArrowPrimitiveType, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type,
    UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::{Array, ArrayRef, PrimitiveArray};
use arrow_buffer::{Buffer, ScalarBuffer};
use arrow_schema::DataType;
use boring::ext::typed::{element, Elem, Number, TypedKind};

use crate::error::{Error, Result};

/// The Arrow type of a typed-array element; `None` for binary16 and
/// binary128, which are read by conversion.
pub(crate) fn elem_type(elem: Elem) -> Option<DataType> {
    Some(match elem {
        Elem::U8 | Elem::U8Clamped => DataType::UInt8,
        Elem::U16 => DataType::UInt16,
        Elem::U32 => DataType::UInt32,
        Elem::U64 => DataType::UInt64,
        Elem::I8 => DataType::Int8,
        Elem::I16 => DataType::Int16,
        Elem::I32 => DataType::Int32,
        Elem::I64 => DataType::Int64,
        Elem::F32 => DataType::Float32,
        Elem::F64 => DataType::Float64,
        Elem::F16 | Elem::F128 => return None,
    })
}

/// A primitive Arrow type a boring number converts into.
pub(crate) trait Target: ArrowPrimitiveType {
    /// The integer as this type, if it holds it exactly.
    fn from_int(i: i128) -> Option<Self::Native>;
    /// The float as this type, if it holds it exactly (NaN included).
    fn from_float(f: f64) -> Option<Self::Native>;
}

macro_rules! int_target {
    ($($t:ty),*) => {$(
        impl Target for $t {
            fn from_int(i: i128) -> Option<Self::Native> {
                Self::Native::try_from(i).ok()
            }
            fn from_float(_: f64) -> Option<Self::Native> {
                None
            }
        }
    )*};
}
int_target!(
    Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type
);

impl Target for Float32Type {
    fn from_int(i: i128) -> Option<f32> {
        let f = i as f32;
        (f as i128 == i).then_some(f)
    }
    fn from_float(f: f64) -> Option<f32> {
        let g = f as f32;
        (f64::from(g) == f || f.is_nan()).then_some(g)
    }
}

impl Target for Float64Type {
    fn from_int(i: i128) -> Option<f64> {
        let f = i as f64;
        (f as i128 == i).then_some(f)
    }
    fn from_float(f: f64) -> Option<f64> {
        Some(f)
    }
}

/// One number as `T`, if it holds it.
pub(crate) fn convert<T: Target>(n: Number) -> Option<T::Native> {
    match n {
        Number::Int(i) => T::from_int(i),
        Number::Float(f) => T::from_float(f),
    }
}

/// Where a column's values go in errors.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place<'c> {
    pub(crate) column: &'c str,
    pub(crate) data_type: &'c DataType,
}

impl Place<'_> {
    pub(crate) fn out_of_range(&self, row: usize, value: impl ToString) -> Error {
        Error::OutOfRange {
            column: self.column.to_owned(),
            row,
            expected: self.data_type.clone(),
            value: value.to_string(),
        }
    }

    pub(crate) fn mismatch(&self, row: usize, found: impl Into<String>) -> Error {
        Error::Mismatch {
            column: self.column.to_owned(),
            row,
            expected: self.data_type.clone(),
            found: found.into(),
        }
    }
}

fn primitive<T: Target>(kind: TypedKind, payload: &[u8], place: Place<'_>) -> Result<ArrayRef> {
    let width = kind.elem.width();
    let exact = elem_type(kind.elem).as_ref() == Some(&T::DATA_TYPE)
        && kind.little_endian == cfg!(target_endian = "little");
    if exact {
        // The one bulk copy: into an aligned buffer Arrow can own.
        let buffer = Buffer::from_slice_ref(payload);
        let values = ScalarBuffer::<T::Native>::new(buffer, 0, payload.len() / width);
        return Ok(Arc::new(PrimitiveArray::<T>::new(values, None)));
    }
    let mut values = Vec::with_capacity(payload.len() / width);
    for (row, chunk) in payload.chunks_exact(width).enumerate() {
        let n = element(kind, chunk).ok_or_else(|| place.out_of_range(row, "a binary128 value"))?;
        values.push(convert::<T>(n).ok_or_else(|| place.out_of_range(row, show(n)))?);
    }
    Ok(Arc::new(PrimitiveArray::<T>::from_iter_values(values)))
}

pub(crate) fn show(n: Number) -> String {
    match n {
        Number::Int(i) => i.to_string(),
        Number::Float(f) => f.to_string(),
    }
}

/// The typed array `payload` of `kind` as an array of `place.data_type`.
pub(crate) fn typed_to_array(
    kind: TypedKind,
    payload: &[u8],
    place: Place<'_>,
) -> Result<ArrayRef> {
    match place.data_type {
        DataType::Int8 => primitive::<Int8Type>(kind, payload, place),
        DataType::Int16 => primitive::<Int16Type>(kind, payload, place),
        DataType::Int32 => primitive::<Int32Type>(kind, payload, place),
        DataType::Int64 => primitive::<Int64Type>(kind, payload, place),
        DataType::UInt8 => primitive::<UInt8Type>(kind, payload, place),
        DataType::UInt16 => primitive::<UInt16Type>(kind, payload, place),
        DataType::UInt32 => primitive::<UInt32Type>(kind, payload, place),
        DataType::UInt64 => primitive::<UInt64Type>(kind, payload, place),
        DataType::Float32 => primitive::<Float32Type>(kind, payload, place),
        DataType::Float64 => primitive::<Float64Type>(kind, payload, place),
        _ => Err(place.mismatch(0, "a typed array")),
    }
}

/// The elements of a typed array as the narrowest typed array the
/// runtime's writer would choose: `None` when the array has nulls, is
/// empty, is not numeric, or holds integers beyond 64 bits.
pub(crate) fn narrowest(array: &dyn Array) -> Option<(u64, Vec<u8>)> {
    if array.null_count() > 0 || array.is_empty() {
        return None;
    }
    let any = array.as_any();
    macro_rules! ints {
        ($($t:ty),*) => {$(
            if let Some(a) = any.downcast_ref::<PrimitiveArray<$t>>() {
                return ints(a.values().iter().map(|v| i128::from(*v)));
            }
        )*};
    }
    ints!(Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type);
    if let Some(a) = any.downcast_ref::<PrimitiveArray<Float32Type>>() {
        let bytes = a.values().iter().flat_map(|v| v.to_le_bytes()).collect();
        return Some((TypedKind::le_tag(Elem::F32), bytes));
    }
    if let Some(a) = any.downcast_ref::<PrimitiveArray<Float64Type>>() {
        let bytes = a.values().iter().flat_map(|v| v.to_le_bytes()).collect();
        return Some((TypedKind::le_tag(Elem::F64), bytes));
    }
    None
}

fn ints(values: impl Iterator<Item = i128> + Clone) -> Option<(u64, Vec<u8>)> {
    let (min, max) = values
        .clone()
        .fold((i128::MAX, i128::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let elem = Elem::narrowest_int(min, max)?;
    let width = elem.width();
    let mut bytes = Vec::with_capacity(width * values.size_hint().0);
    for v in values {
        // Little-endian two's complement: the low `width` bytes.
        bytes.extend_from_slice(&v.to_le_bytes()[..width]);
    }
    Some((TypedKind::le_tag(elem), bytes))
}

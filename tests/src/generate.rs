//! Proptest strategies for the scalars of generated `Value`s, shared by the
//! property suites.

use std::cmp::Ordering;

use boring::value::data_item_cmp;
use boring::{Float, Value};
use proptest::prelude::*;

/// Integers over the whole wire range, −2^64 … 2^64 − 1, with the head-size
/// boundaries drawn often.
pub fn integer() -> impl Strategy<Value = i128> {
    let edges = prop::sample::select(vec![
        0i128,
        23,
        24,
        255,
        256,
        65_535,
        65_536,
        u32::MAX.into(),
        1 << 32,
        u64::MAX.into(),
        -1,
        -24,
        -25,
        -256,
        -257,
        -(1i128 << 64),
    ]);
    prop_oneof![edges, -(1i128 << 64)..=(1i128 << 64) - 1, -300i128..300]
}

/// Every float width; raw bits, so NaN payloads and signed zeros appear,
/// and values that several widths hold exactly.
pub fn float() -> impl Strategy<Value = Float> {
    prop_oneof![
        any::<u16>().prop_map(Float::F16),
        any::<u32>().prop_map(|b| Float::F32(f32::from_bits(b))),
        any::<u64>().prop_map(|b| Float::F64(f64::from_bits(b))),
        prop::sample::select(vec![
            Float::F16(0x7e00),
            Float::F16(0x7e01),
            Float::F16(0x7c01),
            Float::F32(f32::from_bits(0x7f80_0001)),
            Float::F32(1.5),
            Float::F64(1.5),
            Float::F64(f64::from_bits(0xfff0_0000_0000_0001)),
            Float::F64(-0.0),
            Float::F64(1e300),
        ]),
    ]
}

/// Keeps the first of the items whose keys are the same CBOR data item: the
/// entries of a map, or the elements of a set, without duplicates.
pub fn distinct<T>(items: Vec<T>, key: impl Fn(&T) -> &Value) -> Vec<T> {
    let mut kept: Vec<T> = Vec::with_capacity(items.len());
    for item in items {
        if !kept
            .iter()
            .any(|seen| data_item_cmp(key(seen), key(&item)) == Ordering::Equal)
        {
            kept.push(item);
        }
    }
    kept
}

//! Round trips under every profile that writes tags, over generated
//! values: decoding gives the value back (scale included), a deterministic
//! profile's verifier accepts the bytes, and the bytes are those of the same
//! value held in a `Value`, so the typed writers follow the profiles' rules
//! for tags 2, 3 and 4 exactly as the `Value` writer does.

use bigdecimal::BigDecimal;
use boring::{DecodeOwned, Encode, Profile, Value};
use num_bigint::{BigInt, BigUint, Sign};
use proptest::prelude::*;
use rust_decimal::Decimal;
use uuid::Uuid;

use super::{dec, enc, TAGGED};

/// Encodes `v` under every tagged profile and decodes it back, checking the
/// bytes against the `Value` writer's; returns the decoded values.
fn round_trips<T>(v: &T) -> Result<Vec<T>, TestCaseError>
where
    T: Encode + DecodeOwned,
{
    let value = boring::to_value(v).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut back = Vec::new();
    for profile in TAGGED {
        let bytes = enc(v, profile);
        prop_assert_eq!(&bytes, &enc(&value, profile), "{:?}", profile);
        let decoded = dec::<T>(&bytes, profile);
        back.push(decoded.map_err(|e| TestCaseError::fail(format!("{profile:?}: {e}")))?);
    }
    Ok(back)
}

/// Integers of every size, weighted towards the edges of the plain range
/// (±2^62 for mantissas, ±2^64 for integers).
fn bigint() -> impl Strategy<Value = BigInt> {
    let edges = (
        prop::sample::select(vec![62u32, 63, 64, 65, 96, 127, 128]),
        -2i64..=2,
        any::<bool>(),
    )
        .prop_map(|(bits, delta, negative)| {
            let v = (BigInt::from(1u8) << bits) + delta;
            if negative {
                -v
            } else {
                v
            }
        });
    prop_oneof![
        any::<i64>().prop_map(BigInt::from),
        any::<i128>().prop_map(BigInt::from),
        edges,
        (any::<bool>(), prop::collection::vec(any::<u8>(), 0..48)).prop_map(|(neg, bytes)| {
            BigInt::from_bytes_be(if neg { Sign::Minus } else { Sign::Plus }, &bytes)
        }),
    ]
}

/// The CBOR magnitude of `v`: `v`, or `−1 − v` for a negative.
fn cbor_magnitude(v: &BigInt) -> BigInt {
    if v.sign() == Sign::Minus {
        -v - 1
    } else {
        v.clone()
    }
}

/// The second part of a decimal fraction held in a `Value`.
fn mantissa_of(v: &Value) -> Value {
    let Value::Tag(4, parts) = v else {
        panic!("not a decimal: {v:?}")
    };
    parts.as_array().expect("parts")[1].clone()
}

proptest! {
    #[test]
    fn uuids(bytes in any::<[u8; 16]>()) {
        let id = Uuid::from_bytes(bytes);
        for back in round_trips(&id)? {
            prop_assert_eq!(back, id);
        }
    }

    #[test]
    fn bigints(v in bigint()) {
        for back in round_trips(&v)? {
            prop_assert_eq!(&back, &v);
        }
        // Always a bignum, as the reference writes big integers; written
        // shortest, a plain integer exactly in the CBOR range.
        prop_assert!(matches!(boring::to_value(&v).unwrap(), Value::Tag(2 | 3, _)));
        let plain = cbor_magnitude(&v).bits() <= 64;
        let canonical = enc(&v, Profile::Canonical);
        prop_assert_eq!(canonical[0] >> 5 <= 1, plain);
    }

    #[test]
    fn biguints(v in bigint().prop_map(|v| v.into_parts().1)) {
        for back in round_trips(&v)? {
            prop_assert_eq!(&back, &v);
        }
        prop_assert!(matches!(boring::to_value(&v).unwrap(), Value::Tag(2, _)));
        let plain = v.bits() <= 64;
        prop_assert_eq!(enc(&v, Profile::Canonical)[0] >> 5 == 0, plain);
        prop_assert_eq!(boring::to_value(&v).unwrap(), boring::to_value(&BigInt::from(v)).unwrap());
    }

    #[test]
    fn rust_decimals(
        mantissa in prop_oneof![
            -1000i128..1000,
            ((1i128 << 62) - 2)..((1i128 << 62) + 2),
            (-(1i128 << 62) - 2)..(-(1i128 << 62) + 2),
            -((1i128 << 96) - 1)..=((1i128 << 96) - 1),
        ],
        scale in 0u32..=28,
    ) {
        let d = Decimal::from_i128_with_scale(mantissa, scale);
        for back in round_trips(&d)? {
            prop_assert_eq!((back.mantissa(), back.scale()), (mantissa, scale));
        }
        let plain = (-(1i128 << 62)..(1i128 << 62)).contains(&mantissa);
        let written = mantissa_of(&boring::to_value(&d).unwrap());
        prop_assert_eq!(matches!(written, Value::Integer(_)), plain);
        // BigDecimal writes the same decimal with the same bytes.
        let same = BigDecimal::new(mantissa.into(), scale.into());
        for profile in super::TAGGED {
            prop_assert_eq!(enc(&same, profile), enc(&d, profile));
        }
    }

    #[test]
    fn bigdecimals(
        digits in bigint(),
        scale in prop_oneof![-40i64..40, -(i64::from(i32::MAX))..=(1i64 << 31)],
    ) {
        let d = BigDecimal::new(digits.clone(), scale);
        for back in round_trips(&d)? {
            prop_assert_eq!(back.as_bigint_and_exponent(), (digits.clone(), scale));
        }
        let plain = digits.bits() <= 62 || digits == -(BigInt::from(1u8) << 62u32);
        let written = mantissa_of(&boring::to_value(&d).unwrap());
        prop_assert_eq!(matches!(written, Value::Integer(_)), plain);
    }
}

/// The plain range of a decimal's mantissa is −2^62 ≤ m < 2^62: both edges.
#[test]
fn mantissa_edges() {
    let edge = BigInt::from(1u8) << 62u32;
    for (m, plain) in [
        (-&edge, true),
        (-&edge - 1, false),
        (&edge - 1, true),
        (edge.clone(), false),
    ] {
        let written = mantissa_of(&boring::to_value(&BigDecimal::new(m.clone(), 0)).unwrap());
        assert_eq!(matches!(written, Value::Integer(_)), plain, "{m}");
    }
    let unsigned: BigUint = BigUint::from(1u32) << 64u32;
    assert_eq!(enc(&unsigned, boring::Profile::Interop)[..2], [0xc2, 0x49]);
}

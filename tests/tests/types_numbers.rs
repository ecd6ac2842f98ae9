//! Numbers and identifiers of other crates (features `uuid`,
//! `rust_decimal`, `bigdecimal`, `num-bigint`): the reference's golden
//! bytes, derived fields, `Value` conversion and CTAP2's refusal of tags
//! here; the read forms and errors in `forms`, the round-trip properties in
//! `props`.

#[path = "types_numbers/forms.rs"]
mod forms;
#[path = "types_numbers/props.rs"]
mod props;

use bigdecimal::BigDecimal;
use boring::Value;
use boring::{Boring, DecodeOwned, Encode, ErrorKind, Options, PathSegment, Profile, Tagged};
use boring_tests::{hex, load_rows, to_hex};
use num_bigint::{BigInt, BigUint};
use rust_decimal::Decimal;
use uuid::Uuid;

pub use boring_tests::profiles::{dec, enc, fails, TAGGED};

/// The reference's bytes for golden vector `label`.
fn golden(label: &str) -> Vec<u8> {
    load_rows("golden.json")
        .into_iter()
        .find(|row| row.str("label").as_deref() == Some(label))
        .unwrap_or_else(|| panic!("no golden vector {label}"))
        .bytes()
}

/// Asserts `v` writes `label`'s bytes under `profile` and reads back equal.
#[track_caller]
fn matches_golden<T>(v: &T, label: &str, profile: Profile)
where
    T: Encode + DecodeOwned + PartialEq + std::fmt::Debug,
{
    let expected = golden(label);
    assert_eq!(to_hex(&enc(v, profile)), to_hex(&expected), "{label}");
    assert_eq!(&dec::<T>(&expected, profile).unwrap(), v, "{label}");
}

fn two_pow_64() -> BigInt {
    BigInt::from(u64::MAX) + 1
}

#[test]
fn golden_uuid() {
    let id = Uuid::from_u128(0x9682952b_fafa_4b41_8e4a_31ae948d6f08);
    matches_golden(&id, "uuid", Profile::Default);
    assert!(golden("uuid").starts_with(&hex("d90100 d825 50")));
    // Another writer may reference a repeated UUID's bytes (tag 25).
    let twice = hex("d90100 82 d825 50 9682952bfafa4b418e4a31ae948d6f08 d825 d819 00");
    let read: Vec<Uuid> = boring::from_slice(&twice).unwrap();
    assert_eq!(read, [id, id]);
}

#[test]
fn golden_bignums() {
    matches_golden(&two_pow_64(), "bigint-huge", Profile::Default);
    matches_golden(&(-two_pow_64() - 1), "bigint-neg", Profile::Default);
    let unsigned: BigUint = two_pow_64().try_into().unwrap();
    matches_golden(&unsigned, "bigint-huge", Profile::Default);
    // The canonical profile writes 255 as a plain integer; the others keep
    // the reference's bignum even when small.
    matches_golden(&BigInt::from(255), "canonical-bignum", Profile::Canonical);
    matches_golden(
        &BigUint::from(255u32),
        "canonical-bignum",
        Profile::Canonical,
    );
    for profile in TAGGED {
        let shortest =
            Options::from(profile).resolve().unwrap().float_policy == boring::FloatPolicy::Shortest;
        let tail: &[u8] = if shortest {
            &[0x18, 0xff]
        } else {
            &[0xc2, 0x41, 0xff]
        };
        assert!(
            enc(&BigInt::from(255), profile).ends_with(tail),
            "{profile:?}"
        );
    }
    // The reference's own examples: 5N, 0N, -1N.
    let default = |v: i64| enc(&BigInt::from(v), Profile::Default);
    assert_eq!(default(5), hex("d90100 c2 41 05"));
    assert_eq!(default(0), hex("d90100 c2 41 00"));
    assert_eq!(default(-1), hex("d90100 c3 41 00"));
    // A ratio's parts are plain integers while they fit (the reference's
    // tag-30 rule), not big integers: machine integers write them.
    let ratio = Tagged::<30, (i64, i64)>((22, 7));
    matches_golden(&ratio, "ratio", Profile::Default);
}

#[test]
fn golden_decimals() {
    matches_golden(
        &Decimal::from_i128_with_scale(150, 2),
        "bigdec-1.50M",
        Profile::Default,
    );
    matches_golden(
        &Decimal::from_i128_with_scale(15, 1),
        "bigdec-1.5M",
        Profile::Default,
    );
    matches_golden(
        &BigDecimal::new(150.into(), 2),
        "bigdec-1.50M",
        Profile::Default,
    );
    matches_golden(
        &BigDecimal::new(15.into(), 1),
        "bigdec-1.5M",
        Profile::Default,
    );
    // Scale is kept: 1.50 and 1.5 are equal numbers with different bytes.
    assert_ne!(
        enc(&Decimal::from_i128_with_scale(150, 2), Profile::Interop),
        enc(&Decimal::from_i128_with_scale(15, 1), Profile::Interop)
    );
}

#[test]
fn reference_decimal_examples() {
    // 1E+3: a positive exponent, kept by BigDecimal.
    let thousand = BigDecimal::new(1.into(), -3);
    assert_eq!(enc(&thousand, Profile::Interop), hex("c4 82 03 01"));
    let back: BigDecimal = dec(&hex("c4 82 03 01"), Profile::Interop).unwrap();
    assert_eq!(back.as_bigint_and_exponent(), (1.into(), -3));
    // rust_decimal has no negative scale: the same number, scale 0.
    let back: Decimal = dec(&hex("c4 82 03 01"), Profile::Interop).unwrap();
    assert_eq!((back.mantissa(), back.scale()), (1000, 0));
    // A mantissa from 2^62 on is a bignum in every profile, canonical too
    // (12345678901234567890.5).
    let expected = hex("c4 82 20 c2 49 06b14e9f812f366c39");
    let big = BigDecimal::new("123456789012345678905".parse().unwrap(), 1);
    let small = Decimal::from_i128_with_scale(123_456_789_012_345_678_905, 1);
    for profile in [Profile::Interop, Profile::Archival, Profile::Canonical] {
        assert_eq!(enc(&big, profile), expected, "{profile:?}");
        assert_eq!(enc(&small, profile), expected, "{profile:?}");
    }
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Order {
    id: Uuid,
    price: Decimal,
    total: BigDecimal,
    count: BigInt,
    units: BigUint,
}

fn order() -> Order {
    Order {
        id: Uuid::from_u128(1),
        price: Decimal::from_i128_with_scale(150, 2),
        total: BigDecimal::new(1.into(), -3),
        count: two_pow_64(),
        units: BigUint::from(255u32),
    }
}

#[test]
fn derived_fields() {
    let bytes = enc(&order(), Profile::Interop);
    let expected = hex("a5 62'id' d825 50 00000000000000000000000000000001
            65'price' c4 82 21 1896  65'total' c4 82 03 01
            65'count' c2 49 010000000000000000  65'units' c2 41 ff"
        .replace("'id'", "6964")
        .replace("'price'", "7072696365")
        .replace("'total'", "746f74616c")
        .replace("'count'", "636f756e74")
        .replace("'units'", "756e697473")
        .as_str());
    assert_eq!(to_hex(&bytes), to_hex(&expected));
    for profile in TAGGED {
        let bytes = enc(&order(), profile);
        assert_eq!(
            dec::<Order>(&bytes, profile).unwrap(),
            order(),
            "{profile:?}"
        );
    }
    // A 17-byte UUID in a field: the error names the field and the tag.
    let mut bad = hex("a1 62 6964 d825 51");
    bad.extend([0u8; 17]);
    let err = boring::from_slice::<Order>(&bad).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadTagContent { tag: 37 });
    assert_eq!(err.offset(), Some(4));
    assert_eq!(err.path(), [PathSegment::Field("id")]);
}

#[test]
fn value_conversion() {
    let id = Uuid::from_u128(0x0102);
    let v = boring::to_value(&id).unwrap();
    assert_eq!(v, Value::tag(37, Value::Bytes(id.as_bytes().to_vec())));
    assert_eq!(boring::from_value::<Uuid>(&v).unwrap(), id);

    let price = Decimal::from_i128_with_scale(150, 2);
    let v = boring::to_value(&price).unwrap();
    assert_eq!(
        v,
        boring::from_slice::<Value>(&hex("c4 82 21 1896")).unwrap()
    );
    let back: Decimal = boring::from_value(&v).unwrap();
    assert_eq!((back.mantissa(), back.scale()), (150, 2));
    let back: BigDecimal = boring::from_value(&v).unwrap();
    assert_eq!(back.as_bigint_and_exponent(), (150.into(), 2));

    let big = -two_pow_64() - 1;
    let v = boring::to_value(&big).unwrap();
    assert_eq!(
        v,
        boring::from_slice::<Value>(&hex("c3 49 010000000000000000")).unwrap()
    );
    assert_eq!(boring::from_value::<BigInt>(&v).unwrap(), big);
    assert_eq!(
        boring::to_value(&BigInt::from(-5)).unwrap(),
        Value::tag(3, Value::Bytes(vec![4]))
    );
    assert_eq!(
        boring::from_value::<BigUint>(&Value::from(7)).unwrap(),
        7u32.into()
    );

    let v = boring::to_value(&order()).unwrap();
    assert_eq!(boring::from_value::<Order>(&v).unwrap(), order());
}

#[test]
fn ctap2_refuses_tags() {
    let ctap2 = Options::from(Profile::Ctap2);
    let refused = ErrorKind::Unencodable("CTAP2 canonical form has no tags");
    fails(
        boring::to_vec_with(&Uuid::nil(), &ctap2),
        refused.clone(),
        0,
    );
    fails(
        boring::to_vec_with(&Decimal::ONE, &ctap2),
        refused.clone(),
        0,
    );
    fails(
        boring::to_vec_with(&BigDecimal::from(1), &ctap2),
        refused.clone(),
        0,
    );
    fails(
        boring::to_vec_with(&two_pow_64(), &ctap2),
        refused.clone(),
        0,
    );
    let units: BigUint = two_pow_64().try_into().unwrap();
    fails(boring::to_vec_with(&units, &ctap2), refused.clone(), 0);
    // Inside a container the offset is where the tag would have gone.
    fails(boring::to_vec_with(&order(), &ctap2), refused, 4);
    // CTAP2 keeps widths, so even a small big integer is a bignum: refused.
    assert!(boring::to_vec_with(&BigInt::from(-1), &ctap2).is_err());
    assert!(boring::to_vec_with(&BigUint::from(7u8), &ctap2).is_err());
}

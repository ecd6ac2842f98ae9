//! Every form the standard allows for these types is read, and every
//! refusal is a typed error with its offset.

use bigdecimal::BigDecimal;
use boring::{Error, ErrorKind, Options};
use boring_tests::hex;
use num_bigint::{BigInt, BigUint};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::fails;

fn read<T: boring::DecodeOwned>(text: &str) -> Result<T, Error> {
    boring::from_slice(&hex(text))
}

/// A decimal read as rust_decimal's (mantissa, scale).
fn small(text: &str) -> Result<(i128, u32), Error> {
    read::<Decimal>(text).map(|d| (d.mantissa(), d.scale()))
}

/// A decimal read as BigDecimal's (digits, scale).
fn big(text: &str) -> Result<(BigInt, i64), Error> {
    read::<BigDecimal>(text).map(|d| d.as_bigint_and_exponent())
}

fn out_of_range(value: &str, target: &'static str) -> ErrorKind {
    ErrorKind::OutOfRange {
        value: value.into(),
        target,
    }
}

#[test]
fn uuid_forms() {
    let id = Uuid::from_u128(0x00112233_4455_6677_8899_aabbccddeeff);
    for text in [
        "d825 50 00112233445566778899aabbccddeeff",
        // Chunked, and inside the default profile's namespace.
        "d825 5f 4400112233 4c445566778899aabbccddeeff ff",
        "d90100 d825 50 00112233445566778899aabbccddeeff",
    ] {
        assert_eq!(read::<Uuid>(text).unwrap(), id, "{text}");
    }
}

#[test]
fn uuid_errors() {
    let bad = |tag| ErrorKind::BadTagContent { tag };
    fails(
        read::<Uuid>(&format!("d825 51 {}", "00".repeat(17))),
        bad(37),
        0,
    );
    fails(
        read::<Uuid>(&format!("d90100 d825 4f {}", "00".repeat(15))),
        bad(37),
        3,
    );
    fails(read::<Uuid>("d825 40"), bad(37), 0);
    fails(read::<Uuid>("d825 6161"), bad(37), 0);
    fails(
        read::<Uuid>(&format!("50 {}", "00".repeat(16))),
        wrong(37, None),
        0,
    );
    fails(
        read::<Uuid>(&format!("d826 50 {}", "00".repeat(16))),
        wrong(37, Some(38)),
        0,
    );
    fails(read::<Uuid>("d825 51 00"), ErrorKind::BadCount, 2);
}

fn wrong(expected: u64, found: Option<u64>) -> ErrorKind {
    ErrorKind::WrongTag { expected, found }
}

#[test]
fn decimal_forms() {
    let cases: &[(&str, i64, &str)] = &[
        // (bytes, mantissa, −exponent)
        ("c4 82 21 1896", 150, "2"),
        ("c4 82 20 0f", 15, "1"),
        ("c4 82 00 00", 0, "0"),
        ("c4 82 20 2e", -15, "1"),
        // A mantissa as a bignum, however small, leading zeros and all.
        ("c4 82 21 c2 42 0096", 150, "2"),
        ("c4 82 21 c3 41 95", -150, "2"),
        ("c4 82 21 c2 40", 0, "2"),
        // A chunked bignum, an indefinite array, non-shortest heads.
        ("c4 82 21 c2 5f 41 00 41 96 ff", 150, "2"),
        ("c4 9f 21 1896 ff", 150, "2"),
        ("c4 82 3a 00000001 1a 00000096", 150, "2"),
        // Inside the default profile's namespace.
        ("d90100 c4 82 21 1896", 150, "2"),
    ];
    for &(text, mantissa, scale) in cases {
        let scale: u32 = scale.parse().unwrap();
        assert_eq!(small(text).unwrap(), (mantissa.into(), scale), "{text}");
        assert_eq!(
            big(text).unwrap(),
            (mantissa.into(), scale.into()),
            "{text}"
        );
    }
    // Positive exponents: BigDecimal keeps them, rust_decimal multiplies.
    assert_eq!(big("c4 82 03 01").unwrap(), (1.into(), -3));
    assert_eq!(small("c4 82 03 01").unwrap(), (1000, 0));
    assert_eq!(small("c4 82 03 00").unwrap(), (0, 0));
    assert_eq!(small("c4 82 18 1c 01").unwrap(), (10i128.pow(28), 0));
    // The whole exponent range, for BigDecimal.
    assert_eq!(big("c4 82 3a 7fffffff 01").unwrap(), (1.into(), 1 << 31));
    assert_eq!(
        big("c4 82 1a 7fffffff 01").unwrap(),
        (1.into(), -(1 << 31) + 1)
    );
    // Long mantissas, for BigDecimal.
    let digits = format!("01{}", "00".repeat(40));
    let expected = BigInt::from(1u8) << 320u32;
    assert_eq!(
        big(&format!("c4 82 20 c2 58 29 {digits}")).unwrap(),
        (expected.clone(), 1)
    );
    assert_eq!(
        big(&format!("c4 82 20 c3 58 29 {digits}")).unwrap(),
        (-expected - 1, 1)
    );
    // rust_decimal's limits, exactly: 96-bit mantissas and scale 28; a
    // larger scale when trailing zeros bring it down without rounding.
    let max = (1i128 << 96) - 1;
    assert_eq!(
        small("c4 82 38 1b c2 4c ffffffffffffffffffffffff").unwrap(),
        (max, 28)
    );
    assert_eq!(
        small("c4 82 38 1b c3 4c fffffffffffffffffffffffe").unwrap(),
        (-max, 28)
    );
    assert_eq!(small("c4 82 38 1c 0a").unwrap(), (1, 28));
    assert_eq!(small("c4 82 38 1d 1864").unwrap(), (1, 28));
    assert_eq!(small("c4 82 3a 7fffffff 00").unwrap(), (0, 28));
}

#[test]
fn decimal_errors() {
    let bad = |tag| ErrorKind::BadTagContent { tag };
    // A bigfloat (tag 5) is not a decimal fraction.
    fails(small("c5 82 20 03"), wrong(4, Some(5)), 0);
    fails(big("c5 82 20 03"), wrong(4, Some(5)), 0);
    fails(small("82 21 1896"), wrong(4, None), 0);
    fails(big("d90100 1896"), wrong(4, None), 3);
    for text in [
        "c4 01",
        "c4 81 21",
        "c4 83 21 1896 00",
        "c4 80",
        // The exponent: a plain integer of 32 bits, not a bignum or a float.
        "c4 82 1a 80000000 01",
        "c4 82 3a 80000000 01",
        "c4 82 c2 41 01 01",
        "c4 82 f9 3c00 01",
        // The mantissa: an integer or a bignum.
        "c4 82 21 f9 3c00",
        "c4 82 21 6131",
        "c4 82 21 c4 82 00 01",
    ] {
        fails(small(text), bad(4), 0);
        fails(big(text), bad(4), 0);
    }
    fails(big("d90100 c4 9f 21 1896 00 ff"), bad(4), 3);
    // A bignum mantissa over something else than bytes.
    fails(big("c4 82 21 c2 6131"), bad(2), 3);
    fails(small("c4 82 21 c3 80"), bad(3), 3);
    fails(big("c4 82 21 c2 42 00"), ErrorKind::BadCount, 4);
    // What rust_decimal cannot hold is out of range, never rounded.
    let target = "rust_decimal::Decimal";
    fails(
        small("c4 82 38 1c c2 4d 01000000000000000000000000"),
        out_of_range("79228162514264337593543950336e-29", target),
        0,
    );
    fails(small("c4 82 38 1c 01"), out_of_range("1e-29", target), 0);
    fails(
        small("c4 82 38 1d 1865"),
        out_of_range("101e-30", target),
        0,
    );
    fails(
        small("c4 82 01 c2 4c ffffffffffffffffffffffff"),
        out_of_range("79228162514264337593543950335e1", target),
        0,
    );
    fails(small("c4 82 18 27 01"), out_of_range("1e39", target), 0);
    let long = format!("c4 82 20 c3 58 29 01{}", "00".repeat(40));
    fails(
        small(&long),
        out_of_range("(a negative bignum of 41 bytes)e-1", target),
        0,
    );
    fails(
        small(&format!("d90100 {long}")),
        out_of_range("(a negative bignum of 41 bytes)e-1", target),
        3,
    );
}

#[test]
fn bigdecimal_refuses_exponents_beyond_32_bits() {
    let opts = Options::from(boring::Profile::Interop);
    let refused = ErrorKind::Unencodable("a decimal exponent outside the 32-bit range");
    let too_small = BigDecimal::new(1.into(), (1 << 31) + 1);
    fails(boring::to_vec_with(&too_small, &opts), refused.clone(), 0);
    let too_large = BigDecimal::new(1.into(), -(1 << 31));
    fails(boring::to_vec_with(&[too_large], &opts), refused, 1);
    let edge = BigDecimal::new(1.into(), 1 << 31);
    assert_eq!(
        boring::to_vec_with(&edge, &opts).unwrap(),
        hex("c4 82 3a 7fffffff 01")
    );
}

#[test]
fn integer_forms() {
    let cases: &[(&str, i128)] = &[
        ("00", 0),
        ("20", -1),
        ("1b ffffffffffffffff", u64::MAX.into()),
        ("3b ffffffffffffffff", -(1i128 << 64)),
        // Bignums of the plain range: the reference's preserve-width form.
        ("c2 41 05", 5),
        ("c2 41 00", 0),
        ("c2 40", 0),
        ("c3 40", -1),
        ("c3 41 00", -1),
        ("c2 43 000001", 1),
        ("c2 5f 41 01 41 00 ff", 256),
        ("d90100 c2 49 010000000000000000", 1 << 64),
        ("d90100 18ff", 255),
        ("1a 000000ff", 255),
    ];
    for &(text, v) in cases {
        assert_eq!(read::<BigInt>(text).unwrap(), BigInt::from(v), "{text}");
        if let Ok(u) = u128::try_from(v) {
            assert_eq!(read::<BigUint>(text).unwrap(), BigUint::from(u), "{text}");
        }
    }
    // A stringref namespace around an integer that is not the document.
    let nested = read::<Vec<BigInt>>("81 d90100 c2 49 010000000000000000").unwrap();
    assert_eq!(nested, [BigInt::from(1u8) << 64u32]);
    let nested = read::<Vec<BigUint>>("82 d90100 05 d90100 d90100 00").unwrap();
    assert_eq!(nested, [BigUint::from(5u8), BigUint::from(0u8)]);
    // Any length.
    let digits = format!("01{}", "00".repeat(200));
    let expected = BigInt::from(1u8) << 1600u32;
    assert_eq!(
        read::<BigInt>(&format!("c2 58 c9 {digits}")).unwrap(),
        expected
    );
    assert_eq!(
        read::<BigInt>(&format!("c3 58 c9 {digits}")).unwrap(),
        -&expected - 1
    );
    let unsigned = read::<BigUint>(&format!("c2 58 c9 {digits}")).unwrap();
    assert_eq!(BigInt::from(unsigned), expected);
}

#[test]
fn integer_errors() {
    fails(
        read::<BigUint>("20"),
        out_of_range("-1", "num_bigint::BigUint"),
        0,
    );
    fails(
        read::<BigUint>("c3 40"),
        out_of_range("-1", "num_bigint::BigUint"),
        0,
    );
    let long = format!("c3 51 {}", "ff".repeat(17));
    let value = "a negative bignum of 17 bytes";
    fails(
        read::<BigUint>(&long),
        out_of_range(value, "num_bigint::BigUint"),
        0,
    );
    fails(
        read::<BigUint>(&format!("d90100 {long}")),
        out_of_range(value, "num_bigint::BigUint"),
        3,
    );
    let text = ErrorKind::UnexpectedType {
        expected: "integer",
        found: "text string",
    };
    fails(read::<BigInt>("6131"), text, 0);
    let float = ErrorKind::UnexpectedType {
        expected: "integer",
        found: "float",
    };
    fails(read::<BigUint>("f9 3c00"), float, 0);
    fails(
        read::<BigInt>("c4 82 00 01"),
        ErrorKind::UnexpectedType {
            expected: "integer",
            found: "tag",
        },
        0,
    );
    fails(
        read::<BigInt>("c2 6131"),
        ErrorKind::BadTagContent { tag: 2 },
        0,
    );
    fails(
        read::<BigUint>("82 c3 01"),
        ErrorKind::UnexpectedType {
            expected: "integer",
            found: "array",
        },
        0,
    );
    fails(read::<BigInt>("c2 49 0100"), ErrorKind::BadCount, 1);
    // A bignum's bytes count against the output budget.
    let opts = Options::default().max_output_bytes(Some(100));
    let bytes = hex(&format!("c2 59 00c8 {}", "ff".repeat(200)));
    fails(
        boring::from_slice_with::<BigInt>(&bytes, &opts),
        ErrorKind::LimitExceeded,
        204,
    );
    fails(
        boring::from_slice_with::<BigUint>(&bytes, &opts),
        ErrorKind::LimitExceeded,
        204,
    );
}

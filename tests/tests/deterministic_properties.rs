//! Every deterministic profile's output passes that profile's own
//! `verify_deterministic`, over generated values: bignums with leading zero
//! bytes and of every length, decimals, floats of every width, sets and
//! nested maps.

use boring::{ErrorKind, Options, Profile, Value};
use boring_tests::generate::{distinct, float, integer};
use boring_tests::{hex, to_hex};
use proptest::prelude::*;

const DETERMINISTIC: [Profile; 4] = [
    Profile::Archival,
    Profile::Canonical,
    Profile::CanonicalRfc7049,
    Profile::Ctap2,
];

/// Tag 2 or 3 over a magnitude of up to 17 significant bytes behind up to
/// three zero bytes: empty, fitting 64 bits, at the 2^62 and 2^64 seams,
/// and beyond.
fn bignum() -> impl Strategy<Value = Value> {
    let seams = prop::sample::select(vec![
        vec![],
        vec![0x40, 0, 0, 0, 0, 0, 0, 0],
        vec![0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        vec![0xff; 8],
        vec![1, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    let magnitude = prop_oneof![seams, prop::collection::vec(any::<u8>(), 0..17)];
    (any::<bool>(), 0usize..4, magnitude).prop_map(|(negative, zeros, magnitude)| {
        let mut digits = vec![0; zeros];
        digits.extend(magnitude);
        Value::tag(if negative { 3 } else { 2 }, Value::Bytes(digits))
    })
}

/// Tag 4 over `[exponent, mantissa]`, the mantissa an integer or a bignum.
fn decimal() -> impl Strategy<Value = Value> {
    let mantissa = prop_oneof![integer().prop_map(Value::Integer), bignum()];
    (-30i128..30, mantissa).prop_map(|(exponent, mantissa)| {
        Value::Tag(
            4,
            Box::new(Value::Array(
                vec![Value::Integer(exponent), mantissa].into(),
            ))
            .into(),
        )
    })
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        integer().prop_map(Value::Integer),
        float().prop_map(Value::Float),
        "\\PC{0,8}".prop_map(Value::Text),
        prop::collection::vec(any::<u8>(), 0..6).prop_map(Value::Bytes),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
        Just(Value::Undefined),
        bignum(),
        decimal(),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::vec((inner.clone(), inner.clone()), 0..5)
                .prop_map(|entries| Value::Map(distinct(entries, |(k, _)| k).into())),
            prop::collection::vec(inner.clone(), 0..5).prop_map(|items| {
                let items = distinct(items, |v| v);
                Value::Tag(258, Box::new(Value::Array(items.into())).into())
            }),
            // Above 1004: tags 1002 (duration) and 1004 (date) have content
            // rules that arbitrary content breaks, and the encoder writes a
            // `Value` as it is.
            (1005u64..2000, inner).prop_map(|(t, v)| Value::tag(t, v)),
        ]
    })
}

/// Encodes `value` under `profile` and checks the bytes against the
/// profile's own verifier; also that they are a fixed point (decoding and
/// re-encoding gives them back). `Ok(false)` when the profile rightly
/// refuses the value: two keys or set elements that its form writes alike
/// (`1.5` at two widths, a bignum and the integer it reduces to), or a tag
/// under CTAP2.
fn verifies(value: &Value, profile: Profile) -> Result<bool, String> {
    let bytes = match boring::to_vec_with(value, &Options::from(profile)) {
        Ok(bytes) => bytes,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DuplicateKey => Ok(false),
                ErrorKind::Unencodable(_) if profile == Profile::Ctap2 => Ok(false),
                _ => Err(format!("{profile:?} refused to encode: {e}")),
            }
        }
    };
    let strict = Options::from(profile).verify_deterministic(true);
    let back: Value = boring::from_slice_with(&bytes, &strict)
        .map_err(|e| format!("{profile:?} refused its own {}: {e}", to_hex(&bytes)))?;
    let again = boring::to_vec_with(&back, &Options::from(profile))
        .map_err(|e| format!("{profile:?} cannot re-encode: {e}"))?;
    if again != bytes {
        return Err(format!(
            "{profile:?}: {} re-encodes as {}",
            to_hex(&bytes),
            to_hex(&again)
        ));
    }
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_deterministic_profile_output_verifies(v in value()) {
        for profile in DETERMINISTIC {
            if let Err(message) = verifies(&v, profile) {
                prop_assert!(false, "{}", message);
            }
        }
    }
}

/// Most generated values are written, so the property checks output, not
/// refusals.
#[test]
fn the_generated_values_mostly_encode() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut written = 0;
    for _ in 0..200 {
        let v = value().new_tree(&mut runner).expect("a value").current();
        if verifies(&v, Profile::Canonical) == Ok(true) {
            written += 1;
        }
    }
    assert!(written > 150, "only {written} of 200 written");
}

#[test]
fn a_bignum_with_leading_zeros_is_written_shortest() {
    // 2^64 with a leading zero byte: one Canonical form, nine bytes.
    let v: Value = boring::from_slice(&hex("c24a00010000000000000000")).expect("decodes");
    for profile in [
        Profile::Canonical,
        Profile::CanonicalRfc7049,
        Profile::Archival,
    ] {
        let bytes = boring::to_vec_with(&v, &Options::from(profile)).expect("encodes");
        assert_eq!(to_hex(&bytes), "c249010000000000000000", "{profile:?}");
    }
    // Fitting 64 bits, it is an integer where floats are shortest and stays
    // a bignum, without its zeros, where they keep their width.
    let small: Value = boring::from_slice(&hex("c34a00000000000000000005")).expect("decodes");
    let canonical = boring::to_vec_with(&small, &Options::from(Profile::Canonical));
    assert_eq!(canonical.map(|b| to_hex(&b)).ok().as_deref(), Some("25"));
    let archival = boring::to_vec_with(&small, &Options::from(Profile::Archival));
    assert_eq!(archival.map(|b| to_hex(&b)).ok().as_deref(), Some("c34105"));
    // Zero is the empty magnitude.
    let zero = boring::to_vec_with(&Value::big_integer(0), &Options::from(Profile::Archival));
    assert_eq!(zero.map(|b| to_hex(&b)).ok().as_deref(), Some("c240"));
    // The default profile keeps what it read, as the reference does.
    let default = boring::to_vec_with(&v, &Options::from(Profile::Interop));
    assert_eq!(
        default.map(|b| to_hex(&b)).ok().as_deref(),
        Some("c24a00010000000000000000")
    );
}

#[test]
fn a_decimal_mantissa_is_a_bignum_from_2_pow_62() {
    // The reference writes a decimal's mantissa as a bignum outside
    // ±2^62, even where it fits 64 bits; the verifier accepts that form.
    let big = Value::decimal(0, 1i128 << 62);
    let bytes = boring::to_vec_with(&big, &Options::from(Profile::Canonical)).expect("encodes");
    assert_eq!(to_hex(&bytes), "c48200c2484000000000000000");
    let strict = Options::from(Profile::Canonical).verify_deterministic(true);
    assert!(boring::from_slice_with::<Value>(&bytes, &strict).is_ok());
    // Below 2^62 a bignum mantissa is reduced, and its bignum form refused.
    let small = Value::Tag(
        4,
        Box::new(Value::Array(
            vec![Value::Integer(0), Value::tag(2, Value::Bytes(vec![0, 5]))].into(),
        ))
        .into(),
    );
    let bytes = boring::to_vec_with(&small, &Options::from(Profile::Canonical)).expect("encodes");
    assert_eq!(to_hex(&bytes), "c4820005");
    let err = boring::from_slice_with::<Value>(&hex("c48200c24105"), &strict).expect_err("small");
    assert_eq!(
        *err.kind(),
        ErrorKind::NotDeterministic {
            rule: "bignum that fits 64 bits written as an integer"
        }
    );
}

//! `verify_deterministic`: input not written exactly as a deterministic
//! profile writes it is refused, naming the rule broken and its offset; and
//! the CTAP2 profile's key order.

use std::collections::BTreeMap;

use boring::{ErrorKind, Options, Profile, Value};
use boring_tests::hex;

fn strict(profile: Profile) -> Options {
    Options::from(profile).verify_deterministic(true)
}

fn rule(bytes: &str, profile: Profile) -> (&'static str, usize) {
    let err = boring::from_slice_with::<Value>(&hex(bytes), &strict(profile)).expect_err(bytes);
    match err.kind() {
        ErrorKind::NotDeterministic { rule } => (rule, err.offset().expect("placed")),
        other => panic!("{bytes}: expected a determinism error, got {other:?}"),
    }
}

#[test]
fn each_rule_is_named_with_its_offset() {
    use Profile::*;
    assert_eq!(rule("1817", Canonical), ("shortest head", 0));
    assert_eq!(rule("82 00 190017", Archival), ("shortest head", 2));
    assert_eq!(rule("5f 4101 ff", Canonical), ("definite lengths only", 0));
    assert_eq!(rule("9f ff", Ctap2), ("definite lengths only", 0));
    assert_eq!(rule("a2 02 00 01 00", Canonical), ("key order", 3));
    assert_eq!(rule("a2 01 00 01 00", Canonical), ("no duplicate keys", 3));
    // Length-first and bytewise disagree on these keys: 1000 (19 03e8)
    // sorts before "a" (61 61) bytewise, after it by length.
    assert_eq!(
        rule("a2 1903e8 00 6161 00", CanonicalRfc7049),
        ("key order", 5)
    );
    assert_eq!(rule("a2 6161 00 1903e8 00", Canonical), ("key order", 4));
    assert_eq!(
        rule("fb 3ff8000000000000", Canonical),
        ("shortest float", 0)
    );
    assert_eq!(rule("fa 3fc00000", CanonicalRfc7049), ("shortest float", 0));
    assert_eq!(rule("f9 7e01", Canonical), ("NaN written as f9 7e00", 0));
    assert_eq!(
        rule("c2 41 01", Canonical),
        ("bignum that fits 64 bits written as an integer", 1)
    );
    assert_eq!(
        rule("c2 49 000100000000000000", Archival),
        ("bignum without leading zero bytes", 1)
    );
    assert_eq!(rule("c1 00", Ctap2), ("no tags in CTAP2 canonical form", 0));
    assert_eq!(
        rule("d9 0100 00", Archival),
        ("no stringref in deterministic form", 0)
    );
    // Nested keys are checked where they are.
    assert_eq!(rule("81 a2 6162 00 6161 00", Archival), ("key order", 5));
}

#[test]
fn deterministic_input_is_accepted() {
    for (bytes, profile) in [
        ("fb 3ff8000000000000", Profile::Archival),
        ("fb 3ff8000000000000", Profile::Ctap2),
        ("f9 3e00", Profile::Canonical),
        ("a2 6161 00 1903e8 00", Profile::CanonicalRfc7049),
        ("a2 1903e8 00 6161 00", Profile::Canonical),
        ("a2 d827623a61 01 d827623a62 02", Profile::Canonical),
        ("c2 49 010000000000000000", Profile::Canonical),
    ] {
        boring::from_slice_with::<Value>(&hex(bytes), &strict(profile))
            .unwrap_or_else(|e| panic!("{bytes}: {e}"));
    }
}

#[test]
fn our_own_deterministic_output_passes_its_own_check() {
    let mut map = BTreeMap::new();
    for (i, key) in ["a", "bb", "c", "dddd", "e"].iter().enumerate() {
        map.insert(key.to_string(), vec![i as f64 * 0.5, 1e300, -0.0]);
    }
    for profile in [
        Profile::Archival,
        Profile::Canonical,
        Profile::CanonicalRfc7049,
        Profile::Ctap2,
    ] {
        let bytes = boring::to_vec_with(&map, &Options::from(profile)).expect("encodes");
        let back: BTreeMap<String, Vec<f64>> =
            boring::from_slice_with(&bytes, &strict(profile)).expect("verifies");
        assert_eq!(back, map, "{profile:?}");
    }
}

#[test]
fn only_deterministic_profiles_verify() {
    for profile in [Profile::Default, Profile::Interop, Profile::Compact] {
        let err = boring::from_slice_with::<Value>(&[0x00], &strict(profile))
            .expect_err("no deterministic form");
        assert!(
            matches!(err.kind(), ErrorKind::InvalidOptions(_)),
            "{profile:?}"
        );
    }
}

#[test]
fn ctap2_orders_keys_by_type_then_length_then_bytes() {
    // CTAP2 sorts integers before text, shorter before longer: the bytewise
    // order of the encodings.
    let map = Value::Map(
        vec![
            (Value::from("type"), Value::from("public-key")),
            (Value::from(3), Value::from(-7)),
            (Value::from("id"), Value::from(1)),
            (Value::from(-1), Value::from(1)),
            (Value::from(1), Value::from(2)),
        ]
        .into(),
    );
    let bytes = boring::to_vec_with(&map, &Options::from(Profile::Ctap2)).expect("encodes");
    assert_eq!(
        bytes,
        hex("a5 01 02 03 26 20 01 626964 01 6474797065 6a7075626c69632d6b6579")
    );
    let err = boring::to_vec_with(&Value::tag(1, 0.into()), &Options::from(Profile::Ctap2))
        .expect_err("tag");
    assert!(matches!(err.kind(), ErrorKind::Unencodable(_)));
}

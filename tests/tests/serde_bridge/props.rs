//! Generated values: the serde path writes the derive's bytes, reads them
//! back, and reads arbitrary input without panicking.

use boring::{Options, Profile, Value};
use proptest::prelude::*;

use super::{interop, Drawing, Reading, Shape};

fn reading() -> impl Strategy<Value = Reading> {
    (
        "[a-z]{0,12}",
        any::<i64>(),
        any::<f64>().prop_filter("NaN never compares equal", |x| !x.is_nan()),
        any::<bool>(),
        prop::collection::vec("[a-c]{0,4}", 0..5),
        prop::option::of("[a-z]{0,6}"),
        any::<u32>(),
    )
        .prop_map(|(sensor, ts, celsius, ok, tags, note, count)| Reading {
            sensor,
            ts,
            celsius,
            ok,
            tags,
            note,
            count,
        })
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Empty),
        any::<f64>()
            .prop_filter("not NaN", |x| !x.is_nan())
            .prop_map(Shape::Circle),
        (any::<u32>(), any::<u32>()).prop_map(|(w, h)| Shape::Rect { w, h }),
        (any::<i32>(), "[a-z]{0,5}").prop_map(|(a, b)| Shape::Pair(a, b)),
    ]
}

fn drawing() -> impl Strategy<Value = Drawing> {
    (
        "[a-z]{0,8}",
        prop::collection::vec(shape(), 0..6),
        any::<(i32, i32)>(),
    )
        .prop_map(|(name, shapes, origin)| Drawing {
            name,
            shapes,
            origin,
        })
}

proptest! {
    #[test]
    fn structs_match_the_derive(r in reading()) {
        for opts in [interop(), Options::default()] {
            let derived = boring::to_vec_with(&r, &opts).unwrap();
            let bridged = boring::serde::to_vec(&r, &opts).unwrap();
            prop_assert_eq!(&bridged, &derived);
            prop_assert_eq!(boring::serde::from_slice::<Reading>(&derived, &opts).unwrap(), r.clone());
        }
    }

    #[test]
    fn enums_match_the_derive(d in drawing()) {
        for opts in [interop(), Options::default()] {
            let derived = boring::to_vec_with(&d, &opts).unwrap();
            let bridged = boring::serde::to_vec(&d, &opts).unwrap();
            prop_assert_eq!(&bridged, &derived);
            prop_assert_eq!(boring::serde::from_slice::<Drawing>(&bridged, &opts).unwrap(), d.clone());
        }
    }

    #[test]
    fn canonical_structs_match_the_derive(r in reading()) {
        let opts = Options::from(Profile::Canonical);
        let derived = boring::to_vec_with(&r, &opts).unwrap();
        let bridged = boring::serde::to_vec(&r, &opts).unwrap();
        prop_assert_eq!(&bridged, &derived);
    }

    #[test]
    fn arbitrary_input_is_an_error_not_a_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        for opts in [interop(), Options::default()] {
            let _ = boring::serde::from_slice::<Value>(&bytes, &opts);
            let _ = boring::serde::from_slice::<serde_json::Value>(&bytes, &opts);
            let _ = boring::serde::from_slice::<Drawing>(&bytes, &opts);
        }
    }

    #[test]
    fn values_round_trip(r in reading()) {
        let bytes = boring::to_vec_with(&r, &interop()).unwrap();
        let value: Value = boring::from_slice(&bytes).unwrap();
        let via_serde: Value = boring::serde::from_slice(&bytes, &interop()).unwrap();
        prop_assert_eq!(&via_serde, &value);
        prop_assert_eq!(boring::serde::to_vec(&value, &interop()).unwrap(), bytes);
    }
}

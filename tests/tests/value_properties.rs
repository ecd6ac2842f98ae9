//! Properties of `Value` encoding over generated values, under the interop
//! profile and under the default profile (stringref on): decoding the
//! encoding gives the value back, `encoded_len` predicts the length, and a
//! decode consumes exactly the item.

use boring::{Options, Profile, Value};
use boring_tests::generate::{distinct, float, integer};
use proptest::prelude::*;

/// Text from a small pool (so that stringref references occur, including
/// multi-byte characters at the length threshold) or arbitrary.
fn text() -> impl Strategy<Value = String> {
    let pool = prop::sample::select(vec!["", "ab", "abc", "wxyz", "é", "éa", "水水", "abcde"]);
    prop_oneof![pool.prop_map(str::to_owned), "\\PC{0,12}"]
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let pool = prop::sample::select(vec![vec![], vec![1, 2, 3], vec![0; 4]]);
    prop_oneof![pool, prop::collection::vec(any::<u8>(), 0..12)]
}

/// Tag numbers without content rules in the runtime: at least 1000, and
/// not the duration, date or shaped-array extension tags.
fn free_tag() -> impl Strategy<Value = u64> {
    prop_oneof![1000u64..10_000, 100_000u64..=u64::MAX].prop_filter("tag with content rules", |t| {
        !matches!(t, 1002 | 1004 | 39_649..=39_653 | 55_799)
    })
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        integer().prop_map(Value::Integer),
        float().prop_map(Value::Float),
        text().prop_map(Value::Text),
        bytes().prop_map(Value::Bytes),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
        Just(Value::Undefined),
        prop_oneof![0u8..=19, 32u8..=255].prop_map(Value::Simple),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::vec((inner.clone(), inner.clone()), 0..5)
                .prop_map(|entries| Value::Map(distinct(entries, |(k, _)| k).into())),
            (free_tag(), inner).prop_map(|(t, v)| Value::tag(t, v)),
        ]
    })
}

fn profiles() -> [Options; 2] {
    [Options::from(Profile::Interop), Options::default()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decode_inverts_encode(v in value()) {
        for opts in profiles() {
            let bytes = boring::to_vec_with(&v, &opts).unwrap();
            let back: Value = boring::from_slice_with(&bytes, &opts).unwrap();
            prop_assert_eq!(&back, &v, "{:?}", opts.profile());
        }
    }

    #[test]
    fn encoded_len_is_the_written_length(v in value()) {
        for opts in profiles() {
            let bytes = boring::to_vec_with(&v, &opts).unwrap();
            prop_assert_eq!(boring::encoded_len(&v, &opts).unwrap(), bytes.len());
        }
    }

    #[test]
    fn decoding_consumes_exactly_the_item(v in value(), extra in any::<u8>()) {
        for opts in profiles() {
            let mut bytes = boring::to_vec_with(&v, &opts).unwrap();
            let (back, rest) = boring::take_from_slice::<Value>(&bytes).unwrap();
            prop_assert!(rest.is_empty());
            prop_assert_eq!(&back, &v);

            bytes.push(extra);
            let (back, rest) = boring::take_from_slice::<Value>(&bytes).unwrap();
            prop_assert_eq!(rest, &[extra][..]);
            prop_assert_eq!(&back, &v);

            let mut r = boring::Reader::new(&bytes);
            r.skip().unwrap();
            prop_assert_eq!(r.position(), bytes.len() - 1);
        }
    }
}

//! Sequences of generic maps (`Vec<BTreeMap<K, V>>`, `Vec<HashMap<K, V>>`,
//! the values of a map of maps) are written in the layouts `Value` writes
//! for the same maps: shaped (39649) and columnar (39653) tables, keyed
//! tables (39654), or a plain array where `Value` declines a table. The
//! bytes are `Value`'s, and they read back as the maps.

use std::collections::{BTreeMap, HashMap};

use boring::{DecodeOwned, Encode, Options, Profile, Value};
use boring_tests::hex;
use proptest::prelude::*;

/// What `Value` writes for `v` under `opts`: `v`'s plain bytes read as a
/// `Value` and written again.
fn as_value<T: Encode>(v: &T, opts: &Options) -> Vec<u8> {
    let plain = boring::to_vec_with(v, &Profile::Interop.into()).expect("encodes");
    let value: Value = boring::from_slice(&plain).expect("reads as a value");
    boring::to_vec_with(&value, opts).expect("encodes the value")
}

/// Writes `v` under `opts`, checks the bytes against `Value`'s and against
/// `encoded_len`, and reads them back.
fn written<T: Encode + DecodeOwned + PartialEq + std::fmt::Debug>(
    v: &T,
    opts: &Options,
) -> Vec<u8> {
    let bytes = boring::to_vec_with(v, opts).expect("encodes");
    let diag = || boring::diag::diag(&bytes).unwrap_or_default();
    assert_eq!(bytes, as_value(v, opts), "{}", diag());
    assert_eq!(boring::encoded_len(v, opts).expect("counts"), bytes.len());
    let back: T = boring::from_slice(&bytes).unwrap_or_else(|e| panic!("{e:?} in {}", diag()));
    assert_eq!(&back, v);
    bytes
}

fn shaped() -> Options {
    Options::from(Profile::Default)
        .shapes(true)
        .stringref(false)
}

fn compact() -> Options {
    Profile::Compact.into()
}

fn map<V: Clone, const N: usize>(entries: [(&str, V); N]) -> BTreeMap<String, V> {
    entries
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

#[test]
fn maps_of_one_key_set_are_a_shaped_table() {
    let maps = vec![
        map([("alpha", 1), ("beta", 2)]),
        map([("alpha", 3), ("beta", 4)]),
    ];
    let bytes = written(&maps, &shaped());
    assert_eq!(
        bytes,
        hex("d99ae1 82 82 65616c706861 6462657461 82 82 01 02 82 03 04")
    );
    // Under Compact the integer columns are typed: a columnar table.
    let bytes = written(&maps, &compact());
    assert_eq!(
        bytes,
        hex("d90100 d99ae5 83 82 65616c706861 6462657461 02 82 d84042 0103 d84042 0204")
    );
}

#[test]
fn columns_keep_what_value_keeps() {
    // Floats of one width, arrays of one length (a grid), a key some maps
    // lack (no typed column then).
    let floats: Vec<HashMap<String, f32>> = (0..4)
        .map(|i| [("x".to_string(), i as f32 / 2.0), ("y".to_string(), 1.5)].into())
        .collect();
    written(&floats, &compact());
    let grids = vec![
        map([("at", vec![1.0f64, 2.0, 3.0]), ("to", vec![0.5])]),
        map([("at", vec![4.0, 5.0, 6.0]), ("to", vec![0.25])]),
    ];
    written(&grids, &shaped());
    // Under Compact a `Vec<f64>` is the type's own typed array (narrowed
    // to binary32 where every element survives, WIRE.md §7), which `Value`
    // keeps as a tagged item: the table's cells are those arrays.
    let bytes = boring::to_vec_with(&grids, &compact()).expect("encodes");
    assert!(
        bytes.windows(3).any(|w| w == [0xd9, 0x9a, 0xe1]),
        "{bytes:02x?}"
    );
    let back: Vec<BTreeMap<String, Vec<f64>>> = boring::from_slice(&bytes).expect("reads");
    assert_eq!(back, grids);
    let ragged = vec![
        map([("alpha", 1), ("beta", 2)]),
        map([("alpha", 3)]),
        map([("beta", 4), ("alpha", 5)]),
    ];
    for opts in [shaped(), compact()] {
        written(&ragged, &opts);
    }
}

#[test]
fn maps_value_declines_stay_a_plain_array() {
    // One map; maps with nothing in common; tables off.
    let one = vec![map([("alpha", 1), ("beta", 2)])];
    let apart = vec![map([("a", 1)]), map([("b", 2)]), map([("c", 3)])];
    for opts in [shaped(), compact()] {
        assert_eq!(written(&one, &opts).last(), Some(&0x02));
        let bytes = written(&apart, &opts);
        assert!(!bytes.windows(2).any(|w| w == [0xd9, 0x9a]), "{bytes:02x?}");
    }
    let maps = vec![
        map([("alpha", 1), ("beta", 2)]),
        map([("alpha", 3), ("beta", 4)]),
    ];
    let off = Options::from(Profile::Default).stringref(false);
    assert_eq!(written(&maps, &off)[0], 0x82);
}

#[test]
fn maps_of_maps_are_keyed_tables() {
    let outer: BTreeMap<String, BTreeMap<String, i64>> = (0..3)
        .map(|i| (format!("key-{i}"), map([("alpha", i), ("beta", 2 * i)])))
        .collect();
    let bytes = written(&outer, &compact());
    assert!(
        bytes.windows(3).any(|w| w == [0xd9, 0x9a, 0xe6]),
        "{bytes:02x?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any sequence of maps over a few keys is written as `Value` writes
    /// it, under shapes, columns and neither, and reads back.
    #[test]
    fn generated_sequences_write_what_value_writes(
        maps in prop::collection::vec(
            prop::collection::btree_map(
                prop::sample::select(vec!["alpha", "beta", "gamma", "delta"]),
                prop_oneof![any::<i64>().prop_map(|v| v as f64), any::<f64>(), Just(0.5)],
                0..4,
            ),
            0..8,
        ),
        ints in prop::collection::vec(
            prop::collection::hash_map(prop::sample::select(vec!["a", "bb", "ccc"]), any::<i64>(), 0..3),
            0..6,
        ),
        profile in prop::sample::select(vec![0, 1, 2]),
    ) {
        let opts = match profile {
            0 => shaped(),
            1 => compact(),
            _ => Options::from(Profile::Default),
        };
        let maps: Vec<BTreeMap<String, f64>> = maps
            .into_iter()
            .map(|m| m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            .collect();
        let nan = maps.iter().flat_map(|m| m.values()).any(|v| v.is_nan());
        let bytes = boring::to_vec_with(&maps, &opts).expect("encodes");
        prop_assert_eq!(&bytes, &as_value(&maps, &opts));
        if !nan {
            let back: Vec<BTreeMap<String, f64>> = boring::from_slice(&bytes).expect("reads back");
            prop_assert_eq!(back, maps);
        }
        let ints: Vec<HashMap<String, i64>> = ints
            .into_iter()
            .map(|m| m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            .collect();
        let bytes = boring::to_vec_with(&ints, &opts).expect("encodes");
        prop_assert_eq!(&bytes, &as_value(&ints, &opts));
        let back: Vec<HashMap<String, i64>> = boring::from_slice(&bytes).expect("reads back");
        prop_assert_eq!(back, ints);
    }
}

//! Every codec round-trips every payload it supports, and the size table is
//! the same when computed twice. Nothing here is timed. The generated record
//! datasets run at a tenth of their published size (same generators, same
//! seed) to keep unoptimised test builds quick.

use boring::{Options, Profile};
use boring_bench::codecs::Codec;
use boring_bench::payloads::{self, Scale};
use boring_bench::run::sizes;
use boring_schemas::{access_log, game, mesh, network, records, ToValue, SEED};

/// The typed `boring` rows: every one must fill every cell.
const TYPED: [Codec; 4] = [
    Codec::BoringDefault,
    Codec::BoringShapes,
    Codec::BoringCompact,
    Codec::BoringInterop,
];

/// The cells a codec may legitimately leave empty, by payload.
fn may_be_missing(codec: Codec, payload: &str) -> bool {
    // minicbor's map form exists for flat records only.
    codec == Codec::MinicborMap
        && matches!(payload, "long-vec-1k" | "game-save-500" | "net-updates-1k")
}

fn col(codec: Codec) -> usize {
    Codec::ALL
        .iter()
        .position(|c| *c == codec)
        .unwrap_or(usize::MAX)
}

#[test]
fn every_codec_round_trips_every_payload() {
    let mut all = payloads::all(Scale::Tenth);
    assert_eq!(all.len(), 12);
    let mut checked = 0;
    let mut typed = 0;
    for payload in &mut all {
        let name = payload.name;
        for &codec in &Codec::ALL {
            match payload.cell(codec) {
                Ok(cell) => {
                    if let Err(why) = cell.round_trip() {
                        panic!("{} on {name}: {why}", codec.label());
                    }
                    checked += 1;
                    typed += usize::from(TYPED.contains(&codec));
                }
                Err(why) => assert!(
                    may_be_missing(codec, name),
                    "{} has no cell for {name}: {why}",
                    codec.label()
                ),
            }
        }
    }
    assert_eq!(
        typed,
        12 * TYPED.len(),
        "a typed boring layout skipped a payload"
    );
    // 12 payloads × 16 codecs that always apply, plus minicbor's map form on
    // the 9 flat payloads.
    assert_eq!(checked, 12 * 16 + 9);
}

/// Encodes `data` typed and as its `Value` form under `options`.
fn both<T: boring::Encode + ToValue>(data: &T, options: &Options) -> (Vec<u8>, Vec<u8>) {
    let typed = boring::to_vec_with(data, options).unwrap_or_default();
    let value = boring::to_vec_with(&data.to_value(), options).unwrap_or_default();
    (typed, value)
}

#[test]
fn derive_and_value_write_the_same_bytes_without_columns() {
    // Without columns the derive and `Value` take the same decisions (maps,
    // stringref, shapes), so the `boring Value default` row measures the
    // bytes of `boring default` on the generated datasets.
    for options in [
        Options::default(),
        Options::default().shapes(true),
        Options::from(Profile::Interop),
    ] {
        let cases = [
            both(&records::rows4(64), &options),
            both(&records::str_records(20), &options),
            both(&access_log::generate(SEED, 100), &options),
            both(&mesh::generate(SEED, 100), &options),
            both(&game::generate(SEED, 20), &options),
            both(&network::generate(SEED, 10), &options),
        ];
        for (i, (typed, value)) in cases.iter().enumerate() {
            assert!(!typed.is_empty(), "case {i} did not encode");
            assert_eq!(typed, value, "case {i} under {options:?}");
        }
    }
}

#[test]
fn size_table_is_deterministic() {
    let first = sizes(&payloads::all(Scale::Tenth));
    let second = sizes(&payloads::all(Scale::Tenth));
    assert_eq!(first, second);
    let raw = |payload: usize, codec: Codec| {
        first
            .get(payload)
            .and_then(|row| row.get(col(codec)))
            .and_then(|c| c.as_ref().ok())
            .map(|c| c.0)
    };
    // The reference's size for its datom payload, default profile.
    assert_eq!(raw(3, Codec::BoringValueDefault), Some(9952));
    // table-512: columns beat shapes, which beat plain maps.
    let (default, shapes, compact) = (
        raw(7, Codec::BoringDefault).unwrap_or(0),
        raw(7, Codec::BoringShapes).unwrap_or(0),
        raw(7, Codec::BoringCompact).unwrap_or(0),
    );
    assert!(
        0 < compact && compact < shapes && shapes < default,
        "{compact} {shapes} {default}"
    );
}

//! Properties over any chain and any input: round trips (slices and
//! streams), and typed errors, never panics, on truncated or corrupted
//! input.

use std::io::{Read, Write};

use boring_codec::{Codec, Direction, Error, Pipeline, Step, NAMES};
use proptest::prelude::*;

/// Any step at any level.
fn step() -> impl Strategy<Value = Step> {
    (0..NAMES.len(), any::<u8>()).prop_map(|(i, pick)| {
        let name = NAMES[i];
        let level = Step::levels(name).map(|(min, _, max)| u64::from(min + pick % (max - min + 1)));
        Step::from_name(name, level).expect("a level in range")
    })
}

/// A chain of one to four steps, without the slowest levels (zstd past 19,
/// where one context is a hundred megabytes).
fn pipeline() -> impl Strategy<Value = Pipeline> {
    prop::collection::vec(step(), 1..=4).prop_map(|steps| {
        let steps = steps.into_iter().map(|s| match s {
            Step::Zstd { level } if level > 19 => Step::ZSTD,
            other => other,
        });
        Pipeline::new(steps).expect("a valid chain")
    })
}

/// Inputs of every small length, empty and single bytes included, some
/// repetitive.
fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..=2),
        prop::collection::vec(any::<u8>(), 0..600),
        (any::<u8>(), 0usize..5000).prop_map(|(b, n)| vec![b; n]),
    ]
}

/// Whether the chain has an LZ4 step, whose warm output may differ from its
/// first.
fn pipeline_has_lz4(codec: &Codec) -> bool {
    codec
        .pipeline()
        .steps()
        .iter()
        .any(|s| matches!(s, Step::Lz4 | Step::Lz4Hc { .. }))
}

/// Whether the chain frames its data: then a strict prefix cannot decode.
fn frames(pipeline: &Pipeline) -> bool {
    pipeline
        .steps()
        .iter()
        .any(|s| s.compresses() || *s == Step::Crc32c)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_chain_round_trips(pipeline in pipeline(), data in input(), header in any::<bool>()) {
        let mut codec = Codec::new(pipeline).with_header(header);
        let encoded = codec.encode(&data).unwrap();
        prop_assert_eq!(codec.decode(&encoded).unwrap(), data.clone());
        // Again on the warm codec: the same bytes, except that a warm
        // liblz4 context may choose other matches than a fresh one
        // (docs/WIRE.md); its frame must still decode, and the next one
        // be the same.
        let again = codec.encode(&data).unwrap();
        prop_assert_eq!(codec.decode(&again).unwrap(), data.clone());
        if pipeline_has_lz4(&codec) {
            prop_assert_eq!(codec.encode(&data).unwrap(), again);
        } else {
            prop_assert_eq!(&again, &encoded);
        }
    }

    #[test]
    fn streams_agree_with_slices(
        pipeline in pipeline(),
        data in input(),
        piece in 1usize..700,
        header in any::<bool>(),
    ) {
        let codec = Codec::new(pipeline.clone()).with_header(header);
        let mut writer = codec.writer(Direction::Encode, Vec::new());
        for part in data.chunks(piece) {
            writer.write_all(part).unwrap();
        }
        let (encoded, codec) = writer.finish().unwrap();
        let mut slices = Codec::new(pipeline).with_header(header);
        prop_assert_eq!(slices.decode(&encoded).unwrap(), data.clone());

        let mut reader = codec.reader(Direction::Decode, &encoded[..]);
        let mut back = Vec::new();
        reader.read_to_end(&mut back).unwrap();
        prop_assert_eq!(&back, &data);

        let mut writer = reader.into_inner().1.writer(Direction::Decode, Vec::new());
        for part in encoded.chunks(piece) {
            writer.write_all(part).unwrap();
        }
        prop_assert_eq!(writer.finish().unwrap().0, data);
    }

    #[test]
    fn truncated_input_is_a_typed_error(
        pipeline in pipeline(),
        data in input(),
        cut in any::<prop::sample::Index>(),
    ) {
        let encoded = pipeline.codec().encode(&data).unwrap();
        if encoded.is_empty() {
            return Ok(());
        }
        let cut = cut.index(encoded.len());
        let decoded = pipeline.codec().decode(&encoded[..cut]);
        if frames(&pipeline) {
            prop_assert!(decoded.is_err(), "{} decoded a prefix of {}", pipeline, cut);
        }
        // Streaming the prefix fails the same way.
        let mut reader = pipeline.codec().reader(Direction::Decode, &encoded[..cut]);
        let streamed = reader.read_to_end(&mut Vec::new()).map_err(Error::from_io);
        prop_assert_eq!(streamed.is_err(), decoded.is_err());
    }

    #[test]
    fn corrupted_input_never_panics_and_a_checksum_catches_it(
        pipeline in pipeline(),
        data in input(),
        at in any::<prop::sample::Index>(),
        flip in 1u8..=255,
    ) {
        let mut steps = vec![Step::Crc32c];
        steps.extend_from_slice(pipeline.steps());
        steps.truncate(4);
        let checked = Pipeline::new(steps).unwrap();
        for chain in [&pipeline, &checked] {
            let mut encoded = chain.codec().encode(&data).unwrap();
            if encoded.is_empty() {
                continue;
            }
            let at = at.index(encoded.len());
            encoded[at] ^= flip;
            let decoded = chain.codec().with_max_output(1 << 20).decode(&encoded);
            if chain == &checked {
                // Hex decoding ignores case, so a flipped case bit may
                // decode to the same bytes; anything else fails.
                prop_assert!(decoded.as_ref().map_or(true, |d| d == &data), "{}", chain);
            }
        }
    }

    #[test]
    fn headers_of_any_chain_read_back(pipeline in pipeline()) {
        let mut out = Vec::new();
        boring_codec::header::write(&pipeline, &mut out);
        prop_assert!(out.len() <= boring_codec::header::MAX_LEN);
        let (read, len) = boring_codec::header::read(&out).unwrap();
        prop_assert_eq!(read, pipeline);
        prop_assert_eq!(len, out.len());
        for cut in 0..out.len() {
            prop_assert!(boring_codec::header::read(&out[..cut]).is_err());
        }
    }

    #[test]
    fn any_bytes_as_a_header_or_a_spec_are_typed_errors(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let mut with_magic = boring_codec::header::MAGIC.to_vec();
        with_magic.extend_from_slice(&bytes);
        let _ = boring_codec::header::read(&with_magic);
        let _ = boring_codec::header::read(&bytes);
        let _ = Pipeline::parse(&String::from_utf8_lossy(&bytes));
    }
}

//! Each transform against known vectors and the standard tools' crates,
//! every chain round-tripping, and the typed errors of bad input.

use std::io::Read;

use boring_codec::{Codec, Error, Pipeline, Step, Transform, NAMES};

/// A few kilobytes that compress well and a few that do not.
fn sample() -> Vec<u8> {
    let mut bytes = b"{\"sensor\":\"s1\",\"ts\":1700000000,\"celsius\":20.5}".repeat(60);
    let mut x: u32 = 12345;
    bytes.extend((0..3000).map(|_| {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) as u8
    }));
    bytes
}

#[test]
fn every_named_step_round_trips_at_every_level() {
    let data = sample();
    for name in NAMES {
        let levels: Vec<Option<u64>> = match Step::levels(name) {
            Some((min, _, max)) => (min..=max).map(|l| Some(u64::from(l))).collect(),
            None => vec![None],
        };
        for level in levels {
            let step = Step::from_name(name, level).unwrap();
            for input in [&data[..], b"", b"x"] {
                let encoded = step.encode(input).unwrap();
                assert_eq!(step.decode(&encoded).unwrap(), input, "{step}");
            }
        }
    }
}

#[test]
fn compressed_forms_are_the_standard_containers() {
    let data = sample();
    let zstd = Step::ZSTD.encode(&data).unwrap();
    assert_eq!(zstd::decode_all(&zstd[..]).unwrap(), data);
    let gzip = Step::GZIP.encode(&data).unwrap();
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(&gzip[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, data);
    let deflate = Step::DEFLATE.encode(&data).unwrap();
    let mut back = Vec::new();
    flate2::read::DeflateDecoder::new(&deflate[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, data);
    // The LZ4 frame magic, then a frame the library reads back.
    let lz4 = Step::LZ4HC.encode(&data).unwrap();
    assert_eq!(lz4[..4], [0x04, 0x22, 0x4D, 0x18]);
    // Standard zstd and gzip compress: the container's own reader takes
    // what the crates write directly.
    let direct = zstd::encode_all(&data[..], 3).unwrap();
    assert_eq!(Step::ZSTD.decode(&direct).unwrap(), data);
}

#[test]
fn text_encodings_match_rfc_4648_vectors() {
    let cases: [(&str, &[(&str, &str)]); 5] = [
        (
            "base64",
            &[
                ("", ""),
                ("f", "Zg=="),
                ("fo", "Zm8="),
                ("foobar", "Zm9vYmFy"),
            ],
        ),
        (
            "base64nopad",
            &[("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v")],
        ),
        ("base64url", &[("\u{fb}\u{ff}", "w7vDvw")]),
        (
            "base32",
            &[
                ("f", "MY======"),
                ("foob", "MZXW6YQ="),
                ("foobar", "MZXW6YTBOI======"),
            ],
        ),
        ("hex", &[("foobar", "666f6f626172")]),
    ];
    for (name, vectors) in cases {
        let step = Step::from_name(name, None).unwrap();
        for (plain, text) in vectors.iter() {
            assert_eq!(
                step.encode(plain.as_bytes()).unwrap(),
                text.as_bytes(),
                "{name}"
            );
            assert_eq!(
                step.decode(text.as_bytes()).unwrap(),
                plain.as_bytes(),
                "{name}"
            );
        }
    }
    assert_eq!(Step::Hex.decode(b"666F6F").unwrap(), b"foo");
    let padded_url = Step::from_name("base64urlpad", None).unwrap();
    assert_eq!(padded_url.encode(&[0xfb]).unwrap(), b"-w==");
}

#[test]
fn crc32c_appends_the_castagnoli_check_value() {
    let encoded = Step::Crc32c.encode(b"123456789").unwrap();
    assert_eq!(encoded[9..], 0xE306_9283u32.to_be_bytes());
    let mut bad = encoded.clone();
    bad[0] ^= 1;
    assert!(matches!(
        Step::Crc32c.decode(&bad),
        Err(Error::Checksum {
            stored: 0xE306_9283,
            ..
        })
    ));
    assert!(matches!(
        Step::Crc32c.decode(b"abc"),
        Err(Error::Truncated { .. })
    ));
}

#[test]
fn chains_apply_in_order_and_undo_in_reverse() {
    let pipeline = Pipeline::parse("zstd:19+crc32c+base64").unwrap();
    let data = sample();
    let encoded = pipeline.encode(&data).unwrap();
    let by_hand = Step::BASE64
        .encode(
            &Step::Crc32c
                .encode(&Step::Zstd { level: 19 }.encode(&data).unwrap())
                .unwrap(),
        )
        .unwrap();
    assert_eq!(encoded, by_hand);
    assert_eq!(pipeline.decode(&encoded).unwrap(), data);
    assert_eq!(pipeline.to_string(), "zstd:19+crc32c+base64");
    assert_eq!(
        Pipeline::parse("zstd+lz4hc+gzip").unwrap().to_string(),
        "zstd:3+lz4hc:9+gzip:6"
    );
}

#[test]
fn spec_errors_are_typed_and_located() {
    let cases: [(&str, usize, &str); 8] = [
        ("", 0, "empty step"),
        ("zstd+", 5, "empty step"),
        ("zstd:0", 5, "outside 1..=22"),
        ("zstd:23", 5, "outside 1..=22"),
        ("gzip+crc32c:3", 12, "crc32c takes no level"),
        ("zstd+brotli", 5, "unknown step \"brotli\""),
        ("deflate:x", 8, "not a number"),
        ("lz4hc:99999999999999999999999", 6, "outside 1..=12"),
    ];
    for (spec, at, text) in cases {
        let err = Pipeline::parse(spec).unwrap_err();
        assert!(err.is_usage(), "{spec}");
        match &err {
            Error::Spec { position, .. } => assert_eq!(*position, Some(at), "{spec}: {err}"),
            other => panic!("{spec}: {other:?}"),
        }
        assert!(err.to_string().contains(text), "{spec}: {err}");
    }
    assert!(Pipeline::new([Step::Gzip { level: 10 }])
        .unwrap_err()
        .is_usage());
    assert!(Pipeline::parse(&["hex"; 17].join("+"))
        .unwrap_err()
        .is_usage());
}

#[test]
fn the_header_names_the_chain() {
    let pipeline = Pipeline::parse("zstd+crc32c").unwrap();
    let mut codec = Codec::new(pipeline.clone()).with_header(true);
    let packed = codec.encode(b"data").unwrap();
    let header: &[u8] = &[
        0xD9, 0xD9, 0xF7, 0x83, 0x65, b'c', b'o', b'd', b'e', b'c', 0x01, 0x82, 0x82, 0x64, b'z',
        b's', b't', b'd', 0x03, 0x81, 0x66, b'c', b'r', b'c', b'3', b'2', b'c',
    ];
    assert_eq!(&packed[..header.len()], header);
    assert_eq!(packed[header.len()..], pipeline.encode(b"data").unwrap());
    let (named, len) = boring_codec::header::read(&packed).unwrap();
    assert_eq!((named, len), (pipeline.clone(), header.len()));
    assert_eq!(
        Codec::from_header(&packed)
            .unwrap()
            .decode(&packed)
            .unwrap(),
        b"data"
    );
    // A codec for another chain refuses it; raw input has no header.
    let mut other = Codec::new(Pipeline::parse("gzip+crc32c").unwrap()).with_header(true);
    assert!(matches!(
        other.decode(&packed),
        Err(Error::HeaderMismatch { .. })
    ));
    assert!(matches!(
        codec.decode(&pipeline.encode(b"data").unwrap()),
        Err(Error::NoHeader)
    ));
    for cut in 1..header.len() {
        assert!(codec.decode(&packed[..cut]).is_err(), "{cut}");
    }
}

#[test]
fn bad_input_gives_typed_errors() {
    let data = sample();
    for spec in ["zstd", "lz4", "lz4hc", "deflate", "gzip"] {
        let pipeline = Pipeline::parse(spec).unwrap();
        let encoded = pipeline.encode(&data).unwrap();
        for cut in [0, 1, encoded.len() / 2, encoded.len() - 1] {
            let err = pipeline.decode(&encoded[..cut]).unwrap_err();
            assert!(
                matches!(err, Error::Truncated { .. } | Error::Corrupt { .. }),
                "{spec} cut at {cut}: {err:?}"
            );
        }
        let mut trailing = encoded.clone();
        trailing.extend_from_slice(b"junk");
        assert!(pipeline.decode(&trailing).is_err(), "{spec}");
        assert!(
            pipeline.decode(b"definitely not compressed").is_err(),
            "{spec}"
        );
    }
    assert!(matches!(
        Step::BASE64.decode(b"Zg=!"),
        Err(Error::InvalidEncoding { offset: 2 | 3, .. })
    ));
    assert!(matches!(
        Step::Hex.decode(b"abc"),
        Err(Error::InvalidEncoding { .. })
    ));
    // Padding only at the very end.
    assert!(Step::BASE64.decode(b"Zg==Zg==").is_err());
}

#[test]
fn decoding_is_bounded_per_step() {
    let zeros = vec![0u8; 1 << 20];
    for spec in [
        "zstd",
        "lz4",
        "deflate",
        "gzip",
        "zstd+zstd",
        "crc32c",
        "hex",
    ] {
        let pipeline = Pipeline::parse(spec).unwrap();
        let encoded = pipeline.encode(&zeros).unwrap();
        let mut codec = Codec::new(pipeline.clone()).with_max_output(1000);
        let err = codec.decode(&encoded).unwrap_err();
        assert!(
            matches!(err, Error::OutputLimit { limit: 1000, .. }),
            "{spec}: {err:?}"
        );
        // Exactly the bound is fine.
        let mut exact = Codec::new(pipeline).with_max_output(zeros.len() as u64 * 2);
        assert_eq!(exact.decode(&encoded).unwrap().len(), zeros.len(), "{spec}");
    }
    let mut exact = Step::ZSTD
        .encode(&zeros[..1000])
        .map(|e| (e, Pipeline::from(Step::ZSTD)))
        .unwrap();
    let mut codec = Codec::new(exact.1.clone()).with_max_output(1000);
    assert_eq!(codec.decode(&exact.0).unwrap().len(), 1000);
    exact.0 = Step::DEFLATE.encode(&zeros[..1000]).unwrap();
    let mut codec = Codec::new(Pipeline::from(Step::DEFLATE)).with_max_output(1000);
    assert_eq!(codec.decode(&exact.0).unwrap().len(), 1000);
    let mut codec = Codec::new(Pipeline::from(Step::DEFLATE)).with_max_output(999);
    assert!(codec.decode(&exact.0).is_err());
}

#[test]
fn a_stream_with_a_header_names_its_own_pipeline() {
    use boring_codec::stream::CodecReader;
    let data = sample();
    let packed = Codec::new(Pipeline::parse("lz4hc:12+crc32c+base32").unwrap())
        .with_header(true)
        .encode(&data)
        .unwrap();
    let mut reader = CodecReader::from_header(&packed[..], 1 << 20).unwrap();
    let mut back = Vec::new();
    reader.read_to_end(&mut back).unwrap();
    assert_eq!(back, data);
    let raw = Step::Hex.encode(b"x").unwrap();
    assert!(matches!(
        CodecReader::from_header(&raw[..], 1 << 20),
        Err(Error::NoHeader)
    ));
}

#[test]
fn a_codec_can_move_between_threads() {
    fn send<T: Send>(_: &T) {}
    let codec = Codec::new(Pipeline::parse("zstd+lz4+gzip").unwrap());
    send(&codec);
    let handle = std::thread::spawn(move || {
        let mut codec = codec;
        codec.encode(b"moved").unwrap()
    });
    let packed = handle.join().unwrap();
    assert_eq!(
        Pipeline::parse("zstd+lz4+gzip")
            .unwrap()
            .decode(&packed)
            .unwrap(),
        b"moved"
    );
}

/// A gzip member written by hand around `data`'s raw DEFLATE: every
/// optional header field present, the header CRC included.
fn gzip_member_with_every_field(data: &[u8]) -> Vec<u8> {
    let mut member = vec![0x1F, 0x8B, 8, 0x02 | 0x04 | 0x08 | 0x10, 1, 2, 3, 4, 0, 3];
    member.extend_from_slice(&5u16.to_le_bytes());
    member.extend_from_slice(b"AB\x01\x00z");
    member.extend_from_slice(b"name.cbor\0");
    member.extend_from_slice(b"a comment\0");
    let mut crc = flate2::Crc::new();
    crc.update(&member);
    member.extend_from_slice(&(crc.sum() as u16).to_le_bytes());
    member.extend_from_slice(&Step::DEFLATE.encode(data).unwrap());
    let mut crc = flate2::Crc::new();
    crc.update(data);
    member.extend_from_slice(&crc.sum().to_le_bytes());
    member.extend_from_slice(&(data.len() as u32).to_le_bytes());
    member
}

/// Hands out one byte per read, so a decoder sees every split.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn gzip_members_are_read_with_every_header_field_and_checked() {
    let data = sample();
    let member = gzip_member_with_every_field(&data);
    // flate2's own reader agrees that the hand-made member is valid.
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(&member[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, data);
    assert_eq!(Step::GZIP.decode(&member).unwrap(), data);

    // Members follow each other; fed a byte at a time, too.
    let mut two = member.clone();
    two.extend_from_slice(&Step::GZIP.encode(b"second").unwrap());
    let mut whole = data.clone();
    whole.extend_from_slice(b"second");
    assert_eq!(Step::GZIP.decode(&two).unwrap(), whole);
    let codec = Codec::new(Pipeline::from(Step::GZIP));
    let mut reader = codec.reader(boring_codec::Direction::Decode, OneByte(&two));
    let mut back = Vec::new();
    reader.read_to_end(&mut back).unwrap();
    assert_eq!(back, whole);

    // Damage anywhere in the framing is a typed error.
    let trailer = member.len() - 8;
    for (at, what) in [
        (0, "magic"),
        (2, "method"),
        (3, "reserved flags"),
        (30, "header CRC"),
        (trailer, "CRC-32"),
        (trailer + 4, "length"),
    ] {
        let mut bad = member.clone();
        bad[at] ^= if at == 3 { 0x20 } else { 0x01 };
        let err = Step::GZIP.decode(&bad).unwrap_err();
        assert!(
            matches!(err, Error::Corrupt { step: "gzip", .. }),
            "{what}: {err:?}"
        );
    }
    // Cut inside the header, the body or the trailer.
    for cut in [5, 12, 25, 40, trailer, member.len() - 1] {
        let err = Step::GZIP.decode(&member[..cut]).unwrap_err();
        assert!(
            matches!(err, Error::Truncated { step: "gzip" }),
            "{cut}: {err:?}"
        );
    }
}

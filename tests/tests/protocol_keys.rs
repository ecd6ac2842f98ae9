//! Protocol layouts of `#[derive(Boring)]`: integer and mixed keys, key
//! order per profile (CTAP2 included), positional structs
//! (`#[boring(array)]`) and tags (`#[boring(cbor_tag)]`).

use boring::{Boring, ErrorKind, Options, PathSegment, Profile, Value};
use boring_tests::{hex, to_hex};

fn interop() -> Options {
    Profile::Interop.into()
}

fn enc<T: boring::Encode>(v: &T, profile: Profile) -> String {
    to_hex(&boring::to_vec_with(v, &profile.into()).unwrap())
}

/// Keys across the whole CBOR integer range, and text, in one struct.
#[derive(Boring, Debug, PartialEq, Clone)]
struct Mixed {
    #[boring(key = 1)]
    one: i64,
    #[boring(key = -1)]
    minus_one: i64,
    #[boring(key = "name")]
    name: String,
    #[boring(key = 24)]
    big: bool,
    #[boring(key = 18446744073709551615)]
    max: u8,
    #[boring(key = -18446744073709551616)]
    min: u8,
    plain: u8,
}

fn mixed() -> Mixed {
    Mixed {
        one: 10,
        minus_one: -10,
        name: "n".into(),
        big: true,
        max: 1,
        min: 2,
        plain: 3,
    }
}

#[test]
fn integer_keys_in_declaration_order_under_interop() {
    let bytes = boring::to_vec_with(&mixed(), &interop()).unwrap();
    assert_eq!(
        to_hex(&bytes),
        "a7010a2029646e616d65616e1818f51bffffffffffffffff013bffffffffffffffff0265706c61696e03"
    );
    assert_eq!(boring::from_slice::<Mixed>(&bytes).unwrap(), mixed());
    // The same bytes as the `Value` with the same entries.
    let value: Value = boring::from_slice(&bytes).unwrap();
    assert_eq!(boring::to_vec_with(&value, &interop()).unwrap(), bytes);
}

#[test]
fn sorted_profiles_sort_by_encoded_key() {
    // Bytewise: 01, 0x18 18, 0x1b…, 0x20, 0x3b…, "name", "plain".
    let bytewise =
        "a7010a1818f51bffffffffffffffff0120293bffffffffffffffff02646e616d65616e65706c61696e03";
    assert_eq!(enc(&mixed(), Profile::Canonical), bytewise);
    assert_eq!(enc(&mixed(), Profile::Ctap2), bytewise);
    assert_eq!(enc(&mixed(), Profile::Archival), bytewise);
    // Length first: one-byte keys (01, 20), then 18 18, then the text
    // keys and the nine-byte integers by length.
    assert_eq!(
        enc(&mixed(), Profile::CanonicalRfc7049),
        "a7010a20291818f5646e616d65616e65706c61696e031bffffffffffffffff013bffffffffffffffff02"
    );
    let strict = Options::from(Profile::Ctap2).verify_deterministic(true);
    let bytes = hex(bytewise);
    assert_eq!(
        boring::from_slice_with::<Mixed>(&bytes, &strict).unwrap(),
        mixed()
    );
}

#[test]
fn decoding_matches_integers_and_text_by_kind() {
    // Any order, unknown keys (integer and text) skipped; the text "1" is
    // not the integer 1.
    let entries = "6131 00 02 00 65706c61696e 03 20 29 646e616d65 616e 18 18 f5 1bffffffffffffffff 01 3bffffffffffffffff 02";
    let err = boring::from_slice::<Mixed>(&hex(&format!("a8 {entries}"))).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("1"));
    let v: Mixed = boring::from_slice(&hex(&format!("a9 {entries} 01 0a"))).unwrap();
    assert_eq!(v, mixed());
    let missing = boring::from_slice::<Mixed>(&hex("a0")).unwrap_err();
    assert_eq!(missing.kind(), &ErrorKind::MissingField("1"));
    let wrong = boring::from_slice::<Mixed>(&hex("a1 20 61 78")).unwrap_err();
    assert_eq!(wrong.path(), &[PathSegment::Key(-1)]);
    assert!(wrong.to_string().ends_with("(in -1)"), "{wrong}");
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(deny_unknown_fields)]
struct Strict {
    #[boring(key = 3)]
    a: u8,
}

#[test]
fn unknown_integer_keys_are_named() {
    let err = boring::from_slice::<Strict>(&hex("a2 03 00 04 00")).unwrap_err();
    let expected: &[&str] = &["3"];
    assert_eq!(
        err.kind(),
        &ErrorKind::UnknownField {
            name: "4".into(),
            expected
        }
    );
    assert_eq!(err.to_string(), "unknown field 4, expected `3` at byte 3");
}

/// A CTAP2 `authenticatorMakeCredential`-like request: integer keys in
/// ascending order, optional members left out.
#[derive(Boring, Debug, PartialEq, Clone)]
struct MakeCredential {
    #[boring(key = 1, bytes)]
    client_data_hash: Vec<u8>,
    #[boring(key = 2)]
    rp: Entity,
    #[boring(key = 4)]
    params: Vec<CredParam>,
    #[boring(key = 7, skip_if_none)]
    options: Option<CredOptions>,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Entity {
    id: String,
    name: String,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct CredParam {
    alg: i64,
    #[boring(rename = "type")]
    kind: String,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct CredOptions {
    rk: bool,
    uv: bool,
}

#[test]
fn ctap2_maps_are_sorted_and_verified() {
    let req = MakeCredential {
        client_data_hash: vec![0xaa; 4],
        rp: Entity {
            id: "example.com".into(),
            name: "Example".into(),
        },
        params: vec![CredParam {
            alg: -7,
            kind: "public-key".into(),
        }],
        options: Some(CredOptions {
            rk: true,
            uv: false,
        }),
    };
    let strict = Options::from(Profile::Ctap2).verify_deterministic(true);
    let bytes = boring::to_vec_with(&req, &strict).unwrap();
    // Hand-built in CTAP2 order: shorter text keys first ("id" < "name",
    // "alg" < "type", "rk" < "uv").
    let expected = "a4 01 44aaaaaaaa 02 a2 626964 6b6578616d706c652e636f6d 646e616d65 674578616d706c65 \
                    04 81 a2 63616c67 26 6474797065 6a7075626c69632d6b6579 07 a2 62726b f5 627576 f4";
    assert_eq!(to_hex(&bytes), to_hex(&hex(expected)));
    assert_eq!(
        boring::from_slice_with::<MakeCredential>(&bytes, &strict).unwrap(),
        req
    );
    // The same map with two keys swapped is refused.
    let swapped = hex("a2 02 a2 626964 6161 646e616d65 6161 01 4100");
    let err = boring::from_slice_with::<Value>(&swapped, &strict).unwrap_err();
    assert!(matches!(
        err.kind(),
        ErrorKind::NotDeterministic { rule: "key order" }
    ));
    let mut no_options = req;
    no_options.options = None;
    assert!(boring::to_vec_with(&no_options, &strict)
        .unwrap()
        .starts_with(&[0xa3]));
}

/// A positional struct with a trailing run of optional fields.
#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(array)]
struct Positional {
    a: u8,
    #[boring(bytes)]
    b: Vec<u8>,
    #[boring(skip_if_none)]
    c: Option<u8>,
    #[boring(skip_if_none)]
    d: Option<String>,
}

#[test]
fn array_structs_drop_only_trailing_nones() {
    let full = Positional {
        a: 1,
        b: vec![2],
        c: Some(3),
        d: Some("x".into()),
    };
    assert_eq!(
        enc(&full, Profile::Interop),
        "8401410203617
        8"
        .replace(['\n', ' '], "")
    );
    let mut gap = full.clone();
    gap.c = None;
    // `c` is not trailing once `d` is written: it stays, as null.
    assert_eq!(enc(&gap, Profile::Interop), "84014102f66178");
    let mut short = full.clone();
    short.d = None;
    assert_eq!(
        enc(&short, Profile::Interop),
        "83014102 03".replace(' ', "")
    );
    short.c = None;
    assert_eq!(enc(&short, Profile::Interop), "82014102");
    for v in [full, gap, short] {
        let bytes = boring::to_vec_with(&v, &interop()).unwrap();
        assert_eq!(boring::from_slice::<Positional>(&bytes).unwrap(), v);
    }
    // Required elements cannot be left out; extra elements are refused.
    let err = boring::from_slice::<Positional>(&hex("81 01")).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
    let err = boring::from_slice::<Positional>(&hex("85 01 4102 03 6178 00")).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(array, cbor_tag = 18)]
struct TaggedArray {
    #[boring(bytes)]
    protected: Vec<u8>,
    n: u8,
}

#[derive(Boring, Debug, PartialEq, Clone)]
#[boring(cbor_tag = 1000)]
struct TaggedMap {
    #[boring(key = 1)]
    x: u8,
    #[boring(cbor_tag = 32)]
    url: String,
    #[boring(cbor_tag = 24, bytes, skip_if_none)]
    embedded: Option<Vec<u8>>,
}

#[test]
fn cbor_tags_on_types_and_fields() {
    let v = TaggedArray {
        protected: vec![0xa0],
        n: 5,
    };
    let bytes = boring::to_vec_with(&v, &interop()).unwrap();
    assert_eq!(to_hex(&bytes), "d28241a005");
    assert_eq!(boring::from_slice::<TaggedArray>(&bytes).unwrap(), v);
    for (input, found) in [("8241a005", None), ("d18241a005", Some(17))] {
        let err = boring::from_slice::<TaggedArray>(&hex(input)).unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::WrongTag {
                expected: 18,
                found
            }
        );
    }

    let m = TaggedMap {
        x: 1,
        url: "a".into(),
        embedded: Some(vec![0xf6]),
    };
    let bytes = boring::to_vec_with(&m, &interop()).unwrap();
    assert_eq!(
        to_hex(&bytes),
        "d903e8a30101637572 6cd8206161 68656d626564646564d81841f6".replace(' ', "")
    );
    assert_eq!(boring::from_slice::<TaggedMap>(&bytes).unwrap(), m);
    let untagged_field = hex("d903e8a2 0101 637572 6c 6161");
    let err = boring::from_slice::<TaggedMap>(&untagged_field).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::WrongTag {
            expected: 32,
            found: None
        }
    );
    assert_eq!(err.path(), &[PathSegment::Field("url")]);
}

#[test]
fn tagged_and_array_types_are_never_shaped() {
    let items = vec![
        TaggedMap {
            x: 1,
            url: "a".into(),
            embedded: None,
        };
        3
    ];
    let shaped = Options::default()
        .stringref(false)
        .shapes(true)
        .columns(true);
    let bytes = boring::to_vec_with(&items, &shaped).unwrap();
    let values: Vec<Value> = items
        .iter()
        .map(|i| boring::from_slice(&boring::to_vec_with(i, &interop()).unwrap()).unwrap())
        .collect();
    assert_eq!(
        bytes,
        boring::to_vec_with(&Value::Array(values.into()), &shaped).unwrap()
    );
    assert_eq!(bytes[0], 0x83);
    assert_eq!(boring::from_slice::<Vec<TaggedMap>>(&bytes).unwrap(), items);

    let rows = vec![
        Positional {
            a: 1,
            b: vec![],
            c: None,
            d: None
        };
        3
    ];
    let bytes = boring::to_vec_with(&rows, &shaped).unwrap();
    assert_eq!(to_hex(&bytes), "83820140820140820140");
}

/// Integer-keyed plain maps are shaped exactly as `Value` shapes the same
/// maps.
#[test]
fn integer_keyed_records_shape_like_values() {
    #[derive(Boring, Debug, PartialEq, Clone)]
    struct Reading {
        #[boring(key = 1)]
        sensor: u32,
        #[boring(key = -2)]
        value: i64,
    }
    let rows: Vec<Reading> = (0..4)
        .map(|i| Reading {
            sensor: i,
            value: -(i as i64),
        })
        .collect();
    for options in [
        Options::default().stringref(false).shapes(true),
        Options::default().stringref(false).columns(true),
    ] {
        let bytes = boring::to_vec_with(&rows, &options).unwrap();
        let values: Vec<Value> = rows
            .iter()
            .map(|r| boring::from_slice(&boring::to_vec_with(r, &interop()).unwrap()).unwrap())
            .collect();
        assert_eq!(
            bytes,
            boring::to_vec_with(&Value::Array(values.into()), &options).unwrap()
        );
        assert_eq!(boring::from_slice::<Vec<Reading>>(&bytes).unwrap(), rows);
    }
}

/// The raw-bytes types as derived fields: an item kept undecoded, a value
/// with its bytes, CBOR inside a byte string under tag 24.
#[derive(Boring, Debug, PartialEq)]
struct Envelope<'a> {
    #[boring(key = 1)]
    kind: u8,
    #[boring(key = 2)]
    body: boring::Raw<'a>,
    #[boring(key = 3)]
    kept: boring::KeepRaw<'a, Vec<i64>>,
    #[boring(key = 4)]
    inner: boring::Tagged<24, boring::Embedded<Strict>>,
}

#[test]
fn raw_byte_types_as_fields() {
    // The kept array is written with a non-shortest head (18 01), which
    // only its original bytes reproduce.
    let bytes = hex("a4 01 01 02 a1 6161 f5 03 82 1801 20 04 d818 43 a1 03 07");
    let e: Envelope<'_> = boring::from_slice(&bytes).unwrap();
    assert_eq!(e.body.as_bytes(), hex("a16161f5"));
    assert_eq!(e.kept.value(), &vec![1, -1]);
    assert_eq!(e.inner.0 .0, Strict { a: 7 });
    assert_eq!(boring::to_vec_with(&e, &interop()).unwrap(), bytes);
}

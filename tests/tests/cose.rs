//! COSE (RFC 8152 / RFC 9052) and CWT (RFC 8392) messages derived with
//! `#[derive(Boring)]`, checked against the COSE working group's published
//! examples: every message decodes and re-encodes byte for byte under
//! `Profile::Interop`, and the structures that are signed, MACed or used as
//! additional authenticated data, rebuilt from the decoded parts, equal the
//! published intermediates.

use std::path::{Path, PathBuf};

use boring::{
    Boring, Decode, Embedded, Encode, ErrorKind, KeepRaw, Options, Profile, Tagged, Value,
};
use boring_tests::{data_dir, hex, to_hex};
use serde_json::Value as Json;

fn interop() -> Options {
    Profile::Interop.into()
}

// ----- labels and values ---------------------------------------------------

/// A label or value that is an integer or a text string (`alg`,
/// `content type`, `crit` entries, key parameters).
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(untagged)]
enum Label {
    Int(i64),
    Text(String),
}

/// A CWT NumericDate: integer or floating-point seconds.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(untagged)]
enum NumericDate {
    Int(i64),
    Float(f64),
}

/// A COSE_Key as it appears in an ephemeral or static key header.
#[derive(Boring, Debug, Clone, PartialEq)]
struct CoseKey {
    #[boring(key = 1)]
    kty: Label,
    #[boring(key = -1, skip_if_none)]
    crv: Option<Label>,
    #[boring(key = -2, bytes, skip_if_none)]
    x: Option<Vec<u8>>,
    /// The y coordinate, or its sign bit.
    #[boring(key = -3, skip_if_none)]
    y: Option<Value>,
    #[boring(unknown)]
    other: Vec<(Value, Value)>,
}

/// The header of a counter signature (one level: no nested counter
/// signatures).
#[derive(Boring, Debug, Clone, PartialEq)]
struct CounterHeader {
    #[boring(key = 1, skip_if_none)]
    alg: Option<Label>,
    #[boring(key = 4, bytes, skip_if_none)]
    kid: Option<Vec<u8>>,
    #[boring(unknown)]
    other: Vec<(Value, Value)>,
}

/// COSE_Countersignature: `[protected, unprotected, signature]`.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CounterSig {
    #[boring(bytes)]
    protected: Vec<u8>,
    unprotected: CounterHeader,
    #[boring(bytes)]
    signature: Vec<u8>,
}

/// Label 7: one counter signature or several.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(untagged)]
enum CounterSignature {
    One(CounterSig),
    Many(Vec<CounterSig>),
}

/// A header map, its fields in the order the examples write them; labels
/// it does not declare are kept, in order, after them.
#[derive(Boring, Debug, Clone, PartialEq, Default)]
struct Header {
    #[boring(key = 1, skip_if_none)]
    alg: Option<Label>,
    #[boring(key = -20, bytes, skip_if_none)]
    salt: Option<Vec<u8>>,
    #[boring(key = 2, skip_if_none)]
    crit: Option<Vec<Label>>,
    #[boring(key = -1, skip_if_none)]
    ephemeral_key: Option<CoseKey>,
    #[boring(key = 3, skip_if_none)]
    content_type: Option<Label>,
    #[boring(key = -2, skip_if_none)]
    static_key: Option<CoseKey>,
    #[boring(key = -3, bytes, skip_if_none)]
    static_key_id: Option<Vec<u8>>,
    #[boring(key = 4, bytes, skip_if_none)]
    kid: Option<Vec<u8>>,
    #[boring(key = 5, bytes, skip_if_none)]
    iv: Option<Vec<u8>>,
    #[boring(key = -22, bytes, skip_if_none)]
    party_u_nonce: Option<Vec<u8>>,
    #[boring(key = 6, bytes, skip_if_none)]
    partial_iv: Option<Vec<u8>>,
    #[boring(key = 7, skip_if_none)]
    counter_signature: Option<CounterSignature>,
    #[boring(unknown)]
    other: Vec<(Value, Value)>,
}

/// A protected header: a byte string holding the encoded header map (or
/// nothing), kept as received so that it re-encodes exactly.
type Protected<'a> = Embedded<Option<KeepRaw<'a, Header>>>;

/// The bytes of a protected header as they sit in its byte string.
fn protected_bytes<'a>(p: &Protected<'a>) -> &'a [u8] {
    p.0.as_ref().map_or(&[], |h| h.raw())
}

// ----- messages --------------------------------------------------------------

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseSign1<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    payload: Option<Vec<u8>>,
    #[boring(bytes)]
    signature: Vec<u8>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseSignature<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    signature: Vec<u8>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseSign<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    payload: Option<Vec<u8>>,
    signatures: Vec<CoseSignature<'a>>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseMac0<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    payload: Option<Vec<u8>>,
    #[boring(bytes)]
    tag: Vec<u8>,
}

/// COSE_recipient: recipients nest, and the nested list is optional (a
/// trailing `skip_if_none` element).
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseRecipient<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    ciphertext: Option<Vec<u8>>,
    #[boring(skip_if_none)]
    recipients: Option<Vec<CoseRecipient<'a>>>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseMac<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    payload: Option<Vec<u8>>,
    #[boring(bytes)]
    tag: Vec<u8>,
    recipients: Vec<CoseRecipient<'a>>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseEncrypt0<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    ciphertext: Option<Vec<u8>>,
}

#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
struct CoseEncrypt<'a> {
    protected: Protected<'a>,
    unprotected: Header,
    #[boring(bytes)]
    ciphertext: Option<Vec<u8>>,
    recipients: Vec<CoseRecipient<'a>>,
}

/// Every tagged message, told apart by its tag in place (no buffering).
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(untagged)]
enum Message<'a> {
    Sign1(Tagged<18, CoseSign1<'a>>),
    Sign(Tagged<98, CoseSign<'a>>),
    Mac0(Tagged<17, CoseMac0<'a>>),
    Mac(Tagged<97, CoseMac<'a>>),
    Encrypt0(Tagged<16, CoseEncrypt0<'a>>),
    Encrypt(Tagged<96, CoseEncrypt<'a>>),
}

// ----- the structures that are signed, MACed or authenticated ----------------

/// Sig_structure for COSE_Sign1, MAC_structure, and Enc_structure without
/// a payload are the same positional shape with different contexts; each
/// is derived on its own so the wire grammar stays visible.
#[derive(Boring, Debug)]
#[boring(array)]
struct SigStructure1<'a> {
    context: &'a str,
    #[boring(bytes)]
    body_protected: &'a [u8],
    #[boring(bytes)]
    external_aad: &'a [u8],
    #[boring(bytes)]
    payload: &'a [u8],
}

/// Sig_structure for COSE_Sign: the signer's protected header too.
#[derive(Boring, Debug)]
#[boring(array)]
struct SigStructure<'a> {
    context: &'a str,
    #[boring(bytes)]
    body_protected: &'a [u8],
    #[boring(bytes)]
    sign_protected: &'a [u8],
    #[boring(bytes)]
    external_aad: &'a [u8],
    #[boring(bytes)]
    payload: &'a [u8],
}

#[derive(Boring, Debug)]
#[boring(array)]
struct MacStructure<'a> {
    context: &'a str,
    #[boring(bytes)]
    protected: &'a [u8],
    #[boring(bytes)]
    external_aad: &'a [u8],
    #[boring(bytes)]
    payload: &'a [u8],
}

#[derive(Boring, Debug)]
#[boring(array)]
struct EncStructure<'a> {
    context: &'a str,
    #[boring(bytes)]
    protected: &'a [u8],
    #[boring(bytes)]
    external_aad: &'a [u8],
}

fn to_hex_upper(bytes: &[u8]) -> String {
    to_hex(bytes).to_uppercase()
}

fn encode<T: Encode>(value: &T) -> Vec<u8> {
    boring::to_vec_with(value, &interop()).unwrap()
}

// ----- the vectors -------------------------------------------------------------

struct Vector {
    path: PathBuf,
    json: Json,
    bytes: Vec<u8>,
}

impl Vector {
    fn name(&self) -> String {
        self.path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    }

    fn is_fail(&self) -> bool {
        self.name().contains("-fail-")
    }

    /// Whether the intermediates describe the message as built before a
    /// deliberate change to it.
    fn intermediates_apply(&self) -> bool {
        !self.is_fail()
            && self.json["input"]["failures"]
                .get("ChangeProtected")
                .is_none()
    }

    /// The `external` additional data of the input, wherever it sits.
    fn external_aad(&self) -> Vec<u8> {
        fn find(j: &Json) -> Option<&str> {
            match j {
                Json::Object(map) => map
                    .get("external")
                    .and_then(Json::as_str)
                    .or_else(|| map.values().find_map(find)),
                _ => None,
            }
        }
        find(&self.json["input"]).map(hex).unwrap_or_default()
    }

    fn intermediate(&self, name: &str) -> Option<String> {
        self.json["intermediates"][name]
            .as_str()
            .map(str::to_uppercase)
    }
}

fn vectors() -> Vec<Vector> {
    let root = data_dir().join("cose");
    let mut out = Vec::new();
    for dir in [
        "sign1-tests",
        "mac0-tests",
        "encrypted-tests",
        "RFC8152",
        "CWT",
    ] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        for path in files {
            let json: Json =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let bytes = hex(json["output"]["cbor"].as_str().unwrap());
            out.push(Vector { path, json, bytes });
        }
    }
    assert!(
        out.len() >= 50,
        "expected the whole example set, found {}",
        out.len()
    );
    out
}

fn dir_of(path: &Path) -> String {
    path.parent()
        .and_then(Path::file_name)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Decodes and re-encodes `bytes` as `T`, requiring the same bytes.
fn round_trip<'a, T: Decode<'a> + Encode>(name: &str, bytes: &'a [u8]) -> T {
    let value =
        boring::from_slice_with::<T>(bytes, &interop()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        to_hex(&encode(&value)),
        to_hex(bytes),
        "{name}: re-encoding"
    );
    value
}

/// The checks of one decoded message against its vector's intermediates.
fn check_intermediates(v: &Vector, message: &Message<'_>) -> usize {
    let name = v.name();
    let aad = v.external_aad();
    let mut checked = 0;
    let mut expect = |label: &str, built: Vec<u8>, published: Option<String>| {
        let published = published.unwrap_or_else(|| panic!("{name}: no {label}"));
        assert_eq!(to_hex_upper(&built), published, "{name}: {label}");
        checked += 1;
    };
    match message {
        Message::Sign1(m) => {
            let s = SigStructure1 {
                context: "Signature1",
                body_protected: protected_bytes(&m.protected),
                external_aad: &aad,
                payload: m.payload.as_deref().unwrap_or_default(),
            };
            expect("ToBeSign_hex", encode(&s), v.intermediate("ToBeSign_hex"));
        }
        Message::Sign(m) => {
            let signers = v.json["intermediates"]["signers"].as_array().unwrap();
            assert_eq!(signers.len(), m.signatures.len(), "{name}: signers");
            for (signer, published) in m.signatures.iter().zip(signers) {
                let s = SigStructure {
                    context: "Signature",
                    body_protected: protected_bytes(&m.protected),
                    sign_protected: protected_bytes(&signer.protected),
                    external_aad: &aad,
                    payload: m.payload.as_deref().unwrap_or_default(),
                };
                let published = published["ToBeSign_hex"].as_str().map(str::to_uppercase);
                expect("signers.ToBeSign_hex", encode(&s), published);
            }
        }
        Message::Mac0(m) => {
            let s = MacStructure {
                context: "MAC0",
                protected: protected_bytes(&m.protected),
                external_aad: &aad,
                payload: m.payload.as_deref().unwrap_or_default(),
            };
            expect("ToMac_hex", encode(&s), v.intermediate("ToMac_hex"));
        }
        Message::Mac(m) => {
            let s = MacStructure {
                context: "MAC",
                protected: protected_bytes(&m.protected),
                external_aad: &aad,
                payload: m.payload.as_deref().unwrap_or_default(),
            };
            expect("ToMac_hex", encode(&s), v.intermediate("ToMac_hex"));
        }
        Message::Encrypt0(m) => {
            let s = EncStructure {
                context: "Encrypt0",
                protected: protected_bytes(&m.protected),
                external_aad: &aad,
            };
            expect("AAD_hex", encode(&s), v.intermediate("AAD_hex"));
        }
        Message::Encrypt(m) => {
            let s = EncStructure {
                context: "Encrypt",
                protected: protected_bytes(&m.protected),
                external_aad: &aad,
            };
            expect("AAD_hex", encode(&s), v.intermediate("AAD_hex"));
        }
    }
    checked
}

#[test]
fn every_message_round_trips_and_rebuilds_its_intermediates() {
    let (mut messages, mut untagged, mut intermediates) = (0, 0, 0);
    for v in vectors() {
        let name = v.name();
        let tag = match boring::from_slice::<Value>(&v.bytes).unwrap() {
            Value::Tag(t, _) => Some(t),
            _ => None,
        };
        match tag {
            Some(16 | 17 | 18 | 96 | 97 | 98) => {
                let message: Message<'_> = round_trip(&name, &v.bytes);
                messages += 1;
                if v.intermediates_apply() {
                    intermediates += check_intermediates(&v, &message);
                }
            }
            Some(_) => {
                // A deliberately wrong tag: checked below.
                assert!(v.is_fail(), "{name}: unexpected tag {tag:?}");
            }
            None => {
                // The `*-pass-03` messages: the same structure, no tag.
                match dir_of(&v.path).as_str() {
                    "sign1-tests" => drop(round_trip::<CoseSign1<'_>>(&name, &v.bytes)),
                    "mac0-tests" => drop(round_trip::<CoseMac0<'_>>(&name, &v.bytes)),
                    "encrypted-tests" => drop(round_trip::<CoseEncrypt0<'_>>(&name, &v.bytes)),
                    other => panic!("{name}: untagged message in {other}"),
                }
                untagged += 1;
            }
        }
    }
    assert_eq!(messages, 45);
    assert_eq!(untagged, 3);
    // Every message except the deliberately broken ones; C.1.2 has two signers.
    assert_eq!(intermediates, 28);
}

#[test]
fn a_wrong_message_tag_is_a_wrong_tag_error() {
    let root = data_dir().join("cose");
    let cases = [
        ("sign1-tests/sign-fail-01.json", 18, 998),
        ("encrypted-tests/enc-fail-01.json", 16, 995),
        ("mac0-tests/mac-fail-01.json", 17, 992),
    ];
    for (file, expected, found) in cases {
        let json: Json =
            serde_json::from_str(&std::fs::read_to_string(root.join(file)).unwrap()).unwrap();
        let bytes = hex(json["output"]["cbor"].as_str().unwrap());
        let err = match expected {
            18 => boring::from_slice::<Tagged<18, CoseSign1<'_>>>(&bytes).map(drop),
            16 => boring::from_slice::<Tagged<16, CoseEncrypt0<'_>>>(&bytes).map(drop),
            _ => boring::from_slice::<Tagged<17, CoseMac0<'_>>>(&bytes).map(drop),
        }
        .unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::WrongTag {
                expected,
                found: Some(found)
            },
            "{file}"
        );
        // The untagged union of all messages reports what each expected.
        let err = boring::from_slice::<Message<'_>>(&bytes).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("Sign1") && text.contains("Encrypt"), "{text}");
    }
}

#[test]
fn protected_headers_keep_their_bytes_and_decode() {
    let bytes = hex(
        "D28443A10126A10442313154546869732069732074686520636F6E74656E742E5840\
                     8EB33E4CA31D1C465AB05AAC34CC6B23D58FEF5C083106C4D25A91AEF0B0117E\
                     2AF9A291AA32E14AB834DC56ED2A223444547E01F11D3B0916E5A4C345CACB36",
    );
    let m: Tagged<18, CoseSign1<'_>> = round_trip("C.2.1", &bytes);
    let protected = m.protected.0.as_ref().unwrap();
    assert_eq!(protected.raw(), hex("A10126"));
    assert_eq!(protected.alg, Some(Label::Int(-7)));
    assert_eq!(m.unprotected.kid.as_deref(), Some(&b"11"[..]));
    // The protected header is itself deterministic CBOR.
    let strict = Options::from(Profile::Canonical).verify_deterministic(true);
    assert!(boring::from_slice_with::<Header>(protected.raw(), &strict).is_ok());
}

/// RFC 8152 C.2.1 with the plainest types: `Vec<u8>` byte strings and a
/// two-field unprotected header.
#[derive(Boring, Debug, PartialEq)]
#[boring(array, cbor_tag = 18)]
struct C21 {
    #[boring(bytes)]
    protected: Vec<u8>,
    unprotected: C21Header,
    #[boring(bytes)]
    payload: Vec<u8>,
    #[boring(bytes)]
    signature: Vec<u8>,
}

#[derive(Boring, Debug, PartialEq)]
struct C21Header {
    #[boring(key = 1, skip_if_none)]
    alg: Option<i64>,
    #[boring(key = 4, bytes, skip_if_none)]
    kid: Option<Vec<u8>>,
}

#[test]
fn rfc8152_c_2_1_with_plain_types() {
    let path = data_dir().join("cose/RFC8152/Appendix_C_2_1.json");
    let json: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let bytes = hex(json["output"]["cbor"].as_str().unwrap());
    let m: C21 = round_trip("C.2.1", &bytes);
    assert_eq!(m.protected, hex("A10126"));
    assert_eq!(
        m.unprotected,
        C21Header {
            alg: None,
            kid: Some(b"11".to_vec())
        }
    );
    assert_eq!(m.payload, b"This is the content.");
    let untagged = &bytes[1..];
    let err = boring::from_slice::<C21>(untagged).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::WrongTag {
            expected: 18,
            found: None
        }
    );
}

// ----- CWT ----------------------------------------------------------------------

/// The CWT claims set (RFC 8392 §3).
#[derive(Boring, Debug, Clone, PartialEq)]
struct Claims {
    #[boring(key = 1, skip_if_none)]
    iss: Option<String>,
    #[boring(key = 2, skip_if_none)]
    sub: Option<String>,
    #[boring(key = 3, skip_if_none)]
    aud: Option<String>,
    #[boring(key = 4, skip_if_none)]
    exp: Option<NumericDate>,
    #[boring(key = 5, skip_if_none)]
    nbf: Option<NumericDate>,
    #[boring(key = 6, skip_if_none)]
    iat: Option<NumericDate>,
    #[boring(key = 7, bytes, skip_if_none)]
    cti: Option<Vec<u8>>,
    #[boring(unknown)]
    other: Vec<(Value, Value)>,
}

#[test]
fn cwt_claims_round_trip() {
    let root = data_dir().join("cose/CWT");
    // A.3 (signed) and A.4 (MACed) carry the A.1 claims set as payload.
    let a3: Json =
        serde_json::from_str(&std::fs::read_to_string(root.join("A_3.json")).unwrap()).unwrap();
    let bytes = hex(a3["output"]["cbor"].as_str().unwrap());
    let m: Tagged<18, CoseSign1<'_>> = round_trip("A.3", &bytes);
    let payload = m.payload.clone().unwrap();
    assert_eq!(
        to_hex(&payload),
        a3["input"]["plaintext_hex"].as_str().unwrap()
    );
    let claims: Claims = round_trip("A.1", &payload);
    assert_eq!(claims.iss.as_deref(), Some("coap://as.example.com"));
    assert_eq!(claims.sub.as_deref(), Some("erikw"));
    assert_eq!(claims.exp, Some(NumericDate::Int(1_444_064_944)));
    assert_eq!(claims.cti, Some(vec![0x0b, 0x71]));
    assert!(claims.other.is_empty());

    // A.7: a floating-point `iat`.
    let a7: Json =
        serde_json::from_str(&std::fs::read_to_string(root.join("A_7.json")).unwrap()).unwrap();
    let bytes = hex(a7["output"]["cbor"].as_str().unwrap());
    let m: Tagged<17, CoseMac0<'_>> = round_trip("A.7", &bytes);
    let claims: Claims = round_trip("A.7 claims", m.payload.as_deref().unwrap());
    assert_eq!(claims.iat, Some(NumericDate::Float(1_443_944_944.5)));

    // Claims the type does not declare are kept, in order, after the rest.
    let with_private = hex("a3 01 6161 1903e8 f5 6470726976 01");
    let claims: Claims = round_trip("private claims", &with_private);
    assert_eq!(
        claims.other,
        vec![
            (Value::Integer(1000), Value::Bool(true)),
            (Value::Text("priv".into()), Value::Integer(1))
        ]
    );
}

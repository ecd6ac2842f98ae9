//! The COSE working group's encryption vectors (tests/data/cose, public
//! domain; see the LICENSE and README.md there): each pass vector decrypts
//! to its plaintext, each fail vector is refused with the error its change
//! calls for, and encrypting with a vector's `rng_stream` as the randomness
//! reproduces `output.cbor` byte for byte. Vectors whose algorithms this
//! module does not implement are counted by reason, so the count cannot
//! grow unnoticed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use boring::Tagged;
use boring_codec::cose::{
    open, unwrap_key, ContentAlg, CoseEncrypt, CoseError, DirectForm, DirectKeySealer,
    EnvelopeSealer, Jwk, KeyWrapAlg, LocalKeys, MessageKind, ReplayRandom, Strategy,
};
use serde_json::Value as Json;

use crate::{hex, to_hex};

/// The example sets with encryption vectors, and the RFC 8152 appendix
/// examples of COSE_Encrypt (C.3) and COSE_Encrypt0 (C.4).
const SETS: [&str; 4] = [
    "aes-gcm-examples",
    "aes-wrap-examples",
    "encrypted-tests",
    "enveloped-tests",
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/cose")
}

struct Vector {
    name: String,
    json: Json,
    bytes: Vec<u8>,
}

impl Vector {
    /// The message kind the input describes and its description.
    fn body(&self) -> (&str, &Json) {
        let input = self.json["input"].as_object().unwrap();
        ["enveloped", "encrypted", "mac", "mac0"]
            .into_iter()
            .find_map(|k| input.get(k).map(|b| (k, b)))
            .unwrap_or_else(|| panic!("{}: no message in input", self.name))
    }

    fn is_fail(&self) -> bool {
        self.json["fail"].as_bool() == Some(true)
    }

    /// The deliberate change made after encryption, if any.
    fn failure(&self) -> Option<&str> {
        let failures = self.json["input"].get("failures")?.as_object()?;
        failures.keys().next().map(String::as_str)
    }

    fn recipient(&self) -> &Json {
        &self.body().1["recipients"][0]
    }

    /// A header parameter of the body, protected or not.
    fn body_param(&self, name: &str) -> Option<&str> {
        let body = self.body().1;
        body["protected"][name]
            .as_str()
            .or_else(|| body["unprotected"][name].as_str())
    }

    fn recipient_alg(&self) -> Option<&str> {
        let r = self.recipient();
        r["protected"]["alg"]
            .as_str()
            .or_else(|| r["unprotected"]["alg"].as_str())
    }

    fn key(&self) -> Jwk {
        Jwk::parse(&self.recipient()["key"].to_string()).unwrap()
    }

    /// The key id the message names the key by (recipient first).
    fn kid(&self) -> Option<Vec<u8>> {
        let r = self.recipient();
        r["unprotected"]["kid"]
            .as_str()
            .or_else(|| r["key"]["kid"].as_str())
            .map(|k| k.as_bytes().to_vec())
    }

    /// A ring with the vector's key; empty for the elliptic-curve keys of
    /// the ECDH examples, which are refused before any key is looked up.
    fn keys(&self) -> LocalKeys {
        let keys = LocalKeys::new();
        if let Ok(jwk) = Jwk::parse(&self.recipient()["key"].to_string()) {
            keys.insert(self.kid().unwrap_or_default(), jwk.key)
                .unwrap();
        }
        // AES-CCM's 13-byte IVs are outside the module (refused by alg).
        if let Some(base_iv) = self.base_iv().filter(|iv| iv.len() == 12) {
            keys.set_base_iv(self.kid().unwrap_or_default(), base_iv)
                .unwrap();
        }
        keys
    }

    /// The base IV a Partial IV vector's key was agreed with: the unsent
    /// whole IV with the Partial IV, left-padded, XORed out of it.
    fn base_iv(&self) -> Option<Vec<u8>> {
        let body = self.body().1;
        let partial = hex(body["unprotected"]["partialIV_hex"].as_str()?);
        let mut iv = hex(body["unsent"]["IV_hex"].as_str()?);
        let pad = iv.len() - partial.len();
        for (b, p) in iv[pad..].iter_mut().zip(&partial) {
            *b ^= p;
        }
        Some(iv)
    }

    fn has_partial_iv(&self) -> bool {
        self.body().1["unprotected"].get("partialIV_hex").is_some()
    }

    fn external_aad(&self) -> Vec<u8> {
        self.body().1["external"]
            .as_str()
            .map(hex)
            .unwrap_or_default()
    }

    fn rng(&self) -> ReplayRandom {
        let stream = self.json["input"]["rng_stream"].as_array();
        ReplayRandom::new(
            stream
                .into_iter()
                .flatten()
                .map(|c| hex(c.as_str().unwrap())),
        )
    }

    fn plaintext(&self) -> &[u8] {
        self.json["input"]["plaintext"].as_str().unwrap().as_bytes()
    }
}

fn vectors() -> Vec<Vector> {
    let root = data_dir();
    let mut paths: Vec<PathBuf> = Vec::new();
    for set in SETS {
        for entry in std::fs::read_dir(root.join(set)).unwrap() {
            paths.push(entry.unwrap().path());
        }
    }
    for entry in std::fs::read_dir(root.join("RFC8152")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("Appendix_C_3_") || name.starts_with("Appendix_C_4_") {
            paths.push(path);
        }
    }
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    let vectors: Vec<Vector> = paths
        .into_iter()
        .map(|path| {
            let dir = path
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy();
            let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            let json: Json =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let bytes = hex(json["output"]["cbor"].as_str().unwrap());
            Vector { name, json, bytes }
        })
        .collect();
    assert_eq!(vectors.len(), 50, "the vector set changed");
    vectors
}

/// Why a vector is outside this module, first reason that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Skip {
    /// COSE_Mac with AES-MAC or HMAC: the key-wrap set's MAC examples.
    NotEncryption,
    /// AES-CCM content encryption.
    ContentAlg,
    /// ECDH-ES, ECDH-SS or HKDF recipients.
    RecipientAlg,
}

fn skip_reason(v: &Vector) -> Option<Skip> {
    let (kind, _) = v.body();
    if kind.starts_with("mac") {
        return Some(Skip::NotEncryption);
    }
    if ContentAlg::from_name(v.body_param("alg").unwrap()).is_none() {
        return Some(Skip::ContentAlg);
    }
    let recipient = v.recipient_alg().unwrap();
    if recipient != "direct" && KeyWrapAlg::from_name(recipient).is_none() {
        return Some(Skip::RecipientAlg);
    }
    None
}

fn supported() -> Vec<Vector> {
    vectors()
        .into_iter()
        .filter(|v| skip_reason(v).is_none())
        .collect()
}

#[test]
fn skipped_vectors_are_counted_by_reason_and_refused_cleanly() {
    let mut counts: BTreeMap<Skip, Vec<String>> = BTreeMap::new();
    for v in vectors() {
        let Some(reason) = skip_reason(&v) else {
            continue;
        };
        // Outside the module, yet refused with a typed error, not misread.
        let err = open(&v.bytes, &v.keys(), &v.external_aad()).unwrap_err();
        let expected = match reason {
            Skip::NotEncryption => matches!(err, CoseError::WrongTag(97)),
            Skip::ContentAlg | Skip::RecipientAlg => {
                matches!(err, CoseError::UnsupportedAlgorithm(_))
            }
        };
        assert!(expected, "{}: {reason:?} refused with {err:?}", v.name);
        counts.entry(reason).or_default().push(v.name);
    }
    for (reason, names) in &counts {
        println!("skipped {} ({reason:?}): {}", names.len(), names.join(", "));
    }
    let sizes: Vec<(Skip, usize)> = counts.iter().map(|(r, n)| (*r, n.len())).collect();
    assert_eq!(
        sizes,
        [
            (Skip::NotEncryption, 9),
            (Skip::ContentAlg, 3),
            (Skip::RecipientAlg, 3),
        ]
    );
}

#[test]
fn every_pass_vector_decrypts_to_its_plaintext() {
    let mut passed = 0;
    for v in supported().iter().filter(|v| !v.is_fail()) {
        let opened = open(&v.bytes, &v.keys(), &v.external_aad())
            .unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert_eq!(opened.plaintext, v.plaintext(), "{}", v.name);
        let kind = match v.body().0 {
            "encrypted" => MessageKind::Encrypt0,
            _ => MessageKind::Encrypt,
        };
        assert_eq!(opened.kind, kind, "{}", v.name);
        passed += 1;
    }
    println!("pass vectors decrypted: {passed}");
    assert_eq!(passed, 21);
}

#[test]
fn a_partial_iv_needs_the_keys_base_iv() {
    let v = supported()
        .into_iter()
        .find(Vector::has_partial_iv)
        .expect("aes-gcm-05 gives a Partial IV");
    // The same key without its base IV: refused, not decrypted with a guess.
    let keys = LocalKeys::new();
    keys.insert(v.kid().unwrap(), v.key().key).unwrap();
    let err = open(&v.bytes, &keys, &[]).unwrap_err();
    assert!(matches!(err, CoseError::PartialIv), "{err:?}");
    // A wrong base IV gives another IV, which fails authentication.
    let mut wrong = v.base_iv().unwrap();
    wrong[0] ^= 1;
    keys.set_base_iv(v.kid().unwrap(), wrong).unwrap();
    let err = open(&v.bytes, &keys, &[]).unwrap_err();
    assert!(matches!(err, CoseError::Authentication), "{err:?}");
    // The IV and a Partial IV in one layer: refused (RFC 9052 §3.1).
    let mut message: boring::Value = boring::from_slice(&v.bytes).unwrap();
    let boring::Value::Tag(_, body) = &mut message else {
        panic!("a tagged message")
    };
    let boring::Value::Array(items) = &mut **body else {
        panic!("an array")
    };
    let boring::Value::Map(unprotected) = &mut items[1] else {
        panic!("a map")
    };
    unprotected.push((boring::Value::from(5), boring::Value::Bytes(vec![0; 12])));
    let both = boring::to_vec(&message).unwrap();
    let err = open(&both, &v.keys(), &[]).unwrap_err();
    assert!(matches!(err, CoseError::IvConflict), "{err:?}");
}

#[test]
fn every_fail_vector_is_refused_with_the_error_its_change_calls_for() {
    let mut refused = 0;
    for v in supported().iter().filter(|v| v.is_fail()) {
        let err = open(&v.bytes, &v.keys(), &v.external_aad()).unwrap_err();
        let failure = v.failure().unwrap();
        let expected = match failure {
            "ChangeCBORTag" => matches!(err, CoseError::WrongTag(995)),
            "ChangeAttr" => matches!(err, CoseError::UnsupportedAlgorithm(_)),
            // A changed tag, or a protected header changed after
            // encryption, breaks the authentication tag.
            "ChangeTag" | "AddProtected" | "RemoveProtected" => {
                matches!(err, CoseError::Authentication)
            }
            other => panic!("{}: unexpected failure kind {other}", v.name),
        };
        assert!(expected, "{}: {failure} refused with {err:?}", v.name);
        refused += 1;
    }
    println!("fail vectors refused: {refused}");
    assert_eq!(refused, 14);
}

#[test]
fn the_vectors_random_stream_reproduces_their_bytes() {
    let (mut reproduced, mut altered) = (0, Vec::new());
    for v in supported().iter().filter(|v| !v.is_fail()) {
        // These were changed after encryption (an h'a0' protected header,
        // a removed tag): no encryptor writes them. The sealers write whole
        // IVs, never a Partial IV, and the Partial IV vector gives no
        // random stream.
        if let Some(failure) = v.failure() {
            altered.push(format!("{} ({failure})", v.name));
            continue;
        }
        if v.has_partial_iv() {
            altered.push(format!("{} (Partial IV)", v.name));
            continue;
        }
        let mut rng = v.rng();
        let alg = ContentAlg::from_name(v.body_param("alg").unwrap()).unwrap();
        let key = v.key().key;
        let aad = v.external_aad();
        let bytes = match (v.body().0, v.recipient_alg().unwrap()) {
            ("encrypted", _) => DirectKeySealer::new(alg, &key, None, &mut rng)
                .unwrap()
                .seal(v.plaintext(), &aad),
            (_, "direct") => DirectKeySealer::new(alg, &key, v.kid(), &mut rng)
                .unwrap()
                .with_form(DirectForm::Encrypt)
                .seal(v.plaintext(), &aad),
            _ => {
                let keys = LocalKeys::with_key(v.kid().unwrap(), key).unwrap();
                EnvelopeSealer::new(keys, alg, Strategy::Direct)
                    .with_rng(&mut rng)
                    .seal(v.plaintext(), &aad)
            }
        }
        .unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert_eq!(to_hex(&bytes), to_hex(&v.bytes), "{}", v.name);
        assert_eq!(rng.remaining(), 0, "{}: random bytes left over", v.name);
        reproduced += 1;
    }
    println!(
        "reproduced byte for byte: {reproduced}; decrypt-only: {}",
        altered.join(", ")
    );
    assert_eq!(reproduced, 16);
    assert_eq!(altered.len(), 5);
}

#[test]
fn wrapped_keys_unwrap_to_the_published_content_key() {
    let mut checked = 0;
    for v in supported() {
        let Some(alg) = v.recipient_alg().and_then(KeyWrapAlg::from_name) else {
            continue;
        };
        let Tagged(message) = boring::from_slice::<Tagged<96, CoseEncrypt<'_>>>(&v.bytes).unwrap();
        let wrapped = message.recipients[0].ciphertext.as_deref().unwrap();
        let cek = unwrap_key(alg, &v.key().key, wrapped).unwrap();
        let published = v.json["intermediates"]["CEK_hex"].as_str().unwrap();
        assert_eq!(
            to_hex(cek.as_bytes()),
            published.to_uppercase(),
            "{}",
            v.name
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}

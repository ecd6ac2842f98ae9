//! Writes COSE_Encrypt0 and COSE_Encrypt samples, with their keys, for an
//! independent reader to decrypt (tests/interop/check_cose.py does, with
//! Python's cbor2 and cryptography).
//!
//! usage: cargo run -p boring-codec --example cose_samples -- DIR
//!
//! DIR receives one `NAME.cbor` per sample and `manifest.json`: for each
//! sample its file, the message kind, the key as a JWK (the content key
//! for Encrypt0 and `direct` recipients, the key-encryption key for key
//! wrap), the external AAD and the expected plaintext, both in hex.

use std::path::PathBuf;
use std::time::Duration;

use boring_codec::cose::{
    ContentAlg, CoseError, DirectForm, DirectKeySealer, EnvelopeSealer, Jwk, Label, LocalKeys,
    OsRandom, RandomSource, SecretKey, Strategy,
};
use serde_json::{json, Value};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn random_key(len: usize) -> Result<SecretKey, CoseError> {
    let mut bytes = vec![0; len];
    OsRandom.fill(&mut bytes)?;
    Ok(SecretKey::new(bytes))
}

/// The plaintexts: empty, 104 bytes and 8 KiB (the benchmark's sizes).
fn plaintexts() -> Vec<Vec<u8>> {
    let short = b"COSE sample: a record of one hundred and four bytes, sealed by boring-codec for a Python reader.........";
    assert_eq!(short.len(), 104);
    let long: Vec<u8> = (0..8192u32).map(|i| (i * 31 % 251) as u8).collect();
    vec![Vec::new(), short.to_vec(), long]
}

struct Samples {
    dir: PathBuf,
    manifest: Vec<Value>,
}

impl Samples {
    fn add(
        &mut self,
        name: String,
        kind: &str,
        jwk: &Jwk,
        aad: &[u8],
        plaintext: &[u8],
        message: &[u8],
    ) -> std::io::Result<()> {
        let file = format!("{name}.cbor");
        std::fs::write(self.dir.join(&file), message)?;
        let key: Value = serde_json::from_str(&jwk.to_json()).expect("JWK JSON");
        self.manifest.push(json!({
            "file": file,
            "kind": kind,
            "key": key,
            "external_aad_hex": hex(aad),
            "plaintext_hex": hex(plaintext),
        }));
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir: PathBuf = std::env::args_os()
        .nth(1)
        .ok_or("usage: cose_samples DIR")?
        .into();
    std::fs::create_dir_all(&dir)?;
    let mut samples = Samples {
        dir: dir.clone(),
        manifest: Vec::new(),
    };
    let aad = b"sample external aad";

    // COSE_Encrypt0 and `direct` recipients, under each AES-GCM size; the
    // messages of one sealer share the key, so their IVs must differ.
    for alg in [
        ContentAlg::A128Gcm,
        ContentAlg::A192Gcm,
        ContentAlg::A256Gcm,
    ] {
        for form in [DirectForm::Encrypt0, DirectForm::Encrypt] {
            let jwk = Jwk {
                key: random_key(alg.key_len())?,
                kid: Some(format!("direct-{}", alg.name())),
                alg: Some(alg.name().into()),
            };
            let mut sealer = DirectKeySealer::new(alg, &jwk.key, jwk.kid_bytes(), &mut OsRandom)?
                .with_form(form);
            let kind = match form {
                DirectForm::Encrypt0 => "encrypt0",
                DirectForm::Encrypt => "encrypt-direct",
            };
            for (i, plaintext) in plaintexts().iter().enumerate() {
                let external = if i == 1 { &aad[..] } else { &[] };
                let message = sealer.seal(plaintext, external)?;
                let name = format!("{kind}-{}-{i}", alg.name());
                samples.add(name, kind, &jwk, external, plaintext, &message)?;
            }
        }
    }

    // Key wrap under each KW size, per-message and bounded content keys.
    let strategies = [
        ("direct", Strategy::Direct),
        (
            "bounded",
            Strategy::Bounded {
                max_messages: 2,
                max_age: Duration::from_secs(60),
            },
        ),
    ];
    for kek_len in [16, 24, 32] {
        for (label, strategy) in strategies {
            let jwk = Jwk {
                key: random_key(kek_len)?,
                kid: Some(format!("kek-{}", kek_len * 8)),
                alg: None,
            };
            let keys = LocalKeys::with_key(jwk.kid_bytes().unwrap(), jwk.key.clone())?;
            let mut sealer = EnvelopeSealer::new(keys, ContentAlg::A256Gcm, strategy)
                .with_content_type(Label::Text("application/cbor".into()));
            for (i, plaintext) in plaintexts().iter().enumerate() {
                let message = sealer.seal(plaintext, aad)?;
                let name = format!("wrap-{label}-{}-{i}", kek_len * 8);
                samples.add(name, "encrypt-wrap", &jwk, aad, plaintext, &message)?;
            }
        }
    }

    let manifest = serde_json::to_string_pretty(&samples.manifest)?;
    std::fs::write(dir.join("manifest.json"), manifest)?;
    println!("{} samples in {}", samples.manifest.len(), dir.display());
    Ok(())
}

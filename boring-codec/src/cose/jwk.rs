//! Symmetric JSON Web Keys (RFC 7517/7518 §6.4): `{"kty":"oct","k":…}`,
//! the key files of the `seal` and `open` commands and the form the COSE
//! working group's vectors give their keys in.

use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use serde_json::{Map, Value};

use super::alg::{ContentAlg, KeyWrapAlg};
use super::keys::SecretKey;
use super::CoseError;

/// base64url as RFC 7515 §2 has it (no padding), accepting padding too:
/// some tools write it.
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// A symmetric JSON Web Key.
#[derive(Debug, Clone)]
pub struct Jwk {
    /// The key bytes (`k`).
    pub key: SecretKey,
    /// The key id (`kid`); COSE carries its UTF-8 bytes as label 4.
    pub kid: Option<String>,
    /// The algorithm the key is for (`alg`), if the key says.
    pub alg: Option<String>,
}

impl Jwk {
    /// Reads a JWK from JSON text. Only `kty` `oct` is accepted.
    pub fn parse(text: &str) -> Result<Self, CoseError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| CoseError::Jwk(format!("not JSON: {e}")))?;
        let obj = value
            .as_object()
            .ok_or_else(|| CoseError::Jwk("not a JSON object".into()))?;
        let text_member = |name: &str| -> Result<Option<String>, CoseError> {
            match obj.get(name) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(CoseError::Jwk(format!("\"{name}\" is not a string"))),
            }
        };
        match text_member("kty")?.as_deref() {
            Some("oct") => {}
            Some(other) => {
                return Err(CoseError::Jwk(format!(
                    "kty {other:?} is not a symmetric key (\"oct\")"
                )))
            }
            None => return Err(CoseError::Jwk("no \"kty\"".into())),
        }
        let k = text_member("k")?.ok_or_else(|| CoseError::Jwk("no \"k\"".into()))?;
        let key = LENIENT
            .decode(k.as_bytes())
            .map_err(|e| CoseError::Jwk(format!("\"k\" is not base64url: {e}")))?;
        Ok(Jwk {
            key: SecretKey::new(key),
            kid: text_member("kid")?,
            alg: text_member("alg")?,
        })
    }

    /// The key as JWK JSON text.
    pub fn to_json(&self) -> String {
        let mut obj = Map::new();
        obj.insert("kty".into(), "oct".into());
        if let Some(kid) = &self.kid {
            obj.insert("kid".into(), kid.as_str().into());
        }
        if let Some(alg) = &self.alg {
            obj.insert("alg".into(), alg.as_str().into());
        }
        obj.insert(
            "k".into(),
            URL_SAFE_NO_PAD.encode(self.key.as_bytes()).into(),
        );
        Value::Object(obj).to_string()
    }

    /// The key id as COSE writes it.
    pub fn kid_bytes(&self) -> Option<Vec<u8>> {
        self.kid.as_ref().map(|k| k.as_bytes().to_vec())
    }

    /// The content algorithm for using this key directly: its `alg` when
    /// that names AES-GCM, else the AES-GCM of the key's length (A256GCM
    /// for a 256-bit key).
    pub fn content_alg(&self) -> Result<ContentAlg, CoseError> {
        let len = self.key.as_bytes().len();
        let alg = match self.alg.as_deref() {
            Some(name) => ContentAlg::from_name(name)
                .ok_or_else(|| CoseError::Jwk(format!("alg {name:?} is not AES-GCM")))?,
            None => ContentAlg::for_key_len(len).ok_or_else(|| no_aes(len))?,
        };
        if alg.key_len() != len {
            return Err(CoseError::KeyLength {
                alg: alg.name(),
                expected: alg.key_len(),
                found: len,
            });
        }
        Ok(alg)
    }

    /// The key-wrap algorithm for using this key as a key-encryption key:
    /// its `alg` when that names AES key wrap, else the one of the key's
    /// length.
    pub fn wrap_alg(&self) -> Result<KeyWrapAlg, CoseError> {
        let len = self.key.as_bytes().len();
        let alg = match self.alg.as_deref().and_then(KeyWrapAlg::from_name) {
            Some(alg) => alg,
            None => KeyWrapAlg::for_key_len(len).ok_or_else(|| no_aes(len))?,
        };
        if alg.key_len() != len {
            return Err(CoseError::KeyLength {
                alg: alg.name(),
                expected: alg.key_len(),
                found: len,
            });
        }
        Ok(alg)
    }
}

/// The error for a key of a length no AES variant takes.
fn no_aes(len: usize) -> CoseError {
    CoseError::Jwk(format!(
        "a {len}-byte key fits no AES variant (16, 24 or 32 bytes)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_round_trips_through_json() {
        let jwk =
            Jwk::parse(r#"{"kty":"oct","kid":"our-secret","k":"hJtXIZ2uSN5kbQfbtTNWbg"}"#).unwrap();
        assert_eq!(jwk.key.as_bytes().len(), 16);
        assert_eq!(jwk.content_alg().unwrap(), ContentAlg::A128Gcm);
        assert_eq!(jwk.wrap_alg().unwrap(), KeyWrapAlg::A128Kw);
        let again = Jwk::parse(&jwk.to_json()).unwrap();
        assert_eq!(again.key.as_bytes(), jwk.key.as_bytes());
        assert_eq!(again.kid.as_deref(), Some("our-secret"));
    }

    #[test]
    fn other_keys_and_mismatches_are_refused() {
        for text in [
            "[]",
            r#"{"kty":"EC","k":"AA"}"#,
            r#"{"kty":"oct"}"#,
            r#"{"kty":"oct","k":"*"}"#,
        ] {
            assert!(matches!(Jwk::parse(text), Err(CoseError::Jwk(_))), "{text}");
        }
        let jwk =
            Jwk::parse(r#"{"kty":"oct","alg":"A256GCM","k":"hJtXIZ2uSN5kbQfbtTNWbg"}"#).unwrap();
        assert!(matches!(
            jwk.content_alg(),
            Err(CoseError::KeyLength {
                expected: 32,
                found: 16,
                ..
            })
        ));
    }
}

//! The algorithms supported (RFC 9053): AES-GCM for content (§4.1) and AES
//! key wrap for recipients (§6.2.1), both through the RustCrypto crates.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::aes::Aes192;
use aes_gcm::{Aes128Gcm, Aes256Gcm, AesGcm};
use aes_kw::{KwAes128, KwAes192, KwAes256};

use super::header::Label;
use super::keys::SecretKey;
use super::CoseError;

/// AES-192 in GCM with the standard 96-bit nonce; the crate names only the
/// 128- and 256-bit variants.
type Aes192Gcm = AesGcm<Aes192, aes_gcm::aead::consts::U12>;

/// The length of every IV this module writes or reads: GCM's 96-bit nonce
/// (RFC 9053 §4.1 fixes it).
pub const IV_LEN: usize = 12;

/// A content-encryption algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContentAlg {
    /// AES-GCM with a 128-bit key, COSE alg 1.
    A128Gcm,
    /// AES-GCM with a 192-bit key, COSE alg 2.
    A192Gcm,
    /// AES-GCM with a 256-bit key, COSE alg 3.
    A256Gcm,
}

impl ContentAlg {
    /// The COSE algorithm identifier.
    pub fn id(self) -> i64 {
        match self {
            ContentAlg::A128Gcm => 1,
            ContentAlg::A192Gcm => 2,
            ContentAlg::A256Gcm => 3,
        }
    }

    /// The name used by JOSE and the COSE examples (`A128GCM`, …).
    pub fn name(self) -> &'static str {
        match self {
            ContentAlg::A128Gcm => "A128GCM",
            ContentAlg::A192Gcm => "A192GCM",
            ContentAlg::A256Gcm => "A256GCM",
        }
    }

    /// The key length in bytes.
    pub fn key_len(self) -> usize {
        match self {
            ContentAlg::A128Gcm => 16,
            ContentAlg::A192Gcm => 24,
            ContentAlg::A256Gcm => 32,
        }
    }

    /// The algorithm with this identifier.
    pub fn from_id(id: i64) -> Option<Self> {
        [Self::A128Gcm, Self::A192Gcm, Self::A256Gcm]
            .into_iter()
            .find(|a| a.id() == id)
    }

    /// The algorithm with this name.
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::A128Gcm, Self::A192Gcm, Self::A256Gcm]
            .into_iter()
            .find(|a| a.name() == name)
    }

    /// The algorithm for a key of `len` bytes.
    pub fn for_key_len(len: usize) -> Option<Self> {
        [Self::A128Gcm, Self::A192Gcm, Self::A256Gcm]
            .into_iter()
            .find(|a| a.key_len() == len)
    }

    /// The algorithm a header's `alg` names.
    pub(crate) fn from_label(label: &Label) -> Result<Self, CoseError> {
        match label {
            Label::Int(id) => Self::from_id(*id),
            Label::Text(_) => None,
        }
        .ok_or_else(|| CoseError::UnsupportedAlgorithm(label.clone()))
    }
}

/// A key-wrap algorithm for a recipient (AES key wrap, RFC 3394).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyWrapAlg {
    /// AES key wrap with a 128-bit key-encryption key, COSE alg −3.
    A128Kw,
    /// AES key wrap with a 192-bit key-encryption key, COSE alg −4.
    A192Kw,
    /// AES key wrap with a 256-bit key-encryption key, COSE alg −5.
    A256Kw,
}

impl KeyWrapAlg {
    /// The COSE algorithm identifier.
    pub fn id(self) -> i64 {
        match self {
            KeyWrapAlg::A128Kw => -3,
            KeyWrapAlg::A192Kw => -4,
            KeyWrapAlg::A256Kw => -5,
        }
    }

    /// The JOSE name (`A128KW`, …).
    pub fn name(self) -> &'static str {
        match self {
            KeyWrapAlg::A128Kw => "A128KW",
            KeyWrapAlg::A192Kw => "A192KW",
            KeyWrapAlg::A256Kw => "A256KW",
        }
    }

    /// The key-encryption key length in bytes.
    pub fn key_len(self) -> usize {
        match self {
            KeyWrapAlg::A128Kw => 16,
            KeyWrapAlg::A192Kw => 24,
            KeyWrapAlg::A256Kw => 32,
        }
    }

    /// The algorithm with this identifier.
    pub fn from_id(id: i64) -> Option<Self> {
        [Self::A128Kw, Self::A192Kw, Self::A256Kw]
            .into_iter()
            .find(|a| a.id() == id)
    }

    /// The algorithm with this name.
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::A128Kw, Self::A192Kw, Self::A256Kw]
            .into_iter()
            .find(|a| a.name() == name)
    }

    /// The algorithm for a key-encryption key of `len` bytes.
    pub fn for_key_len(len: usize) -> Option<Self> {
        [Self::A128Kw, Self::A192Kw, Self::A256Kw]
            .into_iter()
            .find(|a| a.key_len() == len)
    }
}

/// The `direct` recipient algorithm (RFC 9052 §8.5.1): the recipient's key
/// is the content key.
pub(crate) const DIRECT: i64 = -6;

/// Refuses a key whose length does not fit `alg`.
fn check_len(alg: &'static str, expected: usize, key: &[u8]) -> Result<(), CoseError> {
    if key.len() == expected {
        Ok(())
    } else {
        Err(CoseError::KeyLength {
            alg,
            expected,
            found: key.len(),
        })
    }
}

/// An AES-GCM key with its key schedule computed, so that a key used for
/// many messages pays for the schedule once. Boxed: the schedules are
/// hundreds of bytes.
pub(crate) enum Gcm {
    A128(Box<Aes128Gcm>),
    A192(Box<Aes192Gcm>),
    A256(Box<Aes256Gcm>),
}

impl std::fmt::Debug for Gcm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Gcm(..)")
    }
}

impl Gcm {
    /// The cipher for `alg` under `key`.
    pub(crate) fn new(alg: ContentAlg, key: &SecretKey) -> Result<Self, CoseError> {
        let key = key.as_bytes();
        let bad = |_| CoseError::KeyLength {
            alg: alg.name(),
            expected: alg.key_len(),
            found: key.len(),
        };
        Ok(match alg {
            ContentAlg::A128Gcm => {
                Gcm::A128(Box::new(Aes128Gcm::new_from_slice(key).map_err(bad)?))
            }
            ContentAlg::A192Gcm => {
                Gcm::A192(Box::new(Aes192Gcm::new_from_slice(key).map_err(bad)?))
            }
            ContentAlg::A256Gcm => {
                Gcm::A256(Box::new(Aes256Gcm::new_from_slice(key).map_err(bad)?))
            }
        })
    }

    /// Encrypts `plaintext`: the ciphertext with its 16-byte tag appended,
    /// as COSE carries it.
    pub(crate) fn seal(
        &self,
        iv: &[u8; IV_LEN],
        aad: &[u8],
        plaintext: &[u8],
    ) -> Result<Vec<u8>, CoseError> {
        let nonce = iv.into();
        let payload = Payload {
            msg: plaintext,
            aad,
        };
        match self {
            Gcm::A128(c) => c.encrypt(nonce, payload),
            Gcm::A192(c) => c.encrypt(nonce, payload),
            Gcm::A256(c) => c.encrypt(nonce, payload),
        }
        // The only failure is a plaintext beyond GCM's 2^36-byte limit.
        .map_err(|_| CoseError::TooLong)
    }

    /// Decrypts and authenticates `ciphertext` (tag appended).
    pub(crate) fn open(
        &self,
        iv: &[u8; IV_LEN],
        aad: &[u8],
        ciphertext: &[u8],
    ) -> Result<Vec<u8>, CoseError> {
        let nonce = iv.into();
        let payload = Payload {
            msg: ciphertext,
            aad,
        };
        match self {
            Gcm::A128(c) => c.decrypt(nonce, payload),
            Gcm::A192(c) => c.decrypt(nonce, payload),
            Gcm::A256(c) => c.decrypt(nonce, payload),
        }
        .map_err(|_| CoseError::Authentication)
    }
}

/// Wraps `cek` under `kek` (RFC 3394); the result is 8 bytes longer.
pub fn wrap_key(alg: KeyWrapAlg, kek: &SecretKey, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
    let kek = kek.as_bytes();
    check_len(alg.name(), alg.key_len(), kek)?;
    let len = cek.as_bytes().len();
    if len < 16 || len % 8 != 0 {
        return Err(CoseError::KeyLength {
            alg: "the key to wrap",
            expected: 16,
            found: len,
        });
    }
    let mut out = vec![0; len + aes_kw::IV_LEN];
    let wrapped = match alg {
        KeyWrapAlg::A128Kw => kw::<KwAes128>(kek)?.wrap_key(cek.as_bytes(), &mut out),
        KeyWrapAlg::A192Kw => kw::<KwAes192>(kek)?.wrap_key(cek.as_bytes(), &mut out),
        KeyWrapAlg::A256Kw => kw::<KwAes256>(kek)?.wrap_key(cek.as_bytes(), &mut out),
    };
    // RFC 3394 wraps two or more whole 8-byte semiblocks, checked above.
    wrapped.map_err(|_| CoseError::KeyLength {
        alg: "the key to wrap",
        expected: 16,
        found: len,
    })?;
    Ok(out)
}

/// Unwraps `wrapped` under `kek`, checking RFC 3394's integrity value.
pub fn unwrap_key(
    alg: KeyWrapAlg,
    kek: &SecretKey,
    wrapped: &[u8],
) -> Result<SecretKey, CoseError> {
    let kek = kek.as_bytes();
    check_len(alg.name(), alg.key_len(), kek)?;
    if wrapped.len() < 24 || wrapped.len() % 8 != 0 {
        return Err(CoseError::Unwrap);
    }
    let mut out = zeroize::Zeroizing::new(vec![0; wrapped.len() - aes_kw::IV_LEN]);
    let result = match alg {
        KeyWrapAlg::A128Kw => kw::<KwAes128>(kek)?.unwrap_key(wrapped, &mut out),
        KeyWrapAlg::A192Kw => kw::<KwAes192>(kek)?.unwrap_key(wrapped, &mut out),
        KeyWrapAlg::A256Kw => kw::<KwAes256>(kek)?.unwrap_key(wrapped, &mut out),
    };
    result.map_err(|_| CoseError::Unwrap)?;
    Ok(SecretKey::new(std::mem::take(&mut *out)))
}

/// A key-wrap cipher; the length was checked by the caller.
fn kw<K: aes_kw::KeyInit>(kek: &[u8]) -> Result<K, CoseError> {
    K::new_from_slice(kek).map_err(|_| CoseError::Unwrap)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(hex: &str) -> Vec<u8> {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn key_wrap_matches_rfc_3394_section_4_1() {
        let kek = SecretKey::new(bytes("000102030405060708090A0B0C0D0E0F"));
        let cek = SecretKey::new(bytes("00112233445566778899AABBCCDDEEFF"));
        let wrapped = wrap_key(KeyWrapAlg::A128Kw, &kek, &cek).unwrap();
        assert_eq!(
            wrapped,
            bytes("1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5")
        );
        let back = unwrap_key(KeyWrapAlg::A128Kw, &kek, &wrapped).unwrap();
        assert_eq!(back.as_bytes(), cek.as_bytes());
        let mut altered = wrapped;
        altered[0] ^= 1;
        assert!(matches!(
            unwrap_key(KeyWrapAlg::A128Kw, &kek, &altered),
            Err(CoseError::Unwrap)
        ));
    }

    #[test]
    fn keys_of_the_wrong_length_are_refused() {
        let kek = SecretKey::new(vec![0; 16]);
        let short = SecretKey::new(vec![0; 8]);
        assert!(matches!(
            wrap_key(KeyWrapAlg::A128Kw, &kek, &short),
            Err(CoseError::KeyLength { found: 8, .. })
        ));
        assert!(matches!(
            wrap_key(KeyWrapAlg::A256Kw, &kek, &kek),
            Err(CoseError::KeyLength {
                expected: 32,
                found: 16,
                ..
            })
        ));
        assert!(matches!(
            Gcm::new(ContentAlg::A192Gcm, &kek),
            Err(CoseError::KeyLength {
                expected: 24,
                found: 16,
                ..
            })
        ));
    }
}

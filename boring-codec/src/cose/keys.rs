//! Keys: [`SecretKey`] (bytes wiped on drop), the [`KeyProvider`] trait
//! through which a KMS or an HSM wraps and unwraps content keys, and
//! [`LocalKeys`], an in-memory key ring with rotation.

use std::fmt;
use std::sync::{Arc, RwLock};

use zeroize::Zeroize;

use super::alg::{unwrap_key, wrap_key, KeyWrapAlg};
use super::CoseError;

/// Secret key bytes. They are overwritten with zeros when dropped, and
/// `Debug` shows only their length. There is deliberately no `PartialEq`:
/// comparing secrets needs a constant-time comparison.
#[derive(Clone)]
pub struct SecretKey(Vec<u8>);

impl SecretKey {
    /// Takes ownership of `bytes`.
    pub fn new(bytes: Vec<u8>) -> Self {
        SecretKey(bytes)
    }

    /// The key bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The key bytes, to fill in place (no copy left behind).
    pub(crate) fn as_bytes_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SecretKey({} bytes)", self.0.len())
    }
}

/// The key-encryption key that new messages are wrapped for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyInfo {
    /// Its identifier, written as the recipient's `kid` (label 4); an
    /// empty one is not written.
    pub kid: Vec<u8>,
    /// How content keys are wrapped under it.
    pub alg: KeyWrapAlg,
}

/// Where key-encryption keys live: an in-process key ring, a KMS or an HSM.
///
/// Key material never needs to leave a provider for key wrap: the sealer
/// hands it content keys to wrap and wrapped keys to unwrap. Rotation is
/// the provider's business: [`KeyProvider::current`] names the key new
/// messages use, and older keys stay available to
/// [`KeyProvider::unwrap`] for as long as messages under them are to be
/// read. A bounded sealer notices a new current key at its next message and
/// starts a new content key.
pub trait KeyProvider {
    /// The key new messages are wrapped for.
    fn current(&self) -> Result<KeyInfo, CoseError>;

    /// Wraps `cek` under the key `kid` with `alg`.
    fn wrap(&self, kid: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError>;

    /// Unwraps a content key. `kid` is the recipient's key identifier; a
    /// provider given none may try each key it has for `alg` (AES key
    /// wrap's integrity check tells the right one).
    fn unwrap(
        &self,
        kid: Option<&[u8]>,
        alg: KeyWrapAlg,
        wrapped: &[u8],
    ) -> Result<SecretKey, CoseError>;

    /// A key used directly as the content key (COSE_Encrypt0, or a
    /// `direct` recipient). Providers that never release key material keep
    /// this default, which refuses.
    fn direct_key(&self, kid: Option<&[u8]>) -> Result<SecretKey, CoseError> {
        Err(CoseError::UnknownKey(kid.map(<[u8]>::to_vec)))
    }

    /// The base IV (the COSE_Key parameter "Base IV", RFC 9052 §7.1) agreed
    /// for the direct key `kid`: a message giving a Partial IV (label 6)
    /// is decrypted with the Partial IV, left-padded with zeros, XORed into
    /// it (§3.1). The default knows none, and such messages are refused
    /// with [`CoseError::PartialIv`].
    fn base_iv(&self, kid: Option<&[u8]>) -> Result<Option<Vec<u8>>, CoseError> {
        let _ = kid;
        Ok(None)
    }
}

impl<P: KeyProvider + ?Sized> KeyProvider for &P {
    fn current(&self) -> Result<KeyInfo, CoseError> {
        (**self).current()
    }
    fn wrap(&self, kid: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
        (**self).wrap(kid, alg, cek)
    }
    fn unwrap(
        &self,
        kid: Option<&[u8]>,
        alg: KeyWrapAlg,
        wrapped: &[u8],
    ) -> Result<SecretKey, CoseError> {
        (**self).unwrap(kid, alg, wrapped)
    }
    fn direct_key(&self, kid: Option<&[u8]>) -> Result<SecretKey, CoseError> {
        (**self).direct_key(kid)
    }
    fn base_iv(&self, kid: Option<&[u8]>) -> Result<Option<Vec<u8>>, CoseError> {
        (**self).base_iv(kid)
    }
}

impl<P: KeyProvider + ?Sized> KeyProvider for Arc<P> {
    fn current(&self) -> Result<KeyInfo, CoseError> {
        (**self).current()
    }
    fn wrap(&self, kid: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
        (**self).wrap(kid, alg, cek)
    }
    fn unwrap(
        &self,
        kid: Option<&[u8]>,
        alg: KeyWrapAlg,
        wrapped: &[u8],
    ) -> Result<SecretKey, CoseError> {
        (**self).unwrap(kid, alg, wrapped)
    }
    fn direct_key(&self, kid: Option<&[u8]>) -> Result<SecretKey, CoseError> {
        (**self).direct_key(kid)
    }
    fn base_iv(&self, kid: Option<&[u8]>) -> Result<Option<Vec<u8>>, CoseError> {
        (**self).base_iv(kid)
    }
}

/// An in-memory key ring: AES keys of 16, 24 or 32 bytes by key id, one of
/// them current. It can be shared (`Arc<LocalKeys>`) between sealers and
/// the code that rotates it.
#[derive(Debug, Default)]
pub struct LocalKeys {
    inner: RwLock<Ring>,
}

#[derive(Debug, Default)]
struct Ring {
    keys: Vec<(Vec<u8>, SecretKey)>,
    current: Option<usize>,
    /// Base IVs by key id, for messages that give a Partial IV.
    base_ivs: Vec<(Vec<u8>, Vec<u8>)>,
}

impl LocalKeys {
    /// An empty ring.
    pub fn new() -> Self {
        Self::default()
    }

    /// A ring holding one key, current.
    pub fn with_key(kid: impl Into<Vec<u8>>, key: SecretKey) -> Result<Self, CoseError> {
        let ring = Self::new();
        ring.rotate(kid, key)?;
        Ok(ring)
    }

    /// Adds a key for opening messages, replacing one with the same id;
    /// the current key does not change.
    pub fn insert(&self, kid: impl Into<Vec<u8>>, key: SecretKey) -> Result<(), CoseError> {
        self.put(kid.into(), key).map(drop)
    }

    /// Adds a key and makes it current: new messages are wrapped for it,
    /// while the keys before it still open older messages.
    pub fn rotate(&self, kid: impl Into<Vec<u8>>, key: SecretKey) -> Result<(), CoseError> {
        let at = self.put(kid.into(), key)?;
        self.write().current = Some(at);
        Ok(())
    }

    /// Agrees a base IV for the key `kid` (12 bytes, the AES-GCM IV
    /// length), so that messages under it giving a Partial IV (label 6)
    /// open; see [`KeyProvider::base_iv`]. Replaces an earlier one.
    pub fn set_base_iv(&self, kid: impl Into<Vec<u8>>, base_iv: Vec<u8>) -> Result<(), CoseError> {
        if base_iv.len() != super::alg::IV_LEN {
            return Err(CoseError::BadIv {
                found: Some(base_iv.len()),
            });
        }
        let kid = kid.into();
        let mut ring = self.write();
        ring.base_ivs.retain(|(k, _)| *k != kid);
        ring.base_ivs.push((kid, base_iv));
        Ok(())
    }

    /// Removes a key, so that messages under it no longer open; `false`
    /// when there was none. Retiring the current key leaves no current key.
    pub fn retire(&self, kid: &[u8]) -> bool {
        let mut ring = self.write();
        ring.base_ivs.retain(|(k, _)| k != kid);
        let Some(at) = ring.keys.iter().position(|(k, _)| k == kid) else {
            return false;
        };
        ring.keys.remove(at);
        ring.current = match ring.current {
            Some(c) if c == at => None,
            Some(c) if c > at => Some(c - 1),
            other => other,
        };
        true
    }

    fn put(&self, kid: Vec<u8>, key: SecretKey) -> Result<usize, CoseError> {
        if KeyWrapAlg::for_key_len(key.as_bytes().len()).is_none() {
            return Err(CoseError::KeyLength {
                alg: "AES",
                expected: 16,
                found: key.as_bytes().len(),
            });
        }
        let mut ring = self.write();
        if let Some(at) = ring.keys.iter().position(|(k, _)| *k == kid) {
            ring.keys[at].1 = key;
            return Ok(at);
        }
        ring.keys.push((kid, key));
        Ok(ring.keys.len() - 1)
    }

    // A panic while the lock was held cannot leave the ring half-changed
    // (each change is one assignment), so a poisoned lock is still usable.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Ring> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Ring> {
        self.inner.write().unwrap_or_else(|e| e.into_inner())
    }

    /// The keys `kid` names: that one, or without an id every key.
    fn candidates(&self, kid: Option<&[u8]>) -> Vec<SecretKey> {
        let ring = self.read();
        ring.keys
            .iter()
            .filter(|(k, _)| kid.is_none_or(|kid| kid == k.as_slice()))
            .map(|(_, key)| key.clone())
            .collect()
    }
}

impl KeyProvider for LocalKeys {
    fn current(&self) -> Result<KeyInfo, CoseError> {
        let ring = self.read();
        let (kid, key) = ring
            .current
            .map(|at| &ring.keys[at])
            .ok_or(CoseError::NoCurrentKey)?;
        let alg = KeyWrapAlg::for_key_len(key.as_bytes().len())
            .expect("only AES-sized keys are admitted");
        Ok(KeyInfo {
            kid: kid.clone(),
            alg,
        })
    }

    fn wrap(&self, kid: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
        let ring = self.read();
        let (_, kek) = ring
            .keys
            .iter()
            .find(|(k, _)| k == kid)
            .ok_or_else(|| CoseError::UnknownKey(Some(kid.to_vec())))?;
        wrap_key(alg, kek, cek)
    }

    fn unwrap(
        &self,
        kid: Option<&[u8]>,
        alg: KeyWrapAlg,
        wrapped: &[u8],
    ) -> Result<SecretKey, CoseError> {
        let candidates: Vec<SecretKey> = self
            .candidates(kid)
            .into_iter()
            .filter(|k| k.as_bytes().len() == alg.key_len())
            .collect();
        if candidates.is_empty() {
            return Err(CoseError::UnknownKey(kid.map(<[u8]>::to_vec)));
        }
        candidates
            .iter()
            .find_map(|kek| unwrap_key(alg, kek, wrapped).ok())
            .ok_or(CoseError::Unwrap)
    }

    fn direct_key(&self, kid: Option<&[u8]>) -> Result<SecretKey, CoseError> {
        // Without an id only an unambiguous ring answers: trying several
        // keys against one ciphertext would be guessing.
        match self.candidates(kid).as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(CoseError::UnknownKey(kid.map(<[u8]>::to_vec))),
        }
    }

    fn base_iv(&self, kid: Option<&[u8]>) -> Result<Option<Vec<u8>>, CoseError> {
        let ring = self.read();
        // Without an id, the base IV of the one key `direct_key` answers with.
        let kid = match kid {
            Some(kid) => kid,
            None if ring.keys.len() == 1 => ring.keys[0].0.as_slice(),
            None => return Ok(None),
        };
        Ok(ring
            .base_ivs
            .iter()
            .find(|(k, _)| k == kid)
            .map(|(_, iv)| iv.clone()))
    }
}

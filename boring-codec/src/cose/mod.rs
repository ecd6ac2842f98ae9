//! Envelope encryption as COSE (RFC 9052, algorithms of RFC 9053).
//!
//! Messages are COSE_Encrypt0 (tag 16), for a key the reader holds, or
//! COSE_Encrypt (tag 96), whose content key is wrapped for each recipient.
//! Content is encrypted with AES-GCM (A128GCM, A192GCM, A256GCM: algs 1, 2,
//! 3) over the `Enc_structure` of RFC 9052 §5.3 (`"Encrypt0"` or
//! `"Encrypt"`, the protected header's bytes, the caller's external AAD);
//! the IV travels in the unprotected header (label 5). A message may give
//! a Partial IV (label 6) instead, which [`open`] combines with the base IV
//! its key provider agrees for the direct key ([`KeyProvider::base_iv`],
//! [`LocalKeys::set_base_iv`]); the sealers always write the whole IV.
//! Recipients are
//! `direct` (−6) or AES key wrap (A128KW, A192KW, A256KW: −3, −4, −5), with
//! the key id (label 4).
//!
//! - [`EnvelopeSealer`] seals with a [`KeyProvider`] (an in-memory
//!   [`LocalKeys`] ring, or a KMS/HSM behind the trait) under a
//!   [`Strategy`]: [`Strategy::Direct`] draws and wraps a content key per
//!   message; [`Strategy::Bounded`] keeps one for at most N messages or T
//!   time and wraps it once.
//! - [`DirectKeySealer`] seals under a key used as it is.
//! - [`open`] decrypts either message.
//!
//! # Nonces
//!
//! No IV repeats under one key: each key's IVs come from a
//! [`NonceSequence`], a random 96-bit base drawn with the key and XORed
//! with a 32-bit message counter (the NIST SP 800-38D §8.2.1 construction).
//! A key gives at most [`MAX_MESSAGES_PER_KEY`] (2^32) messages, the
//! counter's range and SP 800-38D §8.3's cap for random IVs; past it
//! sealing fails with [`CoseError::NonceExhausted`]. Content keys of an
//! [`EnvelopeSealer`] are fresh random keys confined to one sequence.
//!
//! Randomness comes from a [`RandomSource`]: [`OsRandom`] by default,
//! [`ReplayRandom`] to replay a test vector's stream.
//!
//! ```
//! use std::sync::Arc;
//! use boring_codec::cose::{open, ContentAlg, EnvelopeSealer, LocalKeys, SecretKey, Strategy};
//!
//! let keys = Arc::new(LocalKeys::with_key("kek-1", SecretKey::new(vec![7; 32]))?);
//! let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, Strategy::Direct);
//! let message = sealer.seal(b"hello", b"context")?;
//! let opened = open(&message, &*keys, b"context")?;
//! assert_eq!(opened.plaintext, b"hello");
//! assert_eq!(opened.kid.as_deref(), Some(&b"kek-1"[..]));
//! # Ok::<(), boring_codec::cose::CoseError>(())
//! ```

mod alg;
mod error;
mod header;
mod jwk;
mod keys;
mod message;
mod nonce;
mod random;
mod sealer;

pub use alg::{unwrap_key, wrap_key, ContentAlg, KeyWrapAlg, IV_LEN};
pub use error::CoseError;
pub use header::{CoseEncrypt, CoseEncrypt0, CoseRecipient, Header, Label, Protected};
pub use jwk::Jwk;
pub use keys::{KeyInfo, KeyProvider, LocalKeys, SecretKey};
pub use message::{open, MessageKind, Opened};
pub use nonce::{NonceSequence, MAX_MESSAGES_PER_KEY};
pub use random::{OsRandom, RandomSource, ReplayRandom};
pub use sealer::{DirectForm, DirectKeySealer, EnvelopeSealer, SealerStats, Strategy};

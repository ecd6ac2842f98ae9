//! Sealing many messages: [`DirectKeySealer`] for a key used directly as
//! the content key, and [`EnvelopeSealer`] for envelope encryption, whose
//! content keys are wrapped for a key-encryption key held by a
//! [`KeyProvider`].

use std::fmt;
use std::time::{Duration, Instant};

use super::alg::{ContentAlg, Gcm, DIRECT};
use super::header::Label;
use super::keys::{KeyInfo, KeyProvider, SecretKey};
use super::message::{seal, BodyIn, RecipientOut};
use super::nonce::{NonceSequence, MAX_MESSAGES_PER_KEY};
use super::random::{OsRandom, RandomSource};
use super::CoseError;

/// How a [`DirectKeySealer`] writes its messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DirectForm {
    /// COSE_Encrypt0 (tag 16), the key id (if any) in the unprotected
    /// header.
    #[default]
    Encrypt0,
    /// COSE_Encrypt (tag 96) with one `direct` recipient carrying the key
    /// id.
    Encrypt,
}

/// Seals messages under one long-lived key used directly as the content
/// key. Its IVs come from one [`NonceSequence`]: a random base and a
/// counter, so none repeats within this sealer, and after
/// [`MAX_MESSAGES_PER_KEY`] messages (or a lower [`with_limit`]) it refuses
/// with [`CoseError::NonceExhausted`].
///
/// Sealers in other processes draw their own bases: keep the key's total
/// use across all of them under 2^32 messages (NIST SP 800-38D §8.3), or
/// prefer [`EnvelopeSealer`], whose content keys are never shared.
///
/// [`with_limit`]: DirectKeySealer::with_limit
#[derive(Debug)]
pub struct DirectKeySealer {
    alg: ContentAlg,
    gcm: Gcm,
    kid: Option<Vec<u8>>,
    nonces: NonceSequence,
    form: DirectForm,
    content_type: Option<Label>,
}

impl DirectKeySealer {
    /// A sealer for `key` under `alg`, naming it `kid` in its messages;
    /// `rng` gives the IV base.
    pub fn new<R: RandomSource + ?Sized>(
        alg: ContentAlg,
        key: &SecretKey,
        kid: Option<Vec<u8>>,
        rng: &mut R,
    ) -> Result<Self, CoseError> {
        let gcm = Gcm::new(alg, key)?;
        Ok(DirectKeySealer {
            alg,
            gcm,
            kid,
            nonces: NonceSequence::new(rng, MAX_MESSAGES_PER_KEY)?,
            form: DirectForm::Encrypt0,
            content_type: None,
        })
    }

    /// Refuses messages after `limit` of them (at most
    /// [`MAX_MESSAGES_PER_KEY`]): a policy's own cap on one key.
    pub fn with_limit(mut self, limit: u64) -> Self {
        self.nonces.cap(limit);
        self
    }

    /// Writes `form` instead of COSE_Encrypt0.
    pub fn with_form(mut self, form: DirectForm) -> Self {
        self.form = form;
        self
    }

    /// Writes `content_type` (label 3) in the protected header.
    pub fn with_content_type(mut self, content_type: Label) -> Self {
        self.content_type = Some(content_type);
        self
    }

    /// Encrypts one message; `external_aad` is authenticated but not
    /// carried, and the reader must supply the same bytes.
    pub fn seal(&mut self, plaintext: &[u8], external_aad: &[u8]) -> Result<Vec<u8>, CoseError> {
        let iv = self.nonces.next_iv()?;
        let body = BodyIn {
            gcm: &self.gcm,
            alg: self.alg,
            iv,
            kid: None,
            content_type: self.content_type.as_ref(),
            external_aad,
            plaintext,
        };
        match self.form {
            DirectForm::Encrypt0 => seal(
                BodyIn {
                    kid: self.kid.as_deref(),
                    ..body
                },
                None,
            ),
            DirectForm::Encrypt => {
                let recipient = RecipientOut {
                    alg: DIRECT,
                    kid: self.kid.as_deref(),
                    wrapped: &[],
                };
                seal(body, Some(&[recipient]))
            }
        }
    }

    /// How many messages this sealer has encrypted.
    pub fn used(&self) -> u64 {
        self.nonces.used()
    }
}

/// When an [`EnvelopeSealer`] draws a new content key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// A fresh content key for every message, wrapped each time: the key
    /// wrap (a KMS call, for a remote provider) is paid per message. Not
    /// to be confused with COSE's `direct` recipient algorithm.
    Direct,
    /// One content key for at most `max_messages` messages or `max_age`,
    /// whichever comes first, wrapped once; a rotation of the provider's
    /// current key also starts a new one.
    Bounded {
        /// Messages per content key, 1 to [`MAX_MESSAGES_PER_KEY`] (0 counts
        /// as 1, larger values as the maximum).
        max_messages: u64,
        /// The longest a content key is used.
        max_age: Duration,
    },
}

/// What an [`EnvelopeSealer`] has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SealerStats {
    /// Messages sealed.
    pub messages: u64,
    /// Content keys drawn, each wrapped once.
    pub content_keys: u64,
}

/// The content key in use, with its wrap and its IVs.
struct Batch {
    kek: KeyInfo,
    gcm: Gcm,
    wrapped: Vec<u8>,
    nonces: NonceSequence,
    started: Instant,
}

/// Envelope encryption: each message is a COSE_Encrypt whose content key
/// is wrapped (AES key wrap) for the provider's current key-encryption key,
/// named by its `kid` in the recipient.
pub struct EnvelopeSealer<P, R = OsRandom> {
    provider: P,
    rng: R,
    alg: ContentAlg,
    strategy: Strategy,
    content_type: Option<Label>,
    clock: Box<dyn Fn() -> Instant + Send + Sync>,
    batch: Option<Batch>,
    stats: SealerStats,
}

impl<P, R> fmt::Debug for EnvelopeSealer<P, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EnvelopeSealer")
            .field("alg", &self.alg)
            .field("strategy", &self.strategy)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<P: KeyProvider> EnvelopeSealer<P, OsRandom> {
    /// A sealer encrypting content with `alg`, its keys wrapped through
    /// `provider`, randomness from the operating system.
    pub fn new(provider: P, alg: ContentAlg, strategy: Strategy) -> Self {
        EnvelopeSealer {
            provider,
            rng: OsRandom,
            alg,
            strategy,
            content_type: None,
            clock: Box::new(Instant::now),
            batch: None,
            stats: SealerStats::default(),
        }
    }
}

impl<P: KeyProvider, R: RandomSource> EnvelopeSealer<P, R> {
    /// The same sealer drawing randomness from `rng` (tests, vectors).
    pub fn with_rng<R2: RandomSource>(self, rng: R2) -> EnvelopeSealer<P, R2> {
        EnvelopeSealer {
            provider: self.provider,
            rng,
            alg: self.alg,
            strategy: self.strategy,
            content_type: self.content_type,
            clock: self.clock,
            batch: None,
            stats: self.stats,
        }
    }

    /// Reads the time from `clock` instead of [`Instant::now`] (tests).
    pub fn with_clock(mut self, clock: impl Fn() -> Instant + Send + Sync + 'static) -> Self {
        self.clock = Box::new(clock);
        self
    }

    /// Writes `content_type` (label 3) in the protected header.
    pub fn with_content_type(mut self, content_type: Label) -> Self {
        self.content_type = Some(content_type);
        self
    }

    /// The key provider.
    pub fn provider(&self) -> &P {
        &self.provider
    }

    /// What the sealer has done so far.
    pub fn stats(&self) -> SealerStats {
        self.stats
    }

    /// Encrypts one message; `external_aad` is authenticated but not
    /// carried, and the reader must supply the same bytes.
    pub fn seal(&mut self, plaintext: &[u8], external_aad: &[u8]) -> Result<Vec<u8>, CoseError> {
        let kek = self.provider.current()?;
        let now = (self.clock)();
        let renew = match (&self.batch, self.strategy) {
            (Some(b), Strategy::Bounded { max_age, .. }) => {
                b.kek != kek
                    || b.nonces.used() >= b.nonces.limit()
                    || now.saturating_duration_since(b.started) >= max_age
            }
            _ => true,
        };
        if renew {
            // Dropped first, so the old key is wiped even if the new one
            // cannot be made.
            self.batch = None;
            self.batch = Some(self.new_batch(kek, now)?);
        }
        let b = self.batch.as_mut().expect("set above");
        let iv = b.nonces.next_iv()?;
        let recipient = RecipientOut {
            alg: b.kek.alg.id(),
            kid: Some(b.kek.kid.as_slice()).filter(|kid| !kid.is_empty()),
            wrapped: &b.wrapped,
        };
        let body = BodyIn {
            gcm: &b.gcm,
            alg: self.alg,
            iv,
            kid: None,
            content_type: self.content_type.as_ref(),
            external_aad,
            plaintext,
        };
        let sealed = seal(body, Some(&[recipient]))?;
        self.stats.messages += 1;
        if self.strategy == Strategy::Direct {
            // A per-message key has no further use: do not keep it.
            self.batch = None;
        }
        Ok(sealed)
    }

    /// A new content key, wrapped for `kek`, with its own IVs. The key is
    /// drawn before the IV base, the order the working group's vectors
    /// record in their random streams.
    fn new_batch(&mut self, kek: KeyInfo, now: Instant) -> Result<Batch, CoseError> {
        let mut cek = SecretKey::new(vec![0; self.alg.key_len()]);
        self.rng.fill(cek.as_bytes_mut())?;
        let wrapped = self.provider.wrap(&kek.kid, kek.alg, &cek)?;
        let gcm = Gcm::new(self.alg, &cek)?;
        let limit = match self.strategy {
            Strategy::Direct => 1,
            Strategy::Bounded { max_messages, .. } => max_messages.max(1),
        };
        let nonces = NonceSequence::new(&mut self.rng, limit)?;
        self.stats.content_keys += 1;
        Ok(Batch {
            kek,
            gcm,
            wrapped,
            nonces,
            started: now,
        })
    }
}

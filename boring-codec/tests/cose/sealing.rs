//! The sealers: per-message and bounded content keys, rotation, nonce
//! limits, a key provider standing in for a KMS, and refusals of altered
//! or malformed messages.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boring::{Embedded, KeepRaw, Tagged};
use boring_codec::cose::{
    open, wrap_key, ContentAlg, CoseEncrypt, CoseEncrypt0, CoseError, DirectForm, DirectKeySealer,
    EnvelopeSealer, Header, KeyInfo, KeyProvider, KeyWrapAlg, Label, LocalKeys, MessageKind,
    OsRandom, ReplayRandom, SecretKey, Strategy,
};

fn key(byte: u8, len: usize) -> SecretKey {
    SecretKey::new(vec![byte; len])
}

fn ring() -> Arc<LocalKeys> {
    Arc::new(LocalKeys::with_key("kek-1", key(1, 32)).unwrap())
}

fn decode(message: &[u8]) -> CoseEncrypt<'_> {
    boring::from_slice::<Tagged<96, CoseEncrypt<'_>>>(message)
        .unwrap()
        .0
}

fn iv_of(message: &CoseEncrypt<'_>) -> Vec<u8> {
    message.unprotected.iv.clone().unwrap()
}

fn wrapped_of(message: &CoseEncrypt<'_>) -> Vec<u8> {
    message.recipients[0]
        .ciphertext
        .as_deref()
        .unwrap()
        .to_vec()
}

#[test]
fn the_direct_strategy_wraps_a_fresh_key_per_message() {
    let keys = ring();
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, Strategy::Direct);
    let a = sealer.seal(b"one", b"").unwrap();
    let b = sealer.seal(b"one", b"").unwrap();
    assert_ne!(wrapped_of(&decode(&a)), wrapped_of(&decode(&b)));
    assert_eq!(sealer.stats().content_keys, 2);
    for m in [&a, &b] {
        let opened = open(m, &*keys, b"").unwrap();
        assert_eq!(opened.plaintext, b"one");
        assert_eq!(opened.kind, MessageKind::Encrypt);
        assert_eq!(opened.kid.as_deref(), Some(&b"kek-1"[..]));
    }
    let recipient = &decode(&a).recipients[0];
    assert_eq!(recipient.unprotected.alg, Some(Label::Int(-5)));
}

#[test]
fn the_bounded_strategy_reuses_one_wrap_for_at_most_n_messages() {
    let keys = ring();
    let strategy = Strategy::Bounded {
        max_messages: 3,
        max_age: Duration::from_secs(3600),
    };
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A128Gcm, strategy);
    let messages: Vec<Vec<u8>> = (0..7u8)
        .map(|i| sealer.seal(&[i; 40], b"aad").unwrap())
        .collect();
    assert_eq!(sealer.stats().content_keys, 3, "7 messages at 3 per key");
    let wraps: Vec<Vec<u8>> = messages.iter().map(|m| wrapped_of(&decode(m))).collect();
    assert!(wraps[0] == wraps[1] && wraps[1] == wraps[2] && wraps[2] != wraps[3]);
    assert!(wraps[3] == wraps[5] && wraps[5] != wraps[6]);
    let ivs: HashSet<Vec<u8>> = messages.iter().map(|m| iv_of(&decode(m))).collect();
    assert_eq!(ivs.len(), 7, "no IV repeats");
    for (i, m) in messages.iter().enumerate() {
        assert_eq!(open(m, &*keys, b"aad").unwrap().plaintext, [i as u8; 40]);
    }
}

#[test]
fn the_bounded_strategy_renews_its_key_after_max_age() {
    let start = Instant::now();
    let elapsed = Arc::new(Mutex::new(Duration::ZERO));
    let clock = {
        let elapsed = elapsed.clone();
        move || start + *elapsed.lock().unwrap()
    };
    let strategy = Strategy::Bounded {
        max_messages: 1000,
        max_age: Duration::from_secs(60),
    };
    let mut sealer = EnvelopeSealer::new(ring(), ContentAlg::A256Gcm, strategy).with_clock(clock);
    sealer.seal(b"x", b"").unwrap();
    *elapsed.lock().unwrap() = Duration::from_secs(59);
    sealer.seal(b"x", b"").unwrap();
    assert_eq!(sealer.stats().content_keys, 1);
    *elapsed.lock().unwrap() = Duration::from_secs(60);
    sealer.seal(b"x", b"").unwrap();
    assert_eq!(sealer.stats().content_keys, 2);
}

#[test]
fn rotation_takes_effect_at_the_next_message_and_old_messages_still_open() {
    let keys = ring();
    let strategy = Strategy::Bounded {
        max_messages: 100,
        max_age: Duration::from_secs(3600),
    };
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, strategy);
    let old = sealer.seal(b"before", b"").unwrap();
    keys.rotate("kek-2", key(2, 16)).unwrap();
    let new = sealer.seal(b"after", b"").unwrap();
    assert_eq!(sealer.stats().content_keys, 2);
    let recipient = &decode(&new).recipients[0];
    assert_eq!(recipient.unprotected.kid.as_deref(), Some(&b"kek-2"[..]));
    assert_eq!(
        recipient.unprotected.alg,
        Some(Label::Int(-3)),
        "A128KW for a 16-byte key"
    );
    assert_eq!(open(&old, &*keys, b"").unwrap().plaintext, b"before");
    assert_eq!(open(&new, &*keys, b"").unwrap().plaintext, b"after");
    assert!(keys.retire(b"kek-1"));
    assert!(matches!(
        open(&old, &*keys, b""),
        Err(CoseError::UnknownKey(Some(kid))) if kid == b"kek-1"
    ));
}

/// A provider that, like a KMS, never lets its key out: it only wraps and
/// unwraps, and counts the calls.
#[derive(Debug)]
struct Kms {
    kek: SecretKey,
    wraps: AtomicU64,
}

impl KeyProvider for Kms {
    fn current(&self) -> Result<KeyInfo, CoseError> {
        Ok(KeyInfo {
            kid: b"arn:kms:1".to_vec(),
            alg: KeyWrapAlg::A192Kw,
        })
    }
    fn wrap(&self, _: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
        self.wraps.fetch_add(1, Ordering::Relaxed);
        wrap_key(alg, &self.kek, cek)
    }
    fn unwrap(&self, _: Option<&[u8]>, alg: KeyWrapAlg, w: &[u8]) -> Result<SecretKey, CoseError> {
        boring_codec::cose::unwrap_key(alg, &self.kek, w)
    }
}

#[test]
fn a_provider_that_keeps_its_key_wraps_once_per_content_key() {
    let kms = Arc::new(Kms {
        kek: key(9, 24),
        wraps: AtomicU64::new(0),
    });
    let strategy = Strategy::Bounded {
        max_messages: 10,
        max_age: Duration::from_secs(3600),
    };
    let mut sealer = EnvelopeSealer::new(kms.clone(), ContentAlg::A192Gcm, strategy);
    let messages: Vec<Vec<u8>> = (0..25).map(|_| sealer.seal(b"m", b"").unwrap()).collect();
    assert_eq!(kms.wraps.load(Ordering::Relaxed), 3);
    for m in &messages {
        assert_eq!(open(m, &*kms, b"").unwrap().plaintext, b"m");
    }
    // No direct key ever leaves it.
    let direct = DirectKeySealer::new(ContentAlg::A128Gcm, &key(3, 16), None, &mut OsRandom)
        .unwrap()
        .seal(b"m", b"")
        .unwrap();
    assert!(matches!(
        open(&direct, &*kms, b""),
        Err(CoseError::UnknownKey(None))
    ));
}

#[test]
fn a_direct_key_refuses_to_seal_past_its_limit() {
    let secret = key(5, 16);
    let mut sealer = DirectKeySealer::new(
        ContentAlg::A128Gcm,
        &secret,
        Some(b"k".to_vec()),
        &mut OsRandom,
    )
    .unwrap()
    .with_limit(3);
    let keys = LocalKeys::with_key("k", secret).unwrap();
    for _ in 0..3 {
        let m = sealer.seal(b"p", b"").unwrap();
        let opened = open(&m, &keys, b"").unwrap();
        assert_eq!(opened.kind, MessageKind::Encrypt0);
        assert_eq!(opened.kid.as_deref(), Some(&b"k"[..]));
    }
    assert!(matches!(
        sealer.seal(b"p", b""),
        Err(CoseError::NonceExhausted { limit: 3 })
    ));
    assert_eq!(sealer.used(), 3);
}

#[test]
fn altered_messages_wrong_aad_and_wrong_keys_are_refused() {
    let keys = ring();
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, Strategy::Direct)
        .with_content_type(Label::Int(60));
    let message = sealer.seal(b"payload", b"aad").unwrap();
    let opened = open(&message, &*keys, b"aad").unwrap();
    assert_eq!(opened.content_type, Some(Label::Int(60)));
    assert!(matches!(
        open(&message, &*keys, b"other"),
        Err(CoseError::Authentication)
    ));
    // The last byte is the end of the wrapped key; the one before the
    // recipients array is inside the GCM tag.
    let mut bad_wrap = message.clone();
    *bad_wrap.last_mut().unwrap() ^= 1;
    assert!(matches!(
        open(&bad_wrap, &*keys, b"aad"),
        Err(CoseError::Unwrap)
    ));
    let other = LocalKeys::with_key("kek-1", key(7, 32)).unwrap();
    assert!(matches!(
        open(&message, &other, b"aad"),
        Err(CoseError::Unwrap)
    ));
    assert!(matches!(
        open(b"\x01", &*keys, b""),
        Err(CoseError::Malformed(_))
    ));
}

#[test]
fn a_direct_recipient_names_its_key_and_opens() {
    let secret = key(4, 24);
    let mut sealer = DirectKeySealer::new(
        ContentAlg::A192Gcm,
        &secret,
        Some(b"d".to_vec()),
        &mut OsRandom,
    )
    .unwrap()
    .with_form(DirectForm::Encrypt);
    let message = sealer.seal(b"hi", b"").unwrap();
    let decoded = decode(&message);
    assert_eq!(decoded.recipients[0].unprotected.alg, Some(Label::Int(-6)));
    let keys = LocalKeys::new();
    keys.insert("other", key(8, 24)).unwrap();
    keys.insert("d", secret).unwrap();
    assert_eq!(open(&message, &keys, b"").unwrap().plaintext, b"hi");
}

#[test]
fn a_spent_random_stream_is_an_error_not_a_weak_key() {
    let mut sealer = EnvelopeSealer::new(ring(), ContentAlg::A256Gcm, Strategy::Direct)
        .with_rng(ReplayRandom::new([[0u8; 40]]));
    assert!(matches!(sealer.seal(b"x", b""), Err(CoseError::Random(_))));
}

/// A COSE_Encrypt0 built by hand from the public structures.
fn encrypt0(protected: Header, unprotected: Header) -> Vec<u8> {
    let bytes = boring::to_vec(&protected).unwrap();
    let message = CoseEncrypt0 {
        protected: Embedded(Some(KeepRaw::new(protected, &bytes).unwrap())),
        unprotected,
        ciphertext: Some(Cow::Borrowed(&[0; 20])),
    };
    boring::to_vec(&Tagged::<16, _>(message)).unwrap()
}

#[test]
fn header_rules_are_enforced() {
    let keys = LocalKeys::with_key("k", key(1, 16)).unwrap();
    let alg = |id| Header {
        alg: Some(Label::Int(id)),
        ..Header::default()
    };
    let iv = Header {
        iv: Some(vec![0; 12]),
        ..Header::default()
    };
    let both = encrypt0(
        alg(1),
        Header {
            alg: Some(Label::Int(1)),
            ..iv.clone()
        },
    );
    assert!(matches!(
        open(&both, &keys, b""),
        Err(CoseError::DuplicateLabel(1))
    ));
    let crit = Header {
        crit: Some(vec![Label::Int(99)]),
        ..alg(1)
    };
    assert!(matches!(
        open(&encrypt0(crit, iv.clone()), &keys, b""),
        Err(CoseError::UnknownCritical(Label::Int(99)))
    ));
    let short_iv = Header {
        iv: Some(vec![0; 8]),
        ..Header::default()
    };
    assert!(matches!(
        open(&encrypt0(alg(1), short_iv), &keys, b""),
        Err(CoseError::BadIv { found: Some(8) })
    ));
    assert!(matches!(
        open(&encrypt0(Header::default(), iv.clone()), &keys, b""),
        Err(CoseError::MissingAlgorithm)
    ));
    // A 16-byte key for A256GCM.
    assert!(matches!(
        open(&encrypt0(alg(3), iv), &keys, b""),
        Err(CoseError::KeyLength {
            expected: 32,
            found: 16,
            ..
        })
    ));
}

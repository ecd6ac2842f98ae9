//! Why sealing or opening a COSE message failed.

use super::header::Label;

/// A COSE failure. Every refusal of a message is one of these; nothing in
/// the module panics on its input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CoseError {
    /// The bytes are not a well-formed COSE_Encrypt0 or COSE_Encrypt.
    #[error("not a COSE encryption message: {0}")]
    Malformed(#[from] boring::Error),
    /// The message carries a tag other than 16 (COSE_Encrypt0) or 96
    /// (COSE_Encrypt).
    #[error("tag {0} is neither COSE_Encrypt0 (16) nor COSE_Encrypt (96)")]
    WrongTag(u64),
    /// An algorithm this module does not implement.
    #[error("unsupported algorithm {}", label_text(.0))]
    UnsupportedAlgorithm(Label),
    /// No `alg` in either header.
    #[error("no algorithm (label 1) in the headers")]
    MissingAlgorithm,
    /// A label in both the protected and the unprotected header (RFC 9052
    /// §3 forbids it).
    #[error("header label {0} is in both the protected and the unprotected header")]
    DuplicateLabel(i64),
    /// `crit` names a label this module does not process.
    #[error("critical header label {} is not understood", label_text(.0))]
    UnknownCritical(Label),
    /// The IV (label 5) is missing or not 12 bytes.
    #[error("the IV (label 5) must be 12 bytes, found {}", match .found { Some(n) => format!("{n}"), None => "none".into() })]
    BadIv {
        /// Its length, when there is one.
        found: Option<usize>,
    },
    /// A Partial IV (label 6) where no base IV is known: the key provider
    /// gave none for the key (see [`super::KeyProvider::base_iv`]), or the
    /// content key was wrapped for a recipient, and a fresh content key has
    /// no base IV agreed for it.
    #[error("a Partial IV (label 6) needs the key's base IV, and there is none")]
    PartialIv,
    /// Both an IV (label 5) and a Partial IV (label 6) in one layer (RFC
    /// 9052 §3.1 forbids it), or a Partial IV longer than the IV.
    #[error("the IV (label 5) and a Partial IV (label 6) are both present, or the Partial IV is longer than 12 bytes")]
    IvConflict,
    /// The ciphertext is `nil` (detached content); not supported.
    #[error("detached content (nil ciphertext) is not supported")]
    Detached,
    /// A recipient of a kind not supported.
    #[error("unsupported recipient: {0}")]
    UnsupportedRecipient(&'static str),
    /// COSE_Encrypt without any recipient.
    #[error("the message has no recipient")]
    NoRecipient,
    /// A key of the wrong length for its algorithm.
    #[error("{alg} needs a {expected}-byte key, not {found} bytes")]
    KeyLength {
        /// The algorithm.
        alg: &'static str,
        /// The length it needs (the shortest, where several fit).
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// The key provider has no key by that id (or, without an id, no single
    /// key to use).
    #[error("no key {}", match .0 { Some(kid) => kid_text(kid), None => "without a key id that is the only one".into() })]
    UnknownKey(Option<Vec<u8>>),
    /// The key provider has no current key to wrap new messages for.
    #[error("the key provider has no current key")]
    NoCurrentKey,
    /// AES-GCM authentication failed: a wrong key, or the message or the
    /// external AAD was altered.
    #[error("authentication failed: wrong key, or the message or external AAD was altered")]
    Authentication,
    /// AES key unwrap failed its integrity check: a wrong key-encryption
    /// key, or the wrapped key was altered.
    #[error("key unwrap failed its integrity check: wrong key-encryption key, or an altered wrapped key")]
    Unwrap,
    /// A key has given all the IVs it may (see [`super::MAX_MESSAGES_PER_KEY`]).
    #[error("the key has encrypted {limit} messages, its limit: rotate to a new key")]
    NonceExhausted {
        /// The limit reached.
        limit: u64,
    },
    /// The plaintext is beyond AES-GCM's limit (2^36 − 32 bytes).
    #[error("the plaintext is too long for AES-GCM")]
    TooLong,
    /// The randomness source failed.
    #[error("randomness: {0}")]
    Random(String),
    /// A key provider (KMS, HSM) failed in its own terms.
    #[error("key provider: {0}")]
    Provider(String),
    /// A JSON Web Key that is not a symmetric key this module can use.
    #[error("JWK: {0}")]
    Jwk(String),
}

impl CoseError {
    /// How far an attempt to open a message got before this error, to pick
    /// the most telling one among several recipients.
    pub(crate) fn rank(&self) -> u8 {
        match self {
            CoseError::Authentication => 3,
            CoseError::Unwrap | CoseError::KeyLength { .. } | CoseError::Provider(_) => 2,
            CoseError::UnknownKey(_) => 1,
            _ => 0,
        }
    }
}

fn label_text(label: &Label) -> String {
    match label {
        Label::Int(i) => i.to_string(),
        Label::Text(t) => format!("{t:?}"),
    }
}

/// A key id as text when it is printable, else in hex.
fn kid_text(kid: &[u8]) -> String {
    match std::str::from_utf8(kid) {
        Ok(s) if s.chars().all(|c| !c.is_control()) => format!("{s:?}"),
        _ => {
            let hex: String = kid.iter().map(|b| format!("{b:02x}")).collect();
            format!("h'{hex}'")
        }
    }
}

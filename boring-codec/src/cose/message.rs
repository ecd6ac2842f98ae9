//! Building and opening COSE_Encrypt0 and COSE_Encrypt messages: the
//! header rules of RFC 9052 §3 (a label in one bucket only, `crit`
//! understood), the content layer of §5.3 and the recipients of §8.5
//! (`direct`, AES key wrap).

use std::borrow::Cow;

use boring::{ErrorKind, Tagged};

use super::alg::{ContentAlg, Gcm, KeyWrapAlg, DIRECT, IV_LEN};
use super::header::{
    enc_structure, encode, encode_protected, options, protected_aad_bytes, protected_from,
    protected_map, CoseEncrypt, CoseEncrypt0, CoseRecipient, Header, Label, Protected,
    TaggedEncrypt, TaggedEncrypt0,
};
use super::keys::KeyProvider;
use super::CoseError;

/// Which message an input held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// COSE_Encrypt0 (tag 16): one key, known to the reader.
    Encrypt0,
    /// COSE_Encrypt (tag 96): a content key for one or more recipients.
    Encrypt,
}

/// A message decrypted by [`open`].
#[derive(Debug, Clone)]
pub struct Opened {
    /// The plaintext.
    pub plaintext: Vec<u8>,
    /// The message's form.
    pub kind: MessageKind,
    /// The key id that opened it: the body's for COSE_Encrypt0, the
    /// recipient's for COSE_Encrypt.
    pub kid: Option<Vec<u8>>,
    /// The content type (label 3), if the message gave one.
    pub content_type: Option<Label>,
}

/// Decrypts a COSE_Encrypt0 or COSE_Encrypt message, tagged (16, 96) or
/// untagged, with keys from `keys` and the same `external_aad` it was
/// sealed with.
///
/// Content encryption must be AES-GCM; recipients are tried in order and
/// may be `direct` or AES key wrap (others are passed over). A message that
/// was altered, or a wrong key, is [`CoseError::Authentication`].
pub fn open<P: KeyProvider + ?Sized>(
    message: &[u8],
    keys: &P,
    external_aad: &[u8],
) -> Result<Opened, CoseError> {
    match parse(message)? {
        Parsed::Encrypt0(m) => open_encrypt0(&m, keys, external_aad),
        Parsed::Encrypt(m) => open_encrypt(&m, keys, external_aad),
    }
}

enum Parsed<'a> {
    Encrypt0(CoseEncrypt0<'a>),
    Encrypt(CoseEncrypt<'a>),
}

/// Reads either message. The tag decides; untagged input (RFC 9052 §2
/// leaves the type to context) is told apart by its array length, 3 or 4.
fn parse(bytes: &[u8]) -> Result<Parsed<'_>, CoseError> {
    let opts = options();
    let err = match boring::from_slice_with::<TaggedEncrypt0<'_>>(bytes, &opts) {
        Ok(Tagged(m)) => return Ok(Parsed::Encrypt0(m)),
        Err(err) => err,
    };
    match err.kind() {
        ErrorKind::WrongTag {
            found: Some(96), ..
        } => {
            let Tagged(m) = boring::from_slice_with::<TaggedEncrypt<'_>>(bytes, &opts)?;
            Ok(Parsed::Encrypt(m))
        }
        ErrorKind::WrongTag {
            found: Some(other), ..
        } => Err(CoseError::WrongTag(*other)),
        ErrorKind::WrongTag { found: None, .. } => {
            if bytes.first() == Some(&0x84) {
                Ok(Parsed::Encrypt(boring::from_slice_with(bytes, &opts)?))
            } else {
                Ok(Parsed::Encrypt0(boring::from_slice_with(bytes, &opts)?))
            }
        }
        _ => Err(err.into()),
    }
}

/// What the content layer's headers say.
struct Content {
    alg: ContentAlg,
    iv: Iv,
    kid: Option<Vec<u8>>,
    content_type: Option<Label>,
}

/// The content layer's IV: whole (label 5), or a Partial IV (label 6) to
/// combine with the key's base IV (RFC 9052 §3.1).
enum Iv {
    Full([u8; IV_LEN]),
    Partial(Vec<u8>),
}

impl Iv {
    /// The IV to decrypt with under the direct key `kid` (`direct`), or
    /// under a content key that came wrapped, which has no base IV.
    fn resolve<P: KeyProvider + ?Sized>(
        &self,
        keys: &P,
        kid: Option<&[u8]>,
        direct: bool,
    ) -> Result<[u8; IV_LEN], CoseError> {
        let partial = match self {
            Iv::Full(iv) => return Ok(*iv),
            Iv::Partial(partial) => partial,
        };
        let base = match direct {
            true => keys.base_iv(kid)?.ok_or(CoseError::PartialIv)?,
            false => return Err(CoseError::PartialIv),
        };
        let mut iv = <[u8; IV_LEN]>::try_from(base.as_slice()).map_err(|_| CoseError::BadIv {
            found: Some(base.len()),
        })?;
        // Left-padded with zeros, then XORed in.
        let pad = IV_LEN - partial.len();
        for (b, p) in iv[pad..].iter_mut().zip(partial) {
            *b ^= p;
        }
        Ok(iv)
    }
}

/// Picks a parameter from whichever bucket holds it; RFC 9052 §3 forbids
/// a label in both.
fn one<'h, T>(
    label: i64,
    protected: Option<&'h Header>,
    unprotected: &'h Header,
    get: impl Fn(&'h Header) -> Option<&'h T>,
) -> Result<Option<&'h T>, CoseError> {
    let p = protected.and_then(&get);
    let u = get(unprotected);
    match (p, u) {
        (Some(_), Some(_)) => Err(CoseError::DuplicateLabel(label)),
        (p, u) => Ok(p.or(u)),
    }
}

/// Refuses a `crit` list naming a label this module does not process.
fn check_crit(protected: Option<&Header>, unprotected: &Header) -> Result<(), CoseError> {
    let lists = protected.and_then(|h| h.crit.as_ref()).into_iter();
    for label in lists.chain(unprotected.crit.as_ref()).flatten() {
        if !matches!(label, Label::Int(1..=6)) {
            return Err(CoseError::UnknownCritical(label.clone()));
        }
    }
    Ok(())
}

fn content(protected: &Protected<'_>, unprotected: &Header) -> Result<Content, CoseError> {
    let p = protected_map(protected);
    let alg = one(1, p, unprotected, |h| h.alg.as_ref())?.ok_or(CoseError::MissingAlgorithm)?;
    let alg = ContentAlg::from_label(alg)?;
    check_crit(p, unprotected)?;
    let iv = one(5, p, unprotected, |h| h.iv.as_ref())?;
    let iv = match one(6, p, unprotected, |h| h.partial_iv.as_ref())? {
        Some(partial) if iv.is_none() && partial.len() <= IV_LEN => Iv::Partial(partial.clone()),
        Some(_) => return Err(CoseError::IvConflict),
        None => Iv::Full(
            iv.and_then(|iv| <[u8; IV_LEN]>::try_from(iv.as_slice()).ok())
                .ok_or(CoseError::BadIv {
                    found: iv.map(Vec::len),
                })?,
        ),
    };
    let kid = one(4, p, unprotected, |h| h.kid.as_ref())?.cloned();
    let content_type = one(3, p, unprotected, |h| h.content_type.as_ref())?.cloned();
    Ok(Content {
        alg,
        iv,
        kid,
        content_type,
    })
}

fn open_encrypt0<P: KeyProvider + ?Sized>(
    m: &CoseEncrypt0<'_>,
    keys: &P,
    external_aad: &[u8],
) -> Result<Opened, CoseError> {
    let c = content(&m.protected, &m.unprotected)?;
    let ciphertext = m.ciphertext.as_deref().ok_or(CoseError::Detached)?;
    let key = keys.direct_key(c.kid.as_deref())?;
    let iv = c.iv.resolve(keys, c.kid.as_deref(), true)?;
    let aad = enc_structure("Encrypt0", protected_aad_bytes(&m.protected), external_aad)?;
    let plaintext = Gcm::new(c.alg, &key)?.open(&iv, &aad, ciphertext)?;
    Ok(Opened {
        plaintext,
        kind: MessageKind::Encrypt0,
        kid: c.kid,
        content_type: c.content_type,
    })
}

fn open_encrypt<P: KeyProvider + ?Sized>(
    m: &CoseEncrypt<'_>,
    keys: &P,
    external_aad: &[u8],
) -> Result<Opened, CoseError> {
    let c = content(&m.protected, &m.unprotected)?;
    let ciphertext = m.ciphertext.as_deref().ok_or(CoseError::Detached)?;
    let aad = enc_structure("Encrypt", protected_aad_bytes(&m.protected), external_aad)?;
    // The error worth reporting is the one from the recipient that got
    // furthest: a failed tag says more than a key that was not there.
    let mut best: Option<CoseError> = None;
    for r in &m.recipients {
        let attempt = recipient_key(r, keys).and_then(|(kid, cek, direct)| {
            let iv = c.iv.resolve(keys, kid.as_deref(), direct)?;
            let plaintext = Gcm::new(c.alg, &cek)?.open(&iv, &aad, ciphertext)?;
            Ok((kid, plaintext))
        });
        match attempt {
            Ok((kid, plaintext)) => {
                return Ok(Opened {
                    plaintext,
                    kind: MessageKind::Encrypt,
                    kid,
                    content_type: c.content_type,
                })
            }
            Err(e) if best.as_ref().is_none_or(|b| e.rank() > b.rank()) => best = Some(e),
            Err(_) => {}
        }
    }
    Err(best.unwrap_or(CoseError::NoRecipient))
}

/// The content key one recipient yields, its key id, and whether it is the
/// recipient's key itself (`direct`) rather than a wrapped one.
fn recipient_key<P: KeyProvider + ?Sized>(
    r: &CoseRecipient<'_>,
    keys: &P,
) -> Result<(Option<Vec<u8>>, super::SecretKey, bool), CoseError> {
    if r.recipients.is_some() {
        return Err(CoseError::UnsupportedRecipient("nested recipients"));
    }
    let p = protected_map(&r.protected);
    let alg = one(1, p, &r.unprotected, |h| h.alg.as_ref())?.ok_or(CoseError::MissingAlgorithm)?;
    check_crit(p, &r.unprotected)?;
    let kid = one(4, p, &r.unprotected, |h| h.kid.as_ref())?.cloned();
    let wrapped = r.ciphertext.as_deref().unwrap_or_default();
    let (key, direct) = match alg {
        Label::Int(DIRECT) => {
            // RFC 9052 §8.5.1: a direct recipient carries no key.
            if !wrapped.is_empty() {
                return Err(CoseError::UnsupportedRecipient("direct with a ciphertext"));
            }
            (keys.direct_key(kid.as_deref())?, true)
        }
        Label::Int(id) if KeyWrapAlg::from_id(*id).is_some() => {
            // RFC 9053 §6.2.1: key wrap protects nothing of the header.
            if !protected_aad_bytes(&r.protected).is_empty() {
                return Err(CoseError::UnsupportedRecipient(
                    "key wrap with a protected header",
                ));
            }
            let alg = KeyWrapAlg::from_id(*id).expect("checked by the guard");
            (keys.unwrap(kid.as_deref(), alg, wrapped)?, false)
        }
        other => return Err(CoseError::UnsupportedAlgorithm(other.clone())),
    };
    Ok((kid, key, direct))
}

/// A recipient to write: `direct` (no wrapped key) or a key-wrap
/// recipient with its wrapped key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RecipientOut<'a> {
    pub(crate) alg: i64,
    pub(crate) kid: Option<&'a [u8]>,
    pub(crate) wrapped: &'a [u8],
}

/// The protected header of a body: the algorithm and, when given, the
/// content type, both authenticated.
fn body_protected(alg: ContentAlg, content_type: Option<&Label>) -> Header {
    Header {
        alg: Some(Label::Int(alg.id())),
        content_type: content_type.cloned(),
        ..Header::default()
    }
}

/// Everything a body needs besides its recipients.
pub(crate) struct BodyIn<'a> {
    pub(crate) gcm: &'a Gcm,
    pub(crate) alg: ContentAlg,
    pub(crate) iv: [u8; IV_LEN],
    pub(crate) kid: Option<&'a [u8]>,
    pub(crate) content_type: Option<&'a Label>,
    pub(crate) external_aad: &'a [u8],
    pub(crate) plaintext: &'a [u8],
}

/// Writes a tagged COSE_Encrypt0, or with `recipients` a tagged
/// COSE_Encrypt.
pub(crate) fn seal(
    body: BodyIn<'_>,
    recipients: Option<&[RecipientOut<'_>]>,
) -> Result<Vec<u8>, CoseError> {
    let protected = body_protected(body.alg, body.content_type);
    let protected_bytes = encode_protected(&protected)?;
    let context = if recipients.is_some() {
        "Encrypt"
    } else {
        "Encrypt0"
    };
    let aad = enc_structure(context, &protected_bytes, body.external_aad)?;
    let ciphertext = body.gcm.seal(&body.iv, &aad, body.plaintext)?;
    let unprotected = Header {
        kid: body.kid.map(<[u8]>::to_vec),
        iv: Some(body.iv.to_vec()),
        ..Header::default()
    };
    let protected = protected_from(protected, &protected_bytes)?;
    let ciphertext = Some(Cow::Owned(ciphertext));
    let Some(recipients) = recipients else {
        return encode(&Tagged::<16, _>(CoseEncrypt0 {
            protected,
            unprotected,
            ciphertext,
        }));
    };
    let recipients = recipients
        .iter()
        .map(|r| CoseRecipient {
            protected: boring::Embedded(None),
            unprotected: Header {
                alg: Some(Label::Int(r.alg)),
                kid: r.kid.map(<[u8]>::to_vec),
                ..Header::default()
            },
            ciphertext: Some(Cow::Borrowed(r.wrapped)),
            recipients: None,
        })
        .collect();
    encode(&Tagged::<96, _>(CoseEncrypt {
        protected,
        unprotected,
        ciphertext,
        recipients,
    }))
}

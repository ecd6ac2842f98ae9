//! The COSE structures this module reads and writes, modelled with
//! `#[derive(Boring)]`: header maps with integer labels, the protected
//! header as a byte string holding an encoded map, and the positional
//! arrays of COSE_Encrypt0, COSE_Encrypt and COSE_recipient (RFC 9052 §3,
//! §5.1, §5.2), plus the `Enc_structure` that AES-GCM authenticates (§5.3).

use std::borrow::Cow;

use boring::{Boring, Embedded, KeepRaw, Options, Profile, Tagged, Value};

use super::CoseError;

/// A header label value that is an integer or a text string (`alg`,
/// `content type`, `crit` entries).
#[derive(Boring, Debug, Clone, PartialEq, Eq)]
#[boring(untagged)]
pub enum Label {
    /// An integer, as the IANA registries assign.
    Int(i64),
    /// A text string.
    Text(String),
}

/// A COSE header map with the common parameters of RFC 9052 §3.1 that
/// encryption uses; any other label is kept, in order, in `other`.
///
/// Fields are written in label order (1, 2, 3, 4, 5, 6), which is also the
/// order of the working group's examples, so messages built here match them
/// byte for byte.
#[derive(Boring, Debug, Clone, PartialEq, Default)]
pub struct Header {
    /// Label 1: the algorithm.
    #[boring(key = 1, skip_if_none)]
    pub alg: Option<Label>,
    /// Label 2: the labels a recipient must understand.
    #[boring(key = 2, skip_if_none)]
    pub crit: Option<Vec<Label>>,
    /// Label 3: the content type of the plaintext.
    #[boring(key = 3, skip_if_none)]
    pub content_type: Option<Label>,
    /// Label 4: the key identifier.
    #[boring(key = 4, bytes, skip_if_none)]
    pub kid: Option<Vec<u8>>,
    /// Label 5: the full initialization vector.
    #[boring(key = 5, bytes, skip_if_none)]
    pub iv: Option<Vec<u8>>,
    /// Label 6: a partial IV, combined with the key's base IV (see
    /// [`super::KeyProvider::base_iv`]).
    #[boring(key = 6, bytes, skip_if_none)]
    pub partial_iv: Option<Vec<u8>>,
    /// Every other label, in input order.
    #[boring(unknown)]
    pub other: Vec<(Value, Value)>,
}

impl Header {
    /// Whether the map has no entry at all.
    pub fn is_empty(&self) -> bool {
        self.alg.is_none()
            && self.crit.is_none()
            && self.content_type.is_none()
            && self.kid.is_none()
            && self.iv.is_none()
            && self.partial_iv.is_none()
            && self.other.is_empty()
    }
}

/// A protected header: a byte string holding the encoded header map, or
/// empty. The bytes are kept as received, since they are authenticated as
/// they are.
pub type Protected<'a> = Embedded<Option<KeepRaw<'a, Header>>>;

/// The header map of a protected header, if it has one.
pub(crate) fn protected_map<'p>(p: &'p Protected<'_>) -> Option<&'p Header> {
    p.0.as_ref().map(|h| h.value())
}

/// The bytes that stand for a protected header in `Enc_structure`: the
/// byte string's content, except that an encoded empty map (`h'a0'`) counts
/// as no protected header at all. RFC 9052 §3 has recipients accept both
/// forms for "nothing protected", and the structure then carries the
/// zero-length string, as the working group's vectors confirm.
pub(crate) fn protected_aad_bytes<'a>(p: &Protected<'a>) -> &'a [u8] {
    match &p.0 {
        Some(h) if !h.value().is_empty() => h.raw(),
        _ => &[],
    }
}

/// COSE_Encrypt0 (RFC 9052 §5.2): `[protected, unprotected, ciphertext]`,
/// tag 16 when tagged.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
pub struct CoseEncrypt0<'a> {
    /// The protected header.
    pub protected: Protected<'a>,
    /// The unprotected header.
    pub unprotected: Header,
    /// The ciphertext with its authentication tag; `nil` when detached.
    #[boring(bytes)]
    pub ciphertext: Option<Cow<'a, [u8]>>,
}

/// COSE_recipient (RFC 9052 §5.1): `[protected, unprotected, ciphertext,
/// ? recipients]`. The ciphertext is the wrapped content key, or empty for
/// `direct`.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
pub struct CoseRecipient<'a> {
    /// The protected header.
    pub protected: Protected<'a>,
    /// The unprotected header.
    pub unprotected: Header,
    /// The wrapped key, empty for `direct`.
    #[boring(bytes)]
    pub ciphertext: Option<Cow<'a, [u8]>>,
    /// Further layers of recipients (not used by key wrap or `direct`).
    #[boring(skip_if_none)]
    pub recipients: Option<Vec<CoseRecipient<'a>>>,
}

/// COSE_Encrypt (RFC 9052 §5.1): `[protected, unprotected, ciphertext,
/// recipients]`, tag 96 when tagged.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array)]
pub struct CoseEncrypt<'a> {
    /// The protected header.
    pub protected: Protected<'a>,
    /// The unprotected header.
    pub unprotected: Header,
    /// The ciphertext with its authentication tag; `nil` when detached.
    #[boring(bytes)]
    pub ciphertext: Option<Cow<'a, [u8]>>,
    /// One entry per recipient.
    pub recipients: Vec<CoseRecipient<'a>>,
}

/// The additional authenticated data of the content layer (RFC 9052 §5.3):
/// `["Encrypt0" / "Encrypt", protected, external_aad]`.
#[derive(Boring, Debug)]
#[boring(array)]
pub(crate) struct EncStructure<'a> {
    pub(crate) context: &'a str,
    #[boring(bytes)]
    pub(crate) protected: &'a [u8],
    #[boring(bytes)]
    pub(crate) external_aad: &'a [u8],
}

/// The `Enc_structure` bytes for `context`.
pub(crate) fn enc_structure(
    context: &str,
    protected: &[u8],
    external_aad: &[u8],
) -> Result<Vec<u8>, CoseError> {
    encode(&EncStructure {
        context,
        protected,
        external_aad,
    })
}

/// The options every structure is written with: definite lengths and
/// preferred (shortest) heads, as RFC 9052 §9 asks of the structures that
/// are authenticated.
pub(crate) fn options() -> Options {
    Profile::Interop.into()
}

/// Encodes `value` under [`options`].
pub(crate) fn encode<T: boring::Encode>(value: &T) -> Result<Vec<u8>, CoseError> {
    Ok(boring::to_vec_with(value, &options())?)
}

/// The protected header of a message built here: the encoded map, or
/// nothing for an empty map (RFC 9052 §3 prefers the zero-length string).
pub(crate) fn encode_protected(header: &Header) -> Result<Vec<u8>, CoseError> {
    if header.is_empty() {
        Ok(Vec::new())
    } else {
        encode(header)
    }
}

/// Wraps encoded protected-header bytes for writing inside a message.
pub(crate) fn protected_from<'a>(
    header: Header,
    bytes: &'a [u8],
) -> Result<Protected<'a>, CoseError> {
    if bytes.is_empty() {
        return Ok(Embedded(None));
    }
    Ok(Embedded(Some(KeepRaw::new(header, bytes)?)))
}

/// A tagged COSE_Encrypt0.
pub(crate) type TaggedEncrypt0<'a> = Tagged<16, CoseEncrypt0<'a>>;
/// A tagged COSE_Encrypt.
pub(crate) type TaggedEncrypt<'a> = Tagged<96, CoseEncrypt<'a>>;

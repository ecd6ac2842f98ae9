//! `seal` and `open`: COSE encryption (`boring_codec::cose`) under a key
//! given as a JSON Web Key file. Like the other commands that write bytes,
//! each decides where its output goes, and reads its key, before it reads
//! any input.

use std::path::Path;

use boring_codec::cose::{
    self, unwrap_key, wrap_key, ContentAlg, CoseError, DirectKeySealer, EnvelopeSealer, Jwk,
    KeyInfo, KeyProvider, KeyWrapAlg, OsRandom, SecretKey, Strategy,
};

use crate::args::{OpenArgs, SealArgs};
use crate::failure::Failure;
use crate::{input, output};

/// `boring seal`: COSE_Encrypt0 under the key, or with `--wrap` a
/// COSE_Encrypt whose fresh content key is wrapped for it.
pub(crate) fn seal(args: &SealArgs) -> Result<(), Failure> {
    let jwk = read_key(&args.key)?;
    let key_failure = |e: CoseError| key_error(&args.key, e.to_string());
    let kid = args.kid.clone().or_else(|| jwk.kid.clone());
    let kid = kid.map(String::into_bytes);
    // The algorithm is settled before any input is read.
    let plan = if args.wrap {
        Plan::Wrap(jwk.wrap_alg().map_err(key_failure)?)
    } else {
        Plan::Direct(jwk.content_alg().map_err(key_failure)?)
    };
    let aad = external_aad(args.aad.as_deref())?;
    let destination = output::destination(&args.output, true)?;
    let plaintext = input::read(&args.input)?;
    let sealed = match plan {
        Plan::Wrap(alg) => {
            let provider = KeyFile {
                key: jwk.key,
                kid,
                wrap: alg,
            };
            EnvelopeSealer::new(provider, ContentAlg::A256Gcm, Strategy::Direct)
                .seal(&plaintext, &aad)
        }
        Plan::Direct(alg) => DirectKeySealer::new(alg, &jwk.key, kid, &mut OsRandom)
            .and_then(|mut sealer| sealer.seal(&plaintext, &aad)),
    };
    destination.write(&sealed.map_err(Failure::Cose)?)
}

/// `boring open`: the plaintext of a COSE_Encrypt0 or COSE_Encrypt.
pub(crate) fn open(args: &OpenArgs) -> Result<(), Failure> {
    let jwk = read_key(&args.key)?;
    let aad = external_aad(args.aad.as_deref())?;
    let destination = output::destination(&args.output, true)?;
    let message = input::read(&args.input)?;
    let provider = KeyFile {
        key: jwk.key,
        kid: args.kid.clone().map(String::into_bytes),
        // Unused: opening takes the algorithm from the message.
        wrap: KeyWrapAlg::A256Kw,
    };
    let opened = cose::open(&message, &provider, &aad).map_err(Failure::Cose)?;
    destination.write(&opened.plaintext)
}

/// The external AAD of `--aad`: the text's bytes, or with `@` a file's
/// (none: empty, as RFC 9052 has it).
fn external_aad(arg: Option<&str>) -> Result<Vec<u8>, Failure> {
    match arg {
        None => Ok(Vec::new()),
        Some(text) => match text.strip_prefix('@') {
            Some(path) => std::fs::read(path)
                .map_err(|e| Failure::Usage(format!("--aad @{path}: cannot read the file: {e}"))),
            None => Ok(text.as_bytes().to_vec()),
        },
    }
}

/// How `seal` encrypts.
enum Plan {
    Direct(ContentAlg),
    Wrap(KeyWrapAlg),
}

/// The key file, read and parsed; a failure names the file.
fn read_key(path: &Path) -> Result<Jwk, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| key_error(path, e.to_string()))?;
    Jwk::parse(&text).map_err(|e| key_error(path, e.to_string()))
}

fn key_error(path: &Path, message: String) -> Failure {
    Failure::Key {
        file: path.display().to_string(),
        message,
    }
}

/// The one key of a key file. The user named it, so without `open --kid`
/// it is used whatever key id a message gives (a mismatch shows as a
/// failed unwrap or tag); with it, a message (or recipient) naming another
/// key id is refused before any decryption.
struct KeyFile {
    key: SecretKey,
    kid: Option<Vec<u8>>,
    wrap: KeyWrapAlg,
}

impl KeyProvider for KeyFile {
    fn current(&self) -> Result<KeyInfo, CoseError> {
        Ok(KeyInfo {
            kid: self.kid.clone().unwrap_or_default(),
            alg: self.wrap,
        })
    }

    fn wrap(&self, _: &[u8], alg: KeyWrapAlg, cek: &SecretKey) -> Result<Vec<u8>, CoseError> {
        wrap_key(alg, &self.key, cek)
    }

    fn unwrap(
        &self,
        kid: Option<&[u8]>,
        alg: KeyWrapAlg,
        wrapped: &[u8],
    ) -> Result<SecretKey, CoseError> {
        self.check_kid(kid)?;
        unwrap_key(alg, &self.key, wrapped)
    }

    fn direct_key(&self, kid: Option<&[u8]>) -> Result<SecretKey, CoseError> {
        self.check_kid(kid)?;
        Ok(self.key.clone())
    }
}

impl KeyFile {
    /// Refuses a message's key id that is not the one given for the key.
    fn check_kid(&self, found: Option<&[u8]>) -> Result<(), CoseError> {
        let Some(expected) = self.kid.as_deref() else {
            return Ok(());
        };
        if found == Some(expected) {
            return Ok(());
        }
        let expected = String::from_utf8_lossy(expected);
        Err(CoseError::Provider(match found {
            Some(found) => format!(
                "the message is for key id {:?}, not the key's {expected:?}",
                String::from_utf8_lossy(found)
            ),
            None => format!("the message names no key id, and the key's is {expected:?}"),
        }))
    }
}

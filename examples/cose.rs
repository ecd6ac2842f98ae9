//! A COSE_Sign1 message (RFC 9052) built with `#[derive(Boring)]`: integer
//! header labels, a positional message under tag 18, the protected header
//! kept as the exact bytes that are signed, and the Sig_structure built
//! from them.
//!
//! Run with `cargo run -p boring-examples --example cose`.

use boring::{Boring, Embedded, KeepRaw, Options, Profile};

/// The protected header: its bytes are part of what is signed.
#[derive(Boring, Debug, Clone, PartialEq)]
struct Protected {
    /// The algorithm: −7 is ES256.
    #[boring(key = 1)]
    alg: i64,
    /// Content type, when given.
    #[boring(key = 3, skip_if_none)]
    content_type: Option<String>,
}

/// The unprotected header.
#[derive(Boring, Debug, Clone, PartialEq)]
struct Unprotected {
    /// Key identifier.
    #[boring(key = 4, bytes, skip_if_none)]
    kid: Option<Vec<u8>>,
}

/// `COSE_Sign1 = 18([protected: bstr .cbor header, unprotected: header,
/// payload: bstr / nil, signature: bstr])`.
#[derive(Boring, Debug, Clone, PartialEq)]
#[boring(array, cbor_tag = 18)]
struct CoseSign1<'a> {
    protected: Embedded<KeepRaw<'a, Protected>>,
    unprotected: Unprotected,
    #[boring(bytes)]
    payload: Option<Vec<u8>>,
    #[boring(bytes)]
    signature: Vec<u8>,
}

/// `Sig_structure = ["Signature1", body_protected, external_aad, payload]`:
/// the bytes a signer signs and a verifier checks.
#[derive(Boring, Debug)]
#[boring(array)]
struct SigStructure<'a> {
    context: &'a str,
    #[boring(bytes)]
    body_protected: &'a [u8],
    #[boring(bytes)]
    external_aad: &'a [u8],
    #[boring(bytes)]
    payload: &'a [u8],
}

fn main() -> Result<(), boring::Error> {
    let options = Options::from(Profile::Interop);

    // The protected header is encoded once; those bytes travel with it.
    let header = Protected {
        alg: -7,
        content_type: None,
    };
    let header_bytes = boring::to_vec_with(&header, &options)?;
    let protected = Embedded(KeepRaw::new(header, &header_bytes)?);

    let payload = b"This is the content.".to_vec();
    let to_be_signed = boring::to_vec_with(
        &SigStructure {
            context: "Signature1",
            body_protected: protected.raw(),
            external_aad: &[],
            payload: &payload,
        },
        &options,
    )?;
    println!("Sig_structure, {} bytes:", to_be_signed.len());
    println!("{}", boring::diag::dump(&to_be_signed)?);

    // A real signer signs `to_be_signed` here; this example carries a
    // placeholder of an ES256 signature's length.
    let message = CoseSign1 {
        protected,
        unprotected: Unprotected {
            kid: Some(b"11".to_vec()),
        },
        payload: Some(payload),
        signature: vec![0; 64],
    };
    let bytes = boring::to_vec_with(&message, &options)?;
    println!("COSE_Sign1, {} bytes:", bytes.len());
    println!("{}", boring::diag::dump(&bytes)?);

    // The receiver gets the protected header back with its exact bytes, so
    // the Sig_structure it rebuilds is the one that was signed.
    let received: CoseSign1<'_> = boring::from_slice_with(&bytes, &options)?;
    assert_eq!(received.protected.alg, -7);
    assert_eq!(received.protected.raw(), header_bytes.as_slice());
    let rebuilt = boring::to_vec_with(
        &SigStructure {
            context: "Signature1",
            body_protected: received.protected.raw(),
            external_aad: &[],
            payload: received.payload.as_deref().unwrap_or_default(),
        },
        &options,
    )?;
    assert_eq!(rebuilt, to_be_signed);
    assert_eq!(boring::to_vec_with(&received, &options)?, bytes);
    println!("decoded, Sig_structure rebuilt and message re-encoded identically");
    Ok(())
}

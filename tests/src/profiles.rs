//! Encoding and decoding under each profile, for the tests of the types
//! that write tags.

use boring::{DecodeOwned, Encode, Error, ErrorKind, Options, Profile};

/// Every profile that writes tags (all but `Ctap2`).
pub const TAGGED: [Profile; 6] = [
    Profile::Default,
    Profile::Compact,
    Profile::Interop,
    Profile::Archival,
    Profile::Canonical,
    Profile::CanonicalRfc7049,
];

/// `v` encoded under `profile`.
pub fn enc<T: Encode + ?Sized>(v: &T, profile: Profile) -> Vec<u8> {
    boring::to_vec_with(v, &Options::from(profile))
        .unwrap_or_else(|e| panic!("encoding under {profile:?}: {e}"))
}

/// `bytes` decoded under `profile`; a deterministic profile also verifies
/// that the bytes are in its one form.
pub fn dec<T: DecodeOwned>(bytes: &[u8], profile: Profile) -> Result<T, Error> {
    let opts = Options::from(profile).verify_deterministic(profile.is_deterministic());
    boring::from_slice_with(bytes, &opts)
}

/// Asserts that `result` failed with `kind` at `offset`.
#[track_caller]
pub fn fails<T: std::fmt::Debug>(result: Result<T, Error>, kind: ErrorKind, offset: usize) {
    let err = result.expect_err("expected an error");
    assert_eq!(err.kind(), &kind, "{err}");
    assert_eq!(err.offset(), Some(offset), "{err}");
}

#!/usr/bin/env python3
"""Decrypts boring-codec's COSE messages without boring-codec.

The samples come from `cargo run -p boring-codec --example cose_samples -- DIR`
(COSE_Encrypt0, COSE_Encrypt with a `direct` recipient, COSE_Encrypt with
A128KW/A192KW/A256KW recipients). Each is read with cbor2 (pinned:
cbor2==6.3.0), its content key unwrapped with the `cryptography` package's
aes_key_unwrap (pinned: cryptography==48.0.0), the Enc_structure rebuilt as
RFC 9052 section 5.3 defines it, and the ciphertext opened with AESGCM. Also
checked: the IV is 12 bytes and never repeats under one content key, and a
changed external AAD is refused.

usage: check_cose.py DIR
Exit status 0 only if every check passes; the last line is the summary
`N passed, M failed`.
"""

import base64
import json
import pathlib
import sys

import cbor2
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.keywrap import InvalidUnwrap, aes_key_unwrap

# RFC 9053: AES-GCM content algorithms and their key lengths, and the key
# wrap / direct recipient algorithms.
GCM_KEY_LEN = {1: 16, 2: 24, 3: 32}
KEY_WRAP = {-3: 16, -4: 24, -5: 32}
DIRECT = -6
ALG, KID, IV, PARTIAL_IV = 1, 4, 5, 6


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def headers(protected_bytes, unprotected):
    """The protected map (decoded) merged with the unprotected one; a label
    in both is an error (RFC 9052 section 3)."""
    protected = cbor2.loads(protected_bytes) if protected_bytes else {}
    both = set(protected) & set(unprotected)
    if both:
        raise ValueError(f"labels in both headers: {both}")
    return {**unprotected, **protected}


def aad_protected(protected_bytes):
    # An encoded empty map counts as no protected header (RFC 9052 section 3).
    if protected_bytes and cbor2.loads(protected_bytes) == {}:
        return b""
    return protected_bytes


def enc_structure(context, protected_bytes, external_aad):
    return cbor2.dumps([context, aad_protected(protected_bytes), external_aad])


def content_key(recipient, key):
    """The content key a recipient yields, given its JWK's bytes."""
    r_protected, r_unprotected, wrapped = recipient[:3]
    params = headers(r_protected, r_unprotected)
    alg = params[ALG]
    if alg == DIRECT:
        if wrapped:
            raise ValueError("direct recipient with a ciphertext")
        return key
    if alg in KEY_WRAP:
        if r_protected:
            raise ValueError("key wrap recipient with a protected header")
        if len(key) != KEY_WRAP[alg]:
            raise ValueError(f"KEK of {len(key)} bytes for alg {alg}")
        return aes_key_unwrap(key, wrapped)
    raise ValueError(f"unexpected recipient alg {alg}")


def decrypt(message, key, external_aad):
    """(plaintext, iv, content key) of a COSE_Encrypt0 or COSE_Encrypt."""
    if not isinstance(message, cbor2.CBORTag) or message.tag not in (16, 96):
        raise ValueError(f"not a tagged COSE encryption message: {message!r:.60}")
    if message.tag == 16:
        protected, unprotected, ciphertext = message.value
        context, cek = "Encrypt0", key
    else:
        protected, unprotected, ciphertext, recipients = message.value
        if len(recipients) != 1:
            raise ValueError(f"{len(recipients)} recipients")
        context, cek = "Encrypt", content_key(recipients[0], key)
    params = headers(protected, unprotected)
    alg = params[ALG]
    if GCM_KEY_LEN.get(alg) != len(cek):
        raise ValueError(f"alg {alg} with a {len(cek)}-byte key")
    iv = params[IV]
    if len(iv) != 12 or PARTIAL_IV in params:
        raise ValueError("the IV must be a full 12-byte IV")
    aad = enc_structure(context, protected, external_aad)
    return AESGCM(cek).decrypt(iv, ciphertext, aad), iv, cek, aad


def main():
    if len(sys.argv) != 2:
        print("usage: check_cose.py DIR", file=sys.stderr)
        return 2
    directory = pathlib.Path(sys.argv[1])
    manifest = json.loads((directory / "manifest.json").read_text())
    passed = failed = 0
    seen = set()  # (content key, iv): a repeat would be a nonce reuse

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}")

    kinds = set()
    for sample in manifest:
        name = sample["file"]
        kinds.add(sample["kind"])
        key = b64url(sample["key"]["k"])
        external = bytes.fromhex(sample["external_aad_hex"])
        try:
            message = cbor2.loads((directory / name).read_bytes())
            plaintext, iv, cek, aad = decrypt(message, key, external)
        except (cbor2.CBORDecodeError, ValueError, KeyError, TypeError,
                InvalidTag, InvalidUnwrap) as e:
            check(False, f"{name}: {type(e).__name__}: {e}")
            continue
        check(plaintext == bytes.fromhex(sample["plaintext_hex"]), f"{name}: plaintext")
        check((cek, iv) not in seen, f"{name}: IV repeated under one key")
        seen.add((cek, iv))
        kid = sample["key"].get("kid", "").encode()
        if message.tag == 96:
            got = headers(*message.value[3][0][:2]).get(KID)
        else:
            got = headers(*message.value[:2]).get(KID)
        check(got == kid, f"{name}: kid {got!r}, expected {kid!r}")
        try:
            AESGCM(cek).decrypt(iv, message.value[2], aad + b"x")
            check(False, f"{name}: a changed AAD was accepted")
        except InvalidTag:
            check(True, "")
    check(kinds == {"encrypt0", "encrypt-direct", "encrypt-wrap"}, f"kinds {kinds}")
    check(len(manifest) >= 30, f"only {len(manifest)} samples")
    print(f"{len(manifest)} COSE samples decrypted by Python (cbor2 + cryptography)")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

//! `seal` and `open`: COSE encryption under a JSON Web Key file.

mod common;

use common::{conformance, run, run_stdin, stderr, TempFile};
use serde_json::Value as Json;

const KEY_256: &str =
    r#"{"kty":"oct","kid":"k-256","k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"}"#;
const KEY_128: &str = r#"{"kty":"oct","kid":"k-128","alg":"A128GCM","k":"hJtXIZ2uSN5kbQfbtTNWbg"}"#;

fn key_file(json: &str) -> TempFile {
    TempFile::with(json.as_bytes())
}

/// The tag and the decoded array of a message, through the library's
/// generic value.
fn decoded(message: &[u8]) -> (u64, Vec<boring::Value>) {
    match boring::from_slice::<boring::Value>(message).unwrap() {
        boring::Value::Tag(tag, inner) => match inner.into_inner() {
            boring::Value::Array(items) => (tag, items.into_vec()),
            other => panic!("not an array: {other:?}"),
        },
        other => panic!("untagged: {other:?}"),
    }
}

#[test]
fn seal_then_open_round_trips_through_files() {
    let key = key_file(KEY_256);
    let plain = TempFile::with(b"the plaintext\n");
    let sealed = TempFile::with(b"");
    let out = run(&["seal", "--key", key.arg(), "-o", sealed.arg(), plain.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let message = std::fs::read(&sealed.0).unwrap();
    let (tag, items) = decoded(&message);
    assert_eq!((tag, items.len()), (16, 3), "COSE_Encrypt0");
    // A256GCM in the protected header for a 256-bit key without "alg".
    assert_eq!(items[0], boring::Value::Bytes(vec![0xa1, 0x01, 0x03]));

    let opened = TempFile::with(b"");
    let out = run(&["open", "--key", key.arg(), "-o", opened.arg(), sealed.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&opened.0).unwrap(), b"the plaintext\n");
}

#[test]
fn wrap_writes_cose_encrypt_and_standard_streams_work() {
    let key = key_file(KEY_128);
    let out = run_stdin(
        &[
            "seal",
            "--wrap",
            "--kid",
            "other-id",
            "--key",
            key.arg(),
            "-",
        ],
        b"abc",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (tag, items) = decoded(&out.stdout);
    assert_eq!((tag, items.len()), (96, 4), "COSE_Encrypt");
    let text = format!("{:?}", items[3]);
    // One A128KW (-3) recipient named by the --kid given.
    assert!(text.contains("Integer(-3)"), "{text}");
    assert!(
        text.contains(&format!("{:?}", b"other-id".to_vec())),
        "{text}"
    );
    let opened = run_stdin(&["open", "--key", key.arg(), "-"], &out.stdout);
    assert_eq!(opened.status.code(), Some(0), "{}", stderr(&opened));
    assert_eq!(opened.stdout, b"abc");
}

#[test]
fn the_key_file_alg_chooses_the_content_algorithm() {
    let key = key_file(KEY_128);
    let out = run_stdin(&["seal", "--key", key.arg(), "-"], b"x");
    let (_, items) = decoded(&out.stdout);
    assert_eq!(
        items[0],
        boring::Value::Bytes(vec![0xa1, 0x01, 0x01]),
        "A128GCM"
    );
    // A key-wrap alg does not encrypt content directly.
    let kw = key_file(r#"{"kty":"oct","alg":"A128KW","k":"hJtXIZ2uSN5kbQfbtTNWbg"}"#);
    let out = run_stdin(&["seal", "--key", kw.arg(), "-"], b"x");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(kw.arg()), "{}", stderr(&out));
    assert!(stderr(&out).contains("not AES-GCM"), "{}", stderr(&out));
}

#[test]
fn a_wrong_key_or_an_altered_message_fails_naming_the_input() {
    let key = key_file(KEY_256);
    let other = key_file(r#"{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}"#);
    for wrap in [false, true] {
        let mut args = vec!["seal", "--key", key.arg(), "-"];
        if wrap {
            args.insert(1, "--wrap");
        }
        let sealed = run_stdin(&args, b"secret").stdout;
        let input = TempFile::with(&sealed);
        let out = run(&["open", "--key", other.arg(), input.arg()]);
        assert_eq!(out.status.code(), Some(1), "wrap {wrap}");
        let why = if wrap {
            "unwrap"
        } else {
            "authentication failed"
        };
        let text = stderr(&out);
        assert!(text.contains(input.arg()) && text.contains(why), "{text}");
        assert!(out.stdout.is_empty(), "no partial plaintext");

        let mut altered = sealed.clone();
        // The last byte: in the GCM tag of an Encrypt0, in the wrapped
        // key of an Encrypt.
        *altered.last_mut().unwrap() ^= 0x40;
        let out = run_stdin(&["open", "--key", key.arg(), "-"], &altered);
        assert_eq!(out.status.code(), Some(1), "wrap {wrap}: {}", stderr(&out));
        assert!(stderr(&out).contains("<stdin>"), "{}", stderr(&out));
    }
}

#[test]
fn key_file_problems_name_the_key_file() {
    let plain = TempFile::with(b"p");
    let out = run(&["seal", "--key", "no-such-key.jwk", plain.arg()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no-such-key.jwk"), "{}", stderr(&out));
    for (json, why) in [
        ("not json", "not JSON"),
        (r#"{"kty":"RSA","n":"AQAB"}"#, "not a symmetric key"),
        (r#"{"kty":"oct","k":"AAAA"}"#, "fits no AES variant"),
    ] {
        let key = key_file(json);
        for command in ["seal", "open"] {
            let out = run(&[command, "--key", key.arg(), plain.arg()]);
            assert_eq!(out.status.code(), Some(1), "{command} {json}");
            let text = stderr(&out);
            if command == "seal" || why != "fits no AES variant" {
                assert!(text.contains(key.arg()) && text.contains(why), "{text}");
            }
        }
    }
}

#[test]
fn missing_arguments_are_usage_errors() {
    for args in [
        &["seal", "file"][..],
        &["open", "--key", "k"],
        &["seal", "--key", "k", "--bogus", "f"],
    ] {
        assert_eq!(run(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn open_reads_the_working_group_vectors() {
    for file in [
        "cose/aes-gcm-examples/aes-gcm-enc-03.json",
        "cose/aes-gcm-examples/aes-gcm-02.json",
        "cose/aes-wrap-examples/aes-wrap-256-05.json",
        "cose/encrypted-tests/enc-pass-03.json",
    ] {
        let json: Json =
            serde_json::from_str(&std::fs::read_to_string(conformance(file)).unwrap()).unwrap();
        let input = &json["input"];
        let body = input
            .get("enveloped")
            .or_else(|| input.get("encrypted"))
            .unwrap();
        let key = key_file(&body["recipients"][0]["key"].to_string());
        let message = common::hex(json["output"]["cbor"].as_str().unwrap());
        let out = run_stdin(&["open", "--key", key.arg(), "-"], &message);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        assert_eq!(
            out.stdout,
            input["plaintext"].as_str().unwrap().as_bytes(),
            "{file}"
        );
    }
}

#[test]
fn open_with_kid_refuses_a_message_for_another_key() {
    let key = key_file(KEY_256);
    for wrap in [false, true] {
        let mut args = vec!["seal", "--key", key.arg(), "-"];
        if wrap {
            args.insert(1, "--wrap");
        }
        // Sealed under the key file's kid, "k-256".
        let sealed = run_stdin(&args, b"for k-256").stdout;
        let ok = run_stdin(
            &["open", "--key", key.arg(), "--kid", "k-256", "-"],
            &sealed,
        );
        assert_eq!(ok.status.code(), Some(0), "wrap {wrap}: {}", stderr(&ok));
        assert_eq!(ok.stdout, b"for k-256");

        let out = run_stdin(
            &["open", "--key", key.arg(), "--kid", "k-other", "-"],
            &sealed,
        );
        assert_eq!(out.status.code(), Some(1), "wrap {wrap}");
        let text = stderr(&out);
        assert!(
            text.contains("\"k-256\"") && text.contains("\"k-other\""),
            "wrap {wrap}: {text}"
        );
        assert!(out.stdout.is_empty());
        // Without --kid the key is tried whatever the message names.
        let any = run_stdin(&["open", "--key", key.arg(), "-"], &sealed);
        assert_eq!(any.status.code(), Some(0), "wrap {wrap}: {}", stderr(&any));
    }
    // A message naming no key id is refused when one is expected.
    let bare = key_file(r#"{"kty":"oct","k":"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"}"#);
    let sealed = run_stdin(&["seal", "--key", bare.arg(), "-"], b"x").stdout;
    let out = run_stdin(
        &["open", "--key", bare.arg(), "--kid", "k-256", "-"],
        &sealed,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no key id"), "{}", stderr(&out));
}

#[test]
fn external_aad_binds_the_message_from_text_or_a_file() {
    let key = key_file(KEY_256);
    let aad_file = TempFile::with(b"\x00binary context\xff");
    let aad_arg = format!("@{}", aad_file.arg());
    for wrap in [false, true] {
        for aad in ["tenant-7", aad_arg.as_str()] {
            let mut args = vec!["seal", "--key", key.arg(), "--aad", aad, "-"];
            if wrap {
                args.insert(1, "--wrap");
            }
            let sealed = run_stdin(&args, b"bound").stdout;
            let out = run_stdin(&["open", "--key", key.arg(), "--aad", aad, "-"], &sealed);
            assert_eq!(out.status.code(), Some(0), "{aad}: {}", stderr(&out));
            assert_eq!(out.stdout, b"bound");
            // Other AAD, or none, fails authentication.
            for other in [&["--aad", "tenant-8"][..], &[]] {
                let mut args = vec!["open", "--key", key.arg()];
                args.extend_from_slice(other);
                args.push("-");
                let out = run_stdin(&args, &sealed);
                assert_eq!(out.status.code(), Some(1), "{aad} {other:?}");
                assert!(
                    stderr(&out).contains("authentication failed"),
                    "{}",
                    stderr(&out)
                );
                assert!(out.stdout.is_empty());
            }
        }
    }
    // An unreadable file is a usage error naming it; a file holding the
    // text's bytes opens what the text sealed.
    let sealed = run_stdin(
        &["seal", "--key", key.arg(), "--aad", "@-not-a-file-", "-"],
        b"x",
    );
    assert_eq!(sealed.status.code(), Some(2));
    assert!(
        stderr(&sealed).contains("@-not-a-file-"),
        "{}",
        stderr(&sealed)
    );
    let text_file = TempFile::with(b"tenant-7");
    let sealed = run_stdin(
        &["seal", "--key", key.arg(), "--aad", "tenant-7", "-"],
        b"y",
    )
    .stdout;
    let from_file = format!("@{}", text_file.arg());
    let out = run_stdin(
        &["open", "--key", key.arg(), "--aad", &from_file, "-"],
        &sealed,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"y");
}

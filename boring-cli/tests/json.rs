//! `boring json2cbor` and `boring cbor2json`: profiles, output files, the
//! exit statuses and the terminal rule.

mod common;

use std::process::Command;

use common::{hex, run, run_stdin, stderr, stdout, TempFile, BIN};

#[test]
fn json_to_cbor_under_a_profile() {
    let out = run_stdin(
        &["json2cbor", "--profile", "interop", "-"],
        br#"{"a": [1, 2.5, "x"]}"#,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, hex("a161618301fb40040000000000006178"));
    // The default profile opens a stringref namespace.
    let out = run_stdin(&["json2cbor", "-"], b"[\"abc\", \"abc\"]");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, hex("d901008263616263d81900"));
}

#[test]
fn cbor_to_json_plain_and_pretty() {
    let file = TempFile::with(&hex("a2616101616282f543010203"));
    let out = run(&["cbor2json", file.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"a\":1,\"b\":[true,\"AQID\"]}\n");
    let out = run(&["cbor2json", "--pretty", file.arg()]);
    assert_eq!(
        stdout(&out),
        "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    \"AQID\"\n  ]\n}\n"
    );
}

#[test]
fn a_round_trip_through_output_files() {
    let json = br#"{"name":"boring","tags":["cbor","json"],"big":123456789012345678901234567890,"pi":3.14159}"#;
    let input = TempFile::with(json);
    let cbor = TempFile::with(b"");
    let out = run(&[
        "json2cbor",
        "--profile",
        "compact",
        "-o",
        cbor.arg(),
        input.arg(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let back = TempFile::with(b"");
    let out = run(&["cbor2json", "-o", back.arg(), cbor.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&back.0).unwrap();
    assert_eq!(text.trim_end(), std::str::from_utf8(json).unwrap());
}

#[test]
fn bad_json_fails_with_the_file_name_and_offset() {
    let file = TempFile::with(b"[1, 2,]");
    let out = run(&["json2cbor", file.arg()]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(message.contains(file.arg()), "{message}");
    assert!(message.contains("byte 6"), "{message}");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_cbor_and_non_finite_floats_fail() {
    let out = run_stdin(&["cbor2json", "-"], &hex("8301"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("<stdin>"), "{}", stderr(&out));
    let out = run_stdin(&["cbor2json", "-"], &hex("f97e00"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("NaN"), "{}", stderr(&out));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["json2cbor"]).status.code(), Some(2));
    assert_eq!(
        run(&["json2cbor", "--profile", "nope", "-"]).status.code(),
        Some(2)
    );
    assert_eq!(run(&["cbor2json", "--unknown", "-"]).status.code(), Some(2));
}

#[test]
fn cbor_is_refused_on_a_terminal_without_force() {
    // `script` gives the command a pseudo-terminal as standard output.
    let Ok(probe) = Command::new("script").arg("--version").output() else {
        return;
    };
    if !probe.status.success() {
        return;
    }
    let file = TempFile::with(b"[1]");
    for (args, code) in [("", 2), ("--force", 0)] {
        let line = format!("{BIN} json2cbor {args} {}", file.arg());
        let out = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .output()
            .expect("run script");
        assert_eq!(out.status.code(), Some(code), "{line}");
    }
    // JSON is text: a terminal may show it.
    let cbor = TempFile::with(&hex("8101"));
    let line = format!("{BIN} cbor2json {}", cbor.arg());
    let out = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .output()
        .expect("run script");
    assert_eq!(out.status.code(), Some(0), "{line}");
}

#[test]
fn a_cbor_sequence_becomes_json_lines() {
    // RFC 8742: 1, {"a": [true]}, "x" one after another.
    let seq = hex("01a1616181f56178");
    let out = run_stdin(&["cbor2json", "-"], &seq);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1\n{\"a\":[true]}\n\"x\"\n");
    // --lines gives the same lines, and takes an empty input as an empty
    // sequence; without it an empty input has no item to convert.
    let out = run_stdin(&["cbor2json", "--lines", "-"], &seq);
    assert_eq!(stdout(&out), "1\n{\"a\":[true]}\n\"x\"\n");
    let out = run_stdin(&["cbor2json", "--lines", "-"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(run_stdin(&["cbor2json", "-"], b"").status.code(), Some(1));
    // --pretty indents each item; it cannot be one line per item.
    let out = run_stdin(&["cbor2json", "--pretty", "-"], &hex("0181f5"));
    assert_eq!(stdout(&out), "1\n[\n  true\n]\n");
    let out = run_stdin(&["cbor2json", "--pretty", "--lines", "-"], &seq);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_truncated_last_item_is_an_error_at_its_offset() {
    // Two whole items, then a string head promising 3 bytes with 1 left.
    let out = run_stdin(&["cbor2json", "-"], &hex("0102636162"));
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(message.contains("byte 2"), "{message}");
    // Nothing is written when an item fails.
    assert!(out.stdout.is_empty());
    // A head cut in the middle: the offset is the head's.
    let out = run_stdin(&["cbor2json", "-"], &hex("0119"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("byte 1"), "{}", stderr(&out));
}

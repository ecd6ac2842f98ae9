//! `boring check`: profiles, deterministic verification, the depth limit,
//! empty input and the JSON report.

mod common;

use common::{hex, run, run_stdin, stderr, stdout, TempFile};

/// The one JSON object `check --json` prints.
fn json(out: &std::process::Output) -> serde_json::Value {
    let text = stdout(out);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    serde_json::from_str(&text).expect("stdout is JSON")
}

#[test]
fn json_report_on_good_input() {
    let file = TempFile::with(&hex("01a1616102d901008263616263d81900"));
    let out = run(&["check", "--json", file.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["ok"], true);
    assert_eq!(report["items"], 3);
    assert!(report["error"].is_null());
}

#[test]
fn json_report_on_bad_input() {
    // The second item is a text string that is not UTF-8.
    let file = TempFile::with(&hex("0162c328"));
    let out = run(&["check", "--json", file.arg()]);
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(report["ok"], false);
    assert_eq!(report["items"], 1);
    assert_eq!(report["error"]["kind"], "invalid-utf8");
    assert_eq!(report["error"]["offset"], 2);
    assert_eq!(report["error"]["message"], "text string is not valid UTF-8");
    // Truncated input: the second item's head lacks its argument.
    let out = run_stdin(&["check", "--json", "-"], &hex("011901"));
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(report["items"], 1);
    assert_eq!(report["error"]["kind"], "truncated-input");
    assert_eq!(report["error"]["offset"], 1);
}

#[test]
fn empty_input_fails_check_only() {
    let out = run_stdin(&["check", "-"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("empty input"), "{}", stderr(&out));
    let out = run_stdin(&["check", "--json", "-"], b"");
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(report["ok"], false);
    assert_eq!(report["items"], 0);
    assert_eq!(report["error"]["kind"], "empty-input");
    assert_eq!(report["error"]["message"], "empty input");
    // Every other command takes it as a sequence of no items.
    for command in ["diag", "dump", "items"] {
        let out = run_stdin(&[command, "-"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        assert_eq!(out.stdout, b"", "{command}");
        assert_eq!(out.stderr, b"", "{command}");
    }
    let out = run_stdin(&["reencode", "--profile", "canonical", "-"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"");
}

#[test]
fn verify_deterministic_under_canonical() {
    let check = |bytes: &[u8]| {
        run_stdin(
            &[
                "check",
                "--profile",
                "canonical",
                "--verify-deterministic",
                "-",
            ],
            bytes,
        )
    };
    // {"a": 1, "b": 2} and 1.5 as a half: canonical.
    let good = check(&hex("a2616101616202f93e00"));
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
    assert_eq!(stdout(&good), "OK (2 items)\n");
    // Keys out of order.
    let unordered = check(&hex("a2616202616101"));
    assert_eq!(unordered.status.code(), Some(1));
    assert!(
        stderr(&unordered).contains("kind not-deterministic"),
        "{}",
        stderr(&unordered)
    );
    // 1 written with a one-byte argument: not the shortest head.
    let long_head = check(&hex("1801"));
    assert_eq!(long_head.status.code(), Some(1));
    assert!(
        stderr(&long_head).contains("kind not-deterministic, offset 0"),
        "{}",
        stderr(&long_head)
    );
    // Without the flag, the same bytes decode.
    let out = run_stdin(&["check", "--profile", "canonical", "-"], &hex("1801"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn verify_deterministic_needs_a_deterministic_profile() {
    // Refused before the input is read: the file does not exist.
    for profile in ["default", "compact", "interop"] {
        let out = run(&[
            "check",
            "--profile",
            profile,
            "--verify-deterministic",
            "absent.cbor",
        ]);
        assert_eq!(out.status.code(), Some(2), "{profile}");
        assert!(stderr(&out).contains("canonical"), "{}", stderr(&out));
    }
}

#[test]
fn max_depth_bounds_nesting() {
    let shallow = run_stdin(&["check", "--max-depth", "2", "-"], &hex("818101"));
    assert_eq!(shallow.status.code(), Some(0), "{}", stderr(&shallow));
    let deep = run_stdin(&["check", "--max-depth", "2", "-"], &hex("81818101"));
    assert_eq!(deep.status.code(), Some(1));
    assert!(
        stderr(&deep).contains("kind max-depth-exceeded"),
        "{}",
        stderr(&deep)
    );
    for bad in ["0", "2049", "many"] {
        let out = run(&["check", "--max-depth", bad, "absent.cbor"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

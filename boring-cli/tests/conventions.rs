//! What every command shares: version and help, exit statuses, profile
//! names, `--`, output to a file or a pipe, file names in errors,
//! completions.

mod common;

use common::{hex, run, run_stdin, stderr, stdout, TempFile};

#[test]
fn version_names_the_crate_version() {
    for flag in ["--version", "-V"] {
        let out = run(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            stdout(&out).contains(env!("CARGO_PKG_VERSION")),
            "{}",
            stdout(&out)
        );
    }
}

#[test]
fn an_unknown_profile_lists_the_valid_ones() {
    for command in ["reencode", "index", "check", "set"] {
        let out = run(&[command, "--profile", "nonsense", "absent.cbor", "a"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let text = stderr(&out);
        for profile in [
            "default",
            "compact",
            "interop",
            "archival",
            "canonical",
            "canonical-rfc7049",
            "ctap2",
        ] {
            assert!(text.contains(profile), "{command}: {profile} not in {text}");
        }
    }
    // The reference's name for the default profile is still accepted.
    let out = run_stdin(&["reencode", "--profile", "clojure", "-"], &hex("01"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn option_conflicts_are_usage_errors() {
    for args in [
        &[
            "reencode",
            "--profile",
            "interop",
            "--shapes",
            "absent.cbor",
        ][..],
        &[
            "reencode",
            "--profile",
            "canonical",
            "--columns",
            "absent.cbor",
        ][..],
        &[
            "set",
            "--profile",
            "default",
            "absent.cbor",
            "a",
            "--value",
            "1",
        ][..],
        &[
            "set",
            "--in-place",
            "-o",
            "x",
            "absent.cbor",
            "a",
            "--value",
            "1",
        ][..],
        &["set", "--in-place", "-", "a", "--value", "1"][..],
        &["set", "absent.cbor", "a", "--value", "[1,"][..],
        &["get", "absent.cbor", "a", "--frobnicate"][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with("error: "), "{args:?}");
        assert_eq!(out.stdout, b"", "{args:?}");
    }
}

#[test]
fn double_dash_ends_options() {
    // {-1: "minus one", "-x": 2}
    let file = TempFile::with(&hex("a220696d696e7573206f6e65622d7802"));
    let out = run(&["get", file.arg(), "--", "-1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "\"minus one\"\n");
    let out = run(&["get", file.arg(), "--", "-x"]);
    assert_eq!(stdout(&out), "2\n");
    let out = run(&["count", "--", file.arg()]);
    assert_eq!(stdout(&out), "2\n");
    // Without `--` the segment is an unknown option.
    assert_eq!(run(&["get", file.arg(), "-x"]).status.code(), Some(2));
    // A value that looks like an option is taken as --value's value.
    let canonical = TempFile::with(&hex("a1616101"));
    let out = run(&["set", canonical.arg(), "a", "--value", "-5"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, hex("a1616124"));
}

#[test]
fn output_goes_to_the_file_named_by_o() {
    let target = TempFile::with(b"");
    for flag in ["-o", "--output"] {
        std::fs::write(&target.0, b"old").unwrap();
        let out = run_stdin(&["from-diag", flag, target.arg(), "-"], b"[1, \"a\"]");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(out.stdout, b"", "nothing on standard output");
        assert_eq!(std::fs::read(&target.0).unwrap(), hex("82016161"));
    }
    let input = TempFile::with(&hex("a2616202616101"));
    for args in [
        &[
            "reencode",
            "--profile",
            "canonical",
            "-o",
            target.arg(),
            input.arg(),
        ][..],
        &["index", "--stride", "0", "-o", target.arg(), input.arg()][..],
    ] {
        std::fs::write(&target.0, b"").unwrap();
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(out.stdout, b"", "{args:?}");
        assert!(!std::fs::read(&target.0).unwrap().is_empty(), "{args:?}");
    }
    let raw = run(&["get", "--raw", "-o", target.arg(), input.arg(), "a"]);
    assert_eq!(raw.status.code(), Some(0), "{}", stderr(&raw));
    assert_eq!(std::fs::read(&target.0).unwrap(), hex("01"));
}

#[test]
fn an_output_file_that_cannot_be_written_is_named() {
    let dir = std::env::temp_dir().join(format!("boring-cli-no-dir-{}", std::process::id()));
    let target = dir.join("out.cbor");
    let target = target.to_str().expect("UTF-8");
    let out = run_stdin(&["from-diag", "-o", target, "-"], b"1");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(target), "{}", stderr(&out));
}

#[test]
fn binary_goes_to_standard_output_when_it_is_not_a_terminal() {
    // The tests' standard output is a pipe, so no --force is needed; the
    // refusal on a terminal is unit-tested in the binary.
    let out = run_stdin(&["from-diag", "-"], b"[1, h'ff']");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, hex("820141ff"));
    let forced = run_stdin(&["from-diag", "--force", "-"], b"[1, h'ff']");
    assert_eq!(forced.stdout, hex("820141ff"));
}

#[test]
fn errors_name_the_input() {
    let file = TempFile::with(&hex("8201"));
    for args in [
        &["diag"][..],
        &["dump"][..],
        &["check"][..],
        &["index"][..],
        &["reencode", "--profile", "default"][..],
    ] {
        let mut args = args.to_vec();
        args.push(file.arg());
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&out).starts_with(&format!("error: {}: ", file.arg())),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let out = run_stdin(&["check", "-"], &hex("8201"));
    assert!(
        stderr(&out).starts_with("error: <stdin>: "),
        "{}",
        stderr(&out)
    );
    let absent = run(&["get", file.arg(), "5"]);
    assert!(
        stderr(&absent).starts_with(&format!("error: {}: no item at path 5", file.arg())),
        "{}",
        stderr(&absent)
    );
    let torn = TempFile::with(&hex("0182"));
    let out = run(&["items", torn.arg()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).starts_with(&format!("error: {}: torn tail", torn.arg())),
        "{}",
        stderr(&out)
    );
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(stdout(&out).contains("boring"), "{shell}");
    }
    assert!(stdout(&run(&["completions", "bash"])).contains("reencode"));
    assert_eq!(run(&["completions", "nosh"]).status.code(), Some(2));
}

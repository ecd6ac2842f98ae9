//! The `boring` binary end to end: each command on conformance vectors and
//! on small inputs written to temporary files.

mod common;

use common::{conformance, hex, run, run_stdin, stderr, stdout, TempFile};

/// `(hex, diag)` of every golden vector.
fn golden() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(conformance("golden.json")).expect("read golden.json");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&text).expect("parse golden.json");
    rows.iter()
        .map(|row| {
            let field = |name: &str| row[name].as_str().expect("string field").to_owned();
            (field("hex"), field("diag"))
        })
        .collect()
}

#[test]
fn diag_prints_golden_vectors_as_a_sequence() {
    let golden = golden();
    assert_eq!(golden.len(), 90);
    let mut all = Vec::new();
    let mut expected = String::new();
    for (h, d) in &golden {
        all.extend(hex(h));
        expected.push_str(d);
        expected.push('\n');
    }
    let file = TempFile::with(&all);
    let out = run(&["diag", file.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), expected);
}

#[test]
fn diag_without_indicators_and_from_stdin() {
    let out = run_stdin(
        &["diag", "--no-indicators", "-"],
        &hex("82f93e00fb7ff8000000000000f6"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "[1.5, NaN]\nnull\n");
}

#[test]
fn dump_annotates_each_head() {
    let file = TempFile::with(&hex("a16161d825400a"));
    let out = run(&["dump", file.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "\
a1      # map(1)
  61    # text(1) \"a\"
    61
  d8 25 # tag(37) UUID
    40  # bytes(0)
0a # unsigned(10)
"
    );
}

#[test]
fn check_counts_items() {
    let file = TempFile::with(&hex("01a1616102d901008263616263d81900"));
    let out = run(&["check", file.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "OK (3 items)\n");
    let out = run(&[
        "check",
        conformance("interop/fixture.cbor").to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "OK (1 item)\n");
}

#[test]
fn check_reports_the_typed_error() {
    // The second item is a text string that is not UTF-8.
    let file = TempFile::with(&hex("0162c328"));
    let out = run(&["check", file.arg()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        format!(
            "error: {}: text string is not valid UTF-8 (kind invalid-utf8, offset 2)\n",
            file.arg()
        )
    );
    let out = run_stdin(&["check", "-"], &hex("f818"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("kind malformed-simple-value, offset 0"));
    let out = run_stdin(&["diag", "-"], &hex("81ff"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("kind unexpected-break, offset 1"));
}

#[test]
fn reencode_default_reproduces_golden_vectors() {
    // Vectors without records, sets or other values whose re-encoding
    // depends on type information a generic Value does not carry.
    let mut reproduced = 0;
    for (h, d) in golden() {
        let simple = !d.contains("27(") && !d.contains("39649(");
        if !simple || !h.starts_with("d90100") {
            continue;
        }
        let file = TempFile::with(&hex(&h));
        let out = run(&["reencode", "--profile", "default", file.arg()]);
        assert!(out.status.success(), "{h}: {}", stderr(&out));
        assert_eq!(out.stdout, hex(&h), "{d}");
        reproduced += 1;
    }
    assert!(reproduced >= 40, "only {reproduced} vectors tried");
}

#[test]
fn reencode_canonical_sorts_keys() {
    // {"b": 2, "a": 1} then a double 1.5, which canonical writes as a half.
    let file = TempFile::with(&hex("a2616202616101fb3ff8000000000000"));
    let out = run(&["reencode", "--profile=canonical", file.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, hex("a2616101616202f93e00"));
}

#[test]
fn reencode_refuses_what_the_profile_locks() {
    // A switch the profile locks is a usage error, found before the input
    // is read (the file named here does not exist).
    let out = run(&[
        "reencode",
        "--profile",
        "interop",
        "--shapes",
        "absent.cbor",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"");
    assert!(
        stderr(&out).contains("shapes are locked off"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &[][..],
        &["frobnicate", "x"][..],
        &["diag"][..],
        &["diag", "a", "b"][..],
        &["dump", "--no-indicators", "x"][..],
        &["reencode", "x"][..],
        &["reencode", "--profile", "nonsense", "x"][..],
        &["reencode", "--profile"][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with("error: "), "{args:?}");
    }
}

/// Every command, as typed.
const COMMANDS: [&str; 11] = [
    "diag",
    "dump",
    "check",
    "reencode",
    "get",
    "count",
    "items",
    "index",
    "set",
    "from-diag",
    "completions",
];

#[test]
fn help_lists_every_command() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for command in COMMANDS {
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(command)),
            "{command} missing from help"
        );
    }
    assert!(text.contains("Exit status"), "{text}");
}

#[test]
fn every_command_has_its_own_help() {
    for command in COMMANDS {
        let out = run(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = stdout(&out);
        assert!(
            text.contains(&format!("Usage: boring {command}")),
            "{command}: {text}"
        );
    }
}

#[test]
fn missing_file_is_an_error() {
    let path = std::env::temp_dir().join(format!("boring-cli-absent-{}", std::process::id()));
    let name = path.to_str().expect("UTF-8");
    let out = run(&["check", name]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with(&format!("error: {name}: ")),
        "{}",
        stderr(&out)
    );
}

// ----- navigation -----------------------------------------------------------

/// `{"users": [{"name": "Ada", :id 1}, {"name": "Grace", :id 2}],
///   -1: "minus one", "7": "text seven", 7: "seven"}`, plain.
fn nav_document() -> Vec<u8> {
    let mut d = vec![0xa4];
    d.extend(hex("657573657273")); // "users"
    d.extend(hex("82")); // [
    d.extend(hex("a2646e616d6563416461d827633a696401")); // {"name": "Ada", :id 1}
    d.extend(hex("a2646e616d65654772616365d827633a696402")); // {"name": "Grace", :id 2}
    d.extend(hex("20")); // -1
    d.extend(hex("696d696e7573206f6e65")); // "minus one"
    d.extend(hex("6137")); // "7"
    d.extend(hex("6a7465787420736576656e")); // "text seven"
    d.extend(hex("07")); // 7
    d.extend(hex("65736576656e")); // "seven"
    d
}

#[test]
fn get_follows_paths_of_every_kind_of_segment() {
    let file = TempFile::with(&nav_document());
    let get = |args: &[&str]| {
        let mut all = vec!["get", file.arg()];
        all.extend_from_slice(args);
        run(&all)
    };
    let out = get(&["users", "1", "name"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "\"Grace\"\n");
    assert_eq!(stdout(&get(&["users", "0", ":id"])), "1\n");
    assert_eq!(stdout(&get(&["7"])), "\"seven\"\n");
    assert_eq!(stdout(&get(&["'7"])), "\"text seven\"\n");
    assert_eq!(stdout(&get(&["--", "-1"])), "\"minus one\"\n");
    let raw = get(&["--raw", "users", "0"]);
    assert_eq!(raw.stdout, hex("a2646e616d6563416461d827633a696401"));
    // A path that does not exist is a data error; a bad command line a
    // usage error.
    let missing = get(&["users", "5"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).contains("no item at path"),
        "{}",
        stderr(&missing)
    );
    assert_eq!(get(&["nobody"]).status.code(), Some(1));
    assert_eq!(get(&[]).status.code(), Some(2));
    assert_eq!(get(&["-1"]).status.code(), Some(2));
}

#[test]
fn count_reads_the_container_at_the_path() {
    let file = TempFile::with(&nav_document());
    assert_eq!(stdout(&run(&["count", file.arg()])), "4\n");
    assert_eq!(stdout(&run(&["count", file.arg(), "users"])), "2\n");
    let out = run(&["count", file.arg(), "7"]);
    assert_eq!(out.status.code(), Some(1), "a text has no count");
}

#[test]
fn items_prints_a_sequence_and_reports_a_torn_tail() {
    let file = TempFile::with(&hex("01 6161 82 02 03".replace(' ', "").as_str()));
    let out = run(&["items", file.arg()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1\n\"a\"\n[2, 3]\n");
    let torn = TempFile::with(&hex("016161830203"));
    let out = run(&["items", torn.arg()]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "1\n\"a\"\n");
    assert!(stderr(&out).contains("offset 3"), "{}", stderr(&out));
}

#[test]
fn index_seals_a_sequence_as_the_reference_writes_it() {
    // WIRE.md §11: 0..19 sealed is 72 bytes.
    let data: Vec<u8> = (0u8..20).collect();
    let out = run_stdin(&["index", "--seq", "-"], &data);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout.len(), 72);
    assert_eq!(&out.stdout[..20], &data[..]);
    // Sealing again drops the old frame first: the same bytes.
    let again = run_stdin(&["index", "--seq", "-"], &out.stdout);
    assert_eq!(again.stdout, out.stdout);
    // The items of a sealed file do not include its frame.
    let file = TempFile::with(&out.stdout);
    let items = run(&["items", file.arg()]);
    assert_eq!(stdout(&items).lines().count(), 20);
    let off = run_stdin(&["index", "--seq", "--stride", "0", "-"], &data);
    assert_eq!(off.stdout, data);
}

#[test]
fn set_replaces_and_adds_values_in_canonical_files() {
    // {"a": 1, "b": [1, 2]} in canonical form.
    let file = TempFile::with(&hex("a2616101616282010 2".replace(' ', "").as_str()));
    let out = run(&["set", file.arg(), "b", "1", "--value", "\"two\""]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        out.stdout,
        hex("a261610161628201 6374776f".replace(' ', "").as_str())
    );
    let added = run(&["set", file.arg(), "c", "--value", "[true]"]);
    assert!(added.status.success(), "{}", stderr(&added));
    assert_eq!(
        added.stdout,
        hex("a3616101616282010261638 1f5".replace(' ', "").as_str())
    );
    let target = TempFile::with(b"");
    let to_file = run(&["set", file.arg(), "a", "--value", "-5", "-o", target.arg()]);
    assert!(to_file.status.success(), "{}", stderr(&to_file));
    assert_eq!(
        std::fs::read(&target.0).unwrap(),
        hex("a261612461628201 02".replace(' ', "").as_str())
    );
    let missing = run(&["set", file.arg(), "b", "7", "--value", "0"]);
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(run(&["set", file.arg(), "a"]).status.code(), Some(2));
}

#[test]
fn from_diag_inverts_diag() {
    let out = run_stdin(&["from-diag", "-"], b"[1, \"a\", h'ff']\n{\"k\": 1.5_3}\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        out.stdout,
        hex("830161614 1ff a1616bfb3ff8000000000000"
            .replace(' ', "")
            .as_str())
    );
    let bad = run_stdin(&["from-diag", "-"], b"[1, ");
    assert_eq!(bad.status.code(), Some(1));
}

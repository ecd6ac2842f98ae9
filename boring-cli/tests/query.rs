//! `boring query`: JSONPath matches as JSON lines or normalized paths, and
//! the exit statuses of a bad query and bad data.

mod common;

use common::{hex, run, run_stdin, stderr, stdout, TempFile};

/// `{"a": [1, 2.5, "x"], "b": {"c": true, "d": h'010203'}}`.
const DOC: &str = "a2616183 01f94100 6178 6162 a2 6163f5 6164 43010203";

fn doc() -> Vec<u8> {
    hex(&DOC.replace(' ', ""))
}

#[test]
fn matches_as_json_lines_in_document_order() {
    let file = TempFile::with(&doc());
    let out = run(&["query", "$..*", file.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "[1,2.5,\"x\"]\n{\"c\":true,\"d\":\"AQID\"}\n1\n2.5\n\"x\"\ntrue\n\"AQID\"\n"
    );
}

#[test]
fn normalized_paths_with_paths() {
    let out = run_stdin(&["query", "--paths", "$[?@.c].*", "-"], &doc());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "$['b']['c']\n$['b']['d']\n");
    let out = run_stdin(&["query", "$.a[?@ > 1]", "-"], &doc());
    assert_eq!(stdout(&out), "2.5\n");
}

#[test]
fn no_match_prints_nothing() {
    let out = run_stdin(&["query", "$.nothing", "-"], &doc());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn an_invalid_query_is_a_usage_error() {
    // From a file: the query is refused before any input is read.
    let file = TempFile::with(&doc());
    let out = run(&["query", "$[?length(@.*) > 1]", file.arg()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("JSONPath"), "{}", stderr(&out));
}

#[test]
fn bad_data_is_exit_one() {
    // An array of three with one element.
    let out = run_stdin(&["query", "$[*]", "-"], &hex("8301"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn stringrefs_are_resolved() {
    // `256(["abc", 25(0)])`: the default profile's stringref namespace.
    let out = run_stdin(&["query", "$[1]", "-"], &hex("d901008263616263d81900"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "\"abc\"\n");
}

#[test]
fn matches_are_written_as_boring_json_writes_them() {
    // `[{:a 1}, 1.5, NaN]`: a keyword key as `boring cbor2json` writes it, and a
    // NaN refused there as it is by `boring json`, not printed as `null`.
    let doc = hex("83a1d827623a6101f93e00f97e00");
    let out = run_stdin(&["query", "$[0]", "-"], &doc);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json = run_stdin(&["cbor2json", "-"], &hex("a1d827623a6101"));
    assert_eq!(stdout(&out), stdout(&json));
    let out = run_stdin(&["query", "$[1]", "-"], &doc);
    assert_eq!(stdout(&out), "1.5\n");
    let out = run_stdin(&["query", "$[2]", "-"], &doc);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn a_query_past_its_step_limit_is_bad_data() {
    // `$..*..*` on the document takes a few dozen steps.
    let out = run_stdin(&["query", "--max-steps", "10", "$..*..*", "-"], &doc());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("max-items-exceeded"),
        "{}",
        stderr(&out)
    );
    let out = run_stdin(&["query", "--max-steps", "1000", "$..*..*", "-"], &doc());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

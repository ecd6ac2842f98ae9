//! Diagnostic notation read back: every golden vector's `diag` and our
//! notation of every Appendix A vector give back their exact bytes.

use boring::diag::{diag, from_diag};
use boring::ErrorKind;
use boring_tests::{hex, load_rows, to_hex};

#[test]
fn every_golden_diag_reads_back_to_its_bytes() {
    let rows = load_rows("golden.json");
    assert_eq!(rows.len(), 90);
    for row in rows {
        let text = row.str("diag").unwrap_or_default();
        let want = hex(&row.str("hex").unwrap_or_default());
        let got = from_diag(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_hex(&got), to_hex(&want), "{text}");
    }
}

#[test]
fn our_notation_of_appendix_a_reads_back_to_its_bytes() {
    let mut checked = 0;
    for row in load_rows("appendix_a.json") {
        let bytes = hex(&row.str("hex").unwrap_or_default());
        // Simple value 24 (`f818`) is not well-formed.
        let Ok(text) = diag(&bytes) else { continue };
        let back = from_diag(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_hex(&back), to_hex(&bytes), "{text}");
        checked += 1;
    }
    assert!(checked >= 80, "{checked}");
}

#[test]
fn the_notation_s_other_forms() {
    let cases = [
        ("(_ h'0102', h'03')", "5f 42 0102 41 03 ff"),
        ("(_ \"ab\", \"c\")", "7f 62 6162 61 63 ff"),
        ("[_ 1, [2]]", "9f 01 81 02 ff"),
        ("{_ \"a\": 1}", "bf 61 61 01 ff"),
        ("b64'AQID'", "43 010203"),
        ("1_1 / a wide head / 2_2", "19 0001 1a 00000002"),
        ("[1, 2], 3", "82 01 02 03"),
        ("\"\\u00e9\\ud83d\\udca9\"", "66 c3a9 f09f92a9"),
        ("-1_0", "38 00"),
        ("2.5", "f9 4100"),
        ("0.1", "fb 3fb999999999999a"),
        ("simple(32)", "f8 20"),
    ];
    for (text, want) in cases {
        let got = from_diag(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_hex(&got), to_hex(&hex(want)), "{text}");
    }
}

#[test]
fn bad_notation_is_an_error_at_its_offset() {
    for (text, at) in [
        ("[1, 2", 5),
        ("{1 2}", 3),
        ("h'0g'", 1),
        ("simple(24)", 10),
        ("1.5_1x", 5),
    ] {
        let err = from_diag(text).expect_err(text);
        assert_eq!(err.offset(), Some(at), "{text}: {err}");
    }
    let err = from_diag("(_ 1)").expect_err("not a string chunk");
    assert_eq!(err.kind(), &ErrorKind::BadIndefiniteChunk);
}

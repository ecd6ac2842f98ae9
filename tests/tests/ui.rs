//! The derive's compile errors, one directory per topic.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/attributes/*.rs");
    t.compile_fail("ui/conflicts/*.rs");
    t.compile_fail("ui/traits/*.rs");
    t.compile_fail("ui/protocol/*.rs");

    t.pass("ui/shapes/*.rs");
    t.pass("ui/protocol_pass/*.rs");
}

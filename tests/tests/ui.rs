//! The derive's compile errors, one directory per topic, and a crate that
//! knows the runtime by another name.

use std::path::Path;
use std::process::Command;

/// The snapshots hold the compiler's own wording and layout, which change
/// between releases: they are compared only under the compiler that wrote
/// them (regenerate with `TRYBUILD=overwrite` when moving to another).
// The gate comes before `#[test]`, which reads `ignore` as it expands.
#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the ui snapshots were written by rustc 1.95"
)]
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

/// A crate whose manifest depends on the runtime as `cbor` derives with
/// no `crate = "..."` attribute: the derive reads the dependency's name
/// from the manifest (the crate has no `boring` to fall back on). Built
/// offline in its own target directory, with the workspace's lock file so
/// that it uses the versions already fetched.
#[test]
fn renamed_dependency() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = root.parent().expect("the workspace holds the tests");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("renamed-runtime");
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!(
        r#"[package]
name = "renamed-runtime"
version = "0.0.0"
edition = "2021"
publish = false

[[bin]]
name = "renamed-runtime"
path = {main:?}

[dependencies]
cbor = {{ package = "boring-runtime", path = {runtime:?}, default-features = false, features = ["std", "derive"] }}

[profile.dev]
debug = false

[workspace]
"#,
        main = root.join("ui/rename/main.rs"),
        runtime = workspace.join("boring-runtime"),
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(dir.join("target"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "the crate with the renamed runtime failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

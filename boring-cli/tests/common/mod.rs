//! Helpers shared by the test files: running the built binary, temporary
//! inputs, hex.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The binary under test, built by cargo for the tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_boring");

/// A file of the workspace's conformance data.
pub fn conformance(file: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/")).join(file)
}

/// A file in the temporary directory, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    /// A new file holding `bytes`.
    pub fn with(bytes: &[u8]) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "boring-cli-test-{}-{}.cbor",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, bytes).expect("write temporary file");
        TempFile(path)
    }

    /// The path, as a command-line argument.
    pub fn arg(&self) -> &str {
        self.0.to_str().expect("temporary path is UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs the binary with `args`, standard input empty.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run boring")
}

/// Runs the binary with `args`, `input` on its standard input.
pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn boring");
    let written = child.stdin.take().expect("piped stdin").write_all(input);
    // A command that fails before it reads (a usage error, a bad key) may
    // close its input first: the pipe breaks, and what it printed is what
    // the test checks.
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("wait for boring")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The bytes spelled by hex digits.
pub fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex digits"))
        .collect()
}

//! Records what the report header needs from build time: the compiler, the
//! build profile and the locked versions of the codecs under comparison.

use std::process::Command;

const PEERS: [&str; 10] = [
    "ciborium",
    "minicbor",
    "cbor4ii",
    "serde_json",
    "sonic-rs",
    "bitcode",
    "postcard",
    "rmp-serde",
    "serde",
    "zstd",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../Cargo.lock");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=BENCH_RUSTC_VERSION={version}");
    let profile = std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=BENCH_PROFILE={profile}");
    let lock_path = format!("{}/../Cargo.lock", env!("CARGO_MANIFEST_DIR"));
    let lock = std::fs::read_to_string(lock_path).unwrap_or_default();
    println!(
        "cargo:rustc-env=BENCH_PEER_VERSIONS={}",
        peer_versions(&lock)
    );
}

/// `name version` for each peer, read from the lock file's `[[package]]`
/// entries (the first version listed when a crate is locked twice).
fn peer_versions(lock: &str) -> String {
    let mut found = Vec::new();
    for peer in PEERS {
        let mut lines = lock.lines();
        while let Some(line) = lines.next() {
            if line.trim() == format!("name = \"{peer}\"") {
                if let Some(v) = lines
                    .next()
                    .and_then(|l| l.trim().strip_prefix("version = "))
                {
                    found.push(format!("{peer} {}", v.trim_matches('"')));
                }
                break;
            }
        }
    }
    found.join(", ")
}

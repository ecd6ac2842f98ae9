//! `pack` and `unpack`: byte pipelines from the command line, their
//! header, usage errors (status 2) and bad data (status 1).

mod common;

use std::process::Command;

use boring_codec::{Pipeline, Transform};
use common::{run, run_stdin, stderr, TempFile, BIN};

/// A payload that compresses.
fn payload() -> Vec<u8> {
    b"{\"sensor\":\"s1\",\"ts\":1700000000,\"celsius\":20.5}\n".repeat(200)
}

#[test]
fn pack_and_unpack_round_trip_through_files_and_pipes() {
    let data = payload();
    let file = TempFile::with(&data);
    for spec in [
        "zstd",
        "zstd:19+crc32c+base64",
        "lz4hc:12",
        "gzip:9+hex",
        "deflate:1+base32",
    ] {
        let packed = run(&["pack", "--codec", spec, file.arg()]);
        assert_eq!(packed.status.code(), Some(0), "{spec}: {}", stderr(&packed));
        assert!(packed.stdout.len() < data.len() || spec.contains("hex") || spec.contains("32"));
        // The header names the chain: no spec needed to unpack.
        let out = run_stdin(&["unpack", "-"], &packed.stdout);
        assert_eq!(out.status.code(), Some(0), "{spec}: {}", stderr(&out));
        assert_eq!(out.stdout, data, "{spec}");
        // Given anyway, it must agree with the header.
        let out = run_stdin(&["unpack", "--codec", spec, "-"], &packed.stdout);
        assert_eq!(out.stdout, data, "{spec}: {}", stderr(&out));
    }
}

#[test]
fn raw_output_has_no_header_and_needs_the_spec_back() {
    let data = payload();
    let file = TempFile::with(&data);
    let packed = run(&["pack", "--codec", "zstd+crc32c", "--raw", file.arg()]);
    assert_eq!(packed.status.code(), Some(0), "{}", stderr(&packed));
    let pipeline = Pipeline::parse("zstd+crc32c").unwrap();
    assert_eq!(packed.stdout, pipeline.encode(&data).unwrap());
    let raw = TempFile::with(&packed.stdout);
    let out = run(&["unpack", raw.arg()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains(raw.arg()) && text.contains("--codec"),
        "{text}"
    );
    let out = run(&["unpack", "--codec", "zstd+crc32c", raw.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, data);
}

#[test]
fn output_goes_to_a_file_with_dash_o() {
    let data = payload();
    let input = TempFile::with(&data);
    let packed = TempFile::with(b"");
    let out = run(&["pack", "--codec", "gzip", "-o", packed.arg(), input.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let unpacked = TempFile::with(b"");
    let out = run(&["unpack", "-o", unpacked.arg(), packed.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&unpacked.0).unwrap(), data);
}

#[test]
fn a_bad_spec_is_a_usage_error_that_names_the_byte() {
    for (spec, what) in [
        ("zstd:23", "at byte 5"),
        ("gzip+crc32c:1", "crc32c takes no level"),
        ("zstd+rot13", "unknown step"),
        ("", "empty step"),
    ] {
        for command in ["pack", "unpack"] {
            let out = run(&[command, "--codec", spec, "absent.bin"]);
            assert_eq!(out.status.code(), Some(2), "{command} {spec}");
            assert!(
                stderr(&out).contains(what),
                "{command} {spec}: {}",
                stderr(&out)
            );
        }
    }
    let out = run(&["pack", "absent.bin"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_data_is_status_1_with_the_file_name() {
    let data = payload();
    let file = TempFile::with(&data);
    let packed = run(&["pack", "--codec", "zstd+crc32c", file.arg()]).stdout;
    let mut corrupt = packed.clone();
    let last = corrupt.len() - 1;
    corrupt[last] ^= 1;
    let bad = TempFile::with(&corrupt);
    let out = run(&["unpack", bad.arg()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(bad.arg()), "{}", stderr(&out));
    assert!(stderr(&out).contains("checksum"), "{}", stderr(&out));
    let zstd = run(&["pack", "--codec", "zstd", file.arg()]).stdout;
    let cut = TempFile::with(&zstd[..zstd.len() / 2]);
    let out = run(&["unpack", cut.arg()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("truncated"), "{}", stderr(&out));
    // A header naming another chain than --codec.
    let out = run(&["unpack", "--codec", "gzip+crc32c", file.arg()]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["unpack", "--codec", "lz4+crc32c", "-"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let missing = run(&["unpack", "no-such-file.bin"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("no-such-file.bin"));
}

#[test]
fn unpack_stops_at_max_output() {
    let zeros = vec![0u8; 1 << 20];
    let packed = run_stdin(&["pack", "--codec", "zstd", "-"], &zeros);
    let out = run_stdin(&["unpack", "--max-output", "4096", "-"], &packed.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("exceeds the limit of 4096"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
    let out = run_stdin(&["unpack", "--max-output", "1048576", "-"], &packed.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout.len(), 1 << 20);
}

#[test]
fn binary_is_refused_on_a_terminal_without_force() {
    // `script` gives the command a pseudo-terminal as standard output.
    let Ok(probe) = Command::new("script").arg("--version").output() else {
        return;
    };
    if !probe.status.success() {
        return;
    }
    let file = TempFile::with(b"data");
    for (args, code) in [("", 2), ("--force", 0)] {
        let line = format!("{BIN} pack --codec zstd {args} {}", file.arg());
        let out = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .output()
            .expect("run script");
        assert_eq!(out.status.code(), Some(code), "{line}");
    }
}

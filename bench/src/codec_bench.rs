//! `boring-bench codecs`: the byte transforms of `boring-codec` on
//! regenerated payloads: every compressor at every level, the text
//! encodings and CRC-32C, seekable files against plain bytes, and what the
//! pipeline costs over calling the compression crate directly.

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Cursor;
use std::time::{Duration, Instant};

use boring_codec::seekable::{self, SeekableOptions, SeekableReader};
use boring_codec::{Codec, Pipeline, Step, NAMES};
use boring_schemas::rng::SplitMix64;
use boring_schemas::{access_log, records, SEED};

/// How long one figure is measured for, at least.
const MIN_TIME: Duration = Duration::from_millis(25);

/// The words prose is made of.
const WORDS: [&str; 64] = [
    "the", "of", "and", "a", "to", "in", "is", "was", "that", "for", "it", "with", "as", "his",
    "on", "be", "at", "by", "had", "not", "are", "but", "from", "or", "have", "an", "they",
    "which", "one", "you", "were", "her", "all", "she", "there", "would", "their", "we", "him",
    "been", "has", "when", "who", "will", "more", "no", "if", "out", "so", "said", "what", "up",
    "its", "about", "into", "than", "them", "can", "only", "other", "new", "some", "could", "time",
];

/// A JSON-like record of exactly 104 bytes.
fn record() -> Vec<u8> {
    let mut text = String::from(
        "{\"id\":48213,\"user\":\"u-1093\",\"action\":\"login\",\"ok\":true,\"ts\":1700000123,\"ip\":\"10.1.7.3\",\"n\":\"",
    );
    while text.len() < 102 {
        text.push('x');
    }
    text.push_str("\"}");
    text.into_bytes()
}

/// An 8 KiB document of JSON-like records.
fn document() -> Vec<u8> {
    let mut rng = SplitMix64::new(SEED);
    let mut text = String::from("[");
    while text.len() < 8192 {
        let word = WORDS[rng.below(64) as usize];
        let _ = write!(
            text,
            "{{\"id\":{},\"name\":\"{word}-{}\",\"score\":{}.{},\"tags\":[\"{}\",\"{}\"]}},",
            rng.below(100_000),
            rng.below(1000),
            rng.below(100),
            rng.below(10),
            WORDS[rng.below(64) as usize],
            WORDS[rng.below(64) as usize],
        );
    }
    text.truncate(8192);
    text.into_bytes()
}

/// 1 MiB of prose: words of a fixed list in sentences and paragraphs.
fn prose() -> Vec<u8> {
    let mut rng = SplitMix64::new(SEED);
    let mut text = String::with_capacity(1 << 20);
    let mut sentence = 0;
    while text.len() < 1 << 20 {
        for i in 0..rng.range(4, 18) {
            let word = WORDS[rng.below(64) as usize];
            if i == 0 {
                let mut chars = word.chars();
                text.extend(chars.next().map(|c| c.to_ascii_uppercase()));
                text.push_str(chars.as_str());
            } else {
                text.push(' ');
                text.push_str(word);
            }
        }
        sentence += 1;
        text.push_str(if sentence % 6 == 0 { ".\n\n" } else { ". " });
    }
    text.truncate(1 << 20);
    text.into_bytes()
}

/// Every payload, by name.
fn payloads() -> Vec<(&'static str, Vec<u8>)> {
    let str_maps = boring::to_vec(&records::str_records(200)).expect("records encode");
    let log =
        boring::to_vec(&access_log::generate(SEED, access_log::ENTRIES)).expect("log encodes");
    vec![
        ("record-104", record()),
        ("doc-8k", document()),
        ("prose-1m", prose()),
        ("str-maps-200", str_maps),
        ("access-log-10k", log),
    ]
}

/// Nanoseconds per call of `f`, run for at least [`MIN_TIME`] (a single
/// call when one takes longer, warm-up included).
fn ns_per(mut f: impl FnMut()) -> f64 {
    let started = Instant::now();
    f();
    let first = started.elapsed();
    if first >= MIN_TIME {
        return first.as_nanos() as f64;
    }
    let mut iterations: u64 = 1;
    loop {
        let started = Instant::now();
        for _ in 0..iterations {
            f();
        }
        let elapsed = started.elapsed();
        if elapsed >= MIN_TIME {
            return elapsed.as_nanos() as f64 / iterations as f64;
        }
        iterations = iterations.saturating_mul(2);
    }
}

/// MB/s (10^6 bytes) for `bytes` in `ns`.
fn mbps(bytes: usize, ns: f64) -> f64 {
    bytes as f64 / ns * 1000.0
}

/// `(encoded length, encode ns, decode ns)` of `step` on `data` through a
/// warm codec.
fn run(step: Step, data: &[u8]) -> (usize, f64, f64) {
    let mut codec = Codec::new(Pipeline::from(step)).with_max_output(1 << 30);
    let (mut packed, mut plain) = (Vec::new(), Vec::new());
    codec.encode_into(data, &mut packed).expect("encodes");
    let encode = ns_per(|| {
        codec
            .encode_into(black_box(data), &mut packed)
            .expect("encodes")
    });
    let decode = ns_per(|| {
        codec
            .decode_into(black_box(&packed), &mut plain)
            .expect("decodes")
    });
    assert_eq!(plain, data, "{step} round-trips");
    (packed.len(), encode, decode)
}

/// Every compressor at every level.
fn compressors() -> Vec<Step> {
    let mut steps = Vec::new();
    for name in ["zstd", "lz4", "lz4hc", "deflate", "gzip"] {
        match Step::levels(name) {
            Some((min, _, max)) => {
                steps.extend((min..=max).filter_map(|l| Step::from_name(name, Some(l.into())).ok()))
            }
            None => steps.extend(Step::from_name(name, None).ok()),
        }
    }
    steps
}

/// The compression table: one row per payload, step and level.
fn compression(out: &mut String, payloads: &[(&str, Vec<u8>)]) {
    out.push_str("### Compression, every level\n\n");
    out.push_str("| payload | step | bytes | ratio | encode MB/s | decode MB/s |\n");
    out.push_str("|---|---|---:|---:|---:|---:|\n");
    for (name, data) in payloads {
        for step in compressors() {
            let (len, encode, decode) = run(step, data);
            let _ = writeln!(
                out,
                "| {name} ({} B) | {step} | {len} | {:.2} | {:.0} | {:.0} |",
                data.len(),
                data.len() as f64 / len as f64,
                mbps(data.len(), encode),
                mbps(data.len(), decode),
            );
        }
    }
    out.push('\n');
}

/// Text encodings and CRC-32C on the 8 KiB document.
fn text_and_crc(out: &mut String, doc: &[u8]) {
    out.push_str("### Text encodings and CRC-32C, doc-8k\n\n");
    out.push_str("| step | bytes | encode MB/s | decode MB/s |\n|---|---:|---:|---:|\n");
    for name in NAMES.iter().filter(|n| Step::levels(n).is_none()) {
        let Ok(step) = Step::from_name(name, None) else {
            continue;
        };
        if step.compresses() {
            continue;
        }
        let (len, encode, decode) = run(step, doc);
        let _ = writeln!(
            out,
            "| {step} | {len} | {:.0} | {:.0} |",
            mbps(doc.len(), encode),
            mbps(doc.len(), decode)
        );
    }
    out.push('\n');
}

/// Seekable files against the plain bytes: ratio and the cost of a random
/// 100-byte lookup.
fn seekable_table(out: &mut String, payloads: &[(&str, Vec<u8>)]) {
    out.push_str("### Seekable zstd (level 3), random 100-byte lookups, cache of 1 chunk\n\n");
    out.push_str("| payload | chunk | bytes | ratio | ns/lookup | plain ns/lookup |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|\n");
    for (name, data) in payloads.iter().filter(|(_, d)| d.len() > 100_000) {
        for chunk in [4 << 10, 64 << 10, 256 << 10] {
            let options = SeekableOptions {
                chunk_size: chunk,
                level: 3,
            };
            let file = seekable::compress(data, options).expect("compresses");
            let mut reader = SeekableReader::new(Cursor::new(&file[..]))
                .expect("opens")
                .with_cache(1);
            let mut rng = SplitMix64::new(SEED);
            let mut buf = [0u8; 100];
            let span = data.len() as u64 - 100;
            let lookup = ns_per(|| {
                let at = rng.below(span);
                reader.read_at(at, &mut buf).expect("reads");
                black_box(&buf);
            });
            let mut rng = SplitMix64::new(SEED);
            let plain = ns_per(|| {
                let at = rng.below(span) as usize;
                buf.copy_from_slice(&data[at..at + 100]);
                black_box(&buf);
            });
            let _ = writeln!(
                out,
                "| {name} | {} KiB | {} | {:.2} | {lookup:.0} | {plain:.1} |",
                chunk >> 10,
                file.len(),
                data.len() as f64 / file.len() as f64
            );
        }
    }
    out.push('\n');
}

/// The smaller of `rounds` alternating measurements of `a` and `b`: the
/// two sides see the same machine state.
fn paired(rounds: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let (mut best_a, mut best_b) = (f64::MAX, f64::MAX);
    for _ in 0..rounds {
        best_a = best_a.min(ns_per(&mut a));
        best_b = best_b.min(ns_per(&mut b));
    }
    (best_a, best_b)
}

/// The pipeline against `zstd::bulk` and `flate2` called directly, with
/// the same parameters (zstd level 3 with its checksum, deflate level 6).
fn overhead(out: &mut String, payloads: &[(&str, Vec<u8>)]) {
    use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress};
    use zstd::zstd_safe::CParameter;

    out.push_str("### Pipeline overhead over the crate called directly\n\n");
    out.push_str("| payload | step | op | pipeline ns | direct ns | overhead |\n");
    out.push_str("|---|---|---|---:|---:|---:|\n");
    let row = |out: &mut String, name: &str, step: &str, op: &str, ours: f64, direct: f64| {
        let _ = writeln!(
            out,
            "| {name} | {step} | {op} | {ours:.0} | {direct:.0} | {:+.1} % |",
            (ours / direct - 1.0) * 100.0
        );
    };
    for (name, data) in payloads.iter().filter(|(n, _)| *n != "access-log-10k") {
        let mut codec = Codec::new(Pipeline::from(Step::ZSTD));
        let (mut packed, mut plain) = (Vec::new(), Vec::new());
        let mut compressor = zstd::bulk::Compressor::new(3).expect("zstd context");
        compressor
            .set_parameter(CParameter::ChecksumFlag(true))
            .expect("checksum flag");
        let mut direct = Vec::with_capacity(zstd::zstd_safe::compress_bound(data.len()));
        let (ours, theirs) = paired(
            5,
            || codec.encode_into(data, &mut packed).expect("encodes"),
            || {
                direct.clear();
                compressor
                    .compress_to_buffer(&data[..], &mut direct)
                    .expect("compresses");
            },
        );
        row(out, name, "zstd:3", "encode", ours, theirs);
        let mut decompressor = zstd::bulk::Decompressor::new().expect("zstd context");
        let mut back = Vec::with_capacity(data.len());
        let (ours, theirs) = paired(
            5,
            || codec.decode_into(&packed, &mut plain).expect("decodes"),
            || {
                back.clear();
                decompressor
                    .decompress_to_buffer(&direct[..], &mut back)
                    .expect("decompresses");
            },
        );
        row(out, name, "zstd:3", "decode", ours, theirs);

        let mut codec = Codec::new(Pipeline::from(Step::DEFLATE));
        let mut compress = Compress::new(Compression::new(6), false);
        let mut direct = Vec::with_capacity(data.len() + 1024);
        let (ours, theirs) = paired(
            3,
            || codec.encode_into(data, &mut packed).expect("encodes"),
            || {
                direct.clear();
                compress.reset();
                compress
                    .compress_vec(data, &mut direct, FlushCompress::Finish)
                    .expect("compresses");
            },
        );
        row(out, name, "deflate:6", "encode", ours, theirs);
        let mut decompress = Decompress::new(false);
        let (ours, theirs) = paired(
            3,
            || codec.decode_into(&packed, &mut plain).expect("decodes"),
            || {
                back.clear();
                decompress.reset(false);
                decompress
                    .decompress_vec(&direct, &mut back, FlushDecompress::Finish)
                    .expect("decompresses");
            },
        );
        row(out, name, "deflate:6", "decode", ours, theirs);
    }
    out.push('\n');
}

/// The whole report, as Markdown.
pub fn report() -> String {
    let started = Instant::now();
    let payloads = payloads();
    let mut out = String::from("## boring-codec transforms\n\n");
    for (name, data) in &payloads {
        let _ = writeln!(out, "- {name}: {} bytes", data.len());
    }
    out.push('\n');
    compression(&mut out, &payloads);
    text_and_crc(&mut out, &payloads[1].1);
    seekable_table(&mut out, &payloads);
    overhead(&mut out, &payloads);
    out.push_str("### COSE envelope encryption\n\n");
    out.push_str(&boring_bench::cose_bench::table());
    out.push('\n');
    let _ = writeln!(out, "(run took {:.1} s)", started.elapsed().as_secs_f64());
    out
}

//! `boring-bench published [--quick] [--write-docs]`: prints the comparison
//! report, saves it (and its charts) under `target/bench/`, and with
//! `--write-docs` rewrites the generated part of `docs/PERFORMANCE.md` and
//! the charts in `docs/performance/`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use boring_bench::codecs::{Cell, Codec, Op, Tier};
use boring_bench::run::Config;
use boring_bench::{batch, machine, nav, payloads, report, Mode};

/// `boring-bench analytics`: boring against Parquet, CSV and JSON under SQL
/// (feature `analytics`).
#[cfg(feature = "analytics")]
mod analytics;
/// `boring-bench codecs`: the byte transforms of boring-codec.
mod codec_bench;
/// `boring-bench json`: JSON to CBOR and back, against serde_json and sonic-rs.
mod json_bench;
/// `boring-bench path`: JSONPath over CBOR against serde_json and serde_json_path.
mod path_bench;

/// Counts allocation calls and requested bytes; everything else is the
/// system allocator's.
struct Counting;

static CALLS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged, so `System`'s guarantees carry over; the counters are atomics.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: forwarded unchanged (see the impl's comment).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A growing realloc is an allocation as far as cost goes; count the
        // bytes it adds.
        CALLS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(
            new_size.saturating_sub(layout.size()) as u64,
            Ordering::Relaxed,
        );
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn counters() -> (u64, u64) {
    (CALLS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed))
}

const BEGIN: &str = "<!-- published:begin -->";
const END: &str = "<!-- published:end -->";

fn workspace_root() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::canonicalize(&root).unwrap_or(root)
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// Replaces the text between the markers of `doc` with `body`.
fn splice(doc: &str, body: &str) -> Result<String, String> {
    let start = doc
        .find(BEGIN)
        .ok_or_else(|| format!("no {BEGIN} marker"))?
        + BEGIN.len();
    let end = doc.find(END).ok_or_else(|| format!("no {END} marker"))?;
    if end < start {
        return Err("markers out of order".into());
    }
    Ok(format!(
        "{}\n{}\n{}",
        &doc[..start],
        body.trim_end(),
        &doc[end..]
    ))
}

/// Where `--write-docs` puts the charts, relative to `docs/`.
const CHART_DIR: &str = "performance";

fn write_charts(dir: &std::path::Path, charts: &[(String, String)]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, svg) in charts {
        std::fs::write(dir.join(format!("{name}.svg")), svg)?;
    }
    Ok(())
}

const USAGE: &str = "usage: boring-bench published [--quick] [--write-docs] [--json PATH] \
                     [--payloads NAME,…] [--codecs LABEL,…] | boring-bench batch | boring-bench codecs | boring-bench json \
                     | boring-bench analytics | boring-bench path";

/// Prints a report's table, or its error on stderr.
fn print_table(report: Result<String, String>) -> ExitCode {
    match report {
        Ok(table) => {
            print!("{table}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Splits a comma-separated list.
fn list(text: &str) -> Vec<String> {
    text.split(',').map(|s| s.trim().to_string()).collect()
}

/// `repeat PAYLOAD CODEC OP TIER N`: one cell's operation N times and nothing
/// else, for `perf record` or `valgrind --tool=callgrind`.
fn repeat(args: &[String]) -> ExitCode {
    let [payload, codec, op, tier, n] = args else {
        eprintln!("usage: boring-bench repeat PAYLOAD CODEC encode|decode fresh|reused N");
        return ExitCode::from(2);
    };
    let Some(&codec) = Codec::ALL.iter().find(|c| c.label() == codec) else {
        eprintln!("unknown codec {codec:?}");
        return ExitCode::from(2);
    };
    let op = match op.as_str() {
        "encode" => Op::Encode,
        "decode" => Op::Decode,
        _ => return ExitCode::from(2),
    };
    let tier = match tier.as_str() {
        "fresh" => Tier::Fresh,
        "reused" => Tier::Reused,
        _ => return ExitCode::from(2),
    };
    let Ok(n) = n.parse::<u64>() else {
        return ExitCode::from(2);
    };
    let mut payloads = payloads::some(payloads::Scale::Published, &|name| name == payload);
    let Some(payload) = payloads.first_mut() else {
        eprintln!("unknown payload {payload:?}");
        return ExitCode::from(2);
    };
    let cell = match payload.cell(codec) {
        Ok(cell) => cell,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::FAILURE;
        }
    };
    match run_cell(cell, op, tier, n) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("{why}");
            ExitCode::FAILURE
        }
    }
}

/// The measured loop of `repeat`, kept out of line so that a profiler can
/// count it alone (`valgrind --tool=callgrind --toggle-collect=*run_cell*`).
#[inline(never)]
fn run_cell(cell: &mut dyn Cell, op: Op, tier: Tier, n: u64) -> Result<(), String> {
    (0..n).try_for_each(|_| cell.run(op, tier))
}

/// The navigation documents written to files and mapped.
struct MappedDocs {
    records: boring_mmap::Mapped,
    blob: boring_mmap::Mapped,
    log: boring_mmap::Mapped,
    stride_log: boring_mmap::Mapped,
}

impl MappedDocs {
    fn sources(&self) -> nav::Sources<'_> {
        nav::Sources {
            label: "mapped file",
            records: self.records.bytes(),
            blob: self.blob.bytes(),
            log: self.log.bytes(),
            stride_log: self.stride_log.bytes(),
        }
    }
}

fn map_docs(docs: &nav::Docs) -> std::io::Result<MappedDocs> {
    let dir = target_dir().join("bench").join("navigation");
    std::fs::create_dir_all(&dir)?;
    let map = |name: &str, bytes: &[u8]| -> std::io::Result<boring_mmap::Mapped> {
        let path = dir.join(name);
        std::fs::write(&path, bytes)?;
        // SAFETY: the file was just written by this process, in its own
        // directory under target/, and nothing writes to it while the run
        // holds the map.
        #[allow(unsafe_code)]
        let mapped = unsafe { boring_mmap::Mapped::open(&path)? };
        Ok(mapped)
    };
    Ok(MappedDocs {
        records: map("records.cbor", &docs.records)?,
        blob: map("blob.cbor", &docs.blob)?,
        log: map("log.cbor", &docs.log)?,
        stride_log: map("stride-log.cbor", &docs.stride_log)?,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("repeat") {
        return repeat(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("codecs") {
        // Compression, text encodings, seekable files (docs/PERFORMANCE.md).
        println!("{}", machine::Machine::read().describe());
        print!("{}", codec_bench::report());
        return ExitCode::SUCCESS;
    }
    #[cfg(not(feature = "analytics"))]
    if args.first().map(String::as_str) == Some("analytics") {
        eprintln!("error: built without the `analytics` feature: run `cargo run --release -p boring-bench --features analytics -- analytics`");
        return ExitCode::FAILURE;
    }
    #[cfg(feature = "analytics")]
    if args.first().map(String::as_str) == Some("analytics") {
        // boring, Parquet, CSV and JSON under DataFusion (docs/PERFORMANCE.md).
        println!("{}", machine::Machine::read().describe());
        let dir = target_dir().join("bench").join("analytics");
        return print_table(analytics::report(&dir));
    }
    if args.first().map(String::as_str) == Some("json") {
        // JSON conversions against serde_json and sonic-rs (docs/JSON.md).
        println!("{}", machine::Machine::read().describe());
        return print_table(json_bench::report(15));
    }
    if args.first().map(String::as_str) == Some("path") {
        // JSONPath over CBOR against serde_json and serde_json_path (docs/PERFORMANCE.md).
        println!("{}", machine::Machine::read().describe());
        return print_table(path_bench::report(7));
    }
    if args.first().map(String::as_str) == Some("batch") {
        // Batches against values written alone (docs/PERFORMANCE.md).
        println!("{}", machine::Machine::read().describe());
        print!("{}", batch::table(&batch::measure(11)));
        return ExitCode::SUCCESS;
    }
    if args.first().map(String::as_str) != Some("published") {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let mut mode = Mode::Full;
    let mut write_docs = false;
    let mut json_path = None;
    let mut payloads = None;
    let mut codecs = None;
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.as_slice().first()) {
            ("--quick", _) => mode = Mode::Quick,
            ("--write-docs", _) => write_docs = true,
            ("--json", Some(path)) => json_path = Some(PathBuf::from(path)),
            ("--payloads", Some(names)) => payloads = Some(list(names)),
            ("--codecs", Some(labels)) => {
                let mut picked = Vec::new();
                for label in list(labels) {
                    match Codec::ALL.iter().find(|c| c.label() == label) {
                        Some(&codec) => picked.push(codec),
                        None => {
                            eprintln!("unknown codec {label:?}\n{USAGE}");
                            return ExitCode::from(2);
                        }
                    }
                }
                codecs = Some(picked);
            }
            (other, _) => {
                eprintln!("unknown or incomplete argument {other}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
        if matches!(arg.as_str(), "--json" | "--payloads" | "--codecs") {
            rest.next();
        }
    }
    let partial = payloads.is_some() || codecs.is_some();
    if write_docs && partial {
        eprintln!("--write-docs publishes a whole run: it takes no --payloads or --codecs");
        return ExitCode::from(2);
    }
    let mut config = match mode {
        Mode::Full => Config::full(Some(counters)),
        Mode::Quick => Config::quick(Some(counters)),
    };
    config.codecs = codecs;
    let stamp = machine::timestamp();
    let docs = (!partial).then(nav::Docs::build);
    let mapped = match docs.as_ref().map(map_docs).transpose() {
        Ok(mapped) => mapped,
        Err(e) => {
            eprintln!("could not map the navigation documents: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut sources = Vec::new();
    if let (Some(docs), Some(mapped)) = (&docs, &mapped) {
        sources.push(docs.in_memory());
        sources.push(mapped.sources());
    }
    let report = report(mode, &config, &stamp, payloads.as_deref(), &sources);
    print!("{}", report.text);

    let json = serde_json::to_string_pretty(&report.json).unwrap_or_default() + "\n";
    let dir = target_dir().join("bench");
    let file = dir.join(format!("{stamp}.txt"));
    let chart_dir = dir.join(&stamp);
    let saved = std::fs::create_dir_all(&chart_dir)
        .and_then(|()| std::fs::write(&file, &report.text))
        .and_then(|()| std::fs::write(dir.join(format!("{stamp}.json")), &json))
        .and_then(|()| match &json_path {
            Some(path) => std::fs::write(path, &json),
            None => Ok(()),
        })
        .and_then(|()| write_charts(&chart_dir, &report.charts));
    match saved {
        Ok(()) => eprintln!(
            "saved {} and its charts in {}",
            file.display(),
            chart_dir.display()
        ),
        Err(e) => {
            eprintln!("could not save {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    }

    if write_docs {
        let docs = workspace_root().join("docs");
        let mut text = report.text.clone();
        if !report.charts.is_empty() {
            text.push_str("#### Size against decode time\n\n");
            for (name, _) in &report.charts {
                text.push_str(&format!("![{name}]({CHART_DIR}/{name}.svg)\n"));
            }
        }
        let doc_path = docs.join("PERFORMANCE.md");
        let result = write_charts(&docs.join(CHART_DIR), &report.charts)
            .and_then(|()| std::fs::write(docs.join(CHART_DIR).join("published.json"), &json))
            .map_err(|e| e.to_string())
            .and_then(|()| std::fs::read_to_string(&doc_path).map_err(|e| e.to_string()))
            .and_then(|doc| splice(&doc, &text))
            .and_then(|doc| std::fs::write(&doc_path, doc).map_err(|e| e.to_string()));
        match result {
            Ok(()) => eprintln!("rewrote {} and {CHART_DIR}/", doc_path.display()),
            Err(e) => {
                eprintln!("could not update {}: {e}", doc_path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::splice;

    #[test]
    fn splice_replaces_only_between_markers() {
        let doc = "head\n<!-- published:begin -->\nold\n<!-- published:end -->\ntail\n";
        let out = splice(doc, "new\n").unwrap_or_default();
        assert_eq!(
            out,
            "head\n<!-- published:begin -->\nnew\n<!-- published:end -->\ntail\n"
        );
        assert!(splice("no markers", "x").is_err());
    }
}

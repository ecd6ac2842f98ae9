//! `boring-bench json`: JSON to CBOR and back with boring-json, against
//! serde_json and sonic-rs on the three documents the Rust JSON benchmarks
//! use, and the sizes of the CBOR under three profiles, raw and after
//! zstd level 3.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use boring::{Options, Profile};

/// The documents, as copied into boring-json's test data.
const DOCUMENTS: [(&str, &[u8]); 3] = [
    (
        "canada",
        include_bytes!("../../boring-json/tests/data/canada.json"),
    ),
    (
        "citm_catalog",
        include_bytes!("../../boring-json/tests/data/citm_catalog.json"),
    ),
    (
        "twitter",
        include_bytes!("../../boring-json/tests/data/twitter.json"),
    ),
];

/// One document's figures: times in µs, sizes in bytes.
struct Row {
    name: &'static str,
    to_cbor: f64,
    serde_parse: f64,
    sonic_parse: f64,
    to_json: f64,
    serde_write: f64,
    json_size: usize,
    sizes: [(usize, usize); 3],
}

/// Each timing round runs at least this long: the documents are large.
const ROUND_MS: u128 = 50;

/// The median µs of one call of each of `fs`, over `rounds` rounds in
/// which every contender runs once in turn (after one warm-up call each):
/// a slow spell of the machine then falls on all of them, not on whichever
/// was being measured, so the ratios within a row hold better than the
/// times.
fn medians_us<const N: usize>(rounds: usize, fs: [&mut dyn FnMut(); N]) -> [f64; N] {
    let mut fs = fs;
    let mut samples: [Vec<f64>; N] = std::array::from_fn(|_| Vec::with_capacity(rounds));
    for f in fs.iter_mut() {
        f();
    }
    for _ in 0..rounds.max(1) {
        for (f, out) in fs.iter_mut().zip(samples.iter_mut()) {
            let start = Instant::now();
            let mut calls = 0u32;
            while calls == 0 || start.elapsed().as_millis() < ROUND_MS {
                f();
                calls += 1;
            }
            out.push(start.elapsed().as_secs_f64() * 1e6 / f64::from(calls));
        }
    }
    samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    })
}

fn zstd3(bytes: &[u8]) -> usize {
    zstd::bulk::compress(bytes, 3).map_or(0, |c| c.len())
}

fn measure(name: &'static str, json: &'static [u8], rounds: usize) -> Result<Row, String> {
    let interop = Options::from(Profile::Interop);
    let fail = |e: boring_json::Error| format!("{name}: {e}");
    let cbor = boring_json::json_to_cbor(json, &interop).map_err(fail)?;
    let parsed: serde_json::Value = serde_json::from_slice(json).map_err(|e| e.to_string())?;
    let read = Options::default();
    let [to_cbor, serde_parse, sonic_parse] = medians_us(
        rounds,
        [
            &mut || {
                black_box(boring_json::json_to_cbor(black_box(json), &interop).ok());
            },
            &mut || {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(json)).ok());
            },
            &mut || {
                black_box(sonic_rs::from_slice::<sonic_rs::Value>(black_box(json)).ok());
            },
        ],
    );
    let [to_json, serde_write] = medians_us(
        rounds,
        [
            &mut || {
                black_box(boring_json::cbor_to_json(black_box(&cbor), &read, false).ok());
            },
            &mut || {
                black_box(serde_json::to_vec(black_box(&parsed)).ok());
            },
        ],
    );
    let mut sizes = [(0, 0); 3];
    for (slot, profile) in
        sizes
            .iter_mut()
            .zip([Profile::Interop, Profile::Default, Profile::Compact])
    {
        let bytes = boring_json::json_to_cbor(json, &Options::from(profile)).map_err(fail)?;
        *slot = (bytes.len(), zstd3(&bytes));
    }
    Ok(Row {
        name,
        to_cbor,
        serde_parse,
        sonic_parse,
        to_json,
        serde_write,
        json_size: json.len(),
        sizes,
    })
}

/// The Markdown report: times, then sizes.
///
/// # Errors
///
/// A document that does not convert (it is a message naming it).
pub(crate) fn report(rounds: usize) -> Result<String, String> {
    let rows = DOCUMENTS
        .iter()
        .map(|&(name, json)| measure(name, json, rounds))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = String::from(
        "| document | JSON→CBOR µs | serde_json parse µs (ratio) | sonic-rs parse µs (ratio) | \
         CBOR→JSON µs | serde_json write µs (ratio) |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for r in &rows {
        let _ = writeln!(
            out,
            "| {} | {:.0} | {:.0} ({:.2}×) | {:.0} ({:.2}×) | {:.0} | {:.0} ({:.2}×) |",
            r.name,
            r.to_cbor,
            r.serde_parse,
            r.serde_parse / r.to_cbor,
            r.sonic_parse,
            r.sonic_parse / r.to_cbor,
            r.to_json,
            r.serde_write,
            r.serde_write / r.to_json,
        );
    }
    out.push_str(
        "\nRatios are the peer's time over boring-json's: above 1 means boring-json is faster.\n\n\
         | document | JSON | Interop | Default | Compact | JSON zstd-3 | Interop zstd-3 | \
         Default zstd-3 | Compact zstd-3 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in &rows {
        let [i, d, c] = r.sizes;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.json_size,
            i.0,
            d.0,
            c.0,
            zstd3(
                DOCUMENTS
                    .iter()
                    .find(|d| d.0 == r.name)
                    .map_or(&[][..], |d| d.1)
            ),
            i.1,
            d.1,
            c.1,
        );
    }
    Ok(out)
}

//! One table of four integer columns written three ways: plainly (an array
//! of maps), shaped (tag 39649: the keys once, then one positional row per
//! record) and columnar (tag 39653: the keys once, then one RFC 8746 typed
//! array per column, each of the narrowest integer type that holds it).
//!
//! The table is `boring_schemas::records::rows4(512)`, the `table-512`
//! payload of the published benchmark: `id = i`, `ts = 1 700 000 000 + 37·i`,
//! `level = i mod 5`, `delta = (7 919·i mod 2 001) − 1 000`.
//!
//! Run with `cargo run --release -p boring-examples --example columns`.
//! The times are wall-clock over a few hundred calls: a rough picture, not
//! the benchmark (`cargo run --release -p boring-bench -- published`).

use std::hint::black_box;
use std::time::Instant;

use boring::{Options, Profile};
use boring_schemas::records::{Row4, rows4};

/// Calls per timing.
const REPEAT: u32 = 300;

/// The mean time of `REPEAT` calls after one warm-up call, in µs.
fn micros(mut op: impl FnMut() -> Result<(), boring::Error>) -> Result<f64, boring::Error> {
    op()?; // warm-up
    let start = Instant::now();
    for _ in 0..REPEAT {
        op()?;
    }
    Ok(start.elapsed().as_secs_f64() * 1e6 / f64::from(REPEAT))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rows = rows4(512);
    let layouts = [
        ("plain", Options::default().stringref(false)),
        ("shaped", Options::default().stringref(false).shapes(true)),
        (
            "columnar",
            Options::default().stringref(false).columns(true),
        ),
        ("compact profile", Options::from(Profile::Compact)),
    ];

    println!("512 rows {{id, ts, level, delta}} of i64:");
    println!(
        "  {:<16} {:>7} {:>12} {:>12}",
        "layout", "bytes", "encode µs", "decode µs"
    );
    let mut sizes = Vec::new();
    for (name, options) in &layouts {
        let bytes = boring::to_vec_with(&rows, options)?;
        let back: Vec<Row4> = boring::from_slice(&bytes)?;
        if back != rows {
            return Err(format!("{name}: the table did not come back equal").into());
        }
        let encode = micros(|| {
            black_box(boring::to_vec_with(black_box(&rows), options)?);
            Ok(())
        })?;
        let decode = micros(|| {
            black_box(boring::from_slice::<Vec<Row4>>(black_box(&bytes))?);
            Ok(())
        })?;
        println!(
            "  {name:<16} {:>7} {encode:>12.1} {decode:>12.1}",
            bytes.len()
        );
        sizes.push((*name, bytes));
    }

    let size_of = |wanted: &str| {
        sizes
            .iter()
            .find(|(name, _)| *name == wanted)
            .map_or(0, |(_, b)| b.len())
    };
    let (plain, shaped, columnar) = (size_of("plain"), size_of("shaped"), size_of("columnar"));
    println!(
        "\ncolumnar is {:.0}% of shaped and {:.0}% of plain",
        100.0 * columnar as f64 / shaped as f64,
        100.0 * columnar as f64 / plain as f64
    );
    // Each column is written once, as a typed array of its narrowest type
    // (here u16, u32, u8 and i16 instead of i64 heads of 1 to 5 bytes): the
    // layout must come out well below the other two, at most 80% of shaped.
    if columnar * 5 > shaped * 4 || shaped >= plain {
        return Err(format!(
            "unexpected sizes: plain {plain}, shaped {shaped}, columnar {columnar}"
        )
        .into());
    }

    let columnar_bytes = sizes
        .iter()
        .find(|(name, _)| *name == "columnar")
        .map(|(_, b)| b.as_slice())
        .unwrap_or_default();
    println!("\nthe columnar bytes, annotated (long hex runs cut):");
    for line in shorten(&boring::diag::dump(columnar_bytes)?, 2)
        .iter()
        .take(40)
    {
        println!("  {line}");
    }
    Ok(())
}

/// The lines of a dump, keeping the first `keep` lines of each run of bare
/// hex (the content of a long byte string) and one `…` line for the rest.
fn shorten(dump: &str, keep: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut run = 0;
    for line in dump.lines() {
        if line.contains('#') {
            run = 0;
            out.push(line.to_owned());
            continue;
        }
        run += 1;
        if run <= keep {
            out.push(line.to_owned());
        } else if run == keep + 1 {
            let indent = line.len() - line.trim_start().len();
            out.push(format!("{}…", " ".repeat(indent)));
        }
    }
    out
}

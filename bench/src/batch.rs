//! Batches against values written alone: the same records encoded as one
//! batch (`boring::batch`, one string table for all of them) and one by
//! one (a table per value), in bytes and in time, under the default
//! profile.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use boring::batch::Batch;
use boring::{DecodeOwned, Encode, Options, Writer};
use boring_schemas::{access_log, game, network, records, SEED};

/// One dataset's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The dataset, as the main tables name it.
    pub name: &'static str,
    /// How many values.
    pub values: usize,
    /// The batch's bytes.
    pub batch_bytes: usize,
    /// The values' bytes, each encoded alone, summed.
    pub alone_bytes: usize,
    /// Median µs to encode the batch with a kept writer.
    pub batch_encode_us: f64,
    /// Median µs to encode every value alone with a kept writer.
    pub alone_encode_us: f64,
    /// Median µs to read every value of the batch.
    pub batch_decode_us: f64,
    /// Median µs to decode every value from its own bytes.
    pub alone_decode_us: f64,
}

/// Measures every dataset, `rounds` medians each.
pub fn measure(rounds: usize) -> Vec<Row> {
    vec![
        row("str-maps-200", &records::str_records(200), rounds),
        row("datom-maps-200", &records::datoms(200), rounds),
        row(
            "access-log-10k",
            &access_log::generate(SEED, access_log::ENTRIES),
            rounds,
        ),
        row(
            "game-save-500 (players)",
            &game::generate(SEED, game::PLAYERS).players,
            rounds,
        ),
        row(
            "net-updates-1k",
            &network::generate(SEED, network::UPDATES),
            rounds,
        ),
    ]
}

fn row<T: Encode + DecodeOwned>(name: &'static str, values: &[T], rounds: usize) -> Row {
    let options = Options::default();
    let mut w = Writer::new(&options).expect("the default options resolve");
    let batch = w.encode_batch(values).expect("encodes").to_vec();
    let alone: Vec<Vec<u8>> = values
        .iter()
        .map(|v| w.encode(v).expect("encodes").to_vec())
        .collect();
    Row {
        name,
        values: values.len(),
        batch_bytes: batch.len(),
        alone_bytes: alone.iter().map(Vec::len).sum(),
        batch_encode_us: median_us(rounds, ROUND_MS, || {
            black_box(w.encode_batch(values).expect("encodes").len());
        }),
        alone_encode_us: median_us(rounds, ROUND_MS, || {
            for v in values {
                black_box(w.encode(v).expect("encodes").len());
            }
        }),
        batch_decode_us: median_us(rounds, ROUND_MS, || {
            for v in Batch::<T>::new(&batch, &options).expect("a batch") {
                black_box(v.expect("decodes"));
            }
        }),
        alone_decode_us: median_us(rounds, ROUND_MS, || {
            for bytes in &alone {
                black_box(boring::from_slice::<T>(bytes).expect("decodes"));
            }
        }),
    }
}

/// How long each round of [`row`]'s timings runs, at least.
const ROUND_MS: u128 = 20;

/// The median over `rounds` of the µs one call of `f` takes, each round
/// running `f` for at least `round_ms` milliseconds (after one call to
/// warm up).
pub fn median_us(rounds: usize, round_ms: u128, mut f: impl FnMut()) -> f64 {
    f();
    let mut samples: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            let start = Instant::now();
            let mut calls = 0u32;
            while calls == 0 || start.elapsed().as_millis() < round_ms {
                f();
                calls += 1;
            }
            start.elapsed().as_secs_f64() * 1e6 / f64::from(calls)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// The rows as a Markdown table.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| dataset | values | batch bytes | alone bytes | batch / alone | \
         encode µs batch / alone | decode µs batch / alone |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {:.2} | {:.1} / {:.1} ({:.2}×) | {:.1} / {:.1} ({:.2}×) |",
            r.name,
            r.values,
            r.batch_bytes,
            r.alone_bytes,
            r.batch_bytes as f64 / r.alone_bytes as f64,
            r.batch_encode_us,
            r.alone_encode_us,
            r.batch_encode_us / r.alone_encode_us,
            r.batch_decode_us,
            r.alone_decode_us,
            r.batch_decode_us / r.alone_decode_us,
        );
    }
    out
}

//! `boring-bench`: the published size and speed comparison of `boring`
//! against the peer codecs, on the payloads of `boring-schemas`.
//!
//! The binary (`cargo run --release -p boring-bench -- published`) prints the
//! report; this library holds everything but the counting allocator, so that
//! the round-trip test can drive the same cells.

#![forbid(unsafe_code)]

pub mod batch;
pub mod chart;
pub mod codecs;
pub mod cose_bench;
pub mod json;
pub mod machine;
pub mod nav;
pub mod payloads;
pub mod run;

use std::fmt::Write as _;

use crate::codecs::{Codec, Op, Tier};
use crate::run::Config;

/// Which run the report comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The published run.
    Full,
    /// Fewer, shorter rounds: a smoke run, not for quoting.
    Quick,
}

/// What one run produces.
#[derive(Debug)]
pub struct Report {
    /// The text: machine header, sizes, times, allocations (Markdown).
    pub text: String,
    /// `(file stem, SVG)`: bytes against decode time, one per record dataset.
    pub charts: Vec<(String, String)>,
    /// Every figure of the text, as JSON (see [`json::document`]).
    pub json: serde_json::Value,
}

/// The payloads that get a chart.
const CHARTED: [&str; 7] = [
    "datom-maps-200",
    "str-maps-200",
    "table-512",
    "access-log-10k",
    "mesh-125k",
    "game-save-500",
    "net-updates-1k",
];

/// Runs everything and returns the report of run `stamp`. With `only`, just
/// the payloads of those names are built and measured; the navigation
/// questions are asked of each of `navigation`.
pub fn report(
    mode: Mode,
    config: &Config,
    stamp: &str,
    only: Option<&[String]>,
    navigation: &[nav::Sources<'_>],
) -> Report {
    let mut payloads = payloads::some(payloads::Scale::Published, &|name| {
        only.is_none_or(|only| only.iter().any(|n| n == name))
    });
    let machine = machine::Machine::read();
    let sizes = run::sizes(&payloads);
    let results = run::measure(&mut payloads, config);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "### {}, {}\n",
        match mode {
            Mode::Full => "Published run",
            Mode::Quick => "Quick run (smoke test, few short rounds: not for quoting)",
        },
        stamp
    );
    out.push_str(&machine.describe());
    let _ = writeln!(
        out,
        "- method: every payload warmed through every codec first; then {} rounds of \
         about {} ms per cell, codecs interleaved within each round; median and minimum \
         over rounds\n",
        config.rounds,
        config.round_time.as_millis()
    );
    out.push_str(
        "The `boring` rows encode the typed structs through `#[derive(Boring)]` and decode \
         them with `boring::from_slice`; the `boring Value` rows encode and decode the \
         `boring::Value` form (the reference's keyword maps for its six payloads, the map \
         the derive writes for the generated datasets). Peers use the typed structs. \
         Sizes are deterministic and printed first.\n\n",
    );
    run::size_tables(&mut out, &payloads, &sizes);
    run::target_tables(&mut out, &payloads, &sizes, &results, &CHARTED);
    run::time_tables(&mut out, &payloads, &results);
    let rows: Vec<nav::Row> = navigation
        .iter()
        .flat_map(|s| nav::measure(s, config))
        .collect();
    if !rows.is_empty() {
        nav::table(&mut out, &rows);
    }

    let mut charts = Vec::new();
    for (pi, payload) in payloads.iter().enumerate() {
        if !CHARTED.contains(&payload.name) {
            continue;
        }
        let points: Vec<chart::Point> = Codec::ALL
            .iter()
            .enumerate()
            .filter_map(|(ci, codec)| {
                let (bytes, _) = sizes.get(pi)?.get(ci)?.as_ref().ok()?;
                let ns = results.median(pi, ci, Op::Decode, Tier::Fresh)?;
                Some(chart::Point {
                    label: codec.label(),
                    bytes: *bytes as f64,
                    micros: ns / 1000.0,
                })
            })
            .collect();
        let subtitle = format!(
            "encoded size vs decode time (fresh tier, median){}",
            if mode == Mode::Quick {
                ", quick run"
            } else {
                ""
            }
        );
        if let Some(svg) = chart::scatter(payload.name, &subtitle, &points) {
            charts.push((payload.name.to_string(), svg));
        }
    }
    let json = json::document(stamp, &machine, config.rounds, &payloads, &sizes, &results);
    Report {
        text: out,
        charts,
        json,
    }
}

//! Measuring: sizes, times and allocations over every cell, and the tables
//! they print as.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::codecs::{Codec, Op, Tier};
use crate::payloads::Payload;

/// How long and how often to measure, and what.
#[derive(Debug, Clone)]
pub struct Config {
    /// Measured rounds per cell (after one warm-up pass).
    pub rounds: usize,
    /// Target duration of one round; a round repeats the operation until
    /// it has run about this long (at least once).
    pub round_time: Duration,
    /// Reads the allocation counters (calls, bytes) of a counting global
    /// allocator; without one, the allocation tables are left out.
    pub alloc_counter: Option<fn() -> (u64, u64)>,
    /// Only these codecs are timed (all when `None`): a focused run while
    /// working on one path, never a published one.
    pub codecs: Option<Vec<Codec>>,
}

impl Config {
    /// The published run.
    pub fn full(alloc_counter: Option<fn() -> (u64, u64)>) -> Config {
        Config {
            rounds: 21,
            round_time: Duration::from_millis(10),
            alloc_counter,
            codecs: None,
        }
    }

    /// The same tables, fewer and shorter rounds.
    pub fn quick(alloc_counter: Option<fn() -> (u64, u64)>) -> Config {
        Config {
            rounds: 3,
            round_time: Duration::from_millis(1),
            alloc_counter,
            codecs: None,
        }
    }
}

/// Raw and zstd-compressed size of one cell, or why there is none.
pub type SizeCell = Result<(usize, usize), String>;

/// zstd's level for the compressed size table.
pub const ZSTD_LEVEL: i32 = 3;

/// The size table: `[payload][codec]`, deterministic.
pub fn sizes(payloads: &[Payload]) -> Vec<Vec<SizeCell>> {
    payloads
        .iter()
        .map(|p| {
            p.cells
                .iter()
                .map(|(_, cell)| {
                    let bytes = cell.as_ref().map_err(Clone::clone)?.bytes();
                    let packed =
                        zstd::bulk::compress(bytes, ZSTD_LEVEL).map_err(|e| e.to_string())?;
                    Ok((bytes.len(), packed.len()))
                })
                .collect()
        })
        .collect()
}

const OPS: [(Op, Tier); 4] = [
    (Op::Encode, Tier::Fresh),
    (Op::Decode, Tier::Fresh),
    (Op::Encode, Tier::Reused),
    (Op::Decode, Tier::Reused),
];

type Key = (usize, usize, usize); // payload, codec, op index in OPS

/// Everything one run measured.
#[derive(Debug, Default)]
pub struct Results {
    /// Nanoseconds per operation, one sample per round.
    samples: BTreeMap<Key, Vec<f64>>,
    /// Iterations per round, from the warm-up.
    iters: BTreeMap<Key, u32>,
    /// Why a cell has no time.
    failures: BTreeMap<Key, String>,
    /// (calls, bytes) of one fresh operation.
    allocs: BTreeMap<Key, (u64, u64)>,
}

impl Results {
    /// Median nanoseconds per operation of one cell, if it was measured.
    pub fn median(&self, payload: usize, codec: usize, op: Op, tier: Tier) -> Option<f64> {
        self.stats(payload, codec, op, tier)
            .map(|(median, _)| median)
    }

    /// Median and minimum nanoseconds per operation of one cell.
    pub fn stats(&self, payload: usize, codec: usize, op: Op, tier: Tier) -> Option<(f64, f64)> {
        let oi = OPS.iter().position(|&o| o == (op, tier))?;
        self.samples
            .get(&(payload, codec, oi))
            .and_then(|s| stats(s))
    }

    /// Allocation calls and bytes of one fresh operation, if counted.
    pub fn allocs(&self, payload: usize, codec: usize, op: Op) -> Option<(u64, u64)> {
        let oi = OPS.iter().position(|&o| o == (op, Tier::Fresh))?;
        self.allocs.get(&(payload, codec, oi)).copied()
    }
}

impl Config {
    fn times(&self, codec: Codec) -> bool {
        self.codecs
            .as_ref()
            .is_none_or(|only| only.contains(&codec))
    }
}

/// Warms every payload through every codec, then measures rounds with the
/// codecs interleaved: each round visits every payload, codec and operation
/// once, so drift (thermal, frequency) spreads over all of them alike.
pub fn measure(payloads: &mut [Payload], config: &Config) -> Results {
    let mut results = Results::default();
    // Warm-up: one untimed run of everything, which also sizes the rounds.
    for (pi, payload) in payloads.iter_mut().enumerate() {
        for ci in 0..Codec::ALL.len() {
            let codec = Codec::ALL[ci];
            if !config.times(codec) {
                continue;
            }
            for (oi, &(op, tier)) in OPS.iter().enumerate() {
                let key = (pi, ci, oi);
                let cell = match payload.cell(codec) {
                    Ok(cell) => cell,
                    Err(why) => {
                        results.failures.insert(key, why);
                        continue;
                    }
                };
                if let Err(why) = cell.run(op, tier) {
                    results.failures.insert(key, why);
                    continue;
                }
                let start = Instant::now();
                let once = cell.run(op, tier);
                let took = start.elapsed().max(Duration::from_nanos(20));
                if let Err(why) = once {
                    results.failures.insert(key, why);
                    continue;
                }
                let iters = (config.round_time.as_nanos() / took.as_nanos()).clamp(1, 1_000_000);
                results.iters.insert(key, u32::try_from(iters).unwrap_or(1));
                if tier == Tier::Fresh {
                    if let Some(counter) = config.alloc_counter {
                        let before = counter();
                        let outcome = cell.run(op, tier);
                        let after = counter();
                        if outcome.is_ok() {
                            results
                                .allocs
                                .insert(key, (after.0 - before.0, after.1 - before.1));
                        }
                    }
                }
            }
        }
    }
    for _ in 0..config.rounds {
        for (pi, payload) in payloads.iter_mut().enumerate() {
            for ci in 0..Codec::ALL.len() {
                for (oi, &(op, tier)) in OPS.iter().enumerate() {
                    let key = (pi, ci, oi);
                    let Some(&iters) = results.iters.get(&key) else {
                        continue;
                    };
                    let Ok(cell) = payload.cell(Codec::ALL[ci]) else {
                        continue;
                    };
                    let start = Instant::now();
                    let mut outcome = Ok(());
                    for _ in 0..iters {
                        outcome = outcome.and(cell.run(op, tier));
                    }
                    let ns = start.elapsed().as_nanos() as f64 / f64::from(iters);
                    match outcome {
                        Ok(()) => results.samples.entry(key).or_default().push(ns),
                        Err(why) => {
                            results.failures.insert(key, why);
                        }
                    }
                }
            }
        }
    }
    results
}

/// Collects the distinct reasons of a table as footnotes `(a)`, `(b)`, …
#[derive(Default)]
struct Notes {
    reasons: Vec<String>,
}

impl Notes {
    fn mark(&mut self, why: &str) -> String {
        let index = match self.reasons.iter().position(|r| r == why) {
            Some(i) => i,
            None => {
                self.reasons.push(why.to_string());
                self.reasons.len() - 1
            }
        };
        format!("— ({})", note_letter(index))
    }

    fn write(&self, out: &mut String) {
        for (i, why) in self.reasons.iter().enumerate() {
            let _ = writeln!(out, "- ({}) {}", note_letter(i), why);
        }
        if !self.reasons.is_empty() {
            out.push('\n');
        }
    }
}

fn note_letter(i: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    match letters.get(i) {
        Some(&c) => char::from(c).to_string(),
        None => format!("n{i}"),
    }
}

fn header_row(out: &mut String, payloads: &[Payload]) {
    out.push_str("| codec |");
    for p in payloads {
        let _ = write!(out, " {} |", p.name);
    }
    out.push_str("\n|---|");
    for _ in payloads {
        out.push_str("---:|");
    }
    out.push('\n');
}

/// Renders a whole table: one row per codec, one column per payload.
fn table(
    out: &mut String,
    title: &str,
    payloads: &[Payload],
    mut cell: impl FnMut(usize, usize, &mut Notes) -> String,
) {
    let _ = writeln!(out, "#### {title}\n");
    let mut notes = Notes::default();
    header_row(out, payloads);
    for (ci, codec) in Codec::ALL.iter().enumerate() {
        let _ = write!(out, "| {} |", codec.label());
        for pi in 0..payloads.len() {
            let _ = write!(out, " {} |", cell(pi, ci, &mut notes));
        }
        out.push('\n');
    }
    out.push('\n');
    notes.write(out);
}

/// Groups digits by thousands with a thin space, as the docs print numbers.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(ch);
    }
    out
}

/// The two size tables, raw then zstd.
pub fn size_tables(out: &mut String, payloads: &[Payload], sizes: &[Vec<SizeCell>]) {
    for (title, pick) in [
        ("Size, bytes", 0usize),
        ("Size after zstd level 3, bytes", 1),
    ] {
        table(out, title, payloads, |pi, ci, notes| {
            match sizes.get(pi).and_then(|row| row.get(ci)) {
                Some(Ok((raw, packed))) => grouped(if pick == 0 { *raw } else { *packed } as u64),
                Some(Err(why)) => notes.mark(why),
                None => notes.mark("not built"),
            }
        });
    }
}

fn stats(samples: &[f64]) -> Option<(f64, f64)> {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let min = *sorted.first()?;
    let median = *sorted.get(sorted.len() / 2)?;
    Some((median, min))
}

fn time_text(ns: f64) -> String {
    let us = ns / 1000.0;
    if us >= 1000.0 {
        format!("{:.0}", us)
    } else if us >= 10.0 {
        format!("{:.1}", us)
    } else {
        format!("{:.2}", us)
    }
}

/// Two significant digits at least, so that small ratios do not print as 0.
fn ratio_text(r: f64) -> String {
    if r >= 0.1 {
        format!("{r:.2}")
    } else if r >= 0.01 {
        format!("{r:.3}")
    } else {
        format!("{r:.4}")
    }
}

/// The encode and decode tables of both tiers, then the allocation tables.
pub fn time_tables(out: &mut String, payloads: &[Payload], results: &Results) {
    let baseline = Codec::ALL
        .iter()
        .position(|c| *c == Codec::BoringDefault)
        .unwrap_or(0);
    for (tier, tier_text) in [
        (
            Tier::Fresh,
            "fresh: new writer, buffer and reader state per call",
        ),
        (
            Tier::Reused,
            "reused: each codec's fastest idiomatic path (kept writer, buffers, scratch)",
        ),
    ] {
        for (op, op_text) in [(Op::Encode, "Encode"), (Op::Decode, "Decode")] {
            let Some(oi) = OPS.iter().position(|&o| o == (op, tier)) else {
                continue;
            };
            let title = format!(
                "{op_text}, {tier_text} — µs per op, median / min, ×median of boring default"
            );
            table(out, &title, payloads, |pi, ci, notes| {
                let key = (pi, ci, oi);
                if let Some(why) = results.failures.get(&key) {
                    return notes.mark(why);
                }
                let Some((median, min)) = results.samples.get(&key).and_then(|s| stats(s)) else {
                    return notes.mark("not measured");
                };
                let base = results
                    .samples
                    .get(&(pi, baseline, oi))
                    .and_then(|s| stats(s));
                match base {
                    Some((b, _)) if b > 0.0 => format!(
                        "{} / {} ×{}",
                        time_text(median),
                        time_text(min),
                        ratio_text(median / b)
                    ),
                    _ => format!("{} / {}", time_text(median), time_text(min)),
                }
            });
        }
    }
    if results.allocs.is_empty() {
        return;
    }
    for (op, op_text) in [(Op::Encode, "encode"), (Op::Decode, "decode")] {
        let Some(oi) = OPS.iter().position(|&o| o == (op, Tier::Fresh)) else {
            continue;
        };
        let title = format!("Allocations per {op_text}, fresh tier — calls / bytes");
        table(out, &title, payloads, |pi, ci, notes| {
            let key = (pi, ci, oi);
            if let Some(why) = results.failures.get(&key) {
                return notes.mark(why);
            }
            match results.allocs.get(&key) {
                Some((calls, bytes)) => format!("{} / {}", grouped(*calls), grouped(*bytes)),
                None => notes.mark("not measured"),
            }
        });
    }
}

fn codec_index(codec: Codec) -> usize {
    Codec::ALL
        .iter()
        .position(|c| *c == codec)
        .unwrap_or(usize::MAX)
}

/// One target: `fast` against `peer` for `op` (fresh tier), met when the
/// speed-up (peer's median ÷ boring's) reaches `at_least`.
struct SpeedTarget {
    fast: Codec,
    peer: Codec,
    op: Op,
    at_least: f64,
}

const SPEED_TARGETS: [SpeedTarget; 6] = [
    SpeedTarget {
        fast: Codec::BoringInterop,
        peer: Codec::MinicborArray,
        op: Op::Encode,
        at_least: 1.0,
    },
    SpeedTarget {
        fast: Codec::BoringInterop,
        peer: Codec::Cbor4ii,
        op: Op::Encode,
        at_least: 1.5,
    },
    SpeedTarget {
        fast: Codec::BoringDefault,
        peer: Codec::MinicborArray,
        op: Op::Encode,
        at_least: 0.8,
    },
    SpeedTarget {
        fast: Codec::BoringCompact,
        peer: Codec::MinicborArray,
        op: Op::Encode,
        at_least: 1.0,
    },
    SpeedTarget {
        fast: Codec::BoringDefault,
        peer: Codec::MinicborArray,
        op: Op::Decode,
        at_least: 1.0,
    },
    SpeedTarget {
        fast: Codec::BoringCompact,
        peer: Codec::MinicborArray,
        op: Op::Decode,
        at_least: 1.3,
    },
];

/// A ratio and whether it meets its target: `1.23 ✓` or `0.91 ✗`.
fn judged(ratio: Option<f64>, met: impl Fn(f64) -> bool) -> String {
    match ratio {
        Some(r) => format!("{} {}", ratio_text(r), if met(r) { "✓" } else { "✗" }),
        None => "—".into(),
    }
}

/// `slow ÷ fast` of two medians.
fn quotient(
    results: &Results,
    pi: usize,
    slow: Codec,
    fast: Codec,
    op: Op,
    tier: Tier,
) -> Option<f64> {
    let slow = results.median(pi, codec_index(slow), op, tier)?;
    let fast = results.median(pi, codec_index(fast), op, tier)?;
    (fast > 0.0).then(|| slow / fast)
}

/// The record datasets against the speed targets (fresh tier: how many
/// times faster `boring` is than the peer, peer's median ÷ boring's) and
/// the compact layout against bitcode (size and decode time, boring's ÷
/// bitcode's). Every figure is a ratio of medians printed in the tables
/// below.
pub fn target_tables(
    out: &mut String,
    payloads: &[Payload],
    sizes: &[Vec<SizeCell>],
    results: &Results,
    records: &[&str],
) {
    let rows: Vec<(usize, &str)> = payloads
        .iter()
        .enumerate()
        .filter(|(_, p)| records.contains(&p.name))
        .map(|(pi, p)| (pi, p.name))
        .collect();
    out.push_str(
        "#### Against the targets: speed relative to the CBOR peers\n\n\
         How many times faster `boring` is than the peer (peer's median ÷ boring's median, \
         fresh tier; above 1 is faster); each column heading gives the target, and ✓ marks \
         a ratio that meets it.\n\n| payload |",
    );
    for t in &SPEED_TARGETS {
        let op = match t.op {
            Op::Encode => "encode",
            Op::Decode => "decode",
        };
        let _ = write!(
            out,
            " {op}: {} vs {} (≥ {}) |",
            t.fast.label().trim_start_matches("boring "),
            t.peer.label(),
            t.at_least
        );
    }
    out.push_str("\n|---|");
    for _ in &SPEED_TARGETS {
        out.push_str("---:|");
    }
    out.push('\n');
    for &(pi, name) in &rows {
        let _ = write!(out, "| {name} |");
        for t in &SPEED_TARGETS {
            let ratio = quotient(results, pi, t.peer, t.fast, t.op, Tier::Fresh);
            let _ = write!(out, " {} |", judged(ratio, |r| r >= t.at_least));
        }
        out.push('\n');
    }
    out.push_str(
        "\n#### Against the targets: `boring compact` relative to bitcode\n\n\
         boring compact's figure ÷ bitcode's (below 1 is better for boring): size, then \
         median time as `fresh / reused`. Targets: decode time ≤ 3 on table-512 and \
         mesh-125k and ≤ 1.5 on access-log-10k (fresh tier); size ≤ 1.05 on mesh-125k.\n\n\
         | payload | size | encode time | decode time |\n|---|---:|---:|---:|\n",
    );
    let (compact, bitcode) = (
        codec_index(Codec::BoringCompact),
        codec_index(Codec::Bitcode),
    );
    for &(pi, name) in &rows {
        let size = |ci: usize| {
            sizes
                .get(pi)
                .and_then(|row| row.get(ci))
                .and_then(|c| c.as_ref().ok())
                .map(|(raw, _)| *raw as f64)
        };
        let size_ratio = match (size(compact), size(bitcode)) {
            (Some(c), Some(b)) if b > 0.0 => Some(c / b),
            _ => None,
        };
        let size_text = match name {
            "mesh-125k" => judged(size_ratio, |r| r <= 1.05),
            _ => size_ratio.map_or_else(|| "—".into(), ratio_text),
        };
        let decode_limit = match name {
            "table-512" | "mesh-125k" => Some(3.0),
            "access-log-10k" => Some(1.5),
            _ => None,
        };
        let _ = write!(out, "| {name} | {size_text} |");
        for op in [Op::Encode, Op::Decode] {
            let ratio =
                |tier| quotient(results, pi, Codec::BoringCompact, Codec::Bitcode, op, tier);
            let fresh = match (op, decode_limit) {
                (Op::Decode, Some(limit)) => judged(ratio(Tier::Fresh), |r| r <= limit),
                _ => ratio(Tier::Fresh).map_or_else(|| "—".into(), ratio_text),
            };
            let reused = ratio(Tier::Reused).map_or_else(|| "—".into(), ratio_text);
            let _ = write!(out, " {fresh} / {reused} |");
        }
        out.push('\n');
    }
    out.push('\n');
}

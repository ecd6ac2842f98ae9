//! The report as JSON: every figure the tables print, keyed by the codec and
//! payload names exactly as the tables spell them, `null` where a codec
//! cannot fill a cell.

use serde_json::{json, Map, Value};

use crate::codecs::{Codec, Op, Tier};
use crate::machine::Machine;
use crate::payloads::Payload;
use crate::run::{Results, SizeCell};

/// `{codec: {payload: cell}}` over every codec and payload.
fn grid(payloads: &[Payload], mut cell: impl FnMut(usize, usize) -> Value) -> Value {
    let mut codecs = Map::new();
    for (ci, codec) in Codec::ALL.iter().enumerate() {
        let mut row = Map::new();
        for (pi, payload) in payloads.iter().enumerate() {
            row.insert(payload.name.to_string(), cell(pi, ci));
        }
        codecs.insert(codec.label().to_string(), Value::Object(row));
    }
    Value::Object(codecs)
}

fn micros(ns: f64) -> Value {
    // Nanosecond resolution is all a median over rounds can claim.
    json!((ns).round() / 1000.0)
}

/// The whole run as one JSON document.
pub fn document(
    run: &str,
    machine: &Machine,
    rounds: usize,
    payloads: &[Payload],
    sizes: &[Vec<SizeCell>],
    results: &Results,
) -> Value {
    let size = |pick: fn(&(usize, usize)) -> usize| {
        grid(payloads, |pi, ci| {
            match sizes.get(pi).and_then(|row| row.get(ci)) {
                Some(Ok(cell)) => json!(pick(cell)),
                _ => Value::Null,
            }
        })
    };
    let mut times = Map::new();
    for (name, op, tier) in [
        ("encode_fresh", Op::Encode, Tier::Fresh),
        ("decode_fresh", Op::Decode, Tier::Fresh),
        ("encode_reused", Op::Encode, Tier::Reused),
        ("decode_reused", Op::Decode, Tier::Reused),
    ] {
        let table = grid(payloads, |pi, ci| match results.stats(pi, ci, op, tier) {
            Some((median, min)) => json!({"median_us": micros(median), "min_us": micros(min)}),
            None => Value::Null,
        });
        times.insert(name.to_string(), table);
    }
    let mut allocs = Map::new();
    for (name, op) in [("encode_fresh", Op::Encode), ("decode_fresh", Op::Decode)] {
        let table = grid(payloads, |pi, ci| match results.allocs(pi, ci, op) {
            Some((calls, bytes)) => json!({"calls": calls, "bytes": bytes}),
            None => Value::Null,
        });
        allocs.insert(name.to_string(), table);
    }
    json!({
        "run": run,
        "machine": {
            "cpu": machine.cpu,
            "memory": machine.memory,
            "os": machine.os,
            "compiler": machine.compiler,
            "profile": machine.profile,
            "debug_assertions": machine.debug_assertions,
            "peers": machine.peers,
        },
        "rounds": rounds,
        "sizes": size(|&(raw, _)| raw),
        "sizes_zstd": size(|&(_, packed)| packed),
        "times": times,
        "allocs": allocs,
    })
}

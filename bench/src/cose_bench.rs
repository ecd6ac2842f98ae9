//! Envelope encryption throughput: COSE_Encrypt messages sealed per second
//! by `boring_codec::cose::EnvelopeSealer`, a fresh content key wrapped per
//! message (`Strategy::Direct`) against one content key wrapped once and
//! reused (`Strategy::Bounded`), on a 104-byte and an 8 KiB message.
//!
//! The key-encryption key is local (`LocalKeys`, AES-256 key wrap), so the
//! direct strategy's extra cost here is key generation, one key wrap and a
//! fresh AES-GCM key schedule per message; with a remote KMS each wrap is
//! also a network round trip, which this table does not include.

use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use boring_codec::cose::{open, ContentAlg, EnvelopeSealer, LocalKeys, SecretKey, Strategy};

/// The message sizes measured, in bytes.
pub const SIZES: [usize; 2] = [104, 8192];

/// How long each cell of [`table`] is measured.
pub const BUDGET: Duration = Duration::from_millis(300);

/// The Markdown table of seal rates, each cell measured for [`BUDGET`].
pub fn table() -> String {
    table_with(BUDGET)
}

/// [`table`] with each cell measured for `budget` (a short one for a smoke
/// run).
pub fn table_with(budget: Duration) -> String {
    let keys = Arc::new(
        LocalKeys::with_key("bench-kek", SecretKey::new(vec![0x42; 32]))
            .expect("a 32-byte key is valid"),
    );
    let bounded = Strategy::Bounded {
        max_messages: 1_000_000,
        max_age: Duration::from_secs(300),
    };
    let mut out = String::new();
    out.push_str(
        "| message | direct: key per message (seals/s) | bounded: key reused (seals/s) \
         | bounded / direct | open (opens/s) |\n|---:|---:|---:|---:|---:|\n",
    );
    for size in SIZES {
        let plaintext: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
        let direct = seal_rate(&keys, Strategy::Direct, &plaintext, budget);
        let reused = seal_rate(&keys, bounded, &plaintext, budget);
        let opens = open_rate(&keys, &plaintext, budget);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.2}× | {} |",
            size_text(size),
            rate_text(direct),
            rate_text(reused),
            reused / direct,
            rate_text(opens),
        );
    }
    out.push_str(
        "\nA256GCM content, A256KW recipient, local key-encryption key; \
         opening unwraps the content key of every message.\n",
    );
    out
}

/// Messages sealed per second under `strategy`.
fn seal_rate(keys: &Arc<LocalKeys>, strategy: Strategy, plaintext: &[u8], budget: Duration) -> f64 {
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, strategy);
    rate(budget, || {
        black_box(sealer.seal(black_box(plaintext), b"").expect("seal"));
    })
}

/// Messages opened per second (each unwraps its content key).
fn open_rate(keys: &Arc<LocalKeys>, plaintext: &[u8], budget: Duration) -> f64 {
    let mut sealer = EnvelopeSealer::new(keys.clone(), ContentAlg::A256Gcm, Strategy::Direct);
    let message = sealer.seal(plaintext, b"").expect("seal");
    rate(budget, || {
        black_box(open(black_box(&message), &**keys, b"").expect("open"));
    })
}

/// Calls of `op` per second over about `budget`, after a short warm-up;
/// the clock is read once per batch so that it does not weigh on small
/// messages.
fn rate(budget: Duration, mut op: impl FnMut()) -> f64 {
    for _ in 0..16 {
        op();
    }
    let mut batch = 16u64;
    let (mut calls, start) = (0u64, Instant::now());
    loop {
        for _ in 0..batch {
            op();
        }
        calls += batch;
        let elapsed = start.elapsed();
        if elapsed >= budget {
            return calls as f64 / elapsed.as_secs_f64();
        }
        batch = (batch * 2).min(4096);
    }
}

fn size_text(size: usize) -> String {
    if size >= 1024 && size % 1024 == 0 {
        format!("{} KiB", size / 1024)
    } else {
        format!("{size} B")
    }
}

fn rate_text(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.2} M", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.1} k", per_second / 1e3)
    } else {
        format!("{per_second:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_row_per_size() {
        let text = table_with(Duration::from_millis(5));
        assert!(
            text.contains("| 104 B |") && text.contains("| 8 KiB |"),
            "{text}"
        );
        assert_eq!(text.lines().filter(|l| l.starts_with("| ")).count(), 3);
    }
}

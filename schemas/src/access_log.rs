//! An HTTP access log: 10 000 entries of a web server's combined log format,
//! already split into fields.
//!
//! The client address is a `[u8; 4]` (its four octets): that is what a parser
//! would keep, and it shows how each codec writes a small fixed array.

use crate::rng::SplitMix64;

/// One request.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct LogEntry {
    /// Client IPv4 address, most significant octet first.
    #[cfg_attr(feature = "peers", n(0))]
    pub ip: [u8; 4],
    /// Authenticated user, `"-"` when anonymous.
    #[cfg_attr(feature = "peers", n(1))]
    pub user: String,
    /// Time as the log prints it, e.g. `"02/Dec/2025:11:26:52 +0000"`.
    #[cfg_attr(feature = "peers", n(2))]
    pub timestamp: String,
    /// Request line, e.g. `"GET /api/users HTTP/1.1"`.
    #[cfg_attr(feature = "peers", n(3))]
    pub request: String,
    /// HTTP status code.
    #[cfg_attr(feature = "peers", n(4))]
    pub status: u16,
    /// Response body size in bytes.
    #[cfg_attr(feature = "peers", n(5))]
    pub size: u64,
}

/// The number of entries in the benchmark dataset.
pub const ENTRIES: usize = 10_000;

const USERS: [&str; 6] = ["-", "alice", "bob", "carol", "dave", "eve"];
// 7 methods × 10 paths × 2 protocols = 140 request lines.
const METHODS: [&str; 7] = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS"];
const PATHS: [&str; 10] = [
    "/",
    "/index.html",
    "/api/users",
    "/api/orders",
    "/api/orders/items",
    "/static/app.js",
    "/static/style.css",
    "/images/logo.png",
    "/login",
    "/search?q=cbor",
];
const PROTOCOLS: [&str; 2] = ["HTTP/1.0", "HTTP/1.1"];
const STATUSES: [u16; 8] = [200, 200, 200, 200, 304, 404, 500, 201];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `n` entries from `seed`, with timestamps increasing by 0 to 3 seconds.
pub fn generate(seed: u64, n: usize) -> Vec<LogEntry> {
    let mut rng = SplitMix64::new(seed);
    // Seconds since the start of a 30-day month, so that day/time rendering
    // needs no calendar.
    let mut clock: u64 = 9 * 3600;
    (0..n)
        .map(|_| {
            clock += rng.below(4);
            let day = 1 + (clock / 86_400) % 28;
            let (h, m, s) = ((clock / 3600) % 24, (clock / 60) % 60, clock % 60);
            let month = MONTHS[((clock / (28 * 86_400)) % 12) as usize];
            let method = rng.pick(&METHODS).copied().unwrap_or("GET");
            let path = rng.pick(&PATHS).copied().unwrap_or("/");
            let protocol = rng.pick(&PROTOCOLS).copied().unwrap_or("HTTP/1.1");
            LogEntry {
                // A few hundred clients in one /16, as a real log has.
                ip: [10, 20, rng.below(4) as u8, rng.below(256) as u8],
                user: rng.pick(&USERS).copied().unwrap_or("-").into(),
                timestamp: format!("{day:02}/{month}/2025:{h:02}:{m:02}:{s:02} +0000"),
                request: format!("{method} {path} {protocol}"),
                status: rng.pick(&STATUSES).copied().unwrap_or(200),
                size: rng.range(0, 60_000),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_varied() {
        let a = generate(crate::SEED, 500);
        assert_eq!(a, generate(crate::SEED, 500));
        let mut lines: Vec<&str> = a.iter().map(|e| e.request.as_str()).collect();
        lines.sort_unstable();
        lines.dedup();
        assert!(lines.len() > 100, "{} distinct request lines", lines.len());
        assert_eq!(METHODS.len() * PATHS.len() * PROTOCOLS.len(), 140);
        assert!(a[0].timestamp.ends_with("+0000"));
    }
}

//! A warm codec allocates nothing per message, and a decompression bomb
//! fails within its bound: counted with a global allocator that tallies
//! this thread's allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use boring_codec::{Codec, Error, Pipeline};

/// Counts allocation calls, and live and peak bytes, per thread (tests run
/// on threads of their own, so each sees only its own).
struct Counting;

thread_local! {
    static CALLS: Cell<u64> = const { Cell::new(0) };
    static LIVE: Cell<u64> = const { Cell::new(0) };
    static PEAK: Cell<u64> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    CALLS.with(|c| c.set(c.get() + 1));
    let live = LIVE.with(|l| {
        let now = l.get() + bytes as u64;
        l.set(now);
        now
    });
    PEAK.with(|p| p.set(p.get().max(live)));
}

fn shrank(bytes: usize) {
    LIVE.with(|l| l.set(l.get().saturating_sub(bytes as u64)));
}

// SAFETY: every method forwards to `System` unchanged; the bookkeeping
// touches only const-initialized thread-locals, which never allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        shrank(layout.size());
        grew(new_size);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn calls() -> u64 {
    CALLS.with(Cell::get)
}

/// A message of the kind a service sends many of.
fn message(i: usize) -> Vec<u8> {
    format!(
        "{{\"id\":{i},\"user\":\"user-{}\",\"path\":\"/api/v1/items/{}\",\"status\":200,\"ms\":{}}}",
        i % 97,
        i * 7,
        i % 13
    )
    .into_bytes()
}

#[test]
fn a_warm_codec_allocates_nothing_per_message() {
    let messages: Vec<Vec<u8>> = (0..64).map(message).collect();
    // Every transform, alone and chained: none allocates once warm.
    for spec in [
        "zstd:3",
        "zstd:19+crc32c",
        "lz4",
        "lz4hc:9+base64url",
        "deflate:6",
        "deflate:1+crc32c+hex",
        "gzip:6",
        "gzip:9+crc32c",
        "zstd+crc32c+base64",
        "crc32c",
        "base64",
        "base64url",
        "base64nopad",
        "base64urlpad",
        "base32",
        "hex",
        "gzip+lz4+zstd+deflate",
    ] {
        for header in [false, true] {
            let mut codec = Codec::new(Pipeline::parse(spec).unwrap()).with_header(header);
            let (mut packed, mut plain) = (Vec::new(), Vec::new());
            // Warm up: contexts created, buffers grown to a message's size.
            for m in &messages {
                codec.encode_into(m, &mut packed).unwrap();
                codec.decode_into(&packed, &mut plain).unwrap();
            }
            let before = calls();
            for m in &messages {
                codec.encode_into(m, &mut packed).unwrap();
                codec.decode_into(&packed, &mut plain).unwrap();
                assert_eq!(&plain, m);
            }
            assert_eq!(calls() - before, 0, "{spec} (header {header})");
        }
    }
}

/// zstd of `total` zero bytes, compressed in pieces so that neither side
/// of the test holds them.
fn zstd_of_zeros(total: usize) -> Vec<u8> {
    let zeros = vec![0u8; 1 << 20];
    let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 1).unwrap();
    for _ in 0..total / zeros.len() {
        std::io::Write::write_all(&mut encoder, &zeros).unwrap();
    }
    encoder.finish().unwrap()
}

#[test]
fn a_decompression_bomb_fails_fast_within_its_bound() {
    let bomb = zstd_of_zeros(1 << 30);
    assert!(bomb.len() < 1 << 20, "{} bytes", bomb.len());
    let bound = 1u64 << 20;
    LIVE.with(|l| l.set(0));
    PEAK.with(|p| p.set(0));
    let mut codec = Codec::new(Pipeline::parse("zstd").unwrap()).with_max_output(bound);
    let err = codec.decode(&bomb).unwrap_err();
    assert!(
        matches!(err, Error::OutputLimit { step: "zstd", limit } if limit == bound),
        "{err:?}"
    );
    // The output buffer stops at the bound: nothing near a gigabyte is
    // allocated.
    let peak = PEAK.with(Cell::get);
    assert!(peak < 4 * bound, "peak {peak} bytes");

    // Streaming stops the same way.
    let codec = Codec::new(Pipeline::parse("zstd").unwrap()).with_max_output(bound);
    let mut reader = codec.reader(boring_codec::Direction::Decode, &bomb[..]);
    let streamed = std::io::copy(&mut reader, &mut std::io::sink()).unwrap_err();
    assert!(matches!(
        Error::from_io(streamed),
        Error::OutputLimit { .. }
    ));
}

#[test]
fn bombs_of_every_compressor_stop_at_the_bound() {
    let zeros = vec![0u8; 16 << 20];
    for spec in ["lz4", "deflate:9", "gzip:9", "zstd+zstd"] {
        let packed = Pipeline::parse(spec)
            .unwrap()
            .codec()
            .encode(&zeros)
            .unwrap();
        LIVE.with(|l| l.set(0));
        PEAK.with(|p| p.set(0));
        let mut codec = Codec::new(Pipeline::parse(spec).unwrap()).with_max_output(1 << 16);
        let err = codec.decode(&packed).unwrap_err();
        assert!(matches!(err, Error::OutputLimit { .. }), "{spec}: {err:?}");
        let peak = PEAK.with(Cell::get);
        assert!(peak < 8 << 20, "{spec}: peak {peak} bytes");
    }
}

//! Reads arbitrary bytes as a CBOR sequence, from memory and as a stream
//! (see `boring_tests::fuzz::fuzz_sequence`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_sequence(data);
});

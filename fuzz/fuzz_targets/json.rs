//! Reads arbitrary bytes as JSON text and as CBOR (see
//! `boring_tests::fuzz::fuzz_json`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_json(data);
});

//! Reads arbitrary bytes through the serde bridge (see
//! `boring_tests::fuzz::fuzz_serde`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_serde(data);
});

//! Decodes arbitrary bytes as a `Value` and cross-checks the result (see
//! `boring_tests::fuzz_decode_value`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz_decode_value(data);
});

//! Runs a JSONPath query (the input's first line) over the rest of the
//! input (see `boring_tests::fuzz::fuzz_path`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_path(data);
});

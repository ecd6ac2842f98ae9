//! Navigates arbitrary bytes with cursors (see
//! `boring_tests::fuzz::fuzz_navigate`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_navigate(data);
});

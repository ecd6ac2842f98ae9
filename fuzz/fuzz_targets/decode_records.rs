//! Decodes arbitrary bytes as a vector of derived records, in any layout
//! (array of maps, shaped table, columns), and when that succeeds
//! re-encodes it in each and decodes it back (see
//! `boring_tests::fuzz::fuzz_decode_records`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_decode_records(data);
});

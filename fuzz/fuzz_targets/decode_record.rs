//! Decodes arbitrary bytes as a derived record and, when that succeeds,
//! re-encodes it under several profiles and decodes it back (see
//! `boring_tests::fuzz::fuzz_decode_record`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    boring_tests::fuzz::fuzz_decode_record(data);
});

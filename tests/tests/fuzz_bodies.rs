//! The record fuzz targets' bodies over their seed inputs, every proper
//! prefix of the encoded records and every single-byte overwrite of them:
//! decoding never panics, and whatever decodes round-trips in every
//! profile.

use boring_tests::fuzz::{fuzz_decode_record, fuzz_decode_records, sample_records, seeds};

fn inputs(target: &str) -> Vec<Vec<u8>> {
    seeds()
        .into_iter()
        .find(|(name, _)| *name == target)
        .map(|(_, inputs)| inputs)
        .unwrap_or_else(|| panic!("no seeds for {target}"))
}

/// Runs `body` over every input, every proper prefix and every single-byte
/// overwrite of the inputs that decode as `T` (the records themselves;
/// the conformance vectors' overwrites are the Value suite's).
fn exercise<T: for<'de> boring::Decode<'de>>(target: &str, body: fn(&[u8])) -> usize {
    let mut decoded = 0;
    for input in inputs(target) {
        body(&input);
        if boring::from_slice::<T>(&input).is_err() {
            continue;
        }
        decoded += 1;
        for end in 0..input.len() {
            body(&input[..end]);
        }
        let mut mutated = input.clone();
        for offset in 0..mutated.len() {
            let original = mutated[offset];
            for byte in [0x00, 0x18, 0x40, 0x60, 0x80, 0xa0, 0xc0, 0xf6, 0xff] {
                mutated[offset] = byte;
                body(&mutated);
            }
            mutated[offset] = original.wrapping_add(1);
            body(&mutated);
            mutated[offset] = original;
        }
    }
    decoded
}

#[test]
fn record_seeds_prefixes_and_overwrites() {
    // Each sample record in each of four profiles.
    let decoded = exercise::<boring_tests::fuzz::Record>("decode_record", fuzz_decode_record);
    assert_eq!(decoded, sample_records().len() * 4);
}

#[test]
fn record_vector_seeds_prefixes_and_overwrites() {
    // Four vectors in each of four profiles, plus the conformance vectors
    // that are empty arrays.
    let decoded =
        exercise::<Vec<boring_tests::fuzz::Record>>("decode_records", fuzz_decode_records);
    assert!(decoded >= 16, "{decoded} vectors decode");
}

/// Runs `body` over every input, every proper prefix and a few single-byte
/// overwrites at every offset.
fn sweep(target: &str, body: fn(&[u8])) -> usize {
    let inputs = inputs(target);
    for input in &inputs {
        body(input);
        for end in 0..input.len() {
            body(&input[..end]);
        }
        let mut mutated = input.clone();
        for offset in 0..mutated.len() {
            let original = mutated[offset];
            for byte in [0x00, 0xff, original.wrapping_add(1)] {
                mutated[offset] = byte;
                body(&mutated);
            }
            mutated[offset] = original;
        }
    }
    inputs.len()
}

#[test]
fn navigation_seeds_prefixes_and_overwrites() {
    assert!(sweep("navigate", boring_tests::fuzz::fuzz_navigate) > 0);
}

#[test]
fn sequence_seeds_prefixes_and_overwrites() {
    assert!(sweep("sequence", boring_tests::fuzz::fuzz_sequence) > 0);
}

#[test]
fn path_seeds_prefixes_and_overwrites() {
    assert!(sweep("path", boring_tests::fuzz::fuzz_path) > 0);
}

#[test]
fn json_seeds_prefixes_and_overwrites() {
    assert!(sweep("json", boring_tests::fuzz::fuzz_json) > 0);
}

#[test]
fn serde_seeds_prefixes_and_overwrites() {
    // Four sample messages in each of three profiles decode as messages.
    let messages = inputs("serde")
        .iter()
        .filter(|input| {
            let options = boring::Options::default();
            boring::serde::from_slice::<boring_tests::fuzz::Message<'_>>(input, &options).is_ok()
        })
        .count();
    assert_eq!(messages, 12);
    assert!(sweep("serde", boring_tests::fuzz::fuzz_serde) > 0);
}

/// Inputs the fuzzer found that once broke a target's claims.
#[test]
fn path_findings() {
    let doc = "a1617a83000a84a2610a84a261cf617ba26161f9f9f9f9616f44242e2a2e610aa2617ba26161f9f9e9f9618182cf617ba26161f9f9f9f9616f2f242e2a2e610aa2617ba26161f9f9e9f9618182430000002f0000000002000000810201";
    let mut input = b"$..[0]\n".to_vec();
    input.extend(hex(doc));
    boring_tests::fuzz::fuzz_path(&input);
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

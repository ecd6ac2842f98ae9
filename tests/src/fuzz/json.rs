//! The JSON target: arbitrary bytes read as JSON text and as CBOR.

use boring::{Options, Profile};

use crate::{all_vectors, to_hex};

/// The profiles JSON is written under: plain, stringref, columns.
const PROFILES: [Profile; 3] = [Profile::Interop, Profile::Default, Profile::Compact];

/// The `json` target's body. Read as JSON text, the input converts or is
/// refused with an offset; what converts goes back to JSON that converts
/// to the same bytes, and JSON that serde_json reads converts (unless it
/// nests past the depth limit). Read as CBOR, what converts to JSON is
/// JSON that serde_json reads, and that converts back.
pub fn fuzz_json(data: &[u8]) {
    let independent = serde_json::from_slice::<serde_json::Value>(data);
    for profile in PROFILES {
        let options = Options::from(profile);
        let cbor = match boring_json::json_to_cbor(data, &options) {
            Ok(cbor) => cbor,
            Err(e) => {
                assert!(e.offset().is_some(), "{profile:?}: {e} has no offset");
                let deep = matches!(e.kind(), boring_json::ErrorKind::DepthExceeded);
                assert!(
                    independent.is_err() || deep,
                    "{profile:?}: serde_json reads what we refuse ({e}): {}",
                    to_hex(data)
                );
                continue;
            }
        };
        let text = boring_json::cbor_to_json(&cbor, &options, false)
            .unwrap_or_else(|e| panic!("{profile:?}: {} does not go back: {e}", to_hex(&cbor)));
        let again = boring_json::json_to_cbor(text.as_bytes(), &options)
            .unwrap_or_else(|e| panic!("{profile:?}: our own {text:?} is refused: {e}"));
        assert!(
            again == cbor,
            "{profile:?}: {text:?} converts to {}, not {}",
            to_hex(&again),
            to_hex(&cbor)
        );
    }
    // A small output budget: inputs that expand (nested non-text keys,
    // repeated stringrefs) are refused after a megabyte instead of 64, so
    // they do not slow the fuzzer down, and the budget's path is the same.
    let small = Options::default().output_budget(boring::OutputBudget::Bytes(1 << 20));
    let Ok(text) = boring_json::cbor_to_json(data, &small, false) else {
        return;
    };
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&text) {
        // serde_json stops at 128 levels; our depth limit is 1024.
        let nested = e.to_string().contains("recursion limit");
        assert!(nested, "{} gave {text:?}, not JSON: {e}", to_hex(data));
    }
    if let Err(e) = boring_json::json_to_cbor(text.as_bytes(), &Options::default()) {
        panic!("{} gave {text:?}, which we refuse: {e}", to_hex(data));
    }
}

/// Seeds for the `json` target: the JSON_checker suite and the conformance
/// vectors (read as CBOR).
pub(super) fn seeds() -> Vec<Vec<u8>> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../boring-json/tests/data/jsonchecker"
    );
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("the JSON_checker suite")
        .map(|entry| std::fs::read(entry.expect("a directory entry").path()).expect("a test"))
        .collect();
    seeds.sort();
    seeds.extend(all_vectors().into_iter().map(|v| v.bytes));
    seeds
}

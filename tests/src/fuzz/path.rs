//! The JSONPath target: a query and a document from one input.

use boring::{Options, Profile};

use crate::to_hex;

/// The `path` target's body: the input's first line is a JSONPath query,
/// the rest a document. A query parses or is refused with `BadPath`; run
/// over the document it answers or fails with a typed error, within its
/// step limit, never panics; and each match's normalized path parses as
/// a query, which selects that match where the path names no key by name.
pub fn fuzz_path(data: &[u8]) {
    use boring::nav::Cursor;
    use boring::path::{Path, Step};
    let (query, document) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let Ok(query) = std::str::from_utf8(query) else {
        return;
    };
    let path = match Path::parse(query) {
        Ok(path) => path.max_steps(Some(100_000)),
        Err(e) => {
            let refused = matches!(e.kind(), boring::ErrorKind::BadPath(_));
            assert!(refused, "{query:?} refused with {e:?}");
            return;
        }
    };
    let Ok(root) = Cursor::new(document) else {
        return;
    };
    let Ok(matches) = path.matches(root) else {
        return;
    };
    for m in matches.iter().take(8) {
        // A key in diagnostic notation (`[h'01']`) and an integer key past
        // a selector's range (±(2^53 − 1)) have no selector.
        let selectable = m.path.steps().iter().all(|step| match step {
            Step::Other(_) => false,
            Step::IntKey(k) => k.unsigned_abs() < 1 << 53,
            _ => true,
        });
        if !selectable {
            continue;
        }
        let text = m.path.to_string();
        let again = Path::parse(&text)
            .unwrap_or_else(|e| panic!("the normalized path {text} does not parse: {e}"));
        // Reading keys the first query passed by may fail (a stringref
        // key without an index); what is found must be right.
        let Ok(found) = again.matches(root) else {
            continue;
        };
        // A name selects the first of the entries it names, and a map may
        // repeat a key or hold a text and a keyword of one name: only a
        // path of positions and integer keys names one node for sure.
        if m.path.steps().iter().any(|s| matches!(s, Step::Name(_))) {
            continue;
        }
        let same = found
            .iter()
            .any(|f| f.path == m.path && f.cursor == m.cursor);
        let in_doc = to_hex(document);
        assert!(
            same,
            "{text} does not select the node {query:?} did in {in_doc}"
        );
    }
}

/// Queries for the `path` target's seeds: the compliance suite's
/// selectors, each over its document written under Interop and, for the
/// first hundred, under Default too (stringrefs, which a cursor refuses).
pub(super) fn seeds() -> Vec<Vec<u8>> {
    let text = std::fs::read(crate::data_dir().join("jsonpath/cts.json")).expect("cts.json");
    let suite: serde_json::Value = serde_json::from_slice(&text).expect("cts.json is JSON");
    let tests = suite["tests"].as_array().expect("a list of tests");
    let mut seeds = Vec::new();
    for (i, test) in tests.iter().enumerate() {
        let Some(selector) = test["selector"].as_str() else {
            continue;
        };
        let document = crate::json_to_value(&test["document"]);
        let mut profiles = vec![Profile::Interop];
        if i < 100 {
            profiles.push(Profile::Default);
        }
        for profile in profiles {
            let mut seed = selector.replace('\n', " ").into_bytes();
            seed.push(b'\n');
            let bytes = boring::to_vec_with(&document, &Options::from(profile))
                .expect("a JSON document encodes");
            seed.extend(bytes);
            seeds.push(seed);
        }
    }
    seeds
}

//! The JSONPath target: a query and a document from one input.

use boring::{Options, Profile};

use crate::to_hex;

/// The `path` target's body: the input's first line is a JSONPath query,
/// the rest a document. A query parses or is refused with `BadPath`; run
/// over the document it answers or fails with a typed error, within its
/// step limit, never panics; and each match's normalized path parses as
/// a query that selects at most one node, at that path: the match itself
/// where the path has only positions or no map repeats a key.
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
        let in_doc = to_hex(document);
        // Each step of a normalized path selects one entry or element, and
        // what it selects has that path. Compared as text: an integer key
        // and an array index print alike, and where a map repeats a key the
        // query may go down the other entry, into an array where the match
        // had met a map.
        assert!(
            found.len() <= 1 && found.iter().all(|f| f.path.to_string() == text),
            "{text} selects other nodes than itself in {in_doc}"
        );
        // A key selects the first entry with it, and a map may repeat a key
        // or hold a text and a keyword of one name, so the first may not be
        // the node the query reached. Positions name it for sure, and so
        // does every key when the maps on the way hold no key twice.
        if m.path.steps().iter().any(|s| !matches!(s, Step::Index(_))) && repeats_a_key(root) {
            continue;
        }
        assert!(
            found.first().map(|f| f.cursor) == Some(m.cursor),
            "{text} does not select the node {query:?} did in {in_doc}"
        );
    }
}

/// Whether two nodes of the document have one normalized path: a map
/// that repeats a key, or holds a text and a keyword of one name. Unknown
/// (past the step limit, or unreadable) counts as yes.
fn repeats_a_key(root: boring::nav::Cursor<'_>) -> bool {
    let all = boring::path::Path::parse("$..*")
        .map(|p| p.max_steps(Some(100_000)))
        .and_then(|p| p.matches(root));
    let Ok(all) = all else {
        return true;
    };
    let mut seen = std::collections::HashSet::new();
    all.iter().any(|m| !seen.insert(&m.path))
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

//! JSONPath over CBOR beyond the compliance suite: keyword and integer
//! keys, our table forms, normalized paths, and refused queries.

use boring::nav::Cursor;
use boring::path::Path;
use boring::{ErrorKind, Options, Profile, Value};

fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries.into())
}

/// The matches of `query` in `value` (written under `options`), each as
/// its value and normalized path.
fn run(query: &str, value: &Value, options: &Options) -> Vec<(Value, String)> {
    let bytes = boring::to_vec_with(value, options).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    let matches = Path::parse(query).unwrap().matches(root).unwrap();
    matches
        .iter()
        .map(|m| (m.cursor.to_value().unwrap(), m.path.to_string()))
        .collect()
}

fn interop() -> Options {
    Options::from(Profile::Interop)
}

#[test]
fn keywords_and_symbols_are_selected_by_name() {
    let doc = map(vec![
        (Value::keyword("a"), 1.into()),
        (Value::symbol("b"), 2.into()),
        ("c".into(), 3.into()),
    ]);
    assert_eq!(run("$.a", &doc, &interop()), [(1.into(), "$['a']".into())]);
    assert_eq!(
        run("$['b']", &doc, &interop()),
        [(2.into(), "$['b']".into())]
    );
    let all = run("$[?@ > 1]", &doc, &interop());
    assert_eq!(all.len(), 2);
}

#[test]
fn index_selectors_select_integer_keys_of_maps() {
    let doc = map(vec![
        (1.into(), "one".into()),
        ((-1).into(), "minus one".into()),
        ("1".into(), "text".into()),
    ]);
    assert_eq!(
        run("$[1]", &doc, &interop()),
        [("one".into(), "$[1]".into())]
    );
    assert_eq!(
        run("$[-1]", &doc, &interop()),
        [("minus one".into(), "$[-1]".into())]
    );
    assert_eq!(
        run("$['1']", &doc, &interop()),
        [("text".into(), "$['1']".into())]
    );
    // Slices are for arrays only.
    assert!(run("$[0:5]", &doc, &interop()).is_empty());
    let paths: Vec<String> = run("$.*", &doc, &interop())
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert_eq!(paths, ["$[1]", "$[-1]", "$['1']"]);
}

#[test]
fn tables_are_arrays_of_maps() {
    let rows: Vec<Value> = (0..5)
        .map(|i| {
            map(vec![
                ("id".into(), i.into()),
                ("score".into(), (i * 10).into()),
            ])
        })
        .collect();
    let doc = Value::Array(rows.into());
    for options in [
        interop(),
        Options::default().shapes(true),
        Options::from(Profile::Compact),
    ] {
        let got = run("$[?@.score >= 30].id", &doc, &options);
        assert_eq!(
            got,
            [
                (3.into(), "$[3]['id']".into()),
                (4.into(), "$[4]['id']".into())
            ]
        );
        assert_eq!(run("$[-1:].score", &doc, &options)[0].0, Value::from(40));
    }
}

#[test]
fn descendants_come_after_their_parent_in_wire_order() {
    let doc = map(vec![
        ("b".into(), map(vec![("x".into(), 1.into())])),
        (
            "a".into(),
            Value::Array(vec![map(vec![("x".into(), 2.into())])].into()),
        ),
    ]);
    let paths: Vec<String> = run("$..*", &doc, &interop())
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert_eq!(
        paths,
        [
            "$['b']",
            "$['a']",
            "$['b']['x']",
            "$['a'][0]",
            "$['a'][0]['x']"
        ]
    );
}

#[test]
fn normalized_paths_escape_names() {
    let doc = map(vec![("it's\n\u{1}".into(), true.into())]);
    let got = run("$.*", &doc, &interop());
    assert_eq!(got[0].1, r"$['it\'s\n\u0001']");
}

#[test]
fn numbers_compare_by_value_across_integers_and_floats() {
    let doc = Value::Array(vec![1.into(), 1.5.into(), Value::from(2.0), "2".into()].into());
    let got: Vec<Value> = run("$[?@ == 2]", &doc, &interop())
        .into_iter()
        .map(|m| m.0)
        .collect();
    assert_eq!(got, [Value::from(2.0)]);
    assert_eq!(run("$[?@ < 2]", &doc, &interop()).len(), 2);
}

#[test]
fn regex_functions() {
    let doc = Value::Array(vec!["abc".into(), "xabcx".into(), "ABC".into()].into());
    assert_eq!(run("$[?match(@, 'a.c')]", &doc, &interop()).len(), 1);
    assert_eq!(run("$[?search(@, 'a[b-c]{2}')]", &doc, &interop()).len(), 2);
    assert_eq!(run("$[?match(@, '(?:x)')]", &doc, &interop()).len(), 0);
    assert_eq!(run("$[?match(@, '\\\\p{Lu}+')]", &doc, &interop()).len(), 1);
    assert_eq!(run("$[?search(@, 'b|B')]", &doc, &interop()).len(), 3);
}

#[test]
fn bad_queries_are_refused_with_their_position() {
    for (query, at) in [
        ("$.a[", 4),
        ("$[?@.a == @.*]", 10),
        ("$[?length(@.*) > 1]", 10),
        ("$[?count(1) == 1]", 9),
        ("$[?match(@, 'a') == true]", 3),
        ("$[01]", 2),
        ("$.a ", 3),
    ] {
        let err = Path::parse(query).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::BadPath(_)),
            "{query}: {err}"
        );
        assert_eq!(err.offset(), Some(at), "{query}: {err}");
    }
    let err: boring::Error = "x".parse::<Path>().unwrap_err();
    assert_eq!(err.kind().reference_name(), "bad-path");
}

#[test]
fn hostile_queries_and_documents_are_typed_errors() {
    // Nesting of the query.
    let query = format!("$[?{}@.a{}]", "(".repeat(10_000), ")".repeat(10_000));
    let err = Path::parse(&query).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::BadPath(_)), "{err}");
    // Nesting of the document, through a descendant segment.
    let mut bytes = vec![0x81; 5_000];
    bytes.push(0x01);
    let root = Cursor::new(&bytes).unwrap();
    let err = Path::parse("$..*").unwrap().matches(root).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
}

/// 60 nested one-element arrays around `0`: 61 bytes.
fn nested_arrays() -> Vec<u8> {
    let mut bytes = vec![0x81; 60];
    bytes.push(0x00);
    bytes
}

#[test]
fn multiplying_node_lists_stop_at_the_step_limit() {
    let bytes = nested_arrays();
    let root = Cursor::new(&bytes).unwrap();
    // Each descendant segment selects every node below each node of the
    // list before it: 60, 1 770, 34 220, 487 635 nodes, then millions.
    let counts: Vec<usize> = ["$..*", "$..*..*", "$..*..*..*"]
        .iter()
        .map(|q| Path::parse(q).unwrap().matches(root).unwrap().len())
        .collect();
    assert_eq!(counts, [60, 1_770, 34_220]);
    // Under the default limit (a million steps for a small document) the
    // fourth segment is refused, not evaluated.
    let err = Path::parse("$..*..*..*..*..*")
        .unwrap()
        .matches(root)
        .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
    // A caller who trusts the query raises the limit; one who does not
    // lowers it, and a query that passed is refused.
    let path = Path::parse("$..*..*..*").unwrap();
    let err = path
        .clone()
        .max_steps(Some(10_000))
        .matches(root)
        .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
    assert!(err.offset().is_some());
    let generous = path.max_steps(Some(100_000));
    assert_eq!(generous.matches(root).unwrap().len(), 34_220);
}

#[test]
fn regex_steps_count_against_the_query() {
    // 40 texts that make `(a|a)*b` backtrack: each match stays within the
    // matcher's own bound and answers, but together they pass a limit a
    // single one does not.
    let texts: Vec<Value> = (0..40).map(|_| "a".repeat(16).into()).collect();
    let bytes = boring::to_vec_with(&Value::Array(texts.into()), &interop()).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    let path = Path::parse("$[?match(@, '(a|a)*b')]").unwrap();
    let unbounded = path.clone().max_steps(Some(u64::MAX));
    assert!(unbounded.matches(root).unwrap().is_empty());
    let err = path.max_steps(Some(1_000_000)).matches(root).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
}

#[test]
fn repeated_selectors_and_filters_take_steps() {
    let bytes = nested_arrays();
    let root = Cursor::new(&bytes).unwrap();
    // Selectors that repeat multiply a list without reaching new nodes.
    let wide = format!("$..[{}]", vec!["*"; 40].join(","));
    let path = Path::parse(&wide).unwrap();
    assert_eq!(
        path.clone()
            .max_steps(Some(10_000))
            .matches(root)
            .unwrap()
            .len(),
        2_400
    );
    let err = path.max_steps(Some(2_000)).matches(root).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
    // An index selector walks to its element (without an index file).
    let long: Vec<Value> = (0..10_000).map(Value::from).collect();
    let bytes = boring::to_vec_with(&Value::Array(long.into()), &interop()).unwrap();
    let array = Cursor::new(&bytes).unwrap();
    let last = Path::parse("$[9999]").unwrap();
    assert_eq!(last.clone().matches(array).unwrap().len(), 1);
    let err = last.max_steps(Some(1_000)).matches(array).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
    // A filter comparing every node with the whole document reads the
    // document once per node: its bytes are steps.
    let path = Path::parse("$..[?@ == $]").unwrap();
    assert!(path.clone().matches(root).unwrap().is_empty());
    let err = path.max_steps(Some(1_000)).matches(root).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
}

#[test]
fn long_texts_match_without_deep_recursion() {
    let long = "ab".repeat(50_000);
    let doc = Value::Array(vec![long.as_str().into()].into());
    assert_eq!(run("$[?match(@, '[ab]*')]", &doc, &interop()).len(), 1);
    assert_eq!(run("$[?match(@, 'a.*b')]", &doc, &interop()).len(), 1);
    assert_eq!(run("$[?search(@, 'bb')]", &doc, &interop()).len(), 0);
    // A repeated group recurses per repetition: past its depth the
    // function is refused, not answered wrong.
    let bytes = boring::to_vec_with(&doc, &interop()).unwrap();
    let root = Cursor::new(&bytes).unwrap();
    let err = Path::parse("$[?match(@, '(ab)*')]")
        .unwrap()
        .matches(root)
        .unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
}

#[test]
fn other_keys_are_reached_by_wildcards() {
    let doc = map(vec![
        (Value::Bytes(vec![1, 2]), "bytes".into()),
        (Value::from(1.5), "float".into()),
    ]);
    let got = run("$.*", &doc, &interop());
    let paths: Vec<&str> = got.iter().map(|m| m.1.as_str()).collect();
    assert_eq!(paths, ["$[h'0102']", "$[1.5_3]"]);
    assert_eq!(run("$[?@ == 'bytes']", &doc, &interop()).len(), 1);
}

#[test]
fn keyed_tables_are_maps_of_records() {
    let pair = |a: i64, b: i64| map(vec![("alpha".into(), a.into()), ("beta".into(), b.into())]);
    let doc = map(vec![
        ("x".into(), pair(1, 2)),
        ("y".into(), pair(3, 4)),
        ("z".into(), pair(5, 6)),
    ]);
    for options in [
        Options::default().stringref(false).shapes(true),
        Options::from(Profile::Compact).stringref(false),
    ] {
        let bytes = boring::to_vec_with(&doc, &options).unwrap();
        assert_eq!(&bytes[..3], [0xd9, 0x9a, 0xe6], "a keyed table");
        let got = run("$[?@.alpha > 1].beta", &doc, &options);
        assert_eq!(
            got,
            [
                (4.into(), "$['y']['beta']".into()),
                (6.into(), "$['z']['beta']".into())
            ]
        );
        assert_eq!(run("$..alpha", &doc, &options).len(), 3);
    }
}

#[test]
fn stringrefs_resolve_through_an_index() {
    use boring::index::{encode_indexed, IndexOptions};
    use boring::nav::Indexed;
    let rows: Vec<Value> = (0..20)
        .map(|i| map(vec![("name".into(), format!("n{}", i % 2).into())]))
        .collect();
    let doc = Value::Array(rows.into());
    let file = encode_indexed(&doc, &Options::default(), IndexOptions::default()).unwrap();
    let indexed = Indexed::new(&file);
    let path = Path::parse("$[?@.name == 'n1'].name").unwrap();
    let matches = path.matches(indexed.root().unwrap()).unwrap();
    assert_eq!(matches.len(), 10);
    assert_eq!(matches[9].cursor.to_value().unwrap(), Value::from("n1"));
    assert_eq!(matches[9].path.to_string(), "$[19]['name']");
}

#[test]
fn a_name_or_integer_selects_the_first_of_duplicate_keys() {
    // `{"a": 1, "a": 2}` is well formed but not valid CBOR (RFC 8949
    // §5.6); the name selects its first entry, directly or as a
    // descendant, and the wildcard still reaches both.
    let bytes = [0xa2, 0x61, b'a', 0x01, 0x61, b'a', 0x02];
    let root = Cursor::new(&bytes).unwrap();
    for query in ["$.a", "$..a", "$['a','a']"] {
        let matches = Path::parse(query).unwrap().matches(root).unwrap();
        let values: Vec<Value> = matches
            .iter()
            .map(|m| m.cursor.to_value().unwrap())
            .collect();
        let expected: Vec<Value> = match query {
            "$['a','a']" => vec![1.into(), 1.into()],
            _ => vec![1.into()],
        };
        assert_eq!(values, expected, "{query}");
    }
    let all = Path::parse("$.*").unwrap().matches(root).unwrap();
    assert_eq!(all.len(), 2);
    // An integer key repeated is selected once too, by its first entry, so
    // that a normalized path names one node whatever its steps are.
    let bytes = [0xa3, 0x05, 0x01, 0x61, b'b', 0x02, 0x05, 0x03];
    let root = Cursor::new(&bytes).unwrap();
    let matches = Path::parse("$[5]").unwrap().matches(root).unwrap();
    let values: Vec<Value> = matches
        .iter()
        .map(|m| m.cursor.to_value().unwrap())
        .collect();
    assert_eq!(values, [Value::from(1)]);
}

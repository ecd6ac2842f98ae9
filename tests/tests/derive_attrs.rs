//! `#[boring(...)]` attributes and the decoding rules of derived types.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

use boring::{Boring, Decode, Encode, ErrorKind, Options, PathSegment, Profile, Value};

fn interop() -> Options {
    Options::from(Profile::Interop)
}

fn enc<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    boring::to_vec_with(value, &interop()).expect("encodes")
}

/// Encodes `value` to a `Value` (to look at the wire form structurally).
fn wire<T: Encode + ?Sized>(value: &T) -> Value {
    boring::from_slice(&enc(value)).unwrap()
}

/// Round trip under the default and interop profiles.
fn round_trip<T>(value: &T)
where
    T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
{
    for opts in [Options::default(), interop()] {
        let bytes = boring::to_vec_with(value, &opts).unwrap();
        assert_eq!(&boring::from_slice_with::<T>(&bytes, &opts).unwrap(), value);
    }
}

fn keys(v: &Value) -> Vec<String> {
    v.as_map()
        .unwrap()
        .iter()
        .map(|(k, _)| match k {
            Value::Text(t) => t.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

fn map(entries: Vec<(Value, Value)>) -> Vec<u8> {
    enc(&Value::Map(entries.into()))
}

fn t(s: &str) -> Value {
    Value::Text(s.into())
}

#[derive(Boring, Debug, PartialEq)]
#[boring(rename_all = "camelCase")]
struct Renamed {
    user_id: u32,
    #[boring(rename = "full-name")]
    name: String,
    r#type: u8,
}

#[test]
fn rename_and_rename_all() {
    let v = Renamed {
        user_id: 1,
        name: "n".into(),
        r#type: 2,
    };
    assert_eq!(keys(&wire(&v)), ["userId", "full-name", "type"]);
    round_trip(&v);
}

#[derive(Boring, Debug, PartialEq)]
#[boring(rename_all = "SCREAMING-KEBAB-CASE")]
enum Level {
    LowTide,
    #[boring(rename = "high")]
    HighTide,
    Mid(u8),
}

#[test]
fn enum_renames() {
    assert_eq!(wire(&Level::LowTide), t("LOW-TIDE"));
    assert_eq!(wire(&Level::HighTide), t("high"));
    round_trip(&Level::Mid(3));
    round_trip(&Level::HighTide);
    // `{"LOW-TIDE": null}` is a unit variant too.
    let bytes = map(vec![(t("LOW-TIDE"), Value::Null)]);
    assert_eq!(
        boring::from_slice_with::<Level>(&bytes, &interop()).unwrap(),
        Level::LowTide
    );
    // A data variant needs its payload.
    let err = boring::from_slice::<Level>(&enc(&"MID")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnexpectedType { .. }),
        "{err}"
    );
}

#[derive(Boring, Debug, PartialEq)]
#[boring(keys = "keyword")]
struct Keyed {
    id: u32,
    #[boring(rename = "user/name")]
    name: String,
}

#[test]
fn keyword_keys() {
    let v = Keyed {
        id: 7,
        name: "x".into(),
    };
    let value = wire(&v);
    let k: Vec<_> = value
        .as_map()
        .unwrap()
        .iter()
        .map(|(k, _)| k.as_keyword().unwrap().to_owned())
        .collect();
    assert_eq!(k, ["id", "user/name"]);
    round_trip(&v);
    // Text keys decode into a keyword-keyed struct as well.
    let bytes = map(vec![(t("id"), Value::Integer(1)), (t("user/name"), t("y"))]);
    assert_eq!(
        boring::from_slice::<Keyed>(&bytes).unwrap(),
        Keyed {
            id: 1,
            name: "y".into()
        }
    );
}

#[derive(Boring, Debug, PartialEq)]
#[boring(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Boring, Debug, PartialEq)]
struct Lenient {
    a: u8,
}

#[test]
fn unknown_fields() {
    let bytes = map(vec![
        (t("zz"), Value::Array(vec![Value::Integer(1)].into())),
        (t("a"), Value::Integer(1)),
        (Value::Integer(5), Value::Null),
    ]);
    assert_eq!(
        boring::from_slice::<Lenient>(&bytes).unwrap(),
        Lenient { a: 1 }
    );
    let err = boring::from_slice::<Strict>(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField { name, expected: &["a"] } if name == "\"zz\""),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("unknown field \"zz\", expected `a` at byte "),
        "{err}"
    );
}

#[test]
fn duplicate_keys_are_refused_unless_allowed() {
    let bytes = map(vec![
        (t("a"), Value::Integer(1)),
        (t("a"), Value::Integer(2)),
    ]);
    let err = boring::from_slice::<Lenient>(&bytes).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateKey);
    let opts = Options::default().duplicate_keys(boring::DuplicateKeys::LastWins);
    assert_eq!(
        boring::from_slice_with::<Lenient>(&bytes, &opts).unwrap(),
        Lenient { a: 2 }
    );
}

fn seven() -> u32 {
    7
}

#[derive(Boring, Debug, PartialEq)]
struct Defaults {
    required: u8,
    #[boring(default)]
    count: u32,
    #[boring(default = "seven")]
    week: u32,
    #[boring(skip)]
    cache: Vec<u8>,
    #[boring(skip, default = "seven")]
    fixed: u32,
    maybe: Option<String>,
    #[boring(skip_if_none)]
    hidden: Option<u8>,
}

#[test]
fn defaults_skips_and_options() {
    let v = Defaults {
        required: 1,
        count: 2,
        week: 3,
        cache: vec![9],
        fixed: 1,
        maybe: None,
        hidden: None,
    };
    assert_eq!(keys(&wire(&v)), ["required", "count", "week", "maybe"]);
    let back: Defaults = boring::from_slice(&enc(&v)).unwrap();
    assert_eq!(
        back,
        Defaults {
            cache: vec![],
            fixed: 7,
            ..v
        }
    );
    let bytes = map(vec![(t("required"), Value::Integer(1))]);
    let only: Defaults = boring::from_slice(&bytes).unwrap();
    assert_eq!(
        only,
        Defaults {
            required: 1,
            count: 0,
            week: 7,
            cache: vec![],
            fixed: 7,
            maybe: None,
            hidden: None
        }
    );
    // null and undefined are both None.
    for absent in [Value::Null, Value::Undefined] {
        let bytes = map(vec![
            (t("required"), Value::Integer(1)),
            (t("maybe"), absent),
        ]);
        assert_eq!(boring::from_slice::<Defaults>(&bytes).unwrap().maybe, None);
    }
    let shown = Defaults {
        hidden: Some(4),
        ..only
    };
    assert_eq!(
        keys(&wire(&shown)).last().map(String::as_str),
        Some("hidden")
    );
}

#[derive(Boring, Debug, PartialEq)]
struct Blobs<'a> {
    #[boring(bytes)]
    borrowed: &'a [u8],
    #[boring(bytes)]
    owned: Vec<u8>,
    #[boring(bytes)]
    fixed: [u8; 2],
    #[boring(bytes)]
    boxed: Box<[u8]>,
    #[boring(bytes)]
    cow: Cow<'a, [u8]>,
    #[boring(bytes, skip_if_none)]
    maybe: Option<Vec<u8>>,
    plain: Vec<u8>,
}

#[test]
fn byte_fields() {
    let v = Blobs {
        borrowed: b"ab",
        owned: vec![1],
        fixed: [2, 3],
        boxed: Box::new([4]),
        cow: Cow::Borrowed(b"c"),
        maybe: Some(vec![5]),
        plain: vec![6],
    };
    let value = wire(&v);
    let kinds: Vec<_> = value
        .as_map()
        .unwrap()
        .iter()
        .map(|(_, v)| v.kind_name())
        .collect();
    assert_eq!(kinds[..6], ["byte string"; 6]);
    assert_eq!(kinds[6], "array");
    let bytes = enc(&v);
    let back: Blobs<'_> = boring::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert!(matches!(back.cow, Cow::Borrowed(_)));
    // Arrays of integers are accepted for owned byte fields.
    let ints = |b: &[u8]| Value::Array(b.iter().map(|&x| Value::Integer(x.into())).collect());
    let bytes = map(vec![
        (t("borrowed"), Value::Bytes(vec![0])),
        (t("owned"), ints(&[1, 2])),
        (t("fixed"), ints(&[3, 4])),
        (t("boxed"), ints(&[5])),
        (t("cow"), ints(&[6])),
        (t("plain"), ints(&[7])),
    ]);
    let back: Blobs<'_> = boring::from_slice(&bytes).unwrap();
    assert_eq!(
        (back.owned, back.fixed, back.maybe),
        (vec![1, 2], [3, 4], None)
    );
    // A wrong length for a fixed array is an error at the field.
    let bytes = map(vec![(t("fixed"), Value::Bytes(vec![1, 2, 3]))]);
    let err = boring::from_slice::<Blobs<'_>>(&bytes).unwrap_err();
    assert_eq!(err.path(), &[PathSegment::Field("fixed")]);
}

mod upper {
    use boring::wire::Sink;
    use boring::{Error, Reader, Writer};

    pub fn encode<S: Sink>(v: &str, w: &mut Writer<S>) -> Result<(), Error> {
        w.str(&v.to_uppercase())
    }

    pub fn decode(r: &mut Reader<'_>) -> Result<String, Error> {
        Ok(r.text()?.to_lowercase())
    }
}

#[derive(Boring, Debug, PartialEq)]
struct WithModule {
    #[boring(with = "upper")]
    name: String,
    #[boring(with = "upper", default)]
    other: String,
}

#[test]
fn with_modules() {
    let v = WithModule {
        name: "abc".into(),
        other: "d".into(),
    };
    assert_eq!(wire(&v).get("name"), Some(&t("ABC")));
    round_trip(&v);
    let err = boring::from_slice::<WithModule>(&map(vec![])).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("name"));
}

#[derive(Boring, Debug, PartialEq)]
#[boring(transparent)]
struct Wrapper {
    inner: Datum,
    #[boring(skip)]
    note: u8,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Datum {
    k: String,
    n: i64,
}

#[derive(Boring, Debug, PartialEq, Clone)]
struct Id(u64);

#[test]
fn transparent_and_newtypes_forward_layouts() {
    let v = Wrapper {
        inner: Datum {
            k: "a".into(),
            n: 1,
        },
        note: 0,
    };
    assert_eq!(enc(&v), enc(&v.inner));
    round_trip(&v);
    // A vector of wrappers is laid out like a vector of the inner records.
    let opts = Options::default().shapes(true);
    let wrapped = vec![
        Wrapper {
            inner: Datum {
                k: "a".into(),
                n: 1,
            },
            note: 0,
        },
        Wrapper {
            inner: Datum {
                k: "b".into(),
                n: 2,
            },
            note: 0,
        },
    ];
    let inner: Vec<Datum> = wrapped.iter().map(|w| w.inner.clone()).collect();
    let bytes = boring::to_vec_with(&wrapped, &opts).unwrap();
    assert_eq!(bytes, boring::to_vec_with(&inner, &opts).unwrap());
    assert_eq!(boring::from_slice::<Vec<Wrapper>>(&bytes).unwrap(), wrapped);
    assert_eq!(enc(&Id(5)), [5]);
    assert_eq!(boring::from_slice::<Option<Id>>(&[0xf6]).unwrap(), None);
}

#[derive(Boring, Debug, PartialEq)]
struct Generic<T, const N: usize> {
    items: Vec<T>,
    fixed: [u8; N],
    #[boring(skip)]
    marker: std::marker::PhantomData<T>,
}

#[derive(Boring, Debug, PartialEq)]
#[boring(bound(encode = "K: Encode", decode = "K: Decode<'de> + Ord"))]
struct Bounded<K> {
    map: BTreeMap<K, u8>,
}

#[test]
fn generics_and_bounds() {
    round_trip(&Generic::<String, 2> {
        items: vec!["a".into()],
        fixed: [1, 2],
        marker: std::marker::PhantomData,
    });
    let mut map = BTreeMap::new();
    map.insert(3u32, 4);
    round_trip(&Bounded { map });
}

#[derive(Boring, Debug, PartialEq)]
struct Outer<'a> {
    name: &'a str,
    inner: Vec<Datum>,
    pair: (u8, String),
    level: Option<Level>,
    tree: BTreeMap<String, Datum>,
}

#[test]
fn nested_types_and_paths() {
    let mut tree = BTreeMap::new();
    tree.insert(
        "x".into(),
        Datum {
            k: "k".into(),
            n: 9,
        },
    );
    let v = Outer {
        name: "o",
        inner: vec![
            Datum {
                k: "a".into(),
                n: 1
            };
            3
        ],
        pair: (1, "p".into()),
        level: Some(Level::Mid(1)),
        tree,
    };
    let bytes = boring::to_vec(&v).unwrap();
    assert_eq!(boring::from_slice::<Outer<'_>>(&bytes).unwrap(), v);
    // An error deep inside carries the whole path.
    let bad = map(vec![
        (t("name"), t("o")),
        (
            t("inner"),
            Value::Array(
                vec![
                    Value::Map(vec![(t("k"), t("a")), (t("n"), Value::Integer(1))].into()),
                    Value::Map(vec![(t("k"), Value::Integer(3))].into()),
                ]
                .into(),
            ),
        ),
    ]);
    let err = boring::from_slice::<Outer<'_>>(&bad).unwrap_err();
    assert_eq!(
        err.path(),
        &[
            PathSegment::Field("inner"),
            PathSegment::Index(1),
            PathSegment::Field("k")
        ]
    );
    let bad = map(vec![(
        t("level"),
        Value::Map(vec![(t("MID"), t("x"))].into()),
    )]);
    let err = boring::from_slice::<Outer<'_>>(&bad).unwrap_err();
    assert_eq!(
        err.path(),
        &[PathSegment::Field("level"), PathSegment::Variant("MID")]
    );
}

#[test]
fn stringref_documents_decode() {
    let v = vec![
        Datum {
            k: "repeated".into(),
            n: 1,
        },
        Datum {
            k: "repeated".into(),
            n: 2,
        },
    ];
    let bytes = boring::to_vec(&v).unwrap();
    assert!(bytes.windows(2).any(|w| w == [0xd8, 0x19]));
    assert_eq!(boring::from_slice::<Vec<Datum>>(&bytes).unwrap(), v);
    // Keyword keys that are references: `:name` twice.
    let k = vec![
        Keyed {
            id: 1,
            name: "a".into(),
        },
        Keyed {
            id: 2,
            name: "b".into(),
        },
    ];
    assert_eq!(
        boring::from_slice::<Vec<Keyed>>(&boring::to_vec(&k).unwrap()).unwrap(),
        k
    );
}

#[test]
fn tuple_structs_check_lengths() {
    #[derive(Boring, Debug, PartialEq)]
    struct Triple(u8, u8, #[boring(default)] u8);
    round_trip(&Triple(1, 2, 3));
    assert_eq!(
        boring::from_slice::<Triple>(&enc(&(1u8, 2u8))).unwrap(),
        Triple(1, 2, 0)
    );
    let err = boring::from_slice::<Triple>(&enc(&(1u8,))).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
    let err = boring::from_slice::<Triple>(&enc(&(1u8, 2u8, 3u8, 4u8))).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
}

mod renamed_crate {
    pub use boring as runtime;
}

#[derive(Boring, Debug, PartialEq)]
#[boring(crate = "renamed_crate::runtime")]
struct ElsewhereCrate {
    a: u8,
}

#[test]
fn crate_path() {
    round_trip(&ElsewhereCrate { a: 1 });
}

// Field types the derive checks before using them: borrowed, with two
// lifetimes, generic (bounded by the inferred bounds or by `bound`), const
// generic, recursive, named like a check, and in every field form.
use std::borrow::Cow;
use std::collections::BTreeMap;

use boring::{Boring, Value};

#[derive(Boring, Debug, PartialEq)]
struct Pair<'a, 'b> {
    left: &'a str,
    right: Cow<'b, str>,
}

#[derive(Boring, Debug, PartialEq)]
struct Borrowing<'a, 'b> {
    pair: Pair<'a, 'b>,
    #[boring(bytes)]
    raw: &'a [u8],
    #[boring(skip_if_none)]
    note: Option<&'b str>,
}

#[derive(Boring, Debug, PartialEq)]
struct Generic<T, const N: usize> {
    items: Vec<T>,
    fixed: [u8; N],
    #[boring(skip_if_none)]
    first: Option<T>,
}

#[derive(Boring, Debug, PartialEq)]
#[boring(bound(encode = "T: boring::Encode", decode = "T: boring::Decode<'de>"))]
struct Bounded<T>(T, u8);

#[derive(Boring, Debug, PartialEq)]
struct Tree {
    label: String,
    children: Vec<Tree>,
}

// Named like the derive's check traits, which it declares under other
// names then.
#[derive(Boring, Debug, PartialEq)]
struct EncodeAndDecode {
    x: u8,
}

#[derive(Boring, Debug, PartialEq)]
struct Flatten {
    check: EncodeAndDecode,
    #[boring(flatten)]
    extra: BTreeMap<String, u8>,
    #[boring(unknown)]
    rest: Vec<(Value, Value)>,
}

#[derive(Boring, Debug, PartialEq)]
#[boring(tag = "kind")]
enum Event<'a> {
    Named {
        #[boring(cbor_tag = 32)]
        uri: &'a str,
    },
    Empty,
}

fn round_trip<'de, T>(value: &T, bytes: &'de mut Vec<u8>) -> T
where
    T: boring::Encode + boring::Decode<'de> + std::fmt::Debug + PartialEq,
{
    *bytes = boring::to_vec(value).unwrap();
    let back: T = boring::from_slice(bytes).unwrap();
    assert_eq!(&back, value);
    back
}

fn main() {
    let text = String::from("right");
    let mut buffer = Vec::new();
    round_trip(
        &Borrowing {
            pair: Pair {
                left: "left",
                right: Cow::Borrowed(&text),
            },
            raw: &[1, 2, 3],
            note: None,
        },
        &mut buffer,
    );
    round_trip(
        &Generic {
            items: vec![1u16, 2],
            fixed: [7; 3],
            first: Some(1),
        },
        &mut Vec::new(),
    );
    round_trip(&Bounded(String::from("b"), 2), &mut Vec::new());
    round_trip(
        &Tree {
            label: "root".into(),
            children: vec![Tree {
                label: "leaf".into(),
                children: vec![],
            }],
        },
        &mut Vec::new(),
    );
    round_trip(
        &Flatten {
            check: EncodeAndDecode { x: 1 },
            extra: BTreeMap::from([("a".into(), 1)]),
            rest: vec![],
        },
        &mut Vec::new(),
    );
    round_trip(&Event::Named { uri: "https://x" }, &mut Vec::new());
    round_trip(&Event::Empty, &mut Vec::new());
}

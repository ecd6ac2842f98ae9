//! Every protocol attribute in a combination that is allowed.

use std::collections::BTreeMap;

use boring::{Boring, Value};

#[derive(Boring)]
#[boring(rename_all = "camelCase")]
struct Mixed {
    #[boring(key = -18446744073709551616)]
    min: u8,
    #[boring(key = 18446744073709551615)]
    max: u8,
    #[boring(key = "1")]
    text_one: u8,
    #[boring(key = 1)]
    one: u8,
    #[boring(key = "explicit")]
    renamed_by_key: u8,
    camel_case: u8,
    #[boring(cbor_tag = 32, skip_if_none)]
    url: Option<String>,
}

#[derive(Boring)]
#[boring(keys = "keyword")]
struct KeywordText {
    #[boring(key = "a")]
    a: u8,
}

#[derive(Boring)]
#[boring(array, cbor_tag = 18)]
struct Message<'a> {
    #[boring(bytes)]
    protected: &'a [u8],
    #[boring(skip)]
    ignored: u8,
    #[boring(skip_if_none)]
    a: Option<u8>,
    #[boring(skip_if_none, bytes)]
    b: Option<Vec<u8>>,
}

#[derive(Boring)]
#[boring(cbor_tag = 1000)]
enum Tagged {
    A,
}

#[derive(Boring)]
#[boring(tag = "t", content = "c", index, cbor_tag = 7)]
#[repr(u8)]
enum Adjacent {
    A(u8) = 4,
    B,
}

#[derive(Boring)]
#[boring(untagged)]
enum Untagged {
    A(u8),
    B { x: u8 },
}

#[derive(Boring)]
struct Inner {
    x: u8,
}

#[derive(Boring)]
struct Spread {
    #[boring(key = 1)]
    id: u8,
    #[boring(flatten)]
    inner: Inner,
    #[boring(flatten)]
    labels: BTreeMap<i64, Value>,
    #[boring(unknown)]
    rest: Vec<(Value, Value)>,
}

fn main() {}

use std::collections::BTreeMap;

use boring::{Boring, Value};

#[derive(Boring)]
struct Inner {
    x: u8,
}

#[derive(Boring)]
enum InVariant {
    A {
        #[boring(flatten)]
        inner: Inner,
    },
}

#[derive(Boring)]
struct Tuple(#[boring(unknown)] Vec<(Value, Value)>, u8);

#[derive(Boring)]
struct WithKeys {
    #[boring(flatten, key = 1, rename = "x", bytes, cbor_tag = 24, default)]
    inner: Inner,
    #[boring(unknown, skip_if_none, with = "m")]
    rest: Option<Vec<(Value, Value)>>,
}

#[derive(Boring)]
struct TwoUnknown {
    #[boring(unknown)]
    a: Vec<(Value, Value)>,
    #[boring(unknown, flatten)]
    b: Vec<(Value, Value)>,
}

#[derive(Boring)]
#[boring(deny_unknown_fields, record = "app/R")]
struct Denied {
    a: u8,
    #[boring(flatten)]
    labels: BTreeMap<i64, Value>,
}

fn main() {}

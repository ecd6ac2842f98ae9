use boring::Boring;

#[derive(Boring)]
#[boring(array)]
struct Tuple(u8, u8);

#[derive(Boring)]
#[boring(array)]
enum Enum {
    A,
}

#[derive(Boring)]
#[boring(array, record = "app/R", keys = "keyword", rename_all = "camelCase", deny_unknown_fields)]
struct Keyed {
    a: u8,
}

#[derive(Boring)]
#[boring(array, transparent)]
struct Transparent {
    a: u8,
}

#[derive(Boring)]
#[boring(array)]
struct Keys {
    #[boring(key = 1)]
    a: u8,
    #[boring(rename = "b")]
    b: u8,
    #[boring(flatten)]
    c: Inner,
}

#[derive(Boring)]
struct Inner {
    x: u8,
}

#[derive(Boring)]
#[boring(array)]
struct NotTrailing {
    a: u8,
    #[boring(skip_if_none)]
    b: Option<u8>,
    c: u8,
    #[boring(skip_if_none)]
    d: Option<u8>,
}

fn main() {}

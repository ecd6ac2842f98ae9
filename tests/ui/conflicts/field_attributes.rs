use boring::Boring;

#[derive(Boring)]
struct S {
    #[boring(skip, rename = "x")]
    a: u8,
    #[boring(bytes, with = "m")]
    b: Vec<u8>,
    #[boring(skip_if_none, with = "m")]
    c: Option<u8>,
    #[boring(skip_if_none)]
    d: u8,
}

#[derive(Boring)]
struct T(#[boring(rename = "x")] u8, #[boring(skip_if_none)] Option<u8>);

fn main() {}

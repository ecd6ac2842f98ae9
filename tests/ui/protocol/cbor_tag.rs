use boring::Boring;

#[derive(Boring)]
#[boring(cbor_tag = 1000, record = "app/R")]
struct Record {
    a: u8,
}

#[derive(Boring)]
#[boring(cbor_tag = 1000, transparent)]
struct Transparent {
    a: u8,
}

#[derive(Boring)]
struct Fields {
    #[boring(cbor_tag = 24, flatten)]
    a: Inner,
}

#[derive(Boring)]
struct Inner {
    x: u8,
}

fn main() {}

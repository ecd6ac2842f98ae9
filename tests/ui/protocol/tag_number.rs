use boring::Boring;

// `tag` is the key of an internally tagged enum; a CBOR tag number is
// `cbor_tag`, wherever `tag = N` is written.
#[derive(Boring)]
#[boring(tag = 24)]
struct OnStruct {
    a: u8,
}

#[derive(Boring)]
#[boring(tag = 1000)]
enum OnEnum {
    A,
}

#[derive(Boring)]
struct OnField {
    #[boring(tag = 32)]
    a: String,
}

fn main() {}

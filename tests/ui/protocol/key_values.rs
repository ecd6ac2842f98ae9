use boring::Boring;

#[derive(Boring)]
struct BadKeys {
    #[boring(key)]
    a: u8,
    #[boring(key = 1.5)]
    b: u8,
    #[boring(key = 18446744073709551616)]
    c: u8,
    #[boring(key = -18446744073709551617)]
    d: u8,
    #[boring(key = true)]
    e: u8,
    #[boring(key = -"x")]
    f: u8,
    #[boring(cbor_tag = -1)]
    g: u8,
    #[boring(cbor_tag = "24")]
    h: u8,
    #[boring(key = 1, key = 2, flatten = true)]
    i: u8,
}

#[derive(Boring)]
#[boring(array = "yes", untagged(x), index = 1, tag = 5)]
enum BadFlags {
    A,
}

#[derive(Boring)]
#[boring(cbor_tag = 18446744073709551616)]
struct BadTag {
    a: u8,
}

fn main() {}

use boring::Boring;

#[derive(Boring)]
#[boring(deny_unknown_fields, deny_unknown_fields)]
struct S {
    #[boring(rename = "b")]
    #[boring(rename = "c")]
    a: u8,
}

fn main() {}

use boring::Boring;

#[derive(Boring)]
#[boring(rename_all = "lowercase")]
struct S {
    #[boring(rename = "b")]
    a: u8,
    b: u8,
}

#[derive(Boring)]
enum E {
    #[boring(rename = "B")]
    A,
    B,
}

#[derive(Boring)]
union U {
    a: u8,
}

fn main() {}

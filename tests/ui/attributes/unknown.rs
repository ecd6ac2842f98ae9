use boring::Boring;

#[derive(Boring)]
#[boring(rename_al = "camelCase")]
struct Container {
    #[boring(renam = "b")]
    a: u8,
}

#[derive(Boring)]
enum Variants {
    #[boring(skip_if_none)]
    A,
}

fn main() {}

use boring::Boring;

#[derive(Boring)]
#[boring(skip)]
struct S {
    #[boring(transparent)]
    a: u8,
}

fn main() {}

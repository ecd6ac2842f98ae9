use boring::Boring;

struct NotEncodable;

#[derive(Boring)]
struct S {
    ok: u8,
    bad: NotEncodable,
}

#[derive(Boring)]
struct B {
    #[boring(bytes)]
    not_bytes: String,
}

fn main() {}

use boring::Boring;

#[derive(Boring)]
#[boring(rename_all = "Train-Case", keys = "symbol", record = "NoNamespace")]
struct S {
    #[boring(default = "not a path")]
    a: u8,
    #[boring(bytes = "yes")]
    b: Vec<u8>,
    #[boring(rename)]
    c: u8,
    #[boring(with = 3)]
    d: u8,
}

#[derive(Boring)]
#[boring(bound = "T:: Encode", crate = "::")]
struct G<T>(T);

#[derive(Boring)]
#[boring]
struct Bare;

fn main() {}

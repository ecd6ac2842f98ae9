use boring::Boring;

#[derive(Boring)]
#[boring(bound(encode = "T: boring::Encode", encode = "T: Clone", both = "T: Copy"))]
struct S<T> {
    a: T,
}

fn main() {}

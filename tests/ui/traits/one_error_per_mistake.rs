use boring::Boring;

// An attribute error leaves stub impls behind, so the type still
// implements the traits and its uses add no errors.
#[derive(Boring)]
#[boring(unknown)]
struct S {
    a: u8,
}

fn main() {
    let _ = boring::to_vec(&S { a: 1 });
    let _ = boring::from_slice::<S>(&[]);
}

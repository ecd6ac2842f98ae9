use boring::Boring;

// Names a small edit away from a valid one are suggested; others list
// what is valid where they are written.
#[derive(Boring)]
#[boring(deny_unknown_field, Transparent)]
struct Container {
    #[boring(skip_if_nnoe, flaten)]
    a: Option<u8>,
    #[boring(nothing_like_it)]
    b: u8,
}

#[derive(Boring)]
#[boring(rename_all = "camelcase")]
enum Variants {
    #[boring(renme = "a")]
    A,
}

#[derive(Boring)]
#[boring(bound(encod = "T: boring::Encode"))]
struct Bound<T>(T);

fn main() {}

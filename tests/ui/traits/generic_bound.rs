use boring::Boring;

// A field whose type names a type parameter is bounded by the impls' where
// clauses: the inferred ones (`T: Encode`, `T: Decode<'de>`) or those of
// `bound`. A field they do not cover is one error per impl, at the field.
#[derive(Boring)]
#[boring(bound = "")]
struct Wrapper<T> {
    inner: Vec<T>,
}

trait Family {
    type Member;
}

#[derive(Boring)]
struct Projected<F: Family> {
    member: F::Member,
}

fn main() {}

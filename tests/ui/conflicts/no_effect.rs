use boring::Boring;

#[derive(Boring)]
#[boring(transparent)]
struct Wrapper {
    #[boring(skip_if_none)]
    inner: Option<u8>,
}

#[derive(Boring)]
#[boring(rename_all = "camelCase")]
struct Unit;

fn main() {}

use boring::Boring;

#[derive(Boring)]
#[boring(tag = "t", content = "c", untagged, index)]
struct NotAnEnum {
    a: u8,
}

#[derive(Boring)]
#[boring(content = "c")]
enum ContentAlone {
    A,
}

#[derive(Boring)]
#[boring(untagged, tag = "t", index)]
enum UntaggedAndTagged {
    A,
}

#[derive(Boring)]
#[boring(tag = "k", content = "k")]
enum SameKeys {
    A,
}

#[derive(Boring)]
#[boring(tag = "type")]
enum Internal {
    Tuple(u8, u8),
    Newtype(u8),
    Named {
        #[boring(rename = "type")]
        kind: u8,
    },
}

const TWO: isize = 2;

#[derive(Boring)]
#[boring(index)]
enum BadIndex {
    A = TWO,
    B = 3,
}

fn main() {}

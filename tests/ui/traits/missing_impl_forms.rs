// Every form of field a type can have: each field whose type lacks the
// traits gives one error, at its type.
use std::collections::BTreeMap;

use boring::Boring;

struct NotEncodable;

struct Borrowed<'a>(&'a str);

// Encodes, but does not decode.
struct EncodeOnly;

impl boring::Encode for EncodeOnly {
    fn encode<S: boring::wire::Sink>(
        &self,
        w: &mut boring::Writer<S>,
    ) -> Result<(), boring::Error> {
        w.null()
    }
}

#[derive(Boring)]
struct Newtype(NotEncodable);

#[derive(Boring)]
struct Tuple(u8, Vec<NotEncodable>);

#[derive(Boring)]
#[boring(transparent)]
struct Transparent {
    inner: Option<NotEncodable>,
}

#[derive(Boring)]
struct Lifetimes<'a> {
    text: &'a str,
    borrowed: Borrowed<'a>,
    #[boring(skip_if_none)]
    optional: Option<EncodeOnly>,
}

#[derive(Boring)]
struct Protocol {
    #[boring(key = 1, cbor_tag = 24)]
    tagged: NotEncodable,
    #[boring(flatten)]
    flat: BTreeMap<u8, NotEncodable>,
}

#[derive(Boring)]
#[boring(array)]
struct Array {
    a: u8,
    b: [NotEncodable; 2],
}

#[derive(Boring)]
#[boring(tag = "t")]
enum Internal {
    A { x: NotEncodable },
    B,
}

#[derive(Boring)]
enum External {
    A(NotEncodable),
    B(u8, NotEncodable),
}

fn main() {}

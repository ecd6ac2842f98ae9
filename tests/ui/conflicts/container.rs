use boring::Boring;

#[derive(Boring)]
#[boring(transparent)]
struct TwoFields {
    a: u8,
    b: u8,
}

#[derive(Boring)]
#[boring(transparent)]
enum NotAStruct {
    A,
}

#[derive(Boring)]
#[boring(record = "ns/Name", keys = "text")]
struct TextRecord {
    a: u8,
}

#[derive(Boring)]
#[boring(record = "ns/Tuple", keys = "keyword", deny_unknown_fields)]
struct TupleRecord(u8);

fn main() {}

use boring::Boring;

#[derive(Boring)]
struct Renamed {
    #[boring(key = 1, rename = "one")]
    a: u8,
}

#[derive(Boring)]
#[boring(keys = "keyword")]
struct Keyword {
    #[boring(key = 1)]
    a: u8,
}

#[derive(Boring)]
#[boring(record = "app/Rec")]
struct Record {
    #[boring(key = -1)]
    a: u8,
}

#[derive(Boring)]
struct Tuple(#[boring(key = 1)] u8, u8);

#[derive(Boring)]
struct Twice {
    #[boring(key = 1)]
    a: u8,
    #[boring(key = 1)]
    b: u8,
    #[boring(key = "c")]
    c: u8,
    d: u8,
    #[boring(key = "d")]
    e: u8,
}

fn main() {}

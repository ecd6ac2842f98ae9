use boring::Boring;

// Integer keys are shown as integers (`-7` and `"-7"` are different
// keys), and a key used twice is pointed at in both places.
#[derive(Boring)]
struct IntKeys {
    #[boring(key = -7)]
    a: u8,
    #[boring(key = "-7")]
    b: u8,
    #[boring(key = -7)]
    c: u8,
}

fn main() {}

//! The only source of a crate that `tests/ui.rs` builds and runs with the
//! runtime as its dependency `cbor` (`package = "boring-runtime"`): no
//! dependency is called `boring`, and no `crate = "..."` attribute says
//! where the runtime is, so the derive finds it by the manifest's name.

use cbor::Boring;

#[derive(Boring, Debug, PartialEq)]
struct Point {
    x: i64,
    y: i64,
}

#[derive(Boring, Debug, PartialEq)]
enum Shape {
    Dot(Point),
    Line {
        from: Point,
        #[boring(key = 1)]
        to: Point,
    },
}

fn main() {
    for shape in [
        Shape::Dot(Point { x: 0, y: -1 }),
        Shape::Line {
            from: Point { x: 1, y: 2 },
            to: Point { x: 3, y: 4 },
        },
    ] {
        let bytes = cbor::to_vec(&shape).expect("encodes");
        assert_eq!(cbor::from_slice::<Shape>(&bytes).expect("decodes"), shape);
    }
}

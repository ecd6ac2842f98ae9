// Outside the derive, the runtime's traits name what is missing.
struct NotEncodable;

fn main() {
    let _ = boring::to_vec(&NotEncodable);
    let _ = boring::from_slice::<NotEncodable>(&[]);
}

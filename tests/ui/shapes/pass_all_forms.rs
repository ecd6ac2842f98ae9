use boring::Boring;

#[derive(Boring)]
#[boring(keys = "keyword", rename_all = "kebab-case")]
struct Datom<'a> {
    entity_id: i64,
    #[boring(skip_if_none)]
    note: Option<&'a str>,
}

fn main() {
    let rows = vec![Datom { entity_id: 1, note: None }, Datom { entity_id: 2, note: Some("x") }];
    let bytes = boring::to_vec_with(&rows, &boring::Options::default().shapes(true)).unwrap();
    let back: Vec<Datom<'_>> = boring::from_slice(&bytes).unwrap();
    assert_eq!(back.len(), 2);
}

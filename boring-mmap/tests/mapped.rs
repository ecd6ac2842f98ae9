//! A mapped file answers as the same bytes in memory do.

use boring::index::IndexOptions;
use boring::nav::Key;
use boring::seq::{SeqEnd, SeqWriter};
use boring::{Options, Value};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("boring-mmap-{}-{name}", std::process::id()))
}

#[test]
fn a_mapped_sequence_jumps_to_its_items() {
    let path = temp("log.cbor");
    let file = std::fs::File::create(&path).unwrap();
    let mut w = SeqWriter::new(std::io::BufWriter::new(file), &Options::default())
        .unwrap()
        .index(IndexOptions::default());
    for i in 0..5_000u32 {
        let event = Value::Map(
            vec![
                ("id".into(), i64::from(i).into()),
                ("kind".into(), "tick".into()),
            ]
            .into(),
        );
        w.write(&event).unwrap();
    }
    drop(w.finish().unwrap());

    // SAFETY: the file was written above and nothing changes it while it
    // is mapped.
    #[allow(unsafe_code)]
    let mapped = unsafe { boring_mmap::Mapped::open(&path).unwrap() };
    let log = mapped.indexed();
    assert!(log.frame().is_some());
    assert_eq!(log.len().unwrap(), 5_000);
    let item = log.item(4_321).unwrap();
    assert_eq!(item.get(Key::from("id")).unwrap().as_i64().unwrap(), 4_321);
    let mut seq = mapped.sequence();
    assert_eq!(seq.by_ref().count(), 5_000);
    assert!(matches!(seq.end(), Some(SeqEnd::Clean)));
    assert_eq!(
        mapped
            .cursor()
            .unwrap()
            .get("kind")
            .unwrap()
            .as_str()
            .unwrap(),
        "tick"
    );
    drop(mapped);
    std::fs::remove_file(&path).unwrap();
}

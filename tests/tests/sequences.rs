//! CBOR sequences: written sealed, read back from memory and from a
//! stream, every complete item recovered from any cut, a torn tail and
//! corruption told apart, the final frame never an item.

use boring::index::{Frame, IndexOptions};
use boring::seq::{SeqEnd, SeqReader, SeqStream, SeqWriter};
use boring::{Boring, ErrorKind, Options, Profile};

#[derive(Debug, Clone, PartialEq, Boring)]
struct Event {
    id: u32,
    kind: String,
    tags: Vec<String>,
}

fn event(i: u32) -> Event {
    Event {
        id: i,
        kind: ["open", "read", "close"][i as usize % 3].into(),
        tags: (0..i % 4).map(|t| format!("t{t}")).collect(),
    }
}

fn log(n: u32, options: &Options) -> Vec<u8> {
    let mut w = SeqWriter::new(Vec::new(), options).unwrap();
    for i in 0..n {
        w.write(&event(i)).unwrap();
    }
    assert_eq!(w.count(), u64::from(n));
    w.finish().unwrap()
}

fn read_all(bytes: &[u8]) -> (Vec<Event>, SeqEnd) {
    let mut r = SeqReader::new(bytes);
    let events = r.by_ref().map(|c| c.decode::<Event>().unwrap()).collect();
    (events, r.end().cloned().expect("ended"))
}

fn stream_all(bytes: &[u8], chunk: usize) -> (Vec<Event>, SeqEnd) {
    let mut s = SeqStream::with_chunk(bytes, chunk);
    let mut events = Vec::new();
    while let Some(item) = s.next::<Event>() {
        events.push(item.unwrap());
    }
    (events, s.end().cloned().expect("ended"))
}

#[test]
fn a_sealed_log_reads_back_and_its_frame_is_not_an_item() {
    let bytes = log(100, &Options::default());
    let frame = Frame::find(&bytes).expect("sealed");
    assert_eq!(frame.nodes[0].offset, -1);
    assert_eq!(frame.nodes[0].count, 100);
    let (events, end) = read_all(&bytes);
    assert_eq!(events, (0..100).map(event).collect::<Vec<_>>());
    assert!(matches!(end, SeqEnd::Clean));
    for chunk in [1, 7, 4096] {
        let (streamed, end) = stream_all(&bytes, chunk);
        assert_eq!(streamed.len(), 100, "chunk {chunk}");
        assert!(matches!(end, SeqEnd::Clean), "chunk {chunk}: {end:?}");
    }
    // Items are written without stringref, each standing alone.
    assert!(!bytes.windows(3).any(|w| w == [0xd9, 0x01, 0x00]));
}

#[test]
fn every_cut_returns_every_complete_item_before_it() {
    let bytes = log(12, &Options::from(Profile::Interop));
    let data_end = Frame::find(&bytes).expect("sealed").data_end as usize;
    let mut starts = vec![0];
    let mut r = SeqReader::new(&bytes);
    for item in r.by_ref() {
        starts.push(item.offset().unwrap() + item.bytes().unwrap().len());
    }
    for cut in 0..=bytes.len() {
        let (events, end) = read_all(&bytes[..cut]);
        let complete = starts.iter().filter(|&&s| s <= cut.min(data_end)).count() - 1;
        assert_eq!(events.len(), complete, "cut {cut}");
        let clean = cut == bytes.len() || starts.contains(&cut);
        match end {
            SeqEnd::Clean => assert!(clean, "cut {cut} ended clean"),
            SeqEnd::Torn { offset } => {
                assert!(!clean, "cut {cut} torn");
                assert_eq!(offset as usize, starts[complete], "cut {cut}");
            }
            other => panic!("cut {cut}: {other:?}"),
        }
        let (streamed, _) = stream_all(&bytes[..cut], 5);
        assert_eq!(streamed.len(), complete, "stream, cut {cut}");
    }
}

#[test]
fn corruption_is_not_a_torn_tail() {
    let mut bytes = log(5, &Options::from(Profile::Interop));
    let second = SeqReader::new(&bytes).nth(1).unwrap().offset().unwrap();
    bytes[second] = 0xff; // a stray break where an item starts
    let (events, end) = read_all(&bytes);
    assert_eq!(events.len(), 1);
    match end {
        SeqEnd::Corrupt(e) => {
            assert_eq!(e.kind(), &ErrorKind::UnexpectedBreak);
            assert_eq!(e.offset(), Some(second));
        }
        other => panic!("{other:?}"),
    }
    let (streamed, end) = stream_all(&bytes, 3);
    assert_eq!(streamed.len(), 1);
    assert!(matches!(end, SeqEnd::Corrupt(_)));
}

#[test]
fn stringref_is_refused_and_the_index_is_chosen() {
    let err = SeqWriter::new(Vec::new(), &Options::default().stringref(true)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
    // Short sequences and stride 0 are not sealed.
    assert!(Frame::find(&log(3, &Options::default())).is_none());
    let mut w = SeqWriter::new(Vec::new(), &Options::default())
        .unwrap()
        .index(IndexOptions {
            stride: 0,
            index_min: 4,
        });
    for i in 0..50 {
        w.write(&event(i)).unwrap();
    }
    let bytes = w.finish().unwrap();
    assert!(Frame::find(&bytes).is_none());
    let mut w = SeqWriter::new(Vec::new(), &Options::default())
        .unwrap()
        .index(IndexOptions {
            stride: 4,
            index_min: 4,
        });
    for i in 0..50 {
        w.write(&event(i)).unwrap();
    }
    let frame = Frame::find(&w.finish().unwrap()).expect("sealed");
    assert_eq!((frame.stride, frame.nodes[0].anchors.len()), (4, 13));
}

#[test]
fn a_frame_shaped_item_inside_the_data_is_data() {
    // Two sealed logs concatenated: the first frame is an ordinary item
    // now, and the second frame points into its own batch, so neither is
    // genuine (WIRE.md §10).
    let a = log(20, &Options::from(Profile::Interop));
    let b = log(30, &Options::from(Profile::Interop));
    let both = [a, b].concat();
    assert!(Frame::find(&both).is_none());
    let n = SeqReader::new(&both).count();
    assert_eq!(n, 52);
    let mut s = SeqStream::with_chunk(&both[..], 64);
    let mut streamed = 0;
    while s.next_item().is_some() {
        streamed += 1;
    }
    assert_eq!(streamed, 52);
}

#[test]
fn items_already_encoded_are_checked() {
    let mut w = SeqWriter::new(Vec::new(), &Options::default()).unwrap();
    w.write_encoded(&[0x01]).unwrap();
    let err = w.write_encoded(&[0x01, 0x02]).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TrailingBytes);
    let err = w.write_encoded(&[0x82, 0x01]).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::BadCount);
}

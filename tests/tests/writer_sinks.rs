//! The Writer's sinks and its reuse: a caller's Vec, a fixed slice (nothing
//! written past the end), an io::Write, a counter; and no allocation once a
//! reused writer is warm.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use boring::wire::{CountingSink, IoSink, SliceSink};
use boring::{ErrorKind, Options, Profile, Value, Writer};

struct Counting;

thread_local! {
    /// Allocations made by this thread: other tests' threads (and the test
    /// harness) allocate concurrently, so a global count would be noise.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards to the system allocator; only counts calls.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn document() -> Value {
    let rows = (0..50)
        .map(|i| {
            Value::Map(
                vec![
                    (
                        Value::keyword("user/name"),
                        Value::from(format!("person-{i}")),
                    ),
                    (Value::keyword("kind"), Value::from("person")),
                    (Value::keyword("seq"), Value::from(i)),
                    (Value::from("score"), Value::from(f64::from(i) / 4.0)),
                ]
                .into(),
            )
        })
        .collect();
    Value::Array(rows)
}

#[test]
fn a_warm_writer_allocates_nothing() {
    let doc = document();
    let names: Vec<String> = (0..100).map(|i| format!("name-{}", i % 7)).collect();
    for options in [
        Options::default(),
        Options::default().shapes(true),
        Options::from(Profile::Interop),
    ] {
        let mut w = Writer::new(&options).unwrap();
        for _ in 0..3 {
            w.encode(&doc).expect("encodes");
            w.encode(&names).expect("encodes");
        }
        let before = allocations();
        for _ in 0..10 {
            w.encode(&doc).expect("encodes");
            w.encode(&names).expect("encodes");
        }
        let after = allocations();
        // Shaped encoding plans its table on the heap; plain encoding must
        // not allocate at all.
        if !options.clone().resolve().expect("resolves").shapes {
            assert_eq!(after - before, 0, "{options:?}");
        }
    }
}

#[test]
fn a_warm_writer_encodes_batches_without_allocating() {
    let names: Vec<String> = (0..100).map(|i| format!("name-{}", i % 7)).collect();
    let mut w = Writer::new(&Options::default()).unwrap();
    for _ in 0..3 {
        w.encode_batch(&names).expect("encodes");
    }
    let before = allocations();
    for _ in 0..10 {
        w.encode_batch(&names).expect("encodes");
    }
    assert_eq!(allocations() - before, 0);
}

#[test]
fn a_fixed_slice_fails_cleanly_when_full() {
    let mut buf = [0u8; 8];
    let mut w = Writer::with_sink(SliceSink::new(&mut buf), &Profile::Interop.into()).unwrap();
    w.write(&[1u32, 2, 3]).expect("fits");
    assert_eq!(w.sink().written(), [0x83, 1, 2, 3]);
    let err = w.write("too long for the rest").expect_err("does not fit");
    assert_eq!(err.kind(), &ErrorKind::BufferFull);
    // The text's head fitted; its payload did not, and none of it was
    // written.
    assert_eq!(err.offset(), Some(5));
    assert_eq!(w.sink().len(), 5);
    assert_eq!(buf[5..], [0, 0, 0]);
}

#[test]
fn position_counts_this_writers_bytes_on_every_sink() {
    let value = vec!["a", "bb"];
    let interop = Options::from(Profile::Interop);

    // A caller's Vec that already holds bytes: the position starts at zero.
    let mut held = vec![0xff, 0xfe];
    let mut w = Writer::with_sink(&mut held, &interop).unwrap();
    assert_eq!(w.position(), 0);
    w.write(&value).expect("appends");
    assert_eq!(w.position(), 6);
    w.write(&1000u32).expect("appends");
    assert_eq!(w.position(), 9);
    assert_eq!(held.len(), 11);

    let mut own = Writer::new(&interop).unwrap();
    own.write(&value).expect("writes");
    assert_eq!(own.position(), 6);
    own.clear();
    assert_eq!(own.position(), 0);
    assert_eq!(own.encode(&1000u32).expect("encodes").len(), 3);
    assert_eq!(own.position(), 3);

    let mut buf = [0u8; 16];
    let mut w = Writer::with_sink(SliceSink::new(&mut buf), &interop).unwrap();
    w.write(&value).expect("fits");
    assert_eq!(w.position(), 6);

    let mut io = Vec::new();
    let mut w = Writer::with_sink(IoSink(&mut io), &interop).unwrap();
    w.write(&value).expect("writes");
    assert_eq!(w.position(), 6);

    let mut w = Writer::with_sink(CountingSink::new(), &interop).unwrap();
    w.write(&value).expect("counts");
    assert_eq!(w.position(), 6);
}

#[test]
fn other_sinks() {
    let value = vec!["a", "bb"];
    let mut caller_vec = vec![0xff];
    boring::to_writer(&mut caller_vec, &value).expect("appends");
    assert_eq!(
        caller_vec,
        [0xff, 0xd9, 0x01, 0x00, 0x82, 0x61, b'a', 0x62, b'b', b'b']
    );

    let mut io = Vec::new();
    let mut w = Writer::with_sink(IoSink(&mut io), &Profile::Interop.into()).unwrap();
    w.write(&value).expect("writes");
    assert_eq!(io, [0x82, 0x61, b'a', 0x62, b'b', b'b']);

    let mut counter = Writer::with_sink(CountingSink::new(), &Profile::Interop.into()).unwrap();
    counter.write(&value).expect("counts");
    assert_eq!(counter.sink().count(), 6);
    assert_eq!(
        boring::encoded_len(&value, &Options::from(Profile::Interop)).expect("counts"),
        6
    );
}

#[test]
fn locked_switches_are_typed_errors() {
    for profile in [
        Profile::Interop,
        Profile::Archival,
        Profile::Canonical,
        Profile::CanonicalRfc7049,
    ] {
        let err =
            boring::to_vec_with(&1u8, &Options::from(profile).stringref(true)).expect_err("locked");
        assert!(
            matches!(err.kind(), ErrorKind::InvalidOptions(_)),
            "{profile:?}"
        );
        let err =
            boring::to_vec_with(&1u8, &Options::from(profile).shapes(true)).expect_err("locked");
        assert!(
            matches!(err.kind(), ErrorKind::InvalidOptions(_)),
            "{profile:?}"
        );
        let err = Writer::new(&Options::from(profile).shapes(true)).expect_err("refused at once");
        // No byte is to blame: the error says so rather than "at byte 0".
        assert_eq!(err.offset(), None, "{profile:?}");
        assert!(!err.to_string().contains("at byte"), "{err}");
    }
    let err = boring::to_vec_with(
        &1.5f64,
        &Options::from(Profile::Canonical).float_policy(boring::FloatPolicy::PreserveWidth),
    )
    .expect_err("canonical floats are shortest");
    assert!(matches!(err.kind(), ErrorKind::InvalidOptions(_)));
}

/// A reader that fails with an I/O error of its own.
struct Failing;

impl std::io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk on fire"))
    }
}

#[test]
fn io_errors_keep_their_source() {
    use std::error::Error as _;
    let err = boring::from_reader::<Value, _>(Failing).expect_err("the reader fails");
    assert_eq!(err.kind(), &ErrorKind::Io(std::io::ErrorKind::Other));
    assert_eq!(err.offset(), None);
    let source = err.source().expect("the I/O error is kept");
    assert_eq!(source.to_string(), "disk on fire");
}

//! Typed decoding of recursive types recurses once per level: at the
//! default depth limit it must fit the 2 MiB stack Rust gives a spawned
//! thread, in debug and release builds.

use std::cell::Cell;
use std::thread;

use boring::{Boring, Decode, Embedded, Error, Options, Profile, Reader};

/// Runs `f` on a thread with `bytes` of stack, re-raising its panic. A
/// stack overflow aborts the whole test binary, which fails the suite.
fn on_stack<T: Send + 'static>(bytes: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    let handle = thread::Builder::new()
        .stack_size(bytes)
        .spawn(f)
        .expect("spawn a test thread");
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

const MIB: usize = 1024 * 1024;

#[derive(Boring, Debug, PartialEq)]
struct Node {
    v: u8,
    kids: Vec<Node>,
}

/// `levels` nested `{"v": 0, "kids": [...]}`: two CBOR levels each.
fn nodes(levels: usize) -> Vec<u8> {
    let mut out = b"\xa2\x61v\x00\x64kids\x81".repeat(levels - 1);
    out.extend_from_slice(b"\xa2\x61v\x00\x64kids\x80");
    out
}

#[test]
fn a_recursive_type_at_the_default_depth_limit_decodes_on_a_2_mib_thread() {
    on_stack(2 * MIB, || {
        // 512 nodes are 1024 levels, the default limit.
        let bytes = nodes(512);
        let node: Node = boring::from_slice(&bytes).expect("1024 levels decode");
        let mut depth = 1;
        let mut at = &node;
        while let Some(kid) = at.kids.first() {
            depth += 1;
            at = kid;
        }
        assert_eq!(depth, 512);
        let again = boring::to_vec_with(&node, &Options::from(Profile::Interop))
            .expect("1024 levels encode");
        assert!(again == bytes, "re-encoding differs");

        // One node more is one level too many.
        let err = boring::from_slice::<Node>(&[&b"\xa2\x61v\x00\x64kids\x81"[..], &bytes].concat())
            .expect_err("1026 levels");
        assert_eq!(*err.kind(), boring::ErrorKind::DepthExceeded);
    });
}

// ----- measuring the stack per level ---------------------------------------

thread_local! {
    /// The lowest stack address a probe has seen on this thread.
    static LOWEST: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// A `u8` that notes how deep in the stack it was decoded.
#[derive(Debug, PartialEq)]
struct Probe(u8);

impl<'de> Decode<'de> for Probe {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let here = 0u8;
        let addr = std::ptr::addr_of!(here) as usize;
        LOWEST.with(|l| l.set(l.get().min(addr)));
        u8::decode(r).map(Probe)
    }
}

impl boring::Encode for Probe {
    fn encode<S: boring::wire::Sink>(&self, w: &mut boring::Writer<S>) -> Result<(), Error> {
        let here = 0u8;
        let addr = std::ptr::addr_of!(here) as usize;
        LOWEST.with(|l| l.set(l.get().min(addr)));
        self.0.encode(w)
    }
}

/// The stack `decode` uses below its caller, measured by the probes.
fn used<T>(decode: impl FnOnce() -> T) -> usize {
    let top = 0u8;
    let top = std::ptr::addr_of!(top) as usize;
    LOWEST.with(|l| l.set(usize::MAX));
    let value = decode();
    drop(value);
    top - LOWEST.with(Cell::get)
}

#[derive(Boring, Debug, PartialEq)]
struct ProbeNode {
    v: Probe,
    kids: Vec<ProbeNode>,
}

#[derive(Boring, Debug, PartialEq)]
struct Chain {
    v: Probe,
    next: Option<Box<Chain>>,
}

#[derive(Boring, Debug, PartialEq)]
enum Expr {
    Lit(Probe),
    Neg(Box<Expr>),
}

#[derive(Boring, Debug, PartialEq)]
struct Tuple(Probe, Vec<Tuple>);

/// Bytes per CBOR level for decoding and encoding `T`, from documents of
/// `short` and `long` levels.
fn per_level<T: for<'de> Decode<'de> + boring::Encode>(
    short: (usize, &[u8]),
    long: (usize, &[u8]),
) -> (usize, usize) {
    let interop = Options::from(Profile::Interop);
    let a = boring::from_slice::<T>(short.1).expect("short decodes");
    let b = boring::from_slice::<T>(long.1).expect("long decodes");
    let levels = long.0 - short.0;
    let decode = (used(|| boring::from_slice::<T>(long.1))
        - used(|| boring::from_slice::<T>(short.1)))
        / levels;
    let encode = (used(|| boring::to_vec_with(&b, &interop))
        - used(|| boring::to_vec_with(&a, &interop)))
        / levels;
    (decode, encode)
}

fn chain(levels: usize) -> Vec<u8> {
    let mut out = b"\xa2\x61v\x00\x64next".repeat(levels);
    out.push(0xf6);
    out
}

fn expr(levels: usize) -> Vec<u8> {
    let mut out = b"\xa1\x63Neg".repeat(levels);
    out.extend_from_slice(b"\xa1\x63Lit\x00");
    out
}

fn tuple(levels: usize) -> Vec<u8> {
    let mut out = b"\x82\x00\x81".repeat(levels - 1);
    out.extend_from_slice(b"\x82\x00\x80");
    out
}

/// The stack one level may take in any build: 1024 levels of it take
/// 1.25 MiB, leaving the rest of a 2 MiB thread to the caller and to the
/// deepest level's own work.
const PER_LEVEL_BUDGET: usize = 1280;

#[test]
fn stack_per_level_stays_within_budget() {
    on_stack(64 * MIB, || {
        let figures = [
            (
                "Node",
                per_level::<ProbeNode>((2, &nodes(1)), (200, &nodes(100))),
            ),
            (
                "Chain",
                per_level::<Chain>((1, &chain(1)), (101, &chain(101))),
            ),
            ("Expr", per_level::<Expr>((1, &expr(1)), (101, &expr(101)))),
            (
                "Tuple",
                per_level::<Tuple>((2, &tuple(1)), (200, &tuple(100))),
            ),
        ];
        for (name, (decode, encode)) in figures {
            // Printed so that docs/SECURITY.md can quote each build's figures.
            println!("{name}: {decode} bytes per level decoding, {encode} encoding");
            assert!(
                decode <= PER_LEVEL_BUDGET,
                "{name} decode: {decode} bytes per level"
            );
            assert!(
                encode <= PER_LEVEL_BUDGET,
                "{name} encode: {encode} bytes per level"
            );
        }
    });
}

#[test]
fn every_recursive_form_at_the_default_limit_fits_a_2_mib_thread() {
    on_stack(2 * MIB, || {
        let interop = Options::from(Profile::Interop);
        let chain_doc = chain(1023);
        let value: Chain = boring::from_slice(&chain_doc).expect("Chain decodes");
        assert!(boring::to_vec_with(&value, &interop).expect("Chain encodes") == chain_doc);

        let expr_doc = expr(1023);
        let value: Expr = boring::from_slice(&expr_doc).expect("Expr decodes");
        assert!(boring::to_vec_with(&value, &interop).expect("Expr encodes") == expr_doc);

        let tuple_doc = tuple(512);
        let value: Tuple = boring::from_slice(&tuple_doc).expect("Tuple decodes");
        assert!(boring::to_vec_with(&value, &interop).expect("Tuple encodes") == tuple_doc);
    });
}

/// A node with two kids, a leaf and a subtree, `levels` deep: with at
/// least two rows, the compact profile writes the kids as a table.
fn branching(levels: usize) -> Node {
    let mut node = Node { v: 1, kids: vec![] };
    for _ in 1..levels {
        node = Node {
            v: 0,
            kids: vec![Node { v: 2, kids: vec![] }, node],
        };
    }
    node
}

#[test]
fn the_deepest_tables_the_decoder_accepts_fit_a_2_mib_thread() {
    on_stack(2 * MIB, || {
        // Compact writes the kids as columns, Default as shaped tables
        // inside a stringref namespace: four levels a node either way.
        for profile in [Profile::Compact, Profile::Default] {
            let opts = Options::from(profile);
            let decodes = |levels: usize| {
                let bytes = boring::to_vec_with(&branching(levels), &opts).expect("encodes");
                boring::from_slice_with::<Node>(&bytes, &opts)
            };
            // The deepest tree whose encoding the decoder accepts.
            let (mut ok, mut too_deep) = (1, 512);
            while too_deep - ok > 1 {
                let mid = (ok + too_deep) / 2;
                match decodes(mid) {
                    Ok(node) => {
                        assert!(node == branching(mid), "{profile:?}: decodes differently");
                        ok = mid;
                    }
                    Err(e) => {
                        assert_eq!(*e.kind(), boring::ErrorKind::DepthExceeded, "{profile:?}");
                        too_deep = mid;
                    }
                }
            }
            assert!(ok >= 250, "{profile:?}: only {ok} levels decode");
        }
    });
}

#[derive(Boring, Debug, PartialEq)]
#[boring(untagged)]
enum Untagged {
    Left(Box<Untagged>),
    Right(Box<Untagged>),
    Leaf(u8),
}

#[derive(Boring, Debug, PartialEq)]
#[boring(transparent)]
struct Wrapped(Option<Box<Wrapped>>);

/// A type can recurse through a pointer without reading anything (an
/// untagged variant holding the enum, a transparent optional box): that
/// recursion is bounded too, even on a small stack.
#[test]
fn recursion_that_reads_nothing_is_refused() {
    on_stack(256 * 1024, || {
        let err = boring::from_slice::<Wrapped>(&[0x01]).expect_err("never ends");
        assert_eq!(*err.kind(), boring::ErrorKind::DepthExceeded);
        assert_eq!(err.offset(), Some(0));

        let err = boring::from_slice::<Untagged>(b"\x61a").expect_err("no variant holds text");
        assert!(err.to_string().contains("nesting exceeds the depth limit"));

        // Null is the one value `Wrapped` reads.
        assert_eq!(
            boring::from_slice::<Wrapped>(&[0xf6]).ok(),
            Some(Wrapped(None))
        );
        // A leaf is found through the boxes tried first, as deep as they go.
        let mut value = boring::from_slice::<Untagged>(&[0x01]).expect("a leaf");
        let mut boxes = 0;
        while let Untagged::Left(inner) = value {
            boxes += 1;
            value = *inner;
        }
        assert_eq!(value, Untagged::Leaf(1));
        assert!(boxes < 16, "{boxes} boxes without reading a byte");
    });
}

/// A record whose next record is a document of its own, carried in a byte
/// string.
#[derive(Boring, Debug, PartialEq)]
struct Nest {
    next: Option<Embedded<Box<Nest>>>,
}

/// `levels` records, each the content of the previous one's byte string.
fn embedded(levels: usize) -> Vec<u8> {
    let mut doc = b"\xa1\x64next\xf6".to_vec();
    for _ in 1..levels {
        let mut outer = b"\xa1\x64next".to_vec();
        let len = doc.len();
        match len {
            0..=23 => outer.push(0x40 + len as u8),
            24..=255 => outer.extend([0x58, len as u8]),
            256..=65_535 => outer.extend([0x59, (len >> 8) as u8, len as u8]),
            _ => outer.extend([
                0x5a,
                (len >> 24) as u8,
                (len >> 16) as u8,
                (len >> 8) as u8,
                len as u8,
            ]),
        }
        outer.extend(doc);
        doc = outer;
    }
    doc
}

/// An embedded document continues the depth of the one that holds it, so
/// records nested through byte strings stop at the limit as well.
#[test]
fn documents_embedded_in_documents_count_their_levels() {
    on_stack(2 * MIB, || {
        let value: Nest = boring::from_slice(&embedded(1024)).expect("1024 levels decode");
        let again = boring::to_vec_with(&value, &Options::from(Profile::Interop)).expect("encodes");
        assert!(again == embedded(1024), "re-encoding differs");
        let err = boring::from_slice::<Nest>(&embedded(1025)).expect_err("one level more");
        assert_eq!(*err.kind(), boring::ErrorKind::DepthExceeded);
        let err = boring::from_slice::<Nest>(&embedded(5000)).expect_err("far deeper");
        assert_eq!(*err.kind(), boring::ErrorKind::DepthExceeded);
    });
}

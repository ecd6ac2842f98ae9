//! Untagged enums try their variants in turn; what failed attempts read is
//! charged to a budget proportional to the input, so that variants which
//! fail deep inside nested input cannot make decoding exponential.

use boring::{Boring, ErrorKind};

/// Two variants that accept the same arrays: each level tries both, and
/// each try reaches the bottom before it fails.
#[derive(Boring, Debug, PartialEq)]
#[boring(untagged)]
enum Twice {
    First(Vec<Twice>),
    Second(Vec<Twice>),
    Leaf(u8),
}

fn nested(levels: usize, leaf: &[u8]) -> Vec<u8> {
    let mut doc = vec![0x81; levels];
    doc.extend_from_slice(leaf);
    doc
}

#[test]
fn retries_that_multiply_with_depth_end_in_limit_exceeded() {
    // 2^40 attempts without the budget; text fits no variant.
    let err = boring::from_slice::<Twice>(&nested(40, b"\x61x")).expect_err("no variant");
    assert_eq!(*err.kind(), ErrorKind::LimitExceeded);
    // The message quotes a bounded part of what the variants reported.
    let err = boring::from_slice::<Twice>(&nested(8, b"\x61x")).expect_err("no variant");
    assert!(
        err.to_string().len() < 2048,
        "{} bytes",
        err.to_string().len()
    );
}

#[test]
fn ordinary_backtracking_stays_within_the_budget() {
    // Each level is read by the first variant that fits.
    let value = boring::from_slice::<Twice>(&nested(40, b"\x07")).expect("decodes");
    let mut depth = 0;
    let mut at = &value;
    while let Twice::First(items) = at {
        depth += 1;
        at = &items[0];
    }
    assert_eq!((depth, at), (40, &Twice::Leaf(7)));

    // A long array whose every element is tried as two arrays first.
    let mut doc = vec![0x99, 0x03, 0xe8];
    doc.extend(std::iter::repeat_n(0x05, 1000));
    let value = boring::from_slice::<Twice>(&doc).expect("decodes");
    assert!(matches!(value, Twice::First(items) if items.len() == 1000));
}

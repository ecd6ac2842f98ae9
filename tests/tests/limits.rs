//! Limits shared by both directions: the item budget counts every item the
//! same way whatever its length form (typed decoders charge a definite
//! array's elements when it opens), and the encoder counts the stringref
//! namespace as a level, as the decoder does.

use boring::{ErrorKind, Options, Value};

/// The item budget a `Value` decode of `bytes` needs.
fn budget(bytes: &[u8]) -> u64 {
    typed_budget(bytes, |b, o| boring::from_slice_with::<Value>(b, o))
}

/// The item budget `decode` needs for `bytes`.
fn typed_budget<T>(
    bytes: &[u8],
    decode: impl Fn(&[u8], &Options) -> Result<T, boring::Error>,
) -> u64 {
    (0..64)
        .find(|&n| decode(bytes, &Options::default().max_items(Some(n))).is_ok())
        .expect("decodes within 64 items")
}

#[test]
fn the_item_budget_counts_items_not_length_forms() {
    // An array and its three elements: four items, definite or not.
    assert_eq!(budget(&[0x83, 0x01, 0x02, 0x03]), 4);
    assert_eq!(budget(&[0x9f, 0x01, 0x02, 0x03, 0xff]), 4);
    assert_eq!(budget(&[0x81, 0x81, 0x81, 0x00]), 4);
    assert_eq!(budget(&[0x80]), 1);
    // A map counts its keys and values.
    assert_eq!(budget(&[0xa1, 0x01, 0x02]), 3);
    assert_eq!(budget(&[0xbf, 0x01, 0x02, 0xff]), 3);
    let err =
        boring::from_slice_with::<Value>(&[0x83, 1, 2, 3], &Options::default().max_items(Some(3)))
            .expect_err("over budget");
    assert_eq!(err.kind(), &ErrorKind::LimitExceeded);
}

#[test]
fn typed_decoders_charge_a_definite_array_when_it_opens() {
    let derived = |b: &[u8], o: &Options| boring::from_slice_with::<Vec<u64>>(b, o);
    let serde = |b: &[u8], o: &Options| boring::serde::from_slice::<Vec<u64>>(b, o);
    let definite = [0x83, 0x01, 0x02, 0x03];
    let indefinite = [0x9f, 0x01, 0x02, 0x03, 0xff];
    // Either length form costs the same: one per element.
    assert_eq!(typed_budget(&definite, derived), 3);
    assert_eq!(typed_budget(&indefinite, derived), 3);
    assert_eq!(typed_budget(&definite, serde), 3);
    assert_eq!(typed_budget(&indefinite, serde), 3);
    // A definite array past the budget is refused at its head, before any
    // element is read; an indefinite one at the element that passes it.
    let short = Options::default().max_items(Some(2));
    for err in [
        derived(&definite, &short).expect_err("over budget"),
        serde(&definite, &short).expect_err("over budget"),
    ] {
        assert_eq!(
            (err.kind(), err.offset()),
            (&ErrorKind::LimitExceeded, Some(0))
        );
    }
    let err = derived(&indefinite, &short).expect_err("over budget");
    assert_eq!(
        (err.kind(), err.offset()),
        (&ErrorKind::LimitExceeded, Some(3))
    );
}

fn nested(levels: usize) -> Value {
    let mut v = Value::from(0);
    for _ in 0..levels {
        v = Value::Array(vec![v].into());
    }
    v
}

#[test]
fn what_the_encoder_accepts_the_decoder_accepts() {
    let limit = 64;
    let opts = Options::default().max_depth(limit);
    // Inside the namespace envelope one level is taken already.
    let fits = nested(limit - 1);
    let bytes = boring::to_vec_with(&fits, &opts).expect("encodes");
    boring::from_slice_with::<Value>(&bytes, &opts).expect("decodes");
    let err = boring::to_vec_with(&nested(limit), &opts).expect_err("too deep with the envelope");
    assert_eq!(err.kind(), &ErrorKind::DepthExceeded);
    // Without stringref there is no envelope: the full depth is available.
    let plain = opts.clone().stringref(false);
    let bytes = boring::to_vec_with(&nested(limit), &plain).expect("encodes");
    boring::from_slice_with::<Value>(&bytes, &plain).expect("decodes");
}

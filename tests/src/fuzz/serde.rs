//! The serde target: arbitrary bytes through the serde bridge's
//! `Deserializer`, into a type with every enum representation and borrowed
//! data, and into `Value` through `deserialize_any`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use boring::{Options, Profile, Value};
use serde::{Deserialize, Serialize};

use super::sample_records;
use crate::to_hex;

/// A message with the shapes serde's derive gives deserializers to read:
/// borrowed text and bytes, options, maps with integer keys, tuples, and
/// enums in each representation (the non-external ones buffer their input
/// in serde's `Content`, a separate path).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Message<'a> {
    /// Borrowed where the input allows.
    #[serde(borrow)]
    pub name: Cow<'a, str>,
    /// A byte string.
    #[serde(with = "serde_bytes")]
    pub blob: Vec<u8>,
    /// A map with integer keys.
    pub counts: BTreeMap<i32, u64>,
    /// A tuple.
    pub pair: (i8, Option<f32>),
    /// Externally tagged.
    pub external: External,
    /// Internally tagged.
    pub internal: Internal,
    /// Adjacently tagged.
    pub adjacent: Adjacent,
    /// Untagged.
    pub untagged: Vec<Untagged>,
}

/// Every variant form, externally tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub enum External {
    /// Unit.
    Unit,
    /// Newtype.
    Newtype(i64),
    /// Tuple.
    Tuple(u8, String),
    /// Struct.
    Struct {
        /// A flag.
        on: bool,
    },
}

/// Internally tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "type")]
pub enum Internal {
    /// A unit.
    Empty,
    /// Fields beside the tag.
    Point {
        /// x.
        x: i32,
        /// y.
        y: i32,
    },
}

/// Adjacently tagged.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "t", content = "c")]
pub enum Adjacent {
    /// A number.
    Number(u16),
    /// Text.
    Text(String),
}

/// Untagged: the first variant that reads wins.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Untagged {
    /// An integer.
    Int(i64),
    /// Text.
    Text(String),
    /// A list of itself.
    List(Vec<Untagged>),
}

/// The `serde` target's body: decoding arbitrary bytes as a [`Message`] and
/// as a `Value` (through `deserialize_any`) never panics; a `Message` that
/// decodes serializes, under each profile, to bytes that decode to the same
/// message; a `Value` that decodes is what the crate's own decoder makes of
/// the bytes, where that decoder accepts them.
pub fn fuzz_serde(data: &[u8]) {
    let options = Options::default();
    if let Ok(message) = boring::serde::from_slice::<Message<'_>>(data, &options) {
        for profile in [Profile::Interop, Profile::Default, Profile::Compact] {
            let options = Options::from(profile);
            let bytes = boring::serde::to_vec(&message, &options)
                .unwrap_or_else(|e| panic!("{profile:?}: {message:?} does not serialize: {e}"));
            let back: Message<'_> = boring::serde::from_slice(&bytes, &options)
                .unwrap_or_else(|e| panic!("{profile:?}: {} does not decode: {e}", to_hex(&bytes)));
            // NaN is the one value not equal to itself.
            let nan = message.pair.1.is_some_and(f32::is_nan);
            assert!(
                nan || back == message,
                "{profile:?}: {back:?} != {message:?}"
            );
        }
    }
    if let Ok(through_serde) = boring::serde::from_slice::<Value>(data, &options) {
        if let Ok(direct) = boring::from_slice_with::<Value>(data, &options) {
            let same = boring::to_vec(&through_serde).ok() == boring::to_vec(&direct).ok();
            assert!(same, "serde and the decoder disagree on {}", to_hex(data));
        }
    }
}

/// A message that uses every field form.
fn sample_message() -> Message<'static> {
    Message {
        name: Cow::Borrowed("sensor-7"),
        blob: vec![0, 1, 2, 255],
        counts: BTreeMap::from([(-1, 10), (3, u64::MAX)]),
        pair: (-8, Some(1.5)),
        external: External::Struct { on: true },
        internal: Internal::Point { x: -3, y: 4 },
        adjacent: Adjacent::Text("label".into()),
        untagged: vec![
            Untagged::Int(7),
            Untagged::Text("seven".into()),
            Untagged::List(vec![Untagged::Int(-1), Untagged::List(Vec::new())]),
        ],
    }
}

/// Seeds for the `serde` target: the sample message and its variants in
/// each profile, and the sample records (read as `Value`s).
pub(super) fn seeds() -> Vec<Vec<u8>> {
    let base = sample_message();
    let mut messages = vec![base.clone()];
    for (external, internal, adjacent) in [
        (External::Unit, Internal::Empty, Adjacent::Number(9)),
        (External::Newtype(-5), Internal::Empty, Adjacent::Number(0)),
        (
            External::Tuple(1, "t".into()),
            Internal::Empty,
            Adjacent::Text(String::new()),
        ),
    ] {
        messages.push(Message {
            external,
            internal,
            adjacent,
            ..base.clone()
        });
    }
    let mut seeds = Vec::new();
    for profile in [Profile::Interop, Profile::Default, Profile::Compact] {
        let options = Options::from(profile);
        for message in &messages {
            seeds.push(boring::serde::to_vec(message, &options).expect("a sample message"));
        }
        for record in sample_records() {
            seeds.push(boring::to_vec_with(&record, &options).expect("a sample record"));
        }
    }
    seeds
}
